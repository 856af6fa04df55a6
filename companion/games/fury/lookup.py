"""Where a card's handler is looked up: the shapes of the card registry's tables, and the
tables themselves once ``registry`` has handed them down.

The registry (``registry.py``) names every handler, so it imports the modules that hold
them and sits above them; the dispatchers that play a card (``event_cards``, ``encounters``,
``before_combat``, ``combat_in_progress``, ``choices``) sit below it and read its tables from
here. ``registry`` hands them down when it is imported (``register``), and ``rules``, the
game's contract, imports it: no dispatcher imports anything above it, and mypy checks every
handler against the types below (issue 44: the import loop broken).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from companion.games.fury.state import (
    CardPlay,
    Ctx,
    QuestionData,
    QueueItem,
    State,
    WindowData,
)

# --- event cards (``event_cards``) -------------------------------------------------------

Effect = Callable[[Ctx, CardPlay], None]
"""``effect(ctx, play)``."""

When = Callable[[State, str | None, WindowData], bool]
"""``when(state, hunter, window data)``: an extra condition at a window's moment."""

Later = Callable[[Ctx, QueueItem], None]
"""``later(ctx, item)``: the rest of an effect, run once the questions before it are
answered (``{"kind": "effect", "do": name, ...}`` in the queue)."""


@dataclass(frozen=True)
class EventCard:
    """How one printed event works in the app."""

    effect: Effect
    windows: tuple[str, ...] = ()
    """The moments it may be played (kept cards); none for immediate cards and allies."""
    when: When | None = None
    """An extra condition at that moment."""
    cancellable: bool = True
    for_others: bool = False
    """Another hunter may play it at the moment of this hunter's turn (Hypnosis: „At the
    start of any bitten hunter's turn (your own too), with that hunter's consent“)."""


# --- encounters (``encounters``) -------------------------------------------------------------

Encounter = Callable[[Ctx, str, list[str], bool], bool]
"""``effect(ctx, token, hunters, ambush) -> keep``: resolve the token against the hunters;
return True when the token stays where it is (a New Vampire that escaped) instead of going
back to the pool."""

Starter = Callable[[Ctx, str, list[str], str], bool]
"""``start(ctx, enemy, hunters, place) -> stays``: begin a fight (``combat_rounds.start``);
True when an agent's token stays where it was met while it is fought."""


# --- a combat (``before_combat``, ``combat_in_progress``) -----------------------------------

Fight = QueueItem
"""A combat's queue item (``combat_in_progress``)."""

Play = Callable[[Ctx, Fight, str | None, str], None]
"""A card's effect before a combat: ``play(ctx, fight, hunter or None, card)``."""


class BeforeCombat(NamedTuple):
    """A card played before a combat."""

    side: str
    """"dracula" or "hunter"."""
    allowed: Callable[[State, Fight, str | None], bool]
    """Whether this card may be played in this fight (by this hunter)."""
    play: Play | None
    """Its effect; None for an event whose effect is the event card's own (Devilish
    Power, Wild Horses)."""


OnEnd = Callable[[Ctx, Fight], None]
"""``on_end(ctx, fight)``, listed in ``registry.FIGHT_ENDS``: called with the finished fight,
keyed by its ``source`` (an event card that started it) or, for the fights the engine starts,
by its enemy ("dracula", "agent"): the fight's ``outcome`` is killed, wounded, bitten,
defeated, end, cancelled or over (Relentless Minion listens to "agent", Vampire Lair to its
own source)."""


# --- questions (``choices``) ---------------------------------------------------------------

Option = tuple[str, str, dict[str, Any], str]
"""``(key, label message id, label args, hint message id)``."""

Options = Callable[[State, QuestionData], list[Option]]
Answer = Callable[[Ctx, QuestionData, str], None]


class Question(NamedTuple):
    """A card's question: its heading on the phone, its answers, what an answer does."""

    heading: str
    options: Options
    answer: Answer


# --- the tables -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Tables:
    """The registry's tables, as the dispatchers read them (each is documented where the
    registry writes it)."""

    events: Mapping[str, EventCard]
    encounters: Mapping[str, Encounter]
    before_combat: Mapping[str, BeforeCombat]
    start_combat: Starter
    fight_ends: Mapping[str, OnEnd]
    later: Mapping[str, Later]
    questions: Mapping[str, Question]


_registered: list[Tables] = []


def register(tables: Tables) -> None:
    """The registry hands its tables down (once, when it is imported)."""
    _registered[:] = [tables]


def tables() -> Tables:
    """The registry's tables; ``rules`` imports the registry, so any game played through the
    contract has them."""
    if not _registered:
        raise RuntimeError("Fury's card registry is not loaded: import "
                           "companion.games.fury.registry (companion.games.fury.rules does)")
    return _registered[0]
