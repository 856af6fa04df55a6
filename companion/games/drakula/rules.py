"""Drakula (Michael Rieneck, Kosmos 2003; Czech rules: ``shared/rules/drakula-2p.cs.txt``).

Dracula and Van Helsing hunt each other's target cards (coffins / victims) among twelve
face-down encounter cards on a 3 × 4 board. The app holds every face-down card, both
supplies, both hands of action cards, the peeks and the bluffs; each phone sees only what
its player saw (a private memory of peeks), the tablet only what is public.

A turn is a chain of small actions: ``step`` to a neighbour, ``peek`` at the card there
(own card: it goes to the supply and ``lay`` puts any supply card back face down; the
opponent's card: the move ends and it is resolved), ``show_supplies`` when meeting the
other figure, ``end_move``; then ``play`` one action card (pays the steps, fights), its
``special`` action (or ``skip_special``), a ``barrier`` (``barrier_colour`` first for
grey) and ``end_turn``. ``give_target`` (a target card from the supply for two lives)
works at any time.

The parts: :mod:`.state` (the state's shape, typed), :mod:`.data` (the facts),
:mod:`.options` (the table options), :mod:`.board` (names, barriers, lives, each seat's
memory), :mod:`.turn` (action cards in hand, a turn's
start and end, the checks every action makes), :mod:`.picks` (the six encounter cards each
side picks), :mod:`.move` (stepping, peeking, meeting, laying), :mod:`.play` (an action card
played: steps paid, the crucifix, fights), :mod:`.specials` (the special actions),
:mod:`.barriers` (the barrier stage), :mod:`.view` (what each screen gets). This module
holds the game contract: setup, actions, apply (and ``give_target``, allowed at any time),
view, result, and the test helper ``redeal_hidden``.

>>> from companion.fairplay.fairness import StepRandom
>>> state = setup(default_options(), StepRandom(b"k" * 32, 0))
>>> [a.action for a in actions(state, 0)][:2], state["phase"]
(['pick', 'pick'], 'setup')
"""

from __future__ import annotations

from collections.abc import Callable
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
    line,
    thaw,
    upgraded,
)
from companion.games.drakula import data
from companion.games.drakula.barriers import (
    barrier_actions,
    choose_barrier,
    end_turn_action,
    place_barrier,
    skip_barrier,
)
from companion.games.drakula.board import (
    check_captures,
    current,
    label_of,
    location_name,
    max_steps,
    open_neighbours,
    opponent,
    over,
    supply_public,
    who,
)
from companion.games.drakula.box import box as box
from companion.games.drakula.data import (
    ACTION_CARDS,
    BARRIER_COLOURS,
    DRACULA,
    ENEMY,
    LOCATIONS,
    TARGET,
    VAN_HELSING,
)
from companion.games.drakula.move import (
    after_lay,
    end_move,
    lay_actions,
    lay_from_supply,
    peek,
    show_supplies,
    step,
)
from companion.games.drakula.options import (
    MAX_CARD_STEPS,
    TURN_LIMIT_MAX,
    option_value,
    parse_card,
    parse_strengths,
)
from companion.games.drakula.options import OPTIONS as OPTIONS
from companion.games.drakula.options import default_options as default_options
from companion.games.drakula.options import validate as validate
from companion.games.drakula.picks import PICKS, confirm_picks, pick_card, setup_actions
from companion.games.drakula.piles import empty_piles as empty_piles
from companion.games.drakula.play import play_actions, play_card
from companion.games.drakula.reveal import reveal as reveal
from companion.games.drakula.specials import skip_special, special_actions, use_special
from companion.games.drakula.state import State
from companion.games.drakula.turn import deal_hand
from companion.games.drakula.view import card_view as card_view
from companion.games.drakula.view import redeal_hidden as redeal_hidden
from companion.games.drakula.view import view as view

NAME = data.NAME
TITLE = N_("Drakula")
BLURB = N_("Dracula against Van Helsing: bluff with face-down cards, find the other's "
           "five targets. Two phones and a tablet.")
MIN_PLAYERS = 2
MAX_PLAYERS = 2
HAS_HIDDEN_INFO = True
HAS_CHANCE = True
REMATCH = True
STATE_VERSION = 1

_ACTIONS_PER_TURN = 3 * MAX_CARD_STEPS + 12
"""Per step: step, peek, lay; once a turn: show supplies, end the move, play, lay after a
won fight, two special choices, skip, two barrier colours, two barriers, end turn."""
MAX_TURNS = TURN_LIMIT_MAX * _ACTIONS_PER_TURN + 2 * (PICKS + 1) + 2 * 5
"""Setup picks, every turn up to the turn limit, and the ten target cards that may be
given away: no legal game is longer."""


