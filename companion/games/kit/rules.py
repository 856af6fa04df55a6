"""The referee kit: dice, a shuffled deck and secret simultaneous choices for any table.

Not a game of its own but the tools a physical game lacks: open and secret rolls (``NdS``,
``NdF``), a deck the app shuffles (draw from the top or the bottom into a private hand,
show, discard, reshuffle the discards, deal face down to a public place and peek), and a
simultaneous secret choice revealed when the last seat has chosen. Nobody takes turns:
every seat may act at any time, and the host ends the session.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

from companion.caches import Cache
from companion.games import dice
from companion.games.base import (
    N_,
    NP_,
    Action,
    ActionSyntaxError,
    Applied,
    IllegalActionError,
    Move,
    Moves,
    Option,
    Random,
    Result,
    SeatSpec,
    line,
    thaw,
    upgraded,
)
from companion.games.kit.box import box as box
from companion.games.kit.piles import empty_piles as empty_piles
from companion.games.kit.reveal import reveal as reveal
from companion.games.kit.state import HandCard, Place, PlaceCard, Roll, State

NAME = "kit"
TITLE = N_("Referee kit")
BLURB = N_("Dice, a deck and secret choices for any game on your table.")
MIN_PLAYERS = 1
MAX_PLAYERS = 8
HAS_HIDDEN_INFO = True
HAS_CHANCE = True
REMATCH = False
"""A session has no result to play again after."""
MAX_TURNS = None
"""No end of its own: the host ends the session."""
STATE_VERSION = 1

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("♠", "♥", "♦", "♣")
PRESETS = {
    "52": [f"{rank}{suit}" for suit in SUITS for rank in RANKS],
    "54": [f"{rank}{suit}" for suit in SUITS for rank in RANKS] + ["🃏", "🃏"],
    "32": [f"{rank}{suit}" for suit in SUITS for rank in ("7", "8", "9", "10", "J", "Q", "K", "A")],
}
MAX_CARDS = 300
MAX_CHOICES = 12
ROLLS_SHOWN = 12
ROLLS_KEPT = 30
"""Older open rolls leave the state (the log keeps them); a secret roll stays until shown."""
QUICK_DICE = ("1d6", "2d6", "1d20", "4dF")

OPTIONS = (
    Option(
        "deck",
        N_("Deck"),
        "52",
        kind="choice",
        choices=(
            ("52", N_("52 playing cards")),
            ("54", N_("54 playing cards with two jokers")),
            ("32", N_("32 cards (7 to ace)")),
            ("custom", N_("My own cards (listed below)")),
            ("none", N_("No deck, only dice and choices")),
        ),
    ),
    Option(
        "cards",
        N_("Your own cards"),
        "",
        kind="text",
        hint=N_("One card per line; “3x Aim” makes three copies."),
    ),
    Option(
        "places",
        N_("Places on the table for face-down cards"),
        N_("Centre"),
        kind="text",
        hint=N_("Names separated by commas, e.g. North, South."),
    ),
)


def seats(options: dict[str, Any]) -> SeatSpec:
    return SeatSpec(MIN_PLAYERS, MAX_PLAYERS)


_SHUFFLED = NP_("{who} shuffled the discards into the deck ({count} card).",
               "{who} shuffled the discards into the deck ({count} cards).", "count")

_COPIES = re.compile(r"(\w+?)\s*[xX×]\s+(.+)")


def parse_cards(text: str) -> list[str]:
    """Card names from the host's list; ``3x Aim`` or ``3 × Aim`` repeats a card.

    The count is checked against the deck's limit before any card is made, so
    ``100000000x Aim`` is refused at once; a count is written with the digits 0–9 (``²x Aim``
    is refused, not read as a card of that name).

    >>> parse_cards("2x Aim\\n3 × Bluff\\nAx Bluff")
    ['Aim', 'Aim', 'Bluff', 'Bluff', 'Bluff', 'Ax Bluff']
    """
    cards: list[str] = []
    for raw in str(text).splitlines():
        entry = raw.strip()
        if not entry:
            continue
        copies = 1
        counted = _COPIES.fullmatch(entry)
        if counted and counted.group(1).isnumeric():
            digits, entry = counted.group(1), counted.group(2).strip()
            if not (digits.isascii() and digits.isdigit()):
                raise ActionSyntaxError(N_("Write how many copies of a card with the digits "
                                           "0 to 9, e.g. 3x Aim."))
            copies = int(digits) if len(digits) <= 4 else MAX_CARDS + 1
        if len(entry) > 40:
            raise ActionSyntaxError(N_("A card name may have at most 40 characters."))
        if len(cards) + copies > MAX_CARDS:
            raise ActionSyntaxError(N_("A deck may have at most {max} cards."), max=MAX_CARDS)
        cards.extend([entry] * copies)
    return cards


def _place_names(text: str) -> list[str]:
    names = [n.strip()[:30] for n in str(text).split(",") if n.strip()]
    return names[:8] or [N_("Centre")]


def validate(options: dict[str, Any]) -> None:
    """Refuse options that cannot make a table (raises ActionSyntaxError)."""
    if options["deck"] == "custom" and not parse_cards(options["cards"]):
        raise ActionSyntaxError(N_("List at least one card for your own deck."))


def setup(options: dict[str, Any], rng: Random) -> State:
    players = int(options["players"])
    deck = options["deck"]
    names = parse_cards(options["cards"]) if deck == "custom" else PRESETS.get(deck, [])
    return {
        "players": players,
        "names": list(names),
        "deck": rng.shuffle(list(range(len(names)))),
        "discard": [],
        "hands": [[] for _ in range(players)],
        "places": [{"name": n, "cards": []} for n in _place_names(options["places"])],
        "rolls": [],
        "choice": None,
        "step": 0,
    }


# --- what a seat may do -------------------------------------------------------------


_DICE_INPUT = {"dice": {"kind": "text", "default": "2d6", "label": N_("Dice"),
                        "examples": ["2d6", "4dF", "1d20", "3d8+2"]}}
_ASK_INPUTS = {
    "question": {"kind": "text", "default": "", "label": N_("Question"),
                 "examples": ["Where to?", ""]},
    "options": {"kind": "text", "default": "",
                "label": N_("Options, separated by commas (empty: a number)"),
                "examples": ["", "yes, no", "1, 2, 3"]},
}
_NUMBER_INPUT = {"value": {"kind": "int", "default": 0, "min": -9999, "max": 9999,
                           "label": N_("Number")}}
_DICE, _DECK, _HAND, _PLACES, _CHOICE = (
    N_("Dice"), N_("Deck"), N_("Your hand"), N_("Places"), N_("Secret choice"))
_ROLLS = (
    Action("roll", {"secret": False}, N_("Roll openly"), inputs=_DICE_INPUT, group=_DICE),
    Action("roll", {"secret": True}, N_("Roll in secret"), inputs=_DICE_INPUT, group=_DICE,
           hint=N_("Only you see the dice until you show them.")),
)
"""What every seat may do at every moment (the same objects each time: no one changes an
offered action)."""
_DRAWS = (Action("draw", {"end": "top"}, N_("Draw from the top"), group=_DECK),
          Action("draw", {"end": "bottom"}, N_("Draw from the bottom"), group=_DECK))
_RESHUFFLE = Action("reshuffle", {}, N_("Shuffle the discards into the deck"), group=_DECK)
_ASK = Action("ask", {}, N_("Ask everyone to choose in secret"), inputs=_ASK_INPUTS,
              group=_CHOICE)
_PICK_NUMBER = Action("pick", {}, N_("Choose this number"), inputs=_NUMBER_INPUT,
                      group=_CHOICE)


_offers: Cache[tuple[Any, ...], Action] = Cache("kit buttons", 4096)


def _offer(action: str, params: tuple[tuple[str, Any], ...], label: str,
           args: tuple[tuple[str, Any], ...], group: str) -> Action:
    """The same button for the same card or place, made once: offers are immutable, and a
    seat's hand and the places are offered again on every version."""
    key = (action, params, label, args, group)
    offer = _offers.get(key)
    if offer is None:
        offer = _offers.keep(key, Action(action, dict(params), label, dict(args), group=group))
    return offer


