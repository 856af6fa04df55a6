"""The conformance suite of STYLE.md §12, run over every registered game.

Random seeded playthroughs; at every step: the legal actions are sorted and unique, each
passes the referee's parameter check and applies, a known-illegal one is refused and
changes nothing, ``apply`` never mutates its input, every view is JSON, a seat's view is
unchanged when only what it cannot see changes (the leak test), and replaying the actions
reproduces the state.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import inputs
from companion.games import GAMES
from companion.games.base import Action, ActionSyntaxError, RuleError
from tests.playing import canonical, default_options, fill_inputs, playthrough, rng_for
from tests.properties import examples

SEEDS = range(6)


@pytest.fixture(params=sorted(GAMES), ids=str)
def game(request):
    return GAMES[request.param]


def test_game_declares_its_metadata(game):
    for name in ("NAME", "TITLE", "BLURB", "MIN_PLAYERS", "MAX_PLAYERS", "HAS_HIDDEN_INFO",
                 "HAS_CHANCE", "MAX_TURNS", "REMATCH", "OPTIONS"):
        assert hasattr(game, name), f"{game.NAME} lacks {name}"
    spec = game.seats(default_options(game, game.MIN_PLAYERS))
    assert spec.min == game.MIN_PLAYERS and spec.max == game.MAX_PLAYERS


@pytest.mark.parametrize("seed", SEEDS)
def test_actions_are_sorted_unique_and_legal(game, seed):
    """Every listed action applies; the list is sorted and has no duplicates."""
    for step in playthrough(game, seed, max_steps=150):
        players = step.before.get("players") or len(game.seats({}).roles)
        for seat in range(players):
            listed = game.actions(step.before, seat)
            keys = [a.sort_key() for a in listed]
            assert keys == sorted(keys)
            assert len(set(keys)) == len(keys)
            assert all(isinstance(a, Action) for a in listed)


@pytest.mark.parametrize("seed", SEEDS)
def test_offered_actions_pass_the_referees_parameter_check(game, seed):
    """The referee checks posted parameters against the offered actions' schema before
    ``apply`` (companion/core/inputs.py): flat, short, text/whole numbers/yes-no. Every action a
    game offers, with its inputs filled, must pass, or phones could not take it."""
    for step in playthrough(game, seed, max_steps=150):
        offered = game.actions(step.before, step.seat)
        inputs.check_params(step.action["action"], step.action["params"], offered)


@pytest.mark.parametrize("seed", SEEDS)
def test_apply_never_mutates_its_input(game, seed):
    for step in playthrough(game, seed, max_steps=150):
        frozen = copy.deepcopy(step.before)
        game.apply(step.before, step.seat, step.action, rng_for(step.step, f"{seed:064x}"))
        assert step.before == frozen


@pytest.mark.parametrize("seed", SEEDS)
def test_illegal_actions_are_refused_and_change_nothing(game, seed):
    for step in playthrough(game, seed, max_steps=100):
        frozen = canonical(step.before)
        for bogus in ({"action": "no-such-action", "params": {}},
                      {"action": step.action["action"], "params": "not an object"}):
            with pytest.raises(RuleError) as refused:
                game.apply(step.before, step.seat, bogus, rng_for(step.step))
            assert isinstance(refused.value, ActionSyntaxError)
            assert str(refused.value)
        assert canonical(step.before) == frozen


@pytest.mark.parametrize("seed", SEEDS)
def test_views_are_json(game, seed):
    for step in playthrough(game, seed, max_steps=150):
        players = step.before.get("players", 2)
        for seat in [None, *range(players)]:
            json.dumps(game.view(step.applied.state, seat))
        for entry in step.applied.log:
            json.dumps(entry)
            assert set(entry) <= {"text", "args", "to"}


@pytest.mark.parametrize("seed", SEEDS)
def test_leak_view_unchanged_when_only_others_secrets_change(game, seed):
    """The leak test: a seat's view and its buttons depend only on what it may know."""
    changed = 0
    for step in playthrough(game, seed, max_steps=120):
        state = step.applied.state
        players = state.get("players", 2)
        for seat in [None, *range(players)]:
            other = game.redeal_hidden(state, seat, rng_for(10_000 + step.step))
            changed += canonical(other) != canonical(state)
            assert canonical(game.view(other, seat)) == canonical(game.view(state, seat))
            if seat is not None:
                mine = [a.to_json() for a in game.actions(state, seat)]
                assert [a.to_json() for a in game.actions(other, seat)] == mine
    assert changed, "redeal_hidden never changed anything: the leak test proved nothing"


