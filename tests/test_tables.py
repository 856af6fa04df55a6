"""The table lifecycle: undo, re-issue, play again, the log per seat, the event log as the
source of truth, concurrent phones and the export that ``companion verify`` checks."""

from __future__ import annotations

import hashlib
import json
import threading

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from companion import referee, store
from companion.fairplay import errors
from companion.fairplay.verify import verify
from companion.referee import export as exports
from tests.properties import examples
from tests.seated import act


@pytest.fixture
def db(tmp_path):
    database = store.connect(tmp_path / "t.db")
    store.migrate(database)
    return database


def kit_table(db, names=("Anna", "Bob"), **options):
    created = referee.create(db, "kit", options or None, [{"name": n} for n in names])
    return created, [s["token"] for s in created["seats"]]


def version(db, code):
    return store.version(db, code)


def test_tokens_are_long_random_and_stored_only_hashed(db):
    created, tokens = kit_table(db)
    assert all(len(t) >= 22 for t in tokens + [created["host_token"]])  # ≥ 128 bits
    dump = "\n".join(db.conn.iterdump())
    assert created["host_token"] not in dump
    assert all(token not in dump for token in tokens)


def test_free_undo_of_an_action_that_showed_nothing(db):
    """A face-down deal showed nobody anything: its owner may take it back."""
    created, (anna, bob) = kit_table(db)
    act(db, anna, "deal", {"place": 0})
    table, seat = referee.open_seat(db, anna)
    assert referee.undo_allowed(db, table, 0) is not None
    assert referee.undo_allowed(db, table, 1) is None
    referee.undo(db, anna, by_seat=True)
    assert referee.open_table(db, created["code"]).view(None)["places"][0]["cards"] == []


def test_seat_cannot_undo_a_draw_it_has_seen(db):
    """A drawn card was shown to its drawer: only the host may correct it."""
    created, (anna, _) = kit_table(db)
    act(db, anna, "draw", {"end": "top"})
    with pytest.raises(errors.Refused):
        referee.undo(db, anna, by_seat=True)
    referee.undo(db, created["host_token"])
    table = referee.open_table(db, created["code"])
    assert table.view(0)["hand"] == []
    log = referee.log_for(db, table, 1)
    assert log[0]["text"] == "Host correction: undone — “{action}”."
    assert log[0]["undid"]["text"] == "{who} drew a card from the top."
    assert log[1]["undone"] and log[1]["text"] == log[0]["undid"]["text"]


def test_redo_after_undo_gives_the_same_random_outcome(db):
    """Step-tied randomness: undoing a roll and rolling again gives the same dice."""
    created, (anna, _) = kit_table(db)
    roll = {"secret": False, "dice": "10d6"}
    first = act(db, anna, "roll", roll).table.view(None)["rolls"][0]["dice"]
    referee.undo(db, created["host_token"])
    again = act(db, anna, "roll", roll).table.view(None)["rolls"][0]["dice"]
    assert first == again


def test_reshuffle_after_undo_gives_the_same_order(db):
    created, (anna, _) = kit_table(db)
    for _ in range(5):
        act(db, anna, "draw", {"end": "top"})
    for _ in range(5):
        act(db, anna, "discard", {"card": 0})
    state = act(db, anna, "reshuffle", {}).table.state
    referee.undo(db, created["host_token"])
    assert act(db, anna, "reshuffle", {}).table.state == state


def test_reissue_kills_the_old_link_and_the_new_one_works(db):
    created, (anna, _) = kit_table(db)
    new = referee.reissue(db, created["host_token"], 0)
    with pytest.raises(errors.Forbidden):
        referee.open_seat(db, anna)
    table, seat = referee.open_seat(db, new)
    assert seat["seat"] == 0 and not seat["claimed"]


def test_join_claims_the_seat_once_and_records_the_contribution(db):
    created, (anna, _) = kit_table(db)
    referee.join(db, anna, "ab" * 32)
    referee.join(db, anna, "cd" * 32)
    contributions = store.contributions(db, created["code"], 1)
    assert [c["value"] for c in contributions] == ["ab" * 32]
    with pytest.raises(errors.BadRequest):
        referee.join(db, anna, "not hex")


def test_private_log_lines_reach_only_their_seat(db):
    created, (anna, bob) = kit_table(db, deck="custom", cards="Hidden Queen")
    act(db, anna, "draw", {"end": "top"})
    table = referee.open_table(db, created["code"])
    texts = lambda seat: json.dumps(referee.log_for(db, table, seat))  # noqa: E731
    assert "Hidden Queen" in texts(0)
    assert "Hidden Queen" not in texts(1)
    assert "Hidden Queen" not in texts(None)