def actions(state: State, seat: int) -> list[Action]:
    found: list[Action] = list(_ROLLS)
    for roll in state["rolls"]:
        if roll["seat"] == seat and roll["secret"] and not roll["shown"]:
            found.append(_offer("show_roll", (("roll", roll["n"]),), N_("Show roll {notation}"),
                                (("notation", roll["dice"]["notation"]),), _DICE))
    if state["deck"]:
        found.extend(_DRAWS)
        for i, place in enumerate(state["places"]):
            found.append(_offer("deal", (("place", i),), N_("Deal face down to {place}"),
                                (("place", place["name"]),), _DECK))
    if state["discard"]:
        found.append(_RESHUFFLE)
    names = state["names"]
    for i, card in enumerate(state["hands"][seat]):
        name = (("card", names[card["id"]]),)
        if not card["shown"]:
            found.append(_offer("show", (("card", i),), N_("Show {card}"), name, _HAND))
        found.append(_offer("discard", (("card", i),), N_("Discard {card}"), name, _HAND))
    for p, place in enumerate(state["places"]):
        for i, down in enumerate(place["cards"]):
            at = (("place", p), ("card", i))
            args = (("place", place["name"]), ("position", i + 1))
            if not down["up"]:
                if seat not in down["seen_by"]:
                    found.append(_offer("peek", at, N_("Peek at card {position} on {place}"),
                                        args, _PLACES))
                found.append(_offer("turn_up", at, N_("Turn up card {position} on {place}"),
                                    args, _PLACES))
            found.append(_offer("take", at, N_("Take card {position} from {place}"), args,
                                _PLACES))
    choice = state["choice"]
    if choice is None or choice["revealed"]:
        found.append(_ASK)
    elif choice["picks"][seat] is None:
        if choice["options"]:
            for value in choice["options"]:
                found.append(_offer("pick", (("value", value),), N_("Choose {value}"),
                                    (("value", value),), _CHOICE))
        else:
            found.append(_PICK_NUMBER)
    return sorted(found, key=Action.sort_key)


