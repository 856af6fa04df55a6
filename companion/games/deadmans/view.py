"""What each screen of Dead Man's Draw gets: the tablet (``seat=None``) the table, a phone
also its dealt characters and its look at the draw pile. The draw pile is a count plus the
top cards a seat has been shown; a character stays hidden until all are revealed.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import Result
from companion.games.deadmans.cards import card_view, value_of
from companion.games.deadmans.characters import ability
from companion.games.deadmans.core import character, score, stacks
from companion.games.deadmans.data import CHARACTER_BY_ID, SUIT_BY_ID, VARIANT_BY_ID
from companion.games.deadmans.pending import prompt
from companion.games.deadmans.state import State
from companion.games.deadmans.turn import loot_allowed


def view(state: State, seat: int | None, result: Result | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: the tablet). The draw pile is a count, plus the top
    cards this seat has been shown (the public Crystal Ball, the Seer's private look).
    ``result`` is the game's result (:func:`.rules.result`), shown as it is."""
    opts = state["opts"]
    shown = state["characters_shown"]
    turn = state["turn"]
    public_top = state["deck"][:state["public_known"]]
    out: dict[str, Any] = {
        "phase": state["phase"],
        "players": state["players"],
        "active": state["active"],
        "start": state["start"],
        "turns": state["turns"],
        "variants": [VARIANT_BY_ID[v].name for v in VARIANT_BY_ID
                     if opts[v]],  # type: ignore[literal-required]  # each variant is a flag
        "options": dict(opts),
        "deck_count": len(state["deck"]),
        "deck_top": [card_view(state, c) for c in public_top],
        "discard": [card_view(state, c) for c in state["discard"]],
        "discard_count": len(state["discard"]),
        "row": [dict(card_view(state, e["card"]), position=i, safe=e["safe"])
                for i, e in enumerate(state["row"])],
        "kraken_left": turn["kraken"],
        "harbour_left": turn["harbour"],
        "flips": turn["flips"],
        "can_loot": state["phase"] == "play" and loot_allowed(state),
        "pending": _pending_view(state),
        "banks": [
            {
                "seat": s,
                "stacks": [{"suit": suit, "name": SUIT_BY_ID[suit].name,
                            "values": [value_of(state, c) for c in cards],
                            "top": value_of(state, cards[0])}
                           for suit, cards in stacks(state, s).items()],
                "score": score(state, s),
                "cards": len(state["banks"][s]),
                "chosen": state["chosen"][s] is not None,
                "character": _character_view(state, character(state, s)) if shown else None,
                "davy_target": state["davy"][s],
                "active": s == state["active"],
            }
            for s in range(state["players"])
        ],
        "result": result,
    }
    if seat is not None:
        dealt = state["dealt"][seat]
        chosen = state["chosen"][seat]
        known = state["deck"][:max(state["known"][seat], state["public_known"])]
        out["me"] = {
            "seat": seat,
            "dealt": [_character_view(state, c) for c in dealt],
            "chosen": chosen,
            "character": _character_view(state, dealt[chosen]) if chosen is not None else None,
            "look": [card_view(state, c) for c in known],
            "your_turn": state["phase"] == "play" and state["active"] == seat,
            "score": score(state, seat),
        }
    return out


def _character_view(state: State, char_id: str | None) -> dict[str, Any] | None:
    if char_id is None:
        return None
    char = CHARACTER_BY_ID[char_id]
    return {"id": char_id, "name": char.name, "ability": ability(state, char_id)}


def _pending_view(state: State) -> dict[str, Any] | None:
    if state["phase"] != "play" or not state["turn"]["pending"]:
        return None
    frame = state["turn"]["pending"][-1]
    out: dict[str, Any] = {"kind": frame["kind"], "seat": state["active"],
                           "prompt": prompt(state, frame),
                           "waiting": len(state["turn"]["pending"]) - 1}
    if frame["kind"] == "map":
        out["cards"] = [card_view(state, c) for c in frame["cards"] if c in state["discard"]]
    if frame["kind"] in ("cannon", "sword", "rob"):
        out["target"] = frame["target"]
    if frame["kind"] in ("hook", "rob"):
        out["left"] = frame["left"]
    if frame["kind"] == "ball":
        out["seer"] = frame["seer"]
    if frame["kind"] == "mermaid":
        out["card"] = card_view(state, frame["card"])
    if frame["kind"] == "bonus":
        out["count"] = frame["count"]
    return out
