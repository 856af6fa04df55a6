"""What every part of the Dead Man's Draw rules shares: who holds what (a pirate's character
once revealed, the opponent who holds a character, a bank as stacks by suit, the score) and
one ``apply`` in progress (:class:`Ctx`, with the phase check).

Characters act across the table (the Siren, the Living Shield, Friendly Fire and the Monster
Lord change an opponent's effects), so an effect asks :func:`holder` which opponent holds one.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, IllegalActionError, Random, line
from companion.games.deadmans.cards import sort_cards, suit_of, value_of
from companion.games.deadmans.data import SUIT_IDS, SUITS
from companion.games.deadmans.state import State, Turn

GOLDEN_SCALES_BONUS = 5


def character(state: State, seat: int) -> str | None:
    """The character of ``seat`` once all characters are revealed, else None."""
    chosen = state["chosen"][seat]
    if not state["characters_shown"] or chosen is None:
        return None
    return state["dealt"][seat][chosen]


def active(state: State) -> int:
    """The pirate whose turn it is (play has begun)."""
    seat = state["active"]
    assert seat is not None, "play has begun: a pirate is active"
    return seat


def opponents_clockwise(state: State, seat: int) -> list[int]:
    n = state["players"]
    return [(seat + k) % n for k in range(1, n)]


def holder(state: State, seat: int, char: str) -> int | None:
    """The first opponent of ``seat`` clockwise who holds ``char``."""
    for other in opponents_clockwise(state, seat):
        if character(state, other) == char:
            return other
    return None


def stacks(state: State, seat: int) -> dict[str, list[int]]:
    """A bank as stacks by suit, each highest first (the top card is ``[0]``)."""
    out: dict[str, list[int]] = {}
    for card in state["banks"][seat]:
        out.setdefault(suit_of(card), []).append(card)
    for suit, cards in out.items():
        cards.sort(key=lambda c: (-value_of(state, c), c))
        out[suit] = cards
    return {suit: out[suit] for suit in SUIT_IDS if suit in out}


def score(state: State, seat: int) -> int:
    """Sum of the top card of each stack, with Golden Scales and the scoring variants."""
    opts = state["opts"]
    piles = stacks(state, seat)
    golden = character(state, seat) == "golden_scales"
    total = 0
    for suit, cards in piles.items():
        counted = cards if opts["pile_o_treasure"] else cards[:1]
        total += sum(value_of(state, c) for c in counted)
        if golden and suit == "mermaid":
            total += GOLDEN_SCALES_BONUS * len(counted)
    if opts["all_hands"]:
        total -= opts["all_hands_penalty"] * (len(SUITS) - len(piles))
    return total


def add_to_bank(state: State, seat: int, cards: list[int]) -> None:
    state["banks"][seat] = sort_cards(state["banks"][seat] + list(cards))


def take_from_stack(state: State, seat: int, suit: str, whole: bool = False,
                    bottom: bool = False) -> list[int]:
    """Remove the top card (or the bottom card, or the whole stack) of one stack."""
    cards = stacks(state, seat).get(suit, [])
    if not cards:
        return []
    taken = list(cards) if whole else [cards[-1] if bottom else cards[0]]
    bank = state["banks"][seat]
    for card in taken:
        bank.remove(card)
    return taken


class Ctx:
    """One ``apply`` in progress: the state being built, its log and whether it revealed."""

    def __init__(self, state: State, rng: Random) -> None:
        self.state = state
        self.rng = rng
        self.log: list[dict[str, Any]] = []
        self.revealed = False

    def say(self, text: str, to: list[int] | None = None, **args: Any) -> None:
        self.log.append(line(text, to=to, **args))

    @property
    def seat(self) -> int:
        return active(self.state)

    @property
    def turn(self) -> Turn:
        return self.state["turn"]


def need_phase(ctx: Ctx, phase: str) -> None:
    if ctx.state["phase"] != phase:
        messages = {
            "choose": N_("The characters have already been chosen."),
            "davy": N_("Davy Jones' Chest has already chosen its opponent."),
            "play": N_("The game has not started yet: everyone chooses a character first."),
        }
        raise IllegalActionError(messages[phase])