# --- applying an action ---------------------------------------------------------------


Handler = Callable[[State, int, dict[str, Any], Random], Applied[State]]
"""A kit move: the thawed state (its step counted), the seat, the checked params."""


def _run(state: State, seat: int, move: Move[Handler], params: dict[str, Any],
         rng: Random) -> Applied[State]:
    new = thaw(state)
    new["step"] += 1
    return move.handler(new, seat, params, rng)


def _roll(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    record = dice.parse(params["dice"]).roll(rng)
    n = state["step"]
    state["rolls"].append({"n": n, "seat": seat, "dice": record, "secret": params["secret"],
                           "shown": not params["secret"]})
    recent = {roll["n"] for roll in state["rolls"][-ROLLS_KEPT:]}
    state["rolls"] = [roll for roll in state["rolls"]
                      if roll["n"] in recent or (roll["secret"] and not roll["shown"])]
    if params["secret"]:
        log = [
            line(N_("{who} rolled {notation} in secret."), who={"seat": seat},
                 notation=record["notation"]),
            line(N_("You rolled {notation}: {total}."), to=[seat],
                 notation=record["notation"], total=record["total"]),
        ]
    else:
        log = [line(N_("{who} rolled {notation}: {total}."), who={"seat": seat},
                    notation=record["notation"], total=record["total"])]
    return Applied(state, log, revealed=True)


def _show_roll(state: State, seat: int, params: dict[str, Any],
               rng: Random) -> Applied[State]:
    n = params["roll"]
    for roll in state["rolls"]:
        if roll["n"] == n and roll["seat"] == seat and roll["secret"]:
            if roll["shown"]:
                raise IllegalActionError(N_("That roll is already shown."))
            roll["shown"] = True
            record = roll["dice"]
            return Applied(state, [line(N_("{who} shows the secret roll {notation}: {total}."),
                                        who={"seat": seat}, notation=record["notation"],
                                        total=record["total"])], revealed=True)
    raise IllegalActionError(N_("You have no such secret roll."))


def _draw(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    end = params["end"]
    if end not in ("top", "bottom"):
        raise ActionSyntaxError(N_("Draw from the top or the bottom."))
    if not state["deck"]:
        raise IllegalActionError(N_("The deck is empty; shuffle the discards in first."))
    card = state["deck"].pop(0 if end == "top" else -1)
    state["hands"][seat].append({"id": card, "shown": False})
    text = N_("{who} drew a card from the top.") if end == "top" else N_(
        "{who} drew a card from the bottom.")
    return Applied(state, [line(text, who={"seat": seat}),
                           line(N_("You drew {card}."), to=[seat], card=state["names"][card])],
                   revealed=True)


def _hand_card(state: State, seat: int, params: dict[str, Any]) -> int:
    index: int = params["card"]
    if not 0 <= index < len(state["hands"][seat]):
        raise IllegalActionError(N_("You do not hold that card."))
    return index


def _show(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    card = state["hands"][seat][_hand_card(state, seat, params)]
    if card["shown"]:
        raise IllegalActionError(N_("Everyone already sees that card."))
    card["shown"] = True
    return Applied(state, [line(N_("{who} shows {card}."), who={"seat": seat},
                                card=state["names"][card["id"]])], revealed=True)


def _discard(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    card = state["hands"][seat].pop(_hand_card(state, seat, params))
    state["discard"].append(card["id"])
    return Applied(state, [line(N_("{who} discards {card}."), who={"seat": seat},
                                card=state["names"][card["id"]])], revealed=not card["shown"])


def _reshuffle(state: State, seat: int, params: dict[str, Any],
               rng: Random) -> Applied[State]:
    if not state["discard"]:
        raise IllegalActionError(N_("The discard pile is empty."))
    state["deck"] = rng.shuffle(state["deck"] + state["discard"])
    state["discard"] = []
    return Applied(state, [line(_SHUFFLED, who={"seat": seat}, count=len(state["deck"]))],
                   revealed=True)


def _place(state: State, params: dict[str, Any], with_card: bool) -> tuple[Place, int]:
    if not 0 <= params["place"] < len(state["places"]):
        raise IllegalActionError(N_("There is no such place on the table."))
    place = state["places"][params["place"]]
    if with_card and not 0 <= params["card"] < len(place["cards"]):
        raise IllegalActionError(N_("There is no such card on {place}."), place=place["name"])
    return place, params.get("card", -1)


def _deal(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    place, _ = _place(state, params, with_card=False)
    if not state["deck"]:
        raise IllegalActionError(N_("The deck is empty; shuffle the discards in first."))
    card = state["deck"].pop(0)
    place["cards"].append({"id": card, "up": False, "seen_by": []})
    return Applied(state, [line(N_("{who} dealt a card face down to {place}."),
                                who={"seat": seat}, place=place["name"])])


def _peek(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    place, i = _place(state, params, with_card=True)
    card = place["cards"][i]
    if card["up"]:
        raise IllegalActionError(N_("That card is face up already."))
    if seat not in card["seen_by"]:
        card["seen_by"].append(seat)
    return Applied(state, [
        line(N_("{who} peeked at card {position} on {place}."), who={"seat": seat},
             position=i + 1, place=place["name"]),
        line(N_("Card {position} on {place} is {card}."), to=[seat], position=i + 1,
             place=place["name"], card=state["names"][card["id"]]),
    ], revealed=True)


def _turn_up(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    place, i = _place(state, params, with_card=True)
    card = place["cards"][i]
    if card["up"]:
        raise IllegalActionError(N_("That card is face up already."))
    card["up"] = True
    return Applied(state, [line(N_("{who} turned up card {position} on {place}: {card}."),
                                who={"seat": seat}, position=i + 1, place=place["name"],
                                card=state["names"][card["id"]])], revealed=True)


def _take(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    place, i = _place(state, params, with_card=True)
    card = place["cards"].pop(i)
    state["hands"][seat].append({"id": card["id"], "shown": card["up"]})
    return Applied(state, [
        line(N_("{who} took card {position} from {place}."), who={"seat": seat},
             position=i + 1, place=place["name"]),
        line(N_("You took {card}."), to=[seat], card=state["names"][card["id"]]),
    ], revealed=not card["up"] and seat not in card["seen_by"])


def _ask(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    if state["choice"] is not None and not state["choice"]["revealed"]:
        raise IllegalActionError(N_("Wait until everyone has chosen."))
    options = list(dict.fromkeys(o.strip()[:30] for o in params["options"].split(",") if o.strip()))
    if len(options) == 1 or len(options) > MAX_CHOICES:
        raise ActionSyntaxError(N_("Give between 2 and {max} options, or none for a number."),
                                max=MAX_CHOICES)
    question = params["question"].strip()[:80] or "?"
    state["choice"] = {"question": question, "options": options, "by": seat,
                       "picks": [None] * state["players"], "revealed": False}
    return Applied(state, [line(N_("{who} asks everyone to choose: {question}"),
                                who={"seat": seat}, question=question)])


def _pick(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    choice = state["choice"]
    if choice is None or choice["revealed"]:
        raise IllegalActionError(N_("Nobody has asked for a choice."))
    if choice["picks"][seat] is not None:
        raise IllegalActionError(N_("You have already chosen."))
    value = params["value"]
    if isinstance(value, str) != bool(choice["options"]):  # a name of the options, or a number
        raise ActionSyntaxError(N_("The parameter “{name}” has the wrong type."), name="value")
    if choice["options"]:
        if value not in choice["options"]:
            raise IllegalActionError(N_("“{value}” is not one of the options."), value=value[:30])
    else:
        if not -9999 <= value <= 9999:
            raise IllegalActionError(N_("Choose a number between −9999 and 9999."))
    choice["picks"][seat] = value
    log = [line(N_("{who} has chosen."), who={"seat": seat}),
           line(N_("You chose {value}."), to=[seat], value=value)]
    if all(pick is not None for pick in choice["picks"]):
        choice["revealed"] = True
        for other, pick in enumerate(choice["picks"]):
            log.append(line(N_("{who} chose {value}."), who={"seat": other}, value=pick))
        return Applied(state, log, revealed=True)
    return Applied(state, log)


_PLACE, _CARD = {"place": int}, {"place": int, "card": int}
MOVES: Moves[State, Handler] = Moves(
    {
        "roll": Move(_roll, {"secret": bool, "dice": str}),
        "show_roll": Move(_show_roll, {"roll": int}),
        "draw": Move(_draw, {"end": str}),
        "show": Move(_show, {"card": int}),
        "discard": Move(_discard, {"card": int}),
        "reshuffle": Move(_reshuffle),
        "deal": Move(_deal, _PLACE),
        "peek": Move(_peek, _CARD),
        "turn_up": Move(_turn_up, _CARD),
        "take": Move(_take, _CARD),
        "ask": Move(_ask, {"question": str, "options": str}),
        "pick": Move(_pick, {"value": (str, int)}),
    },
    run=_run,
    seated=lambda state, seat: 0 <= seat < state["players"],
    over=lambda state: False,  # the host ends the session
)
apply = MOVES.apply


def result(state: State) -> Result | None:
    return None


def upgrade(state: Any) -> State:
    return cast(State, upgraded(state, STATE_VERSION, {}))


# --- views ----------------------------------------------------------------------------


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: the table). Hidden cards appear only as counts."""
    names = state["names"]
    choice = state["choice"]
    out: dict[str, Any] = {
        "deck_count": len(state["deck"]),
        "has_deck": bool(names),
        "discard": [names[c] for c in state["discard"]],
        "places": [
            {
                "name": place["name"],
                "cards": [
                    {
                        "position": i + 1,
                        "up": card["up"],
                        "name": names[card["id"]]
                        if card["up"] or (seat is not None and seat in card["seen_by"])
                        else None,
                        "peeked": card["up"] is False and seat is not None
                        and seat in card["seen_by"],
                    }
                    for i, card in enumerate(place["cards"])
                ],
            }
            for place in state["places"]
        ],
        "seats": [
            {
                "seat": s,
                "hand_count": len(hand),
                "shown": [names[c["id"]] for c in hand if c["shown"]],
            }
            for s, hand in enumerate(state["hands"])
        ],
        "rolls": [_roll_view(roll, seat) for roll in state["rolls"][-ROLLS_SHOWN:]][::-1],
        "choice": None,
        "quick_dice": list(QUICK_DICE),
    }
    if choice is not None:
        out["choice"] = {
            "question": choice["question"],
            "options": list(choice["options"]),
            "by": choice["by"],
            "revealed": choice["revealed"],
            "chosen": [pick is not None for pick in choice["picks"]],
            "picks": list(choice["picks"]) if choice["revealed"] else None,
            "mine": choice["picks"][seat] if seat is not None else None,
        }
    if seat is not None:
        out["hand"] = [
            {"index": i, "name": names[c["id"]], "shown": c["shown"]}
            for i, c in enumerate(state["hands"][seat])
        ]
    return out


def _roll_view(roll: Roll, seat: int | None) -> dict[str, Any]:
    visible = roll["shown"] or roll["seat"] == seat
    return {
        "n": roll["n"],
        "seat": roll["seat"],
        "notation": roll["dice"]["notation"],
        "secret": roll["secret"],
        "shown": roll["shown"],
        "dice": roll["dice"] if visible else None,
    }


def redeal_hidden(state: State, seat: int | None, rng: Random) -> State:
    """The same table as ``seat`` knows it (``None``: the tablet), with everything hidden
    from it dealt anew."""
    new = thaw(state)
    hidden: list[HandCard | PlaceCard] = [
        card for other, hand in enumerate(new["hands"]) if other != seat
        for card in hand if not card["shown"]]
    hidden += [card for place in new["places"] for card in place["cards"]
               if not card["up"] and seat not in card["seen_by"]]
    cards = rng.shuffle(new["deck"] + [card["id"] for card in hidden])
    new["deck"] = cards[:len(new["deck"])]
    for card, card_id in zip(hidden, cards[len(new["deck"]):], strict=True):
        card["id"] = card_id
    for roll in new["rolls"]:
        if roll["seat"] != seat and not roll["shown"]:
            roll["dice"] = dice.parse(roll["dice"]["notation"]).roll(rng)
    choice = new["choice"]
    if choice is not None and not choice["revealed"]:
        for other, pick in enumerate(choice["picks"]):
            if other != seat and pick is not None:
                choice["picks"][other] = (rng.choice(choice["options"]) if choice["options"]
                                          else rng.randbelow(100))
    return new
