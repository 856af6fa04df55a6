"""Playing an action card, the second stage of a turn: the steps it pays (each step walked
beyond them costs a life) and the card turned up in the move that waits for it — the
crucifix (no life lost with Tajemství noci) or a fight, the card's strength against the
enemy's."""

from __future__ import annotations

from typing import Any

from companion.games.base import (
    N_,
    Action,
    ActionSyntaxError,
    Applied,
    IllegalActionError,
    Random,
    line,
)
from companion.games.drakula.board import (
    card_at,
    card_name,
    clear_location,
    current,
    label_of,
    location_name,
    lose_lives,
    opponent,
    over,
    who,
)
from companion.games.drakula.data import ACTION_CARDS, KINDS
from companion.games.drakula.specials import dech_bonus, to_special
from companion.games.drakula.state import State
from companion.games.drakula.turn import end_turn_if_done, need_turn


def play_actions(state: State, seat: int) -> list[Action]:
    turn = current(state)
    found = []
    for cid in state["hands"][seat]["hand"]:
        card = state["cards"][cid]
        excess = max(0, turn["steps"] - card["steps"])
        found.append(Action(
            "play", {"card": cid},
            N_("Play {card} (steps {steps}, strength {strength}): costs lives: {lives}")
            if excess else N_("Play {card} (steps {steps}, strength {strength})"),
            {"card": card_name(cid), "steps": card["steps"], "lives": excess,
             "strength": "–" if card["strength"] is None else card["strength"]},
            group=N_("Play an action card"),
            hint=N_("Every step walked beyond the card's steps costs one life."),
        ))
    return found


def play_card(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    cid: str = params["card"]
    if cid not in ACTION_CARDS:
        raise ActionSyntaxError(N_("There is no such action card."))
    turn = need_turn(state, seat, "play")
    hand = state["hands"][seat]
    if cid not in hand["hand"]:
        raise IllegalActionError(N_("{card} is not among your current action cards."),
                                 card=card_name(cid))
    hand["hand"].remove(cid)
    if cid in hand["known"]:
        hand["known"].remove(cid)
    hand["played"].append(cid)
    turn["card"] = cid
    card = state["cards"][cid]
    log = [line(N_("{who} plays {card}."), who=who(seat), card=card_name(cid))]
    excess = turn["steps"] - card["steps"]
    if excess > 0:
        lose_lives(state, seat, excess, log,
                   N_("{who} walked further than the card pays and loses lives: {count}."))
        if over(state):
            return Applied(state, log, revealed=True)
    loc = turn["pending"]
    if loc is not None:
        turn["pending"] = None
        state["face_up"] = None
        kind = card_at(state, loc)
        owner = opponent(seat)
        if KINDS[kind]["type"] == "power":
            if cid == "tajemstvi" and not state["effects"]["ostrazitost"]:
                log.append(line(N_("The Darkness of the Night: {who} loses no life for the "
                                   "crucifix."), who=who(seat)))
            elif turn.get("last_life") and state["lives"][seat] > 1:
                # „Když ztratí svůj poslední život, je už příliš pozdě.“
                log.append(line(N_("The crucifix took {who}'s last life when it was turned "
                                   "up: the target card given since came too late."),
                                who=who(seat)))
                lose_lives(state, seat, state["lives"][seat], log,
                           N_("{who} loses the remaining lives: {count}."))
            else:
                lose_lives(state, seat, 1, log,
                           N_("{who} met a sign of power and loses {count} life."))
            log.append(line(N_("The card on {location} is turned face down again."),
                            location=location_name(loc)))
        else:
            mine = card["strength"] or 0
            theirs = KINDS[kind]["strength"] + dech_bonus(state, kind)
            log.append(line(N_("Fight on {location}: {mine} against {theirs}."),
                            location=location_name(loc), mine=mine, theirs=theirs))
            if mine > theirs:
                clear_location(state, loc)
                state["discard"][owner].append(kind)
                turn["won_vampire"] = KINDS[kind]["base"] == "vampire"
                log.append(line(N_("{who} wins the fight: {card} goes to the discard pile."),
                                who=who(seat), card=label_of(kind)))
                if state["supply"][seat]:
                    turn["stage"] = "lay"
                    turn["lay_at"] = loc
                    turn["after_lay"] = "special"
                    return Applied(state, log, revealed=True)
                log.append(line(N_("{who} has no card left to lay: {location} stays empty."),
                                who=who(seat), location=location_name(loc)))
            elif mine < theirs:
                lose_lives(state, seat, 1, log,
                           N_("{who} loses the fight and {count} life; the card is turned "
                              "face down again."))
                if over(state):
                    return Applied(state, log, revealed=True)
            else:
                log.append(line(N_("A draw: the card is turned face down again, no life is "
                                   "lost.")))
        if over(state):
            return Applied(state, log, revealed=True)
    to_special(state, log)
    end_turn_if_done(state, log, rng)
    return Applied(state, log, revealed=True)
