"""The hunters' health, bites, cards and defeat.

„При получении Укуса, превышающего лимит для данного Охотника или при уменьшении единиц
Здоровья до 0, Охотник считается поверженным“: he goes at once to the hospital, the vampire
track moves 2, he discards every item and event, returns to full health without bites and
skips his next turn (the turn a move declared to the Spy was for: it binds no later one).
"""

from __future__ import annotations

from typing import Any, Literal

from companion.games.base import N_, NP_
from companion.games.fury import board, cards, decks, figures
from companion.games.fury.choices import ask, question
from companion.games.fury.state import (
    Ctx,
    QuestionData,
    QueueItem,
    State,
    add_vampires,
    controller,
    over,
    question_data,
)


def max_health(hunter: str) -> int:
    health: int = cards.HUNTER_DATA[hunter]["health"]
    return health


def permanent_bites(state: State, hunter: str) -> int:
    """Mina Harker's first bite stays (table option ``mina_bite``)."""
    bites: int = cards.HUNTER_DATA[hunter]["starting_bites"]
    return bites if state["options"]["mina_bite"] == "permanent" else 0


def heal(ctx: Ctx, hunter: str, n: int, why: str) -> None:
    h = ctx.state["hunters"][hunter]
    before = h["health"]
    h["health"] = min(max_health(hunter), h["health"] + n)
    ctx.say("{hunter} gains {n} health ({why}): {now}.", hunter=cards.hunter_name(hunter),
            n=h["health"] - before, why=why, now=h["health"])


def lose_health(ctx: Ctx, hunter: str, n: int, why: str, strength: bool = True) -> None:
    """The hunter loses health; at 0 he is defeated. A loss from an attack or one cause
    (``strength``; not a price he pays himself) may be cancelled by Great Strength."""
    h = ctx.state["hunters"][hunter]
    h["health"] = max(0, h["health"] - n)
    ctx.say("{hunter} loses {n} health ({why}): {now} left.", hunter=cards.hunter_name(hunter),
            n=n, why=why, now=h["health"])
    if strength and n > 0 and _great_strength(ctx, hunter, health=n, why=why):
        return
    if h["health"] <= 0:
        defeat(ctx, hunter)


_BITTEN = NP_("{hunter} is bitten ({why}): {n} bite.", "{hunter} is bitten ({why}): {n} bites.")


def bite(ctx: Ctx, hunter: str, why: str, strength: bool = True) -> None:
    h = ctx.state["hunters"][hunter]
    h["bites"] += 1
    ctx.say(_BITTEN, hunter=cards.hunter_name(hunter),
            why=why, n=h["bites"])
    if strength and _great_strength(ctx, hunter, bite=True, why=why):
        return
    if falling(ctx.state, hunter):
        defeat(ctx, hunter)


def falling(state: State, hunter: str) -> bool:
    """At 0 health or his bite limit, and not yet taken to the hospital (his defeat waits
    while he may cancel the blow with Great Strength)."""
    h = state["hunters"][hunter]
    return h["place"] != board.HOSPITAL and (
        h["health"] <= 0 or h["bites"] >= cards.HUNTER_DATA[hunter]["bites_to_defeat"])


def _great_strength(ctx: Ctx, hunter: str, why: str, health: int = 0,
                    bite: bool = False) -> bool:
    """Great Strength: „When you are bitten, or lose health from one attack or one cause:
    that bite, or that loss of health, is cancelled.“ Its holder's player is asked when the
    tablet leaves it open that the hunter holds it (he holds event cards and the one copy
    is not face up; issue 40) — exactly as if he did. A defeat the blow would bring waits
    behind the question (``defeat_check``). True when he is asked."""
    state = ctx.state
    seat = controller(state, hunter)
    said_no = state["turn"] is not None and seat in state["turn"]["passing"]
    if said_no or not state["hunters"][hunter]["events"] \
            or not decks.may_be_held(state, "great_strength", hunter):
        return False
    if falling(state, hunter):
        state["queue"].insert(0, {"kind": "effect", "do": "defeat_check", "hunter": hunter})
    state["queue"].insert(0, {"kind": "window", "window": "great_strength",
                              "seats": [seat], "among": [hunter],
                              "data": {"hunter": hunter, "health": health, "bite": bite,
                                       "why": why}})
    return True


def strength_asked(state: State, hunter: str) -> bool:
    """Whether his player is being asked about Great Strength for a blow just taken."""
    return any(q["kind"] == "window" and q["window"] == "great_strength"
               and q["data"]["hunter"] == hunter for q in state["queue"])


def defeat_check(ctx: Ctx, item: QueueItem) -> None:
    """After the question of Great Strength: the blow stands, and brings his defeat."""
    hunter = item["hunter"]
    assert hunter is not None, "a defeat names its hunter"
    if falling(ctx.state, hunter):
        defeat(ctx, hunter)


