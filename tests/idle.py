"""Prompts that offer no choice: a phone that stops its player for a tap whose only answer
is "play nothing", "go on" or "end the turn" (issue 32: every tap a real choice).

Shared by ``tests/test_idle_prompts.py`` (which asserts there are none) and
``bench/taps.py`` (which reports taps per round per seat). Which moves only say "nothing",
"go on" or "end", and which are corrections always on offer, each game's ``MOVES`` says
(``Move.idle``, ``Move.correction``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from companion.games.base import Action
from tests.playing import default_options, fill_inputs, rng_for


def answers(game: ModuleType, state: Any, seat: int) -> list[Action]:
    """What ``seat`` is asked now, without the corrections always on offer (a move the game
    marks ``correction``)."""
    moves = game.MOVES.moves
    return [a for a in game.actions(state, seat) if not moves[a.action].correction]


def idle(game: ModuleType, offered: list[Action]) -> bool:
    """Whether a question's only answer is "nothing", "go on" or "end": a move the game
    marks ``idle``, or a choice's "none" key ("No card"). A lone "End the turn" while
    another seat may still act (a hunter's partner still giving him items) is a choice all
    the same: it closes the trade, so ``play`` counts it only when nobody else has anything
    to do."""
    if len(offered) != 1:
        return False
    only = offered[0]
    return game.MOVES.moves[only.action].idle or only.params.get("key") == "none"


@dataclass
class Tally:
    """What one seeded random game asked: idle prompts answered (by label), taps by seat."""

    idle: Counter[str] = field(default_factory=Counter)
    taps: Counter[int] = field(default_factory=Counter)
    steps: int = 0


def play(game: ModuleType, seed: int, players: int, max_steps: int = 2000,
         options: dict[str, Any] | None = None) -> Iterator[tuple[Any, int, Tally]]:
    """A random game that never corrects by hand; yields (state before, seat, tally)."""
    chooser = random.Random(seed)
    opts = default_options(game, players)
    opts.update(options or {})
    state = game.setup(opts, rng_for(0, f"{seed:064x}"))
    tally = Tally()
    for step in range(1, max_steps + 1):
        if game.result(state) is not None:
            return
        asked = {s: answers(game, state, s) for s in range(players)}
        movers = [s for s, offered in asked.items() if offered]
        if not movers:
            return
        seat = chooser.choice(movers)
        if idle(game, asked[seat]) and movers == [seat]:
            only = asked[seat][0]
            tally.idle[f"{only.action}: {only.label}"] += 1
        action = chooser.choice(asked[seat])
        posted = {"action": action.action, "params": fill_inputs(action, chooser)}
        tally.taps[seat] += 1
        tally.steps = step
        yield state, seat, tally
        state = game.apply(state, seat, posted, rng_for(step, f"{seed:064x}")).state
    yield state, -1, tally


def played(game: ModuleType, seed: int, players: int, max_steps: int = 2000,
           options: dict[str, Any] | None = None) -> tuple[Any, Tally]:
    """One whole random game: its last state and its tally."""
    state, tally = None, Tally()
    for state, _seat, tally in play(game, seed, players, max_steps, options):  # noqa: B007
        pass
    return state, tally
