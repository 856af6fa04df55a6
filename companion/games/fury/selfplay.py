"""``companion selfplay fury``: whole games of Fury of Dracula played by the automa against
simulated hunters, through the real rules engine.

Each game is set up and played by ``rules.setup``, ``rules.actions`` and ``rules.apply``
with the table's step-tied randomness (``companion.fairplay.fairness``), exactly as the referee
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

Pure like the rules beside it: what a game may not import — the table's randomness (a layer
above the games), a clock, the explorer's generator, the processes to play in — the command
line hands in (a :class:`Harness`, a ``starmap``). It reads the whole state, as the referee
does, so it lives beside the automa rather than in it (``automa/`` imports nothing that
reads a state).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from companion.games.base import Random
from companion.games.fury import board, rules
from companion.games.fury.automa import dracula
from companion.games.fury.automa import hunters as hunter_policies
from companion.games.fury.automa.play import LEVELS, Memory, decide, remember
from companion.games.fury.state import State

MAX_STEPS = 8000
"""A game still going after this many actions is counted as stuck."""

T = TypeVar("T")
R = TypeVar("R")


class Explorer(Protocol):
    """The generator of a fitting game's exploring moves (``random.Random``): the harness's
    own, never the table's, so that the game's dice stay those of its seed."""

    def random(self) -> float: ...

    def choice(self, seq: Sequence[T]) -> T: ...


@dataclass(frozen=True)
class Harness:
    """What a self-played game needs from outside the rules layer; module-level functions
    and a class, so that a process pool can send it to its workers."""

    table_random: Callable[[str, Sequence[dict[str, Any]], int], Random]
    """A step's randomness from the seed: ``fairness.random_for``."""
    seat_random: Callable[[str, Sequence[dict[str, Any]], int, int], Random]
    """A seat's own randomness for its decision: ``fairness.seat_random_for``."""
    clock: Callable[[], float]
    """Seconds, to time the decisions: ``time.perf_counter``."""
    explorer: Callable[[int], Explorer]
    """The explorer's generator from a seed: ``random.Random``."""


Starmap = Callable[[Callable[..., R], Iterable[tuple[Any, ...]]], list[R]]
"""Runs a function over argument tuples, in order: :func:`in_turn` or a process pool's."""


def in_turn(function: Callable[..., R], tasks: Iterable[tuple[Any, ...]]) -> list[R]:
    """Every task in this process, one after the other."""
    return [function(*task) for task in tasks]


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


def play(harness: Harness, seed: int, level: str, hunters: str = "searching",
         players: int = 2, max_steps: int = MAX_STEPS, explore: float = 0.0,
         samples: list[dict[str, Any]] | None = None) -> Outcome:
    """One game: Dracula at ``level`` (seat 0) against ``players - 1`` hunter players.

    For ``--fit``: with ``explore`` > 0 the harness (not the automa) replaces that share of
    Dracula's moves by a random legal one, and ``samples`` gets, for every move, the
    measured quantities of the move made and whether the hunters met him before his next
    move; each sample learns the game's winner at the end."""
    explorer = harness.explorer(seed * 7919 + 1)
    clock = harness.clock
    pending: dict[str, Any] | None = None
    first = len(samples) if samples is not None else 0
    key = seed_hex(seed)
    options = {option.name: option.default for option in rules.OPTIONS}
    options["players"] = players
    state = rules.setup(options, harness.table_random(key, [], 0))
    memory = remember(None, *rules.app_moment(state, [], rules.DRACULA))
    out = Outcome(seed, level, hunters, "stuck", 0, 0, False, 0)
    fighting = False
    for step in range(1, max_steps + 1):
        if state["result"] is not None:
            break
        seat, offered = _next_seat(state, players)
        rng = harness.seat_random(key, [], step, seat)
        if seat == rules.DRACULA:
            started = clock()
            action = decide(memory, offered, rng, level)
            out.times.append(clock() - started)
            moves = [o for o in offered if o["action"] in ("move", "teleport")]
            if moves and samples is not None:
                if explore > 0 and explorer.random() < explore:
                    chosen = explorer.choice(moves)
                    action = {"action": chosen["action"], "params": dict(chosen["params"])}
                if pending is not None:
                    samples.append(pending)
                pending = _sample(memory, moves, action, state)
        else:
            # the public belief is the same from any screen (tests/games/fury/test_fury_belief.py):
            # the hunters reuse it with their own view rather than work it out again
            theirs = Memory(memory.tracker, memory.belief, rules.view(state, seat))
            action = hunter_policies.decide(theirs, offered, rng, hunters)
        applied = rules.apply(state, seat, action, harness.table_random(key, [], step))
        state = applied.state
        out.steps = step
        started = clock()
        memory = remember(memory, *rules.app_moment(state, applied.log, rules.DRACULA))
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
        if pending is not None and (now or (head is not None and head["revealed"]
                                            and head["place"] != board.CASTLE)):
            pending["met"] = 1
    out.rounds = state["round"]
    out.vampires = state["vampires"]
    out.blood = state["blood"]
    if state["result"] is not None:
        out.winner = state["result"]["side"]
    if samples is not None:
        if pending is not None:
            samples.append(pending)
        for sample in samples[first:]:
            sample["won"] = int(out.winner == "dracula")
    return out


