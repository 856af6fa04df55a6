"""Dracula's whole route, kept in secret and drawn at the end: the chase, turn by turn
(issue 42).

Every card he lays is a step of the route — where, in which round, by day or by night, how
(by road or sea, a power, Double Back, the bat, Evasion, Castle Dracula) — with what the
table saw of that turn (its one-line summary) and whether the hunters ever saw that card
face up or fought him there. Nothing of it reaches a screen before the game is over: it is
a part of ``reveal``, which the web layer asks only then.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, RevealSection, line
from companion.games.fury import board, cards, time_track, trail
from companion.games.fury.state import Ctx, State

HOW = {
    "Dracula chooses where he starts, in secret.": "start",
    "Dracula escapes as a bat: a face-down card takes the place of his newest one.": "bat",
    "Dracula makes an extra move: a land card is laid on his trail.": "evasion",
    "Dracula has no move left and reappears in Castle Dracula.": "castle",
    "Dracula goes ashore in {place}.": "ashore",
    "Dracula moves: {back} is laid on his trail.": "",
    "Dracula plays {power}.": "",
    "Dracula plays Double Back: a card from {where} (space {n}) moves to the front.": "",
}
"""How a card came to be laid, by the public line that lays it, in the order of the cards
laid; "" where the card itself tells: its power, or a move by road or sea."""

HOW_NAMES = {
    "start": N_("his start"), "road": N_("by road"), "sea": N_("by sea"),
    "bat": N_("as a bat"), "evasion": N_("Evasion"), "castle": N_("back to Castle Dracula"),
    "ashore": N_("ashore from a storm"),
}


def follow(ctx: Ctx, before: State) -> None:
    """After an action: each card laid since ``before`` is a new step; a card turned face up
    marks its step seen; a fight with Dracula marks the step where he stands."""
    state = ctx.state
    route = state.setdefault("route", [])
    laid = sorted((s for s in trail.slots(state) if s["id"] > before["next_slot"]),
                  key=lambda s: s["id"])
    said = [HOW[line["text"]] for line in ctx.log if "to" not in line and line["text"] in HOW]
    for slot in laid:
        how = (said.pop(0) if said else "") or slot["power"] or (
            "sea" if board.is_sea(slot["place"]) else "road")
        route.append({"id": slot["id"], "place": slot["place"], "round": state["round"],
                      "time": time_track.space(state), "how": how, "seen": slot["revealed"],
                      "fought": False})
    steps = {step["id"]: step for step in route}
    for slot in trail.slots(state):
        if slot["revealed"] and slot["id"] in steps:
            steps[slot["id"]]["seen"] = True
    fighting = any(item["kind"] == "combat" and item.get("enemy") == "dracula"
                   for item in state["queue"])
    if fighting and state["trail"] and state["trail"][0]["id"] in steps:
        steps[state["trail"][0]["id"]]["fought"] = True
    summary = state.get("summary")
    if summary is not None and route and route[-1]["round"] == summary["round"]:
        route[-1]["told"] = list(summary["parts"])


def steps(state: State) -> list[dict[str, Any]]:
    """The route for the end screen: each step with its place on the map, the time of day,
    how he came and what the table saw of that turn."""
    out = []
    for n, step in enumerate(state.get("route", [])):
        x, y = board.xy(step["place"])
        how = step["how"]
        out.append({
            "n": n + 1, "place": step["place"], "place_name": board.name(step["place"]),
            "x": x, "y": y, "round": step["round"],
            "night": time_track.space_is_night(step["time"]),
            "time": time_track.space_name(step["time"]), "sea": board.is_sea(step["place"]),
            "how": how, "how_name": cards.power_name(how) if how in cards.POWERS
            else HOW_NAMES.get(how, how), "power": how in cards.POWERS,
            "seen": step["seen"], "fought": step["fought"], "told": step.get("told", []),
        })
    return out


STEP = {
    (False, False): N_("{n}. Round {round}, {time}: {place}, {how}."),
    (True, False): N_("{n}. Round {round}, {time}: {place}, {how} — seen by the hunters."),
    (False, True): N_("{n}. Round {round}, {time}: {place}, {how} — a fight."),
    (True, True): N_("{n}. Round {round}, {time}: {place}, {how} — seen, and a fight."),
}
"""A step of the chase told in words, by (seen, fought)."""


def section(state: State) -> RevealSection | None:
    """The chase as a part of what was hidden: told step by step, and drawn."""
    route = steps(state)
    if not route:
        return None
    lines = [line(STEP[step["seen"], step["fought"]], n=step["n"], round=step["round"],
                  time=step["time"], place=step["place_name"], how=step["how_name"])
             for step in route]
    return {"title": N_("The chase: where Dracula went"), "lines": lines, "steps": True,
            "route": {"steps": route, "frame": board.map_frame()}}
