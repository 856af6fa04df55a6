"""Dead Man's Draw (Karty mrtvého muže): push your luck as a pirate, 2–4 players (party: 2–8).

Rules: the Czech rulebook (MINDOK 2015, ``shared/rules/dead-mans-draw.cs.txt``); card facts
and the variant cards that the rulebook does not print: ``shared/data/dead_mans_draw.json``.
The app is the deck and the referee: it flips, performs every suit effect and character
ability, asks the active pirate for each choice an effect needs, detects busts, keeps the
banks and the scores. ``README.md`` beside this module lists every reading we chose.

A turn is a stack of pending effects: placing a card may push an effect that needs a choice
(Hook, Cannon, Sword, Map, Crystal Ball, the variant Mermaid); that choice may place another
card, whose effect goes on top, and so on until the stack is empty or the pirate busts.
A choice with exactly one possibility is made by the referee (abilities are mandatory).

The parts: :mod:`.cards` (a card's suit, value and words), :mod:`.options` (the table options
and variants), :mod:`.core` (who holds what: characters, banks as stacks, scores; one apply
in progress), :mod:`.characters` (choosing and revealing characters, Davy Jones' Chest, the
abilities as played), :mod:`.turn` (flipping, placing, busting, looting, the Key and Chest
bonus), :mod:`.suits` (the suit effects), :mod:`.pending` (what a pending effect offers, its
prompt and buttons), :mod:`.choices` (making a pending choice; the referee's forced ones),
:mod:`.view` (what each screen gets). This module holds the game contract: setup, actions,
apply, view, result, and the leak test's helper ``redeal_hidden``.

>>> from companion.fairplay.fairness import StepRandom
>>> state = setup({"players": 2}, StepRandom(b"k" * 32, 0))
>>> len(state["deck"]), len(state["discard"]), state["phase"]
(50, 10, 'choose')
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
from companion.games.deadmans import characters, choices, turn
from companion.games.deadmans import view as views
from companion.games.deadmans.box import box as box
from companion.games.deadmans.cards import sort_cards
from companion.games.deadmans.characters import ability, character_ids
from companion.games.deadmans.choices import settle
from companion.games.deadmans.core import Ctx, character, opponents_clockwise, score
from companion.games.deadmans.data import CARDS_PER_SET, CHARACTER_BY_ID
from companion.games.deadmans.options import BASE_PLAYERS, OPTIONS, table_opts, validate
from companion.games.deadmans.pending import frame_actions
from companion.games.deadmans.piles import empty_piles as empty_piles
from companion.games.deadmans.reveal import reveal as reveal
from companion.games.deadmans.state import State
from companion.games.deadmans.turn import loot_allowed, new_turn

NAME = "deadmans"
TITLE = N_("Dead Man's Draw")
BLURB = N_("Flip loot cards, perform their effects and stop before you bust. 2–4 pirates "
           "(up to 8 with two sets).")
MIN_PLAYERS = 2
MAX_PLAYERS = 8
HAS_HIDDEN_INFO = True
HAS_CHANCE = True
MAX_TURNS = 6000
"""A generous bound on the actions of one game: at most 16 choices before play; at most 100
turns, since each starts by flipping a card of a draw pile of at most 100; and a turn's
actions are bounded by what can reach the row (a Map, Hook or Sword card asks at most an aim
and a choice) and by a Robber's plunder. Random games stay near 250 (the property tests)."""
REMATCH = True
STATE_VERSION = 1


def seats(options: dict[str, Any]) -> SeatSpec:
    """2–8 pirates without roles; more than 4 need the party variant (see :func:`validate`)."""
    return SeatSpec(MIN_PLAYERS, MAX_PLAYERS)


# --- setup ------------------------------------------------------------------------------


