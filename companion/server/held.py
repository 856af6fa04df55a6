"""Connections the event loop holds without a greenlet: a keep-alive connection between two
requests, and an open event stream.

A greenlet that served a request keeps, for as long as it lives, the pages of Python's frame
stack it touched (a 16 KB chunk per greenlet) and, while it waits, a copy of its slice of
the C stack (≈ 5 KB); its connection keeps gevent's 8 KB read buffer. Measured
(bench/README.md), that was ≈ 25 KB per open event stream and ≈ 30 KB per idle keep-alive
connection: 500 phones, each with its stream and a connection for its fetches, cost 30 MB.
Held here, a connection is its socket, a read watcher and a timer on the loop (≈ 2 KB);
a held connection that becomes readable gets a fresh greenlet for its next request, and
one greenlet sends every held stream its events.
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any, Protocol

import gevent
from gevent.event import Event

from companion.server import live


class Server(Protocol):
    """What the holders ask of the server (``serving.BoundedServer``)."""

    loop: Any

    def closed(self, address: Any) -> None: ...

    def resume(self, sock: Any, address: Any) -> None: ...


class _Held:
    """One held connection: its socket, a watcher for it becoming readable, a timer, and
    for an event stream its ``live.Stream``."""

    __slots__ = ("sock", "address", "stream", "chunked", "reader", "timer")

    def __init__(self, sock: Any, address: Any, stream: live.Stream | None = None,
                 chunked: bool = False) -> None:
        self.sock = sock
        self.address = address
        self.stream = stream
        self.chunked = chunked
        self.reader: Any = None
        self.timer: Any = None


class _Holder:
    def __init__(self, server: Server) -> None:
        self.server = server
        self.held: dict[Any, _Held] = {}            # socket -> its holding

    def __len__(self) -> int:
        return len(self.held)

    def __contains__(self, sock: Any) -> bool:
        return sock in self.held

    def _watch(self, held: _Held, readable: Any, seconds: float, repeat: float,
               timed: Any) -> None:
        loop = gevent.get_hub().loop
        held.reader = loop.io(held.sock.fileno(), 1)
        held.reader.start(readable, held)
        held.timer = loop.timer(seconds, repeat)
        held.timer.start(timed, held)
        self.held[held.sock] = held

    def _release(self, held: _Held) -> bool:
        """Stop holding it (False: it was not held any more)."""
        if self.held.pop(held.sock, None) is None:
            return False
        for watcher in (held.reader, held.timer):
            watcher.stop()
            watcher.close()
        return True

    def _close(self, held: _Held) -> None:
        with contextlib.suppress(OSError):
            held.sock.close()
        self.server.closed(held.address)

    def close_all(self) -> None:
        for held in list(self.held.values()):
            if self._release(held):
                self._close(held)


class IdleConnections(_Holder):
    """Keep-alive connections waiting for their next request: readable, the server serves
    it in a fresh greenlet; quiet for ``seconds`` more, it is closed."""

    def hold(self, sock: Any, address: Any, seconds: float) -> None:
        self._watch(_Held(sock, address), self._readable, seconds, 0.0, self._expired)

    def _readable(self, held: _Held) -> None:
        if self._release(held):
            self.server.resume(held.sock, held.address)

    def _expired(self, held: _Held) -> None:
        if self._release(held):
            self._close(held)


class HeldStreams(_Holder):
    """Every open event stream.

    A stream is due when its watch wakes (a commit on its table, a nudge), when its
    heartbeat is due (every ``live.HEARTBEAT_SECONDS``) or when its socket becomes readable
    (a screen never speaks on its stream: the phone closed it). One greenlet sends each due
    stream its next event without waiting: a socket whose buffer is full belongs to a phone
    that stopped reading, and its stream is closed (the page reconnects if it comes back).
    """

    def __init__(self, server: Server) -> None:
        super().__init__(server)
        self.due: dict[_Held, bool] = {}            # stream -> its socket became readable
        self.ready = Event()
        self.sender: Any = None

    def hold(self, sock: Any, address: Any, stream: live.Stream, chunked: bool) -> None:
        """Take over a stream whose response head and first event are sent."""
        held = _Held(sock, address, stream, chunked)
        sock.settimeout(0.0)                        # sends and reads never wait
        self._watch(held, self._mark_readable, live.HEARTBEAT_SECONDS,
                    live.HEARTBEAT_SECONDS, self._mark)
        stream.watch.notify = lambda: self._mark(held)
        if stream.watch.newer(stream.seen) is not None:   # committed since the first event
            self._mark(held)
        if self.sender is None:
            self.sender = gevent.spawn_raw(self._send_due)

    def _mark(self, held: _Held, readable: bool = False) -> None:
        if held.sock in self.held:
            self.due[held] = self.due.get(held, False) or readable
            self.ready.set()

    def _mark_readable(self, held: _Held) -> None:
        self._mark(held, True)

    def _send_due(self) -> None:
        while True:
            self.ready.wait()
            self.ready.clear()
            due, self.due = self.due, {}
            for held, readable in due.items():
                if held.sock in self.held:
                    self._send(held, readable)

    def _send(self, held: _Held, readable: bool) -> None:
        stream = held.stream
        assert stream is not None
        try:
            if readable:
                try:
                    held.sock.recv(512)
                except BlockingIOError:
                    return                          # nothing to read after all
                self.drop(held)                     # closed, or spoke: either way, done
                return
            event = stream.next_event(stream.watch.newer(stream.seen))
            if event is None:                       # the link stopped working
                if held.chunked:
                    held.sock.send(b"0\r\n\r\n")
                self.drop(held)
                return
            data = event.encode()
            if held.chunked:
                data = b"%x\r\n%s\r\n" % (len(data), data)
            if held.sock.send(data) < len(data):
                self.drop(held)                     # the phone stopped reading
        except OSError:
            self.drop(held)
        except Exception:
            self.server.loop.handle_error(stream, *sys.exc_info())
            self.drop(held)

    def drop(self, held: _Held) -> None:
        """End one held stream and close its socket."""
        if not self._release(held):
            return
        self.due.pop(held, None)
        if held.stream is not None:
            held.stream.watch.notify = None
            held.stream.held = False
            held.stream.close()
        self._close(held)

    def close_all(self) -> None:
        for held in list(self.held.values()):
            self.drop(held)
