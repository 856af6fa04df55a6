"""Blitz und Donner — Hera and Zeus (Richard Borg, Kosmos 2000; Rio Grande 2000).

Rules: ``shared/rules/blitz-und-donner.cs.txt`` (Czech); facts: ``shared/data/hera_zeus.json``.
Hera (seat 0, purple) seeks Argus, Zeus (seat 1, green) seeks Io; each has a 43-card deck,
a hand on the phone and a field of up to 3 columns × 4 face-down cards on the tablet. A turn
has as many action points as columns (4 with the god figure on the field) and every point
must be spent: draw, play a card face down, challenge straight across, or play a
mythological card from the hand. How every ambiguity is decided is in ``README.md``.

The parts: :mod:`.cards` (kinds, names, defaults), :mod:`.field` (columns), :mod:`.core`
(hands, piles, the end), :mod:`.challenges` (challenges, Pandora, Pegasus, the discard
order), :mod:`.myths` (Pythia, Sirens, Hades, Persephone, Dionysus, the god figures),
:mod:`.view` (what each screen gets).

>>> state = position(fields=[[["s5", "s1"], ["s3"], []], [["s2"], ["s4"], []]], round=2)
>>> state = apply(state, 0, {"action": "challenge", "params": {"column": 1}}, None).state
>>> [len(c) for c in state["fields"][1]], state["turn"]["left"]
([0, 1, 0], 1)
"""

from __future__ import annotations

from typing import Any

from companion.games.base import (
    N_,
    Action,
    ActionSyntaxError,
    Applied,
    IllegalActionError,
    Option,
    Random,
    SeatSpec,
    State,
    check_params,
    line,
    thaw,
)
from companion.games.hera_zeus import cards, challenges, field, myths
from companion.games.hera_zeus import view as views
from companion.games.hera_zeus.cards import (
    BY_KEY,
    COUNTED,
    DECK_SIZE,
    HAND_LIMIT,
    HERA,
    OPENING_HAND,
    UNSURE_STRENGTH,
    ZEUS,
)
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
    sort_cards,
    who,
)
from companion.games.hera_zeus.field import FIGURE, all_places, placeable

NAME = "hera_zeus"
TITLE = N_("Blitz und Donner (Hera and Zeus)")
BLURB = N_("Hera against Zeus: face-down columns, blind challenges, Pegasus and Pandora. "
           "Two phones and a tablet.")
MIN_PLAYERS = 2
MAX_PLAYERS = 2
HAS_HIDDEN_INFO = True
HAS_CHANCE = True
REMATCH = True

SEATS = (HERA, ZEUS)
ROLES = (N_("Hera"), N_("Zeus"))
FIRST_ROW = 3
"""„Každý hráč si vybere 3 karty ze své ruky a umístí je na stůl lícem dolů“."""
TURN_LIMIT = 150
TURN_LIMIT_MAX = 300
_ACTIONS_PER_TURN = 4 * (2 + 2 * HAND_LIMIT) + 5
"""At most 4 points a turn; a point may start a reply of the opponent (Pegasus' card) or
discard orders of at most a hand each; the free god figure once, and again after each
removal."""
MAX_TURNS = TURN_LIMIT_MAX * _ACTIONS_PER_TURN + 2 * FIRST_ROW
"""No legal game is longer: the first rows, then every turn up to the largest turn limit."""

_COUNT_LABELS = {
    "s7": N_("Creatures of strength 7 per deck"),
    "s6": N_("Creatures of strength 6 per deck"),
    "s5": N_("Creatures of strength 5 per deck"),
    "s4": N_("Creatures of strength 4 per deck"),
    "s3": N_("Creatures of strength 3 per deck"),
    "s2": N_("Creatures of strength 2 per deck"),
    "s1": N_("Creatures of strength 1 per deck"),
    "s0": N_("Creatures of strength 0 per deck"),
    "nemesis": N_("Nemesis / Poseidon cards per deck"),
    "amazon": N_("Amazon / Hero cards per deck"),
    "pegasus": N_("Pegasus cards per deck"),
    "pythia": N_("Pythia cards per deck"),
    "medusa": N_("Medusa cards per deck"),
    "pandora": N_("Pandora cards per deck"),
    "god": N_("Hera / Zeus cards per deck"),
    "sirens": N_("Sirens cards per deck"),
    "hades": N_("Hades cards per deck"),
    "persephone": N_("Persephone cards per deck"),
    "dionysus": N_("Dionysus cards per deck"),
}
_STRENGTH_LABELS = {
    "nemesis": N_("Strength of Nemesis / Poseidon"),
    "amazon": N_("Strength of Amazon / Hero"),
    "pythia": N_("Strength of Pythia"),
    "pandora": N_("Strength of Pandora"),
    "sirens": N_("Strength of the Sirens"),
    "hades": N_("Strength of Hades"),
    "persephone": N_("Strength of Persephone"),
    "dionysus": N_("Strength of Dionysus"),
}
NO_NUMBER = "none"
_STRENGTH_CHOICES = ((NO_NUMBER, N_("no number: never on the field")),
                     *((str(n), str(n)) for n in range(8)))

