"""The belief model of the app's Dracula (issue 33, item 3): what the hunters cannot rule
out, from the public record alone.

Soundness: at every step of random legal games Dracula's true place, trail, catacombs and
Hide are among the belief's states. Exactness: on short games the merged states and their
weights equal a brute-force enumeration of every history consistent with the same
observations (an independent implementation below, which never merges). The belief reads
only what the tablet shows: built from Dracula's own screen it is the same.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.fury import board, rules, trail
from companion.games.fury.automa import belief as beliefs
from companion.games.fury.automa.belief import Belief, value_of
from companion.games.fury.automa.public import LINES, Op, Tracker
from tests.playing import default_options, rng_for
from tests.properties import examples

FURY = Path(__file__).parents[3] / "companion" / "games" / "fury"


def truth(state: dict[str, Any]) -> dict[int, int]:
    """Every card's true value: its place, and whether it is Hide; a card pushed off the
    trail waits in the queue while Dracula decides about the catacombs."""
    slots = trail.slots(state) + [q["slot"] for q in state["queue"] if q["kind"] == "dropoff"]
    return {s["id"]: value_of(s["place"], s["power"] == "hide") for s in slots}


def random_game(seed: int, players: int,
                each: Callable[[dict[str, Any], list[dict[str, Any]]], bool],
                max_steps: int = rules.MAX_TURNS) -> dict[str, Any]:
    """A random legal game (no corrections by hand); ``each(state, log)`` after every
    step, and the game stops when it returns False."""
    chooser = random.Random(seed)
    state = rules.setup(default_options(rules, players), rng_for(0, f"{seed:064x}"))
    each(state, [])
    for step in range(1, max_steps):
        if rules.result(state) is not None:
            break
        movers = {s: [a for a in rules.actions(state, s) if not a.action.startswith("hand_")]
                  for s in range(players)}
        movers = {s: a for s, a in movers.items() if a}
        seat = chooser.choice(sorted(movers))
        action = chooser.choice(movers[seat])
        applied = rules.apply(state, seat, {"action": action.action, "params": action.params},
                              rng_for(step, f"{seed:064x}"))
        state = applied.state
        if not each(state, applied.log):
            break
    return state


@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_the_true_trail_is_never_ruled_out(seed, players):
    """Soundness at every step of a whole random game: Dracula's place, every card of his
    trail and catacombs and which one is Hide are among the states the hunters keep."""
    tracker, belief = Tracker(), Belief()
    checked = []

    def each(state: dict[str, Any], log: list[dict[str, Any]]) -> bool:
        belief.apply(tracker.step(rules.view(state, None), log))
        assert belief.broken == 0, "an observation no state explains"
        if state["trail"]:
            assert belief.contains(truth(state)), f"the true trail was ruled out ({seed})"
            here = trail.dracula_place(state)
            assert belief.where().get(here, 0) > 0
            checked.append(1)
        return True

    random_game(seed, players, each)
    assert tracker.unexplained == 0
    assert checked


# --- the brute force ---------------------------------------------------------------------------


def _two_roads(here: str, barred: set[str]) -> set[str]:
    reach, frontier = {here}, {here}
    for _ in range(2):
        frontier = {q for p in frontier for q in board.ROAD[p] if q not in barred} - reach
        reach |= frontier
    return reach


def _options(op: Op, history: dict[int, tuple[str, bool]], trail_now: tuple[int, ...],
             ) -> list[tuple[str, bool]]:
    """What a card laid ``op.how`` may be, given one whole history: the rulebook's moves,
    written out again from the map (place names, no indices)."""
    barred = {board.HOSPITAL, *op.blocked}
    taken = {place for place, _ in history.values()}
    here = history[trail_now[0]][0] if trail_now else ""
    hide_used = any(history[h][1] for h in trail_now)
    sea = op.back == "sea"
    if op.how == "start":
        return [(p, False) for p in board.PLACES if board.is_city(p)
                and p not in op.hunters and p not in barred]
    if op.how == "move":
        out = [(p, False) for p in board.neighbours(here) if board.is_sea(p) == sea
               and p not in taken and p not in barred]
        if not sea and not hide_used and not board.is_sea(here) and here not in barred:
            out.append((here, True))
        return out
    if op.how == "stay":
        return [(here, False)] if not board.is_sea(here) and here not in barred else []
    if op.how in ("wolf", "bat"):
        if op.how == "wolf" and board.is_sea(here):
            return []
        return [(p, False) for p in _two_roads(here, barred)
                if p not in taken and p not in barred and not board.is_sea(p)]
    if op.how == "double_back":
        place, hide = history[op.source]
        ok = not hide and place in board.neighbours(here) and place not in barred \
            and place != here
        return [(place, False)] if ok else []
    if op.how == "evasion":
        return [(p, False) for p in board.PLACES if board.is_city(p) and p not in taken
                and p not in barred and p not in op.hunters]
    anywhere = [(p, False) for p in board.PLACES if board.is_sea(p) == sea]
    if op.how == "unknown" and not sea:
        anywhere += [(p, True) for p in board.PLACES if not board.is_sea(p)]
    return anywhere


def brute_force(steps: list[list[Op]]) -> tuple[Counter, int]:
    """Every history consistent with the observations, one by one (never merged), then
    counted by the cards still in play."""
    histories: list[dict[int, tuple[str, bool]]] = [{}]
    trail_now: tuple[int, ...] = ()
    alive: set[int] = set()
    for ops in steps:
        for op in ops:
            if op.what == "lay":
                histories = [{**h, op.handle: option} for h in histories
                             for option in _options(op, {k: h[k] for k in alive}, trail_now)]
                alive.add(op.handle)
            elif op.what == "forget":
                alive.discard(op.handle)
            elif op.what == "order":
                trail_now = op.trail
            elif op.what == "not_hide":
                histories = [h for h in histories if not h[op.handle][1]]
            elif op.what == "fix":
                histories = [h for h in histories if h[op.handle] == (op.place, op.hide)]
            elif op.what == "not_at":
                histories = [h for h in histories
                             if all(h[k][0] != op.place for k in op.handles)]
            elif op.what == "at":
                histories = [h for h in histories if h[trail_now[0]][0] == op.place]
            elif op.what == "not_in":
                histories = [h for h in histories if h[trail_now[0]][0] not in op.places]
    counted = Counter(tuple(sorted((k, value_of(*h[k])) for k in alive)) for h in histories)
    return counted, len(histories)


@settings(max_examples=examples(10), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), lays=st.integers(2, 4))
def test_the_merged_states_and_weights_equal_every_history_counted(seed, players, lays):
    """Exactness on short games (Dracula's first two to four cards, the hunters searching
    meanwhile): the same states, each weighing its share of the consistent histories."""
    tracker, belief = Tracker(), Belief()
    belief.cap = 10**7
    steps: list[list[Op]] = []
    laid = []

    def each(state: dict[str, Any], log: list[dict[str, Any]]) -> bool:
        ops = tracker.step(rules.view(state, None), log)
        steps.append(ops)
        belief.apply(ops)
        laid.extend(op for op in ops if op.what == "lay")
        return len(laid) < lays

    random_game(seed, players, each)
    counted, histories = brute_force(steps)
    assert histories > 0
    assert not belief.loose, "a short game stays under the cap"
    total = sum(counted.values())
    expected = {key: n / total for key, n in counted.items()}
    got = {}
    for state, weight in belief.states.items():
        full = {**belief.known, **dict(zip(belief.order, state, strict=True))}
        got[tuple(sorted(full.items()))] = weight
    assert set(got) == set(expected)
    for key, weight in expected.items():
        assert got[key] == pytest.approx(weight, rel=1e-9)


def test_the_belief_reads_only_the_public_table():
    """Built from Dracula's own screen (which also shows his secret trail) the belief is
    the very same as the tablet's: it reads nothing a hunter cannot see."""
    pairs = [(Tracker(), Belief()), (Tracker(), Belief())]

    def each(state: dict[str, Any], log: list[dict[str, Any]]) -> bool:
        for (tracker, belief), seat in zip(pairs, (None, rules.DRACULA), strict=True):
            belief.apply(tracker.step(rules.view(state, seat), log))
        assert pairs[0][1].states == pairs[1][1].states
        assert pairs[0][1].known == pairs[1][1].known
        return True

    random_game(7, 3, each, max_steps=400)


