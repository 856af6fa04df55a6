"""The conformance suite of STYLE.md §12, run over every registered game.

Random seeded playthroughs; at every step: the legal actions are sorted and unique, each
passes the referee's parameter check and applies, a known-illegal one is refused and
changes nothing, ``apply`` never mutates its input, every view is JSON, a seat's view is
unchanged when only what it cannot see changes (the leak test), and replaying the actions
reproduces the state. And with a game's piles emptied (its decks, discards, supplies, pools
and hands, as its ``empty_piles`` names them), no view or button fails and every action
applies or is refused with a sentence.

A game is found in the registry (``companion.games.GAMES``): a new one is played here with
no line added to this file (tests/test_new_game.py shows it with a game made for the test).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.fairplay import inputs
from companion.games import GAMES
from companion.games.base import Action, ActionSyntaxError, RuleError
from tests.playing import canonical, default_options, fill_inputs, playthrough, rng_for
from tests.properties import examples

SEEDS = range(examples(6))
"""The random playthroughs each test plays: six under `make test`, two under `make check`."""


@pytest.fixture(params=sorted(GAMES), ids=str)
def game(request):
    return GAMES[request.param]


def test_game_declares_its_metadata(game):
    for name in ("NAME", "TITLE", "BLURB", "MIN_PLAYERS", "MAX_PLAYERS", "HAS_HIDDEN_INFO",
                 "HAS_CHANCE", "MAX_TURNS", "REMATCH", "OPTIONS", "STATE_VERSION"):
        assert hasattr(game, name), f"{game.NAME} lacks {name}"
    # The contract's functions (companion/games/base.py's Game, which mypy checks only for
    # the games the registry imports).
    for name in ("seats", "validate", "setup", "actions", "apply", "view", "result",
                 "redeal_hidden", "empty_piles", "box", "reveal"):
        assert callable(getattr(game, name, None)), f"{game.NAME} lacks {name}()"
    spec = game.seats(default_options(game, game.MIN_PLAYERS))
    assert spec.min == game.MIN_PLAYERS and spec.max == game.MAX_PLAYERS


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_states_of_this_version_load_as_they_are(game, seed):
    """The referee upgrades every state it loads (a table saved by an older version of the
    game plays on); a state this version made carries its version and is left as it is."""
    for step in playthrough(game, seed, max_steps=60):
        state = step.applied.state
        assert state.get("state_version", 1) == game.STATE_VERSION
        assert game.upgrade(state) is state


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
    ``apply`` (companion/fairplay/inputs.py): flat, short, text/whole numbers/yes-no. Every action a
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



class RandomPlay:
    """Random legal play by any seat; with ``rare_first`` the actions chosen least so far
    are preferred, which reaches the corners uniform play rarely does. A correction by hand
    (Fury's tools for a house rule or a mistake) is rare, as at a real table: taken as
    often as the rules, they end a game before its decks run low."""

    def __init__(self, seed, rare_first):
        self.chooser = random.Random(seed)
        self.rare_first = rare_first
        self.chosen: Counter[str] = Counter()

    def weight(self, action):
        weight = 1 / (1 + self.chosen[action.action]) ** 2 if self.rare_first else 1
        return weight / 50 if action.group == "Corrections" else weight

    def pick(self, offers):
        weights = [self.weight(action) for _seat, action in offers]
        offer = self.chooser.choices(offers, weights)[0]
        self.chosen[offer[1].action] += 1
        return offer


def offered(game, state, players):
    """Every action offered now, as (seat, action) pairs."""
    return [(seat, a) for seat in range(players) for a in game.actions(state, seat)]


def random_position(game, seed, warm_up, play):
    """The position after up to ``warm_up`` random legal actions (the last one before the
    game ends) and its number of seats."""
    spec = game.seats({})
    players = play.chooser.randint(spec.min, spec.max)
    state = game.setup(default_options(game, players), rng_for(0, f"{seed:064x}"))
    for step in range(1, warm_up + 1):
        offers = offered(game, state, players)
        if not offers:
            break
        seat, action = play.pick(offers)
        posted = {"action": action.action, "params": fill_inputs(action, play.chooser)}
        after = game.apply(state, seat, posted, rng_for(step, f"{seed:064x}")).state
        if game.result(after) is not None:
            break
        state = after
    return state, players


def play_with_empty_piles(name, seed, warm_up, mask, rare_first):
    """From the position after ``warm_up`` random actions, eight steps with the piles
    ``mask`` names emptied before the first and before half the others (0: all of them):
    every view and every seat's buttons are built, and every button offered — and every one
    offered before the piles were emptied, as a phone or a bot might still post it — either
    applies or is refused with a sentence; play goes on from one that applied."""
    game = GAMES[name]
    play = RandomPlay(seed, rare_first)
    state, players = random_position(game, seed, warm_up, play)
    state = copy.deepcopy(state)
    for step in range(warm_up + 1, warm_up + 9):
        earlier = []
        if step == warm_up + 1 or play.chooser.random() < 0.5:
            earlier = offered(game, state, players)
            game.empty_piles(state, lambda i: mask == 0 or bool(mask >> i & 1))
        for seat in [None, *range(players)]:
            json.dumps(game.view(state, seat))
        offers = offered(game, state, players)
        if game.result(state) is not None or not offers:
            return
        went, now = [], {(seat, a.sort_key()) for seat, a in offers}
        for seat, action in offers + [o for o in earlier if (o[0], o[1].sort_key()) not in now]:
            posted = {"action": action.action, "params": fill_inputs(action, play.chooser)}
            try:
                applied = game.apply(state, seat, posted, rng_for(step, f"{seed:064x}"))
            except RuleError as refused:
                assert str(refused).strip(), f"{name}: {posted} refused without a reason"
                continue
            if (seat, action.sort_key()) in now:
                went.append(((seat, action), applied.state))
        if not went:
            return
        offer = play.pick([offer for offer, _state in went])
        state = next(after for o, after in went if o is offer)


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=examples(100), deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000),
       warm_up=st.integers(min_value=0, max_value=400),
       mask=st.integers(min_value=0, max_value=2**12 - 1), rare_first=st.booleans())
def test_empty_piles_bring_a_refusal_never_an_error(name, seed, warm_up, mask, rare_first):
    """Every draw, pick or shuffle meets an empty pile sooner or later, and the rulebooks
    say what then: „Pokud již nejsou v hráčově hromádce žádné karty, nemůže více tuto kartu
    použít.“ (Blitz und Donner), „Není-li v odhazovacím balíčku žádná karta, nemá mapa
    žádný efekt“ (Dead Man's Draw), „Pokud musí hráč položit na lokaci vlastní kartu
    setkání a žádnou už nemá, zůstane lokace prázdná.“ (Drakula), „Если осталась только
    одна карта, перетасуйте её вместе со сброшенными картами“ (Fury of Dracula). In random
    positions with some of their piles emptied, and emptied again as play goes on, no
    view, no button and no action ends in a server error: an action applies or is refused
    with a sentence."""
    play_with_empty_piles(name, seed, warm_up, mask, rare_first)


@pytest.mark.parametrize(("name", "seed", "warm_up", "mask", "rare_first"), [
    # Drakula, issue 22: Feint used after Dracula's supply was emptied (once his last
    # target card was given away) drew from nothing: „vytáhni si jednu z jeho zásoby!“
    ("drakula", 8591, 29, 1875, False),
])
def test_empty_piles_where_they_once_brought_an_error(name, seed, warm_up, mask, rare_first):
    """The positions the property above found a server error in, played again."""
    play_with_empty_piles(name, seed, warm_up, mask, rare_first)


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


@pytest.mark.parametrize("seed", SEEDS[:examples(3)])
def test_leak_rendered_html_unchanged_when_only_others_secrets_change(app, game, seed):
    """The leak test on what a browser receives: the phone's and the tablet's HTML.

    A screen's HTML is made from the seat's view and its buttons alone (templates receive
    view dicts only), so it is rendered once per position as the seat knows it: a redeal
    that leaves both as they were renders nothing new, and one that changes them must
    still change nothing a browser receives."""
    rendered: dict[str, str] = {}

    def screens(state, seat, names):
        shown = canonical([game.view(state, seat), names, [] if seat is None else
                           [a.to_json() for a in game.actions(state, seat)]])
        if shown not in rendered:
            rendered[shown] = render_screens(app, game, state, seat, names)
        return rendered[shown]

    with app.test_request_context("/"):
        for step in playthrough(game, seed, max_steps=60):
            state = step.applied.state
            players = state.get("players", 2)
            names = [f"Player{i}" for i in range(players)]
            for seat in [None, *range(players)]:
                other = game.redeal_hidden(state, seat, rng_for(20_000 + step.step))
                assert screens(other, seat, names) == screens(state, seat, names)
