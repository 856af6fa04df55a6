"""The order of play: setup in the rulebook's order, then rounds of Dracula's turn and each
hunter's turn („Раунд игры“), advanced automatically through every step that needs nobody's
choice. Decisions that interrupt a turn (a card leaving the trail, a hand over its limit,
an outcome to enter by hand) wait in ``state["queue"]`` and are taken first.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Action
from companion.games.fury import (
    board,
    byhand,
    cards,
    choices,
    combat_rounds,
    dracula_turn,
    encounters,
    event_cards,
    event_common_effects,
    hunter_turn,
    hunters,
    movement,
    time_track,
    trail,
)
from companion.games.fury.cards import HUNTERS
from companion.games.fury.state import (
    DRACULA,
    Ctx,
    QueueItem,
    State,
    Turn,
    controller,
    gain_blood,
    hunter_label,
    over,
    place_of,
    turn_of,
)

MAX_STEPS = 200
"""Automatic steps in one action: far more than a turn has, a guard against a loop."""


def new_turn(who: str) -> Turn:
    return {"who": who, "stage": "begin", "group": [] if who == "dracula" else [who],
            "found": [], "found_any": False, "ended": False, "moved": False, "rail": None,
            "acted": None, "gives": 0, "resolve_used": False, "cure_tried": False,
            "maturing": [], "voyage": 0, "start": None, "asked": [], "passing": []}


# --- setup -------------------------------------------------------------------------------


def setup_actions(state: State, seat: int) -> list[Action]:
    step = state["setup"]
    if step < len(HUNTERS):
        hunter = HUNTERS[step]
        if seat != controller(state, hunter):
            return []
        return [Action("start_at", {"place": p}, N_("{hunter} starts in {place}"),
                       {"hunter": cards.hunter_name(hunter), "place": board.name(p)},
                       group=N_("Place your figure"),
                       hint=N_("Any city: not a sea, Castle Dracula or the hospital."))
                for p in movement.hunter_start_places()]
    if seat != DRACULA:
        return []
    return [Action("start_at", {"place": p}, N_("Start in {place}"), {"place": board.name(p)},
                   group=N_("Choose your start in secret"),
                   hint=N_("Not a sea, Castle Dracula, the hospital or a hunter's city; no "
                           "power and no encounter."))
            for p in movement.start_places(state)]


def do_start_at(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    place = params["place"]
    step = state["setup"]
    if step < len(HUNTERS):
        hunter = HUNTERS[step]
        state["hunters"][hunter]["place"] = place
        ctx.say("{hunter} starts in {place}.", hunter=hunter_label(hunter),
                place=board.name(place))
        state["setup"] += 1
        return
    state["trail"].insert(0, trail.new_slot(state, place, place))
    ctx.say("Dracula chooses where he starts, in secret.")
    ctx.tell([DRACULA], "You start in {place}.", place=board.name(place))
    state["phase"] = "play"
    first = "dracula" if state["options"]["first_turn"] == "dracula" else HUNTERS[0]
    _begin(ctx, first)


# --- the round ----------------------------------------------------------------------------


def _begin(ctx: Ctx, who: str) -> None:
    state = ctx.state
    if who == "dracula":
        state["round"] += 1
        state["done"] = []
        state["resolve_used"] = []
        ctx.say("Round {n}: Dracula's turn.", n=state["round"])
    state["turn"] = new_turn(who)


def _next(ctx: Ctx) -> None:
    state = ctx.state
    who = turn_of(state)["who"]
    if who == "dracula":
        following = HUNTERS[0]
    else:
        index = HUNTERS.index(who) + 1
        following = HUNTERS[index] if index < len(HUNTERS) else "dracula"
    _begin(ctx, following)


def advance(ctx: Ctx) -> None:
    """Run every step that needs no choice, until a seat must decide or the game ends."""
    state = ctx.state
    for _ in range(MAX_STEPS):
        if state["phase"] == "play" and not over(state):
            event_common_effects.standing(ctx)
            hunters.obligations(ctx)
        if state["queue"] and state["queue"][0]["kind"] == "effect" and not over(state):
            event_cards.resolve_effect(ctx, state["queue"].pop(0))
            continue
        if state["queue"] and event_cards.settle_window(state, state["queue"][0]):
            state["queue"].pop(0)
            continue
        if state["queue"] and not choices.answerable(state, state["queue"][0]):
            state["queue"].pop(0)
            continue
        if over(state) or state["queue"] or state["phase"] != "play":
            return
        turn = turn_of(state)
        if turn["who"] != "dracula" and not turn["group"] and turn["stage"] not in (
                "begin", "end"):
            turn["stage"] = "end"
        step = _DRACULA_STEPS if turn["who"] == "dracula" else _HUNTER_STEPS
        if not step[turn["stage"]](ctx):
            return
    raise RuntimeError("the turn did not settle")


def _dracula_begin(ctx: Ctx) -> bool:
    state = ctx.state
    turn = turn_of(state)
    state["storms"] = {sea: until for sea, until in state["storms"].items()
                       if until > state["round"]}
    turn["stage"] = "start"
    event_common_effects.quincey(ctx)
    return True


def _dracula_time(ctx: Ctx) -> bool:
    time_track.time_phase(ctx)
    turn_of(ctx.state)["stage"] = "move"
    return True


def _dracula_moved(ctx: Ctx) -> bool:
    """„Каждый раз, когда в конце Фазы Движения Дракула оказывается в своем Замке, он
    получает 2 пункта Крови.“"""
    state = ctx.state
    if turn_of(state).pop("extra_move", False):
        ctx.say("Unearthly Swiftness: Dracula moves again.")
        turn_of(state)["stage"] = "move"
        return True
    if trail.dracula_place(state) == board.CASTLE:
        ctx.say("Dracula is in Castle Dracula: he is revealed there.")
        gain_blood(ctx, 2, N_("Castle Dracula"))
    turn_of(state)["stage"] = "action"
    return True


def _dracula_action(ctx: Ctx) -> bool:
    """„Если в Локации Дракулы находится 1 или более Охотников, Дракула должен напасть на
    них“: then he attacks at once (no tap without a choice; the attack reveals him anyway);
    with nobody to attack and no encounter to lay the phase passes."""
    if dracula_turn.victims(ctx.state):
        dracula_turn.do_attack(ctx, DRACULA, {})
        return True
    if dracula_turn.action_is_automatic(ctx.state):
        turn_of(ctx.state)["stage"] = "mature"
        return True
    return False


def _dracula_mature(ctx: Ctx) -> bool:
    turn = turn_of(ctx.state)
    if turn["maturing"]:
        dracula_turn.mature(ctx, turn["maturing"].pop(0))
        return True
    turn["stage"] = "refill"
    return True


def _dracula_refill(ctx: Ctx) -> bool:
    dracula_turn.refill(ctx)
    turn_of(ctx.state)["stage"] = "end"
    return True


def _end(ctx: Ctx) -> bool:
    state = ctx.state
    turn = turn_of(state)
    state["done"].extend(turn["group"])
    if turn["who"] != "dracula":
        # Every hunter whose turn this was, the leader and those who came along with him.
        for hunter in dict.fromkeys([turn["who"], *turn["group"]]):
            _lift_fog(ctx, hunter)
    _next(ctx)
    return True


def _lift_fog(ctx: Ctx, hunter: str) -> None:
    """„В конце следующего хода Охотника жетон сбрасывается в пул.“ A hunter's turn taken as
    a member of another hunter's group is his turn too: he takes no turn of his own later."""
    h = ctx.state["hunters"][hunter]
    if h["fog"] > 0:
        h["fog"] -= 1
        if h["fog"] == 0:
            fog = [t for t in h["held"] if cards.kind(t) == "fog"]
            for token in fog:
                h["held"].remove(token)
            trail.return_tokens(ctx.state, fog)
            ctx.say("The fog around {hunter} lifts.", hunter=hunter_label(hunter))


