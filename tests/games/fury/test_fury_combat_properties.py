"""Fury of Dracula's combat over thousands of random combats (hypothesis chooses the seeds):
any enemy, one to three hunters, random items and event cards (Good Luck and Devilish Power
among them), day or night, any blood and health, Sister Agatha or not, checked initiative or
not, Dracula's target named in secret or after the reveal, and random legal choices by every
seat. Health and blood never leave their bounds, every card and token stays counted in one
place, no seat's view changes when only what it may not see is dealt anew, and every combat
ends."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.fury import board, cards, combat_in_progress, hunters, rules
from companion.games.fury.cards import HUNTERS
from tests.games.fury.fury_fights import FightTable
from tests.games.fury.fury_fights import fight as start_fight
from tests.games.fury.test_fury_properties import (
    events_everywhere,
    items_everywhere,
    tokens_everywhere,
)
from tests.playing import rng_for
from tests.properties import examples

ENEMIES = ("dracula", "dracula", "dracula", "vampire", "assassin", "minion_knife",
           "minion_knife_pistol", "minion_knife_rifle")
PLACES = ("paris", "bucharest", board.CASTLE)
HUNTER_EVENTS = ("advance_planning", "escape_route", "heroic_leap", "good_luck", "forewarned")
DRACULA_EVENTS = ("trap", "rage", "devilish_power", "wild_horses")
MAX_ACTIONS = 400
"""Far more than any combat needs: three Continues end it, and every other result moves
health, blood or a bite towards its end."""


def available(deck: list[str], kinds: tuple[str, ...] | list[str]) -> list[str]:
    left = Counter(cards.kind(c) for c in deck)
    return [k for k in kinds if left[k]]


def random_combat(chooser: random.Random, seed: int) -> FightTable:
    enemy = chooser.choice(ENEMIES)
    group = tuple(chooser.sample(HUNTERS, chooser.choice((1, 1, 1, 2, 3))))
    place = chooser.choice(PLACES if enemy == "dracula" else PLACES[:2])
    items: dict[str, list[str]] = {}
    events: dict[str, list[str]] = {}
    deck = Counter(cards.kind(c) for c in cards.ITEM_DECK)
    pile = Counter(cards.kind(c) for c in cards.EVENT_DECK)
    for hunter in HUNTERS:
        kinds = [k for k in sorted(deck) if deck[k]]
        items[hunter] = chooser.sample(kinds, chooser.randint(0, 3))
        deck.subtract(items[hunter])
        choice = [k for k in HUNTER_EVENTS if pile[k]]
        held = chooser.randint(0, min(2, len(choice))) if chooser.random() < 0.2 else 0
        events[hunter] = chooser.sample(choice, held)
        pile.subtract(events[hunter])
    dracula_events = tuple(chooser.sample(DRACULA_EVENTS, chooser.choice((0, 0, 1, 2))))
    table = start_fight(enemy, hunters=group, place=place, night=chooser.random() < 0.6,
                        seed=seed % 50, items=items, events=events,
                        dracula_events=dracula_events, blood=chooser.randint(1, 15),
                        window=True, initiative_checked=chooser.random() < 0.5,
                        target_after_reveal=chooser.random() < 0.3)
    state = table.state
    for hunter in group:
        h = state["hunters"][hunter]
        h["health"] = chooser.randint(1, cards.HUNTER_DATA[hunter]["health"])
        limit = cards.HUNTER_DATA[hunter]["bites_to_defeat"]
        h["bites"] = max(h["bites"], chooser.randint(0, limit - 1))
    if chooser.random() < 0.3:
        agatha = next(c for c in state["event_deck"] if c.startswith("sister_agatha"))
        state["event_deck"].remove(agatha)
        state["allies"]["hunters"] = agatha
    return table


def in_combat(state: dict[str, Any]) -> bool:
    """The combat or what it left to answer: its questions, Great Strength's window."""
    return combat_in_progress.find(state) is not None \
        or any(q["kind"] in ("choice", "window") for q in state["queue"])


def bounds(state: dict[str, Any]) -> None:
    assert 0 <= state["blood"] <= cards.BLOOD
    assert 0 <= state["vampires"] <= cards.VAMPIRES_TO_WIN
    for hunter in HUNTERS:
        h = state["hunters"][hunter]
        assert 0 <= h["health"] <= cards.HUNTER_DATA[hunter]["health"]
        # a blow that would defeat him waits while Great Strength may cancel it
        falling = hunters.strength_asked(state, hunter)
        assert 0 <= h["bites"] <= cards.HUNTER_DATA[hunter]["bites_to_defeat"] - (not falling)
        assert h["health"] > 0 or falling
    assert tokens_everywhere(state) == Counter(cards.ENCOUNTER_POOL)
    assert events_everywhere(state) == Counter(cards.EVENT_DECK)
    assert items_everywhere(state) == Counter(cards.ITEM_DECK)
    found = combat_in_progress.find(state)
    if found is not None:
        assert set(found["pending"]) == {"enemy", *found["hunters"]}
        assert sum(1 for q in state["queue"] if q["kind"] == "combat") == 1


def unseen_is_unseen(state: dict[str, Any], step: int) -> None:
    for seat in (None, *range(state["players"])):
        other = rules.redeal_hidden(state, seat, rng_for(70_000 + step))
        assert rules.view(other, seat) == rules.view(state, seat), seat
        if seat is not None:
            assert [a.to_json() for a in rules.actions(other, seat)] == [
                a.to_json() for a in rules.actions(state, seat)], seat


def play_out(table: FightTable, chooser: random.Random, leaks: float) -> int:
    """Random legal choices by every seat until the combat and its questions are done."""
    for step in range(1, MAX_ACTIONS + 1):
        state = table.state
        if rules.result(state) is not None or not in_combat(state):
            return step
        movers = {s: rules.actions(state, s) for s in range(state["players"])}
        movers = {s: a for s, a in movers.items() if a}
        assert movers, "the combat waits for nobody"
        seat = chooser.choice(sorted(movers))
        action = chooser.choice(movers[seat])
        table.act(seat, action.action, **action.params)
        bounds(table.state)
        if chooser.random() < leaks:
            unseen_is_unseen(table.state, step)
    raise AssertionError("the combat did not end")


def combats(seed: int, count: int, leaks: float) -> None:
    chooser = random.Random(seed)
    for n in range(count):
        table = random_combat(chooser, seed + n)
        bounds(table.state)
        play_out(table, chooser, leaks)
        assert combat_in_progress.find(table.state) is None or rules.result(table.state) is not None


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_random_combats_keep_bounds_and_cards_and_always_end(seed):
    """Fifty combats per example, two thousand in all."""
    combats(seed, 50, leaks=0.0)


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_no_view_and_no_button_depends_on_another_seats_secret_choice(seed):
    """The leak test at every step of random combats, pending choices included."""
    combats(seed, 5, leaks=1.0)
