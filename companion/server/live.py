"""Updates pushed, not polled: a table's new version reaches the screens watching it the
moment the write that made it commits.

``store.writing`` calls :func:`published` after each COMMIT with the versions it wrote;
each open event stream (``/s/<token>/events`` and the like, ``companion/web/screens.py``)
holds a :class:`Watch` on its table and wakes only for that table. Nothing is kept for a
table nobody watches, and a watch costs no CPU while it waits.

A :class:`Stream` says what a screen is sent. Iterated (Flask's test client, any WSGI
server) it waits on ``threading.Event`` between events, or as a greenlet once
:func:`cooperate` was called. ``companion serve`` does not iterate it: it takes the stream
from the request's environ (``HELD``) and holds it without a greenlet
(``companion/server/serving.py``), calling :meth:`Stream.next_event` when the watch wakes it
(``Watch.notify``) or a heartbeat is due — an open stream costs its socket and a few small
objects, not a waiting greenlet's stack.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

HEARTBEAT_SECONDS = 4.0
"""On a quiet stream the current version is sent again this often: the screen knows its
stream is alive (``companion/static/companion.js`` shows "Reconnecting…" after 10 s of silence),
proxies keep it open, and a write to a phone that went away ends the stream."""
RECHECK_SECONDS = 15.0
"""How often a quiet stream reads its table's version from the database (a write made by
another process; a seat link re-issued meanwhile ends the stream)."""

_lock = threading.Lock()
_watching: dict[str, set[Watch]] = {}
_latest: dict[str, int] = {}
_make_event: Any = threading.Event
HELD = "companion.stream"
"""The environ key under which a stream's view leaves its :class:`Stream` for a server that
holds streams itself."""
ROOM = "companion.stream_room"
"""The environ key of a server whose streams each hold a thread (the pure-Python mode's,
``threaded.py``): an object whose ``take()`` says whether one more may open. A stream that
finds no room is not opened; its screen polls instead."""


def cooperate() -> None:
    """Streams wait as greenlets (gevent's event loop serves every connection)."""
    global _make_event
    from gevent.event import Event

    _make_event = Event


class Watch:
    """One stream's interest in one table: :meth:`wait` returns each newer version."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.event = _make_event()
        self.notify: Callable[[], None] | None = None
        """Called instead of setting ``event`` when something may be new (a held stream)."""
        with _lock:
            _watching.setdefault(code, set()).add(self)

    def wait(self, seen: int, timeout: float) -> int | None:
        """The table's version once it is past ``seen`` (None: nothing within ``timeout``)."""
        if self.latest() > seen:
            return self.latest()
        if not self.event.wait(timeout):
            return None
        self.event.clear()
        latest = self.latest()
        return latest if latest > seen else None

    def latest(self) -> int:
        return _latest.get(self.code, 0)

    def newer(self, seen: int) -> int | None:
        """The table's version if it is past ``seen``, without waiting."""
        latest = self.latest()
        return latest if latest > seen else None

    def wake(self) -> None:
        if self.notify is not None:
            self.notify()
        else:
            self.event.set()

    def close(self) -> None:
        with _lock:
            watchers = _watching.get(self.code)
            if watchers is not None:
                watchers.discard(self)
                if not watchers:
                    del _watching[self.code]
                    _latest.pop(self.code, None)


def published(versions: dict[str, int]) -> None:
    """Committed: wake every stream watching one of these tables (code -> new version)."""
    for code, version in versions.items():
        with _lock:
            watchers = list(_watching.get(code, ()))
            if not watchers:
                continue
            _latest[code] = max(version, _latest.get(code, 0))
        for watch in watchers:
            watch.wake()


def nudge(code: str) -> None:
    """Wake every stream watching this table to say it again (who is present changed)."""
    with _lock:
        watchers = list(_watching.get(code, ()))
    for watch in watchers:
        watch.wake()


def watchers() -> int:
    """Open watches in this process (the benchmark and tests read it)."""
    with _lock:
        return sum(len(found) for found in _watching.values())


class Stream:
    """A screen's event stream: its table's version now, then each newer one as soon as it
    is committed, and the current one again when nothing happened for a while (a screen
    that missed an event catches up then). The stream ends when its link stops working (a
    re-issued seat: ``current()`` is None) or the phone goes away.

    ``present()``, where given, says who has the screen's seats open (a seat's device
    count, the host's signature of them); it follows the version in each event.
    """

    def __init__(self, code: str, current: Callable[[], int | None],
                 present: Callable[[], str] | None = None) -> None:
        self.watch = Watch(code)      # before the first read: a write in between wakes it
        self.current = current
        self.present = present
        self.seen: int = current() or 0
        """The version last said (0: the link stopped working before the first read; the
        next recheck ends the stream)."""
        self.checked = time.monotonic()
        self.held = False
        """Taken over by the server, which closes it (``close`` leaves it alone then)."""

    def said(self) -> str:
        if self.present is None:
            return f"data: {self.seen}\n\n"
        return f"data: {self.seen} {self.present()}\n\n"

    def opening(self) -> str:
        return "retry: 2000\n" + self.said()

    def next_event(self, newer: int | None) -> str | None:
        """What to send after a wait that brought ``newer`` (None: nothing within a
        heartbeat, or only a nudge); None ends the stream (its link stopped working)."""
        if newer is None and time.monotonic() - self.checked >= RECHECK_SECONDS:
            self.checked = time.monotonic()
            newer = self.current()
            if newer is None:
                return None
        self.seen = max(self.seen, newer or self.seen)
        return self.said()

    def __iter__(self) -> Iterator[str]:
        try:
            yield self.opening()
            while True:
                event = self.next_event(self.watch.wait(self.seen, HEARTBEAT_SECONDS))
                if event is None:
                    return
                yield event
        finally:
            self.close()

    def close(self) -> None:
        if not self.held:
            self.watch.close()
