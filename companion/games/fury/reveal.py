"""The end of a game of Fury of Dracula, told: where Dracula was, his whole trail and the
catacombs with the encounters on them, his hand, and the cards each hunter held."""

from __future__ import annotations

from companion.games.base import N_, RevealSection, line
from companion.games.fury import board, cards, catacombs, route, trail
from companion.games.fury.cards import HUNTERS
from companion.games.fury.state import Slot, State


def _slot(label: str, slot: Slot) -> dict[str, object]:
    what = [cards.power_name(slot["power"])] if slot["power"] else []
    what += [cards.encounter_name(t) for t in slot["tokens"]]
    return line(N_("{n}. {place}: {what}"), n=label, place=board.name(slot["place"]),
                what=what or [N_("no encounter")])


def reveal(state: State) -> list[RevealSection]:
    """Every secret of the game, for every screen once it has ended."""
    here = trail.dracula_place(state)
    out: list[RevealSection] = []
    chase = route.section(state)
    if chase is not None:
        out.append(chase)
    if here is not None:
        out.append({"title": N_("Where Dracula was"), "lines": [
            line(N_("Dracula was in {place}."), place=board.name(here))]})
        out.append({"title": N_("Dracula's trail, newest first"), "lines": [
            _slot(str(i + 1), slot) for i, slot in enumerate(state["trail"])]})
        out.append({"title": N_("The catacombs"), "lines": [
            _slot(f"C{i + 1}", slot) for i, slot in catacombs.kept(state)]
            or [line(N_("empty"))]})
    out.append({"title": N_("Dracula's hand"), "lines": [
        line(N_("Encounters: {cards}"), cards=[cards.encounter_name(t) for t in
                                               sorted(state["encounters"])] or [N_("none")]),
        line(N_("Event cards: {cards}"), cards=[cards.event_name(c) for c in
                                                sorted(state["dracula_events"])] or [N_("none")]),
    ]})
    out.append({"title": N_("The hunters' cards"), "lines": [
        line(N_("{hunter}: {cards}"), hunter=cards.hunter_name(h), cards=[
            *(cards.item_name(c) for c in sorted(state["hunters"][h]["items"])),
            *(cards.event_name(c) for c in sorted(state["hunters"][h]["events"]))]
             or [N_("none")]) for h in HUNTERS]})
    return out