def test_replaying_the_event_log_reproduces_the_snapshot(db):
    """STYLE §7: the log is the truth, the state on the table row is a cache."""
    created, (anna, bob) = kit_table(db)
    referee.join(db, bob, "ef" * 32)
    for i in range(12):
        token = (anna, bob)[i % 2]
        act(db, token, "draw", {"end": "bottom" if i % 3 else "top"})
        act(db, token, "roll", {"secret": bool(i % 2), "dice": "3d6"})
    referee.undo(db, created["host_token"])
    referee.close(db, created["host_token"])
    export = exports.export(db, referee.open_table(db, created["code"]))
    report = verify(export)
    assert report.ok, report.problems
    assert report.events == 24  # 23 live actions and the undone one, replayed in order
    snapshot = store.table(db, created["code"])["state"]
    assert hashlib.sha256(snapshot.encode()).hexdigest() == export["games"][0][
        "final_state_sha256"]


def test_verify_detects_a_tampered_export(db):
    created, (anna, _) = kit_table(db)
    act(db, anna, "roll", {"secret": False, "dice": "2d6"})
    act(db, anna, "draw", {"end": "top"})
    referee.close(db, created["host_token"])
    export = exports.export(db, referee.open_table(db, created["code"]))
    assert verify(export).ok
    faked = json.loads(json.dumps(export))
    rolled = faked["games"][0]["events"][0]["log"][0]["args"]
    rolled["total"] = 2 if rolled["total"] == 12 else 12  # a total the dice did not show
    assert not verify(faked).ok
    wrong_seed = json.loads(json.dumps(export))
    wrong_seed["games"][0]["seed"] = "00" * 32
    assert "commitment" in verify(wrong_seed).summary()
    other_action = json.loads(json.dumps(export))
    other_action["games"][0]["events"][1]["action"]["params"]["end"] = "bottom"
    assert not verify(other_action).ok


def test_play_again_reveals_the_old_seed_and_commits_a_new_one(db):
    created, _ = kit_table(db)
    with pytest.raises(errors.Refused):
        referee.play_again(db, created["host_token"], as_host=True)  # the kit has no rematch


def test_concurrent_phones_never_corrupt_a_table(db, tmp_path):
    """Eight phones drawing at the same moment: every card is drawn exactly once."""
    created, tokens = kit_table(db, names=tuple(f"P{i}" for i in range(8)))
    path = tmp_path / "t.db"
    errors: list[Exception] = []

    def phone(token: str) -> None:
        own = store.connect(path)
        try:
            for i in range(5):
                act(own, token, "draw", {"end": "top"}, key=f"{token[:6]}-{i}")
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)
        finally:
            own.conn.close()

    threads = [threading.Thread(target=phone, args=(t,)) for t in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    table = referee.open_table(db, created["code"])
    hands = [c["id"] for hand in table.state["hands"] for c in hand]
    assert len(hands) == 40 and len(set(hands)) == 40
    assert len(table.state["deck"]) == 12
    assert table.version == 41


def play_to_the_end(db, created, chooser):
    """Random legal actions through the referee until the game has a result."""
    tokens = [s["token"] for s in created["seats"]]
    referee.start(db, created["host_token"], force=True)
    for _ in range(3000):
        table = referee.open_table(db, created["code"])
        if table.result is not None:
            return table
        movers = [(i, t) for i, t in enumerate(tokens) if table.actions(i)]
        seat, token = chooser.choice(movers)
        action = chooser.choice(table.actions(seat))
        params = dict(action.params)
        for name, spec in action.inputs.items():
            params[name] = chooser.choice(spec["examples"]) if "examples" in spec else (
                spec.get("min", 0) if spec["kind"] == "int" else spec.get("default", ""))
        referee.act(db, token, action.action, params, table.version)
    raise AssertionError("the game did not end")


def test_game_end_reveals_the_seed_and_play_again_commits_a_new_one(db):
    """At the end the seed is revealed and the game exported; a rematch gets a new seed
    while the seats and their links stay the same."""
    import random

    created = referee.create(db, "deadmans", None, [{"name": "Anna"}, {"name": "Bob"}])
    referee.join(db, created["seats"][0]["token"], "ab" * 32)
    finished = play_to_the_end(db, created, random.Random(3))
    assert finished.round_closed and not finished.closed
    assert referee.undo_allowed(db, finished, None) is None
    report = verify(exports.export(db, referee.open_table(db, created["code"])))
    assert report.ok and report.games == 1, report.problems
    waiting = referee.play_again(db, created["seats"][1]["token"], as_host=False)
    assert waiting.round == 1 and waiting.again_asked() == [1]  # Anna has not asked
    again = referee.play_again(db, created["seats"][0]["token"], as_host=False)
    assert again.round == 2 and again.result is None and not again.round_closed
    assert again.again_asked() == []
    assert [g["round"] for g in referee.finished_games(db, again)] == [1]
    assert again.row["commitment"] != finished.row["commitment"]
    assert referee.open_seat(db, created["seats"][0]["token"])[0].round == 2
    with pytest.raises(errors.Refused):
        referee.play_again(db, created["host_token"], as_host=True)


@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=st.lists(st.tuples(st.sampled_from(["act", "act", "seat undo", "host undo"]),
                                st.integers(0, 1), st.integers(0, 1000)),
                      min_size=1, max_size=40),
       limit=st.integers(1, 6))
