"""A turn of Drakula as a whole: the hand of action cards (five current, five set aside,
all ten shuffled again when used up), the start of a turn, what every action checks first
(whose turn, which stage, a card or location named in its parameters) and the end of a turn
(the effects that expire, the turn limit, Bojovnost's extra turn). The stages themselves
are :mod:`.move`, :mod:`.play`, :mod:`.specials` and :mod:`.barriers`."""

from __future__ import annotations

from typing import Any

from companion.games.base import (
    N_,
    ActionSyntaxError,
    IllegalActionError,
    Random,
    line,
    needed,
)
from companion.games.drakula import data
from companion.games.drakula.board import card_order, current, finish, opponent, over, who
from companion.games.drakula.data import DRACULA, KINDS, LOCATIONS, VAN_HELSING
from companion.games.drakula.state import Hand, Stage, State, Turn

HAND = 5


def deal_hand(cards: list[str]) -> Hand:
    return {"hand": sorted(cards[:HAND], key=card_order), "aside": sorted(cards[HAND:],
            key=card_order), "played": [], "known": []}


def start_turn(state: State, seat: int, extra: bool = False) -> None:
    state["turn"] = {
        "seat": seat,
        "extra": extra,
        "stage": "move",
        "start": state["figures"][seat],
        "path": [],
        "steps": 0,
        "can_peek": False,
        "met": False,
        "shown": False,
        "revealed": False,
        "lay_at": None,
        "after_lay": None,
        "pending": None,
        "card": None,
        "won_vampire": False,
        "last_life": False,
        "another_turn": False,
        "first": None,
        "oci": False,
        "barriers": [],
        "barrier_colour": None,
        "moved": [],
    }


def _deal_from_all(state: State, seat: int, rng: Random) -> bool:
    """Refill the current action cards when they are used up; True if it shuffled."""
    hand = state["hands"][seat]
    if hand["hand"]:
        return False
    hand["known"] = []
    if hand["aside"]:
        hand["hand"], hand["aside"] = hand["aside"], []
        return False
    state["hands"][seat] = deal_hand(rng.shuffle(list(data.SIDE_CARDS[seat])))
    return True


def _end_turn(state: State, log: list[dict[str, Any]], rng: Random) -> bool:
    """Finish the active turn and start the next; True if action cards were shuffled."""
    turn = current(state)
    seat = turn["seat"]
    shuffled = _deal_from_all(state, seat, rng)
    if shuffled:
        log.append(line(N_("{who} has used all ten action cards and shuffles them."),
                        who=who(seat)))
    effects = state["effects"]
    if seat == VAN_HELSING and not turn["extra"]:
        effects["dech"] = False
        effects["sepot"] = False
    if seat == DRACULA:
        effects["ostrazitost"] = False
        effects["turned"] = None
    state["turn_count"] += 1
    if state["turn_count"] >= state["turn_limit"]:
        log.append(line(N_("The turn limit is reached.")))
        finish(state, [], N_("The turn limit of {limit} turns was reached: a draw."),
               limit=state["turn_limit"])
        state["turn"] = None
        return shuffled
    if turn["another_turn"]:
        log.append(line(N_("{who} takes another whole turn (Battle Lust)."), who=who(seat)))
        start_turn(state, seat, extra=True)
    else:
        start_turn(state, opponent(seat))
    return shuffled


def end_turn_if_done(state: State, log: list[dict[str, Any]], rng: Random) -> bool:
    turn = state["turn"]
    if turn is None or turn["stage"] != "done" or over(state):
        return False
    return _end_turn(state, log, rng)


# --- what every action checks first --------------------------------------------------


def need_turn(state: State, seat: int, *stages: Stage) -> Turn:
    if state["phase"] != "play":
        raise IllegalActionError(N_("The cards are not on the board yet."))
    turn = current(state)
    if turn["seat"] != seat:
        raise IllegalActionError(N_("It is not your turn."))
    if turn["stage"] not in stages:
        raise IllegalActionError(_STAGE_REASON[turn["stage"]])
    return turn


_STAGE_REASON = {
    "move": N_("Finish your move first."),
    "lay": N_("Lay a card from your supply first."),
    "play": N_("Play an action card first."),
    "special": N_("Use or skip the special action first."),
    "barrier": N_("Place a barrier or end the turn first."),
}


def kind_param(params: dict[str, Any]) -> str:
    kind = needed(params, "kind")
    if kind not in KINDS:
        raise ActionSyntaxError(N_("There is no such encounter card."))
    return str(kind)


def location_param(params: dict[str, Any], name: str = "location") -> str:
    loc = needed(params, name)
    if loc not in LOCATIONS:
        raise ActionSyntaxError(N_("There is no such location."))
    return str(loc)
