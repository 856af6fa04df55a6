"""A game of Drakula's state: what the app holds between two phones and the tablet (plain
JSON, stored and hashed as it is; ``rules.setup`` makes it, ``turn.start_turn`` each turn).
Version 1: it carries no ``state_version``."""

from __future__ import annotations

from typing import Literal, TypedDict

from companion.games.base import Result

Phase = Literal["setup", "play", "over"]
"""Both sides pick their six encounter cards, the turns, the end."""
Stage = Literal["move", "lay", "play", "special", "barrier", "done"]
"""How far a turn has gone: the move, a card laid from the supply, the action card, its
special action, the barriers, over (``turn.end_turn_if_done`` starts the next)."""
Colour = Literal["red", "blue", "green", "yellow"]
"""The four barriers (``data.BARRIER_COLOURS``)."""
BarrierSpec = Literal["red", "blue", "green", "yellow", "any", "other"]
"""A barrier still to move this turn: the card's colour, ``any`` for a grey bar, ``other``
for the Eyes of the Night's second one."""
CardColour = Literal["red", "blue", "green", "yellow", "grey"]
"""The barrier an action card moves; grey: any one."""
Spacing = Literal["edge", "apart"]
"""The table option: barriers may touch, or must lie apart."""
How = Literal["laid", "peeked", "revealed", "inspired"]
"""How a seat came to know a face-down card: it laid it, looked at its own, turned it up,
or Inspiration showed it."""


class ActionCard(TypedDict):
    """An action card's printed values as the table's options give them."""

    steps: int
    strength: int | None
    """None: a card without strength (it cannot fight)."""
    barrier: CardColour


class Hand(TypedDict):
    """One side's ten action cards."""

    hand: list[str]
    """The current ones."""
    aside: list[str]
    """Set aside until the current ones are used up."""
    played: list[str]
    known: list[str]
    """Current cards the opponent knows of (taken back with Composure)."""


class Effects(TypedDict):
    """Special actions that last into the next turn."""

    dech: bool
    """The Breath of the Night: vampires one stronger in Van Helsing's next turn."""
    sepot: bool
    """The Whisper of the Night: Van Helsing moves no barrier next turn."""
    ostrazitost: bool
    """Vigilance: Dracula's next special action is lost; signs of power hurt him."""
    turned: str | None
    """Resistance: the location whose card Dracula may not look at next turn."""


class Memory(TypedDict):
    """What a seat knows of the card on a location."""

    card: str
    turn: int
    how: How
    stale: bool
    """The card there was replaced since."""
    changed: int | None
    """The turn it was replaced."""
    moved: int | None
    """The turn the Depth of the Night moved it here."""


class SeenSupply(TypedDict):
    """A seat's snapshot of the opponent's supply (shown when the figures met)."""

    cards: list[str]
    turn: int
    stale: bool
    changed: int | None


class Turn(TypedDict):
    """The turn being played (``turn.start_turn``)."""

    seat: int
    extra: bool
    """Battle Lust's extra turn."""
    stage: Stage
    start: str
    path: list[str]
    steps: int
    can_peek: bool
    met: bool
    """The figure stands on the other's location: supplies may be shown."""
    shown: bool
    revealed: bool
    """One of the opponent's cards was turned up this turn."""
    lay_at: str | None
    after_lay: Literal["move", "play", "special"] | None
    """The stage a forced lay returns to."""
    pending: str | None
    """The opponent's card turned up in the move, waiting for the action card."""
    card: str | None
    """The action card played."""
    won_vampire: bool
    last_life: bool
    """A crucifix turned up when the seat had one life left."""
    another_turn: bool
    first: str | None
    """The Depth of the Night: the first location chosen for the swap."""
    oci: bool
    barriers: list[BarrierSpec]
    barrier_colour: Colour | None
    moved: list[Colour]


class State(TypedDict):
    """The whole game (``State`` in this game's modules: this one, not the base's plain dict)."""

    players: int
    phase: Phase
    cards: dict[str, ActionCard]
    deck: list[dict[str, int]]
    """Each side's encounter cards, kind → count."""
    spacing: Spacing
    turn_limit: int
    first: int
    picks: list[list[str]]
    ready: list[bool]
    locations: dict[str, str | None]
    """The face-down card on each location (None: empty)."""
    owners: dict[str, int | None]
    """Whose card lies there, where that is public."""
    face_up: str | None
    figures: list[str]
    barriers: dict[str, str | None]
    """Each barrier's edge (None: not on the board)."""
    supply: list[list[str]]
    captured: list[list[str]]
    discard: list[list[str]]
    lives: list[int]
    reserve: int
    hands: list[Hand]
    effects: Effects
    turn: Turn | None
    turn_count: int
    memory: list[dict[str, Memory]]
    seen_supply: list[SeenSupply | None]
    result: Result | None