@example(moves=[("act", 0, 0)] * 5 + [("host undo", 0, 0)] * 3, limit=1)
# make soak found it: five take-backs leave no live event among the first four read, and
# the newest line (the undo of the oldest) was never read
@example(moves=[("act", 0, 0)] * 5 + [("seat undo", 0, 0)] * 5, limit=1)
@example(moves=[("act", 0, 0)] * 7 + [("seat undo", 0, 0)] * 7 + [("act", 0, 0)], limit=2)
def test_the_newest_log_lines_are_read_page_by_page_as_they_would_be_whole(db, moves, limit):
    """A screen shows the newest lines of the log (private lines only to their seat, an
    undone action marked where it happened, the undo a line of its own): reading only the
    newest events first gives the same lines as reading the whole game, however actions
    and takes-back (the seat's own, the host's corrections) interleave."""
    created = referee.create(db, "kit", None, [{"name": "Anna"}, {"name": "Bob"}],
                            deal_mode="now")
    tokens = [s["token"] for s in created["seats"]]
    acted = 0
    for kind, who, pick in moves:
        try:
            if kind == "act":
                table, seat = referee.open_seat(db, tokens[who])
                offered = [a for a in table.actions(who) if not a.inputs]
                if offered:
                    chosen = offered[pick % len(offered)]
                    done = act(db, tokens[who], chosen.action, chosen.params)
                    acted += 1
                    # The action's answer: its own lines, without reading the log.
                    now = referee.open_table(db, created["code"])
                    for since in (table.version, table.version - 1, now.version):
                        fast = referee.log_after_action(done.table, done, who, since, limit)
                        assert fast is not None or since < table.version
                        if fast is not None:
                            assert fast == referee.log_for(db, now, who, limit, since)
            elif kind == "seat undo":
                referee.undo(db, tokens[who], by_seat=True)
            else:
                referee.undo(db, created["host_token"])
        except errors.Refused:
            pass
    assume(acted)
    table = referee.open_table(db, created["code"])
    written = {row["id"]: row for row in store.events(db, created["code"])}

    def version_of(entry):
        """The version of the table that wrote this line (an undo's: the undo's)."""
        event = written[entry["ref"][1]]
        return event["undone_version"] if entry["ref"][2] == "undo" else event["version"]

    for viewer in (None, 0, 1):
        whole = referee.log_for(db, table, viewer, limit=10_000)
        assert referee.log_for(db, table, viewer, limit=limit) == whole[:limit]
        # A client that keeps its log asks only for the lines after the version it holds.
        for since in {0, table.version - 1, table.version - 3, table.version // 2}:
            newer = [entry for entry in whole if version_of(entry) > since]
            assert referee.log_for(db, table, viewer, limit=10_000, since=since) == newer
            assert referee.log_for(db, table, viewer, limit=limit, since=since) == \
                newer[:limit]


def test_a_duel_saved_by_the_previous_state_version_plays_on(db):
    """A server upgraded in the middle of a duel: the state its database holds was saved by
    the game's previous state version (no ``state_version``, one shared ``joker_deck``).
    The referee upgrades it as it loads it, the duel plays on, and the export verifies."""
    created = referee.create(db, "duel", {"joker_deck": "shared"},
                             [{"name": "Anna"}, {"name": "Bob"}])
    anna, bob = (s["token"] for s in created["seats"])
    act(db, anna, "ready", {})
    [(event_id, text)] = db.conn.execute(
        "select id, state from events where table_code = ?", [created["code"]]).fetchall()
    saved = json.loads(text)
    del saved["state_version"]
    (saved["joker_deck"],) = saved.pop("joker_decks")
    db.conn.execute("update events set state = ? where id = ?", [json.dumps(saved), event_id])
    table = referee.open_table(db, created["code"])
    assert table.state is not None and table.state["state_version"] == 2
    assert table.view(None)["joker_decks"] == [len(saved["joker_deck"])]
    act(db, bob, "ready", {})
    table = referee.open_table(db, created["code"])
    assert table.state["phase"] == "choose" and "joker_deck" not in table.state
    referee.close(db, created["host_token"])
    assert verify(exports.export(db, referee.open_table(db, created["code"]))).ok
