"""What each seat sees of a Drakula table (the only road to a screen), and the leak
test's helper that deals anew everything a seat has not seen."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games.base import (
    N_,
    Random,
    thaw,
)
from companion.games.drakula import data
from companion.games.drakula.board import (
    FIRST_GAME_TIP,
    barrier_now,
    barrier_problem,
    card_name,
    card_order,
    location_name,
    max_steps,
    opponent,
    turn_no,
)
from companion.games.drakula.data import (
    ACTION_CARDS,
    BARRIER_COLOURS,
    DRACULA,
    EDGE_ENDS,
    EDGE_IDS,
    KINDS,
    LOCATIONS,
    VAN_HELSING,
)
from companion.games.drakula.state import State

# --- views ---------------------------------------------------------------------------


def _kind_view(kind: str) -> dict[str, Any]:
    info = KINDS[kind]
    return {"kind": kind, "card": info["label"], "name": data.ENCOUNTER[info["base"]]["en"],
            "type": info["type"], "strength": info["strength"], "owner": info["owner"]}


def _group(kinds: list[str]) -> list[dict[str, Any]]:
    return [{**_kind_view(kind), "count": n} for kind, n in sorted(Counter(kinds).items())]


def card_view(state: State, cid: str) -> dict[str, Any]:
    """An action card as a screen shows it (its values from the table's options)."""
    card = state["cards"][cid]
    return {
        "id": cid,
        "name": card_name(cid),
        "steps": card["steps"],
        "strength": card["strength"],
        "barrier": card["barrier"],
        "barrier_name": data.COLOUR_NAMES[card["barrier"]]["en"],
        "special": ACTION_CARDS[cid]["special"] or data.NO_SPECIAL,
    }


def _effects_view(state: State) -> list[dict[str, Any]]:
    effects = state["effects"]
    found = []
    if effects["dech"]:
        found.append({"card": card_name("dech"), "seat": VAN_HELSING,
                      "text": N_("In this turn every vampire is one point stronger.")})
    if effects["sepot"]:
        found.append({"card": card_name("sepot"), "seat": VAN_HELSING,
                      "text": N_("Van Helsing may not move a barrier this turn.")})
    if effects["ostrazitost"]:
        found.append({"card": card_name("ostrazitost"), "seat": DRACULA,
                      "text": N_("Dracula may not use the special action of this turn's "
                                 "action card.")})
    if effects["turned"]:
        found.append({"card": card_name("odpor"), "seat": DRACULA,
                      "text": N_("Dracula may not look at the turned card on {location}."),
                      "location": location_name(effects["turned"])})
    return found


def _memory_view(state: State, seat: int) -> list[dict[str, Any]]:
    found = []
    for loc in LOCATIONS:
        entry = state["memory"][seat].get(loc)
        if entry is None:
            continue
        found.append({
            "location": loc,
            "name": location_name(loc),
            **_kind_view(entry["card"]),
            "turn": entry["turn"],
            "how": entry["how"],
            "how_text": _HOW[entry["how"]],
            "stale": entry["stale"],
            "changed": entry["changed"],
            "moved": entry["moved"],
        })
    return found


_HOW = {
    "peeked": N_("you looked at it"),
    "laid": N_("you laid it"),
    "revealed": N_("turned up"),
    "inspired": N_("Inspiration"),
}


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: the table). Face-down cards are known only by their
    location; their identity appears only in the memory of a seat that saw them."""
    me = seat if seat in (DRACULA, VAN_HELSING) else None
    memory = state["memory"][me] if me is not None else {}
    cells = []
    for loc in LOCATIONS:
        row, col = data.position(loc)
        kind = state["locations"][loc]
        cell: dict[str, Any] = {
            "location": loc,
            "name": location_name(loc),
            "type": "house" if loc.startswith("house") else loc,
            "row": row,
            "col": col,
            "has_card": kind is not None,
            "face_up": _kind_view(kind) if state["face_up"] == loc and kind else None,
            # At the end every card still face down is turned up: where everything was.
            "revealed": _kind_view(kind)
            if state["phase"] == "over" and kind and state["face_up"] != loc else None,
            "turned": state["effects"]["turned"] == loc,
            "figures": [s for s in (DRACULA, VAN_HELSING) if state["figures"][s] == loc],
        }
        if me is not None:
            entry = memory.get(loc)
            cell["known"] = None if entry is None else {
                **_kind_view(entry["card"]), "turn": entry["turn"], "stale": entry["stale"]}
            cell["owner"] = state["owners"][loc]
        cells.append(cell)
    edges = []
    for edge in EDGE_IDS:
        a, b = EDGE_ENDS[edge]
        barrier = next((c for c, e in state["barriers"].items() if e == edge), None)
        edges.append({"id": edge, "a": a, "b": b,
                      "vertical": data.position(a)[0] == data.position(b)[0],
                      "barrier": barrier})
    seats_view = []
    for s in (DRACULA, VAN_HELSING):
        hand = state["hands"][s]
        seats_view.append({
            "seat": s,
            "role": data.ROLES[s],
            "figure": state["figures"][s],
            "lives": state["lives"][s],
            "supply_count": len(state["supply"][s]),
            "captured": _group(state["captured"][s]),
            "captured_count": len(state["captured"][s]),
            "discard": _group(state["discard"][s]),
            "hand_count": len(hand["hand"]),
            "aside_count": len(hand["aside"]),
            "played": [card_view(state, c) for c in hand["played"]],
            "ready": state["ready"][s],
        })
    turn = state["turn"]
    turn_view: dict[str, Any] | None = None
    if turn is not None:
        turn_view = {
            "seat": turn["seat"],
            "number": turn_no(state),
            "extra": turn["extra"],
            "stage": turn["stage"],
            "start": turn["start"],
            "path": list(turn["path"]),
            "steps": turn["steps"],
            "can_peek": turn["can_peek"],
            "met": turn["met"],
            "lay_at": turn["lay_at"],
            "pending": turn["pending"],
            "last_life": turn.get("last_life", False),
            "card": card_view(state, turn["card"]) if turn["card"] else None,
            "barriers": list(turn["barriers"]),
            "barrier_colour": turn["barrier_colour"],
            "another_turn": turn["another_turn"],
            "barrier_now": None,
            "barrier_refused": [],
        }
        if turn["stage"] == "barrier" and turn["barriers"]:
            now = barrier_now(turn)
            turn_view["barrier_now"] = now
            if now is not None:
                # Public (the board decides it): why an edge is not offered, for the screens.
                for edge in EDGE_IDS:
                    problem = barrier_problem(state, now, edge)
                    if problem:
                        a, b = EDGE_ENDS[edge]
                        turn_view["barrier_refused"].append(
                            {"edge": edge, "a": location_name(a), "b": location_name(b),
                             "reason": problem})
    out: dict[str, Any] = {
        "game": data.NAME,
        "phase": state["phase"],
        "me": me,
        "rows": data.ROWS,
        "cols": data.COLS,
        "cells": cells,
        "edges": edges,
        "barriers": [{"colour": c, "name": data.COLOUR_NAMES[c]["en"],
                      "edge": state["barriers"][c]} for c in BARRIER_COLOURS],
        "seats": seats_view,
        "reserve": state["reserve"],
        "turn": turn_view,
        "turns_played": state["turn_count"],
        "turn_limit": state["turn_limit"],
        "first": state["first"],
        "effects": _effects_view(state),
        "result": state["result"],
        "tip": FIRST_GAME_TIP if state["phase"] == "setup" else None,
    }
    if me is not None:
        hand = state["hands"][me]
        seen = state["seen_supply"][me]
        out.update({
            "role": data.ROLES[me],
            "hand": [card_view(state, c) for c in hand["hand"]],
            "aside": [card_view(state, c) for c in hand["aside"]],
            "max_steps": max_steps(state, me),
            "supply": _group(state["supply"][me]),
            "memory": _memory_view(state, me),
            "opponent_supply": None if seen is None else {
                "cards": _group(seen["cards"]), "turn": seen["turn"], "stale": seen["stale"],
                "changed": seen["changed"]},
            "picks": _group(state["picks"][me]),
            "deck_left": _group(list((Counter(state["deck"][me])
                                      - Counter(state["picks"][me])).elements()))
            if state["phase"] == "setup" else [],
            "swap_first": turn["first"] if turn is not None and turn["seat"] == me else None,
        })
    return out


# --- the leak test's helper ---------------------------------------------------------


def redeal_hidden(state: State, seat: int | None, rng: Random) -> State:
    """The same position as ``seat`` knows it (``None``: the table), with everything hidden
    from it dealt anew: the other hands of action cards, the other supply, the setup picks
    and every face-down card it has not seen (a card's owner stays when it is public)."""
    new = thaw(state)
    others = [s for s in (DRACULA, VAN_HELSING) if s != seat]
    for s in others:
        hand = new["hands"][s]
        free = [c for c in hand["hand"] if c not in hand["known"]] + hand["aside"]
        free = rng.shuffle(free)
        size = len(hand["hand"]) - len(hand["known"])
        hand["hand"] = sorted([*hand["known"], *free[:size]], key=card_order)
        hand["aside"] = sorted(free[size:], key=card_order)
        if new["phase"] == "setup" and new["picks"][s]:
            deck = rng.shuffle(list(Counter(new["deck"][s]).elements()))
            new["picks"][s] = sorted(deck[:len(new["picks"][s])])
    if new["phase"] == "setup":
        return new
    fixed = set()
    if seat is not None:
        fixed = {loc for loc, e in new["memory"][seat].items() if not e["stale"]}
    slots: list[tuple[str, Any, int | None]] = []
    for loc in LOCATIONS:
        if new["locations"][loc] is not None and loc not in fixed and new["face_up"] != loc \
                and new["phase"] != "over":  # at the end the board is turned up for all
            slots.append(("loc", loc, new["owners"][loc]))
    for s in others:
        seen = new["seen_supply"][seat] if seat is not None else None
        if seen is None or seen["stale"]:
            slots += [("supply", (s, i), s) for i in range(len(new["supply"][s]))]
    pool: dict[int, list[str]] = {DRACULA: [], VAN_HELSING: []}
    for where, key, _owner in slots:
        kind = new["locations"][key] if where == "loc" else new["supply"][key[0]][key[1]]
        assert kind is not None, "a slot holds a card"
        pool[KINDS[kind]["owner"]].append(kind)
    for s in pool:
        pool[s] = rng.shuffle(pool[s])
    placed: dict[int, str] = {}
    for i, (_where, _key, owner) in enumerate(slots):
        if owner is not None:
            placed[i] = pool[owner].pop()
    rest = rng.shuffle(pool[DRACULA] + pool[VAN_HELSING])
    for i in range(len(slots)):
        if i not in placed:
            placed[i] = rest.pop()
    for i, (where, key, _owner) in enumerate(slots):
        if where == "loc":
            new["locations"][key] = placed[i]
        else:
            new["supply"][key[0]][key[1]] = placed[i]
    for s in (DRACULA, VAN_HELSING):
        new["supply"][s] = sorted(new["supply"][s])
    for m in others:
        for loc, entry in new["memory"][m].items():
            if not entry["stale"] and (card := new["locations"][loc]) is not None:
                entry["card"] = card
        seen = new["seen_supply"][m]
        if seen is not None and not seen["stale"]:
            seen["cards"] = sorted(new["supply"][opponent(m)])
    return new
