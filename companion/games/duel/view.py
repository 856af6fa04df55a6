"""What each screen gets (``view``): both duellists in public, the Wind, the round being
revealed and every resolved round with its rolls, the cards out of the game; a phone also
gets its own hand and its own secret choice, which no other screen ever sees.
"""

from __future__ import annotations

from typing import Any, overload

from companion.games.base import N_
from companion.games.duel.cards import BY_KEY
from companion.games.duel.core import KEEP, ROLES, SEATS, card_hint, playable
from companion.games.duel.dice import DICE, HIT_ON, wind_modifier
from companion.games.duel.state import Round, State


@overload
def _card(key: str) -> dict[str, Any]: ...


@overload
def _card(key: None) -> None: ...


def _card(key: str | None) -> dict[str, Any] | None:
    return None if key is None else {"key": key, "name": BY_KEY[key].name,
                                     "number": BY_KEY[key].number}


_STATUS = {
    "choosing": N_("still choosing"),
    "chosen": N_("has chosen"),
    "idle": N_("plays no card this round"),
    "reading": N_("deciding on Mind Reading"),
    "decided": N_("has decided"),
    "picking": N_("picks a card blindly"),
    "waiting": N_("waiting"),
    "fallen": N_("fallen"),
    "standing": N_("standing"),
}


def _status(state: State, seat: int) -> str:
    phase = state["phase"]
    chosen = state["pending"][seat] is not None
    if phase == "over":
        return "fallen" if state["fallen"][seat] else "standing"
    if phase == "signal":
        return "chosen" if chosen else "choosing"
    if phase == "choose":
        if not state["active"][seat]:
            return "idle"
        return "chosen" if chosen else "choosing"
    if phase == "mind":
        if not state["deciding"][seat]:
            return "waiting"
        return "decided" if chosen else "reading"
    return "picking" if state["picking"][seat] else "waiting"


def _round_view(record: Round, resolved: bool) -> dict[str, Any]:
    return {
        "n": record["n"],
        "resolved": resolved,
        "cards": [
            {"seat": s, "first": _card(record["first"][s]),
             "played": _card(record["played"][s]), "swapped": record["swapped"][s]}
            for s in SEATS
        ],
        "wind": record["wind"],
        "rolls": [dict(roll) for roll in record["rolls"]],
        "events": list(record["events"]),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: the tablet). A chosen card is only ever shown to its
    chooser until both cards turn; the opponent's hand appears only as a count."""
    over = state["phase"] == "over"
    out: dict[str, Any] = {
        "phase": state["phase"],
        "round": state["round"],
        "me": seat,
        "opponent": None if seat is None else 1 - seat,
        "duellists": [
            {
                "seat": s,
                "role": ROLES[s],
                "hand_count": len(state["hands"][s]),
                "hand": [_card(c) for c in state["hands"][s]] if over else None,
                "laid": [_card(c) for c in state["laid"][s]],
                "aims": len(state["laid"][s]),
                "pistols": state["pistols"][s],
                "shots_left": min(state["pistols"][s], state["hands"][s].count("shot")),
                "fallen": state["fallen"][s],
                "signalled": state["signalled"][s],
                "status": _status(state, s),
                "status_text": _STATUS[_status(state, s)],
                "chosen": state["pending"][s] is not None,
            }
            for s in SEATS
        ],
        "wind": {"modifier": wind_modifier(state), "blowing": len(state["wind"])},
        "reveal": None,
        "rounds": [_round_view(r, True) for r in reversed(state["history"])],
        "out": [{"card": _card(o["card"]), "seat": o["seat"], "round": o["round"]}
                for o in state["out"]],
        "joker_deck_count": sum(len(deck) for deck in state["joker_decks"]),
        "joker_decks": [len(deck) for deck in state["joker_decks"]],
        "result": state["result"],
        "need": HIT_ON,
        "dice": DICE,
    }
    if state["current"] is not None:
        out["reveal"] = _round_view(state["current"], False)
    elif state["history"]:
        out["reveal"] = out["rounds"][0]
    if seat is not None:
        hand = state["hands"][seat]
        pending = state["pending"][seat]
        chosen_at = None
        if pending in hand:
            chosen_at = hand.index(pending)
        out["hand"] = [
            {"position": i, **_card(c), "hint": card_hint(state, c),
             "playable": playable(state, seat, c), "chosen": i == chosen_at}
            for i, c in enumerate(hand)
        ]
        out["pending"] = _pending_view(state, seat, pending, chosen_at)
    return out


def _pending_view(state: State, seat: int, pending: str | None,
                  position_: int | None) -> dict[str, Any] | None:
    """The viewer's own secret choice, so a reloaded phone shows what it chose."""
    if pending is None:
        return None
    if pending == "ready":
        return {"kind": "signal", "card": None, "position": None,
                "text": N_("You play no signal.")}
    if pending == "signal":
        return {"kind": "signal", "card": _card("signal"), "position": position_,
                "text": N_("You play Confused Signal when both are ready.")}
    if pending == KEEP:
        return {"kind": "mind", "card": _card("mind"), "position": None,
                "text": N_("You keep Mind Reading.")}
    kind = "mind" if state["phase"] == "mind" else "card"
    return {"kind": kind, "card": _card(pending), "position": position_,
            "text": N_("Your card lies face down until both have chosen.")}
