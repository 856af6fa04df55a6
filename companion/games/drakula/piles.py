"""Drakula: the piles that tests/test_conformance.py empties in random positions, to show
that an empty pile brings a refusal with a sentence, never an error."""

from __future__ import annotations

from collections.abc import Callable

from companion.games.drakula.state import State


def empty_piles(state: State, chosen: Callable[[int], bool]) -> None:
    """Both supplies of encounter cards, both discard piles, and both players' action cards
    laid aside and played. The five current ones never run out in a turn: „Nakonec se všech
    10 akčních karet zamíchá a znovu se z nich dobere vrchních pět aktuálních.“"""
    piles = [*state["supply"], *state["discard"],
             *(hand[part] for hand in state["hands"] for part in ("aside", "played"))]
    for i, pile in enumerate(piles):
        if chosen(i):
            pile.clear()
