"""The turn: flipping the top card of the draw pile, placing a card in the row (unless
Casanova banks a Mermaid or the Fisherman a Kraken first), busting, looting with the Key and
Chest bonus, and passing the turn clockwise; and the check that a pirate may act on their
turn with no effect pending (:func:`need_turn`).
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, IllegalActionError
from companion.games.deadmans.cards import card_args, sort_cards, suit_of, value_of
from companion.games.deadmans.core import (
    Ctx,
    active,
    add_to_bank,
    character,
    need_phase,
    opponents_clockwise,
)
from companion.games.deadmans.pending import prompt
from companion.games.deadmans.state import Frame, State, Turn
from companion.games.deadmans.suits import perform

BONUS_GREEDY = 2


def new_turn() -> Turn:
    return {"flips": 0, "kraken": 0, "harbour": 0, "pending": []}


def need_turn(ctx: Ctx, seat: int, kind: str | None) -> Frame | None:
    """Check that it is ``seat``'s turn and the pending choice (if any) is of ``kind``."""
    need_phase(ctx, "play")
    if seat != ctx.seat:
        raise IllegalActionError(N_("It is not your turn."))
    pending = ctx.turn["pending"]
    if kind is None:
        if pending:
            raise IllegalActionError(N_("First finish the effect in play: {effect}."),
                                     effect=prompt(ctx.state, pending[-1]))
        return None
    if not pending or pending[-1]["kind"] != kind:
        raise IllegalActionError(N_("No effect asks for that choice now."))
    return pending[-1]


