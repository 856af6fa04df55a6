"""``companion selfplay fury``: whole games of Fury of Dracula played by the automa against
simulated hunters, through the real rules engine.

Each game is set up and played by ``rules.setup``, ``rules.actions`` and ``rules.apply``
with the table's step-tied randomness (``companion.core.fairness``), exactly as the referee
plays a table: the app's Dracula is handed after every step his own view and the log
lines he may read, and decides from those (``automa.play``); the hunters' policies read
their own seat's view the same way. Seeds are paired: game *n* of every level is played on
the same seed, so levels are compared on the same deals and the same dice.

Reported per level: Dracula's wins with a 95 % Wilson interval, how often the hunters met
him (a combat with him, or his position revealed — not counting his own castle, where the
rules reveal him whoever looks), rounds, games that did not end, the
decision time (p50, p95, max), the belief's size and its time per update; and for two
levels on the same seeds, the difference in wins with its paired 95 % interval and the
exact two-sided sign test on the games they disagree on (McNemar).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.core import fairness
from companion.games.fury import board, rules
from companion.games.fury.automa import hunters as hunter_policies
from companion.games.fury.automa.play import LEVELS, Memory, decide, remember

MAX_STEPS = 8000
"""A game still going after this many actions is counted as stuck."""


@dataclass
class Outcome:
    """One self-played game."""

    seed: int
    level: str
    hunters: str
    winner: str
    """``dracula``, ``hunters`` or ``stuck``."""
    rounds: int
    steps: int
    met: bool
    combats: int
    times: list[float] = field(default_factory=list)
    """Seconds per Dracula decision."""
    belief_sizes: list[int] = field(default_factory=list)
    belief_times: list[float] = field(default_factory=list)
    vampires: int = 0
    blood: int = 0


def seed_hex(seed: int) -> str:
    return f"{seed:064x}"


def visible(log: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The log lines ``seat`` may read: the public ones and those written to it."""
    return [line for line in log if "to" not in line or seat in line["to"]]


def play(seed: int, level: str, hunters: str = "searching", players: int = 2,
         clock: Callable[[], float] = time.perf_counter,
         max_steps: int = MAX_STEPS) -> Outcome:
    """One game: Dracula at ``level`` (seat 0) against ``players - 1`` hunter players."""
    key = seed_hex(seed)
    options = {option.name: option.default for option in rules.OPTIONS}
    options["players"] = players
    state = rules.setup(options, fairness.random_for(key, [], 0))
    memory = remember(None, rules.view(state, rules.DRACULA), [])
    out = Outcome(seed, level, hunters, "stuck", 0, 0, False, 0)
    fighting = False
    for step in range(1, max_steps + 1):
        if state["result"] is not None:
            break
        seat, offered = _next_seat(state, players)
        rng = fairness.seat_random_for(key, [], step, seat)
        if seat == rules.DRACULA:
            started = clock()
            action = decide(memory, offered, rng, level)
            out.times.append(clock() - started)
        else:
            # the public belief is the same from any screen (tests/games/test_fury_belief.py):
            # the hunters reuse it with their own view rather than work it out again
            theirs = Memory(memory.tracker, memory.belief, rules.view(state, seat))
            action = hunter_policies.decide(theirs, offered, rng, hunters)
        applied = rules.apply(state, seat, action, fairness.random_for(key, [], step))
        state = applied.state
        out.steps = step
        started = clock()
        memory = remember(memory, rules.view(state, rules.DRACULA),
                          visible(applied.log, rules.DRACULA))
        out.belief_times.append(clock() - started)
        out.belief_sizes.append(memory.belief.size)
        head = state["trail"][0] if state["trail"] else None
        if head is not None and head["revealed"] and head["place"] != board.CASTLE:
            out.met = True
        now = _fighting_dracula(state)
        if now and not fighting:
            out.combats += 1
            out.met = True
        fighting = now
    out.rounds = state["round"]
    out.vampires = state["vampires"]
    out.blood = state["blood"]
    if state["result"] is not None:
        out.winner = state["result"]["side"]
    return out


def _next_seat(state: dict[str, Any], players: int) -> tuple[int, list[dict[str, Any]]]:
    """The first seat with something to do (Dracula first), and its offers as the JSON API
    lists them; the corrections by hand are never opened."""
    for seat in range(players):
        offered = [a.to_json() for a in rules.actions(state, seat) if a.action != "hand_open"]
        if offered:
            return seat, offered
    raise RuntimeError("nobody can act and the game has no result")


def _fighting_dracula(state: dict[str, Any]) -> bool:
    return any(item["kind"] == "combat" and item.get("enemy") == "dracula"
               for item in state["queue"])


