"""Making a pending choice: the choice actions (``hook``, ``cannon``, ``sword``, ``map``,
``ball``, ``mermaid``, ``rob``, ``bonus``) and ``aim``, what each choice does, and
:func:`settle`, by which the referee makes every choice that has no alternative (abilities
are mandatory). What a choice may be is :mod:`.pending`'s to say.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.base import N_, IllegalActionError
from companion.games.deadmans.cards import card_args, sort_cards, suit_of, value_of
from companion.games.deadmans.core import (
    Ctx,
    add_to_bank,
    character,
    holder,
    need_phase,
    take_from_stack,
)
from companion.games.deadmans.data import SUIT_BY_ID
from companion.games.deadmans.pending import aim_seats, cannon_seats, choices_of
from companion.games.deadmans.state import Frame
from companion.games.deadmans.suits import perform
from companion.games.deadmans.turn import (
    draw_top,
    end_turn,
    loot,
    loot_allowed,
    need_turn,
    place,
    take_bonus,
)


def settle(ctx: Ctx) -> None:
    """Resolve pending effects that need no choice: none possible, or exactly one."""
    state = ctx.state
    while state["phase"] == "play" and ctx.turn["pending"]:
        frame = ctx.turn["pending"][-1]
        choices = choices_of(state, frame)
        if frame["kind"] in ("cannon", "sword", "rob") and frame["target"] is None:
            owners = {c["seat"] for c in choices}
            if len(owners) == 1:
                frame["target"] = owners.pop()
        if not choices:
            ctx.turn["pending"].pop()
            _no_effect(ctx, frame)
            continue
        takes_all = (frame["kind"] == "rob" and frame["target"] is not None
                     and frame["left"] >= len(state["banks"][frame["target"]]))
        if len(choices) == 1 or takes_all:
            _resolve(ctx, frame, choices[0])
            continue
        break
    _loot_when_forced(ctx)


def _loot_when_forced(ctx: Ctx) -> None:
    """„Hráč, který otočí poslední kartu z doplňovacího balíčku, dokončí svůj tah normálně
    buď je TROP, nebo provede braní kořisti“: with the draw pile empty and nothing pending,
    taking the loot is all that is left, so the turn takes it by itself (issue 32: no tap
    without a choice)."""
    state = ctx.state
    if state["phase"] == "play" and not state["deck"] and loot_allowed(state):
        ctx.say(N_("Nothing left to flip: {who} takes the loot."), who={"seat": ctx.seat})
        loot(ctx)
        settle(ctx)


def _no_effect(ctx: Ctx, frame: Frame) -> None:
    kind = frame["kind"]
    who = {"seat": ctx.seat}
    if kind == "hook":
        ctx.say(N_("Hook: {who} has no card in the bank, no effect."), who=who)
    elif kind == "cannon":
        ctx.say(N_("Cannon: no card to hit, no effect."))
    elif kind == "sword":
        ctx.say(N_("Sword: no card to take, no effect."))
    elif kind == "map":
        ctx.say(N_("Map: the discard pile is empty, no effect."))
    elif kind == "mermaid":
        ctx.say(N_("Mermaid: no card before it, no effect."))
    elif kind == "rob":
        ctx.say(N_("Robber: no opponent's card left to plunder."))
        end_turn(ctx)


def _resolve(ctx: Ctx, frame: Frame, choice: dict[str, Any]) -> None:
    """Carry out one (checked) choice of the pending ``frame``."""
    state, seat = ctx.state, ctx.seat
    who = {"seat": seat}
    pending = ctx.turn["pending"]
    kind = frame["kind"]
    if kind == "hook":
        frame["left"] -= 1
        if frame["left"] == 0:
            pending.pop()
        [card] = take_from_stack(state, seat, choice["suit"])
        ctx.say(N_("Hook: {who} places {card} {value} from their bank."), who=who,
                **card_args(state, card))
        place(ctx, card, safe=frame["safe"])
    elif kind == "cannon":
        pending.pop()
        _fire(ctx, choice["seat"], choice["suit"])
    elif kind == "sword":
        pending.pop()
        [card] = take_from_stack(state, choice["seat"], choice["suit"],
                                 bottom=state["opts"]["bottom_feeder"])
        ctx.say(N_("Sword: {who} takes {card} {value} from {whom}."), who=who,
                whom={"seat": choice["seat"]}, **card_args(state, card))
        place(ctx, card)
    elif kind == "map":
        pending.pop()
        card = next(c for c in sort_cards(frame["cards"]) if c in state["discard"]
                    and (suit_of(c), value_of(state, c)) == (choice["suit"], choice["value"]))
        state["discard"].remove(card)
        ctx.say(N_("Map: {who} places {card} {value}; the other cards stay in the discard "
                   "pile."), who=who, **card_args(state, card))
        place(ctx, card)
    elif kind == "ball":
        pending.pop()
        if choice["choice"] == "place":
            card = draw_top(ctx)
            ctx.say(N_("Crystal Ball: {who} places {card} {value}."), who=who,
                    **card_args(state, card))
            place(ctx, card)
        else:
            ctx.say(N_("Crystal Ball: {who} puts the card back and loots."), who=who)
            loot(ctx)
    elif kind == "mermaid":
        pending.pop()
        _mermaid(ctx, choice["position"])
    elif kind == "bonus":
        pending.pop()
        if choice["choice"] == "without":
            ctx.say(N_("Key and Chest: {who} does without the bonus."), who=who)
            end_turn(ctx)
        elif take_bonus(ctx, frame["count"]):
            end_turn(ctx)
    elif kind == "rob":
        frame["target"] = choice["seat"]
        [card] = take_from_stack(state, choice["seat"], choice["suit"])
        add_to_bank(state, seat, [card])
        frame["left"] -= 1
        ctx.say(N_("Robber: {who} plunders {card} {value} from {whom}."), who=who,
                whom={"seat": choice["seat"]}, **card_args(state, card))
        if frame["left"] == 0 or not state["banks"][choice["seat"]]:
            pending.pop()
            end_turn(ctx)


def _fire(ctx: Ctx, target: int, suit: str) -> None:
    state, seat = ctx.state, ctx.seat
    who, whom = {"seat": seat}, {"seat": target}
    _, friendly = cannon_seats(state)
    me = character(state, seat)
    if friendly:
        [card] = take_from_stack(state, seat, suit, bottom=state["opts"]["bottom_feeder"])
        state["discard"] = sort_cards(state["discard"] + [card])
        ctx.say(N_("Friendly Fire: {who}'s Cannon discards {card} {value} from their own "
                   "bank."), who=who, **card_args(state, card))
    elif me == "gunner":
        cards = take_from_stack(state, target, suit, whole=True)
        state["discard"] = sort_cards(state["discard"] + cards)
        ctx.say(N_("Gunner: {who} discards the whole {card} stack of {whom} (cards: {count})."),
                who=who, whom=whom, card=SUIT_BY_ID[suit].name, count=len(cards))
    else:
        [card] = take_from_stack(state, target, suit, bottom=state["opts"]["bottom_feeder"])
        if me == "vulture":
            add_to_bank(state, seat, [card])
            ctx.say(N_("Vulture: {who}'s Cannon takes {card} {value} from {whom} into their "
                       "bank."), who=who, whom=whom, **card_args(state, card))
        else:
            state["discard"] = sort_cards(state["discard"] + [card])
            ctx.say(N_("Cannon: {who} discards {card} {value} from {whom}."), who=who,
                    whom=whom, **card_args(state, card))


def _mermaid(ctx: Ctx, position: int) -> None:
    state, seat = ctx.state, ctx.seat
    row = state["row"]
    entry = row[position]
    card = entry["card"]
    siren = holder(state, seat, "siren")
    if siren is not None:
        row.pop(position)
        add_to_bank(state, siren, [card])
        ctx.say(N_("Siren: {whom} takes {card} {value} into their bank; its effect is not "
                   "performed."), whom={"seat": siren}, **card_args(state, card))
    elif character(state, seat) == "casanova":
        row.pop(position)
        add_to_bank(state, seat, [card])
        ctx.say(N_("Casanova: {who} banks {card} {value} from the row; its effect is not "
                   "performed."), who={"seat": seat}, **card_args(state, card))
    else:
        row.append(row.pop(position))
        ctx.say(N_("Mermaid: {who} moves {card} {value} to the end of the row and performs "
                   "it again."), who={"seat": seat}, **card_args(state, card))
        perform(ctx, len(row) - 1)


def choice_handler(kind: str) -> Callable[[Ctx, int, dict[str, Any]], None]:
    """The move that makes the choice a pending ``kind`` of effect asks for (its params are
    the choice, as :mod:`.pending` offers it)."""
    def handler(ctx: Ctx, seat: int, choice: dict[str, Any]) -> None:
        frame = need_turn(ctx, seat, kind)
        assert frame is not None
        if choice not in choices_of(ctx.state, frame):
            raise IllegalActionError(_REFUSALS[kind])
        _resolve(ctx, frame, choice)

    return handler


def aim(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    target: int = params["seat"]
    need_phase(ctx, "play")
    if seat != ctx.seat:
        raise IllegalActionError(N_("It is not your turn."))
    pending = ctx.turn["pending"]
    if not pending or target not in aim_seats(ctx.state, pending[-1]):
        raise IllegalActionError(N_("You cannot aim at that pirate now."))
    pending[-1]["target"] = target


_REFUSALS = {
    "hook": N_("Hook: choose one of your own stacks."),
    "cannon": N_("The Cannon cannot hit that stack."),
    "sword": N_("The Sword cannot take from that stack (not a suit you hold, and a Kraken "
                "if an opponent is the Living Shield)."),
    "map": N_("That card is not among the Map's cards."),
    "ball": N_("Place the card, or put it back and loot (only when nothing else is waiting "
               "and no Kraken asks for cards)."),
    "mermaid": N_("The Mermaid picks a card placed before it (not another Mermaid)."),
    "rob": N_("Plunder the top card of a stack of the opponent you chose."),
    "bonus": N_("Take the bonus or do without it."),
}
