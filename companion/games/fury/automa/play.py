"""The automa's entry points: what it remembers, and the one action it picks.

The referee (and ``companion verify``, and the self-play) hand the automa, after every step
of the game, a *moment*: the seat's own view and the log lines that seat may read.
``remember`` folds it into a :class:`Memory` (the public record's observations and the
belief they leave; the latest view). ``decide`` is handed that memory, the actions offered
to the seat now (each ``{"action", "params", ...}`` as the JSON API lists them) and the
step's own randomness, and returns one of them. Nothing else reaches it: no state, no seed,
no other seat's view (tests/test_automa_honest.py).

Both are pure: the same moments, offers and randomness give the same action, so a replay
of the export gives the very decisions the app made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.fury.automa import dracula, hunters
from companion.games.fury.automa.memory import LEVELS as LEVELS
from companion.games.fury.automa.memory import Memory as Memory
from companion.games.fury.automa.memory import Random as Random
from companion.games.fury.automa.memory import pick as pick
from companion.games.fury.automa.memory import remember as remember

HUNTER_POLICIES = ("tracking", "searching")
"""The hunters' policies a table may give a hunter seat (``hunters.py``)."""


def decide(memory: Memory, offered: list[dict[str, Any]], rng: Random,
           level: str = "cunning", deadline: Callable[[], bool] | None = None
           ) -> dict[str, Any] | None:
    """The seat's action now: one of ``offered``, as ``{"action", "params"}`` — Dracula's at
    a Dracula level, a hunter seat's at a hunters' policy; None when a hunter seat lets an
    optional offer pass (the game does not wait for it). ``deadline`` tells only whether
    the time for the decision is up: the best decision found so far is taken then (each
    one the algorithm's, so ``verify`` accepts either, ``quick``)."""
    choices = [o for o in offered if o["action"] != "hand_open"]
    if not choices:
        raise ValueError("the automa was asked to act with nothing offered")
    if level in hunters.POLICIES:
        return hunters.decide(memory, choices, rng, level)
    picked = dracula.choose(memory, choices, rng, level, deadline)
    return {"action": picked["action"], "params": dict(picked["params"])}


def time_up() -> bool:
    """A deadline already passed: the quick decision (``verify`` checks an action against it
    when the full one differs)."""
    return True