OPTIONS: tuple[Option, ...] = (
    Option(
        "challenge_support", N_("A challenge needs at least two cards in"), "attacker",
        kind="choice",
        choices=(("attacker", N_("the challenger's column")),
                 ("defender", N_("the challenged column")),
                 ("both", N_("both columns"))),
        hint=N_("The rulebook: “only when the corresponding column holds at least two "
                "cards” — it does not say whose."),
    ),
    Option(
        "pandora_sweep", N_("A challenged Pandora sweeps away"), "both", kind="choice",
        choices=(("both", N_("the whole column on both sides")),
                 ("hers", N_("only her own column"))),
        hint=N_("The rulebook has each player order “his” swept cards, and both lose when "
                "both hostages stand in the column."),
    ),
    Option(
        "figure_removal", N_("Removing your own Hera or Zeus figure"), "action",
        kind="choice",
        choices=(("action", N_("costs one action point (the rules)")),
                 ("pegasus", N_("needs a Pegasus from your hand (optional rule)"))),
    ),
    Option(
        "nemesis_beats_sevens", N_("Nemesis and Poseidon beat a 7"), True,
        hint=N_("Pythia is “the only card stronger than Nemesis and Poseidon”. Off: they are "
                "a plain 7 (a tie against a 7)."),
    ),
    Option(
        "turn_limit", N_("Turn limit: then the game is a draw"), TURN_LIMIT, kind="int",
        min=20, max=TURN_LIMIT_MAX,
        hint=N_("Not in the rulebook: Hades and the Sirens can bring cards back for ever. "
                "Every turn of either player counts."),
    ),
    *(
        Option(f"count_{key}", _COUNT_LABELS[key], BY_KEY[key].copies, kind="int", min=0,
               max=20, check_cards=True,
               hint=N_("Printed on the overview card; the deck holds 43 cards with Io or "
                       "Argus."))
        for key in COUNTED
    ),
    *(
        Option(f"strength_{key}", _STRENGTH_LABELS[key],
               NO_NUMBER if BY_KEY[key].strength is None else str(BY_KEY[key].strength),
               kind="choice", choices=_STRENGTH_CHOICES, check_cards=True,
               hint=N_("The number in the card's corners; a card without one never lies on "
                       "the field."))
        for key in UNSURE_STRENGTH
    ),
)

_DEFAULTS = {option.name: option.default for option in OPTIONS}
RULE_OPTIONS = ("challenge_support", "pandora_sweep", "figure_removal", "nemesis_beats_sevens",
                "turn_limit")


def _option(options: dict[str, Any], name: str) -> Any:
    return options.get(name, _DEFAULTS[name])


def counts(options: dict[str, Any]) -> dict[str, int]:
    return {key: _option(options, f"count_{key}") for key in COUNTED}


def strengths(options: dict[str, Any]) -> dict[str, int | None]:
    found = cards.default_strengths()
    for key in UNSURE_STRENGTH:
        text = str(_option(options, f"strength_{key}"))
        found[key] = None if text == NO_NUMBER else int(text)
    return found


