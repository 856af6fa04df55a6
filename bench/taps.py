#!/usr/bin/env python3
"""Taps per round per seat, and the taps that offered no choice (issue 32).

Plays seeded random games through the game contract (no server, no corrections by hand)
and reports, for each seat, how many taps a round asked of it, and how many prompts had
"nothing" / "go on" / "end" as their only answer (``tests/idle.py`` says which):

    .venv/bin/python bench/taps.py [--games 20] [--game fury --game deadmans]

Each game is played at a table of ``tests.playing.table_seats`` (Fury and Dead Man's Draw
three). A round is the game's own round counter where its state keeps one (Fury's
``round``), else one turn of every seat where it counts turns (Dead Man's Draw's ``turns``);
a game with neither is reported per game. Random play taps more than people do (it
wanders), so compare runs with each other, not with a table. Not a test: nothing fails on
a figure. What asking every seat that may hold a card costs a Fury table (issue 40: taps,
questions and seconds of waiting per round, before and after) is measured by
``bench/asking.py``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games import GAMES  # noqa: E402
from tests.idle import played  # noqa: E402
from tests.playing import table_seats  # noqa: E402


def _rounds(state: dict, players: int) -> float | None:
    """Rounds played, by the state's own count: its rounds, or its turns over the seats;
    None when it keeps neither (the game is the unit)."""
    if "round" in state:
        return max(1, state["round"])
    if "turns" in state:
        return max(1.0, state["turns"] / players)
    return None


def measure(name: str, games: int) -> tuple[list[float], Counter[str], int, str]:
    """Taps per round for each seat, the idle prompts by label, the steps played, and the
    unit (a round, or a game when the state counts no rounds)."""
    game = GAMES[name]
    players = table_seats(game)
    taps: Counter[int] = Counter()
    idle: Counter[str] = Counter()
    rounds = 0.0
    steps = 0
    unit = "round"
    for seed in range(games):
        state, tally = played(game, seed, players)
        if state is None:
            continue
        counted = _rounds(state, players)
        if counted is None:
            unit = "game"
        rounds += counted or 1.0
        taps.update(tally.taps)
        idle.update(tally.idle)
        steps += tally.steps
    return [taps[s] / rounds for s in range(players)], idle, steps, unit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    args = parser.parse_args()
    for name in args.game or sorted(GAMES):
        per_seat, idle, steps, unit = measure(name, args.games)
        seats = ", ".join(f"seat {s}: {t:.1f}" for s, t in enumerate(per_seat))
        print(f"{name}: {args.games} games, {steps} taps; taps per {unit} — {seats}")
        print(f"  idle prompts: {sum(idle.values())}"
              + "".join(f"\n    {n} × {label}" for label, n in idle.most_common()))


if __name__ == "__main__":
    main()
