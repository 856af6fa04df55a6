"""Hera and Zeus's state: what the app holds between the two phones (plain JSON, stored and
hashed as it is; ``rules.setup`` makes it). A card is an id (``h07``, ``z12``: its deck by
the first letter); ``kinds`` says what each is."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from companion.games.base import Result

Phase = Literal["setup", "play", "over"]
"""Laying the first rows, the turns, the end."""
Support = Literal["attacker", "defender", "both"]
Sweep = Literal["both", "hers"]
Removal = Literal["action", "pegasus"]


class Rules(TypedDict):
    """The table's rule options (``options.RULE_OPTIONS``)."""

    challenge_support: Support
    pandora_sweep: Sweep
    figure_removal: Removal
    nemesis_beats_sevens: bool
    turn_limit: int


class Turn(TypedDict):
    seat: int
    number: int
    """Turns of either player so far, this one counted (Hera's first is 1)."""
    total: int
    """Its action points."""
    left: int
    spent: int


class Bury(TypedDict):
    """Waiting for both players to order the cards they throw into the grave."""

    kind: Literal["bury"]
    limbo: list[list[str]]
    """Per seat, the cards still to be ordered."""


class Placing(TypedDict):
    """Waiting for ``seat`` to choose the column of a card that comes back to its field."""

    kind: Literal["place"]
    seat: int
    card: str


Pending = Bury | Placing


class Seen(TypedDict):
    """What Pythia showed a seat of the other hand, and in which turn."""

    turn: int
    cards: list[dict[str, Any]]


class Shown(TypedDict):
    """The last challenge or reveal, for the tablet: its cards face up and its lines."""

    kind: str
    seat: int
    column: int | None
    turn: int
    cards: list[dict[str, Any]]
    lines: list[dict[str, Any]]


class State(TypedDict):
    """The whole game (``State`` in this game's modules: this one, not the base's plain dict)."""

    players: int
    rules: Rules
    counts: dict[str, int]
    """How many of each counted kind the decks hold (a table option)."""
    strengths: dict[str, int | None]
    """Each kind's strength (None: no number, never on the field)."""
    kinds: dict[str, str]
    """Every card id's kind."""
    phase: Phase
    decks: list[list[str]]
    """Top last."""
    hands: list[list[str]]
    fields: list[list[list[str]]]
    """Per seat three columns, the first row first; ``figure`` is the god figure."""
    discards: list[list[str]]
    up: list[str]
    """The cards lying face up, sorted."""
    opening: list[bool]
    """The seat showed its hostage in the opening hand."""
    turn: Turn | None
    pending: Pending | None
    seen: list[Seen | None]
    last: Shown | None
    result: Result | None
