"""One database connection per request (Flask's ``g``), migrated when the app starts."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlite_utils import Database

from companion import store


def get_db() -> Database:
    if "db" not in g:
        g.db = store.connect(current_app.config["DATABASE"])
    return g.db


def close_db(exception: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()


def init_app(app: Flask) -> None:
    """Create or migrate the schema now, and close each request's connection after it."""
    db = store.connect(app.config["DATABASE"])
    store.migrate(db)
    db.conn.close()
    app.teardown_appcontext(close_db)
