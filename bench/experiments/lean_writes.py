"""Experiment: the write path without sqlite-utils' per-call introspection and without
``copy.deepcopy``: ``store.insert`` and ``store.update_table`` as plain SQL (sqlite-utils
looks up the table's columns and names on every insert/update), and the games' ``thaw`` as
a JSON round trip (the state is plain JSON, so the copy is the same)."""

from __future__ import annotations

import json
from typing import Any

import companion.games.base
from companion import store
from companion.games import GAMES


def insert(db: Any, table_name: str, row: dict[str, Any]) -> None:
    columns = list(row)
    db.conn.execute(
        f"insert into [{table_name}] ({', '.join(f'[{c}]' for c in columns)}) "
        f"values ({', '.join('?' for _ in columns)})", [row[c] for c in columns])


def update_table(db: Any, code: str, **fields: Any) -> None:
    db.conn.execute(
        f"update tables set {', '.join(f'[{k}] = ?' for k in fields)} where code = ?",
        [*fields.values(), code])


def thaw(state: Any) -> Any:
    return json.loads(json.dumps(state))


store.insert = insert
store.update_table = update_table
companion.games.base.thaw = thaw
for game in GAMES.values():
    if hasattr(game, "thaw"):
        game.thaw = thaw
