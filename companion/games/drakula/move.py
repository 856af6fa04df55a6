"""The move, the first stage of a turn: ``step`` to an open neighbour, ``peek`` at the card
there (one's own goes to the supply; the opponent's is turned up and ends the move: a target
is captured, a sign of power or an enemy waits for the action card), ``show_supplies`` when
meeting the other figure, ``end_move``; and laying a card from the supply (after one's own
card was looked at, a target captured or a fight won, or on an empty location)."""

from __future__ import annotations

from typing import Any

from companion.games.base import (
    N_,
    Action,
    Applied,
    IllegalActionError,
    Random,
    line,
)
from companion.games.drakula.board import (
    card_at,
    check_captures,
    clear_location,
    current,
    finish,
    label_of,
    lay_card,
    location_name,
    lose_lives,
    max_steps,
    open_neighbours,
    opponent,
    over,
    proves,
    remember,
    snapshot,
    supply_lines,
    supply_secret,
    who,
)
from companion.games.drakula.data import DRACULA, KINDS, NEIGHBOURS, VAN_HELSING
from companion.games.drakula.specials import to_special
from companion.games.drakula.state import State
from companion.games.drakula.turn import end_turn_if_done, kind_param, location_param, need_turn


def lay_actions(state: State, seat: int, loc: str, optional: bool) -> list[Action]:
    found = []
    for kind in sorted(set(state["supply"][seat])):
        found.append(Action("lay", {"kind": kind}, N_("Lay {card} face down on {location}"),
                            {"card": label_of(kind), "location": location_name(loc)},
                            group=N_("Lay a card"),
                            hint=N_("This location is empty: you may lay a card here.")
                            if optional else
                            N_("Any card of your supply; your opponent sees only that a "
                               "card was laid.")))
    return found


