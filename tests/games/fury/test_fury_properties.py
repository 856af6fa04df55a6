"""Fury of Dracula over random legal games (hypothesis chooses the seed, the number of
players and how often the players reach for the tools by hand): the trail never exceeds
six cards, every card and all 45 encounter tokens are conserved and never in two places,
Dracula never stands where he may not be, the tracks stay in bounds, every game ends, and
no screen's HTML changes when only what it may not see is dealt anew."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.fury import board, cards, movement, rules, trail
from companion.games.fury.cards import HUNTERS
from tests.playing import default_options, rng_for
from tests.properties import examples
from tests.test_conformance import render_screens

TOOLS = {"hand_open", "hand_blood", "hand_health", "hand_bite", "hand_discard"}


def play(seed: int, players: int, tools: float, check: Any = None,
         max_steps: int = rules.MAX_TURNS, watch: Any = None) -> tuple[dict[str, Any], int]:
    """A random legal game; the tools by hand are chosen with probability ``tools``;
    ``check(state, step)`` after every action, ``watch(state, step, log)`` with its lines."""
    chooser = random.Random(seed)
    state = rules.setup(default_options(rules, players), rng_for(0, f"{seed:064x}"))
    for step in range(1, max_steps + 1):
        if rules.result(state) is not None:
            return state, step
        movers = {s: rules.actions(state, s) for s in range(players)}
        movers = {s: a for s, a in movers.items() if a}
        assert movers, "nobody can act and the game has no result"
        seat = chooser.choice(sorted(movers))
        choices = movers[seat]
        calm = [a for a in choices if a.action not in TOOLS]
        if calm and chooser.random() >= tools:
            choices = calm
        action = chooser.choice(choices)
        applied = rules.apply(state, seat, {"action": action.action, "params": action.params},
                              rng_for(step, f"{seed:064x}"))
        state = applied.state
        if check is not None:
            check(state, step)
        if watch is not None:
            watch(state, step, applied.log)
    return state, max_steps


def tokens_everywhere(state: dict[str, Any]) -> Counter:
    found = Counter(state["pool"]) + Counter(state["encounters"])
    for slot in trail.slots(state):
        found += Counter(slot["tokens"])
    on_cards = {t for slot in trail.slots(state) for t in slot["tokens"]}
    for item in state["queue"]:
        if item["kind"] == "dropoff":
            found += Counter(item["slot"]["tokens"])
        if item.get("do") == "meet" and item["token"] not in on_cards:
            found[item["token"]] += 1
    if state["turn"]:
        found += Counter(state["turn"]["maturing"])
    for h in state["hunters"].values():
        found += Counter(h["held"])
    return found


def events_everywhere(state: dict[str, Any]) -> Counter:
    found = Counter(state["event_deck"]) + Counter(state["event_discard"])
    found += Counter(state["dracula_events"])
    found += Counter(c for c in state["allies"].values() if c)
    for h in state["hunters"].values():
        found += Counter(h["events"])
    return found


def items_everywhere(state: dict[str, Any]) -> Counter:
    found = Counter(state["item_deck"]) + Counter(state["item_discard"])
    for h in state["hunters"].values():
        found += Counter(h["items"])
    return found


def invariants(state: dict[str, Any], step: int) -> None:
    assert len(state["trail"]) <= cards.TRAIL_LENGTH
    assert len(state["catacombs"]) == cards.CATACOMBS
    assert tokens_everywhere(state) == Counter(cards.ENCOUNTER_POOL)
    assert events_everywhere(state) == Counter(cards.EVENT_DECK)
    assert items_everywhere(state) == Counter(cards.ITEM_DECK)
    assert 0 <= state["blood"] <= cards.BLOOD
    assert 0 <= state["vampires"] <= cards.VAMPIRES_TO_WIN
    for hunter in HUNTERS:
        h = state["hunters"][hunter]
        assert 0 <= h["health"] <= cards.HUNTER_DATA[hunter]["health"]
        assert h["bites"] >= 0
    if state["trail"]:
        here = trail.dracula_place(state)
        # A city protected while he is in it, or a sea a storm closes over him: he stays
        # until he leaves („if he is there he must leave“), but never walks in.
        assert here not in movement.forbidden(state) or here in state["blocked"] \
            or here in state["storms"]
        assert here != board.HOSPITAL
    ids = [s["id"] for s in trail.slots(state)]
    assert len(ids) == len(set(ids))


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5),
       tools=st.sampled_from([0.0, 0.02, 0.3]))
def test_random_games_keep_every_card_and_token_and_end(seed, players, tools):
    """Cards and the 45 tokens are conserved, the trail stays at six, the game ends."""
    state, steps = play(seed, players, tools, check=invariants)
    assert rules.result(state) is not None, f"no result after {steps} actions"
    assert rules.result(state)["side"] in ("dracula", "hunters")


def face_up_cards_are_held(state: dict[str, Any], step: int) -> None:
    for hunter, h in state["hunters"].items():
        held = set(h["items"]) | set(h["events"])
        assert set(h["up"]) <= held, (hunter, h["up"], step)
        assert {c for c in h["shown"].values() if c} <= held, (hunter, h["shown"], step)


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5),
       tools=st.sampled_from([0.0, 0.02, 0.3]))
def test_every_face_up_card_is_in_its_holders_hand_at_every_step(seed, players, tools):
    """Dogs „face up in front of you“ and a bitten hunter's open cards („держать открытыми“)
    are cards of his hand: whatever takes a card from the hand — a discard, a trade, a thief,
    a card played, a defeat („сбрасывает все свои карты Вещей и Событий“) — takes it off the
    table too."""
    play(seed, players, tools, check=face_up_cards_are_held)


@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_no_screen_shows_another_seats_secret_deep_into_a_game(app, seed, players):
    """The rendered HTML of the tablet and of every phone is the same whatever is dealt anew
    among what that screen may not see — checked every few actions of a long game, where the
    trail has dropped cards, the catacombs hold some and hands are full."""
    names = [f"Player{i}" for i in range(players)]

    def check(state: dict[str, Any], step: int) -> None:
        if step % 23:
            return
        for seat in [None, *range(players)]:
            other = rules.redeal_hidden(state, seat, rng_for(50_000 + step))
            assert render_screens(app, rules, other, seat, names) == render_screens(
                app, rules, state, seat, names), (seat, step)

    with app.test_request_context("/"):
        play(seed, players, 0.01, check=check, max_steps=700)