def validate(options: dict[str, Any]) -> None:
    """Refuse a deck the game cannot be played with.

    :raises ActionSyntaxError: a count out of range, an unknown strength, a choice that is
        not offered, or a deck that does not hold 43 cards.
    """
    for option in OPTIONS:
        value = _option(options, option.name)
        if option.kind == "int" and (isinstance(value, bool) or not isinstance(value, int)
                                     or not option.min <= value <= option.max):
            raise ActionSyntaxError(N_("“{name}” must be a whole number from {min} to {max}."),
                                    name=option.name, min=option.min, max=option.max)
        if option.kind == "choice" and str(value) not in {v for v, _ in option.choices}:
            raise ActionSyntaxError(N_("“{name}” has no choice “{value}”."),
                                    name=option.name, value=str(value)[:20])
    total = 1 + sum(counts(options).values())
    if total != DECK_SIZE:
        raise ActionSyntaxError(
            N_("A deck holds {size} cards (Io or Argus included); these counts make {total}."),
            size=DECK_SIZE, total=total)


def seats(options: dict[str, Any]) -> SeatSpec:
    return SeatSpec(MIN_PLAYERS, MAX_PLAYERS, ROLES)


def _empty(options: dict[str, Any]) -> State:
    made = counts(options)
    return {
        "players": 2,
        "rules": {name: _option(options, name) for name in RULE_OPTIONS},
        "counts": made,
        "strengths": strengths(options),
        "kinds": {**cards.make_deck(HERA, made), **cards.make_deck(ZEUS, made)},
        "phase": "setup",
        "decks": [[], []],
        "hands": [[], []],
        "fields": [[[], [], []], [[], [], []]],
        "discards": [[], []],
        "up": [],
        "opening": [False, False],
        "turn": None,
        "pending": None,
        "seen": [None, None],
        "last": None,
        "result": None,
    }


def setup(options: dict[str, Any], rng: Random) -> State:
    """Shuffle both decks and draw 9 each; a hostage drawn now is shown, replaced and
    shuffled back („ukáže tuto kartu soupeři a lízne si místo ní jinou“)."""
    validate(options)
    state = _empty(options)
    for seat in SEATS:
        deck = rng.shuffle(sorted(c for c in state["kinds"] if cards.colour_of(c) == seat))
        hand: list[str] = []
        shown = None
        while len(hand) < OPENING_HAND:
            card = deck.pop()
            if state["kinds"][card] == "hostage":
                shown = card
            else:
                hand.append(card)
        if shown is not None:
            deck = rng.shuffle([*deck, shown])
            state["opening"][seat] = True
        state["decks"][seat] = deck
        state["hands"][seat] = sort_cards(state, seat, hand)
    return state


# --- the turn ----------------------------------------------------------------------------


def _points(state: State, seat: int) -> int:
    """„tolik akčních bodů, kolik měl na začátku kola sloupců … figuru … 4 akční body“."""
    if field.figure_column(state, seat) is not None:
        return 4
    return field.occupied_columns(state, seat)


def _start_turn(state: State, seat: int, number: int) -> list[dict[str, Any]]:
    limit = state["rules"]["turn_limit"]
    if number > limit:
        return finish(state, [], N_("The turn limit ({limit}) is reached: a draw."),
                      limit=limit)
    state["turn"] = {"seat": seat, "number": number, "total": 0, "left": 0, "spent": 0}
    if not field.cards_on_field(state, seat):
        return finish(state, [1 - seat],
                      N_("{loser} has no card on the field at the start of the turn: "
                         "{winner} wins."), loser=who(seat), winner=who(1 - seat))
    points = _points(state, seat)
    state["turn"].update(total=points, left=points)
    log = [line(N_("Round {round}: {who}'s turn with {points} action points."),
                round=round_of(state), who=who(seat), points=points)]
    return log + _check_stuck(state)


def _check_stuck(state: State) -> list[dict[str, Any]]:
    """„Pokud hráč nemůže použít všechny svoje povolené akční body prohrává hru.“"""
    seat = state["turn"]["seat"]
    if state["turn"]["left"] > 0 and not _turn_actions(state, seat):
        return finish(state, [1 - seat],
                      N_("{loser} cannot spend all action points: {winner} wins."),
                      loser=who(seat), winner=who(1 - seat))
    return []


def _continue(state: State) -> list[dict[str, Any]]:
    """After an action or a reply: the next turn when the points are spent."""
    if over(state) or state["pending"] is not None or state["phase"] != "play":
        return []
    turn = state["turn"]
    if turn["left"] == 0:
        return _start_turn(state, 1 - turn["seat"], turn["number"] + 1)
    return _check_stuck(state)


