"""Event cards as they are drawn: a cross card goes to the hunter, a bat card to Dracula;
„Сразу в игру“ cards are played at once, „На руку“ cards are kept, „Союзник“ cards are
played at once and stay as the side's one ally until replaced.

An effect the app resolves itself is registered in ``EFFECTS`` (card kind → function);
any other effect is announced and resolved by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.base import N_
from companion.games.fury import byhand, cards, decks, hunters
from companion.games.fury.state import DRACULA, Ctx, controller

Effect = Callable[[Ctx, str, str | None], None]
"""``effect(ctx, card, hunter)``: ``hunter`` is the hunter who played or drew it, or None
for Dracula."""

EFFECTS: dict[str, Effect] = {}


def effect(kind: str) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        EFFECTS[kind] = fn
        return fn
    return register


def hunter_draws(ctx: Ctx, hunter: str, resting: bool = False) -> str | None:
    """A hunter draws the bottom event: „Карты с изображением нетопыря отдаются Дракуле,
    карты с изображением креста отдаются Охотнику“; when resting, cross cards are discarded
    („Карты с крестом идут в сброс“)."""
    card = decks.draw_event(ctx)
    if card is None:
        ctx.say("The event deck is empty.")
        return None
    name = cards.hunter_name(hunter)
    if cards.event(card)["side"] == "dracula":
        ctx.say("{hunter} draws a bat card: it goes to Dracula.", hunter=name)
        dracula_gains(ctx, card)
    elif resting:
        decks.discard_event(ctx.state, card)
        ctx.say("{hunter} draws {card} while resting: a cross card is discarded.",
                hunter=name, card=cards.event_name(card))
    else:
        ctx.say("{hunter} draws a cross card.", hunter=name)
        hunter_gains(ctx, hunter, card)
    return card


def hunter_gains(ctx: Ctx, hunter: str, card: str) -> None:
    kind = cards.event(card)["kind"]
    if kind == "keep":
        hunters.take_event(ctx, hunter, card)
    elif kind == "ally":
        set_ally(ctx, "hunters", card)
    else:
        play(ctx, card, hunter)


def dracula_gains(ctx: Ctx, card: str) -> None:
    kind = cards.event(card)["kind"]
    if kind == "keep":
        ctx.state["dracula_events"].append(card)
        ctx.tell([DRACULA], "You take the event {card}.", card=cards.event_name(card))
        decks.check_dracula_events(ctx)
    elif kind == "ally":
        set_ally(ctx, "dracula", card)
    else:
        play(ctx, card, None)


def set_ally(ctx: Ctx, side: str, card: str) -> None:
    """„Дракула и Охотники могут иметь только по одному Союзнику“: the new ally replaces
    the old one, which is discarded."""
    allies = ctx.state["allies"]
    old = allies[side]
    if old:
        decks.discard_event(ctx.state, old)
        ctx.say("{old} leaves play.", old=cards.event_name(old))
    allies[side] = card
    who = N_("the hunters") if side == "hunters" else N_("Dracula")
    ctx.say("{card} becomes the ally of {who}.", card=cards.event_name(card), who=who)
    if side == "dracula":
        decks.refill_encounters(ctx)


def play(ctx: Ctx, card: str, hunter: str | None) -> None:
    """Play an event now: its effect if the app knows it, else by hand; then discard."""
    data = cards.event(card)
    player = cards.hunter_name(hunter) if hunter else N_("Dracula")
    ctx.say("{who} plays {card}: {text}", who=player, card=cards.event_name(card),
            text=cards.en(data["text"]))
    fn = EFFECTS.get(cards.kind(card))
    decks.discard_event(ctx.state, card)
    if fn is not None:
        fn(ctx, card, hunter)
        return
    involved = [hunter] if hunter else []
    seats = [DRACULA] + ([controller(ctx.state, hunter)] if hunter else [])
    byhand.open_item(ctx, N_("Resolve {card} by hand."), seats, involved,
                     card=cards.event_name(card))


def playable_keep(state: dict[str, Any], hunter: str | None) -> list[str]:
    """Kept events the holder may play now (by hand until their effects are built)."""
    if hunter is None:
        return sorted(state["dracula_events"])
    return sorted(state["hunters"][hunter]["events"])
