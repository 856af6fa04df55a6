"""Cards played before a combat: „Начиная с Дракулы, и далее по часовой стрелке игроки могут
использовать по одной карте, влияющей на общий ход боя. Только Охотники, участвующие в бою
могут использовать карту «Чеснок».“

A player is asked, in turn, when the tablet leaves it open that he holds a card this fight
allows — his hand holds event cards (or, for Garlic, items) and a printed card fits — exactly
as if he held one, and may always answer "no card" (issue 40: a question's existence is
public; the pause tells the others nothing about his hand). Each card,
with who may play it and what it does, is listed in ``registry.BEFORE_COMBAT`` (read here
through ``lookup``). When the
hunters have just walked into Dracula's city, his turn in this window also offers Wild Horses
(the combat does not take place): the table lives the moment of entering and the moment
before the combat as one, so he is asked once (issue 32).

An event card played here is played like any other (``event_cards.play``): the other side may
first cancel it with Good Luck or Devilish Power („Cancel the effect of an event card just
played“), and only then does it act; the next player is asked after that. Garlic is an item,
not an event: it acts at once and nothing cancels it.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_
from companion.games.fury import cards, combat_in_progress, decks, event_cards, hunters, lookup
from companion.games.fury.choices import question
from companion.games.fury.lookup import BeforeCombat, Effect, Fight, Play
from companion.games.fury.state import (
    DRACULA,
    CardPlay,
    Ctx,
    QuestionData,
    QueueItem,
    State,
    hunters_of,
    lose_blood,
    question_data,
)


def _card(kind: str) -> BeforeCombat | None:
    """The card's entry in the registry (``registry.BEFORE_COMBAT``)."""
    return lookup.tables().before_combat.get(kind)


def as_event(fn: Play) -> Effect:
    """The effect of an event card played before a combat: like any event played, it waits
    until nobody cancels it, then acts on the fight."""
    def effect(ctx: Ctx, play: CardPlay) -> None:
        fight_ = combat_in_progress.find(ctx.state)
        if fight_ is None:
            return
        who = N_("Dracula") if play["hunter"] is None else cards.hunter_name(play["hunter"])
        fight_["played"].append({"who": who, "card": cards.event_name(play["card"])})
        fn(ctx, fight_, play["hunter"], play["card"])
    return effect


def window_seats(state: State, fight_: Fight) -> list[int]:
    """Who is asked, starting with Dracula and going clockwise (seat order): every player
    who may hold a card this fight allows, but those who passed for the rest of the turn."""
    seats = [DRACULA] + sorted(set(state["control"].values()) - {DRACULA})
    skip = event_cards.passing(state)
    return [seat for seat in seats if seat not in skip and _may_hold(state, seat, fight_)]


def _may_hold(state: State, seat: int, fight_: Fight) -> bool:
    """Whether the tablet leaves it open that ``seat`` holds a card this fight allows: a
    hand with cards of that kind (a count on the tablet) and a printed card the fight
    allows — never which cards the hand holds."""
    for kind, card in lookup.tables().before_combat.items():
        event = kind in cards.EVENTS
        if seat == DRACULA:
            if card.side == "dracula" and state["dracula_events"] \
                    and card.allowed(state, fight_, None) \
                    and decks.may_be_held(state, kind, None):
                return True
            continue
        if card.side == "hunter" and any(
                state["hunters"][hunter]["events" if event else "items"]
                and card.allowed(state, fight_, hunter)
                and decks.may_be_held(state, kind, hunter)
                for hunter in hunters_of(state, seat)):
            return True
    return False


def open_window(ctx: Ctx, fight_: Fight) -> None:
    fight_["window"] = window_seats(ctx.state, fight_)
    if fight_["window"]:
        fight_["stage"] = "window"
        first = fight_["window"][0]
        combat_in_progress.ask(ctx, fight_, "combat_window", first, who=first)


def _ask_next(ctx: Ctx, fight_: Fight) -> None:
    """The next player in the round, skipping one the tablet now shows cannot play (he
    spent his last card cancelling); when all have been asked, the combat begins."""
    still = window_seats(ctx.state, fight_)
    fight_["window"] = [seat for seat in fight_["window"] if seat in still]
    if fight_["window"]:
        first = fight_["window"][0]
        combat_in_progress.ask(ctx, fight_, "combat_window", first, who=first)
    else:
        fight_["stage"] = "choose"


