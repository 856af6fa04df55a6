"""The pure-Python mode's server: waitress, held to the bounds of ``bounds.py``.

Why waitress: it is pure Python with no dependency of its own, so ``pip install`` needs no
compiler wherever Python runs (a tablet under Termux, Windows, a Raspberry Pi); it is kept
by the Pylons project, released several times a year, and is the production server Flask's
own deployment guide names first for pure Python. It reads every connection in one loop of
its own (no thread waits on a slow or quiet client) and hands each request, once complete,
to a fixed pool of threads. Werkzeug's development server is not meant to serve, wsgiref
serves one request at a time, and cheroot gives every connection a thread while it is
being read.

What differs from gevent's server (``serving.py``, the fast mode): each request runs in one
of ``threads`` threads, each with its own database connection (``companion/web/db.py``),
and an open event stream keeps its thread for as long as it is open (waitress iterates an
answer in a thread). A table of six phones and a tablet holds seven; every stream beyond
``threads - REQUEST_THREADS`` is answered 204 instead (``live.ROOM``), and that screen
polls its fragment every second, as where no stream can be held. A phone that went away
frees its thread within a heartbeat (``live.HEARTBEAT_SECONDS``): the loop notices the
closed connection and the stream's next write ends it.
"""

from __future__ import annotations

import copy
import os
import select
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer
from waitress.task import WSGITask

from companion.server import live
from companion.server.bounds import (
    CONNECTION_LIMIT,
    IDLE_SECONDS,
    MAX_BODY_BYTES,
    MAX_CONNECTIONS_PER_CLIENT,
    MAX_HEADER_BYTES,
    REFUSED,
    REQUEST_READ_SECONDS,
    REQUEST_THREADS,
    THREADS,
    beyond,
    body_limit,
    client_of,
)
from companion.server.modes import freeze_loaded

SWEEP_SECONDS = 1.0
"""How often the loop looks for requests past their read deadline and quiet connections."""


class StreamRoom:
    """How many event streams may hold a thread now (``live.ROOM``)."""

    def __init__(self, places: int) -> None:
        self.places = places
        self.taken = 0
        self._lock = threading.Lock()

    def take(self) -> bool:
        with self._lock:
            if self.taken >= self.places:
                return False
            self.taken += 1
            return True

    def give_back(self) -> None:
        with self._lock:
            self.taken -= 1


class _GivesBack:
    """An event stream's answer: its place in the room is given back when it ends."""

    def __init__(self, answer: Iterable[bytes], room: StreamRoom) -> None:
        self.answer = answer
        self.room = room

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.answer)

    def close(self) -> None:
        try:
            close = getattr(self.answer, "close", None)
            if close is not None:
                close()
        finally:
            self.room.give_back()


class _WithRoom:
    """The application, told how many streams may still be held (``live.ROOM``)."""

    def __init__(self, app: Any, room: StreamRoom) -> None:
        self.app = app
        self.room = room

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        environ[live.ROOM] = self.room
        answer = self.app(environ, start_response)
        if environ.get(live.HELD) is None:
            return answer
        return _GivesBack(answer, self.room)


class BoundedTask(WSGITask):
    """A request; one that came on a connection beyond its client's bound carries
    ``REFUSED`` for the app, and its connection closes after the answer."""

    def get_environment(self) -> dict[str, Any]:
        environ: dict[str, Any] = super().get_environment()
        self.channel.serving = environ
        if self.channel.refused and REFUSED not in environ:
            environ[REFUSED] = self.channel.server.per_client
            self.set_close_on_finish()
        return environ


class BoundedParser(HTTPRequestParser):
    """A request's parser that holds its body to its path's bound (``bounds.body_limit``:
    a saved game's file may be larger); waitress's own ``max_request_body_size`` is one
    bound for every path."""

    adj: Adjustments

    def parse_header(self, header_plus: bytes) -> None:
        super().parse_header(header_plus)
        limit = body_limit(self.path or "")
        if limit != self.adj.max_request_body_size:
            # The server's settings with this bound, made once and kept beside them.
            widened: dict[int, Adjustments] = self.adj.__dict__.setdefault("widened", {})
            if limit not in widened:
                widened[limit] = copy.copy(self.adj)
                widened[limit].max_request_body_size = limit
            self.adj = widened[limit]


