"""The board and the bookkeeping every part of Drakula needs: names, barriers and what
each seat has seen (its memory of peeks), shared by the rules (``rules.py`` and the parts of
a turn: ``turn.py``, ``picks.py``, ``move.py``, ``play.py``, ``specials.py``,
``barriers.py``) and the view (``view.py``)."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from companion.games.base import (
    N_,
    line,
)
from companion.games.drakula import data
from companion.games.drakula.data import (
    ACTION_CARDS,
    BARRIER_COLOURS,
    EDGE_ENDS,
    EDGE_IDS,
    KINDS,
    LOCATIONS,
    NEIGHBOURS,
    TARGET,
)
from companion.games.drakula.state import Colour, How, State, Turn

FIRST_GAME_TIP = N_("Tip for the first game: mix two or three of your target cards into the six.")


def card_order(cid: str) -> int:
    return list(ACTION_CARDS).index(cid)



def barrier_now(turn: Turn) -> Colour | None:
    """The barrier whose places are offered: the one chosen, else the card's own colour."""
    if turn["barrier_colour"] is not None:
        return turn["barrier_colour"]
    return next((cast(Colour, spec) for spec in turn["barriers"] if spec in BARRIER_COLOURS),
                None)



# --- small helpers -------------------------------------------------------------------


def opponent(seat: int) -> int:
    return 1 - seat


def who(seat: int) -> dict[str, int]:
    return {"seat": seat}


def location_name(loc: str) -> str:
    return data.LOCATION_NAMES[loc]["en"]


def label_of(kind: str) -> str:
    label: str = KINDS[kind]["label"]
    return label


def card_name(cid: str) -> str:
    name: str = ACTION_CARDS[cid]["en"]
    return name


def _blocked(state: State, without: str | None = None) -> set[str]:
    return {edge for colour, edge in state["barriers"].items()
            if edge is not None and colour != without}


def open_neighbours(state: State, loc: str) -> list[str]:
    blocked = _blocked(state)
    return [n for n in NEIGHBOURS[loc] if data.edge_id(loc, n) not in blocked]


def connected(blocked: set[str]) -> bool:
    """Whether every location is reachable from every other with these edges blocked.

    >>> connected({"harbour-house_1", "harbour-house_4"})
    False
    """
    seen = {LOCATIONS[0]}
    todo = [LOCATIONS[0]]
    while todo:
        loc = todo.pop()
        for n in NEIGHBOURS[loc]:
            if n not in seen and data.edge_id(loc, n) not in blocked:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(LOCATIONS)


def _touching(a: str, b: str) -> bool:
    return bool(set(EDGE_ENDS[a]) & set(EDGE_ENDS[b]))


def barrier_problem(state: State, colour: str, edge: str) -> str | None:
    """Why ``colour`` may not go on ``edge`` now (a message id), or None if it may."""
    if state["barriers"][colour] == edge:
        return N_("That barrier already lies there.")
    others = _blocked(state, without=colour)
    if edge in others:
        return N_("Two barriers may never lie in the same place.")
    if state["spacing"] == "apart" and any(_touching(edge, other) for other in others):
        return N_("Barriers may not lie next to each other (table option).")
    if not connected(others | {edge}):
        return N_("That barrier would cut the board in two: every location must stay "
                  "reachable from every other.")
    return None


def legal_edges(state: State, colour: str) -> list[str]:
    return [e for e in EDGE_IDS if barrier_problem(state, colour, e) is None]


def max_steps(state: State, seat: int) -> int:
    hand = state["hands"][seat]["hand"]
    return max((state["cards"][c]["steps"] for c in hand), default=0)


def _targets_left(state: State, owner: int) -> int:
    """How many of ``owner``'s target cards the opponent has not captured yet."""
    return 5 - len(state["captured"][opponent(owner)])


def proves(state: State, prover: int) -> bool:
    """The proof rule: every target of the opponent not yet captured is in their supply."""
    opp = opponent(prover)
    return state["supply"][opp].count(TARGET[opp]) == _targets_left(state, opp)


def finish(state: State, winners: list[int], text: str, **args: Any) -> None:
    state["phase"] = "over"
    state["face_up"] = None
    state["result"] = {"winners": winners, "draw": not winners, "text": text, "args": args}


def over(state: State) -> bool:
    return state["phase"] == "over"


def card_at(state: State, loc: str) -> str:
    """The face-down card on ``loc``, where the rules know one lies."""
    kind = state["locations"][loc]
    assert kind is not None, "a card lies there"
    return kind


