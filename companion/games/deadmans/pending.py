"""Pending effects: what the effect on top of the turn's stack offers (whose stacks a Cannon,
Sword or Robber may pick, the Map's cards, the Crystal Ball's two ways, the Mermaid's earlier
cards, the Key and Chest bonus), whether it first asks at whom to aim, what it asks in words
(the prompt), and its buttons, worded for the characters and variants in force. This module
only reads the state; :mod:`.choices` carries a choice out.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Action
from companion.games.deadmans.cards import card_args, sort_cards, suit_of, value_of
from companion.games.deadmans.characters import ability
from companion.games.deadmans.core import active, character, holder, opponents_clockwise, stacks
from companion.games.deadmans.data import (
    CASANOVA_MERMAID_VARIANT,
    CHARACTER_BY_ID,
    MERMAID_VARIANT_RULE,
    SIREN,
    SUIT_BY_ID,
)
from companion.games.deadmans.state import Frame, State
from companion.games.deadmans.suits import mermaid_choices


def cannon_seats(state: State) -> tuple[list[int], bool]:
    """Whose stacks the active pirate's Cannon may hit, and whether Friendly Fire turns it
    on the shooter's own bank."""
    seat = active(state)
    if holder(state, seat, "friendly_fire") is not None:
        return [seat], True
    return opponents_clockwise(state, seat), False


def _stack_choices(state: State, frame: Frame) -> list[dict[str, Any]]:
    """Every (seat, suit) a Cannon, Sword or Robber frame may pick now."""
    seat = active(state)
    kind = frame["kind"]
    if kind == "cannon":
        owners, _ = cannon_seats(state)
    else:
        owners = opponents_clockwise(state, seat)
    target = frame.get("target")
    if target is not None:
        owners = [target]
    mine = set(stacks(state, seat))
    me = character(state, seat)
    shield = kind == "sword" and holder(state, seat, "living_shield") is not None
    out = []
    for owner in owners:
        for suit in stacks(state, owner):
            if kind == "sword":
                if suit in mine and me != "swordswoman":
                    continue
                if shield and suit != "kraken":
                    continue
            out.append({"seat": owner, "suit": suit})
    return out


def choices_of(state: State, frame: Frame) -> list[dict[str, Any]]:
    """The params of every final choice the pending ``frame`` offers."""
    kind = frame["kind"]
    seat = active(state)
    if kind == "hook":
        return [{"suit": suit} for suit in stacks(state, seat)]
    if kind in ("cannon", "sword", "rob"):
        return _stack_choices(state, frame)
    if kind == "map":
        present = [c for c in frame["cards"] if c in state["discard"]]
        seen: dict[tuple[str, int], None] = {}
        for card in sort_cards(present):
            seen.setdefault((suit_of(card), value_of(state, card)), None)
        return [{"suit": suit, "value": value} for suit, value in seen]
    if kind == "ball":
        out = [{"choice": "place"}]
        if _ball_may_return(state):
            out.append({"choice": "return"})
        return out
    if kind == "mermaid":
        index = _row_index(state, frame["card"])
        return [{"position": i} for i in mermaid_choices(state, index)]
    if kind == "bonus":
        return [{"choice": "take"}, {"choice": "without"}]
    raise AssertionError(kind)


def _ball_may_return(state: State) -> bool:
    """The Crystal Ball's "put it back and loot" is open: no other effect is waiting and no
    Kraken still asks for cards."""
    turn = state["turn"]
    return len(turn["pending"]) == 1 and turn["kraken"] == 0


def _row_index(state: State, card: int) -> int:
    return next(i for i, e in enumerate(state["row"]) if e["card"] == card)


def aim_seats(state: State, frame: Frame) -> list[int]:
    """The seats a two-step Cannon/Sword/Robber choice asks about first (empty: no aim step)."""
    if frame["kind"] not in ("cannon", "sword", "rob") or frame.get("target") is not None:
        return []
    owners = sorted({c["seat"] for c in _stack_choices(state, frame)})
    return owners if len(owners) > 1 else []


_PROMPTS = {
    "hook": N_("Hook: choose one of your stacks; its top card goes into the row."),
    "cannon": N_("Cannon: choose a stack to hit."),
    "sword": N_("Sword: choose an opponent's stack; its top card goes into the row."),
    "map": N_("Map: choose the card to place; the others stay in the discard pile."),
    "ball": N_("Crystal Ball: place the top card, or put it back and loot."),
    "mermaid": N_("Mermaid: choose a card before it to move to the end of the row."),
    "rob": N_("Robber: plunder the top cards of one opponent's stacks."),
    "bonus": N_("Key and Chest: take the bonus cards, or do without them."),
}