def setup(options: dict[str, Any], rng: Random) -> State:
    """Deal the discard pile (the lowest card of each suit), the draw pile and 2 characters.

    :param options: every option plus ``players``; with more than 4 players the party
        variant (two sets) is played even if the option is off.
    """
    players = int(options["players"])
    opts = table_opts(options)
    opts["party"] = opts["party"] or players > BASE_PLAYERS
    sets = 2 if opts["party"] else 1
    cards = list(range(sets * CARDS_PER_SET))
    characters = rng.shuffle(character_ids(opts))
    dealt = [characters[2 * s:2 * s + 2] for s in range(players)]
    return {
        "players": players,
        "opts": opts,
        "phase": "choose",
        "deck": rng.shuffle([c for c in cards if c % 6]),
        "discard": sort_cards([c for c in cards if c % 6 == 0]),
        "row": [],
        "banks": [[] for _ in range(players)],
        "dealt": dealt,
        "chosen": [None] * players,
        "pool": characters[2 * players:],
        "characters_shown": False,
        "davy": [None] * players,
        "start": rng.randbelow(players),
        "active": None,
        "turn": new_turn(),
        "known": [0] * players,
        "public_known": 0,
        "turns": 0,
        "end": None,
    }


# --- applying an action -------------------------------------------------------------------


def _run(state: State, seat: int, move: Move[Handler], params: dict[str, Any],
         rng: Random) -> Applied[State]:
    """The move, then every choice the referee makes for the pirate, then Sudden Death."""
    ctx = Ctx(thaw(state), rng)
    move.handler(ctx, seat, params)
    settle(ctx)
    _check_sudden_death(ctx)
    return Applied(ctx.state, ctx.log, ctx.revealed)


def _check_sudden_death(ctx: Ctx) -> None:
    state = ctx.state
    opts = state["opts"]
    if not opts["sudden_death"] or state["phase"] != "play":
        return
    target = opts["sudden_death_target"]
    if any(score(state, s) >= target for s in range(state["players"])):
        state["phase"] = "over"
        state["end"] = "sudden_death"
        ctx.say(N_("Sudden Death: a pirate has reached {target} points."), target=target)


Handler = Callable[[Ctx, int, dict[str, Any]], None]
"""A move: carries itself out on the apply in progress (its state, log, randomness)."""
_SUIT, _AT = {"suit": str}, {"seat": int, "suit": str}
MOVES: Moves[State, Handler] = Moves(
    {
        "choose": Move(characters.choose, {"character": int}),
        "target": Move(characters.target, {"seat": int}),
        "flip": Move(turn.flip),
        "loot": Move(turn.loot_action, idle=True),
        "aim": Move(choices.aim, {"seat": int}),
        "hook": Move(choices.choice_handler("hook"), _SUIT),
        "cannon": Move(choices.choice_handler("cannon"), _AT),
        "sword": Move(choices.choice_handler("sword"), _AT),
        "map": Move(choices.choice_handler("map"), {"suit": str, "value": int}),
        "ball": Move(choices.choice_handler("ball"), {"choice": str}),
        "mermaid": Move(choices.choice_handler("mermaid"), {"position": int}),
        "rob": Move(choices.choice_handler("rob"), _AT),
        "bonus": Move(choices.choice_handler("bonus"), {"choice": str}),
    },
    run=_run,
    seated=lambda state, seat: 0 <= seat < state["players"],
    over=lambda state: state["phase"] == "over",
)
apply = MOVES.apply


# --- what a seat may do -------------------------------------------------------------------


def actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (only the active pirate acts during play)."""
    phase = state["phase"]
    found: list[Action] = []
    if phase == "choose" and state["chosen"][seat] is None:
        dealt = state["dealt"][seat]
        for index, char_id in enumerate(dealt):
            if index and char_id == dealt[0]:
                continue
            found.append(Action("choose", {"character": index}, N_("Choose {character}"),
                                {"character": CHARACTER_BY_ID[char_id].name},
                                group=N_("Your character"),
                                hint=ability(state, char_id)))
    elif phase == "davy":
        if character(state, seat) == "davy_jones" and state["davy"][seat] is None:
            for other in opponents_clockwise(state, seat):
                found.append(Action("target", {"seat": other}, N_("Collect from {who}"),
                                    {"who": {"seat": other}}, group=N_("Davy Jones' Chest"),
                                    hint=CHARACTER_BY_ID["davy_jones"].ability))
    elif phase == "play" and seat == state["active"]:
        pending = state["turn"]["pending"]
        if pending:
            found += frame_actions(state, pending[-1])
        else:
            if state["deck"]:
                found.append(Action("flip", {}, N_("Flip a card"), group=N_("Your turn"),
                                    hint=N_("A card of a value already in the row busts you.")
                                    if state["opts"]["strange_waters"] else
                                    N_("A card of a suit already in the row busts you.")))
            if loot_allowed(state):
                found.append(Action("loot", {}, N_("Take the loot"), group=N_("Your turn"),
                                    hint=N_("Bank every card of the row; a Key with a Chest "
                                            "brings a bonus.")))
    return sorted(found, key=Action.sort_key)


# --- result -------------------------------------------------------------------------------


def upgrade(state: Any) -> State:
    return cast(State, upgraded(state, STATE_VERSION, {}))


def result(state: State) -> Result | None:
    """None while the game runs; then who won by score (one, or more who tie), more cards,
    or a draw."""
    if state["phase"] != "over":
        return None
    opts = state["opts"]
    players = range(state["players"])
    scores = [score(state, s) for s in players]
    cards = [len(bank) for bank in state["banks"]]
    if state["end"] == "sudden_death":
        candidates = [s for s in players if scores[s] >= opts["sudden_death_target"]]
    elif opts["beneath_the_waves"]:
        candidates = [s for s in players if scores[s] < opts["beneath_limit"]]
        if not candidates:
            return {"winners": [], "draw": True,
                    "text": N_("Every pirate sank: nobody stayed below {limit} points."),
                    "args": {"limit": opts["beneath_limit"]}}
    else:
        candidates = list(players)
    best = max(scores[s] for s in candidates)
    tied = [s for s in candidates if scores[s] == best]
    if len(tied) == 1:
        return {"winners": tied, "draw": False, "text": N_("{who} wins with {score} points."),
                "args": {"who": {"seat": tied[0]}, "score": best}}
    most = max(cards[s] for s in tied)
    still = [s for s in tied if cards[s] == most]
    if len(still) == 1:
        return {"winners": still, "draw": False,
                "text": N_("{who} wins the tie on {score} points with more cards ({cards})."),
                "args": {"who": {"seat": still[0]}, "score": best, "cards": most}}
    return {"winners": still, "draw": True,
            "text": N_("A draw: tied on {score} points and on cards ({cards})."),
            "args": {"score": best, "cards": most}}


# --- views --------------------------------------------------------------------------------


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: the tablet); see :mod:`.view`."""
    return views.view(state, seat, result(state))


# --- the leak test's helper -----------------------------------------------------------------


def redeal_hidden(state: State, seat: int | None, rng: Random) -> State:
    """The position as ``seat`` knows it, with everything hidden from it dealt anew: the
    draw pile below the cards it has seen, and the characters it has not seen."""
    new = thaw(state)
    fixed = new["public_known"]
    if seat is not None:
        fixed = max(fixed, new["known"][seat])
    new["deck"] = new["deck"][:fixed] + rng.shuffle(new["deck"][fixed:])
    slots: list[tuple[int, int]] = []
    for other in range(new["players"]):
        if other == seat:
            continue
        for index in range(2):
            if new["characters_shown"] and new["chosen"][other] == index:
                continue
            slots.append((other, index))
    hidden = [new["dealt"][o][i] for o, i in slots] + new["pool"]
    hidden = rng.shuffle(hidden)
    for (other, index), char_id in zip(slots, hidden, strict=False):
        new["dealt"][other][index] = char_id
    new["pool"] = hidden[len(slots):]
    return new


__all__ = [
    "NAME", "TITLE", "BLURB", "MIN_PLAYERS", "MAX_PLAYERS", "HAS_HIDDEN_INFO", "HAS_CHANCE",
    "MAX_TURNS", "REMATCH", "STATE_VERSION", "OPTIONS", "seats", "validate", "setup", "actions",
    "MOVES", "apply", "view", "result", "redeal_hidden", "empty_piles", "box", "reveal", "upgrade",
]
