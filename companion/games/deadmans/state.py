"""Dead Man's Draw's state: what the app holds for the table (plain JSON, stored and hashed
as it is; ``rules.setup`` makes it). A card is a number: its suit and value by
:mod:`.cards`."""

from __future__ import annotations

from typing import Literal, Required, TypedDict

Phase = Literal["choose", "davy", "play", "over"]
"""Choosing characters in secret, Davy Jones' Chest choosing its opponent, the turns, the
end."""
FrameKind = Literal["hook", "cannon", "sword", "map", "ball", "mermaid", "rob", "bonus"]


class Opts(TypedDict):
    """The table's options as the rules read them (``options.table_opts``)."""

    party: bool
    strange_waters: bool
    mermaid_variant: bool
    thieves_island: bool
    pile_o_treasure: bool
    sudden_death: bool
    all_hands: bool
    beneath_the_waves: bool
    bottom_feeder: bool
    sudden_death_target: int
    all_hands_penalty: int
    beneath_limit: int


class Frame(TypedDict, total=False):
    """An effect waiting for the active pirate's choice (the top of the turn's stack); which
    fields it has depends on its ``kind``."""

    kind: Required[FrameKind]
    left: int
    """Hook: cards still to place; Robber: cards still to plunder."""
    safe: bool
    """Hook: the placed card cannot bust (the Miser's)."""
    target: int | None
    """Cannon, Sword, Robber: the opponent aimed at (None: not chosen yet)."""
    cards: list[int]
    """Map: the cards it shows."""
    card: int
    """Mermaid: the Mermaid that moves a card."""
    seer: bool
    """Crystal Ball: the Seer's (it may be put back)."""
    count: int
    """The Key and Chest bonus: how many cards it brings."""


class Turn(TypedDict):
    flips: int
    kraken: int
    """Cards the Kraken still asks for."""
    harbour: int
    pending: list[Frame]


class Placed(TypedDict):
    card: int
    safe: bool


class State(TypedDict):
    """The whole game (``State`` in this game's modules: this one, not the base's plain dict)."""

    players: int
    opts: Opts
    phase: Phase
    deck: list[int]
    """The draw pile, top first."""
    discard: list[int]
    row: list[Placed]
    """The cards flipped this turn, in order."""
    banks: list[list[int]]
    dealt: list[list[str]]
    """Each pirate's two characters."""
    chosen: list[int | None]
    """Which of the two each chose (secret until all have)."""
    pool: list[str]
    """The characters nobody was dealt."""
    characters_shown: bool
    davy: list[int | None]
    """Davy Jones' Chest's opponent, per seat that plays it."""
    start: int
    active: int | None
    turn: Turn
    known: list[int]
    """Per seat, how many cards from the top of the draw pile it has seen."""
    public_known: int
    turns: int
    end: Literal["sudden_death", "deck"] | None
    """Why the game ended (None: by the rules of the last turn, or still on)."""