def _setup_done(state: State, seat: int) -> bool:
    laid = len(field.cards_on_field(state, seat))
    return laid >= FIRST_ROW or not any(
        placeable(kind(state, c), state["strengths"]) for c in state["hands"][seat])


# --- what a seat may do ------------------------------------------------------------------


def actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, sorted."""
    if seat not in SEATS or over(state):
        return []
    if state["phase"] == "setup":
        found = _setup_actions(state, seat)
    elif state["pending"] is not None:
        found = challenges.reply_actions(state, seat)
    elif state["turn"]["seat"] == seat:
        found = _turn_actions(state, seat)
    else:
        found = []
    return sorted(found, key=Action.sort_key)


def _setup_actions(state: State, seat: int) -> list[Action]:
    if _setup_done(state, seat):
        return []
    empty = [f"{c}-0" for c in range(1, field.COLUMNS + 1) if not field.column(state, seat, c)]
    found = []
    for key in hand_keys(state, seat):
        card = from_hand(state, seat, key)
        if not placeable(kind(state, card), state["strengths"]):
            continue
        found.append(Action(
            "lay", {"card": key}, N_("Lay {card}"), {"card": card_name(state, card)},
            inputs={"place": {"kind": "choice", "choices": empty, "label": N_("Where")}},
            group=N_("Your first row: three cards face down"),
            hint=BY_KEY[kind(state, card)].hint,
        ))
    return found


def _turn_actions(state: State, seat: int) -> list[Action]:
    found: list[Action] = []
    if state["turn"]["left"] <= 0:
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
        k = kind(state, card)
        if not placeable(k, state["strengths"]):
            continue
        found.append(Action(
            "play", {"card": key}, N_("Play {card}"), {"card": card_name(state, card)},
            inputs={"place": {"kind": "choice", "choices": where, "label": N_("Where")}},
            group=N_("Play a card face down"), hint=BY_KEY[k].hint,
        ))
    return found


# --- applying an action ------------------------------------------------------------------

_SETUP, _PAID, _FREE, _REPLY = "setup", "paid", "free", "reply"


def apply(state: State, seat: int, action: dict[str, Any], rng: Random) -> Applied:
    """Apply one posted action.

    :param action: ``{"action": str, "params": dict}`` as posted by a phone.
    :raises ActionSyntaxError: an unknown action or malformed parameters.
    :raises IllegalActionError: a well-formed action the rules do not allow now.
    """
    if not isinstance(action, dict):
        raise ActionSyntaxError(N_("The action must be an object."))
    name = action.get("action")
    entry = _HANDLERS.get(name) if isinstance(name, str) else None
    if entry is None:
        raise ActionSyntaxError(N_("There is no action “{name}” here."), name=str(name)[:30])
    params = action.get("params", {})
    if not isinstance(params, dict):
        raise ActionSyntaxError(N_("The action's parameters must be an object."))
    if seat not in SEATS:
        raise IllegalActionError(N_("Only Hera and Zeus play."))
    if over(state):
        raise IllegalActionError(N_("The game is over."))
    handler, when = entry
    _check_when(state, seat, when)
    new = thaw(state)
    log, revealed = handler(new, seat, params, rng)
    if when == _PAID:
        new["turn"]["left"] -= 1
        new["turn"]["spent"] += 1
    if when == _SETUP:
        log += _after_setup(new)
    else:
        log += _continue(new)
    return Applied(new, log, revealed=revealed)


def _check_when(state: State, seat: int, when: str) -> None:
    """The reason a seat may not act now, as the refusal."""
    if when == _SETUP:
        if state["phase"] != "setup":
            raise IllegalActionError(N_("The first rows are laid; the game is on."))
        return
    if state["phase"] == "setup":
        raise IllegalActionError(N_("First lay three cards face down as your first row."))
    pending = state["pending"]
    if when == _REPLY:
        if pending is None or not challenges.waits_for(state, seat):
            raise IllegalActionError(N_("Nothing is waiting for your choice."))
        return
    if pending is not None:
        if challenges.waits_for(state, seat):
            raise IllegalActionError(N_("First finish the choice the game is waiting for."))
        raise IllegalActionError(N_("Wait: {other} is choosing."), other=who(1 - seat))
    if state["turn"]["seat"] != seat:
        raise IllegalActionError(N_("It is {other}'s turn."), other=who(1 - seat))


def _lay(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[list, bool]:
    got = check_params(params, card=str, place=str)
    place = field.parse_place(got["place"])
    if place is None:
        raise ActionSyntaxError(N_("A place is written column-position, e.g. 2-0."))
    col, pos = place
    if _setup_done(state, seat):
        raise IllegalActionError(N_("Your first row is laid; wait for {other}."),
                                 other=who(1 - seat))
    card = _placeable_from_hand(state, seat, got["card"])
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


def _after_setup(state: State) -> list[dict[str, Any]]:
    if not all(_setup_done(state, s) for s in SEATS):
        return []
    state["phase"] = "play"
    return [line(N_("Both first rows are laid. Hera begins."))] + _start_turn(state, HERA, 1)


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


def _draw(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[list, bool]:
    check_params(params)
    problem = draw_problem(state, seat)
    if problem:
        raise IllegalActionError(problem)
    card = state["decks"][seat].pop()
    add_to_hand(state, seat, card)
    return [line(N_("{who} draws a card."), who=who(seat)),
            line(N_("You drew {card}."), to=[seat],
                 card=card_name(state, card))], True


def _play(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[list, bool]:
    got = check_params(params, card=str, place=str)
    place = field.parse_place(got["place"])
    if place is None:
        raise ActionSyntaxError(N_("A place is written column-position, e.g. 2-0."))
    card = _placeable_from_hand(state, seat, got["card"])
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
                         "{row}."), who=who(seat), card=cards.name(kind(state, card),
                                                                    cards.colour_of(card)),
                      column=col, row=pos + 1)
    return log, False


def _place_refusal(state: State, seat: int, col: int) -> str:
    entries = field.column(state, seat, col)
    if len(entries) >= field.DEPTH:
        return N_("Column {column} already holds four cards.")
    if entries and entries[0] == FIGURE:
        return N_("Nothing goes before your figure in column {column}.")
    return N_("Column {column} has no such place: the cards close up without gaps.")


_HANDLERS = {
    "lay": (_lay, _SETUP),
    "draw": (_draw, _PAID),
    "play": (_play, _PAID),
    "challenge": (challenges.challenge, _PAID),
    "pegasus_pick": (challenges.pegasus_pick, _PAID),
    "pegasus_strike": (challenges.pegasus_strike, _PAID),
    "pegasus_own": (challenges.pegasus_own, _PAID),
    "pythia_look": (myths.pythia_look, _PAID),
    "pythia_reveal": (myths.pythia_reveal, _PAID),
    "sirens": (myths.sirens, _PAID),
    "hades": (myths.hades, _PAID),
    "persephone": (myths.persephone, _PAID),
    "dionysus": (myths.dionysus, _PAID),
    "remove_figure": (myths.remove_figure, _PAID),
    "god": (myths.god, _FREE),
    "place": (challenges.place, _REPLY),
    "bury": (challenges.bury, _REPLY),
}


def result(state: State) -> dict[str, Any] | None:
    return state["result"]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: the tablet); see :mod:`.view`. A phone also gets
    ``blocked``: why the usual actions are not offered now."""
    out = views.view(state, seat, round_of(state))
    if seat is not None:
        out["blocked"] = _blocked(state, seat)
    return out