def test_a_search_that_finds_nothing_rules_the_city_out():
    """„Поиск – Охотник объявляет своё местоположение. Если соответствующая Локация…
    находится на Пути Дракулы…, то она должна быть раскрыта“: a hunter who ends his move
    in a city and turns up nothing leaves no face-down card there, and Dracula is not
    there either."""
    belief, tracker = Belief(), Tracker()
    seen: list[tuple[str, float, float]] = []

    def each(state: dict[str, Any], log: list[dict[str, Any]]) -> bool:
        before = belief.where()
        belief.apply(tracker.step(rules.view(state, None), log))
        for line in log:
            if line["text"] in (*LINES["travel"], LINES["stay"]) and state["trail"] \
                    and not any("reveals" in other["text"] for other in log):
                place = next(p for p, data in board.PLACES.items()
                             if data.name == line["args"]["place"])
                if board.is_city(place):
                    seen.append((place, before.get(place, 0.0), belief.where().get(place, 0)))
        return len(seen) < 12

    random_game(3, 3, each)
    assert seen
    assert all(after == 0 for _, _, after in seen)
    assert any(before > 0 for _, before, _ in seen)


def test_every_line_the_belief_reads_is_still_written_by_the_rules():
    """The observations are read from the log by message id: a reworded line must fail
    here, not blind the belief."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in FURY.glob("*.py"))
    flat = re.sub(r'"\s*\n\s*"', "", source)
    for kind, texts in LINES.items():
        for text in (texts,) if isinstance(texts, str) else texts:
            assert text in flat, f"{kind}: {text!r} is no longer written by the rules"


def test_the_cap_keeps_the_oldest_cards_apart_and_the_belief_sound():
    """Beyond ``CAP`` joint states the oldest cards are kept each on its own: fewer states,
    the truth still among them."""
    tracker, belief = Tracker(), Belief()
    belief.cap = 60

    def each(state: dict[str, Any], log: list[dict[str, Any]]) -> bool:
        belief.apply(tracker.step(rules.view(state, None), log))
        assert belief.size <= 2 * len(beliefs.IDS)
        if state["trail"]:
            assert belief.contains(truth(state))
        return True

    random_game(11, 3, each, max_steps=600)
    assert belief.loosened > 0
