"""Suit effects: what a card does when it is placed in the row (or moved to its end by a
Mermaid), with the characters that change it. An effect that needs the pirate's choice goes
onto the turn's stack of pending effects (:mod:`.pending` says what it offers,
:mod:`.choices` carries the choice out); every other effect happens here at once.
"""

from __future__ import annotations

from companion.games.base import N_
from companion.games.deadmans.cards import card_args, sort_cards, suit_of
from companion.games.deadmans.core import Ctx, character, holder
from companion.games.deadmans.state import State

SAFE_HARBOUR_CARDS = 2
KRAKEN_CARDS = 2
MONSTER_LORD_CARDS = 4
MAP_CARDS = 3
SEER_CARDS = 3


def perform(ctx: Ctx, index: int) -> None:
    """Perform the effect of the card at ``index`` of the row (just placed, or moved there
    by a Mermaid)."""
    state, seat = ctx.state, ctx.seat
    entry = state["row"][index]
    card = entry["card"]
    suit = suit_of(card)
    me = character(state, seat)
    who = {"seat": seat}
    if suit == "anchor":
        for earlier in state["row"][:index]:
            earlier["safe"] = True
        if index:
            ctx.say(N_("Anchor: the cards before it are safe (cards: {count})."), count=index)
        else:
            ctx.say(N_("Anchor: no card before it to protect."))
        if me == "safe_harbour":
            entry["safe"] = True
            ctx.turn["harbour"] = SAFE_HARBOUR_CARDS
            ctx.say(N_("Safe Harbour: the Anchor and the next 2 cards are safe too."))
    elif suit == "hook":
        miser = me == "miser"
        if miser:
            entry["safe"] = True
            ctx.say(N_("Miser: the Hook and the card it places are safe."))
        left = 2 if me == "captain_hook" else 1
        ctx.turn["pending"].append({"kind": "hook", "left": left, "safe": miser})
    elif suit == "cannon":
        ctx.turn["pending"].append({"kind": "cannon", "target": None})
    elif suit == "sword":
        ctx.turn["pending"].append({"kind": "sword", "target": None})
    elif suit == "map":
        discard = state["discard"]
        if not discard:
            ctx.say(N_("Map: the discard pile is empty, no effect."))
        elif me == "navigator":
            ctx.turn["pending"].append({"kind": "map", "cards": list(discard)})
            ctx.say(N_("Navigator: {who} chooses from the whole discard pile."), who=who)
        else:
            drawn = ctx.rng.sample(discard, min(MAP_CARDS, len(discard)))
            ctx.revealed = True
            ctx.turn["pending"].append({"kind": "map", "cards": sort_cards(drawn)})
            ctx.say(N_("Map: {who} draws random cards from the discard pile "
                       "(cards: {count})."), who=who, count=len(drawn))
            for drawn_card in sort_cards(drawn):
                ctx.say(N_("Map: {card} {value}."), **card_args(state, drawn_card))
    elif suit == "ball":
        _crystal_ball(ctx)
    elif suit == "kraken":
        need = (MONSTER_LORD_CARDS if holder(state, seat, "monster_lord") is not None
                else KRAKEN_CARDS)
        ctx.turn["kraken"] = max(ctx.turn["kraken"], need)
        ctx.say(N_("Kraken: {who} must place more cards before looting (cards: {count})."), who=who,
                count=need)
    elif suit == "mermaid" and state["opts"]["mermaid_variant"]:
        if mermaid_choices(state, index):
            ctx.turn["pending"].append({"kind": "mermaid", "card": card})
        else:
            ctx.say(N_("Mermaid: no card before it, no effect."))


def _crystal_ball(ctx: Ctx) -> None:
    state, seat = ctx.state, ctx.seat
    deck = state["deck"]
    if not deck:
        ctx.say(N_("Crystal Ball: it was the last card of the draw pile, no effect."))
        return
    ctx.revealed = True
    if character(state, seat) == "seer":
        seen = deck[:SEER_CARDS]
        state["known"][seat] = max(state["known"][seat], len(seen))
        ctx.turn["pending"].append({"kind": "ball", "seer": True})
        ctx.say(N_("Seer: {who} looks at the top of the draw pile in secret (cards: {count})."),
                who={"seat": seat}, count=len(seen))
        for depth, card in enumerate(seen, start=1):
            ctx.say(N_("Seer: card {position} from the top is {card} {value}."), to=[seat],
                    position=depth, **card_args(state, card))
    else:
        state["public_known"] = max(state["public_known"], 1)
        ctx.turn["pending"].append({"kind": "ball", "seer": False})
        ctx.say(N_("Crystal Ball: the top card of the draw pile is {card} {value}."),
                **card_args(state, deck[0]))


def mermaid_choices(state: State, index: int) -> list[int]:
    """Row positions a Mermaid at ``index`` may pick: any earlier card but a Mermaid (a
    Mermaid picking a Mermaid could loop for ever under Strange Waters)."""
    return [i for i in range(index) if suit_of(state["row"][i]["card"]) != "mermaid"]
