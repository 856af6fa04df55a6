"""The catacombs („Катакомбы“): three spaces beside Dracula's trail where a location card
pushed off the trail may keep its encounters face down (``state["catacombs"]``, a space
``None`` while empty). Every rule that asks about them asks here.

What the rulebook says of them: a card leaving the trail either goes into a catacomb or
lets one of its encounters mature, never both („Дракула не может и укреплять Засаду и
убирать карту Локации из-под этой Засады в Катакомбы одновременно – надо выбирать один
вариант“, *Фаза Действия Дракулы*; the choice is ``dracula_turn.dropoff_actions``); a
hunter's search reveals his location when it „находится на Пути Дракулы или в Катакомбах“
(*Фаза Действия Охотника*, ``encounters.search``); Dracula may not move into a place of his
trail or catacombs but by Double Back (``movement.dracula_moves``), which takes the card
from where it lies (``dracula_turn.do_move``).
"""

from __future__ import annotations

from companion.games.fury import board, cards
from companion.games.fury.state import Slot, State


def empty() -> list[Slot | None]:
    """The catacombs at set-up: every space free."""
    return [None] * cards.CATACOMBS


def spaces(state: State) -> list[Slot | None]:
    """The spaces in order, ``None`` where empty (as the screens lay them out)."""
    return state["catacombs"]


def kept(state: State) -> list[tuple[int, Slot]]:
    """The cards kept there, each with its space's index (catacomb ``index + 1``)."""
    return [(i, slot) for i, slot in enumerate(state["catacombs"]) if slot is not None]


def may_enter(state: State, slot: Slot) -> bool:
    """A card leaving the trail may go into the catacombs if it is a location card (not a
    sea, not Hide) with an encounter on it and a space is free."""
    return (slot["card"] is not None and not board.is_sea(slot["card"])
            and bool(slot["tokens"]) and None in state["catacombs"])


def enter(state: State, slot: Slot) -> None:
    """The location card and its encounters go into a free space; a power card under it
    returns to Dracula."""
    index = state["catacombs"].index(None)
    card = slot.copy()
    card["power"] = None
    state["catacombs"][index] = card


def find(state: State, slot_id: int) -> int | None:
    """The space a card lies in."""
    for i, slot in kept(state):
        if slot["id"] == slot_id:
            return i
    return None


def take(state: State, index: int) -> Slot:
    """Take the card out of a space (Double Back, an event that discards it)."""
    slot = state["catacombs"][index]
    if slot is None:
        raise KeyError(index)
    state["catacombs"][index] = None
    return slot