def next_after_card(ctx: Ctx, item: QueueItem) -> None:
    fight_ = combat_in_progress.find(ctx.state)
    if fight_ is not None:
        _ask_next(ctx, fight_)



def _options(state: State, data: QuestionData, fight_: Fight | None = None) -> list[Any]:
    fight_ = fight_ or combat_in_progress.find(state)
    seat = data["who"]
    out: list[Any] = []
    if fight_ is not None and seat == DRACULA:
        for held in sorted({c: None for c in state["dracula_events"]}):
            entry = _card(cards.kind(held))
            if entry and entry.side == "dracula" and entry.allowed(state, fight_, None):
                out.append((held, N_("Play {card}"), {"card": cards.event_name(held)},
                            cards.en(cards.event(held)["text"])))
    elif fight_ is not None:
        for hunter in hunters_of(state, seat):
            h = state["hunters"][hunter]
            for held in sorted(h["events"] + h["items"]):
                entry = _card(cards.kind(held))
                if entry and entry.side == "hunter" and entry.allowed(state, fight_, hunter):
                    data_ = cards.event(held) if held in h["events"] else cards.item(held)
                    out.append((f"{hunter}|{held}", N_("{hunter} plays {card}"),
                                {"hunter": cards.hunter_name(hunter),
                                 "card": cards.en(data_["names"])}, cards.en(data_["text"])))
    unique = {(label, tuple(sorted(args.items()))): (key, label, args, hint)
              for key, label, args, hint in out}
    nothing = N_("Play nothing before this combat.") if unique else N_(
        "None of your cards may be played before this combat.")
    return [*unique.values(), ("none", N_("No card"), {}, nothing),
            ("none_turn", N_("No card until this turn ends"), {},
             N_("Your phone will not ask again in this turn; the table sees that you said "
                "so."))]


@question(N_("Before the combat: play a card?"), _options)
def _answer(ctx: Ctx, data: QuestionData, key: str) -> None:
    state = ctx.state
    fight_ = combat_in_progress.find(state)
    if fight_ is None:
        return
    seat = fight_["window"].pop(0)
    if key == "none_turn":
        event_cards.pass_for_turn(ctx, seat)
    if key in ("none", "none_turn"):
        _ask_next(ctx, fight_)
        return
    hunter, _, held = key.rpartition("|")
    if cards.kind(held) == "wild_horses":
        # Played at the moment of entering, before the round of cards: if the hunters cancel
        # it, the combat comes and Dracula still has his card before it.
        fight_["window"].insert(0, seat)
    _play(ctx, fight_, hunter or None, held)


def _play(ctx: Ctx, fight_: Fight, hunter: str | None, held: str) -> None:
    """An item acts at once; an event card goes the way of every event played: the other
    side may cancel it, then it acts, then the next player is asked."""
    state = ctx.state
    if hunter is None:
        state["dracula_events"].remove(held)
    else:
        hunters.lose_card(state, hunter, held)
    if cards.kind(held) in cards.EVENTS:
        event_cards.later(ctx, "combat_window_next")
        event_cards.play(ctx, held, hunter)
        return
    assert hunter is not None, "only a hunter holds items (Dracula is offered his events)"
    entry = _card(cards.kind(held))
    play = entry.play if entry else None
    assert play is not None, "an item acts by its own effect (only an event's may be None)"
    decks.discard_item(state, held)
    ctx.revealed = True
    who = cards.hunter_name(hunter)
    name = cards.item_name(held)
    fight_["played"].append({"who": who, "card": name})
    ctx.say("Before the combat {who} plays {card}.", who=who, card=name)
    play(ctx, fight_, hunter, held)
    if combat_in_progress.find(state) is fight_:
        _ask_next(ctx, fight_)


# --- the cards ----------------------------------------------------------------------------


def fighting(fight_: Fight, hunter: str | None) -> bool:
    return hunter in fight_["hunters"]


def advance_planning(ctx: Ctx, fight_: Fight, hunter: str | None, held: str) -> None:
    """„+1 в начале боя сыграна карта События План Атаки.“ At most one per combat; the
    hunters roll one die, so the +1 is theirs."""
    fight_["planning"] = True


def trap(ctx: Ctx, fight_: Fight, hunter: str | None, held: str) -> None:
    """„+1 в начале боя сыграна карта События Ловушка“ for Dracula or his agent."""
    fight_["trap"] = True


