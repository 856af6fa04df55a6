"""The setup on the phones: each side picks six of its fifteen encounter cards (``pick``,
then ``confirm``); when both have confirmed, all twelve are shuffled face down onto the
twelve locations and the first turn begins."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games.base import (
    N_,
    Action,
    Applied,
    IllegalActionError,
    Random,
    line,
)
from companion.games.drakula.board import FIRST_GAME_TIP, label_of, who
from companion.games.drakula.data import DRACULA, LOCATIONS, VAN_HELSING
from companion.games.drakula.state import State
from companion.games.drakula.turn import kind_param, start_turn

PICKS = 6
"""Each side lays 6 of its 15 encounter cards on the board."""


def setup_actions(state: State, seat: int) -> list[Action]:
    if state["ready"][seat]:
        return []
    picks = state["picks"][seat]
    found = []
    if len(picks) < PICKS:
        left = Counter(state["deck"][seat]) - Counter(picks)
        for kind in sorted(left):
            found.append(Action("pick", {"kind": kind}, N_("Pick {card}"),
                                {"card": label_of(kind)}, group=N_("Your six cards"),
                                hint=FIRST_GAME_TIP))
    else:
        found.append(Action("confirm", {}, N_("These six go on the board"),
                            group=N_("Your six cards"),
                            hint=N_("The app shuffles all twelve and deals one face down "
                                    "to every location.")))
    return found


def pick_card(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    kind = kind_param(params)
    if state["phase"] != "setup" or state["ready"][seat]:
        raise IllegalActionError(N_("Your six cards are already on the board."))
    if len(state["picks"][seat]) >= PICKS:
        raise IllegalActionError(N_("You have picked six cards already."))
    left = Counter(state["deck"][seat]) - Counter(state["picks"][seat])
    if left[kind] <= 0:
        raise IllegalActionError(N_("You have no more {card} to pick."), card=label_of(kind))
    state["picks"][seat] = sorted([*state["picks"][seat], kind])
    return Applied(state, [line(N_("You picked {card}."), to=[seat], card=label_of(kind))])


def confirm_picks(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    if state["phase"] != "setup" or state["ready"][seat]:
        raise IllegalActionError(N_("Your six cards are already on the board."))
    if len(state["picks"][seat]) != PICKS:
        raise IllegalActionError(N_("Pick exactly six cards first."))
    state["ready"][seat] = True
    log = [line(N_("{who} has chosen six encounter cards."), who=who(seat))]
    if not all(state["ready"]):
        return Applied(state, log)
    laid = rng.shuffle(state["picks"][0] + state["picks"][1])
    for loc, kind in zip(LOCATIONS, laid, strict=True):
        state["locations"][loc] = kind
    for side in (DRACULA, VAN_HELSING):
        supply = Counter(state["deck"][side]) - Counter(state["picks"][side])
        state["supply"][side] = sorted(supply.elements())
    state["picks"] = [[], []]
    state["phase"] = "play"
    start_turn(state, state["first"])
    log.append(line(N_("The twelve cards are shuffled and dealt face down. {who} begins."),
                    who=who(state["first"])))
    return Applied(state, log, revealed=True)
