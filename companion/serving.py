"""The HTTP server: waitress, bounded so that one device cannot starve a table.

Waitress reads every request in its one event loop and hands only complete requests to
its worker threads, so a slow client costs a connection, not a thread; but connections
are finite. 1,100 half-sent requests from one device used to fill the 1,000-connection
limit and stall every screen for the 30 s idle timeout. The bounds, in one place so that
another server (issue 15: push updates) can carry them over:

``MAX_CONNECTIONS_PER_CLIENT``
    open connections per client address; more are closed at once. A browser keeps about
    six per host and the tablet may show two screens, so 32 leaves room; a load test from
    one machine raises it (``companion serve --max-per-client``).
``REQUEST_READ_SECONDS``
    a request's headers and body must arrive within this many seconds of its first byte;
    a request still incomplete then is dropped with its connection.
``CONNECTION_LIMIT`` / ``IDLE_SECONDS``
    all connections together, and how long an idle keep-alive connection is kept.
``MAX_HEADER_BYTES`` / ``MAX_BODY_BYTES``
    refused by waitress before the application sees them (Flask's ``MAX_CONTENT_LENGTH``
    of 64 KiB is the tighter body bound for the app itself).

The application-level bound — wrong table codes and links per client — is in
``companion/web/throttle.py``.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

MAX_CONNECTIONS_PER_CLIENT = 32
REQUEST_READ_SECONDS = 10.0
CONNECTION_LIMIT = 1000
IDLE_SECONDS = 30
MAX_HEADER_BYTES = 32 * 1024
MAX_BODY_BYTES = 256 * 1024


class BoundedChannel(HTTPChannel):
    """A connection that remembers when its current request began arriving."""

    request_started = 0.0
    _client: str | None = None

    def __init__(self, server: BoundedServer, sock: Any, addr: Any, adj: Adjustments,
                 map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        self._client = server.count_in(addr)

    def received(self, data: bytes) -> bool:
        if self.request is None:  # these are the first bytes of a new request
            self.request_started = time.monotonic()
        return super().received(data)

    def del_channel(self, map: Any = None) -> None:
        if self._client is not None:
            self.server.count_out(self._client)
            self._client = None
        super().del_channel(map)


class BoundedServer(TcpWSGIServer):
    """waitress's TCP server with a per-client connection cap and a request read deadline."""

    channel_class = BoundedChannel

    def __init__(self, *args: Any, per_client: int = MAX_CONNECTIONS_PER_CLIENT,
                 read_seconds: float = REQUEST_READ_SECONDS, **kw: Any) -> None:
        self.per_client = per_client
        self.read_seconds = read_seconds
        self.clients: Counter[str] = Counter()
        self.clients_lock = threading.Lock()
        super().__init__(*args, **kw)

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
        with self.clients_lock:
            full = self.clients[_host(addr)] >= self.per_client
        if full:
            conn.close()
            return
        self.channel_class(self, conn, addr, self.adj, map=self._map)

    def count_in(self, addr: Any) -> str:
        host = _host(addr)
        with self.clients_lock:
            self.clients[host] += 1
        return host

    def count_out(self, host: str) -> None:
        with self.clients_lock:
            self.clients[host] -= 1
            if self.clients[host] <= 0:
                del self.clients[host]

    def maintenance(self, now: float) -> None:
        super().maintenance(now)
        deadline = time.monotonic() - self.read_seconds
        for channel in list(self.active_channels.values()):
            if channel.request is not None and channel.request_started < deadline:
                channel.will_close = True


def _host(addr: Any) -> str:
    return str(addr[0]) if isinstance(addr, tuple) and addr else str(addr)


def make_server(app: Any, host: str, port: int, threads: int = 8,
                per_client: int = MAX_CONNECTIONS_PER_CLIENT,
                read_seconds: float = REQUEST_READ_SECONDS) -> Any:
    """A bound, listening server (``.run()`` serves); raises OSError if the port is taken."""
    adj = Adjustments(
        host=host, port=port, threads=threads, connection_limit=CONNECTION_LIMIT,
        channel_timeout=IDLE_SECONDS, cleanup_interval=1,
        max_request_header_size=MAX_HEADER_BYTES, max_request_body_size=MAX_BODY_BYTES,
        # poll() instead of select(): select() ends the whole process once a socket's
        # number passes 1023.
        asyncore_use_poll=True, ident="companion",
    )
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    socket_map: dict[int, Any] = {}
    servers: list[BoundedServer] = []
    for info in adj.listen:
        server = BoundedServer(app, socket_map, False, dispatcher=dispatcher, adj=adj,
                               sockinfo=info, bind_socket=False, per_client=per_client,
                               read_seconds=read_seconds)
        servers.append(server)
        try:
            server.bind_server_socket()
            server.accept_connections()
        except OSError:
            for made in servers:
                made.close()
            dispatcher.shutdown()
            raise
        server.effective_host, server.effective_port = server.getsockname()
    if len(servers) == 1:
        return servers[0]
    return MultiSocketServer(socket_map, adj,
                             [(s.effective_host, s.effective_port) for s in servers],
                             dispatcher, servers[-1].log_info)
