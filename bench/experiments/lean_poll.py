"""Experiment: a poll at the current version answers 204 after one indexed SQL query on the
thread's persistent connection (``persistent_db.py``), instead of ``open_seat``/``open_table``
(three sqlite-utils queries, each wrapped in a savepoint, and parsing the table's whole
state) on a connection opened for the request. A changed version renders as before."""

from __future__ import annotations

import hashlib
import runpy
from pathlib import Path
from typing import Any

from flask import Response, request

import companion

runpy.run_path(str(Path(__file__).resolve().parent / "persistent_db.py"), run_name="bench_preload")

import companion.db  # noqa: E402  (after persistent_db has patched it)

SEAT_SQL = ("select t.version from seats s join tables t on t.code = s.table_code "
            "where s.token_hash = ?")
_create_app = companion.create_app


def _seen() -> int | None:
    return request.args.get("v", type=int)


def create_app(*args: Any, **kwargs: Any) -> Any:
    app = _create_app(*args, **kwargs)
    seat_live = app.view_functions["screens.seat_live"]
    table_live = app.view_functions["screens.table_live"]

    def fast_seat_live(token: str) -> Any:
        seen = _seen()
        if seen is not None and isinstance(token, str) and 16 <= len(token) <= 64:
            digest = hashlib.sha256(token.encode()).hexdigest()
            row = companion.db.get_db().conn.execute(SEAT_SQL, [digest]).fetchone()
            if row is not None and row[0] == seen:
                return Response(status=204)
        return seat_live(token)

    def fast_table_live(code: str) -> Any:
        seen = _seen()
        if seen is not None:
            row = companion.db.get_db().conn.execute(
                "select version from tables where code = ?", [code.upper()]).fetchone()
            if row is not None and row[0] == seen:
                return Response(status=204)
        return table_live(code)

    app.view_functions["screens.seat_live"] = fast_seat_live
    app.view_functions["screens.table_live"] = fast_table_live
    return app


companion.create_app = create_app
