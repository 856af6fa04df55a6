"""A duel's state: what the app holds between two phones (plain JSON, stored and hashed as
it is; ``rules.setup`` makes it, ``rules.upgrade`` brings an older one up to date)."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from companion.games.base import Result

Phase = Literal["signal", "choose", "mind", "demon", "over"]
"""Confused Signal before round 1, a round's secret choice, Mind Reading's swap, Demon's Help's
blind pick, the end."""


class Rules(TypedDict):
    """The table's rule options (``options.RULE_OPTIONS``)."""

    mistress_aim: bool
    wind_stacks: bool
    empty_hand_ends: bool


class Gone(TypedDict):
    """A card that left the game: whose, in which round (0: before the duel)."""

    card: str
    seat: int
    round: int


class Modifier(TypedDict):
    name: str
    value: int | None


class Shot(TypedDict, total=False):
    """A shot as a screen animates it face by face (``dice.roll_shot``), then whose."""

    faces: list[int]
    symbols: list[str]
    dice: int
    modifiers: list[Modifier]
    total: int | None
    need: int
    hit: bool
    misfire: bool
    seat: int
    pistol: int


class Round(TypedDict):
    """A round being resolved (``current``), then kept in ``history``."""

    n: int
    first: list[str | None]
    """The cards turned at the reveal (None: no card)."""
    played: list[str | None]
    """The cards that resolve (Mind Reading swapped for another)."""
    swapped: list[bool]
    events: list[dict[str, Any]]
    """Its log lines (a round's story on the tablet)."""
    rolls: list[Shot]
    wind: int


class State(TypedDict):
    """The whole game (``State`` in this game's modules: this one, not the base's plain dict)."""

    state_version: int
    players: int
    rules: Rules
    phase: Phase
    round: int
    hands: list[list[str]]
    laid: list[list[str]]
    """The Aims (and cards that count as Aims) in front of each duellist."""
    pistols: list[int]
    jokers: list[int]
    """How many jokers each was dealt."""
    joker_decks: list[list[str]]
    """The jokers nobody drew: one deck each, or one shared."""
    out: list[Gone]
    pending: list[str | None]
    """Each seat's secret choice until both have chosen."""
    active: list[bool]
    signalled: list[bool]
    skip_first: list[bool]
    deciding: list[bool]
    picking: list[bool]
    wind: list[int]
    """Rounds left of each Wind blowing."""
    fallen: list[bool]
    current: Round | None
    history: list[Round]
    result: Result | None
