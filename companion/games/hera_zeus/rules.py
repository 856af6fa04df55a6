"""Blitz und Donner — Hera and Zeus (Richard Borg, Kosmos 2000; Rio Grande 2000).

Rules: ``shared/rules/blitz-und-donner.cs.txt`` (Czech); facts: ``shared/data/hera_zeus.json``.
Hera (seat 0, purple) seeks Argus, Zeus (seat 1, green) seeks Io; each has a 43-card deck,
a hand on the phone and a field of up to 3 columns × 4 face-down cards on the tablet. A turn
has as many action points as columns (4 with the god figure on the field) and every point
must be spent: draw, play a card face down, challenge straight across, or play a
mythological card from the hand. How every ambiguity is decided is in ``README.md``.

The parts: :mod:`.cards` (kinds, names, defaults), :mod:`.options` (the table options),
:mod:`.field` (columns), :mod:`.core` (hands, piles, the end), :mod:`.turn` (the first rows,
action points, drawing and playing), :mod:`.challenges` (challenges, Pandora, Pegasus, the
discard order), :mod:`.myths` (Pythia, Sirens, Hades, Persephone, Dionysus, the god figures),
:mod:`.view` (what each screen gets). This module holds the game contract: setup, actions,
apply, view, result, and the test helpers ``position`` and ``redeal_hidden``.

>>> state = position(fields=[[["s5", "s1"], ["s3"], []], [["s2"], ["s4"], []]], round=2)
>>> state = apply(state, 0, {"action": "challenge", "params": {"column": 1}}, None).state
>>> [len(c) for c in state["fields"][1]], turn_of(state)["left"]
([0, 1, 0], 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from companion.games.base import (
    N_,
    Action,
    Applied,
    IllegalActionError,
    Move,
    Moves,
    Random,
    Result,
    SeatSpec,
    thaw,
    upgraded,
)
from companion.games.hera_zeus import cards, challenges, field, myths, turn
from companion.games.hera_zeus import view as views
from companion.games.hera_zeus.box import box as box
from companion.games.hera_zeus.cards import HAND_LIMIT, HERA, OPENING_HAND, ZEUS
from companion.games.hera_zeus.core import kind, over, round_of, sort_cards, turn_of, who
from companion.games.hera_zeus.field import FIGURE, all_places, placeable
from companion.games.hera_zeus.options import OPTIONS as OPTIONS
from companion.games.hera_zeus.options import (
    RULE_OPTIONS,
    TURN_LIMIT_MAX,
    counts,
    option,
    strengths,
)
from companion.games.hera_zeus.options import validate as validate
from companion.games.hera_zeus.piles import empty_piles as empty_piles
from companion.games.hera_zeus.reveal import reveal as reveal
from companion.games.hera_zeus.state import Rules, State
from companion.games.hera_zeus.turn import FIRST_ROW

NAME = "hera_zeus"
TITLE = N_("Blitz und Donner (Hera and Zeus)")
BLURB = N_("Hera against Zeus: face-down columns, blind challenges, Pegasus and Pandora. "
           "Two phones and a tablet.")
MIN_PLAYERS = 2
MAX_PLAYERS = 2
HAS_HIDDEN_INFO = True
HAS_CHANCE = True
REMATCH = True
STATE_VERSION = 1

SEATS = (HERA, ZEUS)
ROLES = (N_("Hera"), N_("Zeus"))
_ACTIONS_PER_TURN = 4 * (2 + 2 * HAND_LIMIT) + 5
"""At most 4 points a turn; a point may start a reply of the opponent (Pegasus' card) or
discard orders of at most a hand each; the free god figure once, and again after each
removal."""
MAX_TURNS = TURN_LIMIT_MAX * _ACTIONS_PER_TURN + 2 * FIRST_ROW
"""No legal game is longer: the first rows, then every turn up to the largest turn limit."""


def seats(options: dict[str, Any]) -> SeatSpec:
    return SeatSpec(MIN_PLAYERS, MAX_PLAYERS, ROLES)


def _empty(options: dict[str, Any]) -> State:
    made = counts(options)
    return {
        "players": 2,
        "rules": cast(Rules, {name: option(options, name) for name in RULE_OPTIONS}),
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


# --- what a seat may do ------------------------------------------------------------------


def actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, sorted."""
    if seat not in SEATS or over(state):
        return []
    if state["phase"] == "setup":
        found = turn.setup_actions(state, seat)
    elif state["pending"] is not None:
        found = challenges.reply_actions(state, seat)
    elif turn_of(state)["seat"] == seat:
        found = turn.turn_actions(state, seat)
    else:
        found = []
    return sorted(found, key=Action.sort_key)


# --- applying an action ------------------------------------------------------------------

_SETUP, _PAID, _FREE, _REPLY = "setup", "paid", "free", "reply"
"""When a move may be posted: laying the first row; spending an action point of one's turn;
in one's turn for free (the god figure); answering the choice the game waits for."""

Handler = Callable[[State, int, dict[str, Any], Random], tuple[list[dict[str, Any]], bool]]
"""A move: changes the thawed state, returns its log lines and whether it revealed."""


def _run(state: State, seat: int, move: Move[Handler], params: dict[str, Any],
         rng: Random) -> Applied[State]:
    new = thaw(state)
    log, revealed = move.handler(new, seat, params, rng)
    if move.when == _PAID:
        turn_of(new)["left"] -= 1
        turn_of(new)["spent"] += 1
    if move.when == _SETUP:
        log += turn.after_setup(new)
    else:
        log += turn.after_action(new)
    if _turn_seat(new) not in (None, _turn_seat(state), seat):
        # A turn handed on checks whether the other player can spend his points — his
        # hand and face-down field decide it, so the mover learns something (issue 30).
        revealed = True
    return Applied(new, log, revealed=revealed)


def _turn_seat(state: State) -> int | None:
    turn = state.get("turn")
    return None if not turn else turn["seat"]


def _check_when(state: State, seat: int, move: Move[Handler]) -> None:
    """The reason a seat may not post this move now, as the refusal."""
    when = move.when
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
    if turn_of(state)["seat"] != seat:
        raise IllegalActionError(N_("It is {other}'s turn."), other=who(1 - seat))


_COLUMN = {"column": (int, str)}
"""A column 1–3 (as text too, as a form posts it)."""
_CARD, _PLACED = {"card": str}, {"card": str, "place": str}
MOVES: Moves[State, Handler] = Moves(
    {
        "lay": Move(turn.lay, _PLACED, when=_SETUP),
        "draw": Move(turn.draw, when=_PAID),
        "play": Move(turn.play, _PLACED, when=_PAID),
        "challenge": Move(challenges.challenge, _COLUMN, when=_PAID),
        "pegasus_pick": Move(challenges.pegasus_pick, when=_PAID),
        "pegasus_strike": Move(challenges.pegasus_strike, _COLUMN, when=_PAID),
        "pegasus_own": Move(challenges.pegasus_own, when=_PAID),
        "pythia_look": Move(myths.pythia_look, when=_PAID),
        "pythia_reveal": Move(myths.pythia_reveal, _COLUMN, when=_PAID),
        "sirens": Move(myths.sirens, when=_PAID),
        "hades": Move(myths.hades, _CARD, when=_PAID),
        "persephone": Move(myths.persephone, when=_PAID),
        "dionysus": Move(myths.dionysus, {"card": str, "to": str}, when=_PAID),
        "remove_figure": Move(myths.remove_figure, when=_PAID),
        "god": Move(myths.god, _COLUMN, when=_FREE),
        "place": Move(challenges.place, _COLUMN, when=_REPLY),
        "bury": Move(challenges.bury, _CARD, when=_REPLY),
    },
    run=_run,
    seated=lambda state, seat: seat in SEATS,
    over=over,
    not_seated=N_("Only Hera and Zeus play."),
    allowed=_check_when,
)
apply = MOVES.apply


def upgrade(state: Any) -> State:
    return cast(State, upgraded(state, STATE_VERSION, {}))


def result(state: State) -> Result | None:
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
            or turn_of(state)["seat"] != seat:
        return []
    found: list[dict[str, Any]] = []
    problem = turn.draw_problem(state, seat)
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


Cards = tuple[Sequence[str], Sequence[str]]
"""Per seat, card keys (for :func:`position`)."""


def position(*, fields: list[list[list[str]]], hands: Cards = ((), ()),
             decks: Cards | None = None, discards: Cards = ((), ()), seat: int = HERA,
             round: int = 2,
             left: int | None = None, **options: Any) -> State:
    """A game in play from given cards (kind keys; ``lured:<kind>`` for a card of the other
    deck, ``figure`` for the god figure, a trailing ``^`` for face up). The rest of both
    decks (or ``decks``, top last) fills the draw piles.

    :param fields: per seat three columns, front first.
    :param round: the round of the turn; ``seat`` is to move.
    :param left: action points left (default: the full points of the turn).
    :param options: table options (rules, counts, strengths).
    """
    opts = {o.name: o.default for o in OPTIONS}
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
    points = turn.points(state, seat)
    started = turn_of(state)
    started["total"], started["left"] = points, points if left is None else left
    started["spent"] = 0 if left is None else points - left
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

