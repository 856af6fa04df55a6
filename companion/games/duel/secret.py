"""The secret plays and their reveal.

Each duellist decides on his phone, and the decision stays with him until the last one
decides: Confused Signal (or “ready”) before the duel, the card of a round, and Mind
Reading's keep or swap after the reveal. The last decision turns them all and hands the round
to :mod:`.rounds`.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Applied, IllegalActionError, Random, line
from companion.games.duel.cards import BY_KEY
from companion.games.duel.core import KEEP, SEATS, playable, swappable, wrong_phase
from companion.games.duel.core import current as core_current
from companion.games.duel.rounds import next_round, resolve
from companion.games.duel.state import State


def _already(state: State, seat: int) -> None:
    if state["pending"][seat] is not None:
        raise IllegalActionError(N_("You have already chosen; wait for your opponent."))


# Before the duel: Confused Signal.

def ready(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    return _signal_choice(state, seat, params, play=False)


def signal(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    return _signal_choice(state, seat, params, play=True)


def _signal_choice(state: State, seat: int, params: dict[str, Any],
                   play: bool) -> Applied[State]:
    if state["phase"] != "signal":
        raise IllegalActionError(N_("Confused Signal can only be played before the duel."))
    _already(state, seat)
    if play and "signal" not in state["hands"][seat]:
        raise IllegalActionError(N_("You hold no Confused Signal."))
    state["pending"][seat] = "signal" if play else "ready"
    log = [line(N_("{who} is ready."), who={"seat": seat})]
    log.append(line(N_("You play {card} when both are ready."), to=[seat],
                    card=BY_KEY["signal"].name) if play
               else line(N_("You play no signal."), to=[seat]))
    if any(pick is None for pick in state["pending"]):
        return Applied(state, log)
    signallers = [s for s in SEATS if state["pending"][s] == "signal"]
    for s in signallers:
        state["hands"][s].remove("signal")
        state["out"].append({"card": "signal", "seat": s, "round": 0})
        state["signalled"][s] = True
    if len(signallers) == 1:
        (s,) = signallers
        state["skip_first"][1 - s] = True
        log.append(line(N_("{who} plays Confused Signal: {other} plays no card in round 1."),
                        who={"seat": s}, other={"seat": 1 - s}))
    elif signallers:
        log.append(line(N_("Both duellists play Confused Signal: the signals cancel out.")))
    else:
        log.append(line(N_("Neither duellist gives a false signal. The duel begins.")))
    state["pending"] = [None, None]
    log += next_round(state)
    return Applied(state, log, revealed=True)


# A round: the secret choice, the reveal.

def choose(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    index: int = params["card"]
    if state["phase"] != "choose" or not state["active"][seat]:
        raise wrong_phase(state, seat)
    _already(state, seat)
    hand = state["hands"][seat]
    if not 0 <= index < len(hand):
        raise IllegalActionError(N_("You do not hold that card."))
    card = hand[index]
    if card == "signal":
        raise IllegalActionError(N_("Confused Signal can only be played before the duel."))
    if not playable(state, seat, card):
        raise IllegalActionError(N_("Both your pistols are fired."))
    state["pending"][seat] = card
    log = [line(N_("{who} has chosen a card."), who={"seat": seat}),
           line(N_("You chose {card}."), to=[seat], card=BY_KEY[card].name)]
    if any(state["active"][s] and state["pending"][s] is None for s in SEATS):
        return Applied(state, log)
    return Applied(state, log + _reveal(state, rng), revealed=True)


def _reveal(state: State, rng: Random) -> list[dict[str, Any]]:
    """Both cards turn at once; Mind Reading may interrupt before the round resolves."""
    played: list[str | None] = [None, None]
    for s in SEATS:
        card = state["pending"][s]
        if card is not None:
            state["hands"][s].remove(card)
            played[s] = card
    state["pending"] = [None, None]
    state["current"] = {"n": state["round"], "first": list(played), "played": list(played),
                        "swapped": [False, False], "events": [], "rolls": [], "wind": 0}
    log = []
    for s, shown in enumerate(played):
        if shown is None:
            log.append(line(N_("{who} plays no card."), who={"seat": s}))
        else:
            log.append(line(N_("{who} plays {card}."), who={"seat": s},
                            card=BY_KEY[shown].name))
    readers = [s for s in SEATS if played[s] == "mind"]
    if readers:
        state["phase"] = "mind"
        state["deciding"] = [played[s] == "mind" for s in SEATS]
        if len(readers) == 2:
            log.append(line(N_("Both read minds: each may swap Mind Reading in secret.")))
        else:
            log.append(line(N_("{who} reads the opponent's mind and may swap Mind Reading "
                               "for another card."), who={"seat": readers[0]}))
        return log
    return log + resolve(state, rng)


# Mind Reading: keep it, or play another card instead.

def keep(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    return _decide(state, seat, KEEP, rng)


def swap(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    index: int = params["card"]
    if state["phase"] != "mind" or not state["deciding"][seat]:
        raise wrong_phase(state, seat)
    hand = state["hands"][seat]
    if not 0 <= index < len(hand):
        raise IllegalActionError(N_("You do not hold that card."))
    card = hand[index]
    if card == "mind":
        raise IllegalActionError(N_("Swap Mind Reading for a different card."))
    if not swappable(state, seat, card):
        raise IllegalActionError(N_("That card cannot be played in a round."))
    return _decide(state, seat, card, rng)


def _decide(state: State, seat: int, choice: str, rng: Random) -> Applied[State]:
    if state["phase"] != "mind" or not state["deciding"][seat]:
        raise wrong_phase(state, seat)
    _already(state, seat)
    state["pending"][seat] = choice
    log = [line(N_("{who} has decided."), who={"seat": seat})]
    log.append(line(N_("You keep {card}."), to=[seat], card=BY_KEY["mind"].name)
               if choice == KEEP else
               line(N_("You play {card} instead."), to=[seat], card=BY_KEY[choice].name))
    if any(state["deciding"][s] and state["pending"][s] is None for s in SEATS):
        return Applied(state, log)
    current = core_current(state)
    for s in SEATS:
        if not state["deciding"][s]:
            continue
        pick = state["pending"][s]
        assert pick is not None, "every seat deciding has decided"
        if pick == KEEP:
            log.append(line(N_("{who} keeps Mind Reading."), who={"seat": s}))
            continue
        state["hands"][s].remove(pick)
        state["out"].append({"card": "mind", "seat": s, "round": current["n"]})
        current["played"][s] = pick
        current["swapped"][s] = True
        log.append(line(N_("{who} swaps Mind Reading for {card}."), who={"seat": s},
                        card=BY_KEY[pick].name))
    state["pending"] = [None, None]
    state["deciding"] = [False, False]
    return Applied(state, log + resolve(state, rng), revealed=True)
