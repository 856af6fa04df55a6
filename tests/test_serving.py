"""The real server's bounds: one device cannot starve a table (issue 12: "1,100 half-sent
requests stall every screen for 30 s: bound per-client connections and header/body read
time"), and wrong codes are rationed (companion/server/serving.py, companion/web/throttle.py)."""

from __future__ import annotations

import io
import json
import socket
import time
import urllib.request

import pytest

from companion.server import bounds, modes
from tests.test_bad_bytes import exchange
from tests.test_restart import Server, call

pytestmark = pytest.mark.slow  # a real server, attacked: left to `make test`


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


def kept_open(port: int, source: str, count: int) -> list[socket.socket]:
    """``count`` half-sent connections from ``source``, each one taken by the server."""
    kept = [half_sent(port, source) for _ in range(count)]
    assert all(kept)
    return kept  # type: ignore[return-value]


def test_a_page_beyond_the_per_client_bound_is_answered_at_once_with_a_sentence(server):
    """Issue 41, "A silent wait": with about 17 pages open from one address, new pages hung
    for 60 s with no message until some were closed. Beyond the bound a page is answered
    — 503, in the device's language, saying what to do — and its connection closed; the
    JSON API gets its sentence as JSON."""
    kept = kept_open(server.port, "127.0.0.3", bounds.MAX_CONNECTIONS_PER_CLIENT)
    try:
        page = exchange(server.port, b"GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: cs\r\n"
                        b"Accept: text/html\r\n\r\n", source="127.0.0.3")
        assert page.status == 503
        assert b"connection: close" in page.head.lower()
        text = page.body.decode()
        assert f"otevřeno {bounds.MAX_CONNECTIONS_PER_CLIENT} spojení" in text
        assert "zavřete na něm některé stránky" in text
        api = exchange(server.port, b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n",
                       source="127.0.0.3")
        assert api.status == 503
        said = json.loads(api.body)["error"]
        assert said.startswith(f"This device has {bounds.MAX_CONNECTIONS_PER_CLIENT} "
                               "connections open to the referee")
    finally:
        for sock in kept:
            sock.close()
    # The bound refused nothing for good: with the pages closed, the same device is served.
    deadline = time.monotonic() + 30
    while exchange(server.port, b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n",
                   source="127.0.0.3").status != 200:
        assert time.monotonic() < deadline, "still refused after its pages were closed"
        time.sleep(0.2)


def test_a_flood_beyond_twice_the_bound_is_closed_unanswered(server):
    """No browser opens twice the bound: a connection beyond that is a flood, closed at
    once so that it holds nothing (each refusal answered would hold a request's room)."""
    kept = kept_open(server.port, "127.0.0.6", 2 * bounds.MAX_CONNECTIONS_PER_CLIENT)
    extra = half_sent(server.port, "127.0.0.6")
    try:
        assert extra is not None
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
        deadline = time.monotonic() + bounds.REQUEST_READ_SECONDS + 20
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


def open_stream(port: int, path: str) -> socket.socket:
    """A screen's event stream, its response headers read."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 200") and b"text/event-stream" in head
    return sock


def read_until(sock: socket.socket, text: bytes, seconds: float = 30) -> bytes:
    """What the stream sent until ``text`` (the stream repeats itself every few seconds, so
    a line that never comes fails after ``seconds`` rather than waiting for ever)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while text not in seen:
        assert time.monotonic() < deadline, seen
        chunk = sock.recv(4096)
        assert chunk, seen
        seen += chunk
    return seen


def test_a_phone_is_told_of_another_seats_action_past_the_read_deadline(server):
    """Bob's phone holds its event stream open longer than a request may take to arrive
    (it is exempt once its request is in) and is told of Anna's roll as it commits."""
    _, created = call(server.base, "POST", "/api/tables", {
        "game": "kit", "deal": "now", "seats": [{"name": "Anna"}, {"name": "Bob"}]})
    anna, bob = (s["token"] for s in created["seats"])
    stream = open_stream(server.port, f"/s/{bob}/events")
    try:
        read_until(stream, b"data: 1 ")
        time.sleep(bounds.REQUEST_READ_SECONDS + 2)
        status, _ = call(server.base, "POST", f"/api/s/{anna}/act", {
            "action": "roll", "params": {"secret": False, "dice": "2d6"}, "version": 1})
        assert status == 200
        read_until(stream, b"data: 2 ")
    finally:
        stream.close()


