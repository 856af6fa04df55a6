"""No 500 from any byte (issue 30: "A raw non-UTF-8 byte in a query string answers 500 ...
each with a 2 KB traceback in the log and not rationed by the throttle").

A browser percent-encodes what it sends; a crafted client need not, and only a raw socket
can send such bytes, through the real server (gevent hands Werkzeug a query string that is
not UTF-8, and Werkzeug fails when a view first reads an argument). So a real
``companion serve`` gets a corpus of bad bytes, digits other than 0–9 and malformed bodies
on every route the app has — pages, event streams, fragments, the API, the forms (with a
valid CSRF token, so the form is read) — and must answer each with a status below 500,
a 400 with a sentence where the query or the form is not text, change nothing when it
refuses, and print no traceback: at most one short log line a request.
"""

from __future__ import annotations

import itertools
import re
import socket
import sqlite3
from dataclasses import dataclass
from typing import Any

import pytest

from companion import create_app
from tests.test_restart import Server, call

pytestmark = pytest.mark.slow  # a real server, every route: left to `make test`


BAD = b"\xe9\xff"
"""Latin-1 ``é`` and a byte no UTF-8 text holds."""
QUERY_NAMES = ("v", "d", "n", "device", "lang", "log_since", "round", "start", "t")
"""Every query argument the app reads."""
FORM_FIELDS = ("action", "params", "version", "key", "in_value", "kind_value", "lang", "url",
               "contribution", "commitment", "force", "seat0", "seat1", "table", "seat",
               "opt_deck", "opt_cards", "opt_first_to")
"""Every form field the app reads."""
FORM = b"application/x-www-form-urlencoded"
SUPERSCRIPT_TWO = "%C2%B2"
"""``²``, percent-encoded as a browser sends it: ``str.isdigit`` takes it, ``int`` does not."""


@dataclass
class Answer:
    status: int
    head: bytes
    body: bytes


_sources = itertools.count(1)


def exchange(port: int, request: bytes, source: str | None = None) -> Answer:
    """One request on its own connection, by default from an address of its own (each
    address has its own throttle bucket: the corpus is not one guessing device). An event
    stream's answer is read up to its head."""
    if source is None:
        n = next(_sources)
        source = f"127.1.{n // 250 % 250}.{n % 250 + 1}"
    with socket.socket() as sock:
        sock.bind((source, 0))
        sock.settimeout(10)
        sock.connect(("127.0.0.1", port))
        sock.sendall(request)
        data = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                break
            data += chunk
            if b"\r\n\r\n" in data and b"text/event-stream" in data.split(b"\r\n\r\n")[0]:
                break
    head, _, body = data.partition(b"\r\n\r\n")
    match = re.match(rb"HTTP/1\.[01] (\d{3})", head)
    assert match, f"no answer at all: {request[:120]!r}"
    return Answer(int(match.group(1)), head, body)


def raw_request(method: str, path: bytes, headers: list[bytes] = (), body: bytes | None = None,
                content_type: bytes | None = None) -> bytes:
    lines = [method.encode() + b" " + path + b" HTTP/1.1", b"Host: 127.0.0.1",
             b"Connection: close", *headers]
    if body is not None or method == "POST":
        body = body or b""
        if content_type:
            lines.append(b"Content-Type: " + content_type)
        lines.append(b"Content-Length: " + str(len(body)).encode())
    return b"\r\n".join(lines) + b"\r\n\r\n" + (body or b"")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("bytes") / "companion.db").start()
    yield running
    running.kill()


@pytest.fixture(scope="module")
def table(server) -> dict[str, Any]:
    status, created = call(server.base, "POST", "/api/tables", {
        "game": "kit", "deal": "now", "seats": [{"name": "Anna"}, {"name": "Bob"}]})
    assert status == 201
    return created


@pytest.fixture(scope="module")
def routes(tmp_path_factory, table) -> list[tuple[str, bytes]]:
    """Every route the app has, with each method, made concrete with the table's codes."""
    app = create_app({"TESTING": True, "SECRET_KEY": "x",
                      "DATABASE": str(tmp_path_factory.mktemp("map") / "map.db")})
    seat, host = table["seats"][0]["token"], table["host_token"]
    values = {"code": table["code"], "seat": "1", "game_id": "kit",
              "filename": "companion.js"}
    out = []
    for rule in app.url_map.iter_rules():
        values["token"] = host if re.match(r"^(/api)?/h/", rule.rule) else seat
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], rule.rule)
        out += [(method, path.encode()) for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]
    return out


def snapshot(server: Server) -> str:
    db = sqlite3.connect(server.db)
    try:
        return "\n".join(db.iterdump())
    finally:
        db.close()


def form_session(server: Server, seat: str) -> tuple[bytes, bytes]:
    """A CSRF token and the cookie it belongs to, as a phone's page holds them."""
    answer = exchange(server.port, raw_request("GET", f"/s/{seat}".encode()))
    token = re.search(rb'name="csrf_token" value="([^"]+)"', answer.body).group(1)
    cookie = re.search(rb"Set-Cookie: (session=[^;]+)", answer.head).group(1)
    return token, cookie


