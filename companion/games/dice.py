"""Dice notation shared by the games: ``NdS`` (e.g. ``2d6``) and FUDGE ``NdF`` (e.g. ``4dF``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypedDict

from companion.games.base import N_, ActionSyntaxError, Random

MAX_DICE = 30
MAX_SIDES = 1000
_NOTATION = re.compile(r"^\s*(\d*)\s*[dDkK]\s*(\d+|[fF])\s*([+-]\s*\d+)?\s*$", re.ASCII)
"""Digits 0–9 only (``re.ASCII``): ``٣d6`` is not a roll."""

FUDGE_SYMBOL = {1: "+", 0: " ", -1: "−"}


class Rolled(TypedDict):
    """A roll as a state keeps it and a screen shows it: every face."""

    notation: str
    fudge: bool
    faces: list[int]
    bonus: int
    total: int


@dataclass(frozen=True)
class Dice:
    """A parsed dice expression."""

    count: int
    sides: int | None
    """None for FUDGE dice."""
    bonus: int = 0

    @property
    def notation(self) -> str:
        face = "F" if self.sides is None else str(self.sides)
        tail = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}d{face}{tail}"

    def roll(self, rng: Random) -> Rolled:
        """Roll openly; the record names every face so a screen can show each die."""
        if self.sides is None:
            faces = [rng.fudge() for _ in range(self.count)]
        else:
            faces = [rng.roll(self.sides) for _ in range(self.count)]
        return {
            "notation": self.notation,
            "fudge": self.sides is None,
            "faces": faces,
            "bonus": self.bonus,
            "total": sum(faces) + self.bonus,
        }


def parse(text: str) -> Dice:
    """Parse ``NdS``, ``NdF`` or ``dS`` with an optional ``+k``/``-k``.

    >>> parse("4dF").notation
    '4dF'
    >>> parse("2d6+1").bonus
    1
    """
    match = _NOTATION.match(str(text))
    if not match:
        raise ActionSyntaxError(
            N_("“{text}” is not a dice roll; write it like 2d6 or 4dF."), text=str(text)[:20]
        )
    count = int(match.group(1) or 1)
    face = match.group(2)
    sides = None if face in "fF" else int(face)
    bonus = int(match.group(3).replace(" ", "")) if match.group(3) else 0
    if not 1 <= count <= MAX_DICE:
        raise ActionSyntaxError(N_("Roll between 1 and {max} dice."), max=MAX_DICE)
    if sides is not None and not 2 <= sides <= MAX_SIDES:
        raise ActionSyntaxError(N_("A die needs between 2 and {max} sides."), max=MAX_SIDES)
    return Dice(count, sides, bonus)
