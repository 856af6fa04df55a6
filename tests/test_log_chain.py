"""The log cannot be trimmed: a hash chain over every event, undone ones included, ends in
the log hash the screens show, so deleting, inserting or editing any event fails
``companion verify`` (issue 12: "verify says OK when undone actions or host corrections
are deleted from an export, and when an action gains extra parameters"). And who may
download which export (README "Exports")."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion import referee, store
from companion.fairplay import chain
from companion.fairplay.verify import verify
from companion.referee import export as exports
from tests.properties import examples
from tests.seated import act


@pytest.fixture
def db(tmp_path):
    database = store.connect(tmp_path / "c.db")
    store.migrate(database)
    return database


@pytest.fixture
def played(db):
    """A finished kit game with a seat's take-back and a host correction in its log."""
    created = referee.create(db, "kit", {"deck": "custom", "cards": "Ace\nKing\nQueen"},
                            [{"name": "Anna"}, {"name": "Bob"}], deal_mode="now")
    anna, bob = (s["token"] for s in created["seats"])
    act(db, anna, "deal", {"place": 0})
    referee.undo(db, anna, by_seat=True)  # a free take-back
    act(db, anna, "draw", {"end": "top"})
    act(db, bob, "roll", {"secret": True, "dice": "2d6"})
    referee.undo(db, created["host_token"])  # a host correction
    act(db, bob, "roll", {"secret": False, "dice": "1d6"})
    table = referee.close(db, created["host_token"])
    return created, table.row["log_hash"], exports.export(db, table)


def edited(export, change):
    copied = copy.deepcopy(export)
    change(copied["games"][0])
    return copied


def test_the_untouched_export_verifies_and_ends_in_the_shown_log_hash(played):
    created, shown, export = played
    report = verify(export)
    assert report.ok, report.problems
    assert report.events == 4  # the live draw and roll, the taken-back deal, the corrected roll
    assert export["games"][0]["log_hash"] == shown
    assert any(shown in note for note in report.notes)


@pytest.mark.parametrize("change", [
    pytest.param(lambda g: g["events"].pop(0), id="delete-a-taken-back-action"),
    pytest.param(lambda g: g["events"].pop(2), id="delete-the-corrected-action"),
    pytest.param(lambda g: g["events"][2].update(undone_version=None, undone_by=None),
                 id="hide-a-host-correction"),
    pytest.param(lambda g: g["events"][2].update(undone_by="seat:1"),
                 id="pass-a-correction-off-as-a-take-back"),
    pytest.param(lambda g: g["events"].insert(1, copy.deepcopy(g["events"][1])),
                 id="insert-a-copy"),
    pytest.param(lambda g: g["events"][1]["log"][0].update(text="{who} shuffled."),
                 id="edit-a-log-line"),
    pytest.param(lambda g: g["deal"].update(by="players"), id="edit-the-deal"),
    pytest.param(lambda g: g.update(result={"text": "Anna won"}), id="edit-the-result"),
])
def test_any_deletion_insertion_or_edit_fails_verify(played, change):
    _, _, export = played
    report = verify(edited(export, change))
    assert not report.ok
    assert report.summary().startswith("FAILED")


def test_an_action_with_an_extra_parameter_fails_verify(played):
    """The referee checks parameters against the action's schema; verify does the same,
    so an action that gained a parameter fails even with the chain recomputed."""
    _, _, export = played
    tampered = edited(export, lambda g: g["events"][1]["action"]["params"].update(x=1))
    rechain(tampered["games"][0], export["table"])
    report = verify(tampered)
    assert not report.ok
    assert "takes no parameter “x”" in report.summary()


def rechain(game, code):
    """What a careful forger would do: recompute every head after the edit."""
    head = chain.start(code, game["round"], game["commitment"])
    head = chain.link(head, chain.deal_entry(game["deal"]["by"], game["options"],
                                             game["contributions"]))
    game["deal"]["chain"] = head
    for kind, event in chain.moments(game["events"]):
        if kind == "action":
            head = event["chain"] = chain.link(head, chain.action_entry(event))
        else:
            head = event["undo_chain"] = chain.link(head, chain.undo_entry(event))
    game["log_hash"] = chain.link(head, chain.end_entry(game["result"],
                                                        game["final_state_sha256"]))


def test_a_recomputed_chain_ends_in_another_hash_than_the_screens_showed(played):
    """Deleting a taken-back action and forging the chain anew verifies on its own, but
    verify prints a log hash that differs from the one every screen showed at the end."""
    _, shown, export = played
    tampered = edited(export, lambda g: g["events"].pop(0))
    rechain(tampered["games"][0], export["table"])
    report = verify(tampered)
    assert report.ok, report.problems
    assert shown not in "\n".join(report.notes)
    assert tampered["games"][0]["log_hash"] in "\n".join(report.notes)


def test_the_public_export_withholds_private_lines_and_parameters(played, db, client):
    created, shown, full = played
    public = exports.export(db, referee.open_table(db, created["code"]), "public")
    text = str(public)
    events = str(public["games"][0]["events"])
    assert "You drew" not in text and "'params'" not in text and "Ace" not in events
    assert "You drew" in str(full)
    report = verify(public)
    assert report.ok and not report.replayed
    assert report.summary().startswith("OK (public export)")