# --- the figures ----------------------------------------------------------------------------


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def sign_test(better: int, worse: int) -> float:
    """Exact two-sided p-value of the sign test on the discordant pairs (McNemar)."""
    n = better + worse
    if n == 0:
        return 1.0
    k = min(better, worse)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def summary(outcomes: list[Outcome]) -> dict[str, Any]:
    n = len(outcomes)
    wins = sum(o.winner == "dracula" for o in outcomes)
    met = sum(o.met for o in outcomes)
    times = [t for o in outcomes for t in o.times]
    sizes = [s for o in outcomes for s in o.belief_sizes]
    updates = [t for o in outcomes for t in o.belief_times]
    return {
        "games": n, "wins": wins, "win_rate": wins / n if n else 0.0,
        "interval": wilson(wins, n), "met": met, "met_rate": met / n if n else 0.0,
        "met_interval": wilson(met, n),
        "stuck": sum(o.winner == "stuck" for o in outcomes),
        "combats": sum(o.combats for o in outcomes) / n if n else 0.0,
        "rounds": statistics.mean(o.rounds for o in outcomes) if n else 0.0,
        "decisions": len(times),
        "p50": percentile(times, 0.5), "p95": percentile(times, 0.95),
        "max": max(times, default=0.0),
        "belief_p50": percentile([float(s) for s in sizes], 0.5),
        "belief_p95": percentile([float(s) for s in sizes], 0.95),
        "belief_max": max(sizes, default=0),
        "update_mean": statistics.mean(updates) if updates else 0.0,
        "update_p95": percentile(updates, 0.95),
    }


def paired(a: list[Outcome], b: list[Outcome]) -> dict[str, Any]:
    """Level ``b`` against level ``a`` on the same seeds: the difference in Dracula's wins
    with its paired 95 % interval, and the sign test on the games where they differ."""
    by_seed = {o.seed: o for o in a}
    pairs = [(by_seed[o.seed].winner == "dracula", o.winner == "dracula") for o in b
             if o.seed in by_seed]
    n = len(pairs)
    better = sum(1 for x, y in pairs if y and not x)
    worse = sum(1 for x, y in pairs if x and not y)
    diff = (better - worse) / n if n else 0.0
    var = ((better + worse) / n - diff * diff) / n if n else 0.0
    half = 1.96 * math.sqrt(max(var, 0.0))
    return {"games": n, "gain": diff, "interval": (diff - half, diff + half),
            "better": better, "worse": worse, "p": sign_test(better, worse)}


def run(levels: list[str], hunters: str, games: int, seed: int, players: int = 2,
        jobs: int = 1, report: Callable[[str], None] = print) -> dict[str, list[Outcome]]:
    """Play ``games`` games per level on the seeds ``seed``, ``seed + 1``…"""
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
    if hunters not in hunter_policies.POLICIES:
        raise ValueError(f"unknown hunters {hunters!r}: one of "
                         f"{', '.join(hunter_policies.POLICIES)}")
    tasks = [(s, level, hunters, players) for level in levels
             for s in range(seed, seed + games)]
    if jobs > 1:
        from multiprocessing import get_context

        with get_context("fork").Pool(jobs) as pool:
            done = pool.starmap(play, tasks, chunksize=1)
    else:
        done = [play(*task) for task in tasks]
    by_level: dict[str, list[Outcome]] = {level: [] for level in levels}
    for outcome in done:
        by_level[outcome.level].append(outcome)
    return by_level


def table(by_level: dict[str, list[Outcome]], hunters: str) -> str:
    """The report the command prints."""
    lines = [f"Dracula against the {hunters} hunters, {len(next(iter(by_level.values())))} "
             "games per level on the same seeds:", "",
             "| level | Dracula wins (95 %) | hunters met him (95 %) | combats/game | rounds "
             "| stuck | decision p50 / p95 / max | belief states p50 / p95 / max "
             "| belief update mean / p95 |",
             "|---|---|---|---|---|---|---|---|---|"]
    for level, outcomes in by_level.items():
        s = summary(outcomes)
        lo, hi = s["interval"]
        mlo, mhi = s["met_interval"]
        lines.append(
            f"| {level} | {s['wins']}/{s['games']} = {100 * s['win_rate']:.1f} % "
            f"({100 * lo:.1f}–{100 * hi:.1f}) | {100 * s['met_rate']:.1f} % "
            f"({100 * mlo:.1f}–{100 * mhi:.1f}) | {s['combats']:.2f} | {s['rounds']:.1f} "
            f"| {s['stuck']} | {1000 * s['p50']:.1f} / {1000 * s['p95']:.1f} / "
            f"{1000 * s['max']:.0f} ms | {s['belief_p50']:.0f} / {s['belief_p95']:.0f} / "
            f"{s['belief_max']} | {1000 * s['update_mean']:.2f} / "
            f"{1000 * s['update_p95']:.2f} ms |")
    levels = list(by_level)
    if len(levels) > 1:
        lines += ["", "Each level against the one before it, on the same seeds:", "",
                  "| levels | gain in Dracula's wins (paired 95 %) | games better / worse "
                  "| sign test p |", "|---|---|---|---|"]
        for before, after in zip(levels, levels[1:], strict=False):
            c = paired(by_level[before], by_level[after])
            lo, hi = c["interval"]
            lines.append(f"| {after} over {before} | {100 * c['gain']:+.1f} points "
                         f"({100 * lo:+.1f} to {100 * hi:+.1f}) | {c['better']} / "
                         f"{c['worse']} | {c['p']:.3g} |")
    return "\n".join(lines)
