"""The HTTP server: gevent's WSGI server, bounded so that one device cannot starve a table.

One event loop serves every connection, each in its own greenlet (a few kilobytes, not a
thread), so a phone holding an event stream open (``companion/server/live.py``) costs a socket
and a greenlet, and a request runs from start to end without another thread competing for
the GIL. SQLite calls do not yield to the loop: a write transaction is never interleaved
with another request's, which is the one-writer-at-a-time that ``store.writing`` also
enforces. Its bounds are ``companion/server/bounds.py``'s; a header line that is not
``name: value`` is refused here too (:func:`read_headers`).

Nothing waits long in a greenlet: a connection quiet for ``HOLD_AFTER_SECONDS`` between
two requests, and an event stream once its first event is sent, are held by the loop
itself (``companion/server/held.py``: ≈ 2–3 KB each instead of ≈ 25–30 KB), and a held connection
that becomes readable gets a fresh greenlet for its next request.
"""

from __future__ import annotations

import contextlib
import io
import logging
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import gevent
from gevent import Timeout, socket
from gevent.event import Event
from gevent.greenlet import Greenlet
from gevent.pool import Pool, PoolFull
from gevent.pywsgi import OldMessage, WSGIHandler, WSGIServer, format_date_time

from companion import store
from companion.server import live, logs
from companion.server.bounds import (
    CONNECTION_LIMIT,
    IDLE_SECONDS,
    MAX_BODY_BYTES,
    MAX_CONNECTIONS_PER_CLIENT,
    MAX_HEADER_BYTES,
    MAX_HEADERS,
    REFUSED,
    REQUEST_READ_SECONDS,
    beyond,
    body_limit,
    client_of,
)
from companion.server.held import HeldStreams, IdleConnections
from companion.server.modes import freeze_loaded

__all__ = ["CONNECTION_LIMIT", "IDLE_SECONDS", "MAX_BODY_BYTES", "MAX_CONNECTIONS_PER_CLIENT",
           "MAX_HEADER_BYTES", "MAX_HEADERS", "REQUEST_READ_SECONDS", "BoundedServer",
           "make_server", "read_headers"]

FAIR_TURN_SECONDS = 1e-6
"""Any positive wait puts the connection behind the next round of I/O (0 would not)."""
HOLD_AFTER_SECONDS = 1.0
"""A connection whose next request has not begun within this long is held by the loop
(``companion/server/held.py``) until it does: a busy connection keeps its greenlet, a quiet one
costs no greenlet."""

_TOO_LARGE = (b"HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n"
              b"Content-Type: text/plain\r\nContent-Length: 24\r\n\r\n"
              b"The request is too large")

_FIELD_NAME = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
"""A header's name: RFC 9110's token."""


class RequestHeaders(OldMessage):
    """A request's header block as gevent's handler reads it, looked up by name in a dict.

    The e-mail message it stands in for finds a header by lowering every name it holds, on
    each of the eight lookups gevent makes a request (eighty ``str.lower`` calls)."""

    def __init__(self) -> None:
        super().__init__()
        self._first: dict[str, str] = {}

    def add(self, name: str, value: str) -> None:
        self.set_raw(name, value)
        self._first.setdefault(name.lower(), value)

    def get(self, name: str, failobj: Any = None) -> Any:
        return self._first.get(name.lower(), failobj)

    def __delitem__(self, name: str) -> None:
        super().__delitem__(name)
        self._first.pop(name.lower(), None)

    def pairs(self) -> list[tuple[str, str]]:
        """Every header as it came, in order."""
        return self._headers  # type: ignore[no-any-return]


