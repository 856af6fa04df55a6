"""The referee kit's state: what the app holds for the table (plain JSON, stored and hashed
as it is; ``rules.setup`` makes it)."""

from __future__ import annotations

from typing import TypedDict

from companion.games.dice import Rolled


class HandCard(TypedDict):
    id: int
    """The card's index in ``names``."""
    shown: bool
    """Everyone has seen it (shown, or taken face up from a place)."""


class PlaceCard(TypedDict):
    id: int
    up: bool
    seen_by: list[int]
    """The seats that peeked at it while face down."""


class Place(TypedDict):
    name: str
    cards: list[PlaceCard]


class Roll(TypedDict):
    n: int
    """The step that rolled it (its id)."""
    seat: int
    dice: Rolled
    secret: bool
    shown: bool


class Choice(TypedDict):
    """A simultaneous secret choice: every seat picks, all are revealed with the last."""

    question: str
    options: list[str]
    """The names to choose among; empty: a whole number."""
    by: int
    picks: list[str | int | None]
    revealed: bool


class State(TypedDict):
    """The whole game (``State`` in this game's modules: this one, not the base's plain dict)."""

    players: int
    names: list[str]
    """Every card of the deck by name; the piles hold indices into it."""
    deck: list[int]
    """Top first."""
    discard: list[int]
    hands: list[list[HandCard]]
    places: list[Place]
    rolls: list[Roll]
    """The newest open rolls and every secret roll not yet shown."""
    choice: Choice | None
    step: int
    """Actions taken: a roll's id."""
