"""``companion verify FILE``: replay an export and confirm every shuffle, roll and log line.

For each game in the export: the seed matches the commitment shown from the first second;
setup and every action — including those later undone, replayed in the order they
happened — give exactly the log lines that were recorded; the final state matches its
recorded hash. Any change to an action, a log line, the seed or a contribution fails.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from companion import fairness
from companion.games import GAMES


@dataclass
class Report:
    ok: bool = True
    games: int = 0
    events: int = 0
    random_steps: int = 0
    problems: list[str] = field(default_factory=list)

    def fail(self, problem: str) -> None:
        self.ok = False
        self.problems.append(problem)

    def summary(self) -> str:
        if self.ok:
            return (f"OK: {self.games} game(s), {self.events} action(s) replayed, "
                    f"{self.random_steps} with randomness, all outcomes match the seed.")
        return "FAILED:\n" + "\n".join(f"- {p}" for p in self.problems)


def _canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def verify(export: Any) -> Report:
    """Check a whole export (the dict from ``GET /api/t/<code>/export``)."""
    report = Report()
    if not isinstance(export, dict) or export.get("format") != "table-companion-export/1":
        report.fail("not a Table Companion export")
        return report
    game = GAMES.get(export.get("game"))
    if game is None:
        report.fail(f"unknown game {export.get('game')!r}")
        return report
    for played in export.get("games", []):
        report.games += 1
        try:
            _verify_game(game, played, report)
        except Exception as error:  # a tampered export may break the game itself
            report.fail(f"game {played.get('round')}: replay failed: {error}")
    if report.games == 0:
        report.fail("the export holds no finished game")
    return report


def _verify_game(game: Any, played: dict[str, Any], report: Report) -> None:
    label = f"game {played['round']}"
    seed = played["seed"]
    if fairness.commitment(seed) != played["commitment"]:
        report.fail(f"{label}: the seed does not match the commitment")
        return
    contributions = played["contributions"]
    state = game.setup(played["options"], fairness.random_for(seed, contributions, 0))
    # Replay in the order things happened: each action, and each undo, by version.
    moments: list[tuple[int, int, dict[str, Any]]] = []
    for event in played["events"]:
        moments.append((event["version"], 1, event))
        if event["undone_version"] is not None:
            moments.append((event["undone_version"], 0, event))
    stack = [state]
    for _, kind, event in sorted(moments, key=lambda m: (m[0], m[1])):
        if kind == 0:
            if len(stack) < 2:
                report.fail(f"{label}: an undo with nothing to undo")
                return
            stack.pop()
            continue
        step = len(stack)
        if step != event["step"]:
            report.fail(f"{label}: action at version {event['version']} is out of order")
            return
        rng = fairness.random_for(seed, contributions, step)
        applied = game.apply(stack[-1], event["seat"], event["action"], rng)
        report.events += 1
        report.random_steps += rng.used
        if _canonical(applied.log) != _canonical(event["log"]):
            report.fail(f"{label}: step {step} gives a different outcome than recorded")
            return
        stack.append(applied.state)
    final = hashlib.sha256(_canonical(stack[-1]).encode()).hexdigest()
    if final != played["final_state_sha256"]:
        report.fail(f"{label}: the final position differs from the recorded one")
    if _canonical(game.result(stack[-1])) != _canonical(played["result"]):
        report.fail(f"{label}: the result differs from the recorded one")
