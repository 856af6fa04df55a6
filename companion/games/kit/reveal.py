"""The end of a session with the referee kit, told: every hand, every card still face down
on the table, the deck in its order, the rolls never shown and the picks never revealed."""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, RevealSection, line
from companion.games.kit.state import Roll, State


def reveal(state: State) -> list[RevealSection]:
    names = state["names"]
    out: list[RevealSection] = []
    if names:
        out.append({"title": N_("Each hand"), "lines": [
            line(N_("{who}: {cards}"), who={"seat": seat},
                 cards=[names[c["id"]] for c in hand] or [N_("no card")])
            for seat, hand in enumerate(state["hands"])]})
        down = [line(N_("{place}, card {n}: {card}"), place=place["name"], n=i + 1,
                     card=names[card["id"]])
                for place in state["places"] for i, card in enumerate(place["cards"])
                if not card["up"]]
        if down:
            out.append({"title": N_("Face down on the table"), "lines": down})
        out.append({"title": N_("The deck, from the top"), "lines": [
            line(N_("{cards}"), cards=[names[c] for c in state["deck"]] or [N_("empty")])]})
    secret = [_roll(roll) for roll in state["rolls"] if roll["secret"] and not roll["shown"]]
    if secret:
        out.append({"title": N_("Rolls never shown"), "lines": secret})
    choice = state["choice"]
    if choice is not None and not choice["revealed"]:
        out.append({"title": N_("Picks never revealed"), "lines": [
            line(N_("{who}: {pick}"), who={"seat": seat}, pick=pick)
            for seat, pick in enumerate(choice["picks"]) if pick is not None]})
    return out


def _roll(roll: Roll) -> dict[str, Any]:
    return line(N_("{who} rolled {notation} in secret: {faces} = {total}"),
                who={"seat": roll["seat"]}, notation=roll["dice"]["notation"],
                faces=[str(f) for f in roll["dice"]["faces"]], total=roll["dice"]["total"])