def _wait(ctx: Ctx) -> bool:
    return False


def _dracula_start(ctx: Ctx) -> bool:
    """Dracula's turn waits at its start while the tablet leaves it open that he holds a
    card for that moment (he holds event cards and a printed one fits), exactly as if he
    held one: the pause tells nobody what his hand holds (issue 40)."""
    if event_cards.may_answer(ctx.state, DRACULA, "dracula_start", {}):
        return False
    turn_of(ctx.state)["stage"] = "time"
    return True


_DRACULA_STEPS = {
    "begin": _dracula_begin,
    "start": _dracula_start,
    "time": _dracula_time,
    "move": _wait,
    "moved": _dracula_moved,
    "action": _dracula_action,
    "mature": _dracula_mature,
    "refill": _dracula_refill,
    "end": _end,
}


def _hunter_begin(ctx: Ctx) -> bool:
    state = ctx.state
    hunter = turn_of(state)["who"]
    h = state["hunters"][hunter]
    if hunter in state["done"]:
        _next(ctx)
        return True
    if h["skip"]:
        h["skip"] = False
        ctx.say("{hunter} recovers in the hospital and skips this turn.",
                hunter=hunter_label(hunter))
        turn_of(state)["stage"] = "end"
        return True
    ctx.say("{hunter}'s turn.", hunter=hunter_label(hunter))
    turn_of(state)["stage"] = "start"
    return True


