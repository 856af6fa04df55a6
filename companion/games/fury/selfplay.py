"""``companion selfplay fury``: whole games of Fury of Dracula played by the automa against
simulated hunters, through the real rules engine.

Each game is set up and played by ``rules.setup``, ``rules.actions`` and ``rules.apply``
with the table's step-tied randomness (``companion.fairplay.fairness``), exactly as the referee
plays a table: the app's Dracula is handed after every step his own view and the log
lines he may read, and decides from those (``automa.play``); the hunters' policies the
same from the hunters' side — their belief folded from a hunter seat's moments (the public
belief is the same from every screen), each seat deciding from its own view. As at a
table, a seat the game does not wait for may act first (a card for another player's
hunter) or let it pass; the seats the game waits for act last. Seeds are paired: game *n*
of every level is played on the same seed, so levels are compared on the same deals and
the same dice.

Reported per level: Dracula's wins with a 95 % Wilson interval, how often the hunters met
him (a combat with him, or his position revealed — not counting his own castle, where the
rules reveal him whoever looks), rounds, games that did not end, the
decision time (p50, p95, max), the belief's size and its time per update; the level's
profile (``profile``): his wins by what brought the vampire track to 6 — time (a dawn),
the track (a New Vampire matured), a defeat (a hunter defeated) — and the hunters' by his
blood, the fights with Dracula himself per game (median and mean), the strikes he made
and those on a lone hunter, the game's length; and for two levels on the same seeds, the
difference in wins with its paired 95 % interval and the exact two-sided sign test on
the games they disagree on (McNemar).

Pure like the rules beside it: what a game may not import — the table's randomness (a layer
above the games), a clock, the processes to play in — the command
line hands in (a :class:`Harness`, a ``starmap``). It reads the whole state, as the referee
does, so it lives beside the automa rather than in it (``automa/`` imports nothing that
reads a state).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from companion.games.base import Random
from companion.games.fury import board, cards, rules, time_track, view
from companion.games.fury.automa import dracula, reach
from companion.games.fury.automa import hunters as hunter_policies
from companion.games.fury.automa.play import LEVELS, Memory, decide, remember
from companion.games.fury.automa.public import LINES
from companion.games.fury.state import State

MAX_STEPS = 8000
"""A game still going after this many actions is counted as stuck."""

R = TypeVar("R")


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
    track: dict[str, int] = field(default_factory=dict)
    """Steps up the vampire track by cause: ``dawn``, ``matured``, ``defeat``."""
    cause: str = ""
    """What ended the game: ``dawn``, ``matured``, ``defeat`` (the step that brought the
    vampire track to 6), ``blood`` (his blood at 0), or "" (stuck)."""
    strikes: int = 0
    """Fights Dracula began (he moved into a hunter's city and attacked)."""
    lone: int = 0
    """Of those, on a hunter with no other hunter within a move."""
    fights: list[dict[str, Any]] = field(default_factory=list)
    """Each fight with Dracula: who began it, by night or day, his blood before and after."""
    hunter_times: list[float] = field(default_factory=list)
    """Seconds per hunter decision."""


def seed_hex(seed: int) -> str:
    return f"{seed:064x}"


def play(harness: Harness, seed: int, level: str, hunters: str = "searching",
         players: int = 2, max_steps: int = MAX_STEPS) -> Outcome:
    """One game: Dracula at ``level`` (seat 0) against ``players - 1`` hunter players."""
    clock = harness.clock
    key = seed_hex(seed)
    options = {option.name: option.default for option in rules.OPTIONS}
    options["players"] = players
    state = rules.setup(options, harness.table_random(key, [], 0))
    memory = remember(None, *rules.app_moment(state, [], rules.DRACULA))
    theirs = remember(None, *rules.app_moment(state, [], 1))
    out = Outcome(seed, level, hunters, "stuck", 0, 0, False, 0)
    fighting: dict[str, Any] | None = None
    for step in range(1, max_steps + 1):
        if state["result"] is not None:
            break
        seat, action = _next_decision(harness, state, players, step, memory, theirs, level,
                                      hunters, out)
        applied = rules.apply(state, seat, action, harness.table_random(key, [], step))
        blood = state["blood"]
        state = applied.state
        attacked = struck(applied.log)
        if attacked:
            out.strikes += 1
            out.lone += _lone(state)
        out.steps = step
        _track(out, applied.log)
        started = clock()
        memory = remember(memory, *rules.app_moment(state, applied.log, rules.DRACULA))
        out.belief_times.append(clock() - started)
        out.belief_sizes.append(memory.belief.size)
        theirs = remember(theirs, *rules.app_moment(state, applied.log, 1))
        head = state["trail"][0] if state["trail"] else None
        if head is not None and head["revealed"] and head["place"] != board.CASTLE:
            out.met = True
        now = _fighting_dracula(state)
        if now and fighting is None:
            out.combats += 1
            out.met = True
            fighting = {"by": "dracula" if attacked else "hunters",
                        "night": time_track.is_night(state), "before": blood}
        if fighting is not None and not now:
            out.fights.append({**fighting, "after": state["blood"]})
            fighting = None
    if fighting is not None:
        out.fights.append({**fighting, "after": state["blood"]})
    out.rounds = state["round"]
    out.vampires = state["vampires"]
    out.blood = state["blood"]
    if state["result"] is not None:
        out.winner = state["result"]["side"]
        if out.winner == "hunters":
            out.cause = "blood"
    return out


DEADLINE = 0.8
"""Seconds a decision may take at a table (``referee.appseat.DEADLINE``): self-play gives
none, so that a seed plays the same game on any machine, and counts the decisions that
took longer (the table would have taken the quick one then)."""
TRACK_CAUSES = {"a new dawn": "dawn", "a New Vampire matured": "matured",
                "a hunter was defeated": "defeat"}
"""The vampire track's steps by the reason its log line gives."""


def _next_decision(harness: Harness, state: State, players: int, step: int, memory: Memory,
                   theirs: Memory, level: str, hunters: str,
                   out: Outcome) -> tuple[int, dict[str, Any]]:
    """The next action and its seat: first a seat the game does not wait for, if it takes
    up what it may do (a card for another player's hunter), then a seat it waits for."""
    waited = waiting_for(state)
    key = seed_hex(out.seed)
    for seat in [s for s in range(players) if s not in waited] + sorted(waited):
        offered = [a.to_json() for a in rules.actions(state, seat) if a.action != "hand_open"]
        if not offered:
            continue
        rng = harness.seat_random(key, [], step, seat)
        started = harness.clock()
        if seat == rules.DRACULA:
            action = decide(memory, offered, rng, level)
            out.times.append(harness.clock() - started)
        else:
            # the first hunter seat's view is the one its moment was folded from
            shown = theirs.view if seat == 1 else rules.view(state, seat)
            own = Memory(theirs.tracker, theirs.belief, shown,
                         theirs.moments, theirs.met, theirs.declined, theirs.changes,
                         theirs.losses)
            action = hunter_policies.decide(own, offered, rng, hunters)
            out.hunter_times.append(harness.clock() - started)
        if action is not None:
            return seat, action
        if seat in waited:
            raise RuntimeError(f"seat {seat + 1} let pass a decision the game waits for")
    raise RuntimeError("nobody can act and the game has no result")


def waiting_for(state: State) -> set[int]:
    """The seats the game waits for now, as every screen shows it (``view.waiting_seats``)."""
    return view.waiting_seats(state)


def _track(out: Outcome, log: list[dict[str, Any]]) -> None:
    for line in log:
        args = line.get("args") or {}
        if "to" in line or not str(line.get("text", "")).startswith("Vampire track {sign}"):
            continue
        cause = TRACK_CAUSES.get(str(args.get("why")))
        if cause and args.get("sign") == "+":
            out.track[cause] = out.track.get(cause, 0) + int(args.get("n", 0))
            if int(args.get("now", 0)) >= cards.VAMPIRES_TO_WIN:
                out.cause = cause


def struck(log: list[dict[str, Any]]) -> bool:
    """Whether Dracula attacked: the attack follows his move into a hunter's city by itself
    (no choice, no action of its own), so it is read from the log."""
    return any(line.get("text") == LINES["attack"] and "to" not in line for line in log)


def _lone(state: State) -> int:
    """Whether Dracula's attack now falls on a single hunter with no other hunter within
    one move (``automa.reach.steps``)."""
    here = state["trail"][0]["place"]
    there = [h for h, v in state["hunters"].items() if v["place"] == here]
    others = [v["place"] for h, v in state["hunters"].items()
              if h not in there and v["place"]]
    return int(len(there) == 1 and not any(reach.steps(p, here) <= 1 for p in others))


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
        "over_deadline": sum(1 for t in times if t > DEADLINE),
    }


