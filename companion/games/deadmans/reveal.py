"""The end of a game of Dead Man's Draw, told: the characters dealt to each pirate (the
one he chose and the one he put back) and the draw pile left, from the top."""

from __future__ import annotations

from companion.games.base import N_, RevealSection, line
from companion.games.deadmans.cards import card_args
from companion.games.deadmans.data import CHARACTER_BY_ID
from companion.games.deadmans.state import State


def reveal(state: State) -> list[RevealSection]:
    characters = []
    for seat, dealt in enumerate(state["dealt"]):
        chosen = state["chosen"][seat]
        characters.append(line(
            N_("{who}: {kept}; put back: {other}"), who={"seat": seat},
            kept=CHARACTER_BY_ID[dealt[chosen]].name if chosen is not None else N_("none"),
            other=[CHARACTER_BY_ID[c].name for i, c in enumerate(dealt) if i != chosen]
            or [N_("none")]))
    pile = [line(N_("{card} {value}"), **card_args(state, card)) for card in state["deck"]]
    return [
        {"title": N_("The characters dealt"), "lines": characters},
        {"title": N_("The draw pile, from the top"), "lines": pile or [line(N_("empty"))]},
    ]
