"""The special actions of the twenty action cards, the third stage of a turn: what each may
act on now (``special``), why one cannot be used (then it is skipped with the reason), using
it — Mámení's draw, Hloubka noci's swap and the rest — or ``skip_special``; and the effects
they leave for a later turn (Dech noci's stronger vampires, which :mod:`.play` also
counts)."""

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
    needed,
)
from companion.games.drakula import data
from companion.games.drakula.barriers import to_barrier
from companion.games.drakula.board import (
    card_at,
    card_name,
    card_order,
    check_captures,
    current,
    finish,
    label_of,
    location_name,
    lose_lives,
    over,
    played,
    proves,
    remember,
    snapshot,
    supply_lines,
    supply_public,
    turn_no,
    who,
)
from companion.games.drakula.data import (
    ACTION_CARDS,
    COACH_STATION,
    DRACULA,
    HARBOUR,
    KINDS,
    LOCATIONS,
    VAN_HELSING,
)
from companion.games.drakula.state import State
from companion.games.drakula.turn import end_turn_if_done, kind_param, location_param, need_turn


def _special_targets(state: State, seat: int) -> list[Action]:
    """The special action of the played card, when it may be used now."""
    turn = current(state)
    cid = played(turn)
    group = N_("Special action")
    label = card_name(cid)
    hint = ACTION_CARDS[cid]["special"] or ""
    found: list[Action] = []

    def add(params: dict[str, Any], text: str, **args: Any) -> None:
        found.append(Action("special", params, text, {"card": label, **args}, group=group,
                            hint=hint))

    if cid in ("bojovnost", "bystrost", "mameni", "ostrazitost", "dech", "sepot", "oci"):
        add({}, N_("Use {card}"))
    elif cid == "odpor" or cid == "vnuknuti":
        for loc in LOCATIONS:
            if state["locations"][loc] is not None:
                add({"location": loc}, N_("{card}: {location}"), location=location_name(loc))
    elif cid == "hloubka":
        for loc in LOCATIONS:
            if loc == turn["first"]:
                continue
            if turn["first"] is None or state["locations"][loc] is not None \
                    or state["locations"][turn["first"]] is not None:
                text = N_("{card}: swap {location} with …") if turn["first"] is None else \
                    N_("{card}: swap with {location}")
                add({"location": loc}, text, location=location_name(loc))
    elif cid == "kridla":
        for loc in LOCATIONS:
            if loc != state["figures"][seat]:
                add({"location": loc}, N_("{card}: fly to {location}"), location=location_name(loc))
    elif cid == "sumeni":
        for figure in (DRACULA, VAN_HELSING):
            if state["figures"][figure] != HARBOUR:
                add({"figure": figure}, N_("{card}: {figure} to the harbour"),
                    figure=data.ROLES[figure])
    elif cid == "posila":
        hunters = sorted({k for k in state["discard"][VAN_HELSING]})
        if hunters:
            for kind in hunters:
                add({"kind": kind}, N_("{card}: to the coach station, take back {hunter}"),
                    hunter=label_of(kind))
        else:
            add({"kind": ""}, N_("{card}: to the coach station"))
    elif cid == "tep":
        for kind in sorted(set(state["discard"][DRACULA])):
            add({"kind": kind}, N_("{card}: take back {vampire}"), vampire=label_of(kind))
    elif cid == "trpelivost":
        for other in state["hands"][seat]["played"]:
            if other != "trpelivost":
                add({"card": other}, N_("{card}: take back {other}"), other=card_name(other))
    return found


def special_actions(state: State, seat: int) -> list[Action]:
    return _special_targets(state, seat)


def _special_blocked(state: State) -> str | None:
    """Why the played card's special action cannot be used now, or None."""
    turn = current(state)
    cid = played(turn)
    seat = turn["seat"]
    if ACTION_CARDS[cid]["special"] is None or cid == "tajemstvi":
        return ""
    if seat == DRACULA and state["effects"]["ostrazitost"]:
        return N_("Vigilance: Dracula may not use this special action.")
    if cid == "bojovnost" and not turn["won_vampire"]:
        return N_("Battle Lust needs a fight won against a vampire this turn.")
    if cid == "mameni":
        if turn["revealed"]:
            return N_("Feint: you revealed one of Dracula's cards this turn.")
        if not state["supply"][DRACULA]:
            return N_("Feint: Dracula's supply is empty.")
    if cid == "tep" and not state["discard"][DRACULA]:
        return N_("The Pulse of the Night: no vampire lies on the discard pile.")
    if cid == "trpelivost" and not [c for c in state["hands"][seat]["played"]
                                    if c != "trpelivost"]:
        return N_("Composure: no other action card has been played.")
    if not _special_targets(state, seat):
        return N_("The special action has nothing to act on now.")
    return None


