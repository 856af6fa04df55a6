"""A seat's action through the referee's Python API, as its phone would send it: at the
version the seat's screen shows now (the tests read no screen)."""

from __future__ import annotations

from typing import Any

from companion import referee
from companion.referee.acting import Acted
from companion.store import Database


def act(db: Database, token: str, action: str, params: dict[str, Any] | None = None,
        key: str | None = None) -> Acted:
    version = referee.seat_version(db, referee.token_hash(token))
    return referee.act(db, token, action, params, version, key)
