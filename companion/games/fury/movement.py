"""Where Dracula and the hunters may go, computed from the map, the trail and the tracks.

Dracula moves by road or sea, never by rail; he may not re-enter a place in his trail or
catacombs except by Double Back, nor the hospital, nor a city a Consecrated Ground or
Heavenly Host marker protects. His powers: Hide, Dark Call and Feed keep him where he is,
Double Back takes him to an adjacent place of his trail or catacombs, Wolf Form carries
him up to two roads (Feed and Wolf Form only at night). Every second sea move in a row
costs him a blood, and he may never bring his own blood to 0.

Hunters move by road, by rail (as far as the train die allows) or by sea from a port.
"""

from __future__ import annotations

from typing import Any

from companion.games.fury import board, cards, time_track, trail
from companion.games.fury.board import CASTLE, HOSPITAL
from companion.games.fury.state import State

Move = dict[str, Any]
"""``{"to": place, "power": power | None, "blood": cost, "sea": bool}``."""


def forbidden(state: State) -> set[str]:
    """Places Dracula may never enter: the hospital, protected cities, stormy seas."""
    return {HOSPITAL, *state["blocked"], *state["storms"]}


def hunter_places(state: State) -> set[str]:
    return {h["place"] for h in state["hunters"].values() if h["place"]}


def start_places(state: State) -> list[str]:
    """Dracula's start: „Дракула не может начинать игру, разместившись в море, Замке
    Дракулы или в локации, в которой находится Охотник“ (and never the hospital)."""
    taken = hunter_places(state) | forbidden(state) | {CASTLE}
    return [p for p in board.PLACES if not board.is_sea(p) and p not in taken]


def hunter_start_places() -> list[str]:
    """„Нельзя размещать Охотников в моря, Замок Дракулы и Больница св. Иосифа и св. Марии.“"""
    return [p for p in board.PLACES if board.is_city(p)]


def sea_cost(state: State, to: str) -> int:
    """Blood a move into ``to`` costs at sea: every second sea zone in a row (every one
    while the hunters' ally Rufus Smith is in play)."""
    if not board.is_sea(to):
        return 0
    if state["allies"]["hunters"] and cards.kind(state["allies"]["hunters"]) == "rufus_smith":
        return 1
    return 1 if (state["sea_run"] + 1) % 2 == 0 else 0


def affordable(state: State, cost: int) -> bool:
    """„Дракула не может самостоятельно уменьшить свои Пункты Крови до 0.“"""
    return cost <= 0 or state["blood"] - cost > 0


def dracula_moves(state: State) -> list[Move]:
    """Every move Dracula may make now, each with its power and blood cost."""
    here = trail.dracula_here(state)
    night = time_track.is_night(state)
    used = trail.powers_in_use(state)
    barred = forbidden(state)
    taken = trail.places(state)
    moves: list[Move] = []

    def add(to: str, power: str | None, cost: int) -> None:
        if affordable(state, cost):
            moves.append({"to": to, "power": power, "blood": cost, "sea": board.is_sea(to)})

    for to in sorted(board.neighbours(here, ("road", "sea"))):
        if to not in taken and to not in barred:
            add(to, None, sea_cost(state, to))
    at_sea = board.is_sea(here)
    stay = here not in state["blocked"]
    if "hide" not in used and not at_sea and stay:
        add(here, "hide", cards.POWERS["hide"]["blood"])
    if "dark_call" not in used and not at_sea and stay:
        add(here, "dark_call", cards.POWERS["dark_call"]["blood"])
    if "feed" not in used and night and not at_sea and stay:
        add(here, "feed", cards.POWERS["feed"]["blood"])
    if "double_back" not in used:
        adjacent = board.neighbours(here, ("road", "sea"))
        for slot in trail.slots(state):
            back = slot["card"]
            if back is not None and back in adjacent and back not in barred and back != here:
                add(back, "double_back",
                    cards.POWERS["double_back"]["blood"] + sea_cost(state, back))
    if "wolf_form" not in used and night and not at_sea:
        reach = board.road_within(here, 2, blocked=frozenset(barred))
        for to in sorted(reach):
            if to != here and to not in taken and to not in barred and not board.is_sea(to):
                add(to, "wolf_form", cards.POWERS["wolf_form"]["blood"])
    unique = {(m["to"], m["power"]): m for m in moves}
    out = [unique[k] for k in sorted(unique, key=lambda k: (k[1] or "", k[0]))]
    declared = state["dracula_declared"]
    if declared:
        power, _, to = declared.partition(":")
        bound = [m for m in out if m["to"] == to and (m["power"] or "move") == power]
        if bound:
            return bound
    return out


def hunter_road(state: State, place: str) -> list[str]:
    """Places one road away (a Roadblock closes its road)."""
    closed = state["roadblock"]
    out = []
    for to in sorted(board.ROAD.get(place, ())):
        if closed and {place, to} == set(closed["road"] or ()):
            continue
        out.append(to)
    return out


def hunter_sea(place: str, storms: dict[str, int] | None = None) -> list[str]:
    """From a port to an adjacent sea; from a sea to the next sea or a port (not into a
    sea closed by Stormy Seas)."""
    return sorted(p for p in board.SEA.get(place, ()) if p not in (storms or {}))


def hunter_rail(state: State, place: str, steps: int) -> list[str]:
    """Cities within ``steps`` rail links (a Roadblock closes its rail link)."""
    if steps <= 0 or not board.is_city(place):
        return []
    closed = state["roadblock"]
    cut = frozenset(closed["rail"]) if closed and closed["rail"] else None
    reached = {place}
    frontier = [place]
    for _ in range(steps):
        following = []
        for here in frontier:
            for to in board.RAIL.get(here, ()):
                if to not in reached and frozenset((here, to)) != cut:
                    reached.add(to)
                    following.append(to)
        frontier = following
    return sorted(reached - {place})
