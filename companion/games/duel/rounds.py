"""A round resolved, and what follows it.

The two final cards resolve in the rulebook's order (Wind, laying, removals, shots, then the
one-shot cards leave the game); then Demon's Help's blind pick, the next round's secret
choice, or the end of the duel (a hit, the cards spent, no shot left).
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Applied, IllegalActionError, Outcome, Random, Termination, line
from companion.games.duel.cards import BY_KEY, sort_hand
from companion.games.duel.core import PISTOLS, SEATS, can_shoot, has_playable, wrong_phase
from companion.games.duel.core import current as core_current
from companion.games.duel.dice import HIT_ON, WIND_ROUNDS, roll_shot, show_faces, wind_modifier
from companion.games.duel.state import Rules, Shot, State

# Resolving a round.

def _remove_laid(state: State, seat: int, count: int, round_: int) -> int:
    """Remove up to ``count`` of ``seat``'s laid Aims, the last laid first."""
    pile = state["laid"][seat]
    removed = 0
    while pile and removed < count:
        state["out"].append({"card": pile.pop(), "seat": seat, "round": round_})
        removed += 1
    return removed


def resolve(state: State, rng: Random) -> list[dict[str, Any]]:
    """Resolve the round's final cards: Wind, laying, removals, shots, then what follows."""
    current = core_current(state)
    n = current["n"]
    played: list[str | None] = current["played"]
    rules = state["rules"]
    events: list[dict[str, Any]] = []

    for s in SEATS:
        if played[s] == "wind":
            state["wind"].append(WIND_ROUNDS)
            events.append(line(N_("{who}'s Wind: all shots −2 this round and the next."),
                               who={"seat": s}))
    wind = wind_modifier(state)
    current["wind"] = wind

    for s in SEATS:
        card = played[s]
        if card is not None and _stays_laid(card, rules):
            state["laid"][s].append(card)
            text = (N_("{who} lays an Aim ({count} laid).") if card == "aim"
                    else N_("{who} lays {card}: it counts as an Aim ({count} laid)."))
            events.append(line(text, who={"seat": s}, card=BY_KEY[card].name,
                               count=len(state["laid"][s])))

    removals = [0, 0]
    for s in SEATS:
        other = 1 - s
        theirs = played[other]
        if played[s] == "bluff":
            if theirs == "bluff":
                if s == 0:
                    events.append(line(N_("The two Bluffs cancel each other out.")))
            elif theirs in ("shot", "nerves"):
                events.append(line(N_("{other}'s {card} cancels {who}'s Bluff."),
                                   who={"seat": s}, other={"seat": other},
                                   card=BY_KEY[theirs].name))
            else:
                removals[other] = 2
        elif played[s] == "mistress":
            removals[other] = 1
    for s in SEATS:
        if removals[s]:
            remover = played[1 - s]
            assert remover is not None, "only a Bluff or a Mistress removes Aims"
            removed = _remove_laid(state, s, removals[s], n)
            card = BY_KEY[remover].name
            if removed:
                events.append(line(N_("{other}'s {card} removes {count} of {who}'s Aims "
                                      "({left} left)."), who={"seat": s},
                                   other={"seat": 1 - s}, card=card, count=removed,
                                   left=len(state["laid"][s])))
            else:
                events.append(line(N_("{other}'s {card} finds no Aim to remove."),
                                   other={"seat": 1 - s}, card=card))

    for s in SEATS:
        if played[s] != "shot":
            continue
        other = 1 - s
        state["pistols"][s] -= 1
        pistol = PISTOLS - state["pistols"][s]
        record: Shot
        if played[other] == "wet_powder":
            record = {"faces": [], "symbols": [], "dice": 0,
                      "modifiers": [{"name": N_("Wet Powder"), "value": None}],
                      "total": None, "need": HIT_ON, "hit": False, "misfire": True}
            events.append(line(N_("{who} fires pistol {pistol}: wet powder, the shot misfires."),
                               who={"seat": s}, pistol=pistol))
        else:
            record = roll_shot(rng, len(state["laid"][s]), wind)
            text = {(True, False): N_("{who} fires pistol {pistol}: {faces} + {aims} Aims = "
                                      "{total}. A hit!"),
                    (False, False): N_("{who} fires pistol {pistol}: {faces} + {aims} Aims = "
                                       "{total}. A miss."),
                    (True, True): N_("{who} fires pistol {pistol}: {faces} + {aims} Aims, "
                                     "Wind {wind} = {total}. A hit!"),
                    (False, True): N_("{who} fires pistol {pistol}: {faces} + {aims} Aims, "
                                      "Wind {wind} = {total}. A miss.")}[
                (record["hit"], bool(wind))]
            args: dict[str, Any] = {"wind": f"{wind:+d}".replace("-", "−")} if wind else {}
            events.append(line(text, who={"seat": s}, pistol=pistol,
                               faces=show_faces(record["faces"]),
                               aims=len(state["laid"][s]), total=record["total"], **args))
            if record["hit"]:
                state["fallen"][other] = True
        record.update({"seat": s, "pistol": pistol})
        current["rolls"].append(record)

    for s in SEATS:
        if played[s] == "wet_powder" and played[1 - s] != "shot":
            events.append(line(N_("{who}'s Wet Powder finds no shot to spoil."), who={"seat": s}))

    # One-shot cards leave the game; Aims stay (they were laid above).
    for s in SEATS:
        card = played[s]
        if card is not None and not _stays_laid(card, rules):
            state["out"].append({"card": card, "seat": s, "round": n})

    state["wind"] = [left - 1 for left in state["wind"] if left > 1]
    current["events"] = events
    state["history"].append(current)
    state["current"] = None
    log = list(events)

    if any(state["fallen"]):
        log += _finish_fallen(state)
        return log
    pickers = []
    for s in SEATS:
        if played[s] == "demon":
            if state["hands"][1 - s]:
                pickers.append(s)
            else:
                event = line(N_("{who}'s Demon's Help finds no card to take."), who={"seat": s})
                current["events"].append(event)
                log.append(event)
    if pickers and _end_reason(state) is None:
        state["phase"] = "demon"
        state["picking"] = [s in pickers for s in SEATS]
        state["active"] = [False, False]
        return log
    return log + next_round(state)


