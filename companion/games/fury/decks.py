"""The decks the app holds: the event deck (drawn from the bottom), the item deck and the
opaque pool of 45 encounter tokens, with the hands' limits.

The event deck is a list whose last card is the bottom one, the card drawn next: „Карты
Событий достаются из-под низа колоды.“ At setup it is shuffled and its bottom card put on
top; when a draw leaves a single card, that card is shuffled with the discards into a new
deck. The item deck is drawn from its end too (the top). Encounters are drawn from the pool
at random, so the pool's order means nothing and tokens returned to it are mixed in.
"""

from __future__ import annotations

from typing import Any

from companion.games.fury import cards
from companion.games.fury.state import DRACULA, Ctx, State, controller


def new_event_deck(rng: Any) -> list[str]:
    """„Перетасуйте колоду карт Событий, затем самую нижнюю карту из этой колоды положите
    наверх.“"""
    deck: list[str] = rng.shuffle(list(cards.EVENT_DECK))
    deck.insert(0, deck.pop())
    return deck


def draw_event(ctx: Ctx) -> str | None:
    """The bottom card of the event deck; „Если осталась только одна карта, перетасуйте её
    вместе со сброшенными картами, создав, таким образом, новую колоду.“"""
    state = ctx.state
    deck = state["event_deck"]
    if not deck:
        return None
    card = deck.pop()
    if len(deck) == 1 and state["event_discard"]:
        state["event_deck"] = ctx.rng.shuffle(deck + state["event_discard"])
        state["event_discard"] = []
        ctx.say("The event deck is down to one card: it is shuffled with the discards "
                "into a new deck.")
    ctx.revealed = True
    return card


def draw_item(ctx: Ctx) -> str | None:
    """The top item; an empty deck is refilled from the shuffled discards."""
    state = ctx.state
    if not state["item_deck"] and state["item_discard"]:
        state["item_deck"] = ctx.rng.shuffle(state["item_discard"])
        state["item_discard"] = []
        ctx.say("The item deck is empty: the discards are shuffled into a new deck.")
    if not state["item_deck"]:
        return None
    ctx.revealed = True
    return state["item_deck"].pop()


def draw_token(ctx: Ctx) -> str | None:
    """One encounter token drawn blind from the pool."""
    pool = ctx.state["pool"]
    if not pool:
        return None
    ctx.revealed = True
    return pool.pop(ctx.rng.randbelow(len(pool)))


def encounter_hand_size(state: State) -> int:
    """5, or 7 while Dracula's Brides are his ally."""
    ally = state["allies"]["dracula"]
    if ally and cards.kind(ally) == "draculas_brides":
        return cards.ENCOUNTER_HAND_BRIDES
    return cards.ENCOUNTER_HAND


def event_hand_size(state: State) -> int:
    """4, or 6 while Immanuel Hildesheim is his ally."""
    ally = state["allies"]["dracula"]
    if ally and cards.kind(ally) == "immanuel_hildesheim":
        return cards.EVENT_HAND_HILDESHEIM
    return cards.EVENT_HAND


def refill_encounters(ctx: Ctx) -> int:
    """„Дракула добирает Засады из пула в резерв (обычно до 5).“ Returns how many he drew."""
    state = ctx.state
    drawn = 0
    while len(state["encounters"]) < encounter_hand_size(state):
        token = draw_token(ctx)
        if token is None:
            break
        state["encounters"].append(token)
        drawn += 1
    state["encounters"].sort()
    return drawn


def hunter_limits(hunter: str) -> tuple[int, int]:
    """How many items and events this hunter may hold."""
    data = cards.HUNTER_DATA[hunter]
    return data["item_limit"], data["event_limit"]


def over_limit(state: State, hunter: str) -> str | None:
    """"items" or "events" when the hunter holds more than his limit of that kind, "any"
    when he holds more cards in all than he may (Dr. Seward: 4 of either, not of both)."""
    items, events = hunter_limits(hunter)
    h = state["hunters"][hunter]
    if len(h["items"]) > items:
        return "items"
    if len(h["events"]) > events:
        return "events"
    total = cards.HUNTER_DATA[hunter].get("hand_total_limit")
    if total is not None and len(h["items"]) + len(h["events"]) > total:
        return "any"
    return None


def check_limits(ctx: Ctx, hunter: str) -> None:
    """„При превышении лимита карт Охотник должен сбросить либо новую карту, либо уже
    имеющуюся“: queue the choice for the hunter's player."""
    kind = over_limit(ctx.state, hunter)
    if kind and not any(q["kind"] == "discard" and q["hunter"] == hunter
                        for q in ctx.state["queue"]):
        ctx.state["queue"].append({"kind": "discard", "hunter": hunter, "cards": kind,
                                   "seat": controller(ctx.state, hunter)})


def check_dracula_events(ctx: Ctx) -> None:
    if len(ctx.state["dracula_events"]) > event_hand_size(ctx.state) and not any(
            q["kind"] == "discard" and q["hunter"] is None for q in ctx.state["queue"]):
        ctx.state["queue"].append({"kind": "discard", "hunter": None, "cards": "events",
                                   "seat": DRACULA})


def discard_event(state: State, card: str) -> None:
    state["event_discard"].append(card)


def discard_item(state: State, card: str) -> None:
    state["item_discard"].append(card)


def may_be_held(state: State, kind: str, hunter: str | None) -> bool:
    """Whether a copy of this printed card (an event or an item) may lie in ``hunter``'s hand
    (None: Dracula's) as far as the tablet knows: not every copy lies where everybody sees
    it — the discard piles (face up, each card named as it went there), the allies in play,
    the cards hunters keep face up — or one lies face up in front of this very hunter."""
    event = kind in cards.EVENTS
    printed = cards.EVENTS[kind] if event else cards.ITEMS[kind]
    seen = list(state["event_discard"] if event else state["item_discard"])
    if event:
        seen += [a for a in state["allies"].values() if a]
    for name, h in state["hunters"].items():
        up = [h["shown"]["event" if event else "item"], *([] if event else h["up"])]
        mine = [c for c in up if c and cards.kind(c) == kind]
        if mine and name == hunter:
            return True
        seen += mine
    copies: int = printed["count"]
    return sum(1 for c in seen if cards.kind(c) == kind) < copies
