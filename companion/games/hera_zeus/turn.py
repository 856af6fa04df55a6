"""A turn of Blitz und Donner: the first rows, action points, drawing and playing a card.

„Hráč dostane tolik akčních bodů, kolik měl na začátku kola sloupců svého herního pole …
Hráč musí spotřebovat všechny své akční body“: the turn passes when the last point is spent;
a player with points left and nothing to spend them on loses at once.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import (
    N_,
    Action,
    ActionSyntaxError,
    IllegalActionError,
    Random,
    line,
)
from companion.games.hera_zeus import challenges, field, myths
from companion.games.hera_zeus.cards import BY_KEY, HAND_LIMIT, HERA
from companion.games.hera_zeus.core import (
    add_to_hand,
    card_name,
    finish,
    from_hand,
    hand_keys,
    kind,
    lured,
    over,
    reveal,
    round_of,
    turn_of,
    who,
)
from companion.games.hera_zeus.field import FIGURE, all_places, placeable
from companion.games.hera_zeus.state import State

FIRST_ROW = 3
"""„Každý hráč si vybere 3 karty ze své ruky a umístí je na stůl lícem dolů“."""

def points(state: State, seat: int) -> int:
    """„tolik akčních bodů, kolik měl na začátku kola sloupců … figuru … 4 akční body“."""
    if field.figure_column(state, seat) is not None:
        return 4
    return field.occupied_columns(state, seat)

Log = list[dict[str, Any]]


def start_turn(state: State, seat: int, number: int) -> list[dict[str, Any]]:
    limit = state["rules"]["turn_limit"]
    if number > limit:
        return finish(state, [], N_("The turn limit ({limit}) is reached: a draw."),
                      limit=limit)
    state["turn"] = {"seat": seat, "number": number, "total": 0, "left": 0, "spent": 0}
    if not field.cards_on_field(state, seat):
        return finish(state, [1 - seat],
                      N_("{loser} has no card on the field at the start of the turn: "
                         "{winner} wins."), loser=who(seat), winner=who(1 - seat))
    total = points(state, seat)
    turn = turn_of(state)
    turn["total"] = turn["left"] = total
    log = [line(N_("Round {round}: {who}'s turn with {points} action points."),
                round=round_of(state), who=who(seat), points=total)]
    return log + check_stuck(state)


def check_stuck(state: State) -> list[dict[str, Any]]:
    """„Pokud hráč nemůže použít všechny svoje povolené akční body prohrává hru.“"""
    seat = turn_of(state)["seat"]
    if turn_of(state)["left"] > 0 and not turn_actions(state, seat):
        return finish(state, [1 - seat],
                      N_("{loser} cannot spend all action points: {winner} wins."),
                      loser=who(seat), winner=who(1 - seat))
    return []


def after_action(state: State) -> list[dict[str, Any]]:
    """After an action or a reply: the next turn when the points are spent."""
    if over(state) or state["pending"] is not None or state["phase"] != "play":
        return []
    turn = turn_of(state)
    if turn["left"] == 0:
        return start_turn(state, 1 - turn["seat"], turn["number"] + 1)
    return check_stuck(state)


def setup_done(state: State, seat: int) -> bool:
    laid = len(field.cards_on_field(state, seat))
    return laid >= FIRST_ROW or not any(
        placeable(kind(state, c), state["strengths"]) for c in state["hands"][seat])


def setup_actions(state: State, seat: int) -> list[Action]:
    if setup_done(state, seat):
        return []
    empty = [f"{c}-0" for c in range(1, field.COLUMNS + 1) if not field.column(state, seat, c)]
    found = []
    for key in hand_keys(state, seat):
        card = from_hand(state, seat, key)
        assert card is not None, "hand_keys names the cards of this hand"
        if not placeable(kind(state, card), state["strengths"]):
            continue
        found.append(Action(
            "lay", {"card": key}, N_("Lay {card}"), {"card": card_name(state, card)},
            inputs={"place": {"kind": "choice", "choices": empty, "label": N_("Where")}},
            group=N_("Your first row: three cards face down"),
            hint=BY_KEY[kind(state, card)].hint,
        ))
    return found


def turn_actions(state: State, seat: int) -> list[Action]:
    found: list[Action] = []
    if turn_of(state)["left"] <= 0:
        return found
    if not draw_problem(state, seat):
        found.append(Action("draw", {}, N_("Draw a card"), group=N_("Actions"),
                            hint=N_("The top card of your deck into your hand (at most 12).")))
    found += _play_actions(state, seat)
    found += challenges.turn_actions(state, seat)
    found += myths.turn_actions(state, seat)
    return found


def draw_problem(state: State, seat: int) -> str | None:
    """Why the seat may not draw now (a message id), or None."""
    if not state["decks"][seat]:
        return N_("Your deck is empty.")
    if len(state["hands"][seat]) >= HAND_LIMIT:
        return N_("You hold 12 cards, the most a hand may hold.")
    return None


def _play_actions(state: State, seat: int) -> list[Action]:
    where = all_places(state, seat)
    if not where:
        return []
    found = []
    for key in hand_keys(state, seat):
        card = from_hand(state, seat, key)
        assert card is not None, "hand_keys names the cards of this hand"
        k = kind(state, card)
        if not placeable(k, state["strengths"]):
            continue
        found.append(Action(
            "play", {"card": key}, N_("Play {card}"), {"card": card_name(state, card)},
            inputs={"place": {"kind": "choice", "choices": where, "label": N_("Where")}},
            group=N_("Play a card face down"), hint=BY_KEY[k].hint,
        ))
    return found


def lay(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[Log, bool]:
    place = field.parse_place(params["place"])
    if place is None:
        raise ActionSyntaxError(N_("A place is written column-position, e.g. 2-0."))
    col, pos = place
    if setup_done(state, seat):
        raise IllegalActionError(N_("Your first row is laid; wait for {other}."),
                                 other=who(1 - seat))
    card = _placeable_from_hand(state, seat, params["card"])
    if field.column(state, seat, col):
        raise IllegalActionError(N_("Column {column} already has its card."), column=col)
    if pos != 0:
        raise IllegalActionError(N_("A first-row card goes to place {column}-0."), column=col)
    state["hands"][seat].remove(card)
    field.insert(state, seat, col, 0, card)
    _face_if_lured(state, seat, card)
    return [line(N_("{who} lays a card face down in column {column}."), who=who(seat),
                 column=col),
            line(N_("You laid {card} in column {column}."), to=[seat],
                 card=card_name(state, card), column=col)], False


def after_setup(state: State) -> list[dict[str, Any]]:
    if not all(setup_done(state, s) for s in (0, 1)):
        return []
    state["phase"] = "play"
    return [line(N_("Both first rows are laid. Hera begins."))] + start_turn(state, HERA, 1)


def _placeable_from_hand(state: State, seat: int, key: str) -> str:
    card = from_hand(state, seat, key)
    if card is None:
        raise IllegalActionError(N_("You do not hold that card."))
    if not placeable(kind(state, card), state["strengths"]):
        raise IllegalActionError(N_("{card} has only the mythological symbol: it never goes "
                                    "onto the field."),
                                 card=card_name(state, card))
    return card


def _face_if_lured(state: State, seat: int, card: str) -> None:
    """A lured card's back gives it away, so it lies face up."""
    if lured(card, seat):
        reveal(state, card)


