"""Blitz und Donner (Hera and Zeus): the piles that tests/test_conformance.py empties in
random positions, to show that an empty pile brings a refusal with a sentence, never an
error."""

from __future__ import annotations

from collections.abc import Callable

from companion.games.base import State


def empty_piles(state: State, chosen: Callable[[int], bool]) -> None:
    """Both decks, both discard piles and both hands."""
    piles = [*state["decks"], *state["discards"], *state["hands"]]
    for i, pile in enumerate(piles):
        if chosen(i):
            gone = set(pile)
            pile.clear()
            state["up"][:] = [c for c in state["up"] if c not in gone]
