"""The action's own lane (companion/web/lane.py) answers a seat's action as Flask would,
byte for byte: the same tables played through the lane and through Flask alone give the
same status, headers and answer for every action, refusals and stale versions included
(ARCHITECTURE.md: the JSON API is a contract; issue 15: an action at the cost of a write)."""

from __future__ import annotations

import itertools
import json
import re

import gevent
import gevent.socket
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import create_app
from companion.core import fairness
from companion.referee import life
from companion.server import serving

SEED = "5e" * 32


@pytest.fixture
def twins(tmp_path, monkeypatch):
    """Two apps that make the very same tables (seed, code, tokens): the lane on, and off."""
    counter = itertools.count()
    monkeypatch.setattr(fairness, "new_seed", lambda: SEED)
    monkeypatch.setattr(life, "_free_code", lambda db: "LANE22")
    monkeypatch.setattr(life, "new_token", lambda: f"token-{next(counter) // 2:02d}" * 3)
    apps = []
    for lane in (True, False):
        app = create_app({"TESTING": True, "DATABASE": str(tmp_path / f"{lane}.db"),
                          "SECRET_KEY": "test", "PUBLIC_URL": "http://table.test:5000",
                          "ACTION_LANE": lane})
        apps.append(app)
    return apps


def both(twins, method, path, **kwargs):
    """The same request to both apps: their two answers."""
    answers = []
    for app in twins:
        client = app.test_client()
        answers.append(getattr(client, method)(path, **kwargs))
    return answers


def same(answers):
    lane, flask = answers
    assert lane.status == flask.status
    assert lane.headers.to_wsgi_list() == flask.headers.to_wsgi_list()
    assert lane.data == flask.data
    return flask


@pytest.mark.parametrize("game, language", [("kit", "en"), ("fury", "cs"), ("deadmans", "ru")])
def test_every_action_answers_as_flask_would(twins, game, language):
    """Actions, a stale one (409 with the table as it is), a refused one (422), a repeated
    key, a client keeping its log (``log_since``) or not, in the phone's language."""
    created = same(both(twins, "post", "/api/tables", json={
        "game": game, "deal": "now",
        "seats": [{"name": "Anna"}, {"name": "Bob"}],
    })).get_json()
    tokens = [s["token"] for s in created["seats"]]
    headers = {"Accept-Language": f"{language},en;q=0.5"}
    answers = [same(both(twins, "get", f"/api/s/{token}", headers=headers)).get_json()
               for token in tokens]
    acted = 0
    for turn in range(24):
        seat = turn % len(tokens)
        answer = answers[seat]
        if not answer["actions"]:
            answer = answers[seat] = same(both(
                twins, "get", f"/api/s/{tokens[seat]}", headers=headers)).get_json()
            if not answer["actions"]:
                continue
        offered = answer["actions"][turn % len(answer["actions"])]
        params = dict(offered["params"])
        for name, spec in offered.get("inputs", {}).items():
            params[name] = spec.get("examples", [spec.get("default")])[0] \
                if spec["kind"] != "int" else spec.get("min", 0)
        body = {"action": offered["action"], "params": params, "version": answer["version"],
                "key": f"k{turn}"}
        if turn % 3:
            body["log_since"] = answer["version"]
        reply = same(both(twins, "post", f"/api/s/{tokens[seat]}/act", json=body,
                          headers=headers))
        acted += reply.status_code == 200
        if turn % 5 == 0:  # the same tap again: applied once
            same(both(twins, "post", f"/api/s/{tokens[seat]}/act", json=body, headers=headers))
        if turn % 4 == 1:  # an old version: 409 with the table as it is now
            same(both(twins, "post", f"/api/s/{tokens[seat]}/act", headers=headers,
                      json=dict(body, key=f"old{turn}", version=1)))
        same(both(twins, "post", f"/api/s/{tokens[seat]}/act", headers=headers, json={
            "action": "no such action", "params": {}, "version": reply.get_json()["version"]}))
        answers = [same(both(twins, "get", f"/api/s/{token}", headers=headers)).get_json()
                   for token in tokens]
    assert acted >= 6
    lane = twins[0].wsgi_app
    assert lane.answered >= acted and twins[1].wsgi_app.answered == 0