def played(turn: Turn) -> str:
    """The action card played this turn, in the stages after it was played."""
    cid = turn["card"]
    assert cid is not None, "an action card was played"
    return cid


def current(state: State) -> Turn:
    """The turn being played: there is one from the first turn until the game ends."""
    turn = state["turn"]
    assert turn is not None, "a turn is played"
    return turn


def lose_lives(state: State, seat: int, n: int, log: list[dict[str, Any]], why: str) -> None:
    """``seat`` hands ``n`` lives back to the reserve; the last one lost ends the game."""
    lost = min(n, state["lives"][seat])
    if lost <= 0:
        return
    state["lives"][seat] -= lost
    state["reserve"] += lost
    log.append(line(why, who=who(seat), count=lost))
    if state["lives"][seat] == 0:
        log.append(line(N_("{who} has lost the last life."), who=who(seat)))
        finish(state, [opponent(seat)], N_("{loser} lost the last life: {winner} wins."),
               loser=who(seat), winner=who(opponent(seat)))


def check_captures(state: State, seat: int, log: list[dict[str, Any]]) -> None:
    if len(state["captured"][seat]) >= 5 and not over(state):
        log.append(line(N_("{who} has all five target cards."), who=who(seat)))
        finish(state, [seat], N_("{winner} found all five target cards."),
               winner=who(seat))


# --- memory: what each seat has seen --------------------------------------------------


def turn_no(state: State) -> int:
    return state["turn_count"] + 1


def remember(state: State, seat: int, loc: str, how: How) -> None:
    card = state["locations"][loc]
    assert card is not None, "a seat remembers a card it saw"
    state["memory"][seat][loc] = {"card": card, "turn": turn_no(state),
                                  "how": how, "stale": False, "changed": None, "moved": None}


def _changed(state: State, seat: int, loc: str) -> None:
    """``seat``'s memory of ``loc`` may be out of date: the card there was replaced."""
    entry = state["memory"][seat].get(loc)
    if entry is not None:
        entry["stale"] = True
        entry["changed"] = turn_no(state)


def _forget(state: State, loc: str) -> None:
    for memory in state["memory"]:
        memory.pop(loc, None)


def supply_secret(state: State, owner: int) -> None:
    """``owner``'s supply changed in a way the opponent did not see."""
    seen = state["seen_supply"][opponent(owner)]
    if seen is not None and not seen["stale"]:
        seen["stale"] = True
        seen["changed"] = turn_no(state)


def supply_public(state: State, owner: int, add: str | None = None,
                  remove: str | None = None) -> None:
    """``owner``'s supply changed openly: a fresh snapshot of it stays exact."""
    seen = state["seen_supply"][opponent(owner)]
    if seen is None or seen["stale"]:
        return
    if add is not None:
        seen["cards"] = sorted([*seen["cards"], add])
    if remove is not None and remove in seen["cards"]:
        seen["cards"].remove(remove)


def snapshot(state: State, viewer: int) -> None:
    state["seen_supply"][viewer] = {"cards": sorted(state["supply"][opponent(viewer)]),
                                    "turn": turn_no(state), "stale": False, "changed": None}


def supply_lines(state: State, owner: int, to: int) -> list[dict[str, Any]]:
    counts = Counter(state["supply"][owner])
    if not counts:
        return [line(N_("{owner}'s supply is empty."), to=[to], owner=who(owner))]
    return [line(N_("{owner}'s supply: {count} × {card}."), to=[to], owner=who(owner),
                 count=n, card=label_of(kind)) for kind, n in sorted(counts.items())]


# --- board changes ------------------------------------------------------------------


def lay_card(state: State, seat: int, loc: str, kind: str, log: list[dict[str, Any]]) -> None:
    state["supply"][seat].remove(kind)
    state["locations"][loc] = kind
    state["owners"][loc] = seat
    _changed(state, opponent(seat), loc)
    remember(state, seat, loc, "laid")
    supply_secret(state, seat)
    log.append(line(N_("{who} laid a card face down on {location}."), who=who(seat),
                    location=location_name(loc)))
    log.append(line(N_("You laid {card} on {location}."), to=[seat], card=label_of(kind),
                    location=location_name(loc)))


def clear_location(state: State, loc: str) -> None:
    state["locations"][loc] = None
    state["owners"][loc] = None
    if state["face_up"] == loc:
        state["face_up"] = None
    if state["effects"]["turned"] == loc:
        state["effects"]["turned"] = None
    _forget(state, loc)
