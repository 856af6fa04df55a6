"""What the event cards share (``data/events.json`` gives the printed text; the rule each
card follows is quoted per card): revealing the trail, with Dracula's Sensationalist Press
before it; cancelling a card just played; the allies' standing effects; the places and
hunters a card's question offers. The cards themselves are in ``hunter_events`` and
``dracula_events``, listed with the moments they may be played in ``registry``.

Combat cards (Advance Planning, Escape Route, Heroic Leap, Trap, Rage, Relentless Minion's
fight, Sister Agatha) belong to the combat; Great Strength's moment (a bite or a loss of
health from one cause) is left to the players by hand.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_
from companion.games.fury import board, cards, hunters, trail
from companion.games.fury.choices import ask, question
from companion.games.fury.event_cards import later, open_window
from companion.games.fury.state import (
    DRACULA,
    CardPlay,
    Ctx,
    QuestionData,
    QueueItem,
    Slot,
    State,
    controller,
    hunter_label,
)

LAND = [p for p in board.PLACES if board.is_land(p) and p != board.HOSPITAL]


def place_options(places: list[str], label: str) -> list[Any]:
    """A question's answers, one per place, in the order of their names."""
    return [(p, label, {"place": board.name(p)}, "") for p in sorted(
        places, key=board.name)]


def holds(state: State, hunter: str, *kinds: str) -> list[str]:
    """The hunter's items of these kinds."""
    return sorted(c for c in state["hunters"][hunter]["items"] if cards.kind(c) in kinds)


# --- revealing the trail (and Sensationalist Press) -----------------------------------------


def reveal(ctx: Ctx, found: list[Slot], why: str, tokens: bool = False) -> None:
    """An event reveals trail or catacomb cards; first Dracula may play Sensationalist Press
    („When an event card would reveal 1 or more cards of your trail or catacombs“)."""
    targets = [s["id"] for s in found
               if not s["revealed"] or (tokens and set(s["tokens"]) - set(s["shown"]))]
    ctx.revealed = True
    if not targets:
        ctx.say("{why}: nothing on Dracula's trail there.", why=why)
        return
    later(ctx, "reveal", slots=targets, why=why, tokens=tokens)
    open_window(ctx, "reveal", slots=targets)


def _reveal_now(ctx: Ctx, item: QueueItem) -> None:
    """The cards turn up — now that Dracula has answered the window (issue 40: he is asked
    whenever he may hold Sensationalist Press, so his "Play nothing" may be what turns them)."""
    state = ctx.state
    ctx.revealed = True
    for slot_id in item["slots"]:
        where = trail.find(state, slot_id)
        if where is None:
            continue
        slot = trail.get(state, slot_id)
        slot["revealed"] = True
        name = board.name(slot["card"] or slot["place"])
        if where[0] == "trail":
            ctx.say("{why}: trail card {n} is {place}.", why=item["why"], n=where[1] + 1,
                    place=name)
        else:
            ctx.say("{why}: catacomb {n} is {place}.", why=item["why"], n=where[1] + 1,
                    place=name)
        if item["tokens"]:
            slot["shown"] = list(slot["tokens"])
            if slot["tokens"]:
                ctx.say("Its encounters: {names}.",
                        names=[cards.encounter_name(t) for t in slot["tokens"]])



def _pending_reveal(state: State) -> QueueItem | None:
    return next((q for q in state["queue"] if q.get("do") == "reveal"), None)


def sensationalist_press(ctx: Ctx, play_: CardPlay) -> None:
    """„Choose 1 of those locations: it is not revealed.“"""
    ask(ctx, "press", DRACULA, front=True, always_ask=True)


def _press_options(state: State, data: QuestionData) -> list[Any]:
    pending = _pending_reveal(state)
    out = []
    for slot_id in pending["slots"] if pending else []:
        slot = trail.get(state, slot_id)
        out.append((str(slot_id), N_("Keep {place} hidden"),
                    {"place": board.name(slot["card"] or slot["place"])}, ""))
    return out


