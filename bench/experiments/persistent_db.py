"""Experiment: one SQLite connection per waitress thread, kept for the life of the process,
instead of one opened and closed per request (``companion/db.py``).

Why: opening a connection costs a schema read and a ``PRAGMA journal_mode`` round; closing the
last connection to a WAL database checkpoints it and deletes its ``-wal`` and ``-shm`` files,
which the next request re-creates (about 1.5 ms per request on this machine when no other
connection is open).
"""

from __future__ import annotations

import threading
from typing import Any

from flask import current_app

import companion.db
from companion import store

_local = threading.local()


def get_db() -> Any:
    db = getattr(_local, "db", None)
    if db is None:
        db = _local.db = store.connect(current_app.config["DATABASE"])
    return db


def close_db(exception: BaseException | None = None) -> None:
    """Keep the thread's connection; a transaction never outlives ``store.writing``."""


companion.db.get_db = get_db
companion.db.close_db = close_db
for name in ("companion.web.api", "companion.web.screens", "companion.web.lobby"):
    module = __import__(name, fromlist=["get_db"])
    if hasattr(module, "get_db"):
        module.get_db = get_db