def read_headers(stream: Any) -> RequestHeaders:
    """A request's header block, read as gevent's parser would hand it on, in a fifth of its
    time (Python's e-mail parser took ≈ 16 µs of an action's ≈ 550 µs).

    Stricter than that parser, as RFC 9112 asks of a server: a line that is not
    ``name: value`` (a name that is not a token, a space before the colon, a folded
    continuation line) is refused, where the e-mail parser silently took it, and every
    header after it, for the start of a body. More than ``MAX_HEADER_BYTES`` or
    ``MAX_HEADERS`` lines is refused too. A refusal is the message's ``status``, which
    gevent answers with a 400 before the application sees the request."""
    message = RequestHeaders()
    left = MAX_HEADER_BYTES
    for _ in range(MAX_HEADERS + 1):
        line = stream.readline(left + 1)
        left -= len(line)
        if left < 0:
            message.status = f"request headers over {MAX_HEADER_BYTES} bytes"
            return message
        if line in (b"\r\n", b"\n", b""):
            return message
        name, colon, value = line.decode("iso-8859-1").partition(":")
        if not colon or not _FIELD_NAME.fullmatch(name):
            message.status = "a header line that is not “name: value”"
            return message
        message.add(name, value.lstrip(" \t").rstrip("\r\n"))
    message.status = f"more than {MAX_HEADERS} header lines"
    return message


class BoundedHandler(WSGIHandler):
    """One connection: an idle wait for each request, then a deadline for reading it.

    The body is read in full before the application runs (at most ``MAX_BODY_BYTES``; a
    saved game's file more, ``bounds.body_limit``), so the deadline covers it too and the
    application never waits on a slow client while it holds the loop.
    """

    server: BoundedServer
    socket: Any
    """The connection (None once the loop holds it: not closed when this greenlet ends)."""
    provided_date: Any
    status: Any
    """The status line as gevent keeps it: bytes once the answer started, else a reason."""
    code: Any
    _deadline: Timeout | None = None

    def handle_one_request(self) -> Any:
        if self.rfile.closed:
            return None
        # Let the loop look at every other connection first: a client that sends its next
        # request the moment it has its answer would otherwise be served again and again
        # while the others wait (measured: p50 2.6 ms but p95 356 ms with 16 clients).
        gevent.sleep(FAIR_TURN_SECONDS)
        grace = min(HOLD_AFTER_SECONDS, self.server.idle_seconds)
        try:
            with Timeout(grace):
                if not self.rfile.peek(1):      # the client closed the connection
                    return None
        except Timeout:
            # Quiet: the loop holds the connection until its next request, not this greenlet.
            if self.server.idle_seconds <= grace:
                return None
            self.server.idle.hold(self.socket, self.client_address,
                                  self.server.idle_seconds - grace)
            self.socket = None                  # not closed when this greenlet ends
            return None
        except OSError:
            return None
        self._deadline = Timeout(self.server.read_seconds)
        self._deadline.start()
        try:
            return super().handle_one_request()
        except Timeout as expired:
            if expired is not self._deadline:
                raise
            return None                          # too slow: drop the connection
        finally:
            self._deadline.close()

    def MessageClass(self, stream: Any, *args: Any) -> Any:  # noqa: N802 (gevent's name)
        return read_headers(stream)

    def _headers(self) -> Iterator[tuple[str, str]]:
        """The headers as the environ's ``HTTP_`` keys, as gevent makes them (a name with
        an underscore dropped), from the pairs read rather than from lines written out
        again and split."""
        for name, value in self.headers.pairs():
            if "_" in name:
                continue
            key = name.replace("-", "_").upper()
            if key != "CONTENT_TYPE" and key != "CONTENT_LENGTH":
                yield "HTTP_" + key, value.strip()

    def get_environ(self) -> dict[str, Any]:
        environ: dict[str, Any] = super().get_environ()
        if self.socket in self.server.refused:
            environ[REFUSED] = self.server.per_client
            self.close_connection = True
        limit = body_limit(self.path or "")
        self.too_large = (self.content_length or 0) > limit
        if not self.too_large and self.command not in ("GET", "HEAD"):
            body = self.wsgi_input.read(limit + 1)
            self.too_large = len(body) > limit
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("HTTP_TRANSFER_ENCODING", None)
        if self._deadline is not None:
            self._deadline.close()                # the request is in
        return environ

    def run_application(self) -> None:
        if self.too_large:
            self.close_connection = True
            self.socket.sendall(_TOO_LARGE)
            return
        super().run_application()

    def _sendall(self, data: bytes | bytearray) -> None:
        """gevent's ``sendall`` asks the kernel for the socket's buffer size before every
        send (a system call an answer); an answer usually goes in one ``send``, and only
        what did not is handed on to ``sendall``."""
        try:
            sent = self.socket.send(data)
            if sent < len(data):
                self.socket.sendall(memoryview(data)[sent:])
        except OSError as error:
            self.status = f"socket error: {error}"
            if self.code > 0:
                self.code = -self.code
            raise
        self.response_length += len(data)

    def _write_with_headers(self, data: bytes) -> None:
        """The status line, the headers and the body's first part in one send.

        gevent sends the head and the body apart (two system calls and two TCP segments an
        answer); an answer here is a few kilobytes, which copy in less time than a call."""
        self.headers_sent = True
        self.finalize_headers()
        towrite = bytearray(b"HTTP/1.1 ")
        towrite += self.status
        towrite += b"\r\n"
        for header, value in self.response_headers:
            towrite += header
            towrite += b": "
            towrite += value
            towrite += b"\r\n"
        towrite += b"\r\n"
        if data and self.response_use_chunked:
            towrite += b"%x\r\n" % len(data)
            towrite += data
            towrite += b"\r\n"
        elif data:
            towrite += data
        self._sendall(towrite)

    def process_result(self) -> None:
        """An event stream's first event, then its socket goes to :class:`HeldStreams` and
        this greenlet ends; any other answer as gevent sends it."""
        stream = self.environ.get(live.HELD)
        if stream is None or self.command != "GET" or self.code != 200:
            super().process_result()
            return
        stream.held = True
        try:
            self.write(stream.opening().encode())
        except BaseException:
            stream.held = False
            stream.close()
            raise
        self.server.streams.hold(self.socket, self.client_address, stream,
                                 self.response_use_chunked)
        self.socket = None                  # not closed when this greenlet ends
        self.close_connection = True

    def log_request(self) -> None:
        """No access log: seat and host links carry their token in the path."""

    def finalize_headers(self) -> None:
        if self.provided_date is None:
            self.response_headers.append((b"Date", _http_date()))
            self.provided_date = True
        if self.close_connection and REFUSED in self.environ:
            self.response_headers.append((b"Connection", b"close"))
        super().finalize_headers()


