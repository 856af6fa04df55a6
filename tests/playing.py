"""Random seeded playthroughs of any game, shared by the conformance and property tests."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from companion.fairplay import fairness
from companion.games.base import Action, Applied

TEST_SEED = "00" * 31 + "2a"


def rng_for(step: int, seed: str = TEST_SEED) -> fairness.StepRandom:
    return fairness.random_for(seed, [], step)


def seat_counts(game: Any) -> tuple[int, ...]:
    """The seat counts a test plays a game at, read from the game: the fewest, the most and
    one between (Fury 2, 3, 5; a game of two just 2).

    >>> seat_counts(type("Game", (), {"MIN_PLAYERS": 2, "MAX_PLAYERS": 8}))
    (2, 5, 8)
    """
    low, high = game.MIN_PLAYERS, game.MAX_PLAYERS
    return tuple(sorted({low, (low + high) // 2, high}))


def table_seats(game: Any) -> int:
    """The seats of a table a test makes when the count is not the point: one a role where
    the roles are fixed, else three where the game seats three (more than two, less than a
    full table), else as many as it seats."""
    spec = game.seats({option.name: option.default for option in game.OPTIONS})
    return len(spec.roles) or max(spec.min, min(3, spec.max))


def default_options(game: ModuleType, players: int) -> dict[str, Any]:
    options = {option.name: option.default for option in getattr(game, "OPTIONS", ())}
    options["players"] = players
    return options


def fill_inputs(action: Action, chooser: random.Random) -> dict[str, Any]:
    """Params for an action, with its typed-in inputs filled by a random legal value."""
    params = dict(action.params)
    for name, spec in action.inputs.items():
        if "examples" in spec:
            params[name] = chooser.choice(spec["examples"])
        elif spec["kind"] == "int":
            low, high = spec.get("min", -5), spec.get("max", 5)
            params[name] = chooser.randint(max(low, -50), min(high, 50))
        elif spec["kind"] == "choice":
            params[name] = chooser.choice(spec["choices"])
        else:
            params[name] = spec.get("default", "")
    return params


@dataclass
class Step:
    before: dict[str, Any]
    seat: int
    action: dict[str, Any]
    applied: Applied
    step: int


def playthrough(
    game: ModuleType,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    max_steps: int = 400,
) -> Iterator[Step]:
    """Play random legal actions from setup until the game ends or ``max_steps`` pass."""
    chooser = random.Random(seed)
    spec = game.seats(options or {})
    count = players or chooser.randint(spec.min, spec.max)
    opts = default_options(game, count)
    opts.update(options or {})
    state = game.setup(opts, rng_for(0, f"{seed:064x}"))
    for step in range(1, max_steps + 1):
        if game.result(state) is not None:
            return
        movers = [s for s in range(count) if game.actions(state, s)]
        if not movers:
            return
        seat = chooser.choice(movers)
        action = chooser.choice(game.actions(state, seat))
        posted = {"action": action.action, "params": fill_inputs(action, chooser)}
        applied = game.apply(state, seat, posted, rng_for(step, f"{seed:064x}"))
        yield Step(state, seat, posted, applied, step)
        state = applied.state


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)