def defeat(ctx: Ctx, hunter: str) -> None:
    """„Поверженные Охотники“, in the rulebook's order."""
    state = ctx.state
    h = state["hunters"][hunter]
    ctx.say("{hunter} is defeated and taken to the hospital of St. Joseph and St. Mary.",
            hunter=cards.hunter_name(hunter))
    figures.move_hunter(ctx, hunter, board.HOSPITAL, N_("defeated"))
    # „…сбрасывает все свои карты Вещей и Событий“: onto the discard piles, which lie face
    # up, so the cards are named (the tablet reads who may still hold a card from them).
    gone = [cards.item_name(c) for c in h["items"]] + [cards.event_name(c) for c in h["events"]]
    if gone:
        ctx.consult(controller(state, hunter))
        ctx.say("{hunter} discards {cards}.", hunter=cards.hunter_name(hunter), cards=gone)
    for card in list(h["items"]):
        decks.discard_item(state, lose_card(state, hunter, card))
    for card in list(h["events"]):
        decks.discard_event(state, lose_card(state, hunter, card))
    h["health"] = max_health(hunter)
    h["bites"] = permanent_bites(state, hunter)
    h["skip"] = True
    h["declared"] = None
    turn = state["turn"]
    if turn and hunter in turn.get("group", ()):
        turn["group"].remove(hunter)
        if not turn["group"]:
            turn["ended"] = True
    state["queue"] = [q for q in state["queue"]
                      if not (q["kind"] == "discard" and q["hunter"] == hunter)]
    if not over(state):
        add_vampires(ctx, 2, N_("a hunter was defeated"))


def lose_card(state: State, hunter: str, card: str) -> str:
    """The one road out of a hunter's hand — discarded, given, stolen, played, lost in a
    defeat: the card leaves his items or events and whatever lies face up in front of him
    (Dogs played, a bitten hunter's open cards), so nothing he no longer holds still
    protects or shows. Returns the card, for the caller to put where it goes."""
    h = state["hunters"][hunter]
    h["items" if card in h["items"] else "events"].remove(card)
    if card in h["up"]:
        h["up"].remove(card)
    for kind in ("item", "event"):
        if h["shown"][kind] == card:
            h["shown"][kind] = None
    return card


def discard_card(ctx: Ctx, hunter: str, card: str, why: str) -> None:
    """Discard one of the hunter's items or events (the card is named to everyone: a
    discard is public): whoever did not know the card learns it."""
    ctx.consult(controller(ctx.state, hunter))
    if card in ctx.state["hunters"][hunter]["items"]:
        decks.discard_item(ctx.state, lose_card(ctx.state, hunter, card))
        name = cards.item_name(card)
    else:
        decks.discard_event(ctx.state, lose_card(ctx.state, hunter, card))
        name = cards.event_name(card)
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


# --- the bitten hunter's open cards ------------------------------------------------------


def _eligible(state: State, hunter: str, kind: str) -> list[str]:
    h = state["hunters"][hunter]
    if kind == "item":
        return sorted(c for c in h["items"] if cards.kind(c) != "dogs")
    return sorted(h["events"])


def obligations(ctx: Ctx) -> None:
    """„Охотник должен держать открытыми одну карту Вещи (не считая карты «Псы») и одну
    карту События“: a bitten hunter keeps one of each face up; when the open card leaves
    his hand he shows another (his choice, or the only one he has)."""
    state = ctx.state
    state["queue"] = [q for q in state["queue"] if not (
        q.get("question") == "show"
        and len(_eligible(state, question_data(q)["hunter"], question_data(q)["kind"])) < 2)]
    for hunter in cards.HUNTERS:
        h = state["hunters"][hunter]
        for kind in ("item", "event"):
            eligible = _eligible(state, hunter, kind)
            shown = h["shown"][kind]
            if h["bites"] <= 0 or shown not in eligible:
                h["shown"][kind] = None
            if h["bites"] <= 0 or h["shown"][kind] is not None:
                continue
            if any(q.get("question") == "show" and q["data"]["hunter"] == hunter
                   and q["data"]["kind"] == kind for q in state["queue"]):
                continue
            if h["items" if kind == "item" else "events"]:
                ctx.consult(controller(state, hunter))  # which of his cards may be shown
            if not eligible:
                continue
            if len(eligible) == 1:
                _show(ctx, hunter, kind, eligible[0])
            else:
                ask(ctx, "show", controller(state, hunter), hunter=hunter, kind=kind,
                    always_ask=True)


def _show(ctx: Ctx, hunter: str, kind: Literal["item", "event"], card: str) -> None:
    ctx.consult(controller(ctx.state, hunter))
    ctx.state["hunters"][hunter]["shown"][kind] = card
    name = cards.item_name(card) if kind == "item" else cards.event_name(card)
    ctx.say("{hunter} is bitten and shows {card} face up.", hunter=cards.hunter_name(hunter),
            card=name)


def _show_options(state: State, data: QuestionData) -> list[Any]:
    name = cards.item_name if data["kind"] == "item" else cards.event_name
    return [(c, N_("Show {card}"), {"card": name(c)}, "")
            for c in _eligible(state, data["hunter"], data["kind"])]


@question(N_("Bitten: which card do you keep face up?"), _show_options)
def _show_answer(ctx: Ctx, data: QuestionData, card: str) -> None:
    _show(ctx, data["hunter"], data["kind"], card)
