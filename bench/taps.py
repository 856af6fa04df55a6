#!/usr/bin/env python3
"""Taps per round per seat, and the taps that offered no choice (issue 32).

Plays seeded random games through the game contract (no server, no corrections by hand)
and reports, for each seat, how many taps a round asked of it, and how many prompts had
"nothing" / "go on" / "end" as their only answer (``tests/idle.py`` says which):

    .venv/bin/python bench/taps.py [--games 20] [--game fury --game deadmans]

A round is Fury's own round counter, in Dead Man's Draw one turn of every pirate; the other
games are reported per game. Random play taps more than people do (it wanders), so compare
runs with each other, not with a table. Not a test: nothing fails on a figure.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games import GAMES  # noqa: E402
from tests.idle import played  # noqa: E402

PLAYERS = {"fury": 3, "deadmans": 3, "drakula": 2, "duel": 2, "hera_zeus": 2, "kit": 2}


def _rounds(name: str, state: dict, players: int) -> float:
    """Rounds played: Fury counts them, Dead Man's Draw counts turns; else one game."""
    if name == "fury":
        return max(1, state["round"])
    if name == "deadmans":
        return max(1.0, state["turns"] / players)
    return 1.0


def measure(name: str, games: int) -> tuple[list[float], Counter[str], int]:
    """Taps per round for each seat, the idle prompts by label, the steps played."""
    game = GAMES[name]
    players = PLAYERS[name]
    taps: Counter[int] = Counter()
    idle: Counter[str] = Counter()
    rounds = 0.0
    steps = 0
    for seed in range(games):
        state, tally = played(game, seed, players)
        if state is None:
            continue
        rounds += _rounds(name, state, players)
        taps.update(tally.taps)
        idle.update(tally.idle)
        steps += tally.steps
    return [taps[s] / rounds for s in range(players)], idle, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    args = parser.parse_args()
    for name in args.game or ["fury", "deadmans"]:
        per_seat, idle, steps = measure(name, args.games)
        seats = ", ".join(f"seat {s}: {t:.1f}" for s, t in enumerate(per_seat))
        unit = "round" if name in ("fury", "deadmans") else "game"
        print(f"{name}: {args.games} games, {steps} taps; taps per {unit} — {seats}")
        print(f"  idle prompts: {sum(idle.values())}"
              + "".join(f"\n    {n} × {label}" for label, n in idle.most_common()))


if __name__ == "__main__":
    main()
