"""The "resolve by hand" tool: an outcome the app does not work out itself (a fight, a card
effect, a house rule, a correction) is announced on every screen, and the seats it concerns
enter what happened — health, bites, blood, discarded cards — then confirm. Every change is
a logged action, so the table sees it and the export replays it.

Each open item holds the game until every seat it names has confirmed. A seat may open one
correction of its own per round; the number of changes per item is capped so that a game
always moves on. A correction a seat made on its own that changed anything stands when the
other side agrees (Dracula's player for a hunter's, the hunters' players for Dracula's);
disputed, it stands marked disputed on every screen and in the log (issue 32: nobody gives
his own hunter health the other side never saw).
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Action
from companion.games.fury import cards, choices, hunters
from companion.games.fury.state import (
    DRACULA,
    Ctx,
    QuestionData,
    QueueItem,
    State,
    hunters_of,
    lose_blood,
)

MAX_CHANGES = 30
GROUP = N_("Resolve by hand")


def open_item(ctx: Ctx, what: str, seats: list[int], hunters_involved: list[str],
              **args: Any) -> None:
    """Hold the game until ``seats`` have entered the outcome of ``what``."""
    ctx.state["queue"].append({
        "kind": "by_hand", "what": what, "args": args, "seats": sorted(set(seats)),
        "done": [], "hunters": list(hunters_involved), "changes": 0,
    })
    ctx.say(what, **args)
    ctx.say("The players concerned enter the outcome on their phones.")


def seats_for(state: State, hunters_involved: list[str]) -> list[int]:
    """Dracula and the players of the hunters concerned."""
    return [DRACULA, *(state["control"][h] for h in hunters_involved)]


def actions(state: State, seat: int, item: QueueItem) -> list[Action]:
    if seat not in item["seats"] or seat in item["done"]:
        return []
    out = [Action("hand_done", {}, N_("Done: the outcome is entered"), group=GROUP,
                  hint=N_("Confirm when everything that happened is entered."))]
    if item["changes"] >= MAX_CHANGES:
        return out
    if seat == DRACULA:
        if state["blood"] > 0:
            out.append(Action("hand_blood", {"by": -1}, N_("Dracula −1 blood"), group=GROUP))
        if state["blood"] < cards.BLOOD:
            out.append(Action("hand_blood", {"by": 1}, N_("Dracula +1 blood"), group=GROUP))
    for hunter in hunters_of(state, seat):
        h = state["hunters"][hunter]
        name = cards.hunter_name(hunter)
        if h["health"] > 0:
            out.append(Action("hand_health", {"hunter": hunter, "by": -1},
                              N_("{hunter} −1 health"), {"hunter": name}, group=GROUP))
        if h["health"] < hunters.max_health(hunter):
            out.append(Action("hand_health", {"hunter": hunter, "by": 1},
                              N_("{hunter} +1 health"), {"hunter": name}, group=GROUP))
        out.append(Action("hand_bite", {"hunter": hunter, "by": 1},
                          N_("{hunter} is bitten"), {"hunter": name}, group=GROUP))
        if h["bites"] > hunters.permanent_bites(state, hunter):
            out.append(Action("hand_bite", {"hunter": hunter, "by": -1},
                              N_("{hunter}: remove a bite"), {"hunter": name}, group=GROUP))
        for card in h["items"]:
            out.append(Action("hand_discard", {"hunter": hunter, "card": card},
                              N_("{hunter} discards {card}"),
                              {"hunter": name, "card": cards.item_name(card)}, group=GROUP))
        for card in h["events"]:
            out.append(Action("hand_discard", {"hunter": hunter, "card": card},
                              N_("{hunter} discards {card}"),
                              {"hunter": name, "card": cards.event_name(card)}, group=GROUP))
    return sorted(out, key=Action.sort_key)


def correction_action(state: State, seat: int) -> list[Action]:
    """A seat's own correction, once a round, when nothing else is waiting."""
    if state["corrections"].get(str(seat)) == state["round"]:
        return []
    return [Action("hand_open", {}, N_("Correct something by hand"), group=N_("Corrections"),
                   hint=N_("For a house rule or a mistake: enter health, bites, blood or "
                           "discards; everyone sees it in the log. Once a round."))]


def _item(state: State) -> QueueItem:
    return state["queue"][0]


def do_open(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    state["corrections"][str(seat)] = state["round"]
    involved = hunters_of(state, seat)
    state["queue"].insert(0, {
        "kind": "by_hand", "what": N_("{who} corrects something by hand."),
        "args": {"who": {"seat": seat}}, "seats": [seat], "done": [], "hunters": involved,
        "changes": 0, "own": seat,
    })
    ctx.say("{who} corrects something by hand.", who={"seat": seat})


def do_done(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    item = _item(ctx.state)
    item["done"].append(seat)
    if set(item["done"]) >= set(item["seats"]):
        ctx.state["queue"].pop(0)
        ctx.say("Resolved by hand.")
        if item.get("own") is not None and item["changes"]:
            for other in reversed(_other_side(ctx.state, item["own"])):
                choices.ask(ctx, "correction_check", other, front=True, who=item["own"],
                            check=other, always_ask=True)


def _other_side(state: State, seat: int) -> list[int]:
    """Who agrees to a seat's own correction: Dracula's player to a hunter player's, every
    hunter player to Dracula's."""
    if seat != DRACULA:
        return [DRACULA]
    return sorted(set(state["control"].values()) - {DRACULA})


def _check_options(state: State, data: QuestionData) -> list[Any]:
    return [("agree", N_("Agree with the correction by {who}"), {"who": {"seat": data["who"]}},
             N_("What was changed is in the log.")),
            ("dispute", N_("Dispute it"), {},
             N_("It stands, marked disputed on every screen and in the log."))]


@choices.question(N_("A correction by hand: do you agree?"), _check_options)
def _check(ctx: Ctx, data: QuestionData, key: str) -> None:
    who, check = {"seat": data["who"]}, {"seat": data["check"]}
    if key == "agree":
        ctx.say("Correction by hand agreed by {who} and {check}.", who=who, check=check)
        return
    ctx.state.setdefault("disputed", []).append(
        {"round": ctx.state["round"], "who": data["who"], "by": data["check"]})
    ctx.say("{check} disputes the correction by hand of {who}: it stands, marked disputed.",
            who=who, check=check)


def do_blood(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    _item(ctx.state)["changes"] += 1
    if params["by"] < 0:
        lose_blood(ctx, 1, N_("by hand"))
    else:
        ctx.state["blood"] += 1
        ctx.say("Dracula +1 blood (by hand): {now}.", now=ctx.state["blood"])


def do_health(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    _item(ctx.state)["changes"] += 1
    hunter = params["hunter"]
    if params["by"] < 0:
        hunters.lose_health(ctx, hunter, 1, N_("by hand"), strength=False)
    else:
        hunters.heal(ctx, hunter, 1, N_("by hand"))


def do_bite(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    _item(ctx.state)["changes"] += 1
    hunter = params["hunter"]
    if params["by"] > 0:
        hunters.bite(ctx, hunter, N_("by hand"), strength=False)
    else:
        ctx.state["hunters"][hunter]["bites"] -= 1
        ctx.say("{hunter}: a bite is removed (by hand).", hunter=cards.hunter_name(hunter))


def do_discard(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    _item(ctx.state)["changes"] += 1
    hunters.discard_card(ctx, params["hunter"], params["card"], N_("by hand"))
