"""SQLite through sqlite-utils: the only module that touches the database.

One file in ``instance/``, WAL mode. The event log is the source of truth; the state on
the table row is a cache of replaying it. Every accepted action is one write transaction
(``BEGIN IMMEDIATE``) that appends the event, replaces the state and bumps the version.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson
from sqlite_utils import Database, Migrations

from companion import chain, live

migrations = Migrations("companion")

WRITE_LOCK = threading.Lock()
"""One writer at a time inside this process, so no transaction ever waits in SQLite's busy
handler for another of this process; SQLite's own lock covers other processes."""
_written: dict[str, int] = {}
"""Versions written by the transaction holding ``WRITE_LOCK`` (code -> version), announced
to the screens once it commits."""


@migrations()
def m001_tables_seats_events(db: Database) -> None:
    db["tables"].create(
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
    db["tables"].create_index(["host_hash"], unique=True)
    db["seats"].create(
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
    db["seats"].create_index(["token_hash"], unique=True)
    db["seats"].create_index(["table_code", "seat"], unique=True)
    db["events"].create(
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
    db["events"].create_index(["table_code", "round", "step"])
    db["events"].create_index(["table_code", "key"], unique=True)
    db["contributions"].create(
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
    db["contributions"].create_index(["table_code", "round"])
    db["rounds"].create(
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
    db["tables"].add_column("round_closed", int, not_null_default=0)


@migrations()
def m003_deal_after_join_and_log_chain(db: Database) -> None:
    """The deal waits for the phones' committed contributions; every game keeps a hash
    chain over its log. Games already dealt keep their deal (made at creation)."""
    db["tables"].add_column("deal_phase", str, not_null_default="dealt")
    db["tables"].add_column("deal_by", str, not_null_default="creation")
    db["tables"].add_column("log_hash", str, not_null_default="")
    db["tables"].add_column("log_size", int, not_null_default=0)
    db["rounds"].add_column("deal", str)
    db["rounds"].add_column("deal_chain", str)
    db["rounds"].add_column("log_hash", str)
    db["contributions"].add_column("commitment", str)
    db["events"].add_column("chain", str)
    db["events"].add_column("undo_chain", str)
    db["contributions"].create_index(["table_code", "round", "seat"])
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
    db["seats"].add_column("join_hash", str, not_null_default="")
    db["seats"].add_column("join_box", str, not_null_default="")
    db["tables"].add_column("host_lang", str, not_null_default="")
    db["tables"].add_column("again", str, not_null_default="[]")


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
def m004_events_newest_first(db: Database) -> None:
    """The log reads a game's newest events: by (table, round) in rowid order, without
    sorting every event of the game first (that grew with each action)."""
    db["events"].create_index(["table_code", "round"])


@migrations()
def m005_one_index_for_a_games_events(db: Database) -> None:
    """A game's last live event is its newest not undone (live steps run 1..n in the order
    they were stored: an action follows the last live one, an undo takes the last), so
    (table, round) in rowid order finds it: the index by step was one more tree written
    with every action."""
    db.execute("drop index if exists idx_events_table_code_round_step")


def connect(path: str | Path) -> Database:
    """Open the database, in WAL mode, waiting for a busy writer rather than failing."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False,
                           timeout=10)
    db = Database(conn)
    conn.execute("PRAGMA busy_timeout = 10000")
    conn.execute("PRAGMA foreign_keys = ON")
    if str(path) != ":memory:":
        db.enable_wal()
        # NORMAL in WAL mode survives a killed process; only a power cut may lose the tail.
        conn.execute("PRAGMA synchronous = NORMAL")
    return db


def migrate(db: Database) -> None:
    """Apply every pending named migration."""
    migrations.apply(db)


@contextmanager
def writing(db: Database) -> Iterator[Database]:
    """One write transaction, taken at once (BEGIN IMMEDIATE) so two writers never deadlock."""
    changed: dict[str, int] = {}
    with WRITE_LOCK:
        _written.clear()
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.conn.execute("ROLLBACK")
            raise
        else:
            db.conn.execute("COMMIT")
            changed = dict(_written)
        finally:
            _written.clear()
    if changed:
        live.published(changed)


def dumps(value: Any) -> str:
    """Stored JSON is the log chain's canonical spelling (a state's hash is of its text)."""
    return chain.canonical(value)


def loads(text: str | None) -> Any:
    """Stored JSON read by orjson (a state is read on every request), the rare text it
    refuses (NaN) by the standard library. Every number stored is a small integer (cards,
    counts, checked options), well inside the 64 bits orjson reads exactly."""
    if text is None:
        return None
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


# --- reads ----------------------------------------------------------------------------
# Plain cursors: sqlite-utils' ``query`` wraps every SELECT in a SAVEPOINT and a RELEASE,
# three statements where one does.


def rows(db: Database, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    cursor = db.conn.execute(sql, params)
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def row(db: Database, sql: str, params: list[Any]) -> dict[str, Any] | None:
    cursor = db.conn.execute(sql, params)
    found = cursor.fetchone()
    if found is None:
        return None
    return dict(zip([column[0] for column in cursor.description], found, strict=True))


def table(db: Database, code: str) -> dict[str, Any] | None:
    return row(db, "select * from tables where code = ?", [code])


def table_by_host(db: Database, host_hash: str) -> dict[str, Any] | None:
    return row(db, "select * from tables where host_hash = ?", [host_hash])


def version(db: Database, code: str) -> int | None:
    found = db.conn.execute("select version from tables where code = ?", [code]).fetchone()
    return found[0] if found else None


def table_by_seat_with_seats(db: Database, token_hash: str, key: str | None = None
                             ) -> tuple[dict[str, Any] | None, list[dict[str, Any]], Any]:
    """A seat token's table, all its seats and, with a request ``key``, the id of the event
    that key already made by this seat: one read where three were (each action asks).
    The seats come as SQLite writes them in JSON, column by column as ``seats`` reads."""
    sql = getattr(db, "companion_seat_read", None)  # made once per connection
    if sql is None:
        columns = [c[1] for c in db.conn.execute("pragma table_info(seats)").fetchall()]
        pairs = ", ".join(f"'{c}', s.{c}" for c in columns)
        sql = db.companion_seat_read = (
            "select tables.*, (select json_group_array(json_object(" + pairs + ")) from "
            "(select * from seats s where s.table_code = tables.code order by s.seat) s) "
            "as seats_read, (select id from events where events.table_code = tables.code "
            "and events.key = seats.seat || ':' || ?) as key_event from seats join tables "
            "on tables.code = seats.table_code where seats.token_hash = ?")
    found = row(db, sql, [key, token_hash])
    if found is None:
        return None, [], None
    return found, loads(found.pop("seats_read")), found.pop("key_event")


def seats(db: Database, code: str) -> list[dict[str, Any]]:
    return rows(db, "select * from seats where table_code = ? order by seat", [code])


def events(db: Database, code: str, round_: int | None = None) -> list[dict[str, Any]]:
    if round_ is None:
        return rows(db, "select * from events where table_code = ? order by id", [code])
    return rows(db, "select * from events where table_code = ? and round = ? order by id",
                [code, round_])


def log_moments(db: Database, code: str, round_: int, limit: int,
                before_id: int | None = None) -> list[tuple[int, int | None, int | None]]:
    """The newest events of a game (older than ``before_id``) as ``(id, version,
    undone_version)``, newest first: what names each event's lines for good, so that the
    log reads only the rows it has not seen."""
    if before_id is None:
        return db.conn.execute(
            "select id, version, undone_version from events where table_code = ? and "
            "round = ? order by id desc limit ?", [code, round_, limit]).fetchall()
    return db.conn.execute(
        "select id, version, undone_version from events where table_code = ? and "
        "round = ? and id < ? order by id desc limit ?",
        [code, round_, before_id, limit]).fetchall()


def log_events(db: Database, ids: list[int]) -> list[dict[str, Any]]:
    """Events by id with only what the log needs (no state)."""
    marks = ",".join("?" * len(ids))
    return rows(db, "select id, seat, log, version, undone_version, undone_by from events "
                    f"where id in ({marks})", ids)


def last_live_event(db: Database, code: str, round_: int) -> dict[str, Any] | None:
    """The game's last action not undone, without its state: a few steps back along the
    index however long the game is (live steps run 1..n in the order they were stored)."""
    return row(db, "select id, step, seat, revealed, version from events "
                   "where table_code = ? and round = ? and undone_version is null "
                   "order by id desc limit 1", [code, round_])


def live_state(db: Database, code: str, round_: int) -> str | None:
    """The state stored with the game's last action not undone (None: no action)."""
    found = db.conn.execute(
        "select state from events where table_code = ? and round = ? and "
        "undone_version is null order by id desc limit 1", [code, round_]).fetchone()
    return found[0] if found else None


def host_version(db: Database, host_hash: str) -> int | None:
    found = db.conn.execute("select version from tables where host_hash = ?",
                            [host_hash]).fetchone()
    return found[0] if found else None


def seat_version(db: Database, token_hash: str) -> int | None:
    """The version of the table a seat token belongs to, in one indexed read (polls)."""
    found = db.conn.execute(
        "select tables.version from seats join tables on tables.code = seats.table_code "
        "where seats.token_hash = ?", [token_hash]).fetchone()
    return found[0] if found else None


def contributions(db: Database, code: str, round_: int) -> list[dict[str, Any]]:
    """A game's contributions in the order they are mixed in (as committed): ``seat``,
    ``commitment``, ``value`` (None until revealed) and ``before_step`` (0: from the deal)."""
    return rows(db, "select id, seat, commitment, value, before_step from contributions "
                    "where table_code = ? and round = ? order by id", [code, round_])


def round_row(db: Database, code: str, round_: int) -> dict[str, Any]:
    found = row(db, "select * from rounds where table_code = ? and round = ?", [code, round_])
    assert found is not None, (code, round_)
    return found


def rounds(db: Database, code: str) -> list[dict[str, Any]]:
    return rows(db, "select * from rounds where table_code = ? order by round", [code])


# --- writes (call inside ``writing``) -------------------------------------------------


# Plain parameterised SQL here: sqlite-utils' insert and update read the table's schema
# on every call, which was a dozen extra statements per action.
TABLES = ("tables", "seats", "events", "contributions", "rounds")


def insert(db: Database, table_name: str, row: dict[str, Any]) -> int:
    """Insert ``row``; its rowid (an event's ``id``)."""
    if table_name not in TABLES:
        raise ValueError(table_name)
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    cursor = db.conn.execute(f"insert into {table_name} ({columns}) values ({marks})",
                             list(row.values()))
    return cursor.lastrowid


def _update(db: Database, table_name: str, where: str, keys: list[Any],
            fields: dict[str, Any]) -> None:
    if table_name not in TABLES or not all(name.isidentifier() for name in fields):
        raise ValueError(table_name)
    assignments = ", ".join(f"{name} = ?" for name in fields)
    db.conn.execute(f"update {table_name} set {assignments} where {where}",
                    [*fields.values(), *keys])


def update_table(db: Database, code: str, **fields: Any) -> None:
    _update(db, "tables", "code = ?", [code], fields)
    if "version" in fields:
        _written[code] = fields["version"]


def update_seat(db: Database, seat_id: int, **fields: Any) -> None:
    _update(db, "seats", "id = ?", [seat_id], fields)


def update_contribution(db: Database, row_id: int, **fields: Any) -> None:
    _update(db, "contributions", "id = ?", [row_id], fields)


def update_round(db: Database, code: str, round_: int, **fields: Any) -> None:
    _update(db, "rounds", "table_code = ? and round = ?", [code, round_], fields)


def mark_undone(db: Database, event_id: int, version: int, by: str, chain_head: str) -> None:
    _update(db, "events", "id = ?", [event_id],
            {"undone_version": version, "undone_by": by, "undo_chain": chain_head})


def close_round(db: Database, code: str, round_: int, result: Any, log_hash: str) -> None:
    _update(db, "rounds", "table_code = ? and round = ?", [code, round_],
            {"closed": 1, "result": dumps(result), "log_hash": log_hash})
