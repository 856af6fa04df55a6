"""The end of a game of Drakula, told: the encounter cards still face down on the board,
each side's supply, and the action cards in hand and set aside. The face-down cards turn
over one at a time on the end screen (``steps``, issue 42)."""

from __future__ import annotations

from companion.games.base import N_, RevealSection, line
from companion.games.drakula import data
from companion.games.drakula.board import card_name, label_of, location_name
from companion.games.drakula.state import State


def reveal(state: State) -> list[RevealSection]:
    board = [line(N_("{location}: {card}"), location=location_name(loc), card=label_of(kind))
             for loc in data.LOCATIONS if (kind := state["locations"].get(loc))]
    supplies = [line(N_("{who}: {cards}"), who={"seat": seat},
                     cards=[label_of(k) for k in sorted(cards)] or [N_("none")])
                for seat, cards in enumerate(state["supply"])]
    hands = [line(N_("{who}: in hand {hand}; set aside {aside}"), who={"seat": seat},
                  hand=[card_name(c) for c in hand["hand"]] or [N_("none")],
                  aside=[card_name(c) for c in hand["aside"]] or [N_("none")])
             for seat, hand in enumerate(state["hands"])]
    return [
        {"title": N_("On the board, face down"), "lines": board or [line(N_("empty"))],
         "steps": bool(board)},
        {"title": N_("Each supply"), "lines": supplies},
        {"title": N_("The action cards"), "lines": hands},
    ]