def garlic(ctx: Ctx, fight_: Fight, hunter: str | None, held: str) -> None:
    """Only a hunter in a combat with Dracula or a vampire: no Escape for three rounds."""
    fight_["no_escape"] = max(fight_["no_escape"], 3)
    ctx.say("For three rounds the enemy cannot play an Escape card.")


def escape_route(ctx: Ctx, fight_: Fight, hunter: str | None, held: str) -> None:
    """„The combat does not take place. The hunters who would have fought stay in the city,
    and still count as having had an encounter this turn.“"""
    ctx.say("The combat does not take place.")
    combat_in_progress.end(ctx, fight_, "cancelled")


def heroic_leap(ctx: Ctx, fight_: Fight, hunter: str | None, held: str) -> None:
    """„The combat does not start. You and Dracula each roll a die and lose that much health
    / blood. If both of you drop to 0, the hunters win, even if your defeat would give
    Dracula the game.“ Dracula's loss comes first, so a double 0 is the hunters' win."""
    assert hunter is not None
    mine, his = ctx.rng.roll(6), ctx.rng.roll(6)
    ctx.say("Heroic Leap: {hunter} rolls {a}, Dracula rolls {b}.",
            hunter=cards.hunter_name(hunter), a=mine, b=his)
    lose_blood(ctx, his, N_("Heroic Leap"))
    hunters.lose_health(ctx, hunter, mine, N_("Heroic Leap"), strength=False)
    combat_in_progress.end(ctx, fight_, "cancelled")


def rage(ctx: Ctx, fight_: Fight, hunter: str | None, held: str) -> None:
    """„One hunter in the combat shows you all his items, and you may discard any one of
    them. The combat then goes on as usual, but you cannot play an Escape card for 3
    rounds.“"""
    fight_["no_escape"] = max(fight_["no_escape"], 3)
    if len(fight_["hunters"]) == 1:
        _rage_show(ctx, fight_["hunters"][0])
    else:
        combat_in_progress.ask(ctx, fight_, "combat_rage", DRACULA, front=True)


def _rage_targets(state: State, data: QuestionData) -> list[Any]:
    fight_ = combat_in_progress.find(state)
    return [(h, N_("{hunter} shows you his items"), {"hunter": cards.hunter_name(h)}, "")
            for h in (fight_["hunters"] if fight_ else [])]


@question(N_("Rage: which hunter shows you his items?"), _rage_targets)
def _rage_target(ctx: Ctx, data: QuestionData, hunter: str) -> None:
    _rage_show(ctx, hunter)


def _rage_show(ctx: Ctx, hunter: str) -> None:
    held = sorted(ctx.state["hunters"][hunter]["items"])
    shown = [cards.item_name(c) for c in held] or [N_("nothing")]
    ctx.say("{hunter} shows Dracula his items.", hunter=cards.hunter_name(hunter))
    ctx.tell([DRACULA], "{hunter} holds {cards}.", hunter=cards.hunter_name(hunter),
             cards=shown)
    if held:
        ctx.state["queue"].insert(0, {"kind": "choice", "question": "combat_rage_discard",
                                      "seat": DRACULA, "data": {"hunter": hunter}})


def _rage_discards(state: State, data: QuestionData) -> list[Any]:
    held = sorted(set(state["hunters"][data["hunter"]]["items"]))
    out = [(c, N_("Discard {card}"), {"card": cards.item_name(c)}, "") for c in held]
    return [*out, ("none", N_("Discard nothing"), {}, "")]


@question(N_("Rage: discard one of his items?"), _rage_discards)
def _rage_discard(ctx: Ctx, data: QuestionData, key: str) -> None:
    if key != "none":
        hunters.discard_card(ctx, data["hunter"], key, N_("Rage"))


def walked_in(state: State, fight_: Fight) -> bool:
    """Whether the hunters of this fight moved into Dracula's city this turn: the moment of
    Wild Horses („When a hunter has moved into your location and is about to fight you“)."""
    turn = state["turn"]
    return (fight_["enemy"] == "dracula" and fight_["round"] == 0 and turn is not None
            and turn["who"] != "dracula" and turn["who"] in fight_["hunters"]
            and bool(turn["moved"]) and turn["start"] != fight_["place"])


def seen_by_dracula(state: State) -> list[str]:
    """Items Rage is showing Dracula right now: they stay where they are when the leak tests
    deal his unknowns anew."""
    shown = []
    for item in state["queue"]:
        if item["kind"] == "choice" and item["question"] == "combat_rage_discard":
            shown += state["hunters"][question_data(item)["hunter"]]["items"]
    return shown
