"""Duel!: properties over thousands of random legal duels, under random table options.

Invariants a player would notice if broken: every card is in exactly one place (hand, laid,
out of the game, the joker deck, or on the table this round) — „Jednou vyložené karty se již
do ruky nevracejí“ —, pistols are never below 0 and never more than two („dvě nabité
soubojové pistole“), the duel always ends („Hra končí…“) within ``MAX_TURNS``, and no screen
shows another duellist's secret choice or jokers.
"""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.duel import dice, rules
from companion.games.duel.cards import ACTION_DECK, JOKERS
from tests.playing import default_options, playthrough
from tests.properties import examples

table_options = st.fixed_dictionaries({
    "extra_joker": st.sampled_from(["none", "first", "second"]),
    "mistress_aim": st.booleans(),
    "wind_stacks": st.booleans(),
    "empty_hand_ends": st.booleans(),
    "joker_deck": st.sampled_from(["own", "shared"]),
    **{f"jokers_{key}": st.integers(0, 4) for key in JOKERS},
}).filter(lambda o: sum(o[f"jokers_{k}"] for k in JOKERS) >= 3)


def dumps(value):
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def joker_decks(options):
    """The joker decks as dealt from: one per duellist, or one shared."""
    full = default_options(rules, 2)
    full.update(options)
    return rules.joker_decks(full)


def check_cards_conserved(state, options):
    """Each duellist's cards: the whole action deck and the jokers dealt, each in one place."""
    in_flight = state["current"]["played"] if state["current"] else [None, None]
    decks = joker_decks(options)
    drawn = [Counter() for _ in decks]
    for seat in (0, 1):
        where = Counter(state["hands"][seat]) + Counter(state["laid"][seat])
        where += Counter(o["card"] for o in state["out"] if o["seat"] == seat)
        if in_flight[seat] is not None:
            where[in_flight[seat]] += 1
        for key, copies in ACTION_DECK.items():
            assert where[key] == copies, (seat, key, where)
        jokers = Counter({key: where[key] for key in JOKERS if where[key]})
        assert jokers.total() == state["jokers"][seat]
        drawn[rules.deck_of(decks, seat)] += jokers
        pending = state["pending"][seat]
        if state["phase"] in ("choose", "mind") and pending not in (None, rules.KEEP):
            assert pending in state["hands"][seat]
    for deck, taken, left in zip(decks, drawn, state["joker_decks"], strict=True):
        assert taken + Counter(left) == Counter(deck), "a joker left its own deck"


def check_pistols(state):
    for seat in (0, 1):
        assert 0 <= state["pistols"][seat] <= rules.PISTOLS
        assert state["hands"][seat].count("shot") <= state["pistols"][seat]
        assert all(0 < left <= dice.WIND_ROUNDS for left in state["wind"])


def check_secret_choices(state):
    """Whatever a duellist's unrevealed choice is, the others' screens are identical."""
    for seat in (0, 1):
        if state["pending"][seat] is None:
            continue
        screens = set()
        for choice in rules._legal_pending(state, seat):
            other = json.loads(json.dumps(state))
            other["pending"][seat] = choice
            screens.add((dumps(rules.view(other, 1 - seat)), dumps(rules.view(other, None))))
        assert len(screens) == 1


def check_hidden_jokers(state):
    """A joker in another hand never appears in a screen unless it is visible some other
    way (played, out of the game, or also in the viewer's own hand)."""
    public = dumps([state["laid"], state["out"], state["history"], state["current"]])
    for seat in (None, 0, 1):
        text = dumps(rules.view(state, seat))
        for other in (0, 1):
            if other == seat or state["phase"] == "over":
                continue
            for key in set(state["hands"][other]) & set(JOKERS):
                if f'"{key}"' in public or (seat is not None and key in state["hands"][seat]):
                    continue
                assert f'"key": "{key}"' not in text
                assert f'"{rules.BY_KEY[key].name}"' not in text


def check_hints(state):
    """„Plačící milenka se také počítá jako karta Míření“ only under ``mistress_aim``: every
    hint shown for Crying Mistress (hand card, button) says so exactly when it is in force."""
    stays = state["rules"]["mistress_aim"]
    for seat in (0, 1):
        hints = [c["hint"] for c in rules.view(state, seat)["hand"] if c["key"] == "mistress"]
        hints += [a.hint for a in rules.actions(state, seat)
                  if a.label_args.get("card") == "Crying Mistress"]
        assert all(("stays on the table as an Aim" in h) == stays for h in hints)


def check_result(state):
    outcome = rules.result(state)
    if state["phase"] != "over":
        assert outcome is None
        return
    assert set(outcome["winners"]) <= {0, 1}
    assert not any(state["fallen"][s] for s in outcome["winners"])
    assert outcome["draw"] == (not any(state["fallen"]))
    assert all(rules.actions(state, s) == [] for s in (0, 1))


def play_checked(seed, options, deep):
    steps = list(playthrough(rules, seed, options=options, max_steps=rules.MAX_TURNS + 1))
    assert len(steps) <= rules.MAX_TURNS
    final = steps[-1].applied.state
    assert rules.result(final) is not None, "the duel did not end"
    for step in steps:
        state = step.applied.state
        check_cards_conserved(state, options)
        check_pistols(state)
        check_result(state)
        if deep:
            check_secret_choices(state)
            check_hidden_jokers(state)
            check_hints(state)
    return final


@settings(max_examples=examples(200), deadline=None)
@given(seed=st.integers(0, 2**32), options=table_options)
def test_random_duels_keep_every_invariant(seed, options):
    play_checked(seed, options, deep=True)


def test_thousands_of_default_duels_end_with_cards_and_pistols_intact():
    """2000 seeded duels with the default table (500 under `make check`): each ends, and
    every outcome occurs."""
    outcomes = Counter()
    for seed in range(examples(2000)):
        final = play_checked(seed, {}, deep=False)
        outcomes[rules.result(final)["text"]] += 1
    assert len(outcomes) == 4, outcomes  # one falls, both fall, no shots left, cards spent
