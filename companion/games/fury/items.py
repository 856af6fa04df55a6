"""Items used outside combat, in the holder's own turn (``data/items.json`` gives the
printed text; quoted per item). Combat items belong to the combat.

- Dogs: „Play it face up in front of you“ — face up they stop Rats, Saboteur and Thief.
- Fast Horse: „Move up to 2 roads this turn.“
- Heavenly Host: „put a Heavenly Host marker on your city (at most 2 in play); every
  encounter there is discarded and Dracula cannot enter it.“
- Local Rumors: „Reveal the encounters on one card of Dracula's trail or catacombs.“
- Holy Water (table option ``holy_water_cure``, uncertain): „roll a die to cure a bite —
  1: lose 2 health, 2–4: nothing, 5–6: one bite removed.“
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Action
from companion.games.fury import board, cards, catacombs, hunters, trail
from companion.games.fury.choices import ask, question
from companion.games.fury.state import (
    DRACULA,
    Ctx,
    QuestionData,
    State,
    controller,
    hunter_label,
    place_of,
)

GROUP = N_("Your items")
MAX_HOSTS = 2


def _first(state: State, hunter: str, kind: str) -> str | None:
    held = sorted(c for c in state["hunters"][hunter]["items"]
                  if cards.kind(c) == kind and c not in state["hunters"][hunter]["up"])
    return held[0] if held else None


def _use(hunter: str, card: str, label: str, hint: str) -> Action:
    return Action("use_item", {"hunter": hunter, "card": card}, label,
                  {"hunter": cards.hunter_name(hunter), "card": cards.item_name(card)},
                  group=GROUP, hint=hint)


def turn_actions(state: State, seat: int, hunters_now: list[str]) -> list[Action]:
    """Items the seat's hunters in this turn may use now (start or action phase)."""
    out = []
    for hunter in hunters_now:
        if controller(state, hunter) != seat:
            continue
        here = place_of(state, hunter)
        dogs = _first(state, hunter, "dogs")
        if dogs:
            out.append(_use(hunter, dogs, N_("{hunter}: play {card} face up"),
                            cards.en(cards.item(dogs)["text"])))
        host = _first(state, hunter, "heavenly_host")
        hosts = sum(1 for kind in state["blocked"].values() if kind == "heavenly_host")
        if host and board.is_city(here) and here not in state["blocked"] and hosts < MAX_HOSTS:
            out.append(_use(hunter, host, N_("{hunter}: {card} on this city"),
                            N_("Dracula can no longer enter it; its encounters are "
                               "discarded.")))
        rumors = _first(state, hunter, "local_rumors")
        if rumors and _rumor_options(state, {}):
            out.append(_use(hunter, rumors, N_("{hunter}: ask {card}"),
                            cards.en(cards.item(rumors)["text"])))
        water = _first(state, hunter, "holy_water")
        if water and state["options"]["holy_water_cure"] and \
                state["hunters"][hunter]["bites"] > hunters.permanent_bites(state, hunter):
            out.append(_use(hunter, water, N_("{hunter}: {card} on a bite"),
                            N_("Roll: 1 lose 2 health, 2–4 nothing, 5–6 the bite is cured.")))
    return out


def may_use(state: State, hunter: str) -> bool:
    """Whether the tablet leaves it open that the hunter holds an item to use now: he holds
    an item not lying face up, and Dogs may be played face up at any time of his turn."""
    h = state["hunters"][hunter]
    return any(card not in h["up"] for card in h["items"])


def horse_actions(state: State, hunter: str) -> list[Action]:
    """Fast Horse, offered with the hunter's moves."""
    horse = _first(state, hunter, "fast_horse")
    if horse is None:
        return []
    here = place_of(state, hunter)
    closed = state["roadblock"]["road"] if state["roadblock"] else None
    reach = _two_roads(here, closed)
    return [Action("ride", {"card": horse, "to": to}, N_("Fast Horse to {to}"),
                   {"to": board.name(to)}, group=N_("Road"),
                   hint=cards.en(cards.item(horse)["text"]))
            for to in sorted(reach, key=board.name)]


def _two_roads(here: str, closed: list[str] | None) -> set[str]:
    reach: set[str] = set()
    for first in board.ROAD.get(here, ()):
        if closed and {here, first} == set(closed):
            continue
        reach.add(first)
        for second in board.ROAD.get(first, ()):
            if not (closed and {first, second} == set(closed)):
                reach.add(second)
    reach.discard(here)
    return reach


def do_use(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    hunter, card = params["hunter"], params["card"]
    kind = cards.kind(card)
    name = cards.item_name(card)
    if kind == "dogs":
        state["hunters"][hunter]["up"].append(card)
        ctx.say("{hunter} plays {card} face up.", hunter=hunter_label(hunter), card=name)
        return
    hunters.discard_card(ctx, hunter, card, name)
    if kind == "heavenly_host":
        _host(ctx, place_of(state, hunter))
    elif kind == "local_rumors":
        ask(ctx, "rumors", seat, front=True, always_ask=True)
    else:
        _holy_water(ctx, hunter)


def _host(ctx: Ctx, place: str) -> None:
    state = ctx.state
    state["blocked"][place] = "heavenly_host"
    ctx.say("A Heavenly Host protects {place}.", place=board.name(place))
    ctx.consult(DRACULA)  # whether encounters lie there is news, "none" too
    for slot in trail.slots(state):
        if slot["place"] == place and slot["tokens"]:
            trail.return_tokens(state, slot["tokens"])
            slot["tokens"], slot["shown"] = [], []
            ctx.revealed = True
            ctx.say("The encounters in {place} are discarded.", place=board.name(place))


def _holy_water(ctx: Ctx, hunter: str) -> None:
    roll = ctx.rng.roll(6)
    ctx.revealed = True
    ctx.say("Holy Water: {hunter} rolls {roll}.", hunter=hunter_label(hunter), roll=roll)
    if roll == 1:
        hunters.lose_health(ctx, hunter, 2, N_("Holy Water"))
    elif roll >= 5:
        ctx.state["hunters"][hunter]["bites"] -= 1
        ctx.say("The bite is cured.")


def _rumor_options(state: State, data: QuestionData) -> list[Any]:
    out = []
    for i, slot in enumerate(state["trail"]):
        if set(slot["tokens"]) - set(slot["shown"]):
            out.append((str(slot["id"]), N_("Trail card {n}"), {"n": i + 1}, ""))
    for i, kept in catacombs.kept(state):
        if set(kept["tokens"]) - set(kept["shown"]):
            out.append((str(kept["id"]), N_("Catacomb {n}"), {"n": i + 1}, ""))
    return out


@question(N_("Local Rumors: which card's encounters?"), _rumor_options)
def _rumors(ctx: Ctx, data: QuestionData, key: str) -> None:
    slot = trail.get(ctx.state, int(key))
    slot["shown"] = list(slot["tokens"])
    ctx.revealed = True
    ctx.say("Local Rumors: the encounters there are {names}.",
            names=[cards.encounter_name(t) for t in slot["tokens"]])