def test_oversized_requests_are_refused_before_the_app(server):
    """A body over MAX_BODY_BYTES answers 413; headers over MAX_HEADER_BYTES, 400 (431 in the
    pure-Python mode); the server answers the next request as ever."""
    big = b"x" * (bounds.MAX_BODY_BYTES + 1)
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nContent-Length: " + str(len(big)).encode() + b"\r\n\r\n")
        assert sock.recv(100).startswith(b"HTTP/1.1 413")
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: "
                     + b"y" * bounds.MAX_HEADER_BYTES + b"\r\n\r\n")
        status = sock.recv(100).split(b" ", 2)[1]
        assert status in (b"400", b"431")   # gevent's reader says 400, waitress the precise 431
    assert call(server.base, "GET", "/api/games")[0] == 200


def test_a_body_is_read_whole_and_the_apps_own_limit_still_holds(server):
    """The app reads a body the server has bounded in one piece (not through Werkzeug's
    64 KiB buffers): a table posted with its length declared, or sent in chunks, is made
    with every seat it names; a body within the server's bound but over the app's
    ``MAX_CONTENT_LENGTH`` (64 KiB) is still refused with 413 and makes nothing."""
    names = [{"name": f"Player {n}"} for n in range(1, 5)]
    body = json.dumps({"game": "kit", "deal": "now", "seats": names}).encode()
    head = (b"POST /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
            b"Content-Type: application/json\r\n")
    declared = exchange(server.port, head + b"Content-Length: %d\r\n\r\n" % len(body) + body)
    half = len(body) // 2
    chunked = exchange(server.port, head + b"Transfer-Encoding: chunked\r\n\r\n"
                       + b"%x\r\n%s\r\n%x\r\n%s\r\n0\r\n\r\n"
                       % (half, body[:half], len(body) - half, body[half:]))
    for answer in (declared, chunked):
        assert answer.status == 201
        assert [seat["name"] for seat in json.loads(answer.body)["seats"]] == [
            seat["name"] for seat in names]
    padded = json.dumps({"game": "kit", "seats": names, "pad": "x" * 70_000}).encode()
    assert 64 * 1024 < len(padded) < bounds.MAX_BODY_BYTES
    refused = exchange(server.port, head + b"Content-Length: %d\r\n\r\n" % len(padded)
                       + padded)
    assert refused.status == 413


