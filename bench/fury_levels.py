"""Each level of the app's Dracula against the hunters, game by game into a file (issue 42).

``companion selfplay fury`` prints its table only when every game is played; a measurement
of 500 games a level on this shared machine takes an hour or more, so this one writes each
game as it ends (one JSON line, ``bench/results/fury-levels.jsonl`` unless ``--out``), takes
up where a file left off, plays the levels seed by seed (each seed at every level before the
next, so that the levels stay paired when it is stopped) and prints the self-play's table —
Wilson 95 % intervals, wins by track / defeat / time, fights with Dracula per game, the
game's length — over the games in the file:

    nice -n 10 .venv/bin/python bench/fury_levels.py --games 500 --seed 5001 --jobs 2
    .venv/bin/python bench/fury_levels.py --report            # the table of what is played

Not a test: nothing fails on a figure (bench/README.md).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from multiprocessing import get_context
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.cli import selfplay_harness  # noqa: E402
from companion.games.fury import selfplay  # noqa: E402

DEFAULT_OUT = ROOT / "bench" / "results" / "fury-levels.jsonl"


def _play(task: tuple[int, str, str, int]) -> dict[str, Any]:
    seed, level, hunters, players = task
    try:
        outcome = selfplay.play(selfplay_harness(), seed, level, hunters, players)
    except RuntimeError as error:   # a game where nobody can act: counted as stuck
        print(f"seed {seed} {level}: {error}", file=sys.stderr, flush=True)
        outcome = selfplay.Outcome(seed, level, hunters, "stuck", 0, 0, False, 0)
    return dataclasses.asdict(outcome)


def _read(path: Path) -> list[selfplay.Outcome]:
    if not path.exists():
        return []
    return [selfplay.Outcome(**json.loads(line)) for line in
            path.read_text(encoding="utf-8").splitlines() if line.strip()]


def report(done: list[selfplay.Outcome], levels: list[str], hunters: str) -> str:
    """The table over the seeds every level has played (so that the levels stay paired)."""
    mine = [o for o in done if o.hunters == hunters]
    seeds = set.intersection(*({o.seed for o in mine if o.level == level}
                               for level in levels))
    by_level = {level: sorted((o for o in mine if o.level == level and o.seed in seeds),
                              key=lambda o: o.seed) for level in levels}
    if not seeds:
        return "no seed played at every level yet"
    return (selfplay.table(by_level, hunters) + f"\n\nseeds {min(seeds)}–{max(seeds)} "
            f"({len(seeds)} played at every level)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dracula", default="wandering,cautious,cunning")
    parser.add_argument("--hunters", default="tracking")
    parser.add_argument("--games", type=int, default=500, help="games per level")
    parser.add_argument("--seed", type=int, default=5001, help="the first seed")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--report", action="store_true", help="only print the table")
    args = parser.parse_args()
    levels = [level.strip() for level in args.dracula.split(",") if level.strip()]
    if not args.report:
        played = {(o.seed, o.level, o.hunters) for o in _read(args.out)}
        tasks = [(s, level, args.hunters, args.players)
                 for s in range(args.seed, args.seed + args.games) for level in levels
                 if (s, level, args.hunters) not in played]
        args.out.parent.mkdir(parents=True, exist_ok=True)
        with get_context("fork").Pool(args.jobs) as pool, args.out.open("a") as out:
            for n, outcome in enumerate(pool.imap(_play, tasks, chunksize=1), start=1):
                out.write(json.dumps(outcome) + "\n")
                out.flush()
                if n % 30 == 0:
                    print(f"{n} of {len(tasks)} games", file=sys.stderr, flush=True)
    print(report(_read(args.out), levels, args.hunters))
    return 0


if __name__ == "__main__":
    sys.exit(main())