@pytest.mark.parametrize("seed", SEEDS)
def test_replaying_the_actions_reproduces_the_state(game, seed):
    steps = list(playthrough(game, seed, max_steps=150))
    if not steps:
        return
    players = steps[0].before.get("players")
    options = default_options(game, players)
    state = game.setup(options, rng_for(0, f"{seed:064x}"))
    assert canonical(state) == canonical(steps[0].before)
    for step in steps:
        state = game.apply(state, step.seat, step.action,
                           rng_for(step.step, f"{seed:064x}")).state
    assert canonical(state) == canonical(steps[-1].applied.state)


@pytest.mark.parametrize("seed", SEEDS)
def test_game_ends_within_max_turns(game, seed):
    if game.MAX_TURNS is None:
        # No end of its own (the referee kit): the host ends it, so result stays None.
        assert all(game.result(s.applied.state) is None for s in playthrough(game, seed))
        return
    steps = list(playthrough(game, seed, max_steps=game.MAX_TURNS + 1))
    assert steps, "no action was possible after setup"
    final = steps[-1].applied.state
    assert game.result(final) is not None, f"no result after {len(steps)} actions"
    outcome = game.result(final)
    json.dumps(outcome)


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000), rare_first=st.booleans())
def test_someone_can_always_act_until_there_is_a_result(name, seed, rare_first):
    """A game never waits for an action nobody can take: at every position of a random game
    some seat has a legal action until ``result`` is set. Any seat may act next (what one
    seat may do at any time, such as giving a card away, comes in the middle of another's
    turn); with ``rare_first`` the actions chosen least so far are preferred, which reaches
    the corners uniform play rarely does."""
    game = GAMES[name]
    chooser = random.Random(seed)
    spec = game.seats({})
    players = chooser.randint(spec.min, spec.max)
    state = game.setup(default_options(game, players), rng_for(0, f"{seed:064x}"))
    chosen: Counter[str] = Counter()
    for step in range(1, (game.MAX_TURNS or 300) + 1):
        if game.result(state) is not None:
            return
        offers = [(seat, a) for seat in range(players) for a in game.actions(state, seat)]
        assert offers, f"{name}: nobody can act and there is no result (step {step})"
        weights = [1 / (1 + chosen[a.action]) ** 2 if rare_first else 1 for _s, a in offers]
        seat, action = chooser.choices(offers, weights)[0]
        chosen[action.action] += 1
        posted = {"action": action.action, "params": fill_inputs(action, chooser)}
        state = game.apply(state, seat, posted, rng_for(step, f"{seed:064x}")).state
    assert game.MAX_TURNS is None or game.result(state) is not None


def test_random_choice_of_seed_changes_setup(game):
    """Setup uses the step's randomness: two seeds give two different deals (chance games)."""
    players = game.MIN_PLAYERS if game.MIN_PLAYERS > 1 else 2
    options = default_options(game, players)
    deals = {canonical(game.setup(options, rng_for(0, f"{s:064x}"))) for s in range(1, 6)}
    assert (len(deals) > 1) == game.HAS_CHANCE


def render_screens(app, game, state, seat, names):
    """The game's own templates as a phone (seat) or the tablet (None) would receive them."""
    from flask import render_template

    from companion.web import render

    info = {"code": "TEST", "game": game.NAME, "title": game.TITLE, "version": 7,
            "round": 1, "commitment": "c" * 64, "seed": None, "closed": False,
            "over": False, "result": None, "rematch": False, "lang": "en",
            "seats": [{"seat": i, "name": n, "role": "", "joined": True}
                      for i, n in enumerate(names)]}
    view = game.view(state, seat)
    if seat is None:
        return render_template([f"games/{game.NAME}/_table.html", "games/_generic_table.html"],
                               view=view, table=info, names=names)
    forms = render.action_forms(game.actions(state, seat), names)
    for form in forms:
        form["key"] = "fixed"
    return render_template([f"games/{game.NAME}/_seat.html", "games/_generic_seat.html"],
                           view=view, table=info, names=names, forms=forms,
                           groups=render.grouped(forms), token="T" * 32,
                           me={"seat": seat, "name": names[seat], "role": "", "lang": "en",
                               "joined": True})


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_leak_rendered_html_unchanged_when_only_others_secrets_change(app, game, seed):
    """The leak test on what a browser receives: the phone's and the tablet's HTML."""
    with app.test_request_context("/"):
        for step in playthrough(game, seed, max_steps=60):
            state = step.applied.state
            players = state.get("players", 2)
            names = [f"Player{i}" for i in range(players)]
            for seat in [None, *range(players)]:
                other = game.redeal_hidden(state, seat, rng_for(20_000 + step.step))
                assert render_screens(app, game, other, seat, names) == render_screens(
                    app, game, state, seat, names)
