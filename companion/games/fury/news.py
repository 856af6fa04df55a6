"""What just happened, for the tablet's first screen: the encounter or event card just
resolved, with what it did and the dice it rolled, kept for the rest of that turn and the
next (a combat has its own panel, ``combat_in_progress.view``)."""

from __future__ import annotations

from typing import Any

from companion.games.fury.figures import SHOWN_FOR, turn_index
from companion.games.fury.state import Ctx, State


def begin(ctx: Ctx, kind: str, name: str, text: str, **args: Any) -> None:
    """An encounter turned up or a card played: the newest thing to show."""
    ctx.state["just"] = {"kind": kind, "name": name, "text": text, "args": args,
                         "lines": [], "dice": [], "at": turn_index(ctx.state)}


def since(ctx: Ctx, start: int) -> None:
    """The public lines said since ``start`` (an index into this action's log) belong to
    what was begun last: its result, and the dice rolled in them."""
    just = ctx.state.get("just")
    if not just:
        return
    for line in ctx.log[start:]:
        if "to" in line:
            continue
        just["lines"].append({"text": line["text"], "args": line["args"]})
        args = line["args"]
        if isinstance(args.get("roll"), int):
            just["dice"].append(args["roll"])
        for rolled in args.get("rolls") or ():
            just["dice"].append(int(rolled))
    del just["lines"][:-6]


def view(state: State) -> dict[str, Any] | None:
    just = state.get("just")
    if not just or turn_index(state) - just["at"] > SHOWN_FOR:
        return None
    return {k: v for k, v in just.items() if k != "at"}
