"""The store (companion/store): a position stored once, the schema as the reads expect it,
an older database brought forward."""

from __future__ import annotations

import pytest

from companion import referee, store
from companion.fairplay import fairness
from companion.games import GAMES
from companion.store.migrations import RENUMBERED, migrations
from tests.seated import act


@pytest.fixture
def db(tmp_path):
    database = store.connect(tmp_path / "c.db")
    store.migrate(database)
    return database


def test_a_position_is_stored_once_on_the_event_its_action_wrote(db):
    """ARCHITECTURE.md "Storage": the event log is the source of truth. Each action writes
    its position once, on its event; the table's state is read from its last live event,
    the deal's before the first action, and an undo reads the one before."""
    assert "state" not in {c[1] for c in db.conn.execute("pragma table_info(tables)")}
    created = referee.create(db, "kit", None, [{"name": "Anna"}, {"name": "Bob"}],
                             deal_mode="now")
    anna = created["seats"][0]["token"]
    dealt = referee.open_table(db, created["code"]).state
    first = act(db, anna, "draw", {"end": "top"}).table.state
    second = act(db, anna, "draw", {"end": "top"}).table.state
    events = store.events(db, created["code"])
    assert [store.loads(e["state"]) for e in events] == [first, second]
    assert referee.open_table(db, created["code"]).state == second
    referee.undo(db, created["host_token"])
    assert referee.open_table(db, created["code"]).state == first
    referee.undo(db, created["host_token"])
    assert referee.open_seat(db, anna)[0].state == dealt
    assert store.round_row(db, created["code"], 1)["initial_state"] == store.dumps(dealt)


def test_a_database_of_the_version_before_keeps_its_positions(tmp_path):
    """A table played while the table row held a copy of the state reads the same position
    after the migration that drops the copy (its last live event's)."""
    db = store.connect(tmp_path / "old.db")
    store.migrate(db, stop_before="m007_state_stored_once")
    game = GAMES["kit"]
    options = {**{o.name: o.default for o in game.OPTIONS}, "players": 1}
    seed = fairness.new_seed()
    state = game.setup(options, fairness.random_for(seed, [], 0))
    applied = game.apply(state, 0, {"action": "draw", "params": {"end": "top"}},
                         fairness.random_for(seed, [], 1))
    db.conn.execute(
        "insert into tables (code, game, options, state, version, round, seed, commitment, "
        "status, host_hash, lang, public_url, high_step, seat_versions, created, deal_phase, "
        "deal_by, log_hash, log_size) values ('OLDONE', 'kit', ?, ?, 2, 1, ?, ?, 'playing', "
        "'h', 'en', '', 1, '[2]', 'then', 'dealt', 'creation', '', 2)",
        [store.dumps(options), store.dumps(applied.state), seed, fairness.commitment(seed)])
    db.conn.execute("insert into rounds (table_code, round, options, seed, commitment, "
                    "initial_state, closed) values ('OLDONE', 1, ?, ?, ?, ?, 0)",
                    [store.dumps(options), seed, fairness.commitment(seed), store.dumps(state)])
    db.conn.execute("insert into events (table_code, round, step, seat, action, log, revealed, "
                    "state, version, created) values ('OLDONE', 1, 1, 0, '{}', '[]', 1, ?, 2, "
                    "'then')", [store.dumps(applied.state)])
    store.migrate(db)
    assert store.table(db, "OLDONE")["state"] == store.dumps(applied.state)


def test_the_seat_read_names_every_column_of_a_seat(db):
    """The one read of an action (a seat, its table and its seats) lists a seat's columns
    itself: it must list them all, as the schema has them."""
    assert tuple(c[1] for c in db.conn.execute("pragma table_info(seats)")) == \
        store.SEAT_COLUMNS


def test_a_database_that_recorded_the_old_migration_numbers_runs_none_again(tmp_path):
    """Two migrations were released as m004; they are numbered once now. A database made
    then recorded the old names: opened now, it runs nothing twice (dropping the state
    column again would fail) and keeps one record per migration."""
    db = store.connect(tmp_path / "old.db")
    store.migrate(db)
    for old, new in RENUMBERED.items():
        db.conn.execute("update _sqlite_migrations set name = ? where name = ?", [old, new])
    store.migrate(db)
    names = [r[0] for r in db.conn.execute("select name from _sqlite_migrations")]
    assert sorted(names) == sorted(m.name for m in migrations._migrations)
    assert len({name[:4] for name in names}) == len(names)
