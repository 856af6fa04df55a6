"""A question's existence is public (issue 40): what an action shows each viewer may depend on
nothing that viewer cannot see.

``tests/test_take_back.py`` holds a free take-back to what its *mover* learns. Here every
viewer counts — the tablet and each seat: from random positions, for every action that comes
back as free to take back (``Applied.revealed`` false, no randomness drawn) and for every
viewer, the positions that viewer cannot tell apart (``redeal_hidden(state, viewer)``: the same
screen for it) must give that viewer, after the action, the same screen, the same buttons and
the same log lines. Whether a window opens, who is asked, whether a turn stops at its start
— if any of it hung on a hidden hand, the tablet would tell it, and the mover could act, watch
the tablet and take the action back.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from companion.games.base import RuleError
from tests.playing import canonical, default_options, fill_inputs, rng_for
from tests.properties import examples

REDEALS = 4
"""Other hidden positions tried per viewer."""


def seen_by(log: list[dict[str, Any]], viewer: int | None) -> list[dict[str, Any]]:
    """The log lines ``viewer`` reads (``None``: the tablet reads the public ones)."""
    return [entry for entry in log
            if "to" not in entry or (viewer is not None and viewer in entry["to"])]


def screen(game: Any, state: Any, viewer: int | None) -> str:
    """What ``viewer`` has in front of it: its view and, on a phone, its buttons."""
    offered = [] if viewer is None else [
        (a.action, a.params, a.label, a.label_args, a.group, a.hint)
        for a in game.actions(state, viewer)]
    return canonical([game.view(state, viewer), offered, game.result(state)])


def buttons(game: Any, state: Any, seat: int) -> list[tuple[Any, ...]]:
    return [(a.action, a.params, a.label, a.group) for a in game.actions(state, seat)]


def indistinguishable(game: Any, state: Any, viewer: int | None, salt: int) -> list[Any]:
    """Positions ``viewer`` cannot tell from ``state``: everything hidden from it dealt anew,
    kept where its screen stays the same."""
    known = screen(game, state, viewer)
    out = []
    for n in range(REDEALS):
        other = game.redeal_hidden(state, viewer, rng_for(70_000 + salt * REDEALS + n))
        if screen(game, other, viewer) == known:
            out.append(other)
    return out


def leaks_of(game: Any, state: Any, seat: int, posted: dict[str, Any], step: int,
             viewers: list[int | None],
             examined: Counter[str] | None = None,
             alike: dict[int, list[Any]] | None = None) -> list[tuple[int | None, int, str]]:
    """(viewer, redeal, how) for each viewer to whom this free action shows something that
    depends on what it cannot see; [] also when the action is not free. ``examined`` counts
    the actions looked at by name (free or revealing); ``alike`` keeps each viewer's
    indistinguishable positions of this ``state`` for the next action tried from it."""
    rng = rng_for(step)
    try:
        applied = game.apply(state, seat, posted, rng)
    except RuleError:
        return []
    if examined is not None:
        examined[posted["action"]] += 1
    if applied.revealed or rng.used:
        return []
    found: list[tuple[int | None, int, str]] = []
    for v, viewer in enumerate(viewers):
        outcome = canonical([screen(game, applied.state, viewer),
                             seen_by(applied.log, viewer)])
        if alike is None or v not in alike:
            others = indistinguishable(game, state, viewer, step * 10 + v)
            if alike is not None:
                alike[v] = others
        else:
            others = alike[v]
        for n, other in enumerate(others):
            try:
                elsewhere = game.apply(other, seat, posted, rng_for(step))
            except RuleError:
                # The mover could not have chosen it there: nothing for this viewer to see.
                continue
            if elsewhere.revealed:
                found.append((viewer, n, "revealing only in another position"))
                continue
            if canonical([screen(game, elsewhere.state, viewer),
                          seen_by(elsewhere.log, viewer)]) != outcome:
                found.append((viewer, n, "another screen"))
    return found


def leaks_in_random_games(name: str, seed: int, max_steps: int, rare_first: bool,
                          offers_per_seat: int = 2,
                          examined: Counter[str] | None = None) -> list[tuple[Any, ...]]:
    """A random game of ``name``; at each position up to ``offers_per_seat`` of each seat's
    offers are tried against every viewer. ``rare_first`` prefers the actions chosen least,
    which reaches the corners uniform play rarely does."""
    game = GAMES[name]
    chooser = random.Random(seed)
    chosen: Counter[str] = Counter()
    spec = game.seats({})
    players = chooser.randint(spec.min, spec.max)
    state = game.setup(default_options(game, players), rng_for(0, f"{seed:064x}"))
    viewers: list[int | None] = [None, *range(players)]
    found: list[tuple[Any, ...]] = []
    for step in range(1, max_steps + 1):
        if game.result(state) is not None:
            break
        offers = [(s, a) for s in range(players) for a in game.actions(state, s)]
        if not offers:
            break
        alike: dict[int, list[Any]] = {}  # the same redeals serve every action tried here
        for seat in sorted({s for s, _a in offers}):
            mine = [a for s, a in offers if s == seat]
            for action in chooser.sample(mine, min(len(mine), offers_per_seat)):
                posted = {"action": action.action, "params": fill_inputs(action, chooser)}
                for viewer, n, how in leaks_of(game, state, seat, posted, step, viewers,
                                               examined, alike):
                    found.append((seed, step, seat, posted["action"], posted["params"],
                                  "viewer", viewer, n, how))
        weights = [1 / (1 + chosen[a.action]) ** 2 if rare_first else 1 for _s, a in offers]
        seat, action = chooser.choices(offers, weights)[0]
        chosen[action.action] += 1
        posted = {"action": action.action, "params": fill_inputs(action, chooser)}
        state = game.apply(state, seat, posted, rng_for(step, f"{seed:064x}")).state
    return found


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000), rare_first=st.booleans())
def test_a_free_action_shows_every_viewer_only_what_it_may_know(name, seed, rare_first):
    """ARCHITECTURE.md, "A question's existence is public": for every free action and every
    viewer (the tablet, each phone), the positions that viewer cannot tell apart give it the
    same screen, the same buttons and the same log lines after the action."""
    found = leaks_in_random_games(name, seed, max_steps=120, rare_first=rare_first)
    assert not found, "\n".join(map(str, found[:20]))


@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_the_apps_dracula_is_asked_what_a_person_would_be(seed):
    """Issue 40, point 3: where the app plays Dracula, the tablet and the hunters' phones see
    the same questions and pauses as with a person in his seat — at every step of a random
    game the tablet's screen, the hunters' buttons and Dracula's own questions are the same
    with or without the app in his seat (the hunters' phones differ only in being told where
    his figure goes, since nobody holds his phone)."""
    game = GAMES["fury"]
    chooser = random.Random(seed)
    players = chooser.randint(2, 5)
    options = default_options(game, players)
    state = game.setup(options, rng_for(0, f"{seed:064x}"))
    asked_the_app = 0
    for step in range(1, 400):
        if game.result(state) is not None:
            break
        by_app = {**state, "options": {**state["options"], "dracula_by_app": "cunning"}}
        assert canonical(game.view(by_app, None)) == canonical(game.view(state, None))
        for seat in range(players):
            assert buttons(game, by_app, seat) == buttons(game, state, seat), (seed, step)
        head = state["queue"][0] if state["queue"] else None
        if head and head["kind"] == "window" and 0 in head["seats"]:
            asked_the_app += 1
        offers = [(s, a) for s in range(players) for a in game.actions(state, s)
                  if a.action != "hand_open"]
        if not offers:
            break
        seat, action = chooser.choice(offers)
        posted = {"action": action.action, "params": fill_inputs(action, chooser)}
        state = game.apply(state, seat, posted, rng_for(step, f"{seed:064x}")).state
    assert asked_the_app or state["round"] < 3, "no window ever asked Dracula"


def test_the_ten_fury_take_backs_are_revealing_or_show_every_viewer_the_same():
    """Issue 40's list: ten Fury actions the referee let be taken back freely while whether a
    window opened next hung on a hand — a sea crossing, staying, ending a turn, going on to
    the movement, answering a question, joining a group and a correction by hand from its
    opening to its end. Each is played in a position where every hand holds event cards;
    each must be news (no free take-back) or show every viewer the same screen in every
    position that viewer cannot tell apart."""
    from companion.games.fury import rules
    from tests.games.fury.fury_positions import Table
    from tests.games.fury.test_fury_events import dracula_holds, hand

    table = Table(players=3)
    dracula_holds(table, "customs_search", "control_storms", "trap")
    hand(table, "godalming", "forewarned")
    hand(table, "van_helsing", "good_luck")
    table.start("munich", places={"godalming": "le_havre", "seward": "le_havre",
                                  "van_helsing": "rome", "mina": "vienna"})
    game, viewers = GAMES["fury"], [None, 0, 1, 2]
    examined: Counter[str] = Counter()

    def check(seat: int, action: str, **params: Any) -> None:
        posted = {"action": action, "params": params}
        assert not leaks_of(game, table.state, seat, posted, table.step + 1, viewers,
                            examined), posted
        assert examined[action], f"{action} {params} was refused here"

    check(1, "travel", to="english_channel", by="sea")
    check(1, "join", hunter="seward", join=True)
    check(1, "stay")
    check(1, "hand_open")
    table.act(1, "hand_open")
    check(1, "hand_bite", hunter="godalming", by=1)
    table.act(1, "hand_bite", hunter="godalming", by=1)
    check(1, "hand_health", hunter="godalming", by=-1)
    table.act(1, "hand_health", hunter="godalming", by=-1)
    check(1, "hand_done")
    table.act(1, "hand_done")
    agree = next(p for p in table.names(0, "choose"))
    check(0, "choose", **agree)
    table.act(0, "choose", **agree)
    table.act(1, "stay").settle()
    check(1, "end_turn")
    table.act(1, "end_turn").settle()
    state = table.state
    assert state["turn"]["who"] == "seward"
    state["hunters"]["seward"]["place"] = "english_channel"
    state["turn"]["stage"] = "start"
    assert rules.actions(state, 1)[0].action in ("hand_open", "to_movement")
    check(1, "to_movement")
    assert set(TAKE_BACKS) <= set(examined), examined


TAKE_BACKS = ("travel", "stay", "end_turn", "to_movement", "choose", "join", "hand_open",
              "hand_bite", "hand_health", "hand_done")
"""The ten actions of issue 40's list."""
