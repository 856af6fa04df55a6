"""The end of a duel, told: the cards each duellist still held and the jokers nobody drew."""

from __future__ import annotations

from companion.games.base import N_, RevealSection, line
from companion.games.duel.cards import name, sort_hand
from companion.games.duel.state import State


def reveal(state: State) -> list[RevealSection]:
    decks = state["joker_decks"]
    return [
        {"title": N_("Each duellist's hand"), "lines": [
            line(N_("{who}: {cards}"), who={"seat": seat},
                 cards=[name(c) for c in sort_hand(hand)] or [N_("no card")])
            for seat, hand in enumerate(state["hands"])]},
        {"title": N_("The jokers nobody drew"), "lines": [
            line(N_("{cards}"), cards=[name(c) for c in deck] or [N_("none")])
            for deck in decks]},
    ]
