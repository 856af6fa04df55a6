"""What each screen of Hera and Zeus gets: ``view(state, seat)``.

The tablet (``seat=None``) and the opponent see a face-down card only as a back in its place
(``slot`` is the place, ``"column-row"``, never the card's id); the owner's phone also sees
what it is. A hand is a count for everyone else; a lured card is named (its back gives it
away). A discard pile shows its count and top card; its owner's phone shows it whole
(Hades searches it). What Pythia showed stays on the looker's phone as it was then.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_
from companion.games.hera_zeus import field
from companion.games.hera_zeus.cards import BY_KEY, KINDS, name
from companion.games.hera_zeus.core import ROLES, card_view, hand_keys, key_of, kind, lured
from companion.games.hera_zeus.field import FIGURE, placeable
from companion.games.hera_zeus.state import State

SEATS = (0, 1)
ROLE_IDS = (N_("Hera"), N_("Zeus"))
HOSTAGES = (N_("Io"), N_("Argus"))


def _slot(state: State, seat: int, col: int, row: int, entry: str,
          viewer: int | None) -> dict[str, Any]:
    if entry == FIGURE:
        return {"slot": f"{col}-{row}", "row": row + 1, "figure": True, "up": True,
                "card": None}
    up = entry in state["up"]
    return {"slot": f"{col}-{row}", "row": row + 1, "figure": False, "up": up,
            "card": card_view(state, entry, seat) if up or viewer == seat else None}


def _side(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    hand = state["hands"][seat]
    pile = state["discards"][seat]
    columns = []
    for col, entries in enumerate(state["fields"][seat], start=1):
        columns.append({
            "column": col,
            "slots": [_slot(state, seat, col, row, e, viewer) for row, e in enumerate(entries)],
            "count": len(entries),
            "full": len(entries) >= field.DEPTH,
        })
    turn = state["turn"]
    return {
        "seat": seat,
        "role": ROLE_IDS[seat],
        "hostage": HOSTAGES[seat],
        "hand_count": len(hand),
        "deck_count": len(state["decks"][seat]),
        "discard_count": len(pile),
        "discard_top": card_view(state, pile[-1], seat) if pile else None,
        "figure": field.figure_column(state, seat),
        "columns": columns,
        "cards_on_field": len(field.cards_on_field(state, seat)),
        "lured": [card_view(state, c, seat) for c in hand if lured(c, seat)],
        "to_move": turn is not None and turn["seat"] == seat and state["phase"] == "play",
        "opening_hostage": state["opening"][seat],
    }


def _pending(state: State) -> dict[str, Any] | None:
    pending = state["pending"]
    if pending is None:
        return None
    if pending["kind"] == "place":
        seat = pending["seat"]
        return {"kind": "place", "seat": seat, "card": card_view(state, pending["card"], seat),
                "choosing": [s == seat for s in SEATS]}
    limbo = pending["limbo"]
    return {"kind": "bury", "seat": None, "card": None,
            "limbo": [[card_view(state, c, s) for c in limbo[s]] for s in SEATS],
            "choosing": [bool(limbo[s]) for s in SEATS]}


def deck_list(state: State) -> list[dict[str, Any]]:
    """The deck as this table plays it, to match against the overview card."""
    return [{"kind": k.key, "names": list(k.names), "strength": state["strengths"][k.key],
             "count": 1 if k.key == "hostage" else state["counts"][k.key], "hint": k.hint}
            for k in KINDS]


def _hand(state: State, seat: int) -> list[dict[str, Any]]:
    hand = state["hands"][seat]
    groups = []
    for key in hand_keys(state, seat):
        same = [c for c in hand if key_of(state, seat, c) == key]
        k = kind(state, same[0])
        groups.append({**card_view(state, same[0], seat), "key": key, "count": len(same),
                       "hint": BY_KEY[k].hint, "placeable": placeable(k, state["strengths"]),
                       "ability": BY_KEY[k].ability})
    return groups


def view(state: State, seat: int | None, round_: int) -> dict[str, Any]:
    """The screen of ``seat`` (None: the tablet)."""
    turn = state["turn"]
    out: dict[str, Any] = {
        "phase": state["phase"],
        "round": round_,
        "turn": None if turn is None else dict(turn),
        "turn_limit": state["rules"]["turn_limit"],
        "me": seat,
        "opponent": None if seat is None else 1 - seat,
        "sides": [_side(state, s, seat) for s in SEATS],
        "pending": _pending(state),
        "last": state["last"],
        "result": state["result"],
        "deck": deck_list(state),
        "rules": dict(state["rules"]),
    }
    if seat is not None:
        out["role"] = ROLES[seat]
        out["hand"] = _hand(state, seat)
        out["hand_count"] = len(state["hands"][seat])
        out["discard"] = [card_view(state, c, seat) for c in reversed(state["discards"][seat])]
        out["seen"] = state["seen"][seat]
        out["god_name"] = name("god", seat)
    return out
