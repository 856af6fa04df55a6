"""The deal waits for the phones' randomness, committed before any of it is revealed
(issue 12; README "Fairness"; ARCHITECTURE: "Mixing in a random contribution from every
phone (sent when it joins, after the commitment is shown) means even the person running
the server cannot steer the cards")."""

from __future__ import annotations

import hashlib
import os

import pytest

from companion import referee, store
from companion.fairplay import errors, fairness
from companion.fairplay.verify import verify
from companion.games import GAMES
from companion.referee import export as exports
from tests.seated import act


@pytest.fixture
def db(tmp_path):
    database = store.connect(tmp_path / "d.db")
    store.migrate(database)
    return database


def secret() -> tuple[str, str]:
    """A phone's 32 random bytes and its commitment, as the page's script makes them."""
    value = os.urandom(32).hex()
    return value, hashlib.sha256(bytes.fromhex(value)).hexdigest()


def new_table(db, game="kit", names=("Anna", "Bob")):
    created = referee.create(db, game, None, [{"name": n} for n in names])
    return created, [s["token"] for s in created["seats"]]


def test_a_new_table_is_not_dealt_until_every_phone_has_revealed(db):
    """The deal mixes in every phone's bytes: the deck is exactly setup() with the seed
    folded with both contributions, and not the deck of the seed alone."""
    created, (anna, bob) = new_table(db)
    (a, a_hash), (b, b_hash) = secret(), secret()
    table = referee.join(db, anna, commitment=a_hash)
    assert not table.dealt and table.view(0) is None and table.actions(0) == []
    table = referee.join(db, bob, commitment=b_hash)
    assert table.row["deal_phase"] == "revealing" and not table.dealt
    assert not referee.reveal(db, anna, a).dealt
    table = referee.reveal(db, bob, b)
    assert table.dealt
    seed = store.table(db, created["code"])["seed"]
    options = table.options
    both = [{"before_step": 0, "value": a}, {"before_step": 0, "value": b}]
    expected = GAMES["kit"].setup(options, fairness.random_for(seed, both, 0))
    seed_alone = GAMES["kit"].setup(options, fairness.random_for(seed, [], 0))
    assert table.state == expected
    assert table.state["deck"] != seed_alone["deck"]


def test_no_phone_reveals_before_every_commitment_is_in(db):
    """Whoever runs the server knows the seed; if one phone's bytes were known while
    another could still commit, that other could pick bytes that steer the deal."""
    created, (anna, bob) = new_table(db)
    (a, a_hash), _ = secret(), secret()
    referee.join(db, anna, commitment=a_hash)
    with pytest.raises(errors.Refused, match="once every seat has committed"):
        referee.reveal(db, anna, a)
    assert store.contributions(db, created["code"], 1)[0]["value"] is None


def test_commitments_close_when_the_reveals_begin(db):
    """A seat that commits after the host started is not mixed in: nobody can choose
    bytes once other bytes may be known."""
    created, (anna, bob) = new_table(db)
    (a, a_hash), (_, b_hash) = secret(), secret()
    referee.join(db, anna, commitment=a_hash)
    referee.start(db, created["host_token"])
    referee.join(db, bob, commitment=b_hash)
    rows = store.contributions(db, created["code"], 1)
    assert [r["seat"] for r in rows] == [0]
    assert referee.reveal(db, anna, a).dealt
    assert referee.open_seat(db, bob)[1]["claimed"] == 1


def test_bytes_that_do_not_match_the_commitment_are_refused(db):
    created, (anna, bob) = new_table(db)
    (_, a_hash), (b, b_hash) = secret(), secret()
    referee.join(db, anna, commitment=a_hash)
    referee.join(db, bob, commitment=b_hash)
    with pytest.raises(errors.BadRequest, match="do not match"):
        referee.reveal(db, anna, b)
    assert not referee.open_table(db, created["code"]).dealt


def test_the_host_can_deal_without_a_phone_that_never_reveals(db):
    """A lost phone cannot hold the table: the host deals without it, and every screen,
    the export and verify say whose randomness was missing."""
    created, (anna, bob) = new_table(db)
    (a, a_hash), (_, b_hash) = secret(), secret()
    referee.join(db, anna, commitment=a_hash)
    referee.join(db, bob, commitment=b_hash)
    referee.reveal(db, anna, a)
    assert not referee.start(db, created["host_token"]).dealt  # waits for Bob
    table = referee.start(db, created["host_token"], force=True)
    assert table.dealt
    act(db, anna, "draw", {"end": "top"})
    referee.close(db, created["host_token"])
    report = verify(exports.export(db, referee.open_table(db, created["code"])))
    assert report.ok, report.problems
    listing = "\n".join(report.notes)
    assert f"Anna {a_hash[:8]} (used)" in listing
    assert f"Bob {b_hash[:8]} (committed, never revealed: not used)" in listing


def test_the_first_action_deals_a_table_nobody_joined(db):
    """Bots and clients that act at once: the first action deals (the seed alone, as the
    screens and the export say) and is applied, with one new version."""
    created, (anna, _) = new_table(db)
    acted = referee.act(db, anna, "draw", {"end": "top"}, 1)
    assert acted.table.dealt and acted.table.version == 2
    assert len(acted.table.view(0)["hand"]) == 1
    referee.close(db, created["host_token"])
    export = exports.export(db, referee.open_table(db, created["code"]))
    assert export["games"][0]["deal"]["by"] == "first action"
    assert export["games"][0]["contributions"] == []


