"""Dracula's event cards: those played when drawn, at the start of his turn, at a moment of
a hunter's turn (a train caught, a New Vampire met, a ship at sea), Wild Horses before the
combat of a hunter entering his city, and Relentless Minion after a fight with a minion."""

from __future__ import annotations

from typing import Any

from companion.games.base import N_
from companion.games.fury import (
    before_combat,
    board,
    cards,
    combat_in_progress,
    dracula_turn,
    encounter_effects,
    encounters,
    figures,
    hunters,
    movement,
    time_track,
    trail,
)
from companion.games.fury.choices import ask, question
from companion.games.fury.event_cards import open_window, set_ally
from companion.games.fury.event_common_effects import cancel, hunter_options, pending, place_options
from companion.games.fury.state import (
    DRACULA,
    CardPlay,
    Ctx,
    QuestionData,
    QueueItem,
    State,
    WindowData,
    hunter_label,
    place_of,
    turn_of,
)

# --- Dracula's cards played when drawn -------------------------------------------------------


def night_visit(ctx: Ctx, play_: CardPlay) -> None:
    """„Play it on any bitten hunter: he loses 2 health at once.“"""
    if hunter_options(ctx.state, {"bitten": True}):
        ask(ctx, "night_visit", DRACULA, front=True, bitten=True, always_ask=True)
    else:
        ctx.say("No hunter is bitten: Night Visit does nothing.")


@question(N_("Night Visit: which bitten hunter?"), hunter_options)
def _night_visit(ctx: Ctx, data: QuestionData, hunter: str) -> None:
    hunters.lose_health(ctx, hunter, 2, N_("Night Visit"))


def vampiric_influence(ctx: Ctx, play_: CardPlay) -> None:
    """„Play it on any bitten hunter: look at his event and item cards; he must tell you
    his next move.“"""
    if hunter_options(ctx.state, {"bitten": True}):
        ask(ctx, "influence", DRACULA, front=True, bitten=True, always_ask=True)
    else:
        ctx.say("No hunter is bitten: Vampiric Influence does nothing.")


@question(N_("Vampiric Influence: which bitten hunter?"), hunter_options)
def _influence(ctx: Ctx, data: QuestionData, hunter: str) -> None:
    encounter_effects.spy(ctx, "vampiric_influence", [hunter], False)


def evasion(ctx: Ctx, play_: CardPlay) -> None:
    """„Make one extra move at once, to any city on the board (not a sea) without a hunter,
    whatever the distance.“"""
    ask(ctx, "evasion", DRACULA, front=True, always_ask=True)


def _evasion_options(state: State, data: QuestionData) -> list[Any]:
    barred = trail.places(state) | movement.forbidden(state) | movement.hunter_places(state)
    return place_options([p for p in board.PLACES if board.is_city(p) and p not in barred],
                         N_("Go to {place}"))


@question(N_("Evasion: where to?"), _evasion_options)
def _evasion(ctx: Ctx, data: QuestionData, place: str) -> None:
    state = ctx.state
    slot = trail.new_slot(state, place, place)
    ctx.say("Dracula makes an extra move: a land card is laid on his trail.")
    ctx.tell([DRACULA], "You are now in {place}.", place=board.name(place))
    state["sea_run"] = 0
    dropped = trail.push(state, slot)
    if dropped is not None:
        dracula_turn.drop(ctx, dropped)


# --- Dracula's cards at the start of his turn ------------------------------------------------


def with_power_target(state: State, hunter: str | None, data: WindowData) -> bool:
    return bool(data.get("card")) or bool(
        "heavenly_host" in state["blocked"].values() or state["allies"]["hunters"])


def devilish_power(ctx: Ctx, play_: CardPlay) -> None:
    """„Cancel the effect of an event card just played, OR discard a Heavenly Host marker,
    OR discard the hunters' current ally.“"""
    if play_["data"].get("card"):
        cancel(ctx, play_["data"]["card"])
        return
    ask(ctx, "devilish", DRACULA, front=True, always_ask=True)


