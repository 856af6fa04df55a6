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

from typing import Any

from companion.games.fury.automa import dracula
from companion.games.fury.automa.memory import LEVELS as LEVELS
from companion.games.fury.automa.memory import Memory as Memory
from companion.games.fury.automa.memory import Random as Random
from companion.games.fury.automa.memory import pick as pick
from companion.games.fury.automa.memory import remember as remember


def decide(memory: Memory, offered: list[dict[str, Any]], rng: Random,
           level: str = "cunning") -> dict[str, Any]:
    """Dracula's action now: one of ``offered``, as ``{"action", "params"}``."""
    choices = [o for o in offered if o["action"] != "hand_open"]
    if not choices:
        raise ValueError("the automa was asked to act with nothing offered")
    picked = dracula.choose(memory, choices, rng, level)
    return {"action": picked["action"], "params": dict(picked["params"])}
