"""Challenges: straight across from the first row, Medusa, Pythia against Nemesis/Poseidon,
Pandora's box, Pegasus from the hand, and the choices they leave to a player (where a card
Pegasus took goes, in which order swept cards are thrown away).

„Hráč, který začne souboj posune útočící kartu dopředu, otočí ji a oznámí sílu karty. To
samé udělá soupeř s kartou, která byla vyzvána. Hráč s vyšší sílou vyhrává. Poražená karta
je odhozena na odkládací balíček. Vítězná karta zůstane odkryta v první řadě.“
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Action, IllegalActionError, Random, line
from companion.games.hera_zeus import field
from companion.games.hera_zeus.cards import ORDER, PICKED_AWAY
from companion.games.hera_zeus.core import (
    card_name,
    card_view,
    discard,
    finish,
    from_hand,
    hostage_of,
    key_of,
    kind,
    play_from_hand,
    power,
    reveal,
    round_of,
    strength,
    turn_of,
    who,
)
from companion.games.hera_zeus.field import FIGURE, column_param, front
from companion.games.hera_zeus.state import State

Log = list[dict[str, Any]]
SEATS = (0, 1)


# --- what may be challenged ---------------------------------------------------------------


def challenge_problem(state: State, seat: int, col: int) -> tuple[str, dict[str, Any]] | None:
    """Why ``seat`` may not challenge in column ``col`` now (message id and its fields)."""
    opp = 1 - seat
    args: dict[str, Any] = {"column": col, "other": who(opp)}
    if round_of(state) < 2:
        return N_("Challenges start in round 2."), {}
    mine, theirs = front(state, seat, col), front(state, opp, col)
    if mine is None:
        return N_("You have no card in column {column}."), args
    if mine == FIGURE:
        return N_("Your figure never challenges."), {}
    if not field.can_challenge(kind(state, mine)):
        return N_("{card} never challenges."), {"card": card_name(state, mine)}
    if theirs is None:
        return N_("{other} has no card in column {column}."), args
    if theirs == FIGURE:
        return N_("{other}'s figure stands in column {column}: only Pegasus from the hand "
                  "challenges it."), args
    support = state["rules"]["challenge_support"]
    if support in ("attacker", "both") and len(field.column(state, seat, col)) < 2:
        return N_("Your column {column} needs at least two cards to challenge."), args
    if support in ("defender", "both") and len(field.column(state, opp, col)) < 2:
        return N_("{other}'s column {column} needs at least two cards to be challenged."), args
    return None


def holds_pegasus(state: State, seat: int) -> bool:
    return from_hand(state, seat, "pegasus") is not None or \
        from_hand(state, seat, "lured:pegasus") is not None


def turn_actions(state: State, seat: int) -> list[Action]:
    """Challenges and Pegasus' uses from the hand."""
    opp = 1 - seat
    found = []
    for col in range(1, field.COLUMNS + 1):
        if challenge_problem(state, seat, col) is None:
            found.append(Action(
                "challenge", {"column": col}, N_("Challenge in column {column}"),
                {"column": col}, group=N_("Challenge"),
                hint=N_("Both first-row cards turn up; the higher strength wins and stays "
                        "face up, the loser is discarded, a tie discards both.")))
    if not holds_pegasus(state, seat) or round_of(state) < 2:
        return found
    group = N_("Pegasus from your hand")
    if state["hands"][opp]:
        found.append(Action("pegasus_pick", {}, N_("Take a random card from {other}'s hand"),
                            {"other": who(opp)}, group=group,
                            hint=N_("Io or Argus wins; Pandora empties the whole hand; a card "
                                    "of strength 2–7 goes face up into their first row; "
                                    "anything else is discarded.")))
    for col in range(1, field.COLUMNS + 1):
        if front(state, opp, col) is not None:
            found.append(Action(
                "pegasus_strike", {"column": col}, N_("Challenge {other}'s column {column}"),
                {"column": col, "other": who(opp)}, group=group,
                hint=N_("Their first card turns up: 0 or 1 is discarded (not Medusa), 2–7 "
                        "stays face up, a figure goes back beside the table.")))
    if state["rules"]["figure_removal"] == "pegasus" and field.figure_column(state, seat):
        found.append(Action("pegasus_own", {}, N_("Remove your own figure"), group=group,
                            hint=N_("Optional rule: only a Pegasus from the hand removes your "
                                    "own figure.")))
    return found