def _devilish_options(state: State, data: QuestionData) -> list[Any]:
    out = [(p, N_("Remove the Heavenly Host from {place}"), {"place": board.name(p)}, "")
           for p, kind in sorted(state["blocked"].items()) if kind == "heavenly_host"]
    if state["allies"]["hunters"]:
        out.append(("ally", N_("Discard the hunters' ally {card}"),
                    {"card": cards.event_name(state["allies"]["hunters"])}, ""))
    return out or [("nothing", N_("Nothing to remove"), {}, "")]


@question(N_("Devilish Power: what do you remove?"), _devilish_options)
def _devilish(ctx: Ctx, data: QuestionData, key: str) -> None:
    if key == "ally":
        set_ally(ctx, "hunters", None)
    elif key != "nothing":
        del ctx.state["blocked"][key]
        ctx.say("The Heavenly Host in {place} is removed.", place=board.name(key))


def not_small_hours(state: State, hunter: str | None, data: WindowData) -> bool:
    return not time_track.is_small_hours(state)


def time_runs_short(ctx: Ctx, play_: CardPlay) -> None:
    """„Move the day/night marker forward 1 space.“ (not in the Small Hours)"""
    time_track.on(ctx)


def unearthly_swiftness(ctx: Ctx, play_: CardPlay) -> None:
    """„Make two moves in a row, each by the usual rules.“"""
    turn = ctx.state["turn"]
    if turn and turn["who"] == "dracula":
        turn["extra_move"] = True


def roadblock(ctx: Ctx, play_: CardPlay) -> None:
    """„Put the Roadblock marker on one road or railway between two places (or move it there
    if it is already in play): hunters cannot travel along it.“"""
    ask(ctx, "roadblock_from", DRACULA, front=True, always_ask=True)


def _block_from_options(state: State, data: QuestionData) -> list[Any]:
    return place_options([p for p in board.PLACES if board.ROAD.get(p) or board.RAIL.get(p)],
                         N_("From {place}"))


@question(N_("Roadblock: from which place?"), _block_from_options)
def _block_from(ctx: Ctx, data: QuestionData, place: str) -> None:
    ask(ctx, "roadblock_to", DRACULA, front=True, start=place, always_ask=True)


def _block_to_options(state: State, data: QuestionData) -> list[Any]:
    start = data["start"]
    out = [(f"road:{p}", N_("Road to {place}"), {"place": board.name(p)}, "")
           for p in sorted(board.ROAD.get(start, ()))]
    out += [(f"rail:{p}", N_("Railway to {place}"), {"place": board.name(p)}, "")
            for p in sorted(board.RAIL.get(start, ()))]
    return out


@question(N_("Roadblock: which link?"), _block_to_options)
def _block_to(ctx: Ctx, data: QuestionData, key: str) -> None:
    kind, _, end = key.partition(":")
    link = sorted([data["start"], end])
    ctx.state["roadblock"] = {"road": link if kind == "road" else None,
                              "rail": link if kind == "rail" else None}
    ctx.say("Roadblock on the {kind} between {a} and {b}.",
            kind=N_("road") if kind == "road" else N_("railway"), a=board.name(link[0]),
            b=board.name(link[1]))


# --- cards played at a moment of a hunter's turn --------------------------------------------


def false_tip_off(ctx: Ctx, play_: CardPlay) -> None:
    """„He does not roll the train die: he is delayed over papers… He may cancel this card
    with Chartered Carriage.“"""
    train = pending(ctx.state, "train")
    if train is not None:
        train["delayed"] = True
        open_window(ctx, "tip_off", among=train["group"])


def seduction(ctx: Ctx, play_: CardPlay) -> None:
    """„Instead of the usual resolution, the New Vampire bites the hunter. The New Vampire
    then returns to your encounter hand…, and the hunter's turn ends.“"""
    meeting = pending(ctx.state, "meet")
    if meeting is not None:
        meeting["seduced"] = True


def wild_horses(ctx: Ctx, play_: CardPlay) -> None:
    """„Move that hunter to any city one road away; the combat does not take place. He may
    still rest, supply or trade.“ Played in Dracula's turn before the combat
    (``before_combat``), it ends that combat before its first round."""
    state = ctx.state
    fight_ = combat_in_progress.find(state)
    if fight_ is not None and before_combat.walked_in(state, fight_):
        group = list(fight_["hunters"])
        ctx.say("The combat does not take place.")
        combat_in_progress.end(ctx, fight_, "cancelled")
        turn = turn_of(state)
        turn["ended"] = False
        turn["stage"] = "act"
        ask(ctx, "horses", DRACULA, front=True, group=group, always_ask=True)