def _blocked(state: State, seat: int) -> list[dict[str, Any]]:
    if state["phase"] != "play" or state["pending"] is not None \
            or state["turn"]["seat"] != seat:
        return []
    found = []
    problem = draw_problem(state, seat)
    if problem:
        found.append({"action": "draw", "column": None, "reason": problem, "args": {}})
    if not all_places(state, seat):
        found.append({"action": "play", "column": None, "args": {},
                      "reason": N_("Every column holds four cards.")})
    for col in range(1, field.COLUMNS + 1):
        refused = challenges.challenge_problem(state, seat, col)
        if refused is not None:
            found.append({"action": "challenge", "column": col, "reason": refused[0],
                          "args": refused[1]})
    if challenges.holds_pegasus(state, seat) and round_of(state) < 2:
        found.append({"action": "pegasus", "column": None, "args": {},
                      "reason": N_("Pegasus' abilities start in round 2.")})
    for reason, args in myths.unusable(state, seat):
        found.append({"action": "myth", "column": None, "reason": reason, "args": args})
    return found


# --- positions for tests and examples ----------------------------------------------------


def position(*, fields: list[list[list[str]]], hands: tuple = ((), ()), decks: tuple | None = None,
             discards: tuple = ((), ()), seat: int = HERA, round: int = 2,
             left: int | None = None, **options: Any) -> State:
    """A game in play from given cards (kind keys; ``lured:<kind>`` for a card of the other
    deck, ``figure`` for the god figure, a trailing ``^`` for face up). The rest of both
    decks (or ``decks``, top last) fills the draw piles.

    :param fields: per seat three columns, front first.
    :param round: the round of the turn; ``seat`` is to move.
    :param left: action points left (default: the full points of the turn).
    :param options: table options (rules, counts, strengths).
    """
    opts = {name: option.default for name, option in ((o.name, o) for o in OPTIONS)}
    opts.update(options)
    state = _empty(opts)
    pool = {s: sorted(c for c in state["kinds"] if cards.colour_of(c) == s) for s in SEATS}

    def take(holder: int, text: str) -> str:
        up = text.endswith("^")
        key = text.rstrip("^")
        colour = holder
        if key.startswith("lured:"):
            key, colour = key[6:], 1 - holder
        card = next((c for c in pool[colour] if state["kinds"][c] == key), None)
        if card is None:
            card = f"{'hz'[colour]}{90 + sum(1 for c in state['kinds'] if c[1] == '9'):02d}"
            state["kinds"][card] = key
        else:
            pool[colour].remove(card)
        if up:
            state["up"].append(card)
        return card

    for s in SEATS:
        state["fields"][s] = [[FIGURE if e == "figure" else take(s, e) for e in col]
                              for col in fields[s]]
        state["hands"][s] = sort_cards(state, s, [take(s, k) for k in hands[s]])
        state["discards"][s] = [take(s, k) for k in discards[s]]
        if decks is not None:
            state["decks"][s] = [take(s, k) for k in decks[s]]
    if decks is None:
        for s in SEATS:
            state["decks"][s] = list(pool[s])
    state["up"].sort()
    state["phase"] = "play"
    number = 2 * (round - 1) + seat + 1
    state["turn"] = {"seat": seat, "number": number, "total": 0, "left": 0, "spent": 0}
    points = _points(state, seat)
    state["turn"].update(total=points, left=points if left is None else left,
                         spent=0 if left is None else points - left)
    return state