def test_each_link_downloads_the_export_it_may(client):
    """Host and seat links get the full export; the table code the public record; a
    wrong token nothing."""
    created = client.post("/api/tables", json={
        "game": "kit", "deal": "now", "options": {"deck": "custom", "cards": "Ace"},
        "seats": [{"name": "Anna"}]}).get_json()
    token, host = created["seats"][0]["token"], created["host_token"]
    client.post(f"/api/s/{token}/act", json={"action": "draw", "params": {"end": "top"},
                                              "version": 1})
    assert client.get(f"/api/s/{token}/export").status_code == 422  # not over yet
    client.post(f"/api/h/{host}/end")
    seat = client.get(f"/api/s/{token}/export").get_json()
    by_host = client.get(f"/api/h/{host}/export").get_json()
    public = client.get(f"/api/t/{created['code']}/export").get_json()
    assert seat == by_host and seat["scope"] == "full" and "'card': 'Ace'" in str(seat)
    assert public["scope"] == "public" and "Ace" not in str(public["games"][0]["events"])
    assert client.get("/api/s/" + "x" * 32 + "/export").status_code == 403
    page = client.get(f"/t/{created['code']}").get_data(as_text=True)
    assert f"/api/t/{created['code']}/export" in page and "Download the public record" in page
    assert f"/api/s/{token}/export" in client.get(f"/s/{token}").get_data(as_text=True)


def test_an_old_database_gets_its_log_chained(tmp_path):
    """A game played before the chain existed (format 1) is chained by the migration and
    its export verifies."""
    from companion.fairplay import fairness
    from companion.games import GAMES

    path = tmp_path / "old.db"
    db = store.connect(path)
    store.migrate(db, stop_before="m003_deal_after_join_and_log_chain")
    seed = fairness.new_seed()
    kit = GAMES["kit"]
    options = {"deck": "52", "cards": "", "places": "Centre", "players": 1}
    state = kit.setup(options, fairness.random_for(seed, [], 0))
    db["tables"].insert({
        "code": "OLDONE", "game": "kit", "options": store.dumps(options),
        "state": store.dumps(state), "version": 1, "round": 1, "seed": seed,
        "commitment": fairness.commitment(seed), "status": "playing", "host_hash": "h" * 64,
        "lang": "en", "public_url": "", "high_step": 0, "seat_versions": "[1]",
        "created": "2024", "round_closed": 0})
    db["seats"].insert({"table_code": "OLDONE", "seat": 0, "role": "", "name": "Anna",
                        "token_hash": "t" * 64, "lang": "en", "claimed": 1, "generation": 0})
    db["rounds"].insert({"table_code": "OLDONE", "round": 1, "options": store.dumps(options),
                         "seed": seed, "commitment": fairness.commitment(seed),
                         "initial_state": store.dumps(state), "result": None, "closed": 0})
    contribution = "ab" * 32
    db["contributions"].insert({"table_code": "OLDONE", "round": 1, "seat": 0,
                                "before_step": 2, "value": contribution})
    contributions = [{"before_step": 2, "value": contribution}]
    for step in (1, 2):
        applied = kit.apply(state, 0, {"action": "draw", "params": {"end": "top"}},
                            fairness.random_for(seed, contributions, step))
        state = applied.state
        db["events"].insert({
            "table_code": "OLDONE", "round": 1, "step": step, "seat": 0,
            "action": store.dumps({"action": "draw", "params": {"end": "top"}}), "key": None,
            "log": store.dumps(applied.log), "revealed": 1, "state": store.dumps(state),
            "version": step + 1, "undone_version": None, "undone_by": None, "created": "x"})
    db["rounds"].update(("OLDONE", 1), {"closed": 1, "result": "null"})
    db.conn.close()
    db = store.connect(path)
    store.migrate(db)
    report = verify(exports.export(db, referee.open_table(db, "OLDONE")))
    assert report.ok, report.problems
    assert report.events == 2



_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=6) | st.integers(-5, 5), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=examples(400), deadline=None)
@given(_JSON)
@example({"b": [1e-05, 2.5e-07, 0.0001, 1e16], "a": "Ä\u2028\x00\x1f\"\\"})
@example({1: "a", "1": "b"})
def test_the_chain_spells_every_value_as_the_standard_library_does(value):
    """A hash made before orjson wrote the chain (an old database, an export) still checks:
    ``canonical`` is byte for byte ``json.dumps(sort_keys=True, separators=(",", ":"),
    ensure_ascii=False)``, orjson's or not (README "Exports": verify recomputes the chain)."""
    try:
        expected = json.dumps(value, ensure_ascii=False, separators=(",", ":"),
                              sort_keys=True)
    except TypeError:  # keys of both kinds cannot be sorted: neither writes it
        with pytest.raises(TypeError):
            chain.canonical(value)
        return
    assert chain.canonical(value) == expected
    assert store.dumps(value) == expected