def _horses_options(state: State, data: QuestionData) -> list[Any]:
    here = place_of(state, data["group"][0])
    return place_options([p for p in board.ROAD.get(here, ()) if board.is_city(p)],
                         N_("Send them to {place}"))


@question(N_("Wild Horses: where do they run?"), _horses_options)
def _horses(ctx: Ctx, data: QuestionData, place: str) -> None:
    for hunter in data["group"]:
        figures.move_hunter(ctx, hunter, place, N_("Wild Horses"))
    ctx.say("Wild horses carry {hunters} to {place}.",
            hunters=[hunter_label(h) for h in data["group"]], place=board.name(place))


def customs_search(ctx: Ctx, play_: CardPlay) -> None:
    """„His turn ends at once and he discards all his items.“"""
    state = ctx.state
    for hunter in play_["data"]["group"]:
        for item in list(state["hunters"][hunter]["items"]):
            hunters.discard_card(ctx, hunter, item, N_("Customs Search"))
    turn = state["turn"]
    if turn and turn["who"] != "dracula":
        turn["ended"] = True
        turn["stage"] = "end"


def control_storms(ctx: Ctx, play_: CardPlay) -> None:
    """„Instead of their move, you put them in any port within 3 sea moves.“"""
    ask(ctx, "control_storms", DRACULA, front=True, group=play_["data"]["group"],
        always_ask=True)


def _storm_port_options(state: State, data: QuestionData) -> list[Any]:
    start = place_of(state, data["group"][0])
    reach = _sea_reach(start, 3)
    return place_options(sorted(p for p in reach if not board.is_sea(p)),
                         N_("Wash them up in {place}"))


def _sea_reach(start: str, steps: int) -> set[str]:
    reached, frontier = {start}, [start]
    for _ in range(steps):
        following = []
        for here in frontier:
            if not board.is_sea(here):
                continue
            for to in board.SEA.get(here, ()):
                if to not in reached:
                    reached.add(to)
                    following.append(to)
        frontier = following
    return reached


@question(N_("Control Storms: which port?"), _storm_port_options)
def _control_storms(ctx: Ctx, data: QuestionData, port: str) -> None:
    state = ctx.state
    for hunter in data["group"]:
        figures.move_hunter(ctx, hunter, port, N_("Control Storms"))
    ctx.say("Storms drive {hunters} into {place}.",
            hunters=[hunter_label(h) for h in data["group"]], place=board.name(port))
    turn = state["turn"]
    if turn and turn["who"] in data["group"]:
        turn["moved"] = True
        turn["stage"] = "search"


# --- Relentless Minion: after a fight with a minion ----------------------------------------


def after_agent(ctx: Ctx, fight: QueueItem) -> None:
    """„As soon as a hunter has killed a Minion or escaped from one“: Dracula may play
    Relentless Minion (asked whenever he holds event cards)."""
    token = fight.get("token")
    if not token or not cards.kind(token).startswith("minion") \
            or fight["outcome"] in ("cancelled", "defeated"):
        return
    hunters_alive = [h for h in fight["hunters"]
                     if ctx.state["hunters"][h]["place"] != board.HOSPITAL]
    if hunters_alive:
        open_window(ctx, "minion", group=hunters_alive, kind=cards.kind(token))


def relentless_minion(ctx: Ctx, play_: CardPlay) -> None:
    """„The hunter at once meets a new Minion encounter of the same kind.“ (one from the
    pool; none left, no new minion)"""
    state = ctx.state
    kind = play_["data"]["kind"]
    fresh = sorted(t for t in state["pool"] if cards.kind(t) == kind)
    if not fresh:
        ctx.say("No such minion is left in the pool.")
        return
    state["pool"].remove(fresh[0])
    encounters.resolve(ctx, fresh[0], play_["data"]["group"])