def test_what_the_lane_does_not_take_goes_to_flask(client, tables, app):
    """A query string, another content type, a body that is not an object or a wrong link
    are Flask's to answer (its sentences, its throttle), the lane answers none of them."""
    token = tables.create()["seats"][0]["token"]
    lane = app.wsgi_app
    answered = lane.answered
    body = {"action": "draw", "params": {"end": "top"}, "version": 1}
    assert client.post(f"/api/s/{token}/act?lang=cs", json=body).status_code == 200
    refused = client.post(f"/api/s/{token}/act", data="[1]",
                          content_type="application/json")
    assert refused.status_code == 400 and refused.get_json()["error"] == "Send a JSON object."
    assert client.post(f"/api/s/{token}/act", data="{}", content_type="text/plain"
                       ).status_code == 400
    wrong = client.post(f"/api/s/{'x' * 32}/act", json=body)
    assert wrong.status_code == 403 and "not valid" in wrong.get_json()["error"]
    assert lane.answered == answered


def test_a_device_guessing_links_is_refused_on_the_action_too(app, client, tables):
    """Throttle (README "Security"): once a device has spent its wrong links, even a right
    link's action is answered 429 with Retry-After, as every other lookup is."""
    token = tables.create()["seats"][0]["token"]
    for n in range(40):
        client.post(f"/api/s/{f'wrong{n:02d}' * 4}/act",
                    json={"action": "draw", "params": {}, "version": 1})
    answer = client.post(f"/api/s/{token}/act",
                         json={"action": "draw", "params": {"end": "top"}, "version": 1})
    assert answer.status_code == 429 and answer.headers["Retry-After"]


def _serve(app):
    """The real server (gevent's loop, as ``companion serve``) on a free port, in-process."""
    server = serving.BoundedServer(serving._listen("127.0.0.1", 0), app)
    server.start()
    return server


def _exchange(port, *packets, answers=1):
    """Send ``packets`` (a pause between them) on one connection; the raw answers without
    their Date line."""
    sock = gevent.socket.create_connection(("127.0.0.1", port))
    try:
        for n, packet in enumerate(packets):
            if n:
                gevent.sleep(0.05)
            sock.sendall(packet)
        data, out = b"", []
        with gevent.Timeout(30):
            while len(out) < answers:
                head, found, rest = data.partition(b"\r\n\r\n")
                length = int(re.search(rb"Content-Length: (\d+)", head).group(1)) \
                    if found else 0
                if not found or len(rest) < length:
                    data += sock.recv(65536)
                    continue
                assert head.count(b"\r\nDate: ") == 1
                out.append(re.sub(rb"\r\nDate: [^\r]*", b"", head) + b"\r\n\r\n"
                           + rest[:length])
                data = rest[length:]
        return out
    finally:
        sock.close()


def _post(token, body, extra=b""):
    data = json.dumps(body).encode()
    return (b"POST /api/s/%s/act HTTP/1.1\r\nHost: table.test\r\nContent-Type: application/json"
            b"\r\nAccept-Language: cs\r\n%sContent-Length: %d\r\n\r\n%s"
            % (token.encode(), extra, len(data), data))


def test_the_server_answers_a_plain_action_in_the_lane_byte_for_byte(twins):
    """The server reads a plain action itself and answers it through the lane with the very
    bytes gevent's own request path sends (issue 15: an action at the cost of a write; the
    JSON API is a contract): actions, a repeat, a stale version, a refusal, two requests in
    one packet; a body that arrives apart and a connection to close take gevent's path."""
    created = same(both(twins, "post", "/api/tables", json={
        "game": "kit", "deal": "now", "seats": [{"name": "Anna"}, {"name": "Bob"}]})
    ).get_json()
    token = created["seats"][0]["token"]
    servers = [_serve(app) for app in twins]
    servers[1].lane = None                            # gevent's request path only
    read_whole = []
    answer_action = servers[0].lane
    servers[0].lane = lambda environ, token, body: read_whole.append(body) or answer_action(
        environ, token, body)
    draw = {"action": "draw", "params": {"end": "top"}, "version": 1, "key": "k1"}
    talks = [
        [_post(token, draw)],
        [_post(token, draw)],                                         # the same tap again
        [_post(token, dict(draw, key="k2", version=0, log_since=1))],  # stale: 409
        [_post(token, {"action": "fly", "params": {}, "version": 2})],  # refused: Flask
        [_post(token, dict(draw, key="k3", version=2, log_since=2))
         + _post(token, dict(draw, key="k4", version=3, log_since=3))],
        [_post(token, dict(draw, key="k5", version=4))[:-20],
         _post(token, dict(draw, key="k5", version=4))[-20:]],        # body in two packets
        [_post(token, dict(draw, key="k6", version=5), b"Connection: close\r\n")],
    ]
    try:
        for packets in talks:
            answers = len(re.findall(b"POST ", b"".join(packets)))
            lane, gevents = (_exchange(server.server_port, *packets, answers=answers)
                             for server in servers)
            assert lane == gevents
            assert all(answer.startswith((b"HTTP/1.1 200 OK", b"HTTP/1.1 409 CONFLICT",
                                          b"HTTP/1.1 400 BAD REQUEST")) for answer in lane)
    finally:
        for server in servers:
            server.stop()
    assert [json.loads(body).get("key") for body in read_whole] == [
        "k1", "k1", "k2", None, "k3", "k4"]               # not k5 (in two packets), not k6
    assert twins[1].wsgi_app.answered == 0


