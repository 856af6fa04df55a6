"""Small shared helpers over the game state: who controls whom, the log, the context of one
action. Everything here is about people and bookkeeping, not about a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.fury import cards
from companion.games.fury.cards import HUNTERS

State = dict[str, Any]

DRACULA = 0
"""Dracula's seat; the hunter players sit at 1.. in the order the host wrote them."""


@dataclass
class Ctx:
    """One action being applied: the new state, the log it writes, the step's randomness and
    whether it showed anybody something new."""

    state: State
    log: list[dict[str, Any]] = field(default_factory=list)
    rng: Any = None
    revealed: bool = False
    seat: int | None = None
    """The seat whose action this is (None: the deal)."""

    def consult(self, owner: int) -> None:
        """This step's outcome depends on what ``owner`` keeps secret (Dracula's trail,
        catacombs, encounters and hand; a hunter player's cards). Whatever it turns out to
        be — "nothing found" too — the mover learns something, so the action is no longer
        free to take back (issue 30: no fishing by take-back). A seat consulting its own
        secrets learns nothing."""
        if owner != self.seat:
            self.revealed = True

    def say(self, message: str, /, **args: Any) -> None:
        """A public log line."""
        self.log.append({"text": message, "args": args})

    def tell(self, seats: list[int], message: str, /, **args: Any) -> None:
        """A log line only ``seats`` read."""
        self.log.append({"text": message, "args": args, "to": sorted(set(seats))})


def controller(state: State, hunter: str) -> int:
    """The seat that plays ``hunter``."""
    return state["control"][hunter]


def hunters_of(state: State, seat: int | None) -> list[str]:
    """The hunters this seat plays, in turn order (none for Dracula or the tablet)."""
    if seat is None or seat == DRACULA:
        return []
    return [h for h in HUNTERS if state["control"][h] == seat]


def seat_name(seat: int) -> dict[str, int]:
    return {"seat": seat}


def hunter_label(hunter: str) -> str:
    return cards.hunter_name(hunter)


def hunters_at(state: State, place: str) -> list[str]:
    return [h for h in HUNTERS if state["hunters"][h]["place"] == place]


def max_health(hunter: str) -> int:
    return cards.HUNTER_DATA[hunter]["health"]


def over(state: State) -> bool:
    return state["result"] is not None


def finish(state: State, winner: str, text: str, **args: Any) -> None:
    """The game ends: ``winner`` is "dracula" or "hunters"."""
    seats = [DRACULA] if winner == "dracula" else sorted(set(state["control"].values()))
    state["result"] = {"winners": seats, "side": winner, "text": text, "args": args}
    state["phase"] = "over"


def add_vampires(ctx: Ctx, n: int, why: str) -> None:
    """Move the vampire track; at 6 Dracula wins („Победа Дракулы: трек Вампиров достиг
    значения 6“)."""
    state = ctx.state
    state["vampires"] = max(0, min(cards.VAMPIRES_TO_WIN, state["vampires"] + n))
    ctx.say("Vampire track {sign}{n} ({why}): now {now} of 6.", sign="+" if n >= 0 else "−",
            n=abs(n), why=why, now=state["vampires"])
    if state["vampires"] >= cards.VAMPIRES_TO_WIN and not over(state):
        finish(state, "dracula", "The vampire track reached 6: Dracula wins.")


def lose_blood(ctx: Ctx, n: int, why: str) -> None:
    """Dracula loses blood; at 0 the hunters win („Пункты Крови Дракулы уменьшены до 0“)."""
    state = ctx.state
    state["blood"] = max(0, state["blood"] - n)
    ctx.say("Dracula loses {n} blood ({why}): {now} left.", n=n, why=why, now=state["blood"])
    if state["blood"] <= 0 and not over(state):
        finish(state, "hunters", "Dracula's blood reached 0: the hunters win.")


def gain_blood(ctx: Ctx, n: int, why: str) -> None:
    state = ctx.state
    before = state["blood"]
    state["blood"] = min(cards.BLOOD, state["blood"] + n)
    if state["blood"] != before:
        ctx.say("Dracula gains {n} blood ({why}): {now}.", n=state["blood"] - before, why=why,
                now=state["blood"])