# --- a challenge ----------------------------------------------------------------------------


def challenge(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[Log, bool]:
    col = column_param(params)
    problem = challenge_problem(state, seat, col)
    if problem is not None:
        raise IllegalActionError(problem[0], **problem[1])
    opp = 1 - seat
    attacker, defender = front(state, seat, col), front(state, opp, col)
    assert attacker is not None and defender is not None, "no problem: both columns hold a card"
    reveal(state, attacker)
    reveal(state, defender)
    log = [line(N_("{who} challenges in column {column}: {a} ({sa}) against {other}'s {b} "
                   "({sb})."), who=who(seat), other=who(opp), column=col,
                a=card_name(state, attacker), sa=power(state, attacker),
                b=card_name(state, defender), sb=power(state, defender))]
    log += _fight(state, seat, col, attacker, defender)
    return remember(state, "challenge", seat, col, [(seat, attacker), (opp, defender)], log)


def remember(state: State, what: str, seat: int, col: int | None,
             cards: list[tuple[int, str]], log: Log) -> tuple[Log, bool]:
    """Keep the last challenge or reveal for the tablet (its cards, face up, and its public
    lines); it showed a card, so it is a revealing action."""
    state["last"] = {"kind": what, "seat": seat, "column": col,
                     "turn": turn_of(state)["number"],
                     "cards": [{"seat": s, "card": card_view(state, c, s)} for s, c in cards],
                     "lines": [entry for entry in log if "to" not in entry]}
    return log, True


def _defeat(state: State, seat: int, col: int) -> str:
    """The first-row card of a column is discarded; the cards behind it move up."""
    card = field.take(state, seat, col, 0)
    discard(state, seat, card)
    return card


def _fight(state: State, seat: int, col: int, attacker: str, defender: str) -> Log:
    opp = 1 - seat
    ka, kd = kind(state, attacker), kind(state, defender)
    if kd == "hostage":
        return finish(state, [seat], N_("{winner} finds {card} in the first row and wins."),
                      winner=who(seat), card=card_name(state, defender))
    if kd == "pandora":
        return sweep(state, seat, col)
    if kd == "medusa":
        if ka == "amazon":
            _defeat(state, opp, col)
            return [line(N_("{card} defeats Medusa; Medusa is discarded."),
                         card=card_name(state, attacker))]
        _defeat(state, seat, col)
        return [line(N_("Medusa turns {card} to stone: it is discarded."),
                     card=card_name(state, attacker))]
    winner, reason = _stronger(state, attacker, defender)
    log = [line(reason)] if reason else []
    if winner == attacker:
        _defeat(state, opp, col)
        return log + [line(N_("{other}'s {card} is defeated and discarded; {winner} stays face "
                              "up."), other=who(opp), card=card_name(state, defender),
                           winner=card_name(state, attacker))]
    if winner == defender:
        _defeat(state, seat, col)
        return log + [line(N_("{other}'s {card} is defeated and discarded; {winner} stays face "
                              "up."), other=who(seat), card=card_name(state, attacker),
                           winner=card_name(state, defender))]
    _defeat(state, seat, col)
    _defeat(state, opp, col)
    return log + [line(N_("A tie: both cards are discarded."))]


def _stronger(state: State, attacker: str, defender: str) -> tuple[str | None, str]:
    """The winning card (None: a tie) and the card rule that decided it, if any."""
    ka, kd = kind(state, attacker), kind(state, defender)
    if ka == "pythia" and kd == "nemesis":
        return attacker, N_("Pythia is the only card stronger than Nemesis and Poseidon.")
    if kd == "pythia" and ka != "pythia":
        return attacker, N_("Pythia, challenged by another card, loses.")
    if state["rules"]["nemesis_beats_sevens"] and (ka == "nemesis") != (kd == "nemesis"):
        winner = attacker if ka == "nemesis" else defender
        return winner, N_("Nemesis and Poseidon beat every card but Pythia.")
    sa, sd = strength(state, attacker) or 0, strength(state, defender) or 0
    if sa == sd:
        return None, ""
    return (attacker if sa > sd else defender), ""


# --- Pandora's box and the discard order ------------------------------------------------------


def sweep(state: State, challenger: int, col: int) -> Log:
    """„Když nějaká karta vyzve Pandoru na souboj jsou všechny karta v příslušném sloupci
    odhozeny… Pokud je takto zrušena řada v níž se nachází Argus nebo Io hráč, který je
    ztratil prohrává hru… Pokud mají oba … vyhrává vyzyvatel.“"""
    defender = 1 - challenger
    sides = SEATS if state["rules"]["pandora_sweep"] == "both" else (defender,)
    log = [line(N_("Pandora opens her box: column {column} is swept away."), column=col)]
    limbo: list[list[str]] = [[], []]
    for s in sides:
        entries = state["fields"][s][col - 1]
        state["fields"][s][col - 1] = []
        if FIGURE in entries:
            log.append(line(N_("{who}'s figure goes back beside the table."), who=who(s)))
        limbo[s] = [e for e in entries if e != FIGURE]
        state["up"] = [c for c in state["up"] if c not in limbo[s]]
        if limbo[s]:
            log.append(line(N_("{who} loses {cards}."), who=who(s),
                            cards=[card_name(state, c) for c in limbo[s]]))
    for loser in (defender, challenger):
        hostage = hostage_of(state, loser)
        if hostage in limbo[loser]:
            _throw_all(state, limbo)
            return log + finish(state, [1 - loser],
                                N_("{card} was in the swept column: {winner} wins."),
                                card=card_name(state, hostage), winner=who(1 - loser))
    return log + start_bury(state, limbo)


def _throw_all(state: State, limbo: list[list[str]]) -> None:
    for s in SEATS:
        for card in limbo[s]:
            discard(state, s, card)
        limbo[s] = []


def lurable(state: State, card: str) -> bool:
    """A card the Sirens may take: strength 1 to 7."""
    value = strength(state, card)
    return value is not None and 1 <= value <= 7


def start_bury(state: State, limbo: list[list[str]]) -> Log:
    """„Každý hráč si vybere pořadí v jakém budou jeho karty vhozeny do hrobu.“ Only the
    order of the cards the Sirens could take matters, so only that is asked."""
    state["pending"] = {"kind": "bury", "limbo": limbo}
    log: Log = []
    for s in SEATS:
        log += _auto_bury(state, s)
    if not any(limbo):
        state["pending"] = None
    return log


def _auto_bury(state: State, seat: int) -> Log:
    pending = state["pending"]
    assert pending is not None and pending["kind"] == "bury", "the cards wait to be thrown"
    limbo = pending["limbo"][seat]
    thrown = [c for c in limbo if not lurable(state, c)]
    if len({key_of(state, seat, c) for c in limbo if lurable(state, c)}) <= 1:
        thrown = list(limbo)
    for card in thrown:
        limbo.remove(card)
        discard(state, seat, card)
    if not thrown:
        return []
    return [line(N_("{who} throws {cards} onto the discard pile."), who=who(seat),
                 cards=[card_name(state, c) for c in thrown])]


def bury(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[Log, bool]:
    key: str = params["card"]
    pending = state["pending"]
    if pending is None or pending["kind"] != "bury":
        raise IllegalActionError(N_("Nothing is waiting to be discarded."))
    limbo = pending["limbo"][seat]
    card = next((c for c in limbo if key_of(state, seat, c) == key), None)
    if card is None:
        raise IllegalActionError(N_("That card is not waiting to be discarded."))
    limbo.remove(card)
    discard(state, seat, card)
    log = [line(N_("{who} throws {card} onto the discard pile."), who=who(seat),
                card=card_name(state, card))]
    log += _auto_bury(state, seat)
    if not any(pending["limbo"]):
        state["pending"] = None
    return log, False


# --- Pegasus from the hand ---------------------------------------------------------------


def _use_pegasus(state: State, seat: int) -> None:
    if round_of(state) < 2:
        raise IllegalActionError(N_("Pegasus' abilities start in round 2."))
    card = play_from_hand(state, seat, "pegasus")
    if card is None:
        raise IllegalActionError(N_("You hold no Pegasus."))
    discard(state, seat, card)


def place_columns(state: State, seat: int) -> list[int]:
    """Where a card Pegasus took may go: „nemůže být umístěna do sloupce, kde už jsou čtyři
    karty a nemůže být dána do sloupce, kde je v první řadě Hera nebo Zeus“."""
    return [col for col in range(1, field.COLUMNS + 1)
            if len(field.column(state, seat, col)) < field.DEPTH
            and front(state, seat, col) != FIGURE]


def pegasus_pick(state: State, seat: int, params: dict[str, Any],
                 rng: Random) -> tuple[Log, bool]:
    """„Hráč odhodí Pegase a náhodně vybere kartu ze soupeřovy ruky.“"""
    opp = 1 - seat
    if not state["hands"][opp]:
        raise IllegalActionError(N_("{other} holds no card."), other=who(opp))
    _use_pegasus(state, seat)
    hand = state["hands"][opp]
    card = hand.pop(rng.randbelow(len(hand)))
    k = kind(state, card)
    log = [line(N_("{who} plays Pegasus and takes a card blindly from {other}'s hand: "
                   "{card} ({strength})."), who=who(seat), other=who(opp),
                card=card_name(state, card), strength=power(state, card))]
    log += _picked(state, seat, card, k)
    return remember(state, "pick", seat, None, [(opp, card)], log)


def _picked(state: State, seat: int, card: str, k: str) -> Log:
    opp = 1 - seat
    if k == "hostage":
        discard(state, opp, card)
        return finish(state, [seat], N_("Pegasus finds {card} in {loser}'s hand: {winner} "
                                        "wins."), card=card_name(state, card),
                      loser=who(opp), winner=who(seat))
    if k == "pandora":
        lost = [card, *state["hands"][opp]]
        state["hands"][opp] = []
        log = [line(N_("Pandora: {who} loses the whole hand: {cards}."), who=who(opp),
                    cards=[card_name(state, c) for c in lost])]
        hostage = hostage_of(state, opp)
        if hostage in lost:
            for c in lost:
                discard(state, opp, c)
            return log + finish(state, [seat], N_("{card} was in the lost hand: {winner} wins."),
                                card=card_name(state, hostage), winner=who(seat))
        limbo: list[list[str]] = [[], []]
        limbo[opp] = lost
        return log + start_bury(state, limbo)
    value = strength(state, card)
    if k in PICKED_AWAY or value is None or value <= 1:
        discard(state, opp, card)
        return [line(N_("{card} goes onto {other}'s discard pile."),
                     card=card_name(state, card), other=who(opp))]
    columns = place_columns(state, opp)
    if not columns:
        discard(state, opp, card)
        return [line(N_("{other} has no column for {card}: it is discarded."),
                     card=card_name(state, card), other=who(opp))]
    if len(columns) == 1:
        return _put(state, opp, columns[0], card)
    state["pending"] = {"kind": "place", "seat": opp, "card": card}
    return [line(N_("{other} chooses the column for {card}."), other=who(opp),
                 card=card_name(state, card))]


def _put(state: State, seat: int, col: int, card: str) -> Log:
    field.insert(state, seat, col, 0, card)
    reveal(state, card)
    return [line(N_("{card} goes face up into {who}'s first row, column {column}."),
                 card=card_name(state, card), who=who(seat), column=col)]


def place(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[Log, bool]:
    col = column_param(params)
    pending = state["pending"]
    if pending is None or pending["kind"] != "place":
        raise IllegalActionError(N_("No card is waiting for a column."))
    card = pending["card"]
    if col not in place_columns(state, seat):
        raise IllegalActionError(N_("{card} cannot go into column {column}: it is full or "
                                    "your figure stands there."),
                                 card=card_name(state, card), column=col)
    state["pending"] = None
    return _put(state, seat, col, card), False


def pegasus_strike(state: State, seat: int, params: dict[str, Any],
                   rng: Random) -> tuple[Log, bool]:
    """„Za jeden akční bod může … vyzvat na souboj nějakou kartu nebo figuru ze soupeřovy
    první řady.“"""
    col = column_param(params)
    opp = 1 - seat
    target = front(state, opp, col)
    if target is None:
        raise IllegalActionError(N_("{other} has no card in column {column}."),
                                 other=who(opp), column=col)
    _use_pegasus(state, seat)
    if target == FIGURE:
        field.take(state, opp, col, 0)
        log = [line(N_("{who}'s Pegasus challenges {other}'s figure in column {column}: it "
                       "goes back beside the table."), who=who(seat), other=who(opp),
                    column=col)]
        return remember(state, "strike", seat, col, [], log)
    reveal(state, target)
    log = [line(N_("{who}'s Pegasus challenges column {column}: {other}'s {card} ({strength}) "
                   "is turned up."), who=who(seat), other=who(opp), column=col,
                card=card_name(state, target), strength=power(state, target))]
    log += _struck(state, seat, col, target)
    return remember(state, "strike", seat, col, [(opp, target)], log)


def _struck(state: State, seat: int, col: int, target: str) -> Log:
    opp = 1 - seat
    k = kind(state, target)
    if k == "hostage":
        return finish(state, [seat], N_("Pegasus turns up {card} in the first row: {winner} "
                                        "wins."), card=card_name(state, target),
                      winner=who(seat))
    if k == "pandora":
        return sweep(state, seat, col)
    if k == "medusa":
        return [line(N_("Medusa stays: only Amazon or Hero defeats her."))]
    if k == "pythia":
        _defeat(state, opp, col)
        return [line(N_("Pythia, challenged by another card, loses."))]
    value = strength(state, target)
    if value is None or value <= 1:
        _defeat(state, opp, col)
        return [line(N_("{card} has strength {strength}: it is discarded."),
                     card=card_name(state, target), strength=power(state, target))]
    return [line(N_("{card} stays face up."), card=card_name(state, target))]


def pegasus_own(state: State, seat: int, params: dict[str, Any],
                rng: Random) -> tuple[Log, bool]:
    """Optional rule: „Hráč smí zničit svoji figuru pouze s pomocí pegase zahraného z ruky.“"""
    col = field.own_figure(state, seat, "pegasus")
    _use_pegasus(state, seat)
    field.take(state, seat, col, 0)
    return [line(N_("{who} plays Pegasus against the own figure: it goes back beside the "
                    "table."), who=who(seat))], False


# --- replies while the turn waits --------------------------------------------------------------


def waits_for(state: State, seat: int) -> bool:
    """True when the pending choice needs ``seat``."""
    pending = state["pending"]
    if pending is None:
        return False
    if pending["kind"] == "place":
        return pending["seat"] == seat
    return bool(pending["limbo"][seat])


def reply_actions(state: State, seat: int) -> list[Action]:
    pending = state["pending"]
    if pending is None or not waits_for(state, seat):
        return []
    if pending["kind"] == "place":
        card = pending["card"]
        return [Action("place", {"column": col}, N_("Put {card} into column {column}"),
                       {"card": card_name(state, card), "column": col},
                       group=N_("Pegasus took a card from your hand"),
                       hint=N_("It goes face up into the first row of the column you choose."))
                for col in place_columns(state, seat)]
    keys: dict[str, str] = {}
    for card in pending["limbo"][seat]:
        keys.setdefault(key_of(state, seat, card), card)
    return [Action("bury", {"card": key}, N_("Throw {card} next"),
                   {"card": card_name(state, card)}, group=N_("Order your discarded cards"),
                   hint=N_("The last card thrown lies on top: the opponent's Sirens take the "
                           "topmost card of strength 1–7."))
            for key, card in sorted(keys.items(), key=lambda kv: ORDER[kind(state, kv[1])])]

