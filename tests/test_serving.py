"""The real server's bounds: one device cannot starve a table (issue 12: "1,100 half-sent
requests stall every screen for 30 s: bound per-client connections and header/body read
time"), and wrong codes are rationed (companion/serving.py, companion/web/throttle.py)."""

from __future__ import annotations

import socket
import time
import urllib.request

import pytest

from companion import serving
from tests.test_restart import Server, call


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "companion.db").start()
    yield running
    running.kill()


def half_sent(port: int, source: str) -> socket.socket | None:
    """A connection that sends the start of a request and then nothing."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(5)
    try:
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    except OSError:
        sock.close()
        return None
    return sock


def test_eleven_hundred_half_sent_requests_do_not_stall_other_devices(server):
    """One device (127.0.0.2) opens 1,100 connections and never finishes a request; a
    phone (127.0.0.1) still gets its answer — waited for generously, as any screen would."""
    attack = [half_sent(server.port, "127.0.0.2") for _ in range(1100)]
    try:
        status, games = call(server.base, "GET", "/api/games")
        assert status == 200 and games["games"]
        status, created = call(server.base, "POST", "/api/tables", {
            "game": "kit", "deal": "now", "seats": [{"name": "Anna"}]})
        assert status == 201
    finally:
        for sock in attack:
            if sock is not None:
                sock.close()


def test_the_server_closes_a_connection_beyond_the_per_client_cap(server):
    kept = [half_sent(server.port, "127.0.0.3")
            for _ in range(serving.MAX_CONNECTIONS_PER_CLIENT)]
    extra = half_sent(server.port, "127.0.0.3")
    try:
        assert all(kept) and extra is not None
        extra.settimeout(10)
        try:
            answer = extra.recv(100)
        except ConnectionResetError:  # closed before our bytes were read
            answer = b""
        assert answer == b""  # closed by the server at once, no answer
    finally:
        for sock in [*kept, extra]:
            if sock is not None:
                sock.close()


def test_a_request_that_never_finishes_is_dropped(server):
    """Headers must arrive within REQUEST_READ_SECONDS; a trickle keeps nothing open."""
    sock = half_sent(server.port, "127.0.0.4")
    assert sock is not None
    try:
        deadline = time.monotonic() + serving.REQUEST_READ_SECONDS + 20
        closed = False
        while time.monotonic() < deadline and not closed:
            try:
                sock.sendall(b"a")  # one byte now and then keeps the idle timer away
                sock.settimeout(1)
                closed = sock.recv(100) == b""
            except TimeoutError:
                continue
            except OSError:
                closed = True
        assert closed
    finally:
        sock.close()


def test_guessing_table_codes_is_rationed(server):
    """'Table-code guessing is unthrottled (~400 req/s)': after a burst of misses every
    lookup from that device answers 429 with Retry-After, hits included."""
    _, created = call(server.base, "POST", "/api/tables", {
        "game": "kit", "deal": "now", "seats": [{"name": "Anna"}]})
    statuses = [call(server.base, "GET", f"/api/t/ZZZZ{i:02d}")[0] for i in range(60)]
    assert statuses[0] == 404 and statuses[-1] == 429
    request = urllib.request.Request(f"{server.base}/api/t/{created['code']}")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 429 and int(refused.value.headers["Retry-After"]) >= 1
    assert "wait" in refused.value.read().decode()
