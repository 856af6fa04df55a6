"""The schema, created or migrated when the app starts: one named migration per change,
applied once each (sqlite-utils' ``Migrations`` records them by name).

Migrations are never edited once released: a database made by an older version is
brought forward by those it has not seen.
"""

from __future__ import annotations

import hashlib
from typing import Any

from sqlite_utils import Database, Migrations

from companion.fairplay import chain
from companion.store.text import dumps, loads

migrations = Migrations("companion")


@migrations()
def m001_tables_seats_events(db: Database) -> None:
    db.table("tables").create(
        {
            "code": str,
            "game": str,
            "options": str,
            "state": str,
            "version": int,
            "round": int,
            "seed": str,
            "commitment": str,
            "status": str,
            "host_hash": str,
            "lang": str,
            "public_url": str,
            "high_step": int,
            "seat_versions": str,
            "created": str,
        },
        pk="code",
    )
    db.table("tables").create_index(["host_hash"], unique=True)
    db.table("seats").create(
        {
            "id": int,
            "table_code": str,
            "seat": int,
            "role": str,
            "name": str,
            "token_hash": str,
            "lang": str,
            "claimed": int,
            "generation": int,
        },
        pk="id",
        foreign_keys=[("table_code", "tables", "code")],
    )
    db.table("seats").create_index(["token_hash"], unique=True)
    db.table("seats").create_index(["table_code", "seat"], unique=True)
    db.table("events").create(
        {
            "id": int,
            "table_code": str,
            "round": int,
            "step": int,
            "seat": int,
            "action": str,
            "key": str,
            "log": str,
            "revealed": int,
            "state": str,
            "version": int,
            "undone_version": int,
            "undone_by": str,
            "created": str,
        },
        pk="id",
        foreign_keys=[("table_code", "tables", "code")],
    )
    db.table("events").create_index(["table_code", "round", "step"])
    db.table("events").create_index(["table_code", "key"], unique=True)
    db.table("contributions").create(
        {
            "id": int,
            "table_code": str,
            "round": int,
            "seat": int,
            "before_step": int,
            "value": str,
        },
        pk="id",
        foreign_keys=[("table_code", "tables", "code")],
    )
    db.table("contributions").create_index(["table_code", "round"])
    db.table("rounds").create(
        {
            "table_code": str,
            "round": int,
            "options": str,
            "seed": str,
            "commitment": str,
            "initial_state": str,
            "result": str,
            "closed": int,
        },
        pk=("table_code", "round"),
        foreign_keys=[("table_code", "tables", "code")],
    )


@migrations()
def m002_round_closed(db: Database) -> None:
    """A finished game reveals its seed at once, before the table itself ends."""
    db.table("tables").add_column("round_closed", int, not_null_default=0)


@migrations()
def m003_deal_after_join_and_log_chain(db: Database) -> None:
    """The deal waits for the phones' committed contributions; every game keeps a hash
    chain over its log. Games already dealt keep their deal (made at creation)."""
    db.table("tables").add_column("deal_phase", str, not_null_default="dealt")
    db.table("tables").add_column("deal_by", str, not_null_default="creation")
    db.table("tables").add_column("log_hash", str, not_null_default="")
    db.table("tables").add_column("log_size", int, not_null_default=0)
    db.table("rounds").add_column("deal", str)
    db.table("rounds").add_column("deal_chain", str)
    db.table("rounds").add_column("log_hash", str)
    db.table("contributions").add_column("commitment", str)
    db.table("events").add_column("chain", str)
    db.table("events").add_column("undo_chain", str)
    db.table("contributions").create_index(["table_code", "round", "seat"])
    for row in list(db.query("select id, value from contributions")):
        db.execute("update contributions set commitment = ? where id = ?",
                   [hashlib.sha256(bytes.fromhex(row["value"])).hexdigest(), row["id"]])
    for round_row in list(db.query("select * from rounds")):
        _chain_old_round(db, round_row)


