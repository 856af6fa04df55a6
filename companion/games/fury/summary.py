"""Dracula's turn in one line, for the tablet: „Dracula moved by land (hidden), played Night
Visit, laid an encounter“ (issue 42).

Once he is done only the newest log lines stay under the map, so the table loses what he
did. The line is built from the public log lines of his turn and nothing else — each line
the table reads becomes a short part — so it can tell nothing the log does not: a move is
"by land (hidden)" or "by sea (hidden)", as the card's back shows; a power, an event card, an
encounter laid (never which), an attack, a card into the catacombs. It is started afresh by
the line that opens his turn and kept for the screens until his next one.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_
from companion.games.fury.state import Ctx, State

_BACKS = {"a land card": N_("moved by land (hidden)"), "a sea card": N_("moved by sea (hidden)")}

PARTS: dict[str, str] = {
    "Dracula chooses where he starts, in secret.": N_("chose where he starts (hidden)"),
    "Dracula plays {power}.": N_("played {power}"),
    "Dracula plays Double Back: a card from {where} (space {n}) moves to the front.":
        N_("doubled back to a card of {where}"),
    "Dracula makes an extra move: a land card is laid on his trail.":
        N_("made an extra move by land (hidden)"),
    "Dracula has no move left and reappears in Castle Dracula.":
        N_("had no move left and reappeared in Castle Dracula"),
    "Dracula lays an encounter on his newest trail card.": N_("laid an encounter"),
    "Dracula puts the card into the catacombs.": N_("put a card into the catacombs"),
    "Dracula matures {encounter}: {text}": N_("matured {encounter}"),
    "Dracula reveals himself in {place} and attacks {hunters}.":
        N_("attacked {hunters} in {place}"),
    "Ambush: Dracula plays an encounter on {hunter}.": N_("played an encounter on {hunter}"),
    "Dracula escapes as a bat: a face-down card takes the place of his newest one.":
        N_("escaped as a bat (hidden)"),
}
"""The public lines of his turn that make a part of the line, by message id (``None``
arguments: the line's own)."""
MOVE = "Dracula moves: {back} is laid on his trail."
PLAYS = "{who} plays {card}: {text}"
OPENS = ("Round {n}: Dracula's turn.", "Dracula chooses where he starts, in secret.")
"""The lines that open his turn: the line starts afresh."""


def follow(ctx: Ctx, start: int = 0) -> None:
    """Add to the line what the public lines said since ``start`` (an index into this
    action's log): only Dracula's own doings, only the table's lines."""
    state = ctx.state
    for line in ctx.log[start:]:
        if "to" in line:
            continue
        text, args = line["text"], line.get("args") or {}
        if text in OPENS:
            state["summary"] = {"round": state["round"], "parts": []}
        part = _part(text, args)
        if part is None:
            continue
        summary = state.get("summary")
        if summary is None:
            summary = state["summary"] = {"round": state["round"], "parts": []}
        summary["parts"].append(part)


def _part(text: str, args: dict[str, Any]) -> dict[str, Any] | None:
    if text == MOVE:
        back = _BACKS.get(str(args.get("back")))
        return None if back is None else {"text": back, "args": {}}
    if text == PLAYS:
        if args.get("who") != "Dracula":
            return None
        return {"text": N_("played {card}"), "args": {"card": args.get("card")}}
    if text in PARTS:
        keep = {k: v for k, v in args.items() if k != "text"}
        return {"text": PARTS[text], "args": keep}
    return None


def view(state: State) -> dict[str, Any] | None:
    """The line as every screen shows it: the round and its parts."""
    summary = state.get("summary")
    if not summary or not summary["parts"]:
        return None
    return {"round": summary["round"], "parts": list(summary["parts"])}