_dated: list[Any] = [0, b""]
"""The second and its ``Date`` header's value."""


def _http_date() -> bytes:
    """The ``Date`` header, written once a second rather than for every answer."""
    now = int(time.time())
    if _dated[0] != now:
        _dated[0], _dated[1] = now, format_date_time(now)
    return bytes(_dated[1])


class BoundedServer(WSGIServer):
    """gevent's WSGI server with a per-client connection cap, a total cap and deadlines."""

    handler_class = BoundedHandler

    def __init__(self, listener: Any, application: Any, *,
                 per_client: int = MAX_CONNECTIONS_PER_CLIENT,
                 read_seconds: float = REQUEST_READ_SECONDS,
                 idle_seconds: float = IDLE_SECONDS,
                 connection_limit: int = CONNECTION_LIMIT) -> None:
        self.per_client = per_client
        self.read_seconds = read_seconds
        self.idle_seconds = idle_seconds
        self.connection_limit = connection_limit
        self.clients: Counter[str] = Counter()
        self.refused: set[Any] = set()
        """Connections beyond their client's bound (``bounds.REFUSED``)."""
        self.streams = HeldStreams(self)
        self.idle = IdleConnections(self)
        super().__init__(listener, application, spawn=Pool(connection_limit), log=None,
                         error_log=logging.getLogger("companion.server"))
        self.full = self._full              # held connections count towards the limit

    def _full(self) -> bool:
        held = len(self.streams) + len(self.idle)
        return self.pool.full() or len(self.pool) + held >= self.connection_limit

    def do_handle(self, sock: Any, address: Any) -> None:
        host = client_of(address)
        fate = beyond(self.clients[host], self.per_client)
        if fate == "dropped":
            sock.close()
            return
        if fate == "refused":
            self.refused.add(sock)          # one answer with a sentence, then closed
        self.clients[host] += 1
        # An answer leaves in two writes (head, then body): without this the body waits
        # for the client's delayed ACK, 40 ms on Linux (waitress set it too).
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().do_handle(sock, address)

    def do_close(self, sock: Any, address: Any) -> None:
        if sock in self.streams or sock in self.idle:
            return                          # held: closed when the loop lets it go
        self.refused.discard(sock)
        self.closed(address)
        super().do_close(sock, address)

    def resume(self, sock: Any, address: Any) -> None:
        """A held connection's next request is here: serve it in a fresh greenlet."""
        try:
            self.pool.start(Greenlet(self._serve, sock, address), blocking=False)
        except PoolFull:                    # cannot happen: held ones count in the limit
            sock.close()
            self.closed(address)

    def _serve(self, sock: Any, address: Any) -> None:
        try:
            self.handle(sock, address)
        finally:
            self.do_close(sock, address)

    def closed(self, address: Any) -> None:
        """A connection is gone: its client may open another, and the server accept again."""
        host = client_of(address)
        self.clients[host] -= 1
        if self.clients[host] <= 0:
            del self.clients[host]
        if self.started and not self.full():
            self.start_accepting()

    def stop(self, timeout: float | None = None) -> None:
        self.streams.close_all()
        self.idle.close_all()
        super().stop(timeout)

    def run(self) -> None:
        """Serve until interrupted (Ctrl+C) or closed."""
        try:
            self.serve_forever()
        except KeyboardInterrupt:
            self.stop(timeout=1)


