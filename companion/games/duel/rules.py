"""Duel! — the anniversary minigame of the Czech RPG Příběhy Impéria (Ferenc brothers, 2010).

Rules: ``shared/rules/duel.cs.txt`` (Czech); cards and counts in :mod:`.cards`. Two
duellists each hold an action deck (5 Aim, 2 Bluff, 2 Shot) plus jokers drawn blind from
their joker decks, and start with one Aim laid. Each round both choose a card in secret on
their phones; when both have chosen, both turn at once and the round resolves: Aims are
laid, Bluffs and Crying Mistress remove Aims, Shots roll four FUDGE dice + laid Aims (+ Wind)
and hit on 4 or more. How every ambiguity of the rulebook is decided is in ``README.md``.

Phases: ``signal`` (before round 1: play Confused Signal or get ready, in secret) →
``choose`` (the secret choice of a round) → ``mind`` (Mind Reading's swap, only when one was
played) → ``demon`` (Demon's Help's blind pick, only when one was played) → the next round,
or ``over``.

The parts: :mod:`.cards` (kinds, names, hints, counts), :mod:`.options` (the table options
and the joker decks they deal), :mod:`.core` (seats, pistols, what a duellist may play, the
refusals), :mod:`.dice` (the FUDGE dice and the Wind), :mod:`.secret` (the secret plays and
their reveal: Confused Signal, a round's card, Mind Reading), :mod:`.rounds` (a round
resolved, Demon's Help, the next round and the end), :mod:`.view` (what each screen gets).
This module holds the game contract: setup, actions, apply, view, result, and the test
helpers ``position`` and ``redeal_hidden``.

>>> state = position([["bluff", "shot"], ["aim", "shot"]], laid=(1, 2))
>>> state = apply(state, 0, {"action": "choose", "params": {"card": 0}}, None).state
>>> state = apply(state, 1, {"action": "choose", "params": {"card": 0}}, None).state
>>> [len(pile) for pile in state["laid"]]  # the Aim is laid (3), then Bluff removes two
[1, 1]
>>> view(state, 1)["hand"][0]["name"], view(state, None)["duellists"][0]["hand_count"]
('Shot', 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from companion.games.base import (
    N_,
    Action,
    Applied,
    Move,
    Moves,
    Random,
    Result,
    SeatSpec,
    thaw,
    upgraded,
)
from companion.games.duel import cards, rounds, secret
from companion.games.duel.box import box as box
from companion.games.duel.cards import BY_KEY, JOKERS, sort_hand
from companion.games.duel.core import (
    KEEP,
    PISTOLS,
    ROLES,
    SEATS,
    card_hint,
    has_playable,
    playable,
    swappable,
)
from companion.games.duel.options import (
    DEFAULTS,
    MAX_JOKERS_EACH,
    RULE_OPTIONS,
    deck_of,
    joker_decks,
    jokers_dealt,
)
from companion.games.duel.options import OPTIONS as OPTIONS
from companion.games.duel.options import validate as validate
from companion.games.duel.piles import empty_piles as empty_piles
from companion.games.duel.reveal import reveal as reveal
from companion.games.duel.rounds import next_round
from companion.games.duel.state import Phase, Rules, State
from companion.games.duel.view import view as view

NAME = "duel"
TITLE = N_("Duel!")
BLURB = N_("Two gentlemen at dawn: cards played in secret, two pistols, four FUDGE dice.")
MIN_PLAYERS = 2
MAX_PLAYERS = 2
HAS_HIDDEN_INFO = True
HAS_CHANCE = True
REMATCH = True
"""“Reload and duel again”: the platform calls ``setup`` again at the same table."""
STATE_VERSION = 2
"""1: saved before states had versions; those made before each duellist had his own joker
deck (97d4e1a) hold one shared deck, ``joker_deck``. 2: ``joker_decks``, one a deck."""


def _own_decks(state: dict[str, Any]) -> None:
    """Version 1 → 2: the one shared joker deck of the oldest states becomes the only deck
    of ``joker_decks`` (the option "one shared deck" deals the same)."""
    if "joker_deck" in state:
        state["joker_decks"] = [state.pop("joker_deck")]


def upgrade(state: Any) -> State:
    """A duel as the store saved it, as this version plays it."""
    return cast(State, upgraded(state, STATE_VERSION, {1: _own_decks}))

HAND_MAX = sum(cards.ACTION_DECK.values()) - 1 + MAX_JOKERS_EACH
"""The largest hand: the action deck minus the Aim laid at the start, plus the jokers."""
MAX_TURNS = 2 + 6 * 2 * HAND_MAX
"""Two signal choices, then per round at most two choices, two Mind Reading decisions and two
blind picks; every round spends at least one card of the two hands."""


def seats(options: dict[str, Any]) -> SeatSpec:
    return SeatSpec(MIN_PLAYERS, MAX_PLAYERS, ROLES)


def setup(options: dict[str, Any], rng: Random) -> State:
    """Deal the jokers blind, lay each duellist's first Aim and wait for the signal."""
    validate(options)
    decks = [rng.shuffle(deck) for deck in joker_decks(options)]
    dealt = jokers_dealt(options)
    hands = []
    for seat, count in enumerate(dealt):
        deck = decks[deck_of(decks, seat)]
        jokers = deck[:count]
        del deck[:count]
        actions_deck = [key for key, copies in cards.ACTION_DECK.items() for _ in range(copies)]
        actions_deck.remove("aim")  # laid in front at the start
        hands.append(sort_hand(actions_deck + jokers))
    return _state(
        hands, laid=[["aim"], ["aim"]], joker_decks=decks, jokers=dealt, phase="signal",
        rules=_rules({name: bool(options.get(name, DEFAULTS[name])) for name in RULE_OPTIONS}),
    )


