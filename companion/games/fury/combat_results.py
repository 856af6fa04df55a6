"""What a round's result does („Результаты боя“): the codes of the result tables applied to
health, blood, bites and cards through the hunters' and Dracula's own helpers.

- Wound N (``hunter_loses_health:N`` / ``enemy_loses_blood:N``): „боец, проигравший раунд,
  теряет от 1 до 4 единиц Здоровья/Крови.“
- Continue: nothing; „три результата «Продолжение» подряд“ end the combat.
- Repel: Dracula's next card is a Dodge or an Escape (set by the round, see ``combat_rounds``).
- Bite: „Охотник Укушен… Укус также завершает бой.“
- Kill: an agent dies and the combat ends; Dracula's blood drops to the next red line
  (15–11 → 10, 10–6 → 5, 5 or less → 0) and „Пока у Дракулы остается Кровь, бой
  продолжается“ — so an End beside a Kill on Dracula is not taken.
- End: „один из бойцов выходит из битвы. Бой немедленно заканчивается.“
- Dracula escapes as a bat: the combat ends and he flies up to two roads away.
- A result in bold italic discards the hunter's card (``hunter_item_destroyed``); the
  hunter discards an event of his choice, or all his items.

A fight with a vampire (Vampire Lair) ends as soon as the hunters score a Wound or a Kill:
the vampire track goes back 1; that vampire never flies.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_
from companion.games.fury import board, combat_cards, combat_in_progress, hunters, movement, trail
from companion.games.fury.choices import ask as ask_front
from companion.games.fury.choices import question
from companion.games.fury.state import (
    DRACULA,
    Ctx,
    QuestionData,
    QueueItem,
    State,
    add_vampires,
    controller,
    lose_blood,
    over,
)

LOGGED_BEFORE = N_("{card} against {other}: {result}.")
"""A round's result as logged before the "against" forms (issue 41): a table's lines stay as
they were logged, so this one is still read in every language."""
CONTINUES_TO_END = 3


def red_line(blood: int) -> int:
    """Where a Kill leaves Dracula's blood.

    >>> [red_line(b) for b in (15, 11, 10, 6, 5, 1)]
    [10, 10, 5, 5, 0, 0]
    """
    return max(0, (blood - 1) // 5 * 5)


def apply(ctx: Ctx, fight_: QueueItem) -> str | None:
    """Apply the round's result; return how the combat ends ("over", "defeated", "bitten",
    "killed", "wounded", "end"), "dracula" when a killed agent leaves Dracula to fight, or
    None when the combat goes on."""
    state = ctx.state
    now = combat_in_progress.resolving(fight_)
    hunter = now["applied"]
    hunter_card, enemy_card = now["cards"][hunter], now["cards"][combat_in_progress.ENEMY]
    result = now["result"]
    enemy = fight_["enemy"]
    won, lost = ((hunter_card, enemy_card) if now["winner"] == "hunters"
                 else (enemy_card, hunter_card))
    why = combat_cards.name(won)
    ctx.say("{card} {against}: {result}.", card=why,
            against=combat_cards.against(combat_cards.name(lost)),
            result=[combat_cards.result_name(c) for c in result])
    skipped_before = state["hunters"][hunter]["skip"]
    ending: set[str] = set()
    for code in result:
        kind, _, amount = code.partition(":")
        if kind == "enemy_loses_blood":
            if enemy == "dracula":
                lose_blood(ctx, int(amount), why)
            else:
                ending.add("wounded")
        elif kind == "hunter_loses_health":
            hunters.lose_health(ctx, hunter, int(amount), why)
        elif code == "bite":
            hunters.bite(ctx, hunter, why)
            ending.add("bitten")
        elif code == "kill":
            if enemy == "dracula":
                lose_blood(ctx, state["blood"] - red_line(state["blood"]), N_("Kill"))
            else:
                ending.add("wounded")
        elif code == "kill_agent":
            ctx.say("The agent is killed.")
            ending.add("killed")
        elif code == "end" and not (enemy == "dracula" and "kill" in result):
            ending.add("end")
        elif code == "escape_bat" and enemy == "dracula":
            ending.add("end")
            fly(ctx)
        elif code == "hunter_discards_event" and hunters.strength_asked(state, hunter):
            # after the question of Great Strength for the same blow: he may play that card
            queue = state["queue"]
            queue.insert(queue.index(fight_), {"kind": "effect", "do": "discard_event",
                                               "hunter": hunter, "why": why})
        elif code == "hunter_discards_event":
            discard_event(ctx, {"kind": "effect", "hunter": hunter, "why": why})
        elif code == "hunter_discards_all_items":
            for held in list(state["hunters"][hunter]["items"]):
                hunters.discard_card(ctx, hunter, held, why)
    if "hunter_item_destroyed" in result and hunter_card in state["hunters"][hunter]["items"]:
        hunters.discard_card(ctx, hunter, hunter_card, N_("a result in bold italic"))
    if "continue" in result:
        fight_["continues"] += 1
        if fight_["continues"] >= CONTINUES_TO_END:
            ctx.say("Three Continues in a row: the combat ends.")
            ending.add("end")
        else:
            ctx.say("Continue ({n} of 3).", n=fight_["continues"])
    else:
        fight_["continues"] = 0
    if "wounded" in ending:
        add_vampires(ctx, -1, N_("a vampire destroyed"))
    if (state["hunters"][hunter]["skip"] and not skipped_before) \
            or hunters.falling(state, hunter):
        # a defeat ends the combat, even while Great Strength may still cancel the blow
        ending.add("defeated")
    if over(state):
        return "over"
    for outcome in ("defeated", "bitten", "killed", "wounded", "end"):
        if outcome in ending:
            if outcome == "killed" and _dracula_here(state, fight_):
                return "dracula"
            return outcome
    return None


def _dracula_here(state: State, fight_: QueueItem) -> bool:
    place = fight_["place"]
    return bool(state["trail"]) and trail.dracula_place(state) == place and not \
        board.is_sea(place)


# --- Dracula escapes as a bat ----------------------------------------------------------


def discard_event(ctx: Ctx, item: QueueItem) -> None:
    """„…discards an event card“: his only one goes without a question (the count is public,
    nothing to choose); of several he chooses."""
    state = ctx.state
    hunter, why = item["hunter"], item["why"]
    assert hunter is not None, "a discard names its hunter"
    held = state["hunters"][hunter]["events"]
    fight_ = combat_in_progress.find(state)
    if len(held) == 1:
        hunters.discard_card(ctx, hunter, held[0], why)
    elif held and fight_ is not None:
        combat_in_progress.ask(ctx, fight_, "discard_one", controller(state, hunter),
                               hunter=hunter, kinds=["events"], why=why)
    elif held:
        ask_front(ctx, "discard_one", controller(state, hunter), front=True, hunter=hunter,
                  kinds=["events"], why=why)


def bat_destinations(state: State) -> list[str]:
    """Where a bat may fly: up to two roads, as Wolf Form goes — not into his trail or
    catacombs, the hospital, a protected city or a sea."""
    here = trail.dracula_here(state)
    barred = movement.forbidden(state)
    taken = trail.places(state)
    reach = board.road_within(here, 2, blocked=frozenset(barred))
    return sorted(p for p in reach if p not in taken and p not in barred
                  and not board.is_sea(p))


def fly(ctx: Ctx) -> None:
    if not bat_destinations(ctx.state):
        ctx.say("Dracula finds nowhere to fly and stays.")
        return
    ask_front(ctx, "combat_bat", DRACULA, front=True, always_ask=True)


def _bat_options(state: State, data: QuestionData) -> list[Any]:
    return [(p, N_("Fly to {place}"), {"place": board.name(p)},
             N_("Your card here is taken back and this one is laid face down in its place."))
            for p in bat_destinations(state)]


@question(N_("You escape as a bat: where to?"), _bat_options)
def _fly(ctx: Ctx, data: QuestionData, to: str) -> None:
    """His newest card and its encounters leave the trail; the new place takes its space,
    face down (the implementations' reading; the rulebook does not describe it)."""
    state = ctx.state
    head = state["trail"][0]
    trail.return_tokens(state, head["tokens"])
    slot = trail.new_slot(state, to, to)
    slot["flown_from"] = head["place"]
    if to == board.CASTLE:
        slot["revealed"] = True
    state["trail"][0] = slot
    state["sea_run"] = 0
    ctx.revealed = True
    ctx.say("Dracula escapes as a bat: a face-down card takes the place of his newest one.")
    ctx.tell([DRACULA], "You fly to {place}.", place=board.name(to))

