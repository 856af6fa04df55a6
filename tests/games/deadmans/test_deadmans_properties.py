"""Dead Man's Draw: properties of random legal playthroughs under random options.

At every step: the 60 cards (120 with two sets) are all somewhere and nowhere twice, banks
are sorted, each live score is the sum of the stack tops, the draw pile's order and the
Seer's look reach no other seat, a character stays secret until all are revealed; and every
game ends within ``MAX_TURNS``.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.deadmans import core, rules
from companion.games.deadmans.cards import card_view, sort_cards
from tests.playing import canonical, playthrough, rng_for
from tests.properties import examples

OPTIONS = st.fixed_dictionaries({
    "party": st.booleans(),
    "strange_waters": st.booleans(),
    "mermaid_variant": st.booleans(),
    "thieves_island": st.booleans(),
    "bottom_feeder": st.booleans(),
})


def where(state) -> list[int]:
    return (state["deck"] + state["discard"] + [e["card"] for e in state["row"]]
            + [c for bank in state["banks"] for c in bank])


def stack_tops(view_bank, golden: bool) -> int:
    total = 0
    for stack in view_bank["stacks"]:
        assert stack["values"] == sorted(stack["values"], reverse=True)
        assert stack["top"] == stack["values"][0]
        total += stack["top"] + (core.GOLDEN_SCALES_BONUS if golden and
                                 stack["suit"] == "mermaid" else 0)
    return total


@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), options=OPTIONS)
def test_random_games_keep_every_invariant(seed, players, options):
    if options["party"]:
        players *= 2
    steps = list(playthrough(rules, seed, players=players, options=options,
                             max_steps=rules.MAX_TURNS + 1))
    final = steps[-1].applied.state
    assert rules.result(final) is not None, "the game did not end within MAX_TURNS"
    total = 120 if final["opts"]["party"] else 60
    for step in steps:
        state = step.applied.state
        found = where(state)
        assert sorted(found) == list(range(total)), "a card was made, lost or doubled"
        for seat in range(players):
            assert state["banks"][seat] == sort_cards(state["banks"][seat])
        table = rules.view(state, None)
        for seat, bank in enumerate(table["banks"]):
            golden = core.character(state, seat) == "golden_scales"
            assert bank["score"] == stack_tops(bank, golden)
        _check_secrets(step, state, players)


def _check_secrets(step, state, players) -> None:
    for entry in step.applied.log:
        if "to" in entry:
            assert entry["to"] == [step.seat], "a private line went to someone else"
    shown = state["characters_shown"]
    for seat in [None, *range(players)]:
        seen = rules.view(state, seat)
        known = state["public_known"] if seat is None else max(
            state["public_known"], state["known"][seat])
        top = [card_view(state, c) for c in state["deck"][:known]]
        assert (seen["deck_top"] if seat is None else seen["me"]["look"]) == top
        if not shown:
            assert all(bank["character"] is None for bank in seen["banks"])
        other = rules.redeal_hidden(state, seat, rng_for(99_999))
        assert canonical(rules.view(other, seat)) == canonical(seen)
        json.dumps(seen)


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 10_000))
def test_before_the_reveal_a_view_names_only_its_own_characters(seed):
    state = rules.setup({"players": 4}, rng_for(0, f"{seed:064x}"))
    for seat in range(4):
        text = json.dumps(rules.view(state, seat))
        for other in range(4):
            for char_id in state["dealt"][other]:
                if other != seat and char_id not in state["dealt"][seat]:
                    assert f'"{char_id}"' not in text
    assert all(f'"{c}"' not in json.dumps(rules.view(state, None))
               for pair in state["dealt"] for c in pair)