def _rules(chosen: dict[str, bool]) -> Rules:
    return {"mistress_aim": chosen["mistress_aim"], "wind_stacks": chosen["wind_stacks"],
            "empty_hand_ends": chosen["empty_hand_ends"]}


def _state(hands: list[list[str]], *, laid: list[list[str]], joker_decks: list[list[str]],
           jokers: list[int], phase: Phase, rules: Rules) -> State:
    return {
        "state_version": STATE_VERSION,
        "players": 2,
        "rules": rules,
        "phase": phase,
        "round": 0,
        "hands": hands,
        "laid": laid,
        "pistols": [PISTOLS, PISTOLS],
        "jokers": jokers,
        "joker_decks": joker_decks,
        "out": [],
        "pending": [None, None],
        "active": [False, False],
        "signalled": [False, False],
        "skip_first": [False, False],
        "deciding": [False, False],
        "picking": [False, False],
        "wind": [],
        "fallen": [False, False],
        "current": None,
        "history": [],
        "result": None,
    }


def position(hands: list[list[str]], *, laid: tuple[int, int] = (1, 1),
             pistols: tuple[int, int] = (PISTOLS, PISTOLS), wind: list[int] | None = None,
             joker_deck: list[str] | None = None, round: int = 1, idle: int | None = None,
             **rules: bool) -> State:
    """A duel at the secret choice of a round, from given hands (for tests and examples).

    :param hands: the two hands as card keys (see :mod:`.cards`).
    :param laid: how many Aims lie in front of each duellist.
    :param wind: rounds left of each Wind blowing (``[1]``: a Wind played last round).
    :param idle: a seat that plays no card in this round 1 (the opponent's Confused Signal).
    :param rules: ``mistress_aim``, ``wind_stacks``, ``empty_hand_ends`` (defaults as OPTIONS).
    """
    defaults = {name: DEFAULTS[name] for name in RULE_OPTIONS}
    state = _state(
        [sort_hand(list(hand)) for hand in hands], laid=[["aim"] * n for n in laid],
        joker_decks=[list(joker_deck or [])],
        jokers=[sum(c in JOKERS for c in hand) for hand in hands], phase="choose",
        rules=_rules({**defaults, **rules}),
    )
    state["pistols"] = list(pistols)
    state["wind"] = list(wind or [])
    state["round"] = round - 1
    if idle is not None:
        state["skip_first"][idle] = True
    next_round(state)
    return state


# --- what a seat may do ------------------------------------------------------------------


def _first_positions(hand: list[str], keep: Any) -> dict[str, int]:
    """The first hand position of each kind of card for which ``keep(card)`` holds."""
    found: dict[str, int] = {}
    for i, card in enumerate(hand):
        if card not in found and keep(card):
            found[card] = i
    return found


def actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (one button per kind of card, not per copy)."""
    phase = state["phase"]
    hand = state["hands"][seat]
    found: list[Action] = []
    if phase == "signal" and state["pending"][seat] is None:
        group = N_("Before the duel")
        found.append(Action("ready", {}, N_("Ready: no signal"), group=group,
                            hint=N_("Your choice stays secret until both duellists are ready.")))
        if "signal" in hand:
            found.append(Action("signal", {}, N_("Play {card}"),
                                {"card": BY_KEY["signal"].name}, group=group,
                                hint=BY_KEY["signal"].hint))
    elif phase == "choose" and state["active"][seat] and state["pending"][seat] is None:
        for card, i in _first_positions(hand, lambda c: playable(state, seat, c)).items():
            found.append(Action("choose", {"card": i}, N_("Play {card}"),
                                {"card": BY_KEY[card].name},
                                group=N_("Choose your card in secret"),
                                hint=card_hint(state, card)))
    elif phase == "mind" and state["deciding"][seat] and state["pending"][seat] is None:
        group = N_("Mind Reading")
        found.append(Action("keep", {}, N_("Keep {card}"), {"card": BY_KEY["mind"].name},
                            group=group, hint=N_("Mind Reading then does nothing this round.")))
        for card, i in _first_positions(hand, lambda c: swappable(state, seat, c)).items():
            found.append(Action("swap", {"card": i}, N_("Play {card} instead"),
                                {"card": BY_KEY[card].name}, group=group,
                                hint=card_hint(state, card)))
    elif phase == "demon" and state["picking"][seat]:
        count = len(state["hands"][1 - seat])
        for position_ in range(1, count + 1):
            found.append(Action("pick", {"position": position_}, N_("Take card {position}"),
                                {"position": position_},
                                group=N_("Demon's Help: pick a card blindly"),
                                hint=N_("The cards are shuffled face down; the one you take "
                                        "leaves the game.")))
    return sorted(found, key=Action.sort_key)


# --- applying an action ------------------------------------------------------------------


Handler = Callable[[State, int, dict[str, Any], Random], Applied[State]]
"""A duel's move: the thawed state, the seat, the checked params, the step's randomness."""
MOVES: Moves[State, Handler] = Moves(
    {
        # Not idle, though it plays nothing: asked of both duellists at once, so that the
        # question tells nobody who holds Confused Signal.
        "ready": Move(secret.ready),
        "signal": Move(secret.signal),
        "choose": Move(secret.choose, {"card": int}),
        "keep": Move(secret.keep),
        "swap": Move(secret.swap, {"card": int}),
        "pick": Move(rounds.pick, {"position": int}),
    },
    run=lambda state, seat, move, params, rng: move.handler(thaw(state), seat, params, rng),
    seated=lambda state, seat: seat in SEATS,
    over=lambda state: state["phase"] == "over",
    not_seated=N_("Only the two duellists play."),
    game_over=N_("The duel is over."),
)
apply = MOVES.apply


def result(state: State) -> Result | None:
    return state["result"]


# --- the leak test's helper ---------------------------------------------------------------


def _legal_pending(state: State, seat: int) -> list[str]:
    hand = state["hands"][seat]
    phase = state["phase"]
    if phase == "signal":
        return ["ready", "signal"] if "signal" in hand else ["ready"]
    if phase == "mind":
        return [KEEP, *sorted({c for c in hand if swappable(state, seat, c)},
                              key=cards.ORDER.__getitem__)]
    return sorted({c for c in hand if playable(state, seat, c)}, key=cards.ORDER.__getitem__)


def redeal_hidden(state: State, seat: int | None, rng: Random) -> State:
    """The duel as ``seat`` knows it (None: the tablet), with the rest dealt anew: which
    jokers the other hand holds, the joker decks, and the other's unrevealed choice.

    The action cards in a hand are public knowledge (everyone saw the others played), so only
    the jokers move, each back into the deck it was drawn from; a hand keeps whether it has
    any card it can play, which the table sees.
    """
    new = thaw(state)
    new["joker_decks"] = [rng.shuffle(deck) for deck in new["joker_decks"]]
    if new["phase"] == "over":
        return new
    hidden = [s for s in SEATS if s != seat]
    for _attempt in range(20):
        trial = thaw(new)
        decks = trial["joker_decks"]
        for index, deck in enumerate(decks):
            drawers = [s for s in hidden if deck_of(decks, s) == index]
            pool = rng.shuffle(deck + [c for s in drawers for c in trial["hands"][s]
                                       if c in JOKERS])
            for s in drawers:
                held = [c for c in trial["hands"][s] if c not in JOKERS]
                count = len(trial["hands"][s]) - len(held)
                trial["hands"][s] = sort_hand(held + pool[:count])
                pool = pool[count:]
            decks[index] = pool
        trial["joker_decks"] = decks
        if all(has_playable(trial, s) == has_playable(new, s) for s in hidden):
            new = trial
            break
    for s in hidden:
        if new["pending"][s] is not None:
            new["pending"][s] = rng.choice(_legal_pending(new, s))
    return new
