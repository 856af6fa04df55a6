"""The end of a game of Blitz und Donner, told: the cards still face down on both fields,
each hand, and each deck from the top. The face-down cards turn over a column at a time on
the end screen (``steps``, issue 42)."""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, RevealSection, line
from companion.games.hera_zeus.cards import colour_of, name
from companion.games.hera_zeus.core import kind
from companion.games.hera_zeus.field import FIGURE
from companion.games.hera_zeus.state import State


def _named(state: State, cards: list[str]) -> list[str]:
    return [name(kind(state, c), colour_of(c)) for c in cards]


def reveal(state: State) -> list[RevealSection]:
    down: list[dict[str, Any]] = []
    for seat, field in enumerate(state["fields"]):
        for column, cards in enumerate(field):
            hidden = [c for c in cards if c != FIGURE and c not in state["up"]]
            if hidden:
                down.append(line(N_("{who}, column {n}: {cards}"), who={"seat": seat},
                                 n=column + 1, cards=_named(state, hidden)))
    return [
        {"title": N_("Face down on the fields"), "lines": down or [line(N_("none"))],
         "steps": bool(down)},
        {"title": N_("Each hand"), "lines": [
            line(N_("{who}: {cards}"), who={"seat": seat},
                 cards=_named(state, hand) or [N_("no card")])
            for seat, hand in enumerate(state["hands"])]},
        {"title": N_("Each deck, from the top"), "lines": [
            line(N_("{who}: {cards}"), who={"seat": seat},
                 cards=_named(state, deck) or [N_("empty")])
            for seat, deck in enumerate(state["decks"])]},
    ]
