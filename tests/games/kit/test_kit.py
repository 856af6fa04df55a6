"""The referee kit (issue: "The referee kit"): dice, a deck and simultaneous secret choice."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import dice
from companion.games.base import ActionSyntaxError, IllegalActionError
from companion.games.kit import rules as kit
from tests.playing import default_options, rng_for
from tests.properties import examples


def new(players=2, **options):
    opts = default_options(kit, players)
    opts.update(options)
    return kit.setup(opts, rng_for(0))


def play(state, seat, action, step=1, **params):
    return kit.apply(state, seat, {"action": action, "params": params}, rng_for(step))


@pytest.mark.parametrize("text, count, sides, bonus", [
    ("4dF", 4, None, 0), ("2d6", 2, 6, 0), ("d20", 1, 20, 0), ("3d8+2", 3, 8, 2),
    ("1d6-1", 1, 6, -1), ("2k6", 2, 6, 0),
])
def test_dice_notation_parses(text, count, sides, bonus):
    parsed = dice.parse(text)
    assert (parsed.count, parsed.sides, parsed.bonus) == (count, sides, bonus)


@pytest.mark.parametrize("text", ["", "dd", "0d6", "31d6", "2d1", "2d6+", "six"])
def test_dice_notation_refuses_nonsense_with_a_sentence(text):
    with pytest.raises(ActionSyntaxError):
        dice.parse(text)


def test_open_roll_is_seen_by_everyone_with_every_face():
    applied = play(new(), 0, "roll", secret=False, dice="4dF")
    table = kit.view(applied.state, None)["rolls"][0]
    assert len(table["dice"]["faces"]) == 4
    assert table["dice"]["total"] == sum(table["dice"]["faces"])
    assert all(f in (-1, 0, 1) for f in table["dice"]["faces"])


def test_secret_roll_is_seen_only_by_the_roller_until_shown():
    state = play(new(), 0, "roll", secret=True, dice="2d6").state
    assert kit.view(state, 0)["rolls"][0]["dice"] is not None
    assert kit.view(state, 1)["rolls"][0]["dice"] is None
    assert kit.view(state, None)["rolls"][0]["dice"] is None
    n = state["rolls"][0]["n"]
    shown = play(state, 0, "show_roll", step=2, roll=n).state
    assert kit.view(shown, 1)["rolls"][0]["dice"] == kit.view(state, 0)["rolls"][0]["dice"]
    with pytest.raises(IllegalActionError):
        play(state, 1, "show_roll", step=2, roll=n)


def test_draw_from_top_and_bottom_takes_the_ends_of_the_shuffled_deck():
    state = new()
    top, bottom = state["deck"][0], state["deck"][-1]
    state = play(state, 0, "draw", end="top").state
    state = play(state, 1, "draw", step=2, end="bottom").state
    assert state["hands"][0][0]["id"] == top and state["hands"][1][0]["id"] == bottom
    assert len(state["deck"]) == 50


def test_custom_deck_with_copies():
    state = new(deck="custom", cards="3x Aim\nBluff")
    assert sorted(state["names"]) == ["Aim", "Aim", "Aim", "Bluff"]


def test_discard_and_reshuffle_returns_cards_to_the_deck():
    state = new(deck="custom", cards="A\nB\nC")
    state = play(state, 0, "draw", end="top").state
    state = play(state, 0, "discard", step=2, card=0).state
    assert len(state["discard"]) == 1
    state = play(state, 1, "reshuffle", step=3).state
    assert state["discard"] == [] and sorted(state["deck"]) == [0, 1, 2]


def test_face_down_card_at_a_place_can_be_peeked_privately():
    state = new(deck="custom", cards="Dragon\nGoblin")
    state = play(state, 0, "deal", place=0).state
    assert kit.view(state, None)["places"][0]["cards"][0]["name"] is None
    peeked = play(state, 1, "peek", step=2, place=0, card=0)
    name = state["names"][state["places"][0]["cards"][0]["id"]]
    assert kit.view(peeked.state, 1)["places"][0]["cards"][0]["name"] == name
    assert kit.view(peeked.state, 0)["places"][0]["cards"][0]["name"] is None
    assert [line.get("to") for line in peeked.log] == [None, [1]]


def test_simultaneous_choice_is_revealed_only_when_the_last_has_chosen():
    state = play(new(players=3), 0, "ask", question="Vote", options="red, blue").state
    state = play(state, 0, "pick", step=2, value="red").state
    first = play(state, 1, "pick", step=3, value="blue")
    assert not first.revealed
    assert kit.view(first.state, 2)["choice"]["picks"] is None
    assert kit.view(first.state, None)["choice"]["chosen"] == [True, True, False]
    last = play(first.state, 2, "pick", step=4, value="red")
    assert last.revealed
    assert kit.view(last.state, None)["choice"]["picks"] == ["red", "blue", "red"]


def test_choice_cannot_be_changed_or_made_outside_the_options():
    state = play(new(), 0, "ask", question="Vote", options="red, blue").state
    with pytest.raises(IllegalActionError):
        play(state, 0, "pick", step=2, value="green")
    state = play(state, 0, "pick", step=2, value="red").state
    with pytest.raises(IllegalActionError):
        play(state, 0, "pick", step=3, value="blue")


def test_number_choice_when_no_options_are_given():
    state = play(new(), 0, "ask", question="Bid", options="").state
    state = play(state, 0, "pick", step=2, value=7).state
    state = play(state, 1, "pick", step=3, value=9).state
    assert kit.view(state, None)["choice"]["picks"] == [7, 9]


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=1, max_value=8))
def test_cards_are_conserved_in_any_playthrough(seed, players):
    """Property: every card is in exactly one place, whatever anyone does."""
    from tests.playing import playthrough

    for step in playthrough(kit, seed, players=players, max_steps=60):
        state = step.applied.state
        places = [c["id"] for p in state["places"] for c in p["cards"]]
        hands = [c["id"] for hand in state["hands"] for c in hand]
        everything = state["deck"] + state["discard"] + places + hands
        assert sorted(everything) == list(range(len(state["names"])))
