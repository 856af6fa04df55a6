"""One road for an action (issue 23): every request is read by gevent's own parser and
answered by Flask's view, so each answer carries the app's headers and bounds, and a
failure after the commit is answered once, never applied again."""

from __future__ import annotations

import json
import re

import gevent
import gevent.socket
import pytest

from companion import store
from companion.server import serving
from companion.web import SECURITY_HEADERS, render


@pytest.fixture
def served(app):
    """The real server (gevent's loop, as ``companion serve``) on a free port, in-process."""
    server = serving.BoundedServer(serving._listen("127.0.0.1", 0), app)
    server.start()
    yield server
    server.stop(timeout=1)


def exchange(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """One request on a fresh connection: the answer's status, headers and body."""
    sock = gevent.socket.create_connection(("127.0.0.1", port))
    try:
        sock.sendall(request)
        data = b""
        with gevent.Timeout(30):
            while True:
                head, found, rest = data.partition(b"\r\n\r\n")
                if found:
                    length = int(re.search(rb"(?i)content-length: (\d+)", head).group(1))
                    if len(rest) >= length:
                        break
                chunk = sock.recv(65536)
                assert chunk, "the server closed the connection"
                data += chunk
    finally:
        sock.close()
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers, rest[:length]


def post_action(token: str, body: dict) -> bytes:
    data = json.dumps(body).encode()
    return (b"POST /api/s/%s/act HTTP/1.1\r\nHost: table.test\r\nContent-Type: "
            b"application/json\r\nContent-Length: %d\r\n\r\n%s" % (token.encode(), len(data),
                                                                  data))


def test_an_answer_that_fails_after_the_commit_is_one_500_and_the_action_is_stored_once(
        app, tables, served, monkeypatch):
    """ARCHITECTURE.md "One action, end to end": the action commits, then building its
    answer fails. The phone is told with a sentence (500) and the roll is stored once —
    nothing runs it again — so a table never holds an action twice."""
    created = tables.create()
    token = created["seats"][0]["token"]

    def broken(*args, **kwargs):
        raise RuntimeError("the answer could not be built")

    monkeypatch.setattr(render, "api_actions", broken)
    monkeypatch.setitem(app.config, "PROPAGATE_EXCEPTIONS", False)
    status, _, body = exchange(served.server_port, post_action(token, {
        "action": "roll", "params": {"secret": False, "dice": "2d6"}, "version": 1}))
    assert status == 500
    assert json.loads(body)["error"] == (
        "Your action was taken, but this screen could not show it; reload the page.")
    db = store.connect(app.config["DATABASE"])
    assert len(store.events(db, created["code"])) == 1
    monkeypatch.undo()
    assert tables.seat(token)["version"] == 2


@pytest.mark.parametrize("request_", ["action", "refusal", "stale", "page", "missing"])
def test_every_answer_over_the_server_carries_the_apps_security_headers(
        tables, served, request_):
    """README "Limits and abuse": the security headers are on every answer the server
    sends — an action, a refusal, a stale version, a page, an error — whatever made it."""
    token = tables.create()["seats"][0]["token"]
    requests = {
        "action": post_action(token, {"action": "draw", "params": {"end": "top"},
                                      "version": 1}),
        "refusal": post_action(token, {"action": "fly", "params": {}, "version": 1}),
        "stale": post_action(token, {"action": "draw", "params": {"end": "top"},
                                     "version": 0}),
        "page": b"GET /s/%s HTTP/1.1\r\nHost: table.test\r\n\r\n" % token.encode(),
        "missing": b"GET /nowhere HTTP/1.1\r\nHost: table.test\r\n\r\n",
    }
    _, headers, _ = exchange(served.server_port, requests[request_])
    for name, value in SECURITY_HEADERS:
        assert headers.get(name.lower()) == value, name
    assert headers["cache-control"] == "no-store"


def test_a_device_guessing_links_is_refused_on_the_action_too(client, tables):
    """Throttle (README "Security"): once a device has spent its wrong links, even a right
    link's action is answered 429 with Retry-After, as every other lookup is."""
    token = tables.create()["seats"][0]["token"]
    for n in range(40):
        client.post(f"/api/s/{f'wrong{n:02d}' * 4}/act",
                    json={"action": "draw", "params": {}, "version": 1})
    answer = client.post(f"/api/s/{token}/act",
                         json={"action": "draw", "params": {"end": "top"}, "version": 1})
    assert answer.status_code == 429 and answer.headers["Retry-After"]


def test_a_header_block_over_its_bound_is_refused_however_it_is_split(served):
    """README "Limits and abuse": the headers of a request are at most MAX_HEADER_BYTES in
    all — many short lines are refused as one long one is (gevent's parser bounds a line
    at 64 KiB and their number at 100 only)."""
    lines = b"".join(b"X-Filler-%02d: %s\r\n" % (n, b"y" * 400) for n in range(90))
    assert len(lines) > serving.MAX_HEADER_BYTES
    status, _, _ = exchange(served.server_port,
                            b"GET /api/games HTTP/1.1\r\nHost: x\r\n" + lines + b"\r\n")
    assert status == 400
    status, _, _ = exchange(served.server_port, b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status == 200