def seats(options: dict[str, Any]) -> SeatSpec:
    return SeatSpec(MIN_PLAYERS, MAX_PLAYERS, data.ROLES)


# --- setup ---------------------------------------------------------------------------


def _deck(options: dict[str, Any]) -> list[dict[str, int]]:
    decks = []
    for side, option in ((DRACULA, "vampire_strengths"), (VAN_HELSING, "hunter_strengths")):
        enemy = ENEMY[side]
        counts = {f"{enemy}{s}": n
                  for s, n in parse_strengths(option_value(options, option)).items() if n}
        counts[data.POWER[side]] = 1
        counts[TARGET[side]] = 5
        decks.append(counts)
    return decks


def _first_player(options: dict[str, Any]) -> int:
    """The first game: Dracula starts; later the loser of the previous game starts."""
    previous = options.get("previous_result") or {}
    winners = previous.get("winners") or []
    if not previous.get("draw") and len(winners) == 1 and winners[0] in (0, 1):
        return 1 - int(winners[0])
    return DRACULA


def setup(options: dict[str, Any], rng: Random) -> State:
    """Deal the action cards; the encounter cards are picked on the phones."""
    validate(options)
    cards = {cid: parse_card(option_value(options, f"card_{cid}")) for cid in ACTION_CARDS}
    hands = [deal_hand(rng.shuffle(list(data.SIDE_CARDS[side])))
             for side in (DRACULA, VAN_HELSING)]
    return {
        "players": 2,
        "phase": "setup",
        "cards": cards,
        "deck": _deck(options),
        "spacing": option_value(options, "barrier_spacing"),
        "turn_limit": int(option_value(options, "turn_limit")),
        "first": _first_player(options),
        "picks": [[], []],
        "ready": [False, False],
        "locations": {loc: None for loc in LOCATIONS},
        "owners": {loc: None for loc in LOCATIONS},
        "face_up": None,
        "figures": list(data.START),
        "barriers": {c: None for c in BARRIER_COLOURS},
        "supply": [[], []],
        "captured": [[], []],
        "discard": [[], []],
        "lives": [data.LIVES, data.LIVES],
        "reserve": data.RESERVE,
        "hands": hands,
        "effects": {"dech": False, "sepot": False, "ostrazitost": False, "turned": None},
        "turn": None,
        "turn_count": 0,
        "memory": [{}, {}],
        "seen_supply": [None, None],
        "result": None,
    }


# --- actions: what a seat may do now --------------------------------------------------


def actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may post now, sorted."""
    found: list[Action] = []
    if over(state):
        return found
    if state["phase"] == "setup":
        found = setup_actions(state, seat)
    else:
        target = TARGET[seat]
        if target in state["supply"][seat]:
            gain = min(2, state["reserve"])
            label = (N_("Give {card} to your opponent for two lives") if gain == 2 else
                     N_("Give {card} to your opponent for one life (the reserve has one)")
                     if gain == 1 else
                     N_("Give {card} to your opponent: no lives (the reserve is empty)"))
            found.append(Action(
                "give_target", {}, label, {"card": label_of(target)}, group=N_("Any time"),
                hint=N_("Allowed at any time before your last life is lost."),
            ))
        turn = state["turn"]
        if turn is not None and turn["seat"] == seat:
            found += _turn_actions(state, seat)
    return sorted(found, key=Action.sort_key)


def _turn_actions(state: State, seat: int) -> list[Action]:
    turn = current(state)
    stage = turn["stage"]
    here = state["figures"][seat]
    found: list[Action] = []
    if stage == "move":
        if turn["steps"] < max_steps(state, seat):
            for n in open_neighbours(state, here):
                found.append(Action("step", {"to": n}, N_("Step to {location}"),
                                    {"location": location_name(n)}, group=N_("Move"),
                                    hint=N_("No diagonals, not through a barrier.")))
        if turn["can_peek"]:
            found.append(Action("peek", {}, N_("Look at the card on {location}"),
                                {"location": location_name(here)}, group=N_("Move"),
                                hint=N_("Your own card goes to your supply and you lay one "
                                        "back; the opponent's card ends your move.")))
        if turn["met"]:
            found.append(Action("show_supplies", {}, N_("Show both supplies"),
                                group=N_("Move"),
                                hint=N_("You met the other figure: you may both show your "
                                        "supplies. The proof rule may end the game.")))
        if state["locations"][here] is None and not turn["can_peek"]:
            found += lay_actions(state, seat, here, optional=True)
        if turn["steps"] >= 1:
            found.append(Action("end_move", {}, N_("Stop here"), group=N_("Move"),
                                hint=N_("Then play an action card that pays your steps.")))
    elif stage == "lay":
        at = turn["lay_at"]
        assert at is not None, "a forced lay names its location"
        found += lay_actions(state, seat, at, optional=False)
    elif stage == "play":
        found += play_actions(state, seat)
    elif stage == "special":
        found += special_actions(state, seat)
        found.append(Action("skip_special", {}, N_("Do without the special action"),
                            group=N_("Special action")))
    elif stage == "barrier":
        found += barrier_actions(state, seat)
    return found


# --- applying an action --------------------------------------------------------------


def _run(state: State, seat: int, move: Move[Handler], params: dict[str, Any],
         rng: Random) -> Applied[State]:
    return _stop_when_forced(move.handler(thaw(state), seat, params, rng), rng)


def _stop_when_forced(applied: Applied[State], rng: Random) -> Applied[State]:
    """A move with nothing left but "Stop here" (no step, no peek, nothing to lay) stops by
    itself (issue 32: no tap without a choice); its line follows the step's."""
    state = applied.state
    if over(state) or state["phase"] != "play" or current(state)["stage"] != "move":
        return applied
    seat = current(state)["seat"]
    if [a.action for a in actions(state, seat)] != ["end_move"]:
        return applied
    stopped = end_move(state, seat, {}, rng)
    return Applied(stopped.state, [*applied.log, *stopped.log],
                   applied.revealed or stopped.revealed)


