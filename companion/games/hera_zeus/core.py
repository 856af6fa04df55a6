"""What every part of the Hera and Zeus rules shares: a card's kind and strength, hands,
discard piles, face-up cards, lured cards and the end of the game.

A card lured by the Sirens keeps its deck's back: „zadní strany jsou pro oba hráče rozdílné,
takže soupeř může lehce zjistit, která je jeho karta“. So a card held by the other deck's
player is public wherever it is: named in the hand counts, face up on the field.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import line
from companion.games.hera_zeus.cards import BY_KEY, ORDER, colour_of, name
from companion.games.hera_zeus.state import State, Turn

CREATURE_KINDS = frozenset(f"s{n}" for n in range(8))

ROLES = ("Hera", "Zeus")
LURED = "lured:"
"""Prefix of a hand key for a card from the other player's deck."""


def kind(state: State, card: str) -> str:
    return state["kinds"][card]


def strength(state: State, card: str) -> int | None:
    return state["strengths"][kind(state, card)]


def lured(card: str, holder: int) -> bool:
    """True for a card held by the player whose deck it is not."""
    return colour_of(card) != holder


def key_of(state: State, holder: int, card: str) -> str:
    """How a seat names one of its cards in an action: the kind, or ``lured:<kind>``."""
    return LURED + kind(state, card) if lured(card, holder) else kind(state, card)


def card_view(state: State, card: str, holder: int | None = None) -> dict[str, Any]:
    """A card as a screen shows it face up (never its id)."""
    k = kind(state, card)
    return {
        "kind": k,
        "name": name(k, colour_of(card)),
        "strength": state["strengths"][k],
        "colour": colour_of(card),
        "lured": holder is not None and lured(card, holder),
        "creature": k in CREATURE_KINDS,
    }


def sort_key(state: State, holder: int, card: str) -> tuple[int, bool, str]:
    return (ORDER[kind(state, card)], lured(card, holder), card)


def sort_cards(state: State, holder: int, cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: sort_key(state, holder, c))


def add_to_hand(state: State, seat: int, card: str) -> None:
    hand = state["hands"][seat]
    hand.append(card)
    hand.sort(key=lambda c: sort_key(state, seat, c))


def from_hand(state: State, seat: int, key: str) -> str | None:
    """The card of the hand that ``key`` names (a lured copy only by its lured key)."""
    for card in state["hands"][seat]:
        if key_of(state, seat, card) == key:
            return card
    return None


def play_from_hand(state: State, seat: int, kind_: str) -> str | None:
    """Take a card of ``kind_`` out of the hand to use its ability: a lured copy first (it is
    public anyway), else the player's own."""
    card = from_hand(state, seat, LURED + kind_) or from_hand(state, seat, kind_)
    if card is not None:
        state["hands"][seat].remove(card)
    return card


def hand_keys(state: State, seat: int) -> list[str]:
    """The distinct keys of a hand, in hand order."""
    keys: list[str] = []
    for card in state["hands"][seat]:
        key = key_of(state, seat, card)
        if key not in keys:
            keys.append(key)
    return keys


def reveal(state: State, card: str) -> bool:
    """Turn a card face up; True if it was face down."""
    if card in state["up"]:
        return False
    state["up"].append(card)
    state["up"].sort()
    return True


def discard(state: State, seat: int, card: str) -> None:
    """Throw a card face up onto the seat's discard pile (a lured card too: „jako by to byla
    jeho vlastní karta“)."""
    if card in state["up"]:
        state["up"].remove(card)
    state["discards"][seat].append(card)


def who(seat: int) -> dict[str, int]:
    return {"seat": seat}


def card_name(state: State, card: str) -> str:
    return name(kind(state, card), colour_of(card))


def power(state: State, card: str) -> str:
    """A card's strength as a log line prints it (– for none)."""
    value = strength(state, card)
    return "–" if value is None else str(value)


def hostage_of(state: State, seat: int) -> str:
    """The id of the seat's hostage card (Io in Hera's deck, Argus in Zeus's)."""
    return next(c for c, k in state["kinds"].items() if k == "hostage" and colour_of(c) == seat)


def finish(state: State, winners: list[int], text: str, **args: Any) -> list[dict[str, Any]]:
    """End the game; returns the public line that says why."""
    state["phase"] = "over"
    state["pending"] = None
    state["result"] = {"winners": winners, "draw": not winners, "text": text, "args": args}
    return [line(text, **args)]


def over(state: State) -> bool:
    return state["phase"] == "over"


def kind_name(kind_: str, seat: int) -> str:
    """The name of a kind as the seat's own deck calls it."""
    return BY_KEY[kind_].names[seat]


def round_of(state: State) -> int:
    """The round of the turn in play: Hera's and Zeus's first turns are round 1."""
    turn = state["turn"]
    return 0 if turn is None else (turn["number"] + 1) // 2


def turn_of(state: State) -> Turn:
    """The turn in play (the first rows are laid)."""
    turn = state["turn"]
    assert turn is not None, "the first rows are laid: a turn is in play"
    return turn