def _hunter_start(ctx: Ctx) -> bool:
    if hunter_turn.start_waits(ctx.state):
        return False
    turn_of(ctx.state)["stage"] = "move"
    return True


def _hunter_move(ctx: Ctx) -> bool:
    """After Bats, „Дракула… на этом ходу контролирует движение Охотника“. A hunter who
    starts his movement at sea may meet Control Storms."""
    state = ctx.state
    hunter = turn_of(state)["who"]
    if state["hunters"][hunter]["bats"]:
        turn_of(state)["stage"] = "bats"
        choices.ask(ctx, "bats_move", DRACULA, hunter=hunter, always_ask=True)
        return True
    at_sea = board.is_sea(place_of(state, hunter))
    return at_sea and _ask_once(ctx, "at_sea", group=list(turn_of(state)["group"]))


def _hunter_search(ctx: Ctx) -> bool:
    turn = turn_of(ctx.state)
    encounters.search(ctx, turn["group"])
    turn["found_any"] = bool(turn["found"])
    turn["stage"] = "encounters"
    return True


def _hunter_encounters(ctx: Ctx) -> bool:
    turn = turn_of(ctx.state)
    if turn["ended"] or not turn["found"] or not turn["group"]:
        turn["stage"] = "dracula"
        return True
    if len(turn["found"]) == 1:
        encounters.resolve_found(ctx, turn["found"][0])
        return True
    return False


def _ask_once(ctx: Ctx, window: str, **data: Any) -> bool:
    """Open a window once per turn; True when it was opened now."""
    turn = turn_of(ctx.state)
    if window in turn["asked"]:
        return False
    turn["asked"].append(window)
    return event_cards.open_window(ctx, window, **data)


def _hunter_dracula(ctx: Ctx) -> bool:
    """Dracula found in the hunters' location fights them (Wild Horses, if he holds it, is
    offered among his cards before the combat); found encounters or a fight end the hunter's
    turn. A hunter who
    came into a port from the sea or crossed the border may meet Customs Search. Else he goes
    on to Rest, Supply or Trade."""
    state = ctx.state
    turn = turn_of(state)
    here = place_of(state, turn["who"]) if turn["group"] else None
    if here is not None and not turn["ended"] and not board.is_sea(here):
        ctx.consult(DRACULA)
    if (not turn["ended"] and turn["group"] and here == trail.dracula_here(state)
            and not board.is_sea(here)):
        if "dracula_met" not in turn["asked"]:
            turn["asked"].append("dracula_met")
            ctx.say("Dracula is here, in {place}!", place=board.name(here))
            trail.reveal_place(state, here)
            ctx.revealed = True
        turn["ended"] = True
        turn["stage"] = "end"
        encounters.start_combat(ctx, "dracula", list(turn["group"]), here)
        return True
    if (not turn["ended"] and not turn["found_any"] and turn["group"] and _customs(state)
            and _ask_once(ctx, "customs", group=list(turn["group"]))):
        return True
    if turn["ended"] or turn["found_any"] or not turn["group"]:
        turn["stage"] = "end"
    else:
        turn["stage"] = "act"
    return True


