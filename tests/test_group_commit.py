"""Group commit under the server's event loop (``store.commit_in_groups``): the actions that
arrive in one turn of the loop share one COMMIT, and none of them is answered before it; a
refusal among them takes back only its own writes; a reader in that turn waits for the
COMMIT rather than read what is not committed; a COMMIT that fails refuses every action
of the group and keeps none."""

from __future__ import annotations

import hashlib
import os
import socket
import sqlite3
from typing import Any

import gevent
import pytest
from gevent.hub import Waiter

from companion import referee, store
from companion.fairplay.errors import Refused
from companion.server import serving
from companion.server.serving import LoopTurns

ROLL = {"secret": False, "dice": "2d6"}


class CountingConnection:
    """The connection as the store uses it, counting COMMITs (and failing them on demand,
    as a full disk would)."""

    def __init__(self, conn: sqlite3.Connection, fail: bool = False) -> None:
        self.conn = conn
        self.fail = fail
        self.commits = 0

    def execute(self, sql: str, *args: Any) -> Any:
        if sql == "COMMIT":
            self.commits += 1
            if self.fail:
                raise sqlite3.OperationalError("disk I/O error")
        return self.conn.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)


def together(*calls: Any) -> None:
    """Run each ``(function, *args)`` as a request would, all becoming ready in the same
    turn of the loop (as requests that arrive at once: their timers fall due together).
    Each timer counts from the loop's time of this turn, not the clock's: ``gevent.sleep``
    reads the clock first, and on a loaded machine the two timers fell due a turn apart."""
    def request(function: Any, *args: Any) -> None:
        hub = gevent.get_hub()
        waiter = Waiter(hub)
        timer = hub.loop.timer(0.001)
        timer.start(waiter.switch, None, update=False)
        try:
            waiter.get()
        finally:
            timer.close()
        function(*args)

    gevent.joinall([gevent.spawn(request, *call) for call in calls], raise_error=True)


@pytest.fixture
def grouped():
    store.commit_in_groups(LoopTurns())
    yield
    store.commit_in_groups(None)


@pytest.fixture
def db(app):
    found = store.connect(app.config["DATABASE"])
    found.conn = CountingConnection(found.conn)
    yield found
    found.conn.conn.close()


def committed(app, sql: str, *params: Any) -> Any:
    """What another connection (another process, after a kill -9) would read."""
    other = sqlite3.connect(app.config["DATABASE"])
    try:
        return other.execute(sql, params).fetchone()[0]
    finally:
        other.close()


def test_actions_in_one_turn_share_one_commit_and_each_is_answered_after_it(
        app, tables, db, grouped):
    codes, tokens = [], []
    for _ in range(3):
        created = tables.create()
        codes.append(created["code"])
        tokens.append(created["seats"][0]["token"])
    seen_when_answered = []

    def act(token: str, key: str) -> None:
        acted = referee.act(db, token, "roll", ROLL, 1, key)
        seen_when_answered.append(committed(
            app, "select count(*) from events where table_code = ? and key = ?",
            acted.table.code, f"0:{key}"))

    together(*((act, token, f"k{i}") for i, token in enumerate(tokens)))
    assert db.conn.commits == 1
    assert seen_when_answered == [1, 1, 1]
    for code in codes:
        assert committed(app, "select version from tables where code = ?", code) == 2


@pytest.mark.parametrize("refused_first", [True, False])
def test_a_refusal_in_a_group_takes_back_only_its_own_writes(app, tables, db, grouped,
                                                               refused_first):
    """Anna's first action at a table waiting for the phones deals the cards (her phone's
    bytes are in) and is then refused, nothing being in her hand to show: the deal is taken
    back with it ("a refused action changes nothing, that deal included"), while Bob's roll
    at another table in the same turn stands — whether hers came first in the turn (the
    transaction was hers alone) or after his (her savepoint is rolled back)."""
    waiting = tables.create(deal="join")
    anna = waiting["seats"][0]["token"]
    value = os.urandom(32).hex()
    referee.join(db, anna, value, hashlib.sha256(bytes.fromhex(value)).hexdigest())
    waiting_version = store.version(db, waiting["code"])
    other = tables.create()
    commits = db.conn.commits
    outcome: dict[str, Any] = {}

    def refused() -> None:
        with pytest.raises(Refused) as refusal:
            referee.act(db, anna, "show", {"card": 0}, waiting_version, "a")
        outcome["refused"] = refusal.value.message

    def accepted() -> None:
        outcome["acted"] = referee.act(db, other["seats"][1]["token"], "roll", ROLL, 1, "b")

    order = [refused, accepted] if refused_first else [accepted, refused]
    together(*((each,) for each in order))
    assert outcome["refused"]
    assert db.conn.commits == commits + 1
    assert committed(app, "select deal_phase from tables where code = ?",
                     waiting["code"]) == "gathering"
    assert committed(app, "select count(*) from events where table_code = ?",
                     waiting["code"]) == 0
    assert committed(app, "select version from tables where code = ?", other["code"]) == 2


def test_a_reader_in_the_same_turn_sees_only_what_is_committed(app, tables, db, grouped):
    created = tables.create()
    token, code = created["seats"][0]["token"], created["code"]
    read: list[tuple[int | None, int]] = []

    def reader() -> None:
        version = store.version(db, code)
        read.append((version, committed(app, "select version from tables where code = ?",
                                        code)))

    together((referee.act, db, token, "roll", ROLL, 1, "k"), (reader,))
    assert read == [(2, 2)]


def test_a_commit_that_fails_refuses_every_action_of_its_group_and_keeps_none(
        app, tables, db, grouped):
    created = [tables.create() for _ in range(2)]
    db.conn.fail = True
    failures = []

    def act(token: str) -> None:
        with pytest.raises(store.DatabaseError) as failed:
            referee.act(db, token, "roll", ROLL, 1, "k")
        failures.append(str(failed.value))

    together(*((act, c["seats"][0]["token"]) for c in created))
    assert len(failures) == 2 and all("disk I/O error" in f for f in failures)
    assert committed(app, "select count(*) from events") == 0
    db.conn.fail = False
    acted = referee.act(db, created[0]["seats"][0]["token"], "roll", ROLL, 1, "k")
    assert db.conn.commits == 2         # one for the group that failed, one alone now
    assert acted.table.version == 2
    assert committed(app, "select count(*) from events") == 1


def test_a_write_alone_in_its_turn_commits_at_once(app, tables, db, grouped):
    """Nothing else ready in the loop: the COMMIT does not wait for the end of the turn
    (a quiet table's action costs no more than before the groups)."""
    created = tables.create()
    order: list[str] = []
    gevent.get_hub().loop.run_callback(order.append, "end of the turn")
    referee.act(db, created["seats"][0]["token"], "roll", ROLL, 1, "k")
    order.append("answered")
    gevent.sleep(0)
    assert order == ["answered", "end of the turn"]
    assert committed(app, "select version from tables where code = ?", created["code"]) == 2


def test_a_server_that_could_not_listen_leaves_writes_as_they_were(tmp_path):
    """``companion serve`` on a taken port fails before it changes how this process writes
    (a later caller in the same process, a test or the command line, commits as before)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        with pytest.raises(OSError):
            serving.make_server(object(), "127.0.0.1", taken.getsockname()[1])
    assert store._turns is None
