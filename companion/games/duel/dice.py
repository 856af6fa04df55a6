"""The FUDGE dice: a shot rolls four of them and adds the shooter's laid Aims and the Wind;
4 or more hits. Wind blows on every shot of the round it is played and the next one.
"""

from __future__ import annotations

from companion.games.base import N_, Random
from companion.games.duel.state import Modifier, Shot, State

DICE = 4
HIT_ON = 4
WIND = -2
WIND_ROUNDS = 2
"""Wind blows in the round it is played and the next one."""


def wind_modifier(state: State) -> int:
    """The Wind modifier on shots this round (0 when calm)."""
    blowing = len(state["wind"])
    if not blowing:
        return 0
    return WIND * blowing if state["rules"]["wind_stacks"] else WIND


def roll_shot(rng: Random, aims: int, wind: int) -> Shot:
    """One shot: four FUDGE dice, each face kept for the screen, + Aims + Wind; 4+ hits.

    :returns: the roll record a screen animates face by face: ``faces`` (each −1/0/+1),
        ``symbols``, ``dice`` (their sum), ``modifiers`` (each named), ``total``, ``hit``.
    """
    faces = [rng.fudge() for _ in range(DICE)]
    modifiers: list[Modifier] = [{"name": N_("Aims"), "value": aims}]
    if wind:
        modifiers.append({"name": N_("Wind"), "value": wind})
    total = sum(faces) + aims + wind
    return {"faces": faces, "symbols": [_SYMBOL[f] for f in faces], "dice": sum(faces),
            "modifiers": modifiers, "total": total, "need": HIT_ON, "hit": total >= HIT_ON,
            "misfire": False}


_SYMBOL = {1: "+", 0: " ", -1: "−"}


def show_faces(faces: list[int]) -> str:
    return "".join(f"[{_SYMBOL[f]}]" for f in faces)
