"""Fury of Dracula: the piles that tests/test_conformance.py empties in random positions, to
show that an empty pile brings a refusal with a sentence, never an error."""

from __future__ import annotations

from collections.abc import Callable

from companion.games.fury.state import State


def empty_piles(state: State, chosen: Callable[[int], bool]) -> None:
    """The event and item decks and their discards, the encounter pool, Dracula's encounters
    and events, and every hunter's items and events (with what lay face up of them)."""
    piles = [state["event_deck"], state["event_discard"], state["item_deck"],
             state["item_discard"], state["pool"], state["encounters"],
             state["dracula_events"]]
    for i, pile in enumerate(piles):
        if chosen(i):
            pile.clear()
    for i, hunter in enumerate(state["hunters"].values(), start=len(piles)):
        if chosen(i):
            hunter["items"].clear()
            hunter["events"].clear()
            hunter["up"].clear()
            hunter["shown"] = {"item": None, "event": None}
