"""Take-back cannot fish (issue 30): an action a seat may take back for free must have an
outcome the table could have predicted.

The referee lets a seat take back its own last action while it "showed nobody anything new"
(``Applied.revealed`` false and no randomness drawn). "Nothing happened" is news too: a
hunter who travels to a city off Dracula's trail learns that the trail is not there. So the
property: from random positions, every action that comes back as free gives the same public
outcome — the tablet's view, the mover's own view and every log line the mover may read — in
every other hidden position consistent with what the mover knows (``redeal_hidden``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from companion.games.base import RuleError
from tests.playing import canonical, default_options, fill_inputs, rng_for
from tests.properties import examples

REDEALS = 6
"""Other hidden positions tried per free action."""


def _seen_by(log, seat):
    return [entry for entry in log if "to" not in entry or seat in entry["to"]]


def _outcome(game, applied, seat):
    """What the mover and the table learn from an action: the views and the lines."""
    state = applied.state
    return canonical([game.view(state, None), game.view(state, seat),
                      _seen_by(applied.log, seat), game.result(state)])


def free_actions_that_fish(game, state, seat, offers, step, chooser):
    """The offered actions of ``seat`` that apply freely here yet come out differently in
    another hidden position the mover cannot tell apart: (action, redeal number) pairs."""
    found = []
    known = canonical([game.view(state, None), game.view(state, seat)])
    others = []
    for n in range(REDEALS):
        other = game.redeal_hidden(state, seat, rng_for(50_000 + step * REDEALS + n))
        if canonical([game.view(other, None), game.view(other, seat)]) == known:
            others.append(other)
    for action in offers:
        posted = {"action": action.action, "params": fill_inputs(action, chooser)}
        rng = rng_for(step)
        try:
            applied = game.apply(state, seat, posted, rng)
        except RuleError:
            continue
        if applied.revealed or rng.used:
            continue
        outcome = _outcome(game, applied, seat)
        for n, other in enumerate(others):
            try:
                elsewhere = _outcome(game, game.apply(other, seat, posted, rng_for(step)), seat)
            except RuleError:
                found.append((posted, n, "refused in another position"))
                continue
            if elsewhere != outcome:
                found.append((posted, n, "another outcome"))
    return found


def fishing_in_random_games(name, seed, max_steps, rare_first=False, offers_per_seat=4):
    """A random game of ``name``; at every position, up to ``offers_per_seat`` of each seat's
    offered actions are tried. With ``rare_first`` the actions chosen least so far are
    preferred, which reaches the corners uniform play rarely does (a correction by hand, a
    card kept for its moment)."""
    game = GAMES[name]
    found = []
    chooser = random.Random(seed)
    chosen: Counter[str] = Counter()
    spec = game.seats({})
    players = chooser.randint(spec.min, spec.max)
    state = game.setup(default_options(game, players), rng_for(0, f"{seed:064x}"))
    for step in range(1, max_steps + 1):
        if game.result(state) is not None:
            break
        offers = [(s, a) for s in range(players) for a in game.actions(state, s)]
        if not offers:
            break
        for seat in sorted({s for s, _a in offers}):
            mine = [a for s, a in offers if s == seat]
            tried = chooser.sample(mine, min(len(mine), offers_per_seat))
            for posted, _n, how in free_actions_that_fish(game, state, seat, tried, step,
                                                          chooser):
                found.append((seed, step, seat, posted["action"], posted["params"], how))
        weights = [1 / (1 + chosen[a.action]) ** 2 if rare_first else 1 for _s, a in offers]
        seat, action = chooser.choices(offers, weights)[0]
        chosen[action.action] += 1
        posted = {"action": action.action, "params": fill_inputs(action, chooser)}
        state = game.apply(state, seat, posted, rng_for(step, f"{seed:064x}")).state
    return found


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000), rare_first=st.booleans())
def test_a_free_take_back_shows_nothing_that_depends_on_a_secret(name, seed, rare_first):
    """ARCHITECTURE.md, "Undo must not cross new information": an action is free to take
    back only if its public outcome would have been the same in every hidden position the
    table cannot tell apart — "nothing found" is an outcome."""
    found = fishing_in_random_games(name, seed, max_steps=150, rare_first=rare_first)
    assert not found, "\n".join(map(str, found[:20]))


def test_handing_the_turn_on_in_blitz_und_donner_is_never_free():
    """„Pokud hráč nemůže použít všechny svoje povolené akční body prohrává hru.“ Whether
    the other player can spend his points is checked as his turn begins, from his hand and
    his face-down field: the action that hands the turn on cannot be taken back for free."""
    game = GAMES["hera_zeus"]
    handed = 0
    for seed in range(6):
        chooser = random.Random(seed)
        state = game.setup(default_options(game, 2), rng_for(0, f"{seed:064x}"))
        for step in range(1, 300):
            if game.result(state) is not None:
                break
            offers = [(s, a) for s in range(2) for a in game.actions(state, s)]
            seat, action = chooser.choice(offers)
            posted = {"action": action.action, "params": fill_inputs(action, chooser)}
            rng = rng_for(step, f"{seed:064x}")
            applied = game.apply(state, seat, posted, rng)
            before, after = state.get("turn"), applied.state.get("turn")
            if after and (before is None or before["seat"] != after["seat"]) \
                    and after["seat"] != seat:
                handed += 1
                assert applied.revealed or rng.used, (seed, step, posted)
            state = applied.state
    assert handed > 10