def redeal_hidden(state: State, seat: int | None, rng: Random) -> State:
    """The same game as ``seat`` knows it (None: the tablet), with everything hidden from it
    dealt anew: every deck's order, and the other player's hand, face-down field cards and
    deck (a field place only ever gets a card that may lie there), and the order of the other
    discard pile under its top card. Public cards (face up, lured, waiting to be discarded)
    stay."""
    new = thaw(state)
    for s in SEATS:
        new["decks"][s] = rng.shuffle(new["decks"][s])
    for s in SEATS:
        if s == seat:
            continue
        _redeal_player(new, s, rng)
        pile = new["discards"][s]
        if len(pile) > 2:
            new["discards"][s] = rng.shuffle(pile[:-1]) + pile[-1:]
    return new


def _redeal_player(state: State, s: int, rng: Random) -> None:
    hand = [c for c in state["hands"][s] if cards.colour_of(c) == s]
    places = [(col, row) for col in range(field.COLUMNS)
              for row, e in enumerate(state["fields"][s][col])
              if e != FIGURE and e not in state["up"]]
    hidden = rng.shuffle(hand + [state["fields"][s][c][r] for c, r in places]
                         + state["decks"][s])
    on_field = [c for c in hidden if placeable(kind(state, c), state["strengths"])][:len(places)]
    if len(on_field) < len(places):
        return
    rest = [c for c in hidden if c not in on_field]
    for (col, row), card in zip(places, on_field, strict=True):
        state["fields"][s][col][row] = card
    kept = [c for c in state["hands"][s] if cards.colour_of(c) != s]
    state["hands"][s] = sort_cards(state, s, kept + rest[:len(hand)])
    state["decks"][s] = rest[len(hand):]

