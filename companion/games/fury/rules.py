"""Fury of Dracula, second edition (FFG 2005/06; rules: ``shared/rules/fury-of-dracula.ru.txt``).

Dracula's player keeps his hidden trail on his phone instead of under the table; one to four
players share the four hunters. The app holds the trail, the catacombs, the encounter pool
and Dracula's hand, the event deck (drawn from the bottom) and the item deck, rolls the
dice, and shows each phone only what its player may know. The physical board keeps the
figures; the tablet mirrors what is public.

The game is split along its own concepts: ``board`` (the map), ``cards`` (the components),
``trail``, ``movement``, ``decks``, ``dracula_turn`` and ``hunter_turn`` (the two kinds of turn),
``encounters`` (search and encounters), ``event_cards``, ``hunters`` (health, bites, defeat),
``byhand`` (outcomes entered by the players), ``order_of_play`` and ``view``.

>>> from companion.fairplay.fairness import StepRandom
>>> state = setup(default_options(), StepRandom(b"k" * 32, 0))
>>> state["phase"], len(state["encounters"]), state["blood"]
('setup', 5, 15)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from companion.games.base import (
    N_,
    Action,
    ActionSyntaxError,
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
from companion.games.fury import (
    before_combat,
    byhand,
    cards,
    catacombs,
    choices,
    combat_cards,
    combat_in_progress,
    combat_rounds,
    decks,
    dracula_turn,
    encounters,
    event_cards,
    figures,
    hunter_turn,
    items,
    order_of_play,
    # imported for what importing it does: the card registry hands its tables down to
    # ``lookup``, where the modules that play a card read them
    registry,  # noqa: F401
    route,
    summary,
    time_track,
    trail,
)
from companion.games.fury.automa import play as automa
from companion.games.fury.box import box
from companion.games.fury.cards import HUNTERS
from companion.games.fury.options import HUNTER_SEATS_BY_APP
from companion.games.fury.options import OPTIONS as OPTIONS
from companion.games.fury.piles import empty_piles
from companion.games.fury.reveal import reveal
from companion.games.fury.state import DRACULA, Ctx, State, controller, hunters_of
from companion.games.fury.view import redeal_hidden, view

NAME = "fury"
TITLE = N_("Fury of Dracula")
BLURB = N_("Dracula's hidden trail on his phone, the hunters on theirs: the app keeps the "
           "trail, catacombs, encounters and decks, and rolls the dice. 2–5 players.")
MIN_PLAYERS = 2
MAX_PLAYERS = 5
HAS_HIDDEN_INFO = True
HAS_CHANCE = True
REMATCH = True
STATE_VERSION = 3
MAX_TURNS = 60_000
"""Actions in the longest legal game: the vampire track gains a point each dawn, so Dracula
wins within about forty rounds unless he is caught first; each round is a bounded number
of choices (corrections and outcomes by hand are capped per round)."""

LETTERS = {"G": "godalming", "S": "seward", "V": "van_helsing", "M": "mina"}



def default_options() -> dict[str, Any]:
    options = {option.name: option.default for option in OPTIONS}
    options["players"] = 3
    return options


def hunter_split(text: str, players: int) -> dict[str, int]:
    """Which seat plays each hunter. ``auto`` splits them in turn order.

    >>> hunter_split("auto", 3)
    {'godalming': 1, 'seward': 1, 'van_helsing': 2, 'mina': 2}
    >>> hunter_split("GS/VM", 3)["mina"]
    2
    """
    groups = players - 1
    if str(text).strip().lower() in ("", "auto"):
        split = {h: 1 + i * groups // len(HUNTERS) for i, h in enumerate(HUNTERS)}
        return split
    parts = [p.strip().upper() for p in str(text).replace(",", "/").split("/")]
    if len(parts) != groups:
        raise ActionSyntaxError(N_("Give one group of letters for each of the {n} hunter "
                                   "players, e.g. GS/VM."), n=groups)
    split = {}
    for seat, part in enumerate(parts, start=1):
        for letter in part:
            if letter not in LETTERS or LETTERS[letter] in split:
                raise ActionSyntaxError(N_("Use each of the letters G, S, V and M once."))
            split[LETTERS[letter]] = seat
        if not part:
            raise ActionSyntaxError(N_("Every hunter player needs at least one hunter."))
    if len(split) != len(HUNTERS):
        raise ActionSyntaxError(N_("Use each of the letters G, S, V and M once."))
    return split


def train_faces(text: str) -> list[int]:
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) != 6 or not all(p in ("0", "1", "2", "3") for p in parts):
        raise ActionSyntaxError(N_("The train die has six faces, each 0 to 3, e.g. "
                                   "0,1,1,2,2,3."))
    return [int(p) for p in parts]


def validate(options: dict[str, Any]) -> None:
    hunter_split(options.get("hunters", "auto"), options["players"])
    played = app_seats(options)
    for n, name in enumerate(HUNTER_SEATS_BY_APP, start=2):
        if options.get(name, "no") != "no" and n > options["players"]:
            raise ActionSyntaxError(N_("Seat {n} is not at this table of {players} players: "
                                       "the app can play only the seats there are."), n=n,
                                    players=options["players"])
    if len(played) >= options["players"]:
        raise ActionSyntaxError(N_("The app cannot play every seat: leave at least one for a "
                           "person."))
    train_faces(options.get("train_die", "0,1,1,2,2,3"))
    combat_cards.initiative_values(options.get("initiative", ""))


def seats(options: dict[str, Any]) -> SeatSpec:
    """Dracula and one to four hunter players; once the count is known, what each plays
    (all four hunters are always in play) and every other way to share the hunters.

    >>> seats({"players": 3, "hunters": "auto"}).named
    ('Dracula', 'Lord Godalming and Dr. Seward', 'Van Helsing and Mina Harker')
    """
    players = options.get("players")
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return SeatSpec(min=MIN_PLAYERS, max=MAX_PLAYERS)
    split = hunter_split(options.get("hunters", "auto"), players)
    shares = tuple((letters, _roles(hunter_split(letters, players), players))
                   for letters in _shares(players - 1))
    return SeatSpec(min=MIN_PLAYERS, max=MAX_PLAYERS, named=_roles(split, players),
                    shares=shares, share_option="hunters")


def _roles(split: dict[str, int], players: int) -> tuple[str, ...]:
    groups = [" ".join(h for h in HUNTERS if split[h] == seat) for seat in range(1, players)]
    return (N_("Dracula"), *(cards.HUNTER_GROUPS[g] for g in groups))


def _shares(groups: int) -> list[str]:
    """Every way to share the four hunters among ``groups`` players, each once (a player's
    seat is where his name is written): the groups in the order of their first hunter,
    "auto" (the turn order's sharing) first.

    >>> _shares(2)[:3]
    ['auto', 'GSV/M', 'GSM/V']
    """
    found: list[str] = []

    def place(i: int, parts: list[str]) -> None:
        if i == len(HUNTERS):
            if len(parts) == groups:
                found.append("/".join(parts))
            return
        letter = "GSVM"[i]
        for k in range(len(parts)):
            place(i + 1, parts[:k] + [parts[k] + letter] + parts[k + 1:])
        if len(parts) < groups:
            place(i + 1, [*parts, letter])

    place(0, [])
    auto = "/".join("".join("GSVM"[i] for i, h in enumerate(HUNTERS)
                            if hunter_split("auto", groups + 1)[h] == seat)
                    for seat in range(1, groups + 1))
    return ["auto", *(f for f in found if f != auto)]


def setup(options: dict[str, Any], rng: Random) -> State:
    """„Подготовка к игре“: tracks at 0, blood 15, hunters at full health (Mina bitten), the
    item deck shuffled, the event deck shuffled with its bottom card put on top, the
    day/night marker on Dawn, five encounters from the pool for Dracula."""
    opts = {option.name: options.get(option.name, option.default) for option in OPTIONS}
    opts["train_die"] = ",".join(map(str, train_faces(opts["train_die"])))
    players = options.get("players", 3)
    state: State = {
        "state_version": STATE_VERSION,
        "game": NAME,
        "players": players,
        "options": opts,
        "control": hunter_split(opts["hunters"], players),
        "phase": "setup",
        "setup": 0,
        "round": 0,
        "turn": None,
        "queue": [],
        "time": time_track.DAWN,
        "vampires": 0,
        "resolve": 0,
        "resolve_used": [],
        "blood": cards.BLOOD,
        "sea_run": 0,
        "trail": [],
        "catacombs": catacombs.empty(),
        "next_slot": 0,
        "encounters": [],
        "dracula_events": [],
        "pool": list(cards.ENCOUNTER_POOL),
        "event_deck": decks.new_event_deck(rng),
        "event_discard": [],
        "item_deck": rng.shuffle(list(cards.ITEM_DECK)),
        "item_discard": [],
        "allies": {"dracula": None, "hunters": None},
        "storms": {},
        "dracula_declared": None,
        "blocked": {},
        "roadblock": None,
        "hunters": {
            h: {"place": None, "health": cards.HUNTER_DATA[h]["health"],
                "bites": cards.HUNTER_DATA[h]["starting_bites"], "items": [], "events": [],
                "skip": False, "shown": {"item": None, "event": None}, "up": [],
                "held": [], "bats": False, "fog": 0, "declared": None}
            for h in HUNTERS
        },
        "done": [],
        "corrections": {},
        "board": [],
        "markers": {},
        "result": None,
    }
    ctx = Ctx(state, [], rng)
    decks.refill_encounters(ctx)
    return ctx.state


# --- actions --------------------------------------------------------------------------




def actions(state: State, seat: int) -> list[Action]:
    """What ``seat`` may do now, sorted."""
    if state["result"] is not None:
        return []
    if state["queue"]:
        out = order_of_play.queue_actions(state, seat, state["queue"][0])
    elif state["phase"] == "setup":
        out = order_of_play.setup_actions(state, seat)
    else:
        out = order_of_play.turn_actions(state, seat)
        if state["phase"] == "play":
            out = out + byhand.correction_action(state, seat)
    return sorted(out, key=Action.sort_key)


def _why_not(state: State, seat: int, name: str) -> tuple[str, ...]:
    """The sentence a player reads when an action is refused."""
    own = {a.action for a in actions(state, seat)} - {"hand_open"}
    if not own:
        return (N_("It is not your turn: wait until the phone asks you."),)
    if name not in own:
        return (N_("That is not possible now; the buttons show what you may do."),)
    if name == "move":
        return (N_("Dracula cannot go there now: not into a place of his trail or catacombs "
                   "(except by Double Back), the hospital or a protected city, nor by rail; "
                   "Feed and Wolf Form only at night."),)
    if name == "tactic" and any(a.params.get("target") for a in actions(state, seat)):
        return (N_("Against several hunters your tactic names the hunter it strikes: "
                   "choose a card and a target from your buttons."),)
    if name == "tactic":
        return (N_("You cannot play that tactic now: only the cards on your buttons (never "
                   "last round's card; after a Repel, Dodge or an Escape)."),)
    if name == "travel":
        return (N_("The hunter cannot travel there from here: roads join neighbours, trains "
                   "go as far as the die allows, ships sail from a port."),)
    return (N_("That choice is not open now; the buttons show what you may do."),)


Handler = Callable[[Ctx, int, dict[str, Any]], None]
"""A move: the action's context (the thawed state, its log and randomness), the seat and the
checked params; the automatic steps after it are the dispatcher's (:func:`_run`)."""


def _run(state: State, seat: int, move: Move[Handler], params: dict[str, Any],
         rng: Random) -> Applied[State]:
    """Carry out one move this seat is offered now, with these very params, and every
    automatic step after it."""
    name = _NAMES[move.handler]
    if not any(a.action == name and a.params == params for a in actions(state, seat)):
        raise IllegalActionError(*_why_not(state, seat, name))
    ctx = Ctx(thaw(state), [], rng, seat=seat)
    before = trail.hunters_know(state)["now"] if state["trail"] else None
    move.handler(ctx, seat, params)
    order_of_play.advance(ctx)
    figures.follow_dracula(ctx, before)
    figures.follow_tracks(ctx, state)
    summary.follow(ctx)
    route.follow(ctx, state)
    return Applied(ctx.state, ctx.log, ctx.revealed)


MOVES: Moves[State, Handler] = Moves(
    {
        "start_at": Move(order_of_play.do_start_at, {"place": str}),
        "to_time": Move(order_of_play.do_to_time, idle=True),
        "move": Move(dracula_turn.do_move, {"to": str, "power": str}),
        "teleport": Move(dracula_turn.do_teleport),
        "dropoff": Move(dracula_turn.do_dropoff, {"choice": str, "token": str}),
        "keep_token": Move(dracula_turn.do_keep_token, {"token": str}),
        "attack": Move(dracula_turn.do_attack),
        "place": Move(dracula_turn.do_place, {"token": str}),
        "ambush": Move(dracula_turn.do_ambush, {"token": str, "hunter": str}),
        # Not idle, though it only goes on: a hunter's turn starts with it whenever his
        # hand might hold a card for the moment, and alone where none fits, so that the
        # question tells nobody what he holds (issue 40: a question's existence is public).
        "to_movement": Move(hunter_turn.do_to_movement),
        "resolve": Move(hunter_turn.do_resolve, {"ability": str}),
        "go": Move(hunter_turn.do_go, {"place": str}),
        "cure": Move(hunter_turn.do_cure),
        # a card played for another hunter (Hypnosis) names him
        "play_event": Move(event_cards.do_play_event, {"card": str, "hunter": str},
                           optional={"target": str}),
        "pass": Move(event_cards.do_pass, idle=True),
        # no card until this turn ends (issue 40)
        "pass_turn": Move(event_cards.do_pass_turn),
        "join": Move(hunter_turn.do_join, {"hunter": str, "join": bool}),
        "train": Move(hunter_turn.do_train, {"carriage": str}),
        "set_sail": Move(hunter_turn.do_set_sail, {"card": str}),
        "use_item": Move(items.do_use, {"hunter": str, "card": str}),
        "ride": Move(hunter_turn.do_ride, {"card": str, "to": str}),
        "travel": Move(hunter_turn.do_travel, {"to": str, "by": str}),
        "stay": Move(hunter_turn.do_stay),
        "rest": Move(hunter_turn.do_rest, {"hunter": str}),
        "supply": Move(hunter_turn.do_supply, {"hunter": str, "what": str}),
        "give": Move(hunter_turn.do_give, {"from": str, "to": str, "card": str}),
        "end_turn": Move(hunter_turn.do_end_turn, idle=True),
        "discard": Move(hunter_turn.do_discard, {"card": str}),
        "next_encounter": Move(encounters.do_next, {"token": str}),
        "choose": Move(choices.do_choose, {"key": str}),
        # against several hunters Dracula's tactic names the hunter it strikes
        "tactic": Move(combat_rounds.do_tactic, {"fighter": str, "card": str},
                       optional={"target": str}),
        "hand_open": Move(byhand.do_open, correction=True),
        "hand_done": Move(byhand.do_done),
        "hand_blood": Move(byhand.do_blood, {"by": int}),
        "hand_health": Move(byhand.do_health, {"hunter": str, "by": int}),
        "hand_bite": Move(byhand.do_bite, {"hunter": str, "by": int}),
        "hand_discard": Move(byhand.do_discard, {"hunter": str, "card": str}),
    },
    run=_run,
    seated=lambda state, seat: 0 <= seat < state["players"],
    over=lambda state: state["result"] is not None,
    not_seated=N_("It is not your turn: wait until the phone asks you."),
)
_NAMES = {move.handler: name for name, move in MOVES.moves.items()}
"""Each handler's move (a move's handler is its own)."""


apply = MOVES.apply
"""Apply one legal action and every automatic step after it.

:raises ActionSyntaxError: an unknown action or parameters of the wrong shape.
:raises IllegalActionError: an action this seat may not take now, with the reason.
"""


def _windows_ask_all(state: dict[str, Any]) -> None:
    """Version 1 → 2 (issue 40): a window asks all its seats at once (``seats``, not one
    ``seat`` a window), and a turn keeps the seats that passed until it ends."""
    for item in state["queue"]:
        if item["kind"] == "window" and "seat" in item:
            item["seats"] = [item.pop("seat")]
    if state["turn"] is not None:
        state["turn"].setdefault("passing", [])


def _entering_is_before_the_combat(state: dict[str, Any]) -> None:
    """Version 2 → 3 (issue 44): the window of a hunter entering Dracula's city is gone, and
    the fight's step that waited behind it. Issue 32 had stopped opening it (Wild Horses is
    offered in Dracula's turn before the combat), but a table saved while it was open kept
    both; such a table goes on as today's would at the same moment:

    - Dracula asked at the moment of entering: the combat begins, and he is asked first in
      its round of cards (the log does not tell its start: an upgrade writes no log);
    - Wild Horses played there, waiting for the hunters' cancel: behind it, the combat it
      was played before, Dracula first to be asked again should it be cancelled;
    - Wild Horses played, its question open: the hunter's turn goes on to his actions."""
    queue = state["queue"]
    step = next((item for item in queue
                 if item["kind"] == "effect" and item.get("do") == "fight"), None)
    if step is None:
        return
    at = queue.index(step)
    entering = [item for item in queue[:at]
                if item["kind"] == "window" and item["window"] == "enter"]
    del queue[at]
    turn = state["turn"]
    if step["horses"]:
        turn["stage"] = "act"
        return
    turn["ended"] = True
    turn["stage"] = "end"
    if entering:
        queue.remove(entering[0])
        combat_rounds.start(Ctx(cast(State, state)), "dracula", step["group"], step["place"])
        return
    fight = combat_in_progress.new(cast(State, state), "dracula", step["group"],
                                   step["place"], None)
    asked = before_combat.window_seats(cast(State, state), fight)
    fight["stage"] = "window"
    fight["window"] = [DRACULA, *(seat for seat in asked if seat != DRACULA)]
    queue[at:at] = [{"kind": "effect", "do": "combat_window_next"}, fight]


def upgrade(state: Any) -> State:
    return cast(State, upgraded(state, STATE_VERSION, {1: _windows_ask_all,
                                                      2: _entering_is_before_the_combat}))


def result(state: State) -> Result | None:
    return state["result"]


# --- Dracula played by the app (issue 33) ------------------------------------------------


def app_seats(options: dict[str, Any]) -> dict[int, str]:
    """The seats the app plays, each with its level: Dracula's (a Dracula level) and the
    hunter seats the table gave the app (a hunters' policy)."""
    level = options.get("dracula_by_app", "no")
    out = {DRACULA: level} if level in automa.LEVELS else {}
    players = options.get("players", MAX_PLAYERS)
    for seat, name in enumerate(HUNTER_SEATS_BY_APP, start=1):
        policy = options.get(name, "no")
        if policy in automa.HUNTER_POLICIES and seat < players:
            out[seat] = policy
    return out


def app_moment(state: State, log: list[dict[str, Any]], seat: int
               ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """What the app's seat is shown after a step — its own view and the log lines it may
    read: the only road from the state to the automa."""
    return view(state, seat), [line for line in log if "to" not in line or seat in line["to"]]


app_remember = automa.remember


def app_decide(memory: automa.Memory, offered: list[dict[str, Any]], rng: Random,
               level: str, deadline: Callable[[], bool] | None = None
               ) -> dict[str, Any] | None:
    """The app's seat's action; None when the game does not wait for it and it lets its
    optional offers pass (a hunter seat's card for another player's hunter). ``deadline``:
    whether the time for the decision is up (the best found so far is taken then)."""
    return automa.decide(memory, offered, rng, level, deadline)


__all__ = [
    "NAME", "TITLE", "BLURB", "MIN_PLAYERS", "MAX_PLAYERS", "HAS_HIDDEN_INFO", "HAS_CHANCE",
    "REMATCH", "MAX_TURNS", "OPTIONS", "STATE_VERSION", "upgrade", "seats", "setup", "actions",
    "MOVES", "apply", "view", "result",
    "empty_piles",
    "redeal_hidden", "box", "reveal", "default_options", "validate", "controller", "hunters_of",
    "DRACULA", "app_seats", "app_moment", "app_remember", "app_decide",
]
