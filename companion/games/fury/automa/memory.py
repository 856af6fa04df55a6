"""What the app's Dracula knows: the public observations and the belief they leave, folded
moment by moment (``remember``), and the step's randomness it draws from. Below both the
levels (``dracula``) and the simulated hunters (``hunters``), which read it."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.games.fury import cards
from companion.games.fury.automa.belief import Belief
from companion.games.fury.automa.public import Tracker

DECLINED = "{target} declines {card}."
"""The public line of a card offered for a hunter's turn that his player declined."""
HUNTER_IDS = {cards.hunter_name(h): h for h in cards.HUNTERS}
CORRECTS = "{who} corrects something by hand."
BY_HAND = "by hand"
BY_HAND_LINES = ("Dracula +1 blood (by hand): {now}.", "{hunter}: a bite is removed (by hand).")
LOSES_HEALTH = "{hunter} loses {n} health ({why}): {now} left."
BITTEN = "{hunter} is bitten ({why}): {n} bite."
"""The public lines the memory keeps of a correction by hand and of a hunter's losses."""

LEVELS = ("wandering", "cautious", "cunning")
"""Dracula's levels, named for what they do: Wandering goes anywhere the hunters are not,
Cautious keeps out of the hunters' reach, Cunning weighs what the hunters will believe."""


class Random(Protocol):
    """The step's randomness (``companion.fairplay.fairness.StepRandom`` for the app's seat)."""

    def randbelow(self, n: int) -> int: ...


@dataclass
class Memory:
    """What the automa knows after the moments it was shown: the public observations and
    the belief they leave, and the latest view of its own seat."""

    tracker: Tracker = field(default_factory=Tracker)
    belief: Belief = field(default_factory=Belief)
    view: dict[str, Any] = field(default_factory=dict)
    moments: int = 0
    met: int = 0
    """The last round the hunters met Dracula (fought him, or saw where he is outside
    his castle); 0 while they never have."""
    declined: frozenset[tuple[str, int]] = frozenset()
    """(hunter, round): a card offered for that hunter's turn that his player declined (a
    public line), so that it is not offered again that round."""
    changes: tuple[tuple[str, dict[str, Any]], ...] = ()
    """The changes of the latest correction by hand (its public lines), for the app to check
    before it agrees (``partner``)."""
    losses: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Each hunter's latest loss not made by hand — ("health", n) or ("bite", 1) — by his
    name: what Great Strength may cancel."""

    def clone(self) -> Memory:
        """A copy to fold the next moment into, leaving this one as it was (the referee
        keeps one per event; an undo goes back to the one before). The large state tables
        are shared: the belief replaces them rather than changing them."""
        belief = copy.copy(self.belief)
        belief.known = dict(self.belief.known)
        belief.loose = dict(self.belief.loose)
        tracker = copy.copy(self.tracker)
        tracker.limbo = set(self.tracker.limbo)
        tracker.dracula_turn = dict(self.tracker.dracula_turn)
        return Memory(tracker, belief, self.view, self.moments, self.met, self.declined,
                      self.changes, dict(self.losses))


def remember(memory: Memory | None, view: dict[str, Any], lines: list[dict[str, Any]]
             ) -> Memory:
    """The memory after one more moment (``memory`` None: the first, the dealt game)."""
    new = Memory() if memory is None else memory.clone()
    new.belief.apply(new.tracker.step(view, lines))
    new.view = view
    new.moments += 1
    for line in lines:
        text, args = line.get("text"), line.get("args") or {}
        if text == DECLINED and args.get("target") in HUNTER_IDS:
            target = HUNTER_IDS[args["target"]]
            new.declined = new.declined | {(target, int(view.get("round", 0)))}
        elif text == CORRECTS:
            new.changes = ()
        elif args.get("why") == BY_HAND or text in BY_HAND_LINES:
            new.changes = (*new.changes, (str(text), dict(args)))
        elif text == LOSES_HEALTH:
            new.losses[str(args.get("hunter"))] = ("health", int(args.get("n", 0)))
        elif text == BITTEN:
            new.losses[str(args.get("hunter"))] = ("bite", 1)
    fight = view.get("combat") or {}
    seen_at = view.get("dracula_place")
    if (fight.get("active") and fight.get("enemy_kind") == "dracula") or (
            seen_at is not None and seen_at != "castle_dracula"):
        new.met = int(view.get("round", 0))
    return new


def pick(options: list[dict[str, Any]], rng: Random) -> dict[str, Any]:
    """One of ``options`` at random, from the step's randomness."""
    return options[rng.randbelow(len(options))]