def _stays_laid(card: str, rules: Rules) -> bool:
    return card in ("aim", "nerves") or (card == "mistress" and rules["mistress_aim"])


# Demon's Help: the blind pick.

def pick(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    number: int = params["position"]
    if state["phase"] != "demon" or not state["picking"][seat]:
        raise wrong_phase(state, seat)
    victim = 1 - seat
    hand = state["hands"][victim]
    if not 1 <= number <= len(hand):
        raise IllegalActionError(N_("Pick a card between 1 and {count}."), count=len(hand))
    # The hand is shuffled at the moment of the pick, so a position carries no information.
    shuffled = rng.shuffle(hand)
    card = shuffled.pop(number - 1)
    state["hands"][victim] = sort_hand(shuffled)
    last = state["history"][-1]
    state["out"].append({"card": card, "seat": victim, "round": last["n"]})
    state["picking"][seat] = False
    event = line(N_("{who} takes card {position} blindly from {other}: {card} leaves the game."),
                 who={"seat": seat}, other={"seat": victim}, position=number,
                 card=BY_KEY[card].name)
    last["events"].append(event)
    log = [event]
    if not any(state["picking"]):
        log += next_round(state)
    return Applied(state, log, revealed=True)


# Between rounds, and the end.

def _end_reason(state: State) -> str | None:
    """Why the duel ends now with both standing (a message id), or None."""
    empty = [not has_playable(state, s) for s in SEATS]
    if all(empty) or (state["rules"]["empty_hand_ends"] and any(empty)):
        return N_("The cards are spent and both duellists stand: a draw.")
    if not any(can_shoot(state, s) for s in SEATS):
        return N_("Neither duellist has a shot left: a draw.")
    return None


def next_round(state: State) -> list[dict[str, Any]]:
    """Start the next round's secret choice, or end the duel if no round can follow."""
    state["picking"] = [False, False]
    reason = _end_reason(state)
    if reason is not None:
        return _finish(state, Outcome(Termination.DRAW, (), reason, {}))
    state["round"] += 1
    state["phase"] = "choose"
    state["active"] = [
        has_playable(state, s) and not (state["round"] == 1 and state["skip_first"][s])
        for s in SEATS
    ]
    log = [line(N_("Round {round}: choose your cards."), round=state["round"])]
    for s in SEATS:
        if not state["active"][s]:
            log.append(line(N_("{who} plays no card this round."), who={"seat": s}))
    return log


def _finish_fallen(state: State) -> list[dict[str, Any]]:
    fallen = state["fallen"]
    if all(fallen):
        return _finish(state, Outcome(Termination.NO_WINNER, (),
                                      N_("Both duellists fall: nobody wins."), {}))
    loser = fallen.index(True)
    return _finish(state, Outcome(Termination.WIN, (1 - loser,),
                                  N_("{winner} wins the duel; {loser} falls."),
                                  {"winner": {"seat": 1 - loser}, "loser": {"seat": loser}}))


def _finish(state: State, outcome: Outcome) -> list[dict[str, Any]]:
    state["phase"] = "over"
    state["result"] = outcome.to_result()
    state["active"] = [False, False]
    state["picking"] = [False, False]
    state["deciding"] = [False, False]
    state["pending"] = [None, None]
    return [line(outcome.text, **outcome.args)]