FOCUS_GRID = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)


def _sample(memory: Memory, moves: list[dict[str, Any]], action: dict[str, Any],
            state: State) -> dict[str, Any]:
    """The measured quantities of the move made (``dracula.move_features``), its chance of
    being found at each ``FOCUS_GRID`` value, and the position's own figures."""
    seen = dracula.Seen(memory)
    offer = next(o for o in moves if o["action"] == action["action"]
                 and o["params"] == action["params"])
    how = dracula._how(offer, seen)
    believed = dracula.preview(seen.belief, *how, seen) if how[0] != "fixed" else {}
    reaches = dracula.hunters_reach(seen)
    features = dracula.move_features(offer, seen, believed, reaches, 0.5)
    to = dracula._destination(offer, seen)
    found = [dracula.found_chance(to, believed, reaches, f) for f in FOCUS_GRID]
    return {"features": features, "found_at": found, "met": 0, "won": 0,
            "round": state["round"], "blood": state["blood"], "vampires": state["vampires"]}


def _next_seat(state: State, players: int) -> tuple[int, list[dict[str, Any]]]:
    """The first seat with something to do (Dracula first), and its offers as the JSON API
    lists them; the corrections by hand are never opened."""
    for seat in range(players):
        offered = [a.to_json() for a in rules.actions(state, seat) if a.action != "hand_open"]
        if offered:
            return seat, offered
    raise RuntimeError("nobody can act and the game has no result")


def _fighting_dracula(state: State) -> bool:
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
    tail = sum(math.comb(n, i) for i in range(k + 1)) / (1 << n)
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


def run(harness: Harness, levels: list[str], hunters: str, games: int, seed: int,
        players: int = 2, starmap: Starmap[Outcome] = in_turn) -> dict[str, list[Outcome]]:
    """Play ``games`` games per level on the seeds ``seed``, ``seed + 1``…"""
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
    if hunters not in hunter_policies.POLICIES:
        raise ValueError(f"unknown hunters {hunters!r}: one of "
                         f"{', '.join(hunter_policies.POLICIES)}")
    done = starmap(play, [(harness, s, level, hunters, players) for level in levels
                          for s in range(seed, seed + games)])
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


# --- fitting Cunning's move value -------------------------------------------------------------

MOVE_FEATURES = ("found", "dead_end", "spread", "blood")
"""The quantities a move is valued by, measured in the fitting games."""
CONTROLS = ("round", "blood_now", "vampires")
"""The position's own figures, fitted beside them so that the move's weights do not take
credit for a game already won or lost."""