@migrations()
def m004_join_codes_host_language_rematch(db: Database) -> None:
    """A short code per seat to type instead of the link (stored as a hash beside the seat
    token sealed under it), the host screen's own language, and which seats asked to play
    again (a new game starts when all of them did, or when the host starts it)."""
    db.table("seats").add_column("join_hash", str, not_null_default="")
    db.table("seats").add_column("join_box", str, not_null_default="")
    db.table("tables").add_column("host_lang", str, not_null_default="")
    db.table("tables").add_column("again", str, not_null_default="[]")


def _chain_old_round(db: Database, round_row: dict[str, Any]) -> None:
    """Hash the log of a game played before the chain existed, as it stands."""
    code, round_ = round_row["table_code"], round_row["round"]
    contributions = [dict(c) for c in db.query(
        "select seat, commitment, value, before_step from contributions "
        "where table_code = ? and round = ? order by id", [code, round_])]
    deal = chain.deal_entry("creation", loads(round_row["options"]), contributions)
    head = chain.link(chain.start(code, round_, round_row["commitment"]), deal)
    size = 1
    db.execute("update rounds set deal = ?, deal_chain = ? where table_code = ? and round = ?",
               [dumps({k: v for k, v in deal.items() if k != "kind"}), head, code, round_])
    events = list(db.query("select * from events where table_code = ? and round = ?",
                           [code, round_]))
    parsed = [dict(e, action=loads(e["action"]), log=loads(e["log"])) for e in events]
    for kind, event in chain.moments(parsed):
        if kind == "action":
            head = chain.link(head, chain.action_entry(event))
            db.execute("update events set chain = ? where id = ?", [head, event["id"]])
        else:
            head = chain.link(head, chain.undo_entry(event))
            db.execute("update events set undo_chain = ? where id = ?", [head, event["id"]])
        size += 1
    if round_row["closed"]:
        live = [e for e in events if e["undone_version"] is None]
        final = live[-1]["state"] if live else round_row["initial_state"]
        head = chain.link(head, chain.end_entry(
            loads(round_row["result"]), hashlib.sha256(final.encode()).hexdigest()))
        size += 1
        db.execute("update rounds set log_hash = ? where table_code = ? and round = ?",
                   [head, code, round_])
    db.execute("update tables set log_hash = ?, log_size = ? where code = ? and round = ?",
               [head, size, code, round_])


@migrations()
def m005_events_newest_first(db: Database) -> None:
    """The log reads a game's newest events: by (table, round) in rowid order, without
    sorting every event of the game first (that grew with each action)."""
    db.table("events").create_index(["table_code", "round"])


@migrations()
def m006_one_index_for_a_games_events(db: Database) -> None:
    """A game's last live event is its newest not undone (live steps run 1..n in the order
    they were stored: an action follows the last live one, an undo takes the last), so
    (table, round) in rowid order finds it: the index by step was one more tree written
    with every action."""
    db.execute("drop index if exists idx_events_table_code_round_step")


@migrations(transactional=False)
def m007_state_stored_once(db: Database) -> None:
    """A position is stored once, on the event its action wrote (or the round's deal before
    the first action): the table row's copy, written with every action beside the event's,
    goes. (Not in a transaction: sqlite-utils rebuilds the table with its foreign keys
    checked.)"""
    db.table("tables").transform(drop={"state"})


@migrations()
def m008_events_label(db: Database) -> None:
    """Each action's button label as its seat was offered it (message id and arguments), so
    that a take-back says what was taken back in the mover's words (issue 32)."""
    db.table("events").add_column("label", str)


RENUMBERED = {
    "m004_events_newest_first": "m005_events_newest_first",
    "m005_one_index_for_a_games_events": "m006_one_index_for_a_games_events",
    "m006_state_stored_once": "m007_state_stored_once",
}
"""Migrations released under another name (two were numbered m004): a database that
recorded the old name has applied the migration and must not run it again."""


def migrate(db: Database, stop_before: str | None = None) -> None:
    """Apply every pending named migration (``stop_before``: up to that one, for a test of
    a database an older version made)."""
    if db.table(migrations.migrations_table).exists():
        for old, new in reversed(RENUMBERED.items()):
            db.execute(f"update {migrations.migrations_table} set name = ? "
                       "where migration_set = ? and name = ?", [new, migrations.name, old])
    migrations.apply(db, stop_before=stop_before)
