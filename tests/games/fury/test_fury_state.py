"""Fury's state keeps the shape ``state.State`` declares: every state of random games —
its phase, the turn's stage, each queued step's kind among the Literals the modules rely on,
no key the declaration does not know, none it requires missing."""

from __future__ import annotations

import random
import types
import typing
from collections.abc import Iterator
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

from companion.games.fury import rules
from companion.games.fury.state import State
from tests.playing import fill_inputs, rng_for


def mismatch(value: Any, kind: Any, path: str = "state") -> str | None:
    """Where ``value`` leaves the type ``kind`` (a TypedDict, Literal, list, dict, union or
    plain type), or None when it fits."""
    origin = get_origin(kind)
    if kind is Any:
        return None
    if typing.is_typeddict(kind):
        if not isinstance(value, dict):
            return f"{path}: not an object"
        hints = typing.get_type_hints(kind, include_extras=True)
        # (``__required_keys__`` misses NotRequired under ``from __future__ import annotations``)
        required = {key for key, hint in hints.items() if get_origin(hint) is Required
                    or (kind.__total__ and get_origin(hint) is not NotRequired)}
        missing = required - value.keys()
        unknown = value.keys() - hints.keys()
        if missing or unknown:
            return f"{path}: missing {sorted(missing)}, unknown {sorted(unknown)}"
        for key, item in value.items():
            found = mismatch(item, hints[key], f"{path}.{key}")
            if found:
                return found
        return None
    if origin in (Required, NotRequired):
        return mismatch(value, get_args(kind)[0], path)
    if origin is Literal:
        return None if value in get_args(kind) else f"{path}: {value!r} not in {get_args(kind)}"
    if origin in (Union, types.UnionType):
        found = [mismatch(value, option, path) for option in get_args(kind)]
        return None if None in found else found[0]
    if origin is list:
        if not isinstance(value, list):
            return f"{path}: not a list"
        return next(filter(None, (mismatch(v, get_args(kind)[0], f"{path}[]") for v in value)),
                    None)
    if origin is dict:
        if not isinstance(value, dict):
            return f"{path}: not an object"
        return next(filter(None, (mismatch(v, get_args(kind)[1], f"{path}.{k}")
                                  for k, v in value.items())), None)
    if kind is type(None):
        return None if value is None else f"{path}: not null"
    if kind is int and isinstance(value, bool):
        return f"{path}: a yes/no, not a number"
    return None if isinstance(value, kind) else f"{path}: {type(value).__name__}, not {kind}"


def test_the_check_finds_a_wrong_phase_or_an_unknown_key():
    state = rules.setup(rules.default_options(), rng_for(0, "0" * 64))
    assert mismatch(state, State) is None
    assert "phase" in mismatch({**state, "phase": "dusk"}, State)
    assert "unknown ['dusk']" in mismatch({**state, "dusk": 1}, State)
    state["queue"] = [{"kind": "riddle"}]
    assert "queue[].kind" in mismatch(state, State)


def games(seeds: range, steps: int) -> Iterator[dict[str, Any]]:
    """Every state of random games of three players, each seat's actions in the draw (a
    correction by hand now and then: random ones at every turn would end the game early)."""
    for seed in seeds:
        chooser = random.Random(seed)
        state = rules.setup(rules.default_options(), rng_for(0, f"{seed:064x}"))
        for step in range(1, steps + 1):
            yield state
            moves = [(seat, action) for seat in range(3) for action in rules.actions(state, seat)
                     if action.action != "hand_open" or chooser.random() < 0.01]
            if not moves:
                return
            seat, action = chooser.choice(moves)
            posted = {"action": action.action, "params": fill_inputs(action, chooser)}
            state = rules.apply(state, seat, posted, rng_for(step, f"{seed:064x}")).state


def test_every_state_of_a_game_has_the_declared_shape():
    kinds = set()
    for state in games(range(12), 1500):
        found = mismatch(state, State)
        assert found is None, found
        kinds |= {item["kind"] for item in state["queue"]}
    assert kinds >= {"choice", "combat", "window", "effect", "by_hand", "dropoff"}
