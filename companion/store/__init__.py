"""SQLite: the only package that touches the database.

It may import ``companion.fairplay`` (the canonical JSON of the log chain) and
``companion.caches``; nothing above it. One file in ``instance/``, WAL mode. The schema is
made and migrated through sqlite-utils' table API (``migrations.py``: its ``Migrations``,
``create``, ``add_column``); every read and write of a request is one plain parameterised
statement on the connection, written here, because sqlite-utils' ``insert``/``update``
read the table's schema on every call and its ``query`` wraps each SELECT in a savepoint
(a dozen statements per action where three do). Nothing above this package imports sqlite3
or sqlite-utils (tests/test_layers.py): it names the connection ``store.Database`` and its
failures ``store.DatabaseError``.

The event log is the source of truth and holds each position once: an event row carries
the state its action made; a game's current state is its last live event's, or the deal's
(``rounds.initial_state``) before the first action. Every accepted action is one write
transaction (``BEGIN IMMEDIATE``) that appends the event and moves the table row on.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Protocol

from sqlite_utils import Database

from companion.store.migrations import migrate
from companion.store.text import dumps, loads

__all__ = ["Database", "DatabaseError", "Turns", "commit_in_groups", "connect", "dumps", "loads",
           "migrate", "open_existing", "settled", "writing"]

DatabaseError = sqlite3.Error
"""What the database raises when it cannot be used (a locked, corrupt or foreign file)."""

WRITE_LOCK = threading.Lock()
"""One writer at a time inside this process, so no transaction ever waits in SQLite's busy
handler for another of this process; SQLite's own lock covers other processes."""
_written: dict[str, int] = {}
"""Versions written by the transaction holding ``WRITE_LOCK`` (code -> version), announced
once it commits."""
_listeners: list[Callable[[dict[str, int]], None]] = []
log = logging.getLogger(__name__)


def on_commit(listener: Callable[[dict[str, int]], None]) -> None:
    """Call ``listener`` with the tables' new versions (code -> version) after every commit
    that wrote one (the screens' event streams wake on it: ``companion/server/live.py``)."""
    if listener not in _listeners:
        _listeners.append(listener)


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
        if str(path) in _checkpointed:
            conn.execute("PRAGMA wal_autocheckpoint = 0")
    return db


def open_existing(path: str | Path) -> Database:
    """The Table Companion database at ``path``; never creates a file (the command line's
    export and verify read one). LookupError with a sentence when there is none."""
    if not Path(path).is_file():
        raise LookupError(f"there is no database at {path}")
    try:
        db = connect(path)
        db.conn.execute("select count(*) from tables").fetchone()
    except sqlite3.Error as error:
        raise LookupError(f"{path} is not a Table Companion database ({error})") from None
    return db


@contextmanager
def writing(db: Database) -> Iterator[Database]:
    """One write transaction, taken at once (BEGIN IMMEDIATE) so two writers never deadlock.

    Under the server's event loop (:func:`commit_in_groups`) the writes of the requests
    that run in one turn of the loop share one transaction instead, each after the first
    in a savepoint of its own (a refusal rolls back its own writes only), committed once at
    the end of the turn; each request goes on, and answers, only after that COMMIT."""
    if _turns is not None:
        with _grouped(db, _turns):
            yield db
        return
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
        for listener in _listeners:
            listener(changed)


# --- group commit -------------------------------------------------------------------------


