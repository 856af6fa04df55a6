"""The request's database connection: one per server thread, opened once and kept.

Flask's tutorial opens a connection per request. Measured here (bench/README.md), opening
costs 1–4 ms under load and closing the last connection to a WAL database checkpoints it
and deletes its files, which the next request re-creates; at 500 polling devices that
alone made the server fall behind. A transaction never outlives ``store.writing``, so a
kept connection carries no state from one request to the next.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time

from flask import Flask, current_app
from sqlite_utils import Database

from companion import store

_local = threading.local()
_checkpointed: set[str] = set()
_checkpointed_lock = threading.Lock()

CHECKPOINT_SECONDS = 1.0
log = logging.getLogger(__name__)


def get_db() -> Database:
    """This thread's connection to the app's database (reopened if the app's file changed)."""
    path = current_app.config["DATABASE"]
    db = getattr(_local, "db", None)
    if db is None or _local.path != path:
        if db is not None:
            db.conn.close()
        db = _local.db = store.connect(path)
        _local.path = path
        if str(path) in _checkpointed:
            db.conn.execute("PRAGMA wal_autocheckpoint = 0")
    return db


def keep_checkpointed(path: str) -> None:
    """Copy the write-ahead log into the database from a thread of its own, every second.

    Left to SQLite, the commit that crosses 1,000 pages of log copies them and syncs the
    file itself: one action in a hundred waited 20 ms for it (bench: an action's p99 23 →
    7 ms without). The server's connections then leave checkpoints to this thread; SQLite
    lets a passive checkpoint run beside the writer, and Python's sqlite3 releases the
    interpreter while it works, so the event loop goes on. What is committed is in the log
    either way: a killed server loses nothing.
    """
    with _checkpointed_lock:
        if str(path) in _checkpointed:
            return
        _checkpointed.add(str(path))
    threading.Thread(target=_checkpoint_forever, args=(str(path),), name="checkpoints",
                     daemon=True).start()


def _checkpoint_forever(path: str) -> None:
    db = store.connect(path)
    failing = False
    while True:
        time.sleep(CHECKPOINT_SECONDS)
        try:
            db.conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            failing = False
        except sqlite3.Error as error:
            if not failing:
                log.warning("checkpoint of %s failed: %s", path, error)
            failing = True


def close_thread_connection() -> None:
    """Close this thread's connection (tests and shutdown)."""
    db = getattr(_local, "db", None)
    if db is not None:
        db.conn.close()
        _local.db = None


def init_app(app: Flask) -> None:
    """Create or migrate the schema now."""
    db = store.connect(app.config["DATABASE"])
    store.migrate(db)
    db.conn.close()