class _RedactedStream:
    """Where gevent prints a failed greenlet's traceback: tokens cut out, as in every log."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> None:
        self.stream.write(logs.redact(text))

    def flush(self) -> None:
        self.stream.flush()


class LoopTurns:
    """The event loop's turns for the store's group commit (``store.commit_in_groups``):
    the writes of the requests that run in one turn share one COMMIT, made by a callback
    once they have all yielded; each request waits on a gevent event meanwhile. Whether
    others may still run in this turn is libev's count of watchers ready but not yet run
    (connections readable, timers due) — none: the writes commit at once."""

    def at_end_of_turn(self, callback: Any) -> None:
        gevent.get_hub().loop.run_callback(callback)

    def event(self) -> Any:
        return Event()

    def can_wait(self) -> bool:
        return gevent.getcurrent() is not gevent.get_hub()

    def others_ready(self) -> bool:
        return bool(gevent.get_hub().loop.pendingcnt)


def _enough_descriptors(needed: int) -> None:
    try:
        import resource
    except ImportError:         # Windows: no such limit to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def make_server(app: Any, host: str, port: int, threads: int | None = None,
                per_client: int = MAX_CONNECTIONS_PER_CLIENT,
                read_seconds: float = REQUEST_READ_SECONDS) -> BoundedServer:
    """A bound, listening server (``.run()`` serves); raises OSError if the port is taken.

    ``threads`` is accepted for old callers and ignored: one event loop serves everything.
    """
    del threads
    _enough_descriptors(CONNECTION_LIMIT + 64)
    listener = _listen(host, port)      # first: a taken port leaves the process as it was
    live.cooperate()
    store.commit_in_groups(LoopTurns())
    gevent.get_hub().exception_stream = _RedactedStream(sys.stderr)
    freeze_loaded()
    return BoundedServer(listener, app, per_client=per_client, read_seconds=read_seconds)


def _listen(host: str, port: int) -> Any:
    """The listening socket, bound now: a taken port is an error before "running"."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(1024)
    except BaseException:
        sock.close()
        raise
    return sock
