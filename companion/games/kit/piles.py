"""The referee kit: the piles that tests/test_conformance.py empties in random positions, to
show that an empty pile brings a refusal with a sentence, never an error."""

from __future__ import annotations

from collections.abc import Callable

from companion.games.base import State


def empty_piles(state: State, chosen: Callable[[int], bool]) -> None:
    """The deck, the discards, the hands and the cards dealt to the places."""
    piles = [state["deck"], state["discard"], *state["hands"],
             *(place["cards"] for place in state["places"])]
    for i, pile in enumerate(piles):
        if chosen(i):
            pile.clear()
