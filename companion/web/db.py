"""The request's database connection: one per server thread, opened once and kept.

Flask's tutorial opens a connection per request. Measured here (bench/README.md), opening
costs 1–4 ms under load and closing the last connection to a WAL database checkpoints it
and deletes its files, which the next request re-creates; at 500 polling devices that
alone made the server fall behind. A transaction never outlives ``store.writing``, so a
kept connection carries no state from one request to the next.
"""

from __future__ import annotations

import threading

from flask import Flask, current_app

from companion import store
from companion.store import Database

_local = threading.local()


def get_db() -> Database:
    """This thread's connection to the app's database (reopened if the app's file changed)."""
    path = current_app.config["DATABASE"]
    db = getattr(_local, "db", None)
    if db is None or _local.path != path:
        if db is not None:
            db.conn.close()
        db = _local.db = store.connect(path)
        _local.path = path
    return db


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
