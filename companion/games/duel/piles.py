"""Duel!: the piles that tests/test_conformance.py empties in random positions, to show that
an empty pile brings a refusal with a sentence, never an error."""

from __future__ import annotations

from collections.abc import Callable

from companion.games.base import State


def empty_piles(state: State, chosen: Callable[[int], bool]) -> None:
    """The hands, the laid Aims, the cards out of the game and the unused jokers. A card
    already chosen in secret stays: it lies face down on the table, out of the hand's reach
    (the hand holds it only until both turn)."""
    for seat, hand in enumerate(state["hands"]):
        if chosen(seat):
            pending = state["pending"][seat]
            hand[:] = [pending] if pending in hand else []
    piles = [*state["laid"], state["out"], *state.get("joker_decks", [])]
    for i, pile in enumerate(piles, start=2):
        if chosen(i):
            pile.clear()