def dech_bonus(state: State, kind: str) -> int:
    """The Breath of the Night: +1 for vampires in Van Helsing's next (not extra) turn."""
    turn = current(state)
    return int(state["effects"]["dech"] and KINDS[kind]["base"] == "vampire"
               and turn["seat"] == VAN_HELSING and not turn["extra"])


def to_special(state: State, log: list[dict[str, Any]]) -> None:
    turn = current(state)
    blocked = _special_blocked(state)
    if blocked is None:
        turn["stage"] = "special"
        return
    if blocked:
        log.append(line(blocked))
    to_barrier(state, log)


def use_special(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    turn = need_turn(state, seat, "special")
    cid = played(turn)
    name = card_name(cid)
    log: list[dict[str, Any]] = []
    revealed = False
    if cid == "bojovnost":
        turn["another_turn"] = True
        log.append(line(N_("{who} uses {card}: another whole turn follows."), who=who(seat),
                        card=name))
    elif cid == "bystrost":
        snapshot(state, VAN_HELSING)
        log.append(line(N_("{who} uses {card} and looks at Dracula's whole supply."),
                        who=who(seat), card=name))
        log += supply_lines(state, DRACULA, VAN_HELSING)
        revealed = True
        if proves(state, VAN_HELSING):
            log.append(line(N_("No target card of {loser} can be on the board any more."),
                            loser=who(DRACULA)))
            finish(state, [VAN_HELSING], N_("{winner} proved that no target card of "
                                            "{loser} is left on the board."),
                   winner=who(VAN_HELSING), loser=who(DRACULA))
            return Applied(state, log, revealed=True)
    elif cid == "mameni":
        revealed = True
        _mameni(state, log, rng)
        if over(state):
            return Applied(state, log, revealed=True)
    elif cid == "ostrazitost":
        state["effects"]["ostrazitost"] = True
        log.append(line(N_("{who} uses {card}: Dracula may not use the special action of "
                           "his next action card."), who=who(seat), card=name))
    elif cid == "dech":
        state["effects"]["dech"] = True
        log.append(line(N_("{who} uses {card}: in Van Helsing's next turn every vampire is "
                           "one point stronger."), who=who(seat), card=name))
    elif cid == "sepot":
        state["effects"]["sepot"] = True
        log.append(line(N_("{who} uses {card}: Van Helsing may not move a barrier in his "
                           "next turn."), who=who(seat), card=name))
    elif cid == "oci":
        turn["oci"] = True
        log.append(line(N_("{who} uses {card}: one more barrier may move."), who=who(seat),
                        card=name))
    elif cid in ("odpor", "vnuknuti"):
        loc = location_param(params)
        if state["locations"][loc] is None:
            raise IllegalActionError(N_("There is no card on {location}."),
                                     location=location_name(loc))
        if cid == "odpor":
            state["effects"]["turned"] = loc
            log.append(line(N_("{who} uses {card}: the card on {location} is turned by 90°; "
                               "Dracula may not look at it in his next turn."),
                            who=who(seat), card=name, location=location_name(loc)))
        else:
            remember(state, seat, loc, "inspired")
            revealed = True
            log.append(line(N_("{who} uses {card} and secretly looks at the card on "
                               "{location}."), who=who(seat), card=name,
                            location=location_name(loc)))
            log.append(line(N_("The card on {location} is {card}."), to=[seat],
                            location=location_name(loc), card=label_of(card_at(state, loc))))
    elif cid == "hloubka":
        loc = location_param(params)
        first = turn["first"]
        if loc == first:
            raise IllegalActionError(N_("Choose two different locations."))
        if first is None:
            turn["first"] = loc
            return Applied(state, [line(N_("You chose {location} for the swap."), to=[seat],
                                        location=location_name(loc))])
        if state["locations"][loc] is None and state["locations"][first] is None:
            raise IllegalActionError(N_("Both locations are empty: there is nothing to swap."))
        _swap(state, first, loc)
        log.append(line(N_("{who} uses {card}: the cards on {a} and {b} swap places."),
                        who=who(seat), card=name, a=location_name(first), b=location_name(loc)))
    elif cid == "kridla":
        loc = location_param(params)
        if loc == state["figures"][seat]:
            raise IllegalActionError(N_("Fly to another location."))
        state["figures"][seat] = loc
        log.append(line(N_("{who} uses {card} and flies to {location}."), who=who(seat),
                        card=name, location=location_name(loc)))
    elif cid == "sumeni":
        figure = needed(params, "figure")
        if figure not in (DRACULA, VAN_HELSING):
            raise ActionSyntaxError(N_("There is no such figure."))
        if state["figures"][figure] == HARBOUR:
            raise IllegalActionError(N_("That figure is already on the harbour."))
        state["figures"][figure] = HARBOUR
        log.append(line(N_("{who} uses {card}: {figure} goes to the harbour."),
                        who=who(seat), card=name, figure=who(figure)))
    elif cid == "posila":
        kind = needed(params, "kind")
        if kind and kind not in state["discard"][VAN_HELSING]:
            raise IllegalActionError(N_("No such vampire hunter lies on your discard pile."))
        if not kind and state["discard"][VAN_HELSING]:
            raise IllegalActionError(N_("Choose the vampire hunter to take back."))
        state["figures"][seat] = COACH_STATION
        log.append(line(N_("{who} uses {card} and goes to the coach station."),
                        who=who(seat), card=name))
        if kind:
            state["discard"][VAN_HELSING].remove(kind)
            state["supply"][VAN_HELSING] = sorted([*state["supply"][VAN_HELSING], kind])
            supply_public(state, VAN_HELSING, add=kind)
            log.append(line(N_("{who} takes {card} back into the supply."), who=who(seat),
                            card=label_of(kind)))
    elif cid == "tep":
        kind = kind_param(params)
        if kind not in state["discard"][DRACULA]:
            raise IllegalActionError(N_("No such vampire lies on your discard pile."))
        state["discard"][DRACULA].remove(kind)
        state["supply"][DRACULA] = sorted([*state["supply"][DRACULA], kind])
        supply_public(state, DRACULA, add=kind)
        log.append(line(N_("{who} uses {card} and takes {vampire} back into the supply."),
                        who=who(seat), card=name, vampire=label_of(kind)))
    elif cid == "trpelivost":
        other = needed(params, "card")
        hand = state["hands"][seat]
        if other == "trpelivost" or other not in hand["played"]:
            raise IllegalActionError(N_("Take back one of your other played action cards."))
        hand["played"].remove(other)
        hand["hand"] = sorted([*hand["hand"], other], key=card_order)
        hand["known"].append(other)
        log.append(line(N_("{who} uses {card} and takes {other} back into the hand."),
                        who=who(seat), card=name, other=card_name(other)))
    to_barrier(state, log)
    revealed |= end_turn_if_done(state, log, rng)
    return Applied(state, log, revealed=revealed)


def _mameni(state: State, log: list[dict[str, Any]], rng: Random) -> None:
    supply = state["supply"][DRACULA]
    if not supply:  # emptied after the stage began (his last target card given away)
        log.append(line(N_("{who} uses Feint, but Dracula's supply is empty: there is "
                           "nothing to draw."), who=who(VAN_HELSING)))
        return
    kind = supply[rng.randbelow(len(supply))]
    log.append(line(N_("{who} uses Feint and draws {card} from Dracula's supply."),
                    who=who(VAN_HELSING), card=label_of(kind)))
    kind_type = KINDS[kind]["type"]
    if kind_type == "target":
        supply.remove(kind)
        state["captured"][VAN_HELSING].append(kind)
        supply_public(state, DRACULA, remove=kind)
        log.append(line(N_("{who} captures {card}."), who=who(VAN_HELSING), card=label_of(kind)))
        check_captures(state, VAN_HELSING, log)
    elif kind_type == "power":
        lose_lives(state, VAN_HELSING, 1, log,
                   N_("{who} met a sign of power and loses {count} life."))
        log.append(line(N_("{card} goes back into Dracula's supply."), card=label_of(kind)))
    else:
        mine = state["cards"]["mameni"]["strength"] or 0
        theirs = KINDS[kind]["strength"] + dech_bonus(state, kind)
        log.append(line(N_("Fight: {mine} against {theirs}."), mine=mine, theirs=theirs))
        if mine > theirs:
            supply.remove(kind)
            state["discard"][DRACULA].append(kind)
            supply_public(state, DRACULA, remove=kind)
            log.append(line(N_("{who} wins the fight: {card} goes to the discard pile."),
                            who=who(VAN_HELSING), card=label_of(kind)))
        elif mine < theirs:
            lose_lives(state, VAN_HELSING, 1, log,
                       N_("{who} loses the fight and {count} life."))
            log.append(line(N_("{card} goes back into Dracula's supply."), card=label_of(kind)))
        else:
            log.append(line(N_("A draw: {card} goes back into Dracula's supply."),
                            card=label_of(kind)))


def _swap(state: State, a: str, b: str) -> None:
    locations, owners = state["locations"], state["owners"]
    locations[a], locations[b] = locations[b], locations[a]
    owners[a], owners[b] = owners[b], owners[a]
    for memory in state["memory"]:
        first, second = memory.pop(a, None), memory.pop(b, None)
        for loc, entry in ((b, first), (a, second)):
            if entry is not None:
                entry["moved"] = turn_no(state)
                memory[loc] = entry
    effects = state["effects"]
    if effects["turned"] in (a, b):
        effects["turned"] = b if effects["turned"] == a else a


def skip_special(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    turn = need_turn(state, seat, "special")
    log = [line(N_("{who} does without the special action of {card}."), who=who(seat),
                card=card_name(played(turn)))]
    to_barrier(state, log)
    return Applied(state, log, revealed=end_turn_if_done(state, log, rng))
