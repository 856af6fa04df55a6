"""The hunters' health, bites, cards and defeat.

„При получении Укуса, превышающего лимит для данного Охотника или при уменьшении единиц
Здоровья до 0, Охотник считается поверженным“: he goes at once to the hospital, the vampire
track moves 2, he discards every item and event, returns to full health without bites and
skips his next turn.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_
from companion.games.fury import board, cards, decks
from companion.games.fury.state import Ctx, State, add_vampires, controller, over


def max_health(hunter: str) -> int:
    return cards.HUNTER_DATA[hunter]["health"]


def permanent_bites(state: State, hunter: str) -> int:
    """Mina Harker's first bite stays (table option ``mina_bite``)."""
    if state["options"]["mina_bite"] == "permanent":
        return cards.HUNTER_DATA[hunter]["starting_bites"]
    return 0


def heal(ctx: Ctx, hunter: str, n: int, why: str) -> None:
    h = ctx.state["hunters"][hunter]
    before = h["health"]
    h["health"] = min(max_health(hunter), h["health"] + n)
    ctx.say("{hunter} gains {n} health ({why}): {now}.", hunter=cards.hunter_name(hunter),
            n=h["health"] - before, why=why, now=h["health"])


def lose_health(ctx: Ctx, hunter: str, n: int, why: str) -> None:
    h = ctx.state["hunters"][hunter]
    h["health"] = max(0, h["health"] - n)
    ctx.say("{hunter} loses {n} health ({why}): {now} left.", hunter=cards.hunter_name(hunter),
            n=n, why=why, now=h["health"])
    if h["health"] <= 0:
        defeat(ctx, hunter)


def bite(ctx: Ctx, hunter: str, why: str) -> None:
    h = ctx.state["hunters"][hunter]
    h["bites"] += 1
    ctx.say("{hunter} is bitten ({why}): {n} bites.", hunter=cards.hunter_name(hunter),
            why=why, n=h["bites"])
    if h["bites"] >= cards.HUNTER_DATA[hunter]["bites_to_defeat"]:
        defeat(ctx, hunter)


def defeat(ctx: Ctx, hunter: str) -> None:
    """„Поверженные Охотники“, in the rulebook's order."""
    state = ctx.state
    h = state["hunters"][hunter]
    ctx.say("{hunter} is defeated and taken to the hospital of St. Joseph and St. Mary.",
            hunter=cards.hunter_name(hunter))
    h["place"] = board.HOSPITAL
    for card in h["items"]:
        decks.discard_item(state, card)
    for card in h["events"]:
        decks.discard_event(state, card)
    h["items"], h["events"] = [], []
    h["health"] = max_health(hunter)
    h["bites"] = permanent_bites(state, hunter)
    h["skip"] = True
    h["shown"] = {"item": None, "event": None}
    turn = state["turn"]
    if turn and hunter in turn.get("group", ()):
        turn["group"].remove(hunter)
        if not turn["group"]:
            turn["ended"] = True
    state["queue"] = [q for q in state["queue"]
                      if not (q["kind"] == "discard" and q["hunter"] == hunter)]
    if not over(state):
        add_vampires(ctx, 2, N_("a hunter was defeated"))


def discard_card(ctx: Ctx, hunter: str, card: str, why: str) -> None:
    """Discard one of the hunter's items or events (the card is named to everyone: a
    discard is public)."""
    h = ctx.state["hunters"][hunter]
    if card in h["items"]:
        h["items"].remove(card)
        decks.discard_item(ctx.state, card)
        name = cards.item_name(card)
    else:
        h["events"].remove(card)
        decks.discard_event(ctx.state, card)
        name = cards.event_name(card)
    for kind in ("item", "event"):
        if h["shown"][kind] == card:
            h["shown"][kind] = None
    ctx.say("{hunter} discards {card} ({why}).", hunter=cards.hunter_name(hunter), card=name,
            why=why)


def take_item(ctx: Ctx, hunter: str, card: str) -> None:
    ctx.state["hunters"][hunter]["items"].append(card)
    ctx.tell([controller(ctx.state, hunter)], "{hunter} takes the item {card}.",
             hunter=cards.hunter_name(hunter), card=cards.item_name(card))
    decks.check_limits(ctx, hunter)


def take_event(ctx: Ctx, hunter: str, card: str) -> None:
    ctx.state["hunters"][hunter]["events"].append(card)
    ctx.tell([controller(ctx.state, hunter)], "{hunter} keeps the event {card}.",
             hunter=cards.hunter_name(hunter), card=cards.event_name(card))
    decks.check_limits(ctx, hunter)


def hand_counts(state: State, hunter: str) -> dict[str, Any]:
    h = state["hunters"][hunter]
    return {"items": len(h["items"]), "events": len(h["events"])}
