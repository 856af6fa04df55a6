"""Exports of finished games, and who may download which.

- **full** (the host link, each seat link, ``companion export`` on the server): every
  action with its parameters and every log line, private ones included — what
  ``companion verify`` replays. A player must be able to check a game without asking the
  host, so each seat gets it too. Once a game is over its seed is public, so anyone who
  can guess the actions can recompute its random draws anyway; the export hands over the
  players' secret choices as well, which is why it needs a seat's or the host's link.
- **public** (anyone with the table code): the same record with every private log line
  and every action's parameters withheld. ``verify`` checks its seed, commitment and
  contributions and prints its log hash; replaying it needs the full export.

Only games that are over (their seed revealed) and were dealt are exported.
"""

from __future__ import annotations

from typing import Any

from companion import store
from companion.fairplay import chain
from companion.fairplay.errors import Refused
from companion.games.base import N_
from companion.referee.table import Table
from companion.store import Database

FORMAT = "table-companion-export/2"
FULL, PUBLIC = "full", "public"


def export(db: Database, table: Table, scope: str = FULL,
           round_: int | None = None) -> dict[str, Any]:
    """Every finished game of this table (or only game ``round_``), as ``scope`` may see it."""
    closed = [r for r in store.rounds(db, table.code)
              if r["closed"] and round_ in (None, r["round"])]
    if not closed:
        raise Refused(N_("The seed is revealed when the game ends; export it then."))
    dealt = [r for r in closed if r["deal"]]
    if not dealt:
        raise Refused(N_("This table's game ended before it was dealt; there is nothing "
                         "to check."))
    return {
        "format": FORMAT,
        "scope": scope,
        "table": table.code,
        "game": table.row["game"],
        "seats": [{"seat": s["seat"], "role": s["role"], "name": s["name"]}
                  for s in table.seats],
        "games": [_game(db, table.code, r, scope) for r in dealt],
    }


def _game(db: Database, code: str, round_row: dict[str, Any], scope: str) -> dict[str, Any]:
    events = store.events(db, code, round_row["round"])
    live = [e for e in events if e["undone_version"] is None]
    final = live[-1]["state"] if live else round_row["initial_state"]
    deal = store.loads(round_row["deal"])
    return {
        "round": round_row["round"],
        "options": store.loads(round_row["options"]),
        "seed": round_row["seed"],
        "commitment": round_row["commitment"],
        "deal": {"by": deal["by"], "chain": round_row["deal_chain"]},
        "contributions": deal["contributions"],
        "events": [_event(e, scope) for e in events],
        "result": store.loads(round_row["result"]),
        "final_state_sha256": chain.state_sha256(final),
        "log_hash": round_row["log_hash"],
    }


def _event(row: dict[str, Any], scope: str) -> dict[str, Any]:
    action = store.loads(row["action"])
    log = store.loads(row["log"])
    event = {
        "step": row["step"], "seat": row["seat"], "action": action, "log": log,
        "version": row["version"], "undone_version": row["undone_version"],
        "undone_by": row["undone_by"], "chain": row["chain"], "undo_chain": row["undo_chain"],
    }
    if scope == PUBLIC:
        event["action"] = {"action": action["action"]}
        event["log"] = [line if line.get("to") is None else {"to": line["to"], "withheld": True}
                        for line in log]
        del event["chain"], event["undo_chain"]
    return event