class BoundedChannel(HTTPChannel):
    """One connection: counted against its client's bound, its request timed from its
    first byte."""

    task_class = BoundedTask
    parser_class = BoundedParser
    refused = False
    reading_since = 0.0
    serving: dict[str, Any] | None = None
    """The environ of the request it serves (or served last)."""

    def received(self, data: bytes) -> bool:
        if self.request is None:
            self.reading_since = time.monotonic()
        return bool(super().received(data))

    def handle_read(self) -> None:
        """A phone that closed its event stream frees the stream's thread at once: the
        stream wakes, its next write finds the connection gone, and it ends (else it
        would wait for its heartbeat)."""
        super().handle_read()
        stream = None if self.connected or self.serving is None else self.serving.get(live.HELD)
        if stream is not None:
            stream.watch.wake()

    def del_channel(self, map: Any = None) -> None:  # noqa: A002 (waitress's name)
        if self._fileno is not None:
            self.server.closed(self.addr)
        super().del_channel(map)


class BoundedWaitress(TcpWSGIServer):
    """waitress's server with a per-client connection bound and a read deadline."""

    channel_class = BoundedChannel

    def __init__(self, app: Any, listener: socket.socket, adj: Adjustments, per_client: int,
                 read_seconds: float) -> None:
        self.per_client = per_client
        self.read_seconds = read_seconds
        self.clients: Counter[str] = Counter()
        self.room = StreamRoom(max(1, adj.threads - REQUEST_THREADS))
        super().__init__(_WithRoom(app, self.room), _sock=listener, adj=adj, bind_socket=False,
                         sockinfo=(listener.family, listener.type, listener.proto,
                                   listener.getsockname()))

    def handle_accept(self) -> None:
        try:
            accepted = self.accept()
            if accepted is None:
                return
            conn, addr = accepted
            self.set_socket_options(conn)
        except OSError:
            return
        addr = self.fix_addr(addr)
        host = client_of(addr)
        fate = beyond(self.clients[host], self.per_client)
        if fate == "dropped":
            conn.close()
            return
        self.clients[host] += 1
        channel = self.channel_class(self, conn, addr, self.adj, map=self._map)
        channel.refused = fate == "refused"

    def closed(self, address: Any) -> None:
        host = client_of(address)
        self.clients[host] -= 1
        if self.clients[host] <= 0:
            del self.clients[host]

    def maintenance(self, now: float) -> None:
        """waitress closes connections quiet for ``channel_timeout``; a request still
        incomplete ``read_seconds`` after its first byte is dropped too."""
        super().maintenance(now)
        late = time.monotonic() - self.read_seconds
        for channel in list(self.active_channels.values()):
            if channel.request is not None and not channel.requests \
                    and channel.reading_since < late:
                channel.will_close = True

    def stop(self, timeout: float | None = None) -> None:
        self.task_dispatcher.shutdown(timeout=timeout or 5)
        self.close()


def make_server(app: Any, host: str, port: int, *,
                per_client: int = MAX_CONNECTIONS_PER_CLIENT,
                read_seconds: float = REQUEST_READ_SECONDS,
                threads: int = THREADS) -> BoundedWaitress:
    """A bound, listening server (``.run()`` serves until Ctrl+C); raises OSError if the
    port is taken."""
    listener = _listen(host, port)      # first: a taken port leaves nothing half made
    polling = hasattr(select, "poll")       # select() alone (Windows) holds ≈ 500 sockets
    adj = Adjustments(
        sockets=[listener], threads=threads, ident="",
        connection_limit=CONNECTION_LIMIT if polling else 500, asyncore_use_poll=polling,
        channel_timeout=IDLE_SECONDS, cleanup_interval=SWEEP_SECONDS,
        max_request_header_size=MAX_HEADER_BYTES, max_request_body_size=MAX_BODY_BYTES,
        # Read on while a request runs: a phone that closed its event stream is noticed
        # at once, not at the second write after it left.
        channel_request_lookahead=1,
        # No log line per closed phone (``log_socket_errors``), no traceback to a client.
        log_socket_errors=False, expose_tracebacks=False,
        clear_untrusted_proxy_headers=True,
    )
    _fewer_arenas()
    server = BoundedWaitress(app, listener, adj, per_client, read_seconds)
    freeze_loaded()
    return server


def _fewer_arenas() -> None:
    """Where the C library is glibc, two malloc arenas rather than one for each thread that
    allocates (up to eight per core): the threads take turns for the interpreter anyway,
    and the arenas held ≈ 10 MB of a pure-Python server's 85 (bench/modes.py). Elsewhere
    (musl, Android's bionic, Windows) nothing changes."""
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, TypeError):
        return
    mallopt(-8, 2)                          # M_ARENA_MAX

def _listen(host: str, port: int) -> socket.socket:
    family, kind, proto, _, address = socket.getaddrinfo(
        host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    try:
        if os.name != "nt":     # on Windows it would let a second server take the port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except BaseException:
        sock.close()
        raise
    return sock