def draw(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[Log, bool]:
    problem = draw_problem(state, seat)
    if problem:
        raise IllegalActionError(problem)
    card = state["decks"][seat].pop()
    add_to_hand(state, seat, card)
    return [line(N_("{who} draws a card."), who=who(seat)),
            line(N_("You drew {card}."), to=[seat],
                 card=card_name(state, card))], True


def play(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[Log, bool]:
    place = field.parse_place(params["place"])
    if place is None:
        raise ActionSyntaxError(N_("A place is written column-position, e.g. 2-0."))
    card = _placeable_from_hand(state, seat, params["card"])
    col, pos = place
    if pos not in field.places(state, seat, col):
        raise IllegalActionError(_place_refusal(state, seat, col), column=col)
    state["hands"][seat].remove(card)
    field.insert(state, seat, col, pos, card)
    _face_if_lured(state, seat, card)
    log = [line(N_("{who} plays a card face down into column {column}, row {row}."),
                who=who(seat), column=col, row=pos + 1),
           line(N_("You played {card} into column {column}, row {row}."), to=[seat],
                card=card_name(state, card), column=col,
                row=pos + 1)]
    if lured(card, seat):
        log[0] = line(N_("{who} plays the lured {card} face up into column {column}, row "
                         "{row}."), who=who(seat), card=card_name(state, card),
                      column=col, row=pos + 1)
    return log, False


def _place_refusal(state: State, seat: int, col: int) -> str:
    entries = field.column(state, seat, col)
    if len(entries) >= field.DEPTH:
        return N_("Column {column} already holds four cards.")
    if entries and entries[0] == FIGURE:
        return N_("Nothing goes before your figure in column {column}.")
    return N_("Column {column} has no such place: the cards close up without gaps.")