def _customs(state: State) -> bool:
    """„When a hunter enters a port, or ends a movement phase in which he crossed the border
    between East and West“ (from the sea into a port, or from one region into the other)."""
    turn = turn_of(state)
    start, here = turn["start"], place_of(state, turn["who"])
    if start is None or start == here or board.is_sea(here):
        return False
    if board.is_sea(start):
        return True
    return board.PLACES[start].region != board.PLACES[here].region


def _hunter_act(ctx: Ctx) -> bool:
    """A turn whose only action left is ending it ends by itself (after Rest or Supply, in
    Castle Dracula): nobody taps "End the turn" without a choice. The tap that led here
    stays the one a player takes back."""
    state = ctx.state
    if [a.action for a in hunter_turn.act_actions(state)] == ["end_turn"]:
        turn_of(state)["stage"] = "end"
        return True
    return False


_HUNTER_STEPS = {
    "begin": _hunter_begin,
    "start": _hunter_start,
    "move": _hunter_move,
    "bats": _wait,
    "search": _hunter_search,
    "encounters": _hunter_encounters,
    "dracula": _hunter_dracula,
    "act": _hunter_act,
    "end": _end,
}


# --- who may do what now ------------------------------------------------------------------


def queue_actions(state: State, seat: int, item: QueueItem) -> list[Action]:
    kind = item["kind"]
    if kind == "by_hand":
        return byhand.actions(state, seat, item)
    if kind == "combat":
        return combat_rounds.actions(state, seat, item)
    if kind == "window":
        return event_cards.window_actions(state, seat, item)
    if seat != item["seat"]:
        return []
    if kind == "dropoff":
        return dracula_turn.dropoff_actions(state, item)
    if kind == "keep_tokens":
        return dracula_turn.keep_actions(state, item)
    if kind == "ambush":
        return dracula_turn.ambush_actions(state)
    if kind == "discard":
        return hunter_turn.discard_actions(state, item)
    if kind == "go_anywhere":
        return hunter_turn.go_anywhere_actions(state, item)
    if kind == "choice":
        return choices.actions(state, seat, item)
    raise ValueError(kind)


def turn_actions(state: State, seat: int) -> list[Action]:
    turn = turn_of(state)
    stage = turn["stage"]
    if turn["who"] == "dracula":
        if seat != DRACULA:
            return []
        if stage == "start":
            return _dracula_start_actions(state)
        if stage == "move":
            return dracula_turn.move_actions(state)
        if stage == "action":
            return dracula_turn.action_actions(state)
        return []
    if stage == "encounters":
        return encounters.order_actions(state) if seat == DRACULA else []
    mover = controller(state, turn["who"])
    if stage == "act" and seat != mover:
        return hunter_turn.trade_actions_for(state, seat)
    if stage == "start" and seat != mover and seat != DRACULA:
        return hunter_turn.start_offers(state, seat)
    if seat != mover:
        return []
    if stage == "start":
        moves = hunter_turn.start_moves(state)
        own = hunter_turn.start_actions(state)
        return [a for a in own if a.action != "to_movement"] + moves if moves else own
    if stage == "move":
        return hunter_turn.move_actions(state)
    if stage == "act":
        return [a for a in hunter_turn.act_actions(state)
                if a.action != "give" or controller(state, a.params["from"]) == seat]
    return []


def _dracula_start_actions(state: State) -> list[Action]:
    """The cards for the start of his turn beside his moves (``dracula_turn.start_moves``)."""
    out = event_cards.play_actions(state, DRACULA, "dracula_start", {})
    out += dracula_turn.start_moves(state)
    return sorted(out, key=Action.sort_key)


def do_to_time(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    turn_of(ctx.state)["stage"] = "time"