def test_a_saved_games_file_may_be_larger_than_any_other_body(server):
    """Issue 42, item 4: a whole evening's export is larger than any other request (a Fury
    game's is 135–190 KB, and every other body stops at 256 KiB): the viewer's paths take up
    to ``SAVED_GAME_BYTES`` — the body reaches the app, which reads it (here: no export, a
    400 with its sentence) — while the same body elsewhere, and a larger one there, is
    refused at the server (413)."""
    body = json.dumps({"format": "not an export", "pad": "x" * 600_000}).encode()
    assert bounds.MAX_BODY_BYTES < len(body) < bounds.SAVED_GAME_BYTES
    head = (b"POST %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
            b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n")
    read = exchange(server.port, head % (b"/api/saved", len(body)) + body)
    assert read.status == 400
    assert json.loads(read.body)["error"].startswith("This file is not a game's export.")
    for path, size in ((b"/api/tables", len(body)),
                       (b"/api/saved", bounds.body_limit("/api/saved") + 1)):
        # Refused on the declared length: the server answers before the body is sent.
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            sock.sendall(head % (path, size))
            assert sock.recv(100).startswith(b"HTTP/1.1 413"), path
    assert call(server.base, "GET", "/api/games")[0] == 200


def test_request_headers_reach_the_app_as_gevents_own_reader_hands_them_on():
    """The header block is looked up by name in a dict and handed to the app from the pairs
    read: every lookup and every ``HTTP_`` key as gevent's own code makes them from the
    e-mail message it stands in for (the first of two by any case; a name with an
    underscore dropped; content type and length not doubled)."""
    pywsgi = pytest.importorskip("gevent.pywsgi", reason="gevent's reader: the fast mode's")
    from companion.server import serving

    block = (b"Host: x\r\nX-Dup: a\r\nx-dup: b\r\nX_Under: no\r\n"
             b"Content-Type: text/plain\r\nContent-Length: 3\r\nAccept-Language:  cs \r\n\r\n")
    headers = serving.read_headers(io.BytesIO(block))
    assert (headers.get("x-DUP"), headers.get("content-type"), headers.get("Nope", "-")) == (
        "a", "text/plain", "-")
    handler = object.__new__(serving.BoundedHandler)
    handler.headers = headers
    ours = list(handler._headers())
    assert ours == list(pywsgi.WSGIHandler._headers(handler))
    assert ours == [("HTTP_HOST", "x"), ("HTTP_X_DUP", "a"), ("HTTP_X_DUP", "b"),
                    ("HTTP_ACCEPT_LANGUAGE", "cs")]
    del headers["content-length"]
    assert headers.get("Content-Length") is None and headers.typeheader == "text/plain"


@pytest.mark.parametrize("header", [
    b"Host : x\r\n",                        # a space before the colon (RFC 9112 5.1)
    b"Host: x\r\nNo colon here\r\n",
    b"Host: x\r\nX Space: 1\r\n",
    pytest.param(b"Host: x\r\n" + b"".join(b"X-%d: 1\r\n" % n
                                          for n in range(bounds.MAX_HEADERS + 1)),
                 marks=pytest.mark.skipif(not modes.FAST, reason=(
                     "waitress bounds a header block by its bytes (MAX_HEADER_BYTES: "
                     "test_oversized_requests_are_refused_before_the_app), not its lines"))),
])
def test_a_malformed_header_block_is_refused_with_400(server, header):
    """A header line that is not "name: value", or one line too many, answers 400 before the
    app (Python's e-mail parser took such a line for the start of a body and dropped every
    header after it); the server answers the next request as ever."""
    answer = exchange(server.port, b"GET /api/games HTTP/1.1\r\n" + header + b"\r\n")
    assert answer.status == 400, answer.head
    assert call(server.base, "GET", "/api/games")[0] == 200


def test_a_folded_header_line_never_drops_the_headers_after_it(server):
    """An obsolete folded line (RFC 9112 5.2): a server refuses it (400: the fast mode's
    strict reader) or unfolds it (waitress, the pure-Python mode) — Python's e-mail parser
    did neither, and dropped every header after it (here the page's language)."""
    answer = exchange(server.port, b"GET / HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\n"
                      b"Accept-Language: cs\r\n\r\n")
    if modes.FAST:
        assert answer.status == 400, answer.head
    else:
        assert answer.status == 200 and b'<html lang="cs"' in answer.body


def test_headers_reach_the_app_as_sent(server):
    """The header reader hands the app every header as sent: a language asked for by the
    browser's Accept-Language (any case of its name, spaces around the value) answers in
    that language, and 100 header lines are still a request."""
    filler = b"".join(b"X-%d: 1\r\n" % n for n in range(bounds.MAX_HEADERS - 3))
    answer = exchange(server.port, b"GET /api/games HTTP/1.1\r\nHost: x\r\n"
                      b"accept-LANGUAGE: \t cs  \r\nConnection: close\r\n" + filler + b"\r\n")
    assert answer.status == 200, answer.head
    assert "Sada rozhodčího".encode() in answer.body      # the kit's title in Czech


def open_stream_from(port: int, path: str, source: str) -> socket.socket:
    sock = socket.socket()
    try:
        sock.bind((source, 0))
        sock.settimeout(10)
        sock.connect(("127.0.0.1", port))
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
        read_until(sock, b"data: ")
    except BaseException:
        sock.close()
        raise
    return sock


def test_a_quiet_stream_repeats_its_version_so_the_screen_does_not_say_reconnecting(server):
    """companion.js: "The server repeats the version every 4 s: 10 s of silence is a lost
    connection" — a table where nobody acts still hears from the server well within that."""
    _, created = call(server.base, "POST", "/api/tables", {
        "game": "kit", "deal": "now", "seats": [{"name": "Anna"}, {"name": "Bob"}]})
    stream = open_stream(server.port, f"/t/{created['code']}/events")
    try:
        read_until(stream, b"data: 1\n\n")
        started = time.monotonic()
        read_until(stream, b"data: 1\n\n", seconds=30)
        assert time.monotonic() - started < 10
    finally:
        stream.close()


def test_a_reissued_seat_link_ends_the_old_links_stream(server):
    """A re-issued seat: "the old one no longer works" — its stream is ended (the phone
    then learns the link is gone), within a recheck."""
    _, created = call(server.base, "POST", "/api/tables", {
        "game": "kit", "deal": "now", "seats": [{"name": "Anna"}, {"name": "Bob"}]})
    stream = open_stream(server.port, f"/s/{created['seats'][1]['token']}/events")
    try:
        read_until(stream, b"data: 1 ")
        status, _ = call(server.base, "POST", f"/api/h/{created['host_token']}/reissue/1")
        assert status == 200
        ended = read_until(stream, b"0\r\n\r\n", seconds=60)
        assert ended.endswith(b"0\r\n\r\n")
        stream.settimeout(10)
        assert stream.recv(100) == b""          # and the connection is closed
    finally:
        stream.close()


STREAMS = bounds.MAX_CONNECTIONS_PER_CLIENT if modes.FAST else min(
    bounds.MAX_CONNECTIONS_PER_CLIENT, bounds.THREADS - bounds.REQUEST_THREADS)
"""As many streams as one device may hold open: its bound, and in the pure-Python mode
the threads a stream may take (companion/server/threaded.py)."""


def test_a_phone_that_closed_its_streams_may_open_new_ones(server):
    """A phone that reloads its page again and again (each load a new stream) is never
    locked out: a closed stream no longer counts against its connections (nor holds a
    thread, in the pure-Python mode)."""
    _, created = call(server.base, "POST", "/api/tables", {
        "game": "kit", "deal": "now", "seats": [{"name": "Anna"}]})
    path = f"/t/{created['code']}/events"
    opened: list[socket.socket] = []
    try:
        for _ in range(STREAMS):
            opened.append(open_stream_from(server.port, path, "127.0.0.5"))
    finally:
        for sock in opened:
            sock.close()
    deadline = time.monotonic() + 30               # the server notices the closes
    again: list[socket.socket] = []
    try:
        while len(again) < STREAMS:
            try:
                again.append(open_stream_from(server.port, path, "127.0.0.5"))
            except (AssertionError, OSError):
                assert time.monotonic() < deadline, f"{len(again)} streams reopened"
                time.sleep(0.5)
    finally:
        for sock in again:
            sock.close()


@pytest.mark.skipif(modes.FAST, reason="gevent's loop holds a stream without a thread")
def test_a_stream_beyond_the_threads_room_is_told_to_poll(server):
    """The pure-Python mode: each open stream holds one of waitress's threads, and a few
    threads are never taken by one (requests are answered however many streams are open).
    A stream beyond that room is answered 204 — the browser then stops reconnecting and
    the page polls its fragment (companion/static/companion.js) — and once a stream has
    closed, a new one opens."""
    _, created = call(server.base, "POST", "/api/tables", {
        "game": "kit", "deal": "now", "seats": [{"name": "Anna"}]})
    path = f"/t/{created['code']}/events"
    room = bounds.THREADS - bounds.REQUEST_THREADS
    held: list[socket.socket] = []
    try:
        for n in range(room):
            held.append(open_stream_from(server.port, path, f"127.0.2.{n + 1}"))
        beyond = exchange(server.port, f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        assert beyond.status == 204
        assert call(server.base, "GET", "/api/games")[0] == 200    # requests still answered
        held.pop().close()
        deadline = time.monotonic() + 30
        while True:
            try:
                held.append(open_stream_from(server.port, path, "127.0.3.1"))
                break
            except AssertionError:
                assert time.monotonic() < deadline, "no stream opened after one closed"
                time.sleep(0.2)
    finally:
        for sock in held:
            sock.close()