class Turns(Protocol):
    """What the server's event loop offers the store (``companion/server/serving.py``)."""

    def at_end_of_turn(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the requests already running in this turn have yielded."""

    def event(self) -> Any:
        """A new event (``set``, ``wait``) a request waits on without holding the loop."""

    def can_wait(self) -> bool:
        """Whether the code running now may wait (a request may; the loop itself may not)."""

    def others_ready(self) -> bool:
        """Whether other requests may run in this turn still (their connections are ready):
        if none, a group of one commits at once instead of at the end of the turn."""


class _Group:
    """The transaction shared by the writes of one turn of the event loop."""

    def __init__(self) -> None:
        self.done: Any = None
        """The event its members wait on (None: committed at once, nobody waited)."""
        self.kept = 0
        """Members whose writes stand (the first one's, and each later one's savepoint
        released rather than rolled back)."""
        self.written: dict[str, int] = {}
        self.error: BaseException | None = None


_turns: Turns | None = None
_groups: dict[Any, _Group] = {}
"""The open group of each connection (by its sqlite3 connection)."""
_in_body = [False]
"""A member's writes are running (they never yield; the commit waits if one ever did)."""


def commit_in_groups(turns: Turns | None) -> None:
    """Let the writes of each turn of the server's event loop share one COMMIT (None: each
    its own again). Called by the server, which runs every request in one thread.

    A COMMIT and its BEGIN were ≈ 50 µs of ≈ 700 µs of an action's CPU (bench/README.md);
    at a busy table several actions arrive in one turn and share them. An action is
    answered only after the COMMIT that holds it (a killed server loses no acknowledged
    action), and a request that reads while a group is open waits for its COMMIT first
    (:func:`settled`), so nothing not yet committed is ever shown."""
    global _turns
    _turns = turns


def settled(db: Database) -> None:
    """Before every read: wait until no group of writes is open on this connection (a
    reader never sees writes that are not committed yet). Immediate outside the server's
    event loop, for a member's own writes, and where nothing may wait (the loop itself
    rechecking a quiet stream's version, which it only compares)."""
    while not _in_body[0] and (group := _groups.get(db.conn)) is not None:
        if _turns is None or not _turns.can_wait():
            return
        group.done.wait()


@contextmanager
def _grouped(db: Database, turns: Turns) -> Iterator[Database]:
    if _in_body[0]:
        # A write inside another's writes (outside the loop SQLite refuses a BEGIN inside a
        # transaction the same way); a member's writes never yield, so it is not another's.
        raise DatabaseError("cannot start a transaction within a transaction")
    group = _groups.get(db.conn)
    first = group is None
    if group is None:
        WRITE_LOCK.acquire()
        try:
            db.conn.execute("BEGIN IMMEDIATE")
        except BaseException:
            WRITE_LOCK.release()
            raise
        group = _groups[db.conn] = _Group()
    else:
        db.conn.execute("SAVEPOINT member")
    _written.clear()
    _in_body[0] = True
    try:
        yield db
    except BaseException:
        if first:       # nobody joined meanwhile: the transaction is this member's alone
            del _groups[db.conn]
            try:
                db.conn.execute("ROLLBACK")
            finally:
                WRITE_LOCK.release()
        else:
            db.conn.execute("ROLLBACK TO member")
            db.conn.execute("RELEASE member")
        raise
    else:
        if not first:
            db.conn.execute("RELEASE member")
        group.kept += 1
        for code, version in _written.items():
            group.written[code] = max(version, group.written.get(code, 0))
    finally:
        _in_body[0] = False
        _written.clear()
    if first and not turns.others_ready():
        _commit_group(db, group, turns)     # nobody else can join this turn: commit now
    else:
        if first:
            group.done = turns.event()
            turns.at_end_of_turn(lambda: _commit_group(db, group, turns))
        group.done.wait()
    if group.error is not None:
        raise DatabaseError(f"the commit failed: {group.error}") from group.error


def _commit_group(db: Database, group: _Group, turns: Turns) -> None:
    if _in_body[0]:                       # a member yielded mid-way: commit after it
        turns.at_end_of_turn(lambda: _commit_group(db, group, turns))
        return
    del _groups[db.conn]
    try:
        db.conn.execute("COMMIT")
    except BaseException as error:
        group.error = error
        log.error("a group of %d writes was not committed: %s", group.kept, error)
        with suppress(sqlite3.Error):
            db.conn.execute("ROLLBACK")
    finally:
        WRITE_LOCK.release()
        if group.done is not None:
            group.done.set()
    if group.error is None and group.written:
        for listener in _listeners:
            listener(dict(group.written))


# --- checkpoints ------------------------------------------------------------------------

CHECKPOINT_SECONDS = 1.0
_checkpointed: set[str] = set()
_checkpointed_lock = threading.Lock()


def keep_checkpointed(path: str) -> None:
    """Copy the write-ahead log into the database from a thread of its own, every second.

    Left to SQLite, the commit that crosses 1,000 pages of log copies them and syncs the
    file itself: one action in a hundred waited 20 ms for it (bench: an action's p99 23 →
    7 ms without). Connections opened after this leave checkpoints to this thread; SQLite
    lets a passive checkpoint run beside the writer, and Python's sqlite3 releases the
    interpreter while it works, so the event loop goes on. What is committed is in the log
    either way: a killed server loses nothing.
    """
    with _checkpointed_lock:
        if str(path) in _checkpointed:
            return
        _checkpointed.add(str(path))
    threading.Thread(target=_checkpoint_forever, args=(str(path),), name="checkpoints",
                     daemon=True).start()


def _checkpoint_forever(path: str) -> None:
    db = connect(path)
    failing = False
    while True:
        time.sleep(CHECKPOINT_SECONDS)
        try:
            db.conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            failing = False
        except sqlite3.Error as error:
            if not failing:
                log.warning("checkpoint of %s failed: %s", path, error)
            failing = True


# --- reads ----------------------------------------------------------------------------
# Plain cursors: sqlite-utils' ``query`` wraps every SELECT in a SAVEPOINT and a RELEASE,
# three statements where one does.


def rows(db: Database, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    settled(db)
    cursor = db.conn.execute(sql, params)
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def row(db: Database, sql: str, params: list[Any]) -> dict[str, Any] | None:
    settled(db)
    cursor = db.conn.execute(sql, params)
    found = cursor.fetchone()
    if found is None:
        return None
    return dict(zip([column[0] for column in cursor.description], found, strict=True))


_STATE = (
    "coalesce((select e.state from events e where e.table_code = tables.code and e.round = "
    "tables.round and e.undone_version is null order by e.id desc limit 1), (select "
    "r.initial_state from rounds r where r.table_code = tables.code and r.round = "
    "tables.round)) as state")
"""A table's position: its game's last live event's state, else the deal's (None before
the deal). Live steps run 1..n in the order they were stored, so the newest event not
undone along (table, round) is the last live one, a few rows back however long the game."""


def table(db: Database, code: str) -> dict[str, Any] | None:
    return row(db, f"select tables.*, {_STATE} from tables where code = ?", [code])


def table_by_host(db: Database, host_hash: str) -> dict[str, Any] | None:
    return row(db, f"select tables.*, {_STATE} from tables where host_hash = ?", [host_hash])


def version(db: Database, code: str) -> int | None:
    settled(db)
    found = db.conn.execute("select version from tables where code = ?", [code]).fetchone()
    return found[0] if found else None


SEAT_COLUMNS = ("id", "table_code", "seat", "role", "name", "token_hash", "lang", "claimed",
                "generation", "join_hash", "join_box")
"""A seat row's columns after every migration (a test holds them to the schema)."""
_SEAT_READ = (
    f"select tables.*, {_STATE}, (select json_group_array(json_object("
    + ", ".join(f"'{c}', s.{c}" for c in SEAT_COLUMNS)
    + ")) from (select * from seats s where s.table_code = tables.code order by s.seat) s) "
    "as seats_read, (select id from events where events.table_code = tables.code "
    "and events.key = seats.seat || ':' || ?) as key_event from seats join tables "
    "on tables.code = seats.table_code where seats.token_hash = ?")


def table_by_seat_with_seats(db: Database, token_hash: str, key: str | None = None
                             ) -> tuple[dict[str, Any] | None, list[dict[str, Any]], Any]:
    """A seat token's table, all its seats and, with a request ``key``, the id of the event
    that key already made by this seat: one read where three were (each action asks).
    The seats come as SQLite writes them in JSON, column by column as ``seats`` reads."""
    found = row(db, _SEAT_READ, [key, token_hash])
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
    settled(db)
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
    return rows(db, "select id, seat, log, version, undone_version, undone_by, label from events "
                    f"where id in ({marks})", ids)


def tables_in_play(db: Database) -> list[str]:
    """The codes of tables whose current game is dealt and not over."""
    return [found[0] for found in db.conn.execute(
        "select code from tables where status = 'playing' and deal_phase = 'dealt' and "
        "round_closed = 0").fetchall()]


def live_event_ids(db: Database, code: str, round_: int) -> list[int]:
    """The ids of a game's actions not undone, in the order they were played."""
    return [found[0] for found in db.conn.execute(
        "select id from events where table_code = ? and round = ? and undone_version is null "
        "order by id", [code, round_]).fetchall()]


def events_with_state(db: Database, ids: list[int]) -> list[dict[str, Any]]:
    """Events by id, in id order, with their log lines and the state each made."""
    marks = ",".join("?" * len(ids))
    return rows(db, f"select id, seat, log, state from events where id in ({marks}) "
                    "order by id", ids)


def last_live_event(db: Database, code: str, round_: int) -> dict[str, Any] | None:
    """The game's last action not undone, without its state: a few steps back along the
    index however long the game is (live steps run 1..n in the order they were stored)."""
    return row(db, "select id, step, seat, revealed, version, label from events "
                   "where table_code = ? and round = ? and undone_version is null "
                   "order by id desc limit 1", [code, round_])


def newest_events(db: Database, code: str, round_: int, count: int) -> list[dict[str, Any]]:
    """A game's newest events, undone or not, newest first, without their state."""
    return rows(db, "select id, step, seat, action, undone_by from events "
                    "where table_code = ? and round = ? order by id desc limit ?",
                [code, round_, count])


def live_state(db: Database, code: str, round_: int) -> str | None:
    """The state stored with the game's last action not undone (None: no action)."""
    settled(db)
    found = db.conn.execute(
        "select state from events where table_code = ? and round = ? and "
        "undone_version is null order by id desc limit 1", [code, round_]).fetchone()
    return found[0] if found else None


def host_version(db: Database, host_hash: str) -> int | None:
    settled(db)
    found = db.conn.execute("select version from tables where host_hash = ?",
                            [host_hash]).fetchone()
    return found[0] if found else None


def seat_version(db: Database, token_hash: str) -> int | None:
    """The version of the table a seat token belongs to, in one indexed read (polls)."""
    settled(db)
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
    assert cursor.lastrowid is not None
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


def record_action(db: Database, code: str, round_: int, event: dict[str, Any],
                  fields: dict[str, Any], ended: dict[str, Any] | None = None) -> int:
    """One accepted action's writes: its event appended, its game closed when it ended it
    (``ended``: ``result``, ``log_hash``), the table row moved on (``fields``); the event's
    ``id``."""
    event_id = insert(db, "events", event)
    if ended is not None:
        close_round(db, code, round_, ended["result"], ended["log_hash"])
    update_table(db, code, **fields)
    return event_id


def close_round(db: Database, code: str, round_: int, result: Any, log_hash: str) -> None:
    _update(db, "rounds", "table_code = ? and round = ?", [code, round_],
            {"closed": 1, "result": dumps(result), "log_hash": log_hash})
