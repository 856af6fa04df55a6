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
    State,
    check_params,
    line,
)
from companion.games.drakula.board import (
    _card_name,
    _clear,
    _label,
    _lose_lives,
    _name,
    _opp,
    _over,
    _who,
)
from companion.games.drakula.data import ACTION_CARDS, KINDS
from companion.games.drakula.specials import _dech_bonus, _to_special
from companion.games.drakula.turn import _maybe_end, _need_turn


def _play_actions(state: State, seat: int) -> list[Action]:
    turn = state["turn"]
    found = []
    for cid in state["hands"][seat]["hand"]:
        card = state["cards"][cid]
        excess = max(0, turn["steps"] - card["steps"])
        found.append(Action(
            "play", {"card": cid},
            N_("Play {card} (steps {steps}, strength {strength}): costs lives: {lives}")
            if excess else N_("Play {card} (steps {steps}, strength {strength})"),
            {"card": _card_name(cid), "steps": card["steps"], "lives": excess,
             "strength": "–" if card["strength"] is None else card["strength"]},
            group=N_("Play an action card"),
            hint=N_("Every step walked beyond the card's steps costs one life."),
        ))
    return found


def _play(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    cid = check_params(params, card=str)["card"]
    if cid not in ACTION_CARDS:
        raise ActionSyntaxError(N_("There is no such action card."))
    turn = _need_turn(state, seat, "play")
    hand = state["hands"][seat]
    if cid not in hand["hand"]:
        raise IllegalActionError(N_("{card} is not among your current action cards."),
                                 card=_card_name(cid))
    hand["hand"].remove(cid)
    if cid in hand["known"]:
        hand["known"].remove(cid)
    hand["played"].append(cid)
    turn["card"] = cid
    card = state["cards"][cid]
    log = [line(N_("{who} plays {card}."), who=_who(seat), card=_card_name(cid))]
    excess = turn["steps"] - card["steps"]
    if excess > 0:
        _lose_lives(state, seat, excess, log,
                    N_("{who} walked further than the card pays and loses lives: {count}."))
        if _over(state):
            return Applied(state, log, revealed=True)
    loc = turn["pending"]
    if loc is not None:
        turn["pending"] = None
        state["face_up"] = None
        kind = state["locations"][loc]
        owner = _opp(seat)
        if KINDS[kind]["type"] == "power":
            if cid == "tajemstvi" and not state["effects"]["ostrazitost"]:
                log.append(line(N_("The Darkness of the Night: {who} loses no life for the "
                                   "crucifix."), who=_who(seat)))
            elif turn.get("last_life") and state["lives"][seat] > 1:
                # „Když ztratí svůj poslední život, je už příliš pozdě.“
                log.append(line(N_("The crucifix took {who}'s last life when it was turned "
                                   "up: the target card given since came too late."),
                                who=_who(seat)))
                _lose_lives(state, seat, state["lives"][seat], log,
                            N_("{who} loses the remaining lives: {count}."))
            else:
                _lose_lives(state, seat, 1, log,
                            N_("{who} met a sign of power and loses {count} life."))
            log.append(line(N_("The card on {location} is turned face down again."),
                            location=_name(loc)))
        else:
            mine = card["strength"] or 0
            theirs = KINDS[kind]["strength"] + _dech_bonus(state, kind)
            log.append(line(N_("Fight on {location}: {mine} against {theirs}."),
                            location=_name(loc), mine=mine, theirs=theirs))
            if mine > theirs:
                _clear(state, loc)
                state["discard"][owner].append(kind)
                turn["won_vampire"] = KINDS[kind]["base"] == "vampire"
                log.append(line(N_("{who} wins the fight: {card} goes to the discard pile."),
                                who=_who(seat), card=_label(kind)))
                if state["supply"][seat]:
                    turn["stage"] = "lay"
                    turn["lay_at"] = loc
                    turn["after_lay"] = "special"
                    return Applied(state, log, revealed=True)
                log.append(line(N_("{who} has no card left to lay: {location} stays empty."),
                                who=_who(seat), location=_name(loc)))
            elif mine < theirs:
                _lose_lives(state, seat, 1, log,
                            N_("{who} loses the fight and {count} life; the card is turned "
                               "face down again."))
                if _over(state):
                    return Applied(state, log, revealed=True)
            else:
                log.append(line(N_("A draw: the card is turned face down again, no life is "
                                   "lost.")))
        if _over(state):
            return Applied(state, log, revealed=True)
    _to_special(state, log)
    _maybe_end(state, log, rng)
    return Applied(state, log, revealed=True)
