"""Odd or Even: two players each choose a number from 1 to 5 in secret; when both have
chosen, both are shown. Odd (the first seat) scores a point when the sum is odd, Even when
it is even; the first to the target (3 unless the table says otherwise) wins.

The throw-away game of ``tests/test_new_game.py``: the folder a new game adds, played by
every test a real game meets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypedDict, cast

from companion.games.base import (
    N_,
    Action,
    Applied,
    Box,
    IllegalActionError,
    Move,
    Moves,
    Option,
    Random,
    Result,
    RevealSection,
    SeatSpec,
    line,
    thaw,
    upgraded,
)

NAME = "oddeven"
TITLE = N_("Odd or Even")
BLURB = N_("A number from 1 to 5 each, in secret: the sum's parity scores.")
MIN_PLAYERS = 2
MAX_PLAYERS = 2
HAS_HIDDEN_INFO = True
HAS_CHANCE = False
REMATCH = True
STATE_VERSION = 1
NUMBERS = range(1, 6)
TARGET_MAX = 9
OPTIONS = (Option("target", N_("Points to win"), 3, kind="int", min=1, max=TARGET_MAX),)
MAX_TURNS = 2 * (2 * TARGET_MAX - 1)
"""Every round scores a point for one of the two, so a game has at most ``2 × target − 1``
rounds of two choices."""
ROLES = (N_("Odd"), N_("Even"))


class State(TypedDict):
    target: int
    chosen: list[int | None]
    """Each seat's number of the round, while the other has not chosen yet."""
    scores: list[int]
    rounds: list[list[int]]
    """The numbers shown, a pair a round."""


Handler = Callable[[State, int, dict[str, Any], Random], Applied[State]]


def seats(options: dict[str, Any]) -> SeatSpec:
    return SeatSpec(MIN_PLAYERS, MAX_PLAYERS, ROLES)


def validate(options: dict[str, Any]) -> None:
    return None


def setup(options: dict[str, Any], rng: Random) -> State:
    return {"target": int(options.get("target", 3)), "chosen": [None, None],
            "scores": [0, 0], "rounds": []}


def upgrade(state: Any) -> State:
    return cast(State, upgraded(state, STATE_VERSION, {}))


def actions(state: State, seat: int) -> list[Action]:
    if result(state) is not None or state["chosen"][seat] is not None:
        return []
    return [Action("choose", {"number": n}, label=N_("Choose {number}"),
                   label_args={"number": n}) for n in NUMBERS]


def _choose(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    number = params["number"]
    if number not in NUMBERS:
        raise IllegalActionError(N_("Choose a number from 1 to 5."))
    state["chosen"][seat] = number
    if None in state["chosen"]:
        return Applied(state, [line(N_("{who} has chosen."), who={"seat": seat}),
                               line(N_("You chose {number}."), to=[seat], number=number)])
    shown = cast(list[int], state["chosen"])
    total = sum(shown)
    scorer = 0 if total % 2 else 1
    state["scores"][scorer] += 1
    state["rounds"].append(shown)
    state["chosen"] = [None, None]
    return Applied(state, [line(N_("{odd} shows {a}, {even} shows {b}: {total}, a point for "
                                   "{scorer}."), odd={"seat": 0}, a=shown[0], even={"seat": 1},
                                b=shown[1], total=total, scorer={"seat": scorer})], True)


def _not_twice(state: State, seat: int, move: Move[Handler]) -> None:
    if state["chosen"][seat] is not None:
        raise IllegalActionError(N_("You have chosen already: wait for the other player."))


MOVES: Moves[State, Handler] = Moves(
    {"choose": Move(_choose, {"number": int})},
    run=lambda state, seat, move, params, rng: move.handler(thaw(state), seat, params, rng),
    seated=lambda state, seat: seat in (0, 1),
    over=lambda state: result(state) is not None,
    allowed=_not_twice,
)
apply = MOVES.apply


def view(state: State, seat: int | None) -> dict[str, Any]:
    return {"target": state["target"], "scores": state["scores"], "roles": list(ROLES),
            "chosen": [number is not None for number in state["chosen"]],
            "mine": None if seat is None else state["chosen"][seat],
            "rounds": [{"numbers": pair, "total": sum(pair), "scorer": 0 if sum(pair) % 2 else 1}
                       for pair in state["rounds"]]}


def result(state: State) -> Result | None:
    for seat, score in enumerate(state["scores"]):
        if score >= state["target"]:
            return {"winners": [seat], "draw": False, "text": N_("{who} reaches the target score."),
                    "args": {"who": {"seat": seat}}}
    return None


def redeal_hidden(state: State, seat: int | None, rng: Random) -> State:
    """Every number chosen this round but ``seat``'s own (the tablet's: both), chosen anew."""
    new = thaw(state)
    for other, number in enumerate(new["chosen"]):
        if number is not None and other != seat:
            new["chosen"][other] = rng.randbelow(len(NUMBERS)) + 1
    return new


def empty_piles(state: State, chosen: Callable[[int], bool]) -> None:
    """No piles: nothing to empty."""


def box(options: dict[str, Any]) -> Box:
    return {"take_out": [{"what": N_("Nothing but a hand each"),
                          "where": N_("Keep it in your lap: the phone takes the number.")}],
            "keep_in_box": [{"what": N_("The score pad"),
                             "where": N_("The tablet keeps the score.")}],
            "checks": []}


def reveal(state: State) -> list[RevealSection]:
    """The rounds shown, and the number chosen but never shown when the table ended."""
    lines = [line(N_("Round {n}: {a} and {b}"), n=n, a=a, b=b)
             for n, (a, b) in enumerate(state["rounds"], 1)]
    lines += [line(N_("{who} had chosen {number}, not yet shown."), who={"seat": seat},
                   number=number) for seat, number in enumerate(state["chosen"])
              if number is not None]
    return [{"title": N_("Every number chosen"),
             "lines": lines or [line(N_("No number was chosen."))]}]