_HEADER_NAMES = st.sampled_from([b"Host", b"Accept-Language", b"User-Agent", b"X-Note"])


@st.composite
def _requests(draw):
    """A request as a phone sends it, and half the time with one of the things the lane
    must leave to gevent."""
    faults = {draw(st.sampled_from([
        "token", "query", "path", "http/1.0", "no type", "short body", "long body", "close",
        "expect", "chunked", "htmx", "folded", "repeated"]))} if draw(st.booleans()) else set()
    token = draw(st.sampled_from(["short", "x" * 65, "%41" * 8] if "token" in faults
                                 else ["a" * 32, "Tok_en-=" * 3, "Z9" * 32]))
    path = f"/api/s/{token}/act" + ("?lang=cs" if "query" in faults else "")
    if "path" in faults:
        path = f"/api/s/{token}/undo"
    version = b"HTTP/1.0" if "http/1.0" in faults else b"HTTP/1.1"
    body = draw(st.binary(max_size=60))
    length = len(body) + (5 if "short body" in faults else 0) - (
        1 if "long body" in faults and body else 0)
    headers = [(name, draw(st.text("abc ,;=-", max_size=12)).encode())
               for name in draw(st.lists(_HEADER_NAMES, max_size=3, unique=True))]
    if "no type" not in faults:
        headers.append((draw(st.sampled_from([b"Content-Type", b"content-type"])),
                        b"application/json"))
    headers.append((b"Content-Length", str(length).encode()))
    headers += [pair for fault, pair in [
        ("close", (b"Connection", b"close")), ("expect", (b"Expect", b"100-continue")),
        ("chunked", (b"Transfer-Encoding", b"chunked")), ("htmx", (b"HX-Request", b"true")),
        ("folded", (b" X-Folded", b"x")), ("repeated", (b"Content-length", b"0"))]
        if fault in faults]
    if "close" not in faults and draw(st.booleans()):
        headers.append((b"Connection", b"Keep-Alive"))
    order = draw(st.permutations(range(len(headers))))
    head = b"POST " + path.encode() + b" " + version + b"\r\n" + b"".join(
        b"%s: %s\r\n" % headers[i] for i in order) + b"\r\n"
    # The next request behind it (two in one packet) — not behind a body still on its way,
    # whose missing bytes the next request's would fill, for gevent as for the lane.
    tail = b"" if "short body" in faults else draw(st.sampled_from(
        [b"", b"GET / HTTP/1.1\r\n\r\n"]))
    lane_may_take = not faults - {"long body"}
    return head + body + tail, token, body, length, len(head), lane_may_take


@settings(max_examples=400, deadline=None)
@given(_requests())
def test_the_server_takes_into_the_lane_only_a_whole_plain_action(request):
    """Issue 15 (the server's own read of an action) and the security boundary: whatever
    bytes arrive, the lane takes only a whole, plain ``POST /api/s/<token>/act`` — the token
    as sent, the body exactly its Content-Length, nothing after it consumed — and leaves
    every other request (a query string, HTTP/1.0, a repeated or folded header, chunks,
    ``Expect``, a connection to close, an htmx request, a body not all here) to gevent."""
    data, token, body, length, head_size, plain = request
    found = serving._plain_action(data)
    if not plain:
        assert found is None
        return
    assert found is not None
    taken_token, fields, taken_body, size = found
    assert taken_token == token and taken_body == body[:length]
    assert size == head_size + length and data[size:].startswith(body[length:])
    assert fields[b"content-length"] == str(length).encode()