def flip(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    need_turn(ctx, seat, None)
    if not ctx.state["deck"]:
        raise IllegalActionError(N_("The draw pile is empty: take the loot."))
    card = draw_top(ctx)
    ctx.turn["flips"] += 1
    ctx.say(N_("{who} flips {card} {value}."), who={"seat": seat}, **card_args(ctx.state, card))
    place(ctx, card)


def draw_top(ctx: Ctx) -> int:
    state = ctx.state
    ctx.revealed = True
    state["known"] = [max(0, k - 1) for k in state["known"]]
    state["public_known"] = max(0, state["public_known"] - 1)
    return state["deck"].pop(0)


def loot_allowed(state: State) -> bool:
    """The active pirate may take the loot: a card was flipped, no effect is pending and no
    Kraken still asks for cards (unless the draw pile is empty)."""
    turn = state["turn"]
    return (turn["flips"] > 0 and not turn["pending"]
            and (turn["kraken"] == 0 or not state["deck"]))


def loot_action(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    need_turn(ctx, seat, None)
    turn = ctx.turn
    if turn["flips"] == 0:
        raise IllegalActionError(N_("Flip a card first: a turn starts with a flip."))
    if turn["kraken"] and ctx.state["deck"]:
        raise IllegalActionError(N_("The Kraken still wants more cards before you may loot "
                                    "(cards: {count})."), count=turn["kraken"])
    loot(ctx)


def loot(ctx: Ctx) -> None:
    """Bank the row; with a Key and a Chest in it take the bonus; end the turn (or ask the
    Robber whose bank to plunder)."""
    state, seat = ctx.state, ctx.seat
    row = [entry["card"] for entry in state["row"]]
    state["row"] = []
    add_to_bank(state, seat, row)
    ctx.say(N_("{who} takes the loot (cards: {count})."), who={"seat": seat}, count=len(row))
    suits = {suit_of(c) for c in row}
    if {"key", "chest"} <= suits:
        if state["opts"]["beneath_the_waves"] and _bonus_within_reach(state):
            # „smíte si navíc … vzít“: only here can more cards hurt, so only here it asks.
            ctx.turn["pending"].append({"kind": "bonus", "count": len(row)})
            return
        if not take_bonus(ctx, len(row)):
            return
    end_turn(ctx)


def _bonus_within_reach(state: State) -> bool:
    """Whether a Key and Chest bonus would bring any card at all."""
    seat = active(state)
    if character(state, seat) == "robber":
        return any(state["banks"][s] for s in opponents_clockwise(state, seat))
    return bool(state["discard"])


def take_bonus(ctx: Ctx, count: int) -> bool:
    """The Key and Chest bonus for a loot of ``count`` cards; False while the Robber still
    chooses what to plunder (his turn goes on)."""
    state, seat = ctx.state, ctx.seat
    me = character(state, seat)
    if me == "robber":
        ctx.turn["pending"].append({"kind": "rob", "left": count, "target": None})
        ctx.say(N_("Key and Chest: {who} plunders one opponent's bank "
                   "(cards: {count})."), who={"seat": seat}, count=count)
        return False
    wanted = count * (BONUS_GREEDY if me == "greedy" else 1)
    bonus = ctx.rng.sample(state["discard"], min(wanted, len(state["discard"])))
    ctx.revealed = True
    for card in bonus:
        state["discard"].remove(card)
    add_to_bank(state, seat, bonus)
    ctx.say(N_("Key and Chest: {who} takes random cards from the discard pile "
               "(cards: {count})."),
            who={"seat": seat}, count=len(bonus))
    for card in bonus:
        ctx.say(N_("Key and Chest: {card} {value}."), **card_args(state, card))
    return True


def end_turn(ctx: Ctx) -> None:
    state = ctx.state
    state["turn"] = new_turn()
    state["turns"] += 1
    if not state["deck"]:
        state["phase"] = "over"
        state["end"] = "deck"
        ctx.say(N_("The draw pile is empty: the game is over."))
        return
    state["active"] = (active(state) + 1) % state["players"]
    ctx.say(N_("{who}'s turn."), who={"seat": state["active"]})


def place(ctx: Ctx, card: int, safe: bool = False) -> None:
    """Put a card into the row from anywhere: Casanova/Fisherman, bust, or its effect."""
    state, seat = ctx.state, ctx.seat
    suit = suit_of(card)
    me = character(state, seat)
    if suit == "mermaid" and me == "casanova" and not state["opts"]["mermaid_variant"]:
        add_to_bank(state, seat, [card])
        ctx.say(N_("Casanova: {who} banks {card} {value} before it reaches the row."),
                who={"seat": seat}, **card_args(state, card))
        return
    if suit == "kraken" and me == "fisherman":
        add_to_bank(state, seat, [card])
        ctx.say(N_("Fisherman: {who} banks {card} {value} before it reaches the row."),
                who={"seat": seat}, **card_args(state, card))
        return
    if _clashes(state, card):
        _bust(ctx, card)
        return
    turn = ctx.turn
    if turn["harbour"]:
        turn["harbour"] -= 1
        safe = True
    if turn["kraken"]:
        turn["kraken"] -= 1
    state["row"].append({"card": card, "safe": safe})
    perform(ctx, len(state["row"]) - 1)


def _clashes(state: State, card: int) -> bool:
    if state["opts"]["strange_waters"]:
        value = value_of(state, card)
        return any(value_of(state, e["card"]) == value for e in state["row"])
    suit = suit_of(card)
    return any(suit_of(e["card"]) == suit for e in state["row"])


def _bust(ctx: Ctx, card: int) -> None:
    """The card is not placed; the row's safe cards are banked, the rest is lost."""
    state, seat = ctx.state, ctx.seat
    ctx.say(N_("BUST! {card} {value} matches the row: {who}'s turn ends."),
            who={"seat": seat}, **card_args(state, card))
    safe = [e["card"] for e in state["row"] if e["safe"]]
    lost = [e["card"] for e in state["row"] if not e["safe"]] + [card]
    state["row"] = []
    if safe:
        add_to_bank(state, seat, safe)
        ctx.say(N_("{who} keeps the safe cards (cards: {count})."), who={"seat": seat},
                count=len(safe))
    davy = next((s for s in opponents_clockwise(state, seat)
                 if character(state, s) == "davy_jones" and state["davy"][s] == seat), None)
    if davy is not None:
        add_to_bank(state, davy, lost)
        ctx.say(N_("Davy Jones' Chest: {who} collects the lost cards (cards: {count})."),
                who={"seat": davy}, count=len(lost))
    elif state["opts"]["thieves_island"]:
        thief = (seat + 1) % state["players"]
        add_to_bank(state, thief, lost)
        ctx.say(N_("Thieves Island: {who} collects the lost cards (cards: {count})."),
                who={"seat": thief}, count=len(lost))
    else:
        state["discard"] = sort_cards(state["discard"] + lost)
        ctx.say(N_("The lost cards go to the discard pile (cards: {count})."), count=len(lost))
    end_turn(ctx)