def step(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    to = location_param(params, "to")
    turn = need_turn(state, seat, "move")
    here = state["figures"][seat]
    if to not in NEIGHBOURS[here]:
        raise IllegalActionError(N_("You can only step to a neighbouring location, never "
                                    "diagonally."))
    if to not in open_neighbours(state, here):
        raise IllegalActionError(N_("A barrier blocks that way."))
    if turn["steps"] >= max_steps(state, seat):
        raise IllegalActionError(N_("No action card in your hand has more than {steps} "
                                    "steps: you may not walk further."),
                                 steps=max_steps(state, seat))
    state["figures"][seat] = to
    turn["steps"] += 1
    turn["path"].append(to)
    turned = seat == DRACULA and state["effects"]["turned"] == to
    turn["can_peek"] = state["locations"][to] is not None and not turned
    turn["met"] = state["figures"][opponent(seat)] == to and not turn["shown"]
    log = [line(N_("{who} steps to {location} (step {steps})."), who=who(seat),
                location=location_name(to), steps=turn["steps"])]
    if turned:
        log.append(line(N_("The card on {location} is turned: Dracula may not look at it "
                           "this turn."), location=location_name(to)))
    return Applied(state, log)


def peek(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    turn = need_turn(state, seat, "move")
    loc = state["figures"][seat]
    if not turn["can_peek"]:
        if seat == DRACULA and state["effects"]["turned"] == loc:
            raise IllegalActionError(N_("Resistance turned this card: you may not look at "
                                        "it this turn."))
        if state["locations"][loc] is None:
            raise IllegalActionError(N_("There is no card here."))
        raise IllegalActionError(N_("You may look at a card only right after stepping onto "
                                    "its location (and only once)."))
    kind = card_at(state, loc)
    turn["can_peek"] = False
    owner = KINDS[kind]["owner"]
    if owner == seat:
        remember(state, seat, loc, "peeked")
        state["locations"][loc] = None
        state["supply"][seat] = sorted([*state["supply"][seat], kind])
        supply_secret(state, seat)
        turn["stage"] = "lay"
        turn["lay_at"] = loc
        turn["after_lay"] = "move"
        log = [line(N_("{who} looked at the card on {location} and takes it into the "
                       "supply."), who=who(seat), location=location_name(loc)),
               line(N_("It is your {card}."), to=[seat], card=label_of(kind))]
        return Applied(state, log, revealed=True)
    turn["revealed"] = True
    turn["met"] = False
    state["owners"][loc] = owner
    remember(state, seat, loc, "revealed")
    remember(state, owner, loc, "revealed")
    log = [line(N_("{who} turns up {card} on {location}: the move ends."), who=who(seat),
                card=label_of(kind), location=location_name(loc))]
    if KINDS[kind]["type"] == "target":
        clear_location(state, loc)
        state["captured"][seat].append(kind)
        log.append(line(N_("{who} captures {card}."), who=who(seat), card=label_of(kind)))
        check_captures(state, seat, log)
        if over(state):
            return Applied(state, log, revealed=True)
        if state["supply"][seat]:
            turn["stage"] = "lay"
            turn["lay_at"] = loc
            turn["after_lay"] = "play"
        else:
            turn["stage"] = "play"
            log.append(line(N_("{who} has no card left to lay: {location} stays empty."),
                            who=who(seat), location=location_name(loc)))
    elif KINDS[kind]["type"] == "power" and (seat == VAN_HELSING
                                              or state["effects"]["ostrazitost"]):
        # „Hráč ztrácí okamžitě jeden život“: at once, unless Dracula may still play
        # Tajemství noci (which nobody may know he holds, so for him it always waits).
        lose_lives(state, seat, 1, log, N_("{who} met a sign of power and loses {count} "
                                           "life."))
        log.append(line(N_("The card on {location} is turned face down again."),
                        location=location_name(loc)))
        turn["stage"] = "play"
    else:
        state["face_up"] = loc
        turn["pending"] = loc
        turn["stage"] = "play"
        if KINDS[kind]["type"] == "power":
            # The life is lost now unless his card turns out to be Tajemství noci; a target
            # given before he plays cannot bring back a last life already gone.
            turn["last_life"] = state["lives"][seat] == 1
        if KINDS[kind]["type"] == "enemy":
            log.append(line(N_("A fight: the strength of the action card {who} plays now "
                               "decides it."), who=who(seat)))
    return Applied(state, log, revealed=True)


def show_supplies(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    turn = need_turn(state, seat, "move")
    if not turn["met"]:
        raise IllegalActionError(N_("Supplies are shown only when you step onto the other "
                                    "figure's location."))
    turn["met"] = False
    turn["shown"] = True
    snapshot(state, DRACULA)
    snapshot(state, VAN_HELSING)
    log = [line(N_("{who} and the other figure meet: both supplies are shown."),
                who=who(seat))]
    log += supply_lines(state, VAN_HELSING, DRACULA)
    log += supply_lines(state, DRACULA, VAN_HELSING)
    proofs = [s for s in (DRACULA, VAN_HELSING) if proves(state, s)]
    if proofs:
        winner = seat if len(proofs) == 2 else proofs[0]
        loser = opponent(winner)
        log.append(line(N_("No target card of {loser} can be on the board any more."),
                        loser=who(loser)))
        finish(state, [winner], N_("{winner} proved that no target card of {loser} is "
                                   "left on the board."), winner=who(winner),
               loser=who(loser))
    return Applied(state, log, revealed=True)


def end_move(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    turn = need_turn(state, seat, "move")
    if turn["steps"] < 1:
        raise IllegalActionError(N_("You must move at least one step."))
    turn["stage"] = "play"
    turn["can_peek"] = False
    turn["met"] = False
    return Applied(state, [line(N_("{who} stops on {location}."), who=who(seat),
                                location=location_name(state["figures"][seat]))])


def lay_from_supply(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    kind = kind_param(params)
    turn = need_turn(state, seat, "move", "lay")
    if kind not in state["supply"][seat]:
        raise IllegalActionError(N_("There is no {card} in your supply."), card=label_of(kind))
    log: list[dict[str, Any]] = []
    if turn["stage"] == "move":
        loc = state["figures"][seat]
        if state["locations"][loc] is not None:
            raise IllegalActionError(N_("A card already lies here."))
        if turn["can_peek"]:
            raise IllegalActionError(N_("There is a card here to look at."))
        lay_card(state, seat, loc, kind, log)
        return Applied(state, log)
    at = turn["lay_at"]
    assert at is not None, "a forced lay names its location"
    lay_card(state, seat, at, kind, log)
    return Applied(state, log, revealed=after_lay(state, log, rng))


def after_lay(state: State, log: list[dict[str, Any]], rng: Random) -> bool:
    """The forced lay is over (or impossible): the turn goes on where it stopped.
    True if the turn ended and the action cards were shuffled."""
    turn = current(state)
    after = turn["after_lay"]
    turn["lay_at"] = None
    turn["after_lay"] = None
    if after == "special":
        to_special(state, log)
        return end_turn_if_done(state, log, rng)
    assert after is not None, "a forced lay knows the stage it returns to"
    turn["stage"] = after
    return False
