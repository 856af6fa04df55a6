"""The loot cards of Dead Man's Draw: a card's suit and value, its words on a screen, and the
order in which banks and the discard pile keep cards.

A card is an int: set * 60 + suit index * 6 + rank (rank 0 is the lowest card). The suits'
facts are in :mod:`.data`; a Mermaid's value depends on the mermaid-effect variant, so
:func:`value_of` needs the state.
"""

from __future__ import annotations

from typing import Any

from companion.games.deadmans.data import (
    CARDS_PER_SET,
    MERMAID_VARIANT_VALUES,
    SUIT_BY_ID,
    SUIT_IDS,
)
from companion.games.deadmans.state import State


def suit_of(card: int) -> str:
    """The suit id of a card.

    >>> suit_of(0), suit_of(59), suit_of(65)
    ('anchor', 'mermaid', 'anchor')
    """
    return SUIT_IDS[(card % CARDS_PER_SET) // 6]


def value_of(state: State, card: int) -> int:
    """The printed value of a card (the Mermaids depend on the mermaid-effect variant)."""
    suit = suit_of(card)
    if suit == "mermaid" and state["opts"]["mermaid_variant"]:
        return MERMAID_VARIANT_VALUES[card % 6]
    return SUIT_BY_ID[suit].values[card % 6]


def card_args(state: State, card: int) -> dict[str, Any]:
    """Log/label arguments ``{card}`` (a translatable suit name) and ``{value}``."""
    return {"card": SUIT_BY_ID[suit_of(card)].name, "value": value_of(state, card)}


def card_view(state: State, card: int) -> dict[str, Any]:
    suit = suit_of(card)
    return {"suit": suit, "name": SUIT_BY_ID[suit].name, "value": value_of(state, card)}


def _order(card: int) -> tuple[int, int]:
    return (card % CARDS_PER_SET, card)


def sort_cards(cards: list[int]) -> list[int]:
    return sorted(cards, key=_order)
