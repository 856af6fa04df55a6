"""Combats of Fury of Dracula set up for the rule tests, with the dice the test chooses.

``fight(...)`` plays the rulebook's setup, puts the hunters (and Dracula, or an agent's token)
where the combat is, gives them cards from the decks (so every card stays counted) and starts
the combat through ``combat_rounds.start``, the hook every fight of the engine uses.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from companion.games.base import thaw
from companion.games.fury import cards, combat_in_progress, combat_rounds, rules, trail
from companion.games.fury.state import Ctx
from tests.games.fury.fury_positions import Table
from tests.playing import rng_for


class Dice:
    """The step's randomness, with the dice faces given first."""

    def __init__(self, faces: list[int], base: Any) -> None:
        self.faces = list(faces)
        self.base = base

    def roll(self, sides: int) -> int:
        return self.faces.pop(0) if self.faces else self.base.roll(sides)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.base, name)


class FightTable(Table):
    def act(self, seat: int, action: str, dice: tuple[int, ...] = (), **params: Any) -> Table:
        self.step += 1
        applied = rules.apply(self.state, seat, {"action": action, "params": params},
                              Dice(list(dice), rng_for(self.step, self.seed)))
        self.state = applied.state
        self.log = applied.log
        return self

    @property
    def fight(self) -> dict[str, Any] | None:
        return combat_in_progress.find(self.state)

    def tactic(self, fighter: str, card: str, dice: tuple[int, ...] = (),
               at: str | None = None) -> FightTable:
        """Play a tactic; Dracula's against several hunters names the hunter ``at`` (by
        default the fight's first)."""
        seat = 0 if fighter == "enemy" else self.seat_of(fighter)
        params = {"fighter": fighter, "card": card}
        if fighter == "enemy" and any("target" in p for p in self.names(0, "tactic")):
            params["target"] = at or self.fight["hunters"][0]
        self.act(seat, "tactic", dice=dice, **params)
        return self

    def round(self, enemy: str, dice: tuple[int, ...] = (), at: str | None = None,
              **hunters: str) -> FightTable:
        """Every hunter's card, then the enemy's last (aimed ``at`` a hunter): the reveal
        rolls ``dice`` (the hunters' die or dice first, then the enemy's)."""
        for hunter, card in hunters.items():
            self.tactic(hunter, card)
        return self.tactic("enemy", enemy, dice=dice, at=at)

    def options(self, fighter: str) -> list[str]:
        seat = 0 if fighter == "enemy" else self.seat_of(fighter)
        return sorted({p["card"] for p in self.names(seat, "tactic")
                       if p["fighter"] == fighter})

    def question(self) -> dict[str, Any] | None:
        item = self.state["queue"][0] if self.state["queue"] else None
        return item if item and item["kind"] == "choice" else None

    def answer(self, key: str, dice: tuple[int, ...] = ()) -> FightTable:
        item = self.question()
        assert item is not None, self.state["queue"]
        return self.act(item["seat"], "choose", dice=dice, key=key)  # type: ignore[return-value]

    def hunter(self, hunter: str) -> dict[str, Any]:
        return self.state["hunters"][hunter]

    def texts(self) -> list[str]:
        return [entry["text"] for entry in self.log]


@cache
def _started(seed: int) -> dict[str, Any]:
    return Table(seed=seed).start("munich").state


def take(deck: list[str], kind: str) -> str:
    card = next(c for c in deck if c.split(":")[0] == kind)
    deck.remove(card)
    return card


def fight(enemy: str = "dracula", hunters: tuple[str, ...] = ("godalming",),
          place: str = "paris", night: bool = True, seed: int = 7,
          items: dict[str, list[str]] | None = None,
          events: dict[str, list[str]] | None = None,
          dracula_events: tuple[str, ...] = (), blood: int | None = None,
          dracula_here: bool | None = None, source: str | None = None,
          window: bool = False, hunters_ally: str | None = None,
          **options: Any) -> FightTable:
    """A combat in ``place`` between ``hunters`` and ``enemy`` ("dracula", "vampire" or an
    agent's kind, whose token then lies face up on a trail card there), the hunters' ally
    ``hunters_ally`` in play. Unless ``window``, everyone asked before the combat answers
    "no card"."""
    table = FightTable(seed=seed, **options)
    table.state = state = thaw(_started(seed))
    state["options"].update(options)
    table.step = 5
    state["time"] = 4 if night else 1
    if blood is not None:
        state["blood"] = blood
    for hunter in hunters:
        state["hunters"][hunter]["place"] = place
    for hunter, kinds in (items or {}).items():
        state["hunters"][hunter]["items"] += [take(state["item_deck"], k) for k in kinds]
    for hunter, kinds in (events or {}).items():
        state["hunters"][hunter]["events"] += [take(state["event_deck"], k) for k in kinds]
    state["dracula_events"] += [take(state["event_deck"], k) for k in dracula_events]
    if hunters_ally:
        state["allies"]["hunters"] = take(state["event_deck"], hunters_ally)
    if dracula_here if dracula_here is not None else enemy == "dracula":
        head = state["trail"][0]
        head.update(place=place, card=place, revealed=True)
    opponent = enemy
    if enemy not in ("dracula", "vampire"):
        if not any(cards.kind(t) == enemy for t in state["pool"]):
            swap = take(state["encounters"], enemy)
            state["encounters"].append(state["pool"].pop())
            state["pool"].append(swap)
        opponent = take(state["pool"], enemy)
        slot = trail.new_slot(state, place, place)
        slot.update(tokens=[opponent], shown=[opponent], revealed=True)
        state["trail"].append(slot)
    ctx = Ctx(state, [], rng_for(5, table.seed))
    combat_rounds.start(ctx, opponent, list(hunters), place, source)
    table.log = ctx.log
    while not window and (table.question() or {}).get("question") == "combat_window":
        table.answer("none")
    return table


def token_of(table: FightTable) -> str:
    return table.fight["token"]