def prompt(state: State, frame: Frame) -> str:
    """What the pending effect asks, as it works at this table."""
    kind = frame["kind"]
    if kind == "sword" and state["opts"]["bottom_feeder"]:
        return N_("Sword: choose an opponent's stack; its bottom card goes into the row.")
    if kind == "mermaid":
        if holder(state, active(state), "siren") is not None:
            return N_("Mermaid: choose a card before it; the Siren takes it into her bank.")
        if character(state, active(state)) == "casanova":
            return N_("Mermaid: choose a card before it to bank (Casanova).")
    return _PROMPTS[kind]


def frame_actions(state: State, frame: Frame) -> list[Action]:
    kind = frame["kind"]
    group = prompt(state, frame)
    hint = _frame_hint(state, frame)
    aims = aim_seats(state, frame)
    if aims:
        return [Action("aim", {"seat": s}, N_("Aim at {who}"), {"who": {"seat": s}},
                       group=group, hint=hint) for s in aims]
    out = []
    for choice in choices_of(state, frame):
        label, args = _choice_label(state, frame, choice)
        out.append(Action(kind, choice, label, args, group=group, hint=hint))
    return out


def _frame_hint(state: State, frame: Frame) -> str:
    """The rule beside a pending effect's buttons, for the characters and variants in force."""
    kind = frame["kind"]
    me = character(state, active(state))
    bottom = state["opts"]["bottom_feeder"]
    if kind == "cannon":
        if cannon_seats(state)[1]:
            return ability(state, "friendly_fire")
        if me in ("gunner", "vulture"):
            return CHARACTER_BY_ID[me].ability
        if bottom:
            return N_("Cannon: discard the bottom card of one stack of an opponent (Bottom "
                      "Feeder).")
    if kind == "sword":
        if holder(state, active(state), "living_shield") is not None:
            return CHARACTER_BY_ID["living_shield"].ability
        if me == "swordswoman":
            return N_("Sword: place the bottom card of any opponent's stack, even of a suit "
                      "you hold (Swordswoman, Bottom Feeder), even if it busts you.") \
                if bottom else N_("Sword: place the top card of any opponent's stack, even "
                                  "of a suit you hold (Swordswoman), even if it busts you.")
        if bottom:
            return N_("Sword: place the bottom card of an opponent's stack of a suit you do "
                      "not hold (Bottom Feeder), even if it busts you.")
    if kind == "rob":
        return CHARACTER_BY_ID["robber"].ability
    if kind == "mermaid":
        if holder(state, active(state), "siren") is not None:
            return SIREN.ability
        if me == "casanova":
            return CASANOVA_MERMAID_VARIANT
        return MERMAID_VARIANT_RULE
    if kind == "map" and me == "navigator":
        return CHARACTER_BY_ID["navigator"].ability
    if kind == "ball" and me == "seer":
        return CHARACTER_BY_ID["seer"].ability
    if kind == "hook" and me in ("miser", "captain_hook"):
        return CHARACTER_BY_ID[me].ability
    if kind == "bonus":
        return N_("The rulebook says you may („smíte“) take them; under Beneath the Waves "
                  "more cards can lift you over the limit.")
    suit = {"rob": "key"}.get(kind, kind)
    return SUIT_BY_ID[suit].rule


def _choice_label(state: State, frame: Frame,
                  choice: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    kind = frame["kind"]
    seat = active(state)
    bottom = state["opts"]["bottom_feeder"] and kind in ("cannon", "sword")
    if kind == "hook":
        top = stacks(state, seat)[choice["suit"]][0]
        return N_("Place {card} {value}"), card_args(state, top)
    if kind in ("cannon", "sword", "rob"):
        cards = stacks(state, choice["seat"])[choice["suit"]]
        whom = {"seat": choice["seat"]}
        if kind == "cannon" and character(state, seat) == "gunner" \
                and not cannon_seats(state)[1]:
            return N_("The whole {card} stack of {whom} (cards: {count})"), {
                "card": SUIT_BY_ID[choice["suit"]].name, "whom": whom, "count": len(cards)}
        card = cards[-1] if bottom else cards[0]
        return N_("{card} {value} of {whom}"), {**card_args(state, card), "whom": whom}
    if kind == "map":
        return N_("Place {card} {value}"), {"card": SUIT_BY_ID[choice["suit"]].name,
                                             "value": choice["value"]}
    if kind == "ball":
        if choice["choice"] == "place":
            return N_("Place the top card"), {}
        return N_("Put it back and loot"), {}
    if kind == "bonus":
        if choice["choice"] == "take":
            return N_("Take the bonus (cards: {count})"), {"count": frame["count"]}
        return N_("Do without the bonus"), {}
    args = card_args(state, state["row"][choice["position"]]["card"])
    siren = holder(state, seat, "siren")
    if siren is not None:
        return N_("{card} {value}: {whom} takes it"), {**args, "whom": {"seat": siren}}
    if character(state, seat) == "casanova":
        return N_("Bank {card} {value}"), args
    return N_("Move {card} {value}"), args
