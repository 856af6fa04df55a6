"""Compressed answers: a phone whose browser accepts gzip, brotli or zstd is sent its pages,
live fragments and JSON answers compressed, and they read exactly as the plain ones; a
client that accepts none (or refuses one) gets them plain; an event stream is never
compressed (each event must leave when it is said)."""

from __future__ import annotations

import gzip
import json
import re
import socket
import time

import brotli
import pytest
from backports import zstd

from companion.web import COMPRESSION
from tests.test_restart import Server, call

DECODE = {"gzip": gzip.decompress, "br": brotli.decompress, "zstd": zstd.decompress}


def fetch(client, path: str, encoding: str | None, **headers: str):
    if encoding is not None:
        headers["Accept-Encoding"] = encoding
    return client.get(path, headers=headers)


def played(tables, moves: int = 12) -> tuple[dict, str]:
    """A kit table where Anna has drawn a few cards (a screen of a few kilobytes)."""
    created = tables.create()
    anna = created["seats"][0]["token"]
    for n in range(moves):
        assert tables.act(anna, "draw", {"end": "top"}, key=f"k{n}").status_code == 200
    return created, anna


@pytest.mark.parametrize("coding", ["gzip", "br", "zstd"])
def test_a_phone_that_accepts_a_coding_gets_its_screen_compressed_and_unchanged(
        tables, client, coding):
    created, anna = played(tables)
    pages = [f"/s/{anna}", f"/t/{created['code']}", f"/api/s/{anna}"]
    for path in pages:
        plain = fetch(client, path, None)
        packed = fetch(client, path, f"{coding}, identity;q=0.5")
        assert plain.headers.get("Content-Encoding") is None
        assert packed.headers["Content-Encoding"] == coding, path
        assert "Accept-Encoding" in packed.headers["Vary"]
        assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data) / 2
        unpacked = DECODE[coding](packed.data)
        if path.startswith("/api/"):
            assert json.loads(unpacked) == plain.get_json()
        else:   # a page carries a fresh CSRF token: the rest must read the same
            assert _without_tokens(unpacked) == _without_tokens(plain.data)


def _without_tokens(page: bytes) -> bytes:
    """A page without what is drawn afresh for each answer: its forms' CSRF token and
    each button's request key."""
    return TOKENS.sub(rb"\1", page)


TOKENS = re.compile(rb'(name="(?:key|csrf_token)" value=|"X-CSRFToken": )"[^"]*"')


def test_a_live_update_is_compressed_for_htmx_and_says_what_it_varies_on(tables, client):
    """The fragment a phone fetches when its stream names a new version (htmx sends the
    browser's Accept-Encoding): compressed, the same fragment, and a cache is told that the
    answer depends on both headers."""
    _, anna = played(tables)
    path = f"/s/{anna}/live"
    plain = fetch(client, path, None, **{"HX-Request": "true"})
    packed = fetch(client, path, "gzip, deflate", **{"HX-Request": "true"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert _without_tokens(gzip.decompress(packed.data)) == _without_tokens(plain.data)
    vary = {v.strip() for v in packed.headers["Vary"].split(",")}
    assert {"Accept-Encoding", "HX-Request"} <= vary
    assert len(packed.headers.getlist("Vary")) == 1


def test_an_action_answer_is_compressed_and_is_the_seats_new_screen(tables, client):
    created, anna = played(tables, 3)
    version = tables.seat(anna)["version"]
    acted = client.post(f"/api/s/{anna}/act", headers={"Accept-Encoding": "gzip"}, json={
        "action": "draw", "params": {"end": "top"}, "version": version, "key": "last"})
    assert acted.status_code == 200 and acted.headers["Content-Encoding"] == "gzip"
    answer = json.loads(gzip.decompress(acted.data))
    now = tables.seat(anna)
    assert answer["version"] == now["version"] == version + 1
    assert answer["view"] == now["view"] and answer["actions"] == now["actions"]


def test_a_client_that_accepts_no_coding_or_refuses_it_gets_plain_answers(tables, client):
    _, anna = played(tables)
    for accepted in (None, "", "identity", "gzip;q=0", "gzip;q=0.000, br;q=0", "compress"):
        answer = fetch(client, f"/api/s/{anna}", accepted)
        assert answer.headers.get("Content-Encoding") is None, accepted
        assert answer.get_json()["seat"] == 0
        assert "Accept-Encoding" in answer.headers["Vary"]
    refused_one = fetch(client, f"/api/s/{anna}", "gzip;q=0, br")
    assert refused_one.headers["Content-Encoding"] == "br"
    for path in (f"/api/s/{anna}", "/static/site.css", f"/s/{anna}/events?probe"):
        answer = client.get(path, buffered=False)
        vary = [v.strip().lower() for v in answer.headers.get("Vary", "").split(",")]
        answer.close()
        assert vary.count("accept-encoding") == 1, (path, vary)


def test_small_answers_stay_plain(tables, client):
    """Below ``COMPRESS_MIN_SIZE`` an answer fits a packet as it is."""
    created, anna = played(tables, 1)
    version = tables.seat(anna)["version"]
    for answer in (
            client.get(f"/s/{anna}/live?v={version}", headers={"Accept-Encoding": "gzip"}),
            client.get("/api/t/NOSUCH", headers={"Accept-Encoding": "gzip"})):
        assert len(answer.data) < COMPRESSION["COMPRESS_MIN_SIZE"]
        assert answer.headers.get("Content-Encoding") is None


def test_an_event_stream_is_not_compressed(tables, client):
    created, _ = played(tables, 1)
    stream = client.get(f"/t/{created['code']}/events",
                        headers={"Accept-Encoding": "gzip, br, zstd"}, buffered=False)
    try:
        assert stream.mimetype == "text/event-stream"
        assert stream.headers.get("Content-Encoding") is None
        assert next(stream.response).startswith(b"retry: 2000\ndata: 2")
    finally:
        stream.close()


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "companion.db").start()
    yield running
    running.kill()


def test_a_stream_opened_by_a_browser_that_accepts_gzip_hears_each_action_at_once(server):
    """Through the real server: the phone's stream, asked for with the Accept-Encoding a
    browser sends, carries plain events, and another seat's action arrives as it commits
    (nothing waits in a compressor's buffer)."""
    _, created = call(server.base, "POST", "/api/tables", {
        "game": "kit", "deal": "now", "seats": [{"name": "Anna"}, {"name": "Bob"}]})
    anna, bob = (seat["token"] for seat in created["seats"])
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(f"GET /s/{bob}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream"
                     "\r\nAccept-Encoding: gzip, deflate, br, zstd\r\n\r\n".encode())
        seen = b""
        while b"data: 1 " not in seen:
            chunk = sock.recv(4096)
            assert chunk, seen
            seen += chunk
        head = seen.split(b"\r\n\r\n", 1)[0].lower()
        assert b"content-encoding" not in head and b"text/event-stream" in head
        status, _ = call(server.base, "POST", f"/api/s/{anna}/act", {
            "action": "roll", "params": {"secret": False, "dice": "2d6"}, "version": 1})
        assert status == 200
        deadline = time.monotonic() + 30
        while b"data: 2 " not in seen:
            assert time.monotonic() < deadline, seen
            chunk = sock.recv(4096)
            assert chunk, seen
            seen += chunk
