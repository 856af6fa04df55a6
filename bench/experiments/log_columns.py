"""Experiment: ``tables.log_for`` reads only the event columns it uses (seat, log, undo
marks) instead of ``select *``, which brings every event's full state text along. Each
answer and fragment rebuilds the log, so that read grows with the table's history."""

from __future__ import annotations

import threading
from typing import Any

from companion import store, tables

_flag = threading.local()
_events = store.events
_log_for = tables.log_for


def events(db: Any, code: str, round_: int | None = None) -> list[dict[str, Any]]:
    if not getattr(_flag, "lean", False) or round_ is None:
        return _events(db, code, round_)
    rows = db.conn.execute(
        "select seat, log, undone_version, undone_by from events "
        "where table_code = ? and round = ? order by id", [code, round_]).fetchall()
    return [{"seat": s, "log": log, "undone_version": u, "undone_by": by}
            for s, log, u, by in rows]


def log_for(*args: Any, **kwargs: Any) -> Any:
    _flag.lean = True
    try:
        return _log_for(*args, **kwargs)
    finally:
        _flag.lean = False


store.events = events
tables.log_for = log_for
