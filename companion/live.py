"""Updates pushed, not polled: a table's new version reaches the screens watching it the
moment the write that made it commits.

``store.writing`` calls :func:`published` after each COMMIT with the versions it wrote;
each open event stream (``/s/<token>/events`` and the like, ``companion/web/screens.py``)
holds a :class:`Watch` on its table and wakes only for that table. Nothing is kept for a
table nobody watches, and a watch costs no CPU while it waits.

Streams wait on ``threading.Event`` by default (Flask's test client, any threaded server);
``companion serve`` runs every connection as a greenlet in one thread and calls
:func:`cooperate` so that a waiting stream yields to the event loop instead of blocking it.
"""

from __future__ import annotations

import threading
from typing import Any

HEARTBEAT_SECONDS = 4.0
"""On a quiet stream the current version is sent again this often: the screen knows its
stream is alive (``static/companion.js`` shows "Reconnecting…" after 10 s of silence),
proxies keep it open, and a write to a phone that went away ends the stream."""
RECHECK_SECONDS = 15.0
"""How often a quiet stream reads its table's version from the database (a write made by
another process; a seat link re-issued meanwhile ends the stream)."""

_lock = threading.Lock()
_watching: dict[str, set[Watch]] = {}
_latest: dict[str, int] = {}
_make_event: Any = threading.Event


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
            watch.event.set()


def nudge(code: str) -> None:
    """Wake every stream watching this table to say it again (who is present changed)."""
    with _lock:
        watchers = list(_watching.get(code, ()))
    for watch in watchers:
        watch.event.set()


def watchers() -> int:
    """Open watches in this process (the benchmark and tests read it)."""
    with _lock:
        return sum(len(found) for found in _watching.values())
