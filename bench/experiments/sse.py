"""Experiment: live updates by server-sent events instead of polling, to measure both.

Adds ``GET /s/<token>/events`` and ``GET /t/<code>/events`` (``text/event-stream``): one
``data: <version>`` event at once and one each time that table's version changes, a comment
every 15 s otherwise. Each stream holds a waitress worker thread for its whole life (a WSGI
app cannot give the thread back), so the server needs ``threads`` >= streams + a few for
the ordinary requests; ``bench/run.py --live sse`` starts it so. A stream waits on its own
table's condition, woken only after a write to that table commits (no polling of SQLite).
The page would then fetch its fragment (``/live?v=``) when an event says the version moved.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

from flask import Response

import companion
from companion import store, tables
from companion.db import get_db

VERSIONS: dict[str, int] = {}
_conditions: dict[str, threading.Condition] = {}
_lock = threading.Lock()
_pending = threading.local()
_writing = store.writing
_update_table = store.update_table
HEARTBEAT = 15.0


def condition(code: str) -> threading.Condition:
    with _lock:
        found = _conditions.get(code)
        if found is None:
            found = _conditions[code] = threading.Condition()
        return found


def _publish(versions: dict[str, int]) -> None:
    for code, version in versions.items():
        cond = condition(code)
        with cond:
            VERSIONS[code] = version
            cond.notify_all()


@contextlib.contextmanager
def writing(db: Any) -> Iterator[Any]:
    _pending.versions = {}
    with _writing(db) as inside:
        yield inside
    versions, _pending.versions = _pending.versions, {}
    _publish(versions)                       # only after the COMMIT


def update_table(db: Any, code: str, **fields: Any) -> None:
    _update_table(db, code, **fields)
    if "version" in fields:
        pending = getattr(_pending, "versions", None)
        if pending is None:
            _publish({code: fields["version"]})
        else:
            pending[code] = fields["version"]


store.writing = writing
store.update_table = update_table


def stream(code: str, version: int) -> Response:
    with condition(code):
        VERSIONS.setdefault(code, version)

    def events() -> Iterator[str]:
        seen = VERSIONS[code]
        yield f"retry: 1000\ndata: {seen}\n\n"
        cond = condition(code)
        while True:
            with cond:
                cond.wait_for(lambda seen=seen: VERSIONS[code] != seen, timeout=HEARTBEAT)
                current = VERSIONS[code]
            if current != seen:
                seen = current
                yield f"data: {current}\n\n"
            else:
                yield ": ping\n\n"          # also finds a closed connection

    return Response(events(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


_create_app = companion.create_app


def create_app(*args: Any, **kwargs: Any) -> Any:
    app = _create_app(*args, **kwargs)

    def seat_events(token: str) -> Any:
        table, _seat = tables.open_seat(get_db(), token)
        return stream(table.code, table.version)

    def table_events(code: str) -> Any:
        table = tables.open_table(get_db(), code)
        return stream(table.code, table.version)

    app.add_url_rule("/s/<token>/events", "sse_seat_events", seat_events)
    app.add_url_rule("/t/<code>/events", "sse_table_events", table_events)
    return app


companion.create_app = create_app