def test_the_first_action_waits_for_a_phone_that_has_committed(db):
    """A phone's commitment is not thrown away by someone acting first: the action is
    refused with the reason and nothing changes, not even the deal phase."""
    created, (anna, bob) = new_table(db)
    _, b_hash = secret()
    referee.join(db, bob, commitment=b_hash)
    with pytest.raises(errors.Refused, match="waiting for Bob"):
        referee.act(db, anna, "draw", {"end": "top"}, 1)
    row = store.table(db, created["code"])
    assert row["deal_phase"] == "gathering" and row["version"] == 2


def test_a_refused_first_action_takes_its_deal_back_and_a_later_phone_still_counts(db):
    """"A refused action changes nothing, that deal included" (README "Fairness"): the
    phones may still commit after it, and the real deal and every later step mix in every
    phone's bytes (verify replays the game from them)."""
    created, (anna, bob) = new_table(db)
    a, a_hash = secret()
    referee.join(db, anna, a, a_hash)
    with pytest.raises(errors.Refused):
        act(db, anna, "show", {"card": 0})  # nothing in hand: refused
    assert store.table(db, created["code"])["deal_phase"] == "gathering"
    b, b_hash = secret()
    referee.join(db, bob, b, b_hash)
    for _ in range(3):
        act(db, anna, "roll", {"secret": False, "dice": "3d6"})
    referee.close(db, created["host_token"])
    export = exports.export(db, referee.open_table(db, created["code"]))
    assert [c["seat"] for c in export["games"][0]["contributions"]] == [0, 1]
    report = verify(export)
    assert report.ok, report.problems


def test_a_phone_that_lost_its_bytes_may_commit_again_before_any_reveal(db):
    created, (anna, bob) = new_table(db)
    (_, first), (again, second) = secret(), secret()
    referee.join(db, anna, commitment=first)
    referee.join(db, anna, commitment=second)
    (b, b_hash) = secret()
    referee.join(db, bob, commitment=b_hash)
    referee.reveal(db, anna, again)
    assert referee.reveal(db, bob, b).dealt


def test_play_again_gathers_fresh_randomness_after_the_new_commitment(db):
    """'A new round's commitment must be on screen before contributions for it are
    taken': the new round starts gathering with a new commitment and no contribution
    carried over; the phones' new bytes deal it."""
    created, (anna, bob) = new_table(db, game="duel")
    referee.check_cards(db, created["host_token"])  # its joker counts are checked once
    for token in (anna, bob):
        referee.join(db, token, os.urandom(32).hex())  # the single-step join of old clients
    table = referee.open_table(db, created["code"])
    assert table.dealt
    old_commitment = table.row["commitment"]
    table = referee.start(db, created["host_token"])
    import random

    from tests.test_tables import play_to_the_end

    play_to_the_end(db, created, random.Random(5))
    again = referee.play_again(db, created["host_token"], as_host=True)
    assert again.round == 2 and not again.dealt
    assert again.row["commitment"] != old_commitment
    assert store.contributions(db, created["code"], 2) == []
    (a, a_hash), (b, b_hash) = secret(), secret()
    referee.join(db, anna, commitment=a_hash)
    referee.join(db, bob, commitment=b_hash)
    referee.reveal(db, anna, a)
    assert referee.reveal(db, bob, b).dealt
    values = [c["value"] for c in store.contributions(db, created["code"], 2)]
    assert values == [a, b]


def test_api_create_can_deal_at_once_for_bots(client):
    answer = client.post("/api/tables", json={"game": "kit", "deal": "now",
                                              "seats": [{"name": "Bot"}]}).get_json()
    seat = client.get(f"/api/s/{answer['seats'][0]['token']}").get_json()
    assert answer["dealt"] and seat["table"]["dealt"] and seat["actions"]
    assert seat["table"]["deal"]["by"] == "creation"
    refused = client.post("/api/tables", json={"game": "kit", "deal": "later"})
    assert refused.status_code == 400


def test_before_the_deal_the_json_has_no_view_and_no_actions(client):
    answer = client.post("/api/tables", json={"game": "kit",
                                              "seats": [{"name": "A"}, {"name": "B"}]})
    created = answer.get_json()
    assert created["dealt"] is False
    seat = client.get(f"/api/s/{created['seats'][0]['token']}").get_json()
    assert seat["view"] is None and seat["actions"] == []
    assert seat["table"]["deal"]["phase"] == "gathering"


def test_the_phone_shows_its_short_hash_and_verify_lists_it(client):
    """'Each phone can see its own contribution (short hash) and verify lists them'."""
    created = client.post("/api/tables", json={
        "game": "kit", "seats": [{"name": "Anna"}, {"name": "Bob"}]}).get_json()
    anna, bob = (s["token"] for s in created["seats"])
    (a, a_hash), (b, b_hash) = secret(), secret()
    client.post(f"/api/s/{anna}/join", json={"commitment": a_hash})
    client.post(f"/api/s/{bob}/join", json={"commitment": b_hash})
    client.post(f"/api/s/{anna}/reveal", json={"contribution": a})
    answer = client.post(f"/api/s/{bob}/reveal", json={"contribution": b}).get_json()
    assert answer["table"]["dealt"]
    page = client.get(f"/s/{anna}").get_data(as_text=True)
    assert f"<code>{a_hash[:8]}</code> — mixed into the deal." in page
    client.post(f"/api/h/{created['host_token']}/end")
    export = client.get(f"/api/s/{anna}/export").get_json()
    notes = "\n".join(verify(export).notes)
    assert f"Anna {a_hash[:8]} (used)" in notes and f"Bob {b_hash[:8]} (used)" in notes