# any time ---


def _give_target(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied[State]:
    if state["phase"] != "play":
        raise IllegalActionError(N_("The cards are not on the board yet."))
    target = TARGET[seat]
    if target not in state["supply"][seat]:
        raise IllegalActionError(N_("There is no {card} in your supply."), card=label_of(target))
    state["supply"][seat].remove(target)
    state["captured"][opponent(seat)].append(target)
    supply_public(state, seat, remove=target)
    gained = min(2, state["reserve"])
    state["lives"][seat] += gained
    state["reserve"] -= gained
    log = [line(N_("{who} gives {card} to the opponent and takes lives: {count}."),
                who=who(seat), card=label_of(target), count=gained)]
    check_captures(state, opponent(seat), log)
    turn = state["turn"]
    if not over(state) and turn is not None and turn["seat"] == seat \
            and turn["stage"] == "lay" and turn["lay_at"] is not None \
            and not state["supply"][seat]:
        # „Pokud musí hráč položit … kartu setkání a žádnou už nemá, zůstane lokace prázdná.“
        log.append(line(N_("{who} has no card left to lay: {location} stays empty."),
                        who=who(seat), location=location_name(turn["lay_at"])))
        after_lay(state, log, rng)
    return Applied(state, log, revealed=True)


Handler = Callable[[State, int, dict[str, Any], Random], Applied[State]]
"""A move: the thawed state, the seat, the checked params, the step's randomness."""
_SPECIAL = {"location": str, "figure": int, "kind": str, "card": str}
"""What a special action names, as its card says (:func:`.specials.use_special`)."""
MOVES: Moves[State, Handler] = Moves(
    {
        "pick": Move(pick_card, {"kind": str}),
        "confirm": Move(confirm_picks),
        "step": Move(step, {"to": str}),
        "peek": Move(peek),
        "show_supplies": Move(show_supplies),
        "end_move": Move(end_move, idle=True),
        "lay": Move(lay_from_supply, {"kind": str}),
        "play": Move(play_card, {"card": str}),
        "special": Move(use_special, optional=_SPECIAL),
        "skip_special": Move(skip_special, idle=True),
        "barrier_colour": Move(choose_barrier, {"colour": str}),
        "barrier": Move(place_barrier, {"colour": str, "edge": str}),
        "skip_barrier": Move(skip_barrier),
        "end_turn": Move(end_turn_action),
        "give_target": Move(_give_target),
    },
    run=_run,
    seated=lambda state, seat: seat in (DRACULA, VAN_HELSING),
    over=over,
)
apply = MOVES.apply


def upgrade(state: Any) -> State:
    return cast(State, upgraded(state, STATE_VERSION, {}))


def result(state: State) -> Result | None:
    return state["result"]
