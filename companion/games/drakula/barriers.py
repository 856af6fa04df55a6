"""The barrier stage, the last of a turn: which barrier the played card moves (its colour;
a grey bar: any one, chosen with ``barrier_colour``; Oči noci: one more of another colour, in
either order; none under Šepot noci), the places offered (where a barrier may lie is
:mod:`.board`'s ``barrier_problem``), ``barrier``, ``skip_barrier`` and ``end_turn``."""

from __future__ import annotations

from typing import Any, cast

from companion.games.base import (
    N_,
    Action,
    ActionSyntaxError,
    Applied,
    IllegalActionError,
    Random,
    line,
)
from companion.games.drakula import data
from companion.games.drakula.board import (
    barrier_now,
    barrier_problem,
    current,
    legal_edges,
    location_name,
    played,
    who,
)
from companion.games.drakula.data import BARRIER_COLOURS, EDGE_ENDS, GREY, VAN_HELSING
from companion.games.drakula.state import BarrierSpec, Colour, State, Turn
from companion.games.drakula.turn import end_turn_if_done, need_turn


def _accepts(state: State, spec: str, colour: str) -> bool:
    """Whether a barrier still to move this turn (``spec``: a colour, ``any`` for a grey
    bar, ``other`` for Oči noci's second) may be ``colour``."""
    turn = current(state)
    if colour in turn.get("moved", []):
        return False
    if spec in BARRIER_COLOURS:
        return colour == spec
    if spec == "other":
        return colour != state["cards"][played(turn)]["barrier"]
    return True


def _choosable(state: State) -> list[str]:
    """The barriers one may choose to move next besides the card's own colour (a grey bar,
    or Oči noci's second barrier, which may come first: the card gives no order)."""
    turn = current(state)
    if turn["barrier_colour"] is not None:
        return []
    now = barrier_now(turn)
    return [c for c in BARRIER_COLOURS if c != now and legal_edges(state, c)
            and any(_accepts(state, spec, c) for spec in turn["barriers"]
                    if spec not in BARRIER_COLOURS)]


def barrier_actions(state: State, seat: int) -> list[Action]:
    turn = current(state)
    found: list[Action] = []
    group = N_("Barrier")
    second = "other" in turn["barriers"]
    for c in _choosable(state):
        found.append(Action("barrier_colour", {"colour": c}, N_("Barrier: {colour}"),
                            {"colour": data.COLOUR_NAMES[c]["en"]}, group=group,
                            hint=N_("The Eyes of the Night: besides yellow, one more barrier "
                                    "of another colour, in either order.") if second else
                            N_("A grey bar: any one barrier.")))
    colour = barrier_now(turn)
    if colour is not None:
        placed = state["barriers"][colour] is not None
        for edge in legal_edges(state, colour):
            a, b = EDGE_ENDS[edge]
            found.append(Action(
                "barrier", {"colour": colour, "edge": edge},
                N_("Move the barrier ({colour}) to {a} – {b}") if placed else
                N_("Place the barrier ({colour}) on {a} – {b}"),
                {"colour": data.COLOUR_NAMES[colour]["en"], "a": location_name(a),
                 "b": location_name(b)},
                group=group,
                hint=N_("The board may never be cut in two."),
            ))
    if len(turn["barriers"]) > 1:
        found.append(Action("skip_barrier", {}, N_("Leave this barrier"), group=group))
    found.append(Action("end_turn", {}, N_("End the turn"), group=group))
    return found


def to_barrier(state: State, log: list[dict[str, Any]]) -> None:
    turn = current(state)
    seat = turn["seat"]
    colour = state["cards"][played(turn)]["barrier"]
    specs: list[BarrierSpec] = ["any" if colour == GREY else cast(Colour, colour)]
    if turn["oci"]:
        specs.append("other")
    if seat == VAN_HELSING and state["effects"]["sepot"] and not turn["extra"]:
        log.append(line(N_("The Whisper of the Night: Van Helsing may not move a barrier "
                           "this turn.")))
        specs = []
    turn["barriers"] = specs
    turn["barrier_colour"] = None
    turn["stage"] = "barrier"
    if not specs:
        turn["stage"] = "done"


def choose_barrier(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    colour: str = params["colour"]
    if colour not in BARRIER_COLOURS:
        raise ActionSyntaxError(N_("There is no such barrier."))
    turn = need_turn(state, seat, "barrier")
    if turn["barrier_colour"] is not None or all(spec in BARRIER_COLOURS
                                                 for spec in turn["barriers"]):
        raise IllegalActionError(N_("The barrier for this card is already chosen."))
    if not any(_accepts(state, spec, colour) for spec in turn["barriers"]):
        raise IllegalActionError(N_("That barrier has had its move this turn: choose "
                                    "another."))
    if not legal_edges(state, colour):
        raise IllegalActionError(N_("That barrier has no place it may go."))
    turn["barrier_colour"] = cast(Colour, colour)
    return Applied(state, [])


def place_barrier(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    p = params
    colour, edge = p["colour"], p["edge"]
    if colour not in BARRIER_COLOURS:
        raise ActionSyntaxError(N_("There is no such barrier."))
    if edge not in EDGE_ENDS:
        raise ActionSyntaxError(N_("A barrier lies between two neighbouring locations."))
    turn = need_turn(state, seat, "barrier")
    allowed = barrier_now(turn)
    if allowed is None or (colour != allowed and colour in _choosable(state)):
        raise IllegalActionError(N_("Choose which barrier to move first."))
    if colour != allowed:
        raise IllegalActionError(N_("This card moves only the barrier ({colour})."),
                                 colour=data.COLOUR_NAMES[allowed]["en"])
    problem = barrier_problem(state, colour, edge)
    if problem:
        raise IllegalActionError(problem)
    moved = state["barriers"][colour] is not None
    state["barriers"][colour] = edge
    a, b = EDGE_ENDS[edge]
    log = [line(N_("{who} moves the barrier ({colour}) to {a} – {b}.") if moved else
                N_("{who} places the barrier ({colour}) on {a} – {b}."),
                who=who(seat), colour=data.COLOUR_NAMES[colour]["en"], a=location_name(a),
                b=location_name(b))]
    _barrier_done(turn, colour)
    turn["moved"] = [*turn.get("moved", []), colour]
    if not turn["barriers"]:
        turn["stage"] = "done"
    return Applied(state, log, revealed=end_turn_if_done(state, log, rng))


def _barrier_done(turn: Turn, colour: str | None) -> None:
    """One barrier of the turn has moved (or is left): the most particular one it could be."""
    specs = turn["barriers"]
    for spec in (colour, "other", "any"):
        if spec in specs:
            specs.remove(spec)
            break
    turn["barrier_colour"] = None


def skip_barrier(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    turn = need_turn(state, seat, "barrier")
    if len(turn["barriers"]) < 2:
        raise IllegalActionError(N_("There is no other barrier to move: end the turn."))
    _barrier_done(turn, barrier_now(turn))
    return Applied(state, [])


def end_turn_action(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    turn = need_turn(state, seat, "barrier")
    turn["stage"] = "done"
    log = [line(N_("{who} ends the turn."), who=who(seat))]
    return Applied(state, log, revealed=end_turn_if_done(state, log, rng))
