"""An action, one road (issue 34): checked, decided, stored in one call — by a phone's
token (``act``) or by whoever already holds the table and the seat (``take_action``, the
road of a seat the app plays) — and the table a request read moves on with exactly what
was stored."""

from __future__ import annotations

import json

import pytest

from companion import referee, store
from companion.fairplay.errors import BadRequest, Refused, Stale
from companion.fairplay.verify import verify
from companion.referee import export as exports
from companion.referee.table import open_table


@pytest.fixture
def db(tmp_path):
    database = store.connect(tmp_path / "a.db")
    store.migrate(database)
    return database


ROW = ("version", "high_step", "seat_versions", "log_hash", "log_size", "round_closed",
       "state")


def test_after_every_action_the_table_read_is_the_table_stored(db):
    """A duel played to its end through ``act``: after each action (the last one ends the
    game and closes it in the log chain) the table the answer is built from holds the row
    as stored — nothing copied by hand drifts from the database — and the whole game
    verifies."""
    created = referee.create(db, "duel", None, [{"name": "Ann"}, {"name": "Ben"}],
                             deal_mode="now")
    tokens = [s["token"] for s in created["seats"]]
    for step in range(500):
        table = open_table(db, created["code"])
        if table.result is not None:
            break
        seat = next(s for s in range(2) if table.actions(s))
        offer = table.actions(seat)[step % len(table.actions(seat))]
        params = dict(offer.params)
        for name, spec in offer.inputs.items():
            params[name] = spec["choices"][0] if spec.get("choices") else spec.get("min", 1)
        acted = referee.act(db, tokens[seat], offer.action, params, table.version)
        stored = store.table(db, created["code"])
        assert {k: acted.table.row[k] for k in ROW} == {k: stored[k] for k in ROW}
        assert acted.table.result == table.game.result(json.loads(stored["state"]))
        assert acted.last is not None and acted.last["version"] == stored["version"]
    assert acted.table.result is not None, "the duel ended"
    assert stored["round_closed"] == 1
    referee.close(db, created["host_token"])
    assert verify(exports.export(db, open_table(db, created["code"]))).ok


def test_take_action_checks_as_act_does_and_records_the_same(db):
    """The road of a seat the app plays: the table already read in the caller's write
    transaction, the same checks in the same order (a stale screen, an action not offered,
    no version), the same event and chain as a phone's (the export verifies)."""
    created = referee.create(db, "kit", None, [{"name": "Ann"}, {"name": "Ben"}],
                             deal_mode="now")

    def take(action, params, version):
        with store.writing(db):
            table = open_table(db, created["code"])
            return referee.take_action(db, table, table.seats[0], action, params, version)

    acted = take("draw", {"end": "top"}, 1)
    assert acted.table.version == 2 and acted.last["seat"] == 0
    with pytest.raises(Refused):
        take("discard", {"card": 99}, 2)
    with pytest.raises(BadRequest):
        take("draw", {"end": "top"}, None)
    referee.act(db, created["seats"][1]["token"], "roll", {"secret": False, "dice": "1d6"}, 2)
    referee.act(db, created["seats"][0]["token"], "draw", {"end": "top"}, 3)
    with pytest.raises(Stale):      # Ann's buttons changed with her own draw at version 4
        take("draw", {"end": "top"}, 3)
    referee.close(db, created["host_token"])
    assert verify(exports.export(db, open_table(db, created["code"]))).ok