def _share(found: dict[str, Any], cause: str, n: int) -> str:
    lo, hi = found["causes_interval"][cause]
    return (f"{found['causes'][cause]} = {100 * found['causes'][cause] / max(n, 1):.1f} % "
            f"({100 * lo:.1f}–{100 * hi:.1f})")


def profile(outcomes: list[Outcome]) -> dict[str, Any]:
    """What a level does over its games: how its wins and losses come about, how often it
    fights Dracula's own fights and strikes (a lone hunter among them), how long a game
    lasts, and the hunters' decision times."""
    n = len(outcomes) or 1
    fights = [o.combats for o in outcomes]
    rounds = [o.rounds for o in outcomes]
    causes = {c: sum(o.cause == c for o in outcomes) for c in ("dawn", "matured", "defeat",
                                                               "blood")}
    by_day = [f["before"] - f["after"] for o in outcomes for f in o.fights
              if f["by"] == "hunters" and not f["night"]]
    by_night = [f["before"] - f["after"] for o in outcomes for f in o.fights
                if f["by"] == "hunters" and f["night"]]
    struck = [f["before"] - f["after"] for o in outcomes for f in o.fights
              if f["by"] == "dracula"]
    return {
        "causes": causes, "causes_interval": {c: wilson(k, n) for c, k in causes.items()},
        "track": {c: sum(o.track.get(c, 0) for o in outcomes) / n
                  for c in ("dawn", "matured", "defeat")},
        "fights_median": statistics.median(fights) if fights else 0.0,
        "fights_mean": sum(fights) / n, "fought": sum(1 for f in fights if f) / n,
        "strikes": sum(o.strikes for o in outcomes) / n,
        "lone": sum(o.lone for o in outcomes) / n,
        "rounds_median": statistics.median(rounds) if rounds else 0.0,
        "rounds_p10": percentile([float(r) for r in rounds], 0.1),
        "rounds_p90": percentile([float(r) for r in rounds], 0.9),
        "blood_by_day": statistics.mean(by_day) if by_day else 0.0,
        "blood_by_night": statistics.mean(by_night) if by_night else 0.0,
        "blood_struck": statistics.mean(struck) if struck else 0.0,
        "fights_by_day": len(by_day) / n, "fights_by_night": len(by_night) / n,
        "hunter_p95": percentile([t for o in outcomes for t in o.hunter_times], 0.95),
        "hunter_max": max((t for o in outcomes for t in o.hunter_times), default=0.0),
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
    lines += ["", "What each level does (Dracula's wins by what brought the vampire track to "
              "6, the hunters' by his blood; fights with Dracula himself; his strikes, on a "
              "lone hunter; the game's length):", "",
              "| level | by time | by the track | by defeats | hunters, by blood "
              "| fights/game median (mean) | games with a fight | strikes (on a lone hunter) "
              "| blood lost a fight: by day / by night / his strikes "
              "| rounds median (10–90 %) | decisions over 0.8 s | hunter decision p95 / max |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for level, outcomes in by_level.items():
        f = profile(outcomes)
        s = summary(outcomes)
        shares = {cause: _share(f, cause, len(outcomes)) for cause in f["causes"]}
        lines.append(
            f"| {level} | {shares['dawn']} | {shares['matured']} | {shares['defeat']} "
            f"| {shares['blood']} | {f['fights_median']:g} ({f['fights_mean']:.2f}) "
            f"| {100 * f['fought']:.0f} % | {f['strikes']:.2f} ({f['lone']:.2f}) "
            f"| {f['blood_by_day']:.1f} / {f['blood_by_night']:.1f} / "
            f"{f['blood_struck']:.1f} | {f['rounds_median']:g} ({f['rounds_p10']:g}–"
            f"{f['rounds_p90']:g}) | {s['over_deadline']} of {s['decisions']} "
            f"| {1000 * f['hunter_p95']:.1f} / {1000 * f['hunter_max']:.0f} ms |")
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


# --- measuring Cunning's costs ---------------------------------------------------------------


def fit(harness: Harness, games: int, seed: int, hunters: str = "tracking",
        starmap: Starmap[Outcome] = in_turn) -> dict[str, Any]:
    """Play ``games`` games of Cunning against the ``hunters`` and measure what Cunning
    weighs a move by, in his blood: a fight the hunters bring him by day and by night
    (``dracula.COSTS``: ``found_day``, ``found_night``); the weights of a dead end and of
    the belief's spread stay the game-design values beside them (chosen by paired
    comparisons on these fitting seeds, bench/README.md)."""
    done = starmap(play, [(harness, s, "cunning", hunters) for s in range(seed, seed + games)])
    found = profile(done)

    costs = dict(dracula.COSTS)
    costs["found_day"] = round(found["blood_by_day"], 3)
    costs["found_night"] = round(found["blood_by_night"], 3)
    return {
        "costs": costs,
        "measured": {"games": games, "seed": seed, "hunters": hunters,
                     "fights_by_day": round(found["fights_by_day"] * len(done)),
                     "fights_by_night": round(found["fights_by_night"] * len(done)),
                     "dracula_won": sum(o.winner == "dracula" for o in done),
                     "command": f"companion selfplay fury --fit {games} --seed {seed} "
                                f"--hunters {hunters}"},
    }
