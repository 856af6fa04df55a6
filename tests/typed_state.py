"""The check the typed-state tests share: where a state (plain JSON) leaves the shape its
game's ``state.State`` declares (issue 34: each game's state as TypedDicts and Literals)."""

from __future__ import annotations

import random
import types
import typing
from collections.abc import Iterator
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

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


def random_states(rules: Any, seats: int, seeds: range, steps: int, rarely: str,
                  chance: float) -> Iterator[dict[str, Any]]:
    """Every state of random games at the default options, each seat's actions in the draw,
    but ``rarely`` only with ``chance`` (taken whenever offered, it would end games early);
    a game over, the next seed's."""
    for seed in seeds:
        chooser = random.Random(seed)
        state = rules.setup(rules.default_options(), rng_for(0, f"{seed:064x}"))
        for step in range(1, steps + 1):
            yield state
            moves = [(seat, action) for seat in range(seats)
                     for action in rules.actions(state, seat)
                     if action.action != rarely or chooser.random() < chance]
            if not moves:
                break
            seat, action = chooser.choice(moves)
            posted = {"action": action.action, "params": fill_inputs(action, chooser)}
            state = rules.apply(state, seat, posted, rng_for(step, f"{seed:064x}")).state
