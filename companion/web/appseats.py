"""The app's seats at play in a running server: after every write to a table whose seat
the app plays (Fury's Dracula), the app takes that seat's decisions, one after another, at
a pace a table can follow.

Each decision is ``referee.appseat``'s three parts. Under ``companion serve`` in the fast
mode (gevent's event loop; the command sets ``APP_SEATS_IN_LOOP``) a greenlet per table
reads the table and decides in a worker thread — its own database connection, no lock
held — so the server keeps answering every other screen meanwhile, then waits until
``APP_PACE`` seconds have passed since the step that made the seat due (or since its own
last action) and stores the action in one write transaction in the loop, like a phone's.
The pause a table sees is thus the pace, however long the decision took (issues 40 and 42:
a pause that grew with a hard decision would hint at what the seat holds). A write to the
table during the wait (a hunter takes back a free action, another phone acts) makes the
stored decision stale: ``take`` refuses it and the app decides again from the table as it
is then, its pace counted from that write. In the pure-Python mode (waitress's threads;
``APP_SEATS_IN_THREADS``) a thread per table does the same on its own connection. Where no
server runs (Flask's test client, the tests) the decisions are taken at the end of the
request that made them due, before its answer.

A write that makes the app's seat due is noticed through ``store.on_commit`` (every commit
names the tables it changed); a server that starts with such a table waiting picks it up
at once.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from flask import Flask

from companion import store
from companion.referee import appseat
from companion.web.db import get_db

PACE_SECONDS = 1.2
"""From the step that made the app's seat due (or its own last action) to its action under
the server, however long it took to decide: each step shows on the screens (the tablet,
the phones) long enough for a table to follow, and a hunter may still take back a free
action of his own before the app answers it."""

_changed: set[str] = set()
"""Tables written since the last request ended (the commit listener fills it)."""
_running: dict[str, float | None] = {}
"""Tables whose app seat a greenlet or a thread plays now → when a write asked for it again
since it last read the table (``time.monotonic``), None when none did."""
_running_lock = threading.Lock()
_inline = threading.local()
_worker = threading.local()


def _note(versions: dict[str, int]) -> None:
    _changed.update(versions)


def init_app(app: Flask) -> None:
    store.on_commit(_note)
    app.config.setdefault("APP_PACE", float(os.environ.get("COMPANION_APP_PACE",
                                                           PACE_SECONDS)))
    app.after_request(_after)


def _after(response: Any) -> Any:
    from flask import current_app

    codes = sorted(_changed)
    _changed.clear()
    for code in codes:
        schedule(current_app._get_current_object(), code)  # type: ignore[attr-defined]
    return response


def schedule(app: Flask, code: str) -> None:
    """Let the app's seats at ``code`` take the decisions they have now."""
    if appseat.plays_none(code):
        return
    if not (app.config.get("APP_SEATS_IN_LOOP") or app.config.get("APP_SEATS_IN_THREADS")):
        if getattr(_inline, "busy", False):
            return
        _inline.busy = True
        try:
            db = get_db()
            while appseat.play_due(db, code):
                pass
        finally:
            _inline.busy = False
            _changed.discard(code)
        return
    asked = time.monotonic()
    with _running_lock:
        if code in _running:
            _running[code] = asked
            return
        _running[code] = None
    _spawn(app, _play, app, code, asked)


def resume(app: Flask) -> None:
    """At the server's start: every table in play whose app seat may be waiting."""

    def later() -> None:
        with app.app_context():
            for code in store.tables_in_play(get_db()):
                schedule(app, code)
    _spawn(app, later)


def _spawn(app: Flask, run: Any, *args: Any) -> None:
    """A greenlet under gevent's loop, else a thread of its own."""
    if app.config.get("APP_SEATS_IN_LOOP"):
        import gevent

        gevent.spawn(run, *args)
    else:
        threading.Thread(target=run, args=args, name="app-seat", daemon=True).start()


def _play(app: Flask, code: str, since: float) -> None:
    """Decide, wait out the pace, store; again until the app's seats have nothing to do.
    The pace counts from ``since``: the app's own last action, or the newest write to the
    table its decision read (a write asks with its time through ``schedule``), whichever
    came last — at first the write that started this run."""
    path = app.config["DATABASE"]
    if app.config.get("APP_SEATS_IN_LOOP"):
        import gevent

        pool = gevent.get_hub().threadpool
        sleep: Any = gevent.sleep

        def decide() -> Any:
            return pool.apply(_prepare_and_decide, (path, code))
    else:
        sleep = time.sleep

        def decide() -> Any:      # this thread is the worker: it has a connection of its own
            return _prepare_and_decide(path, code)
    db = store.connect(path)    # not get_db(): a greenlet sharing the thread may reopen that
    try:
        with app.app_context():
            while True:
                decided = decide()
                with _running_lock:         # the writes it read, or that came since
                    asked = _running.get(code)
                    if decided is None and asked is None:
                        _running.pop(code, None)
                        return
                    _running[code] = None
                if asked is not None:
                    since = max(since, asked)
                if decided is None:
                    continue
                if store.version(db, code) != decided[0].version:
                    if asked is None:       # a write since it read the table: again
                        _not_yet_asked(code)
                    continue
                sleep(max(0.0, since + app.config["APP_PACE"] - time.monotonic()))
                if appseat.take(db, *decided):
                    since = time.monotonic()
                    _changed.discard(code)      # its own write asks nothing of it
                    continue
                _not_yet_asked(code)        # a write during the wait: again
    except Exception:
        app.logger.exception("the app's seat at table %s could not act", code)
        with _running_lock:
            _running.pop(code, None)
    finally:
        db.conn.close()


def _not_yet_asked(code: str) -> None:
    """The table moved on by a write that has not asked for the app yet (its request is
    still being answered): the pace counts from now unless it asks meanwhile."""
    with _running_lock:
        if _running.get(code) is None:
            _running[code] = time.monotonic()


def _prepare_and_decide(path: str, code: str) -> tuple[appseat.Turn, dict[str, Any]] | None:
    """In a worker thread, on its own connection: read the table, decide."""
    db = getattr(_worker, "db", None)
    if db is None or getattr(_worker, "path", None) != path:
        db = _worker.db = store.connect(path)
        _worker.path = path
    return appseat.next_decision(db, code)