def logistic(rows: list[list[float]], labels: list[int], ridge: float = 1e-3,
             rounds: int = 30) -> list[float]:
    """Maximum-likelihood logistic regression (Newton's method, a little ridge), with an
    intercept first; the columns are standardised inside and the weights given back in
    the rows' own units."""
    k = len(rows[0])
    means = [statistics.mean(r[j] for r in rows) for j in range(k)]
    scales = [statistics.pstdev([r[j] for r in rows]) or 1.0 for j in range(k)]
    xs = [[1.0, *((r[j] - means[j]) / scales[j] for j in range(k))] for r in rows]
    w = [0.0] * (k + 1)
    for _ in range(rounds):
        grad = [0.0] * (k + 1)
        hess = [[0.0] * (k + 1) for _ in range(k + 1)]
        for x, y in zip(xs, labels, strict=True):
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(k + 1):
                grad[i] += (y - p) * x[i]
                for j in range(i, k + 1):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        for i in range(k + 1):
            grad[i] -= ridge * w[i]
            hess[i][i] += ridge
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
        if max(abs(si) for si in step) < 1e-8:
            break
    out = [w[0] - sum(w[j + 1] * means[j] / scales[j] for j in range(k))]
    return out + [w[j + 1] / scales[j] for j in range(k)]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small symmetric system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                factor = m[r][col] / m[col][col]
                m[r] = [x - factor * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit(harness: Harness, games: int, seed: int, explore: float = 0.3,
        starmap: Starmap[list[dict[str, Any]]] = in_turn) -> dict[str, Any]:
    """Play ``games`` games of an exploring Cunning Dracula (half against the random
    hunters, half against the searching ones) and measure: ``focus``, the share of the
    hunters' search that follows the belief (the value that best predicts, by likelihood,
    whether the hunters met Dracula before his next move); then the weights of the move's
    measured quantities in the chance that Dracula wins (logistic regression)."""
    parts = starmap(_fit_game, [(harness, s, "random" if s % 2 else "searching", explore)
                                for s in range(seed, seed + games)])
    samples = [row for part in parts for row in part]
    best, best_ll = 0, -math.inf
    for i, _focus in enumerate(FOCUS_GRID):
        ll = 0.0
        for row in samples:
            p = min(max(row["found_at"][i], 1e-4), 1 - 1e-4)
            ll += math.log(p) if row["met"] else math.log(1 - p)
        if ll > best_ll:
            best, best_ll = i, ll
    rows = [[row["found_at"][best], row["features"]["dead_end"], row["features"]["spread"],
             row["features"]["blood"], row["round"] / 10, row["blood"] / 15,
             row["vampires"] / 6] for row in samples]
    weights = logistic(rows, [row["won"] for row in samples])
    coefficients = dict(zip(MOVE_FEATURES, weights[1:1 + len(MOVE_FEATURES)], strict=True))
    return {
        "focus": FOCUS_GRID[best],
        "move": {"coefficients": {k: round(v, 4) for k, v in coefficients.items()},
                 "controls": {k: round(v, 4) for k, v in zip(
                     CONTROLS, weights[1 + len(MOVE_FEATURES):], strict=True)},
                 "intercept": round(weights[0], 4)},
        "measured": {"games": games, "seed": seed, "explore": explore,
                     "samples": len(samples),
                     "hunters": "random (odd seeds) and searching (even seeds)",
                     "met_rate": round(sum(r["met"] for r in samples) / len(samples), 4),
                     "command": f"companion selfplay fury --fit {games} --seed {seed}"},
    }


def _fit_game(harness: Harness, seed: int, hunters: str,
              explore: float) -> list[dict[str, Any]]:
    samples: list[dict[str, Any]] = []
    play(harness, seed, "cunning", hunters, explore=explore, samples=samples)
    return samples