def query_corpus() -> list[tuple[bytes, bool]]:
    """Query strings, each with whether it is malformed as bytes (a 400 for certain)."""
    corpus = [(name.encode() + b"=" + BAD, True) for name in QUERY_NAMES]
    corpus += [(b"\xc3", True), (BAD + b"=1", True), (b"v=1&lang=cs\xff", True)]
    corpus += [
        ("&".join(f"{name}={SUPERSCRIPT_TWO}" for name in QUERY_NAMES).encode(), False),
        (b"%E9=%FF&lang=%ED%A0%80", False),     # percent-encoded, not UTF-8: read as text
        (b"lang=%00&v=-1&log_since=99999999999999999999&round=\xd9\xa3", False),
    ]
    return corpus


HEADER_CORPUS = [b"Accept-Language: " + BAD, b"Cookie: session=" + BAD, b"Cookie: " + BAD,
                 b"X-Device: " + BAD, b"HX-Request: " + BAD, b"Accept-Encoding: " + BAD,
                 b"If-None-Match: " + BAD, b"Referer: http://" + BAD + b"/",
                 b"Origin: " + BAD]


def body_corpus(csrf: bytes) -> list[tuple[bytes, bytes]]:
    """(content type, body) pairs: forms with bad bytes in each field the app reads (and a
    valid CSRF token, so the form is read), ``²`` where numbers go, malformed JSON."""
    form = FORM
    token = b"csrf_token=" + csrf + b"&"
    corpus = [(form, token + b"&".join(f.encode() + b"=" + BAD for f in FORM_FIELDS[i::3]))
              for i in range(3)]
    corpus += [(form, token + BAD + b"=" + BAD),
               (form, token + b"action=pick&params=%7B%7D&version=" + SUPERSCRIPT_TWO.encode()),
               (form, token + b"action=pick&params=%7B%7D&version=1&in_value="
                + SUPERSCRIPT_TWO.encode() + b"&kind_value=int"),
               (form, token + b"opt_first_to=" + SUPERSCRIPT_TWO.encode() + b"&opt_cards=%C2%B2x+A"
                + b"&opt_deck=custom&seat0=A&seat1=B"),
               (b"multipart/form-data; boundary=" + BAD, b"--" + BAD + b"\r\n")]
    json_type = b"application/json"
    corpus += [(json_type, b'{"action": "' + BAD + b'", "version": 1}'),
               (json_type, b'{"' + BAD + b'": 1}'),
               (json_type, '{"action": "roll", "version": "²", "log_since": "²", '
                '"params": {"secret": false, "dice": "²d6"}}'.encode()),
               (json_type, '{"game": "drakula", "options": {"card_bojovnost": "²/3/red", '
                '"vampire_strengths": "³/3/3"}}'.encode()),
               (json_type + b"; charset=" + BAD, b"{}")]
    return corpus


def test_no_byte_answers_500_on_any_route(server, table, routes):
    """Every route × the corpus: no 5xx; a query that is not UTF-8 is a 400 with a sentence;
    a refused POST changes nothing; the log holds no traceback and at most one short line
    a request."""
    csrf, cookie = form_session(server, table["seats"][0]["token"])
    log_before = len(server.output.splitlines())
    sent = 0
    for method, path in routes:
        for query, malformed in query_corpus():
            answer = exchange(server.port, raw_request(method, path + b"?" + query))
            sent += 1
            assert answer.status < 500, (method, path, query, answer.status)
            if malformed:
                assert answer.status == 400, (method, path, query, answer.status)
                assert b"not text (UTF-8)" in answer.body, (path, query)
        for header in HEADER_CORPUS:
            answer = exchange(server.port, raw_request(method, path, [header]))
            sent += 1
            assert answer.status < 500, (method, path, header, answer.status)
        if method != "POST":
            continue
        for content_type, body in body_corpus(csrf):
            before = snapshot(server)
            answer = exchange(server.port, raw_request(
                method, path, [b"Cookie: " + cookie], body, content_type))
            sent += 1
            assert answer.status < 500, (method, path, body[:80], answer.status)
            if content_type == FORM and BAD in body:
                assert answer.status == 400 and b"not text (UTF-8)" in answer.body, path
            if answer.status >= 400:
                assert snapshot(server) == before, (method, path, body[:80])
    log = server.output.splitlines()[log_before:]
    assert not any("Traceback" in line for line in log), "\n".join(log[:40])
    assert len(log) <= sent and all(len(line) < 300 for line in log), "\n".join(log[:40])
    assert sent > 1000 and len({path for _, path in routes}) >= 45


def test_repeated_400s_are_rationed_like_wrong_links(server, table):
    """The throttle counts malformed requests too: one device sending them over and over is
    answered 429 on every lookup before long; another device is not."""
    code = table["code"].encode()
    statuses = {exchange(server.port, raw_request("GET", b"/api/games?lang=" + BAD),
                         source="127.2.0.1").status for _ in range(60)}
    assert statuses == {400}
    rationed = exchange(server.port, raw_request("GET", b"/api/t/" + code), source="127.2.0.1")
    assert rationed.status == 429 and b"Retry-After" in rationed.head
    other = exchange(server.port, raw_request("GET", b"/api/t/" + code), source="127.2.0.2")
    assert other.status == 200