@question(N_("Sensationalist Press: which card stays hidden?"), _press_options)
def _press(ctx: Ctx, data: QuestionData, key: str) -> None:
    pending = _pending_reveal(ctx.state)
    if pending is not None:
        pending["slots"].remove(int(key))
        ctx.say("One card stays hidden.")


def newspaper(ctx: Ctx, why: str) -> None:
    """„Reveal the oldest location in Dracula's trail that is not yet revealed, unless it is
    Dracula's current location.“"""
    slot = trail.oldest_hidden_location(ctx.state)
    if slot is None or slot["id"] == ctx.state["trail"][0]["id"]:
        ctx.revealed = True
        ctx.say("{why}: nothing new.", why=why)
        return
    reveal(ctx, [slot], why)


# --- allies ---------------------------------------------------------------------------------


def standing(ctx: Ctx) -> None:
    """What allies do all the time: Jonathan Harker keeps the sixth card of the trail face
    up."""
    state = ctx.state
    ally = state["allies"]["hunters"]
    if ally and cards.kind(ally) == "jonathan_harker" and len(state["trail"]) == 6:
        oldest = state["trail"][5]
        if not oldest["revealed"] and (oldest["card"] or oldest["power"] == "hide"):
            oldest["revealed"] = True
            ctx.revealed = True
            ctx.say("Jonathan Harker: trail card 6 is {place}.",
                    place=board.name(oldest["card"] or oldest["place"]))


def quincey(ctx: Ctx) -> None:
    """„At the start of each of your turns, choose 1 hunter: he loses 1 health unless he
    shows you a Heavenly Host or a Crucifix.“"""
    ally = ctx.state["allies"]["dracula"]
    if ally and cards.kind(ally) == "quincey_p_morris":
        ask(ctx, "quincey", DRACULA, always_ask=True)


def hunter_options(state: State, data: QuestionData) -> list[Any]:
    """A question's answers, one per hunter out of hospital (only the bitten ones when the
    question says ``bitten``)."""
    return [(h, N_("{hunter}"), {"hunter": cards.hunter_name(h)}, "")
            for h in cards.HUNTERS if state["hunters"][h]["place"] != board.HOSPITAL
            and (not data.get("bitten") or state["hunters"][h]["bites"] > 0)]


@question(N_("Quincey P. Morris: which hunter?"), hunter_options)
def _quincey(ctx: Ctx, data: QuestionData, hunter: str) -> None:
    ctx.consult(controller(ctx.state, hunter))
    ward = holds(ctx.state, hunter, "heavenly_host", "crucifix")
    if ward:
        ctx.say("{hunter} shows Dracula a card.", hunter=hunter_label(hunter))
        ctx.tell([DRACULA], "{hunter} shows you {card}.", hunter=hunter_label(hunter),
                 card=cards.item_name(ward[0]))
        return
    hunters.lose_health(ctx, hunter, 1, N_("Quincey P. Morris"))


# --- cancelling, and a step waiting in the queue -------------------------------------------


def cancel(ctx: Ctx, card_id: str) -> None:
    """Take a played card's waiting effect out of the queue, and the chances still waiting
    to cancel it: there is nothing left to cancel."""
    queue = ctx.state["queue"]
    for i, item in enumerate(queue):
        if item["kind"] == "effect" and item.get("card") == card_id:
            queue.pop(i)
            queue[:] = [q for q in queue if not (
                q["kind"] == "window" and q["window"] == "cancel"
                and q["data"].get("card") == card_id)]
            ctx.say("{card} is cancelled.", card=cards.event_name(card_id))
            return


def pending(state: State, do: str) -> QueueItem | None:
    """The step of this kind waiting in the queue (the train, the meeting, the fight a
    card played at its moment changes)."""
    return next((q for q in state["queue"] if q.get("do") == do), None)
