"""``companion verify FILE``: replay an export and confirm every shuffle, roll and log line.

For each game in a full export:

- the seed matches the commitment shown from the first second;
- every contribution matches the commitment its phone made before any was revealed, and
  the deal mixed in exactly the revealed ones (the listing names each seat's short hash,
  as its phone showed it);
- setup and every action — including those later undone, replayed in the order they
  happened — pass the same parameter checks as at the table and give exactly the log
  lines that were recorded;
- the log chain over the deal, every action, every undo and the end recomputes to each
  recorded head and to the final log hash the screens showed;
- the final position and the result match;
- where the app played a seat (Fury's Dracula), each of its actions is the one its
  published algorithm picks from what that seat was shown at that step — its own view and
  the log lines it may read, folded as the referee folds them — with its own step-tied
  randomness (``fairness.seat_random_for``).

A public export (the table code's) holds no parameters and no private lines: only its
seed, commitment and contributions are checked. A malformed export fails with a sentence.
"""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass, field
from typing import Any

from companion.fairplay import chain, fairness, inputs
from companion.fairplay.errors import TableError
from companion.games import GAMES
from companion.games.base import Game, RuleError, app_player

FORMATS = ("table-companion-export/1", "table-companion-export/2")
EXPORT_DEPTH = 64
"""An export nests about ten deep; anything far deeper is not one."""
_HEX64 = re.compile(r"[0-9a-f]{64}")


@dataclass
class Report:
    ok: bool = True
    games: int = 0
    events: int = 0
    random_steps: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """What a person compares by hand: log hashes and each seat's randomness."""
    replayed: bool = True
    app_decisions: int = 0
    """Actions of a seat the app played, each replayed from what that seat was shown."""
    quick_decisions: int = 0
    """Of those, the ones the app took when the time for the decision was up: its quick
    pick, replayed as such."""
    malformed: bool = False
    """The file is not shaped like an export (or of a game this version does not know):
    nothing was replayed."""
    running: bool = False
    """A game's log records no end: it was exported while it was still being played."""
    ends: list[tuple[int, Any]] = field(default_factory=list)
    """Each game replayed to its end: its place in the export's ``games`` and the final
    position the replay made (what the export's viewer shows)."""

    def fail(self, problem: str) -> None:
        self.ok = False
        self.problems.append(problem)

    def summary(self) -> str:
        notes = "".join(f"\n{note}" for note in self.notes)
        if not self.ok:
            return "FAILED:\n" + "\n".join(f"- {p}" for p in self.problems) + notes
        if not self.replayed:
            return (f"OK (public export): {_count(self.games, 'game')}; the seeds match their "
                    "commitments and the contributions theirs. Actions and private lines "
                    "are withheld: replaying them needs the host's or a player's export."
                    + notes)
        quick = (f" ({self.quick_decisions} of them its quick pick, when the time for the "
                 "decision was up)" if self.quick_decisions else "")
        played = (f" The app's seat played {self.app_decisions} of them, each the action its "
                  f"published algorithm picks from what that seat was shown{quick}." if
                  self.app_decisions else "")
        return (f"OK: {_count(self.games, 'game')}, {_count(self.events, 'action')} replayed, "
                f"{self.random_steps} with randomness, all outcomes match the seed."
                + played + notes)


def _count(n: int, noun: str) -> str:
    """``1 game``, ``2 games``: the command line speaks English only, so no catalogue."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


class Malformed(ValueError):
    """The export is not shaped like one; the message says where."""


# --- the shape of an export -------------------------------------------------------------------


def _need(obj: Any, key: str, kind: str, where: str, optional: bool = False) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise Malformed(f"{where}: “{key}” is missing")
    value = obj[key]
    if value is None and optional:
        return None
    ok = {
        "int": isinstance(value, int) and not isinstance(value, bool),
        "str": isinstance(value, str),
        "hex": isinstance(value, str) and bool(_HEX64.fullmatch(value)),
        "dict": isinstance(value, dict),
        "list": isinstance(value, list),
        "any": True,
    }[kind]
    if not ok:
        words = {"int": "a whole number", "str": "a text", "hex": "64 hex digits",
                 "dict": "an object", "list": "a list", "any": "a value"}
        raise Malformed(f"{where}: “{key}” must be {words[kind]}")
    return value


def _check_shape(played: Any, where: str, version: int, scope: str) -> None:
    for key, kind in (("round", "int"), ("options", "dict"), ("seed", "hex"),
                      ("commitment", "hex"), ("contributions", "list"), ("events", "list"),
                      ("result", "any"), ("final_state_sha256", "hex")):
        _need(played, key, kind, where)
    for i, c in enumerate(played["contributions"], 1):
        spot = f"{where}: contribution {i}"
        _need(c, "seat", "int", spot)
        _need(c, "before_step", "int", spot)
        _need(c, "value", "hex", spot, optional=version == 2)
        if version == 2:
            _need(c, "commitment", "hex", spot)
    if version == 2:
        deal = _need(played, "deal", "dict", where)
        _need(deal, "by", "str", f"{where}: deal")
        _need(played, "log_hash", "hex", where)
        if scope == "full":
            _need(deal, "chain", "hex", f"{where}: deal")
    for i, event in enumerate(played["events"], 1):
        spot = f"{where}: event {i}"
        for key, kind in (("step", "int"), ("seat", "int"), ("action", "dict"),
                          ("log", "list"), ("version", "int")):
            _need(event, key, kind, spot)
        _need(event, "undone_version", "int", spot, optional=True)
        _need(event, "undone_by", "str", spot, optional=True)
        _need(event["action"], "action", "str", spot)
        if scope == "full":
            _need(event["action"], "params", "dict", spot)
        if version == 2 and scope == "full":
            _need(event, "chain", "hex", spot)
            _need(event, "undo_chain", "hex", spot, optional=True)


# --- checking -----------------------------------------------------------------------------


def verify(export: Any) -> Report:
    """Check a whole export (the dict from one of the export URLs or ``companion export``)."""
    report = Report()
    if not isinstance(export, dict) or export.get("format") not in FORMATS:
        report.fail("this is not a Table Companion export")
        report.malformed = True
        return report
    version = FORMATS.index(export["format"]) + 1
    scope = export.get("scope", "full")
    name = export.get("game")
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        report.fail(f"the export is of a game this version does not know: "
                    f"{str(export.get('game'))[:40]!r}")
        report.malformed = True
        return report
    games = export.get("games")
    seats = export.get("seats")
    if not isinstance(games, list) or not isinstance(seats, list) or scope not in (
            "full", "public") or version == 2 and not isinstance(export.get("table"), str):
        report.fail("the export is malformed: it needs “table”, a list of “seats”, a list "
                    "of “games” and a known “scope”")
        report.malformed = True
        return report
    names = {s.get("seat"): str(s.get("name"))[:40] for s in seats if isinstance(s, dict)}
    report.replayed = scope == "full"
    for n, played in enumerate(games, 1):
        report.games += 1
        where = f"game {n}"
        try:
            _check_shape(played, where, version, scope)
            where = f"game {played['round']}"
            if _commitments(played, where, version, names, report) and scope == "full":
                end = _replay(game, export["table"] if version == 2 else None, played, where,
                              version, report)
                if end is not None:
                    report.ends.append((n - 1, end))
        except Malformed as error:
            report.fail(f"the export is malformed: {error}")
            report.malformed = True
        except RecursionError:
            report.fail(f"{where}: the export is nested too deeply")
        except Exception as error:  # a tampered export may break the game's own code
            report.fail(f"{where}: replay failed: {type(error).__name__}: {str(error)[:200]}")
    if report.games == 0:
        report.fail("the export holds no finished game")
        report.malformed = True
    return report


def _commitments(played: dict[str, Any], where: str, version: int, names: dict[Any, str],
                 report: Report) -> bool:
    """The seed against its commitment, each contribution against its phone's; lists the
    seats' short hashes. Returns whether it is worth replaying."""
    if fairness.commitment(played["seed"]) != played["commitment"]:
        report.fail(f"{where}: the seed does not match the commitment")
        return False
    ok = True
    listing = []
    by_seat = {}
    for c in played["contributions"]:
        if version == 2:
            if c["value"] is not None and fairness.contribution_commitment(
                    c["value"]) != c["commitment"]:
                report.fail(f"{where}: the contribution of seat {c['seat'] + 1} does not "
                            "match its phone's commitment")
                ok = False
            by_seat[c["seat"]] = c
        else:
            by_seat[c["seat"]] = dict(c, commitment=fairness.contribution_commitment(
                c["value"]))
    for seat, name in sorted(names.items(), key=lambda item: str(item[0])):
        c = by_seat.get(seat)
        if c is None:
            listing.append(f"{name} — none (no phone joined before the deal)")
        elif c["value"] is None:
            listing.append(f"{name} {fairness.short(c['commitment'])} "
                           "(committed, never revealed: not used)")
        else:
            listing.append(f"{name} {fairness.short(c['commitment'])} (used)")
    report.notes.append(f"{where}: the phones' randomness: " + "; ".join(listing))
    if version == 2:
        report.notes.append(f"{where}: log hash {played['log_hash']} — it must match the "
                            "one the screens showed when the game ended.")
    return ok


def _replay(game: Game, code: str | None, played: dict[str, Any], where: str, version: int,
            report: Report) -> Any:
    """Replay one game; its final position when every check held, else None (the report
    says why)."""
    problems = len(report.problems)
    seed = played["seed"]
    contributions = played["contributions"]
    state = game.setup(played["options"], fairness.random_for(seed, contributions, 0))
    head = ""
    if version == 2:
        assert code is not None, "a format 2 export names its table (checked by verify)"
        entry = chain.deal_entry(played["deal"]["by"], played["options"], contributions)
        head = chain.link(chain.start(code, played["round"], played["commitment"]), entry)
        if not _same(head, played["deal"]["chain"]):
            report.fail(f"{where}: the log chain breaks at the deal")
            return
    stack = [state]
    app = app_player(game)
    levels = app.app_seats(played["options"]) if app is not None else {}
    memories = {seat: [_fold(app, None, state, [], seat)] for seat in levels}
    for kind, event in chain.moments(played["events"]):
        if kind == "undo":
            if len(stack) < 2:
                report.fail(f"{where}: an undo with nothing to undo")
                return
            stack.pop()
            for kept in memories.values():
                kept.pop()
            if version == 2:
                head = chain.link(head, chain.undo_entry(event))
                if not _same(head, event["undo_chain"]):
                    report.fail(f"{where}: the log chain breaks at the undo of step "
                                f"{event['step']}")
                    return
            continue
        step = len(stack)
        if step != event["step"]:
            report.fail(f"{where}: the action at version {event['version']} is out of order")
            return
        problem = _check_action(game, stack[-1], event)
        if problem:
            report.fail(f"{where}: step {step}: {problem}")
            return
        if event["seat"] in levels:
            assert app is not None, "levels come from the game's app seats"
            offered = [a.to_json() for a in game.actions(stack[-1], event["seat"])]
            played_ = {"action": event["action"]["action"], "params": event["action"]["params"]}
            same, quick = _app_played(app, memories[event["seat"]][-1], offered, played_,
                                      (seed, contributions, step, event["seat"]),
                                      levels[event["seat"]])
            report.quick_decisions += quick
            if not same:
                report.fail(f"{where}: step {step}: the app's seat {event['seat'] + 1} did "
                            "not play the action its algorithm picks from what it was shown")
                return
            report.app_decisions += 1
        rng = fairness.random_for(seed, contributions, step)
        try:
            applied = game.apply(stack[-1], event["seat"], event["action"], rng)
        except RuleError as error:
            report.fail(f"{where}: step {step}: the game refuses the action: {error}")
            return
        report.events += 1
        report.random_steps += rng.used
        if chain.canonical(applied.log) != chain.canonical(event["log"]):
            report.fail(f"{where}: step {step} gives a different outcome than recorded")
            return
        if version == 2:
            head = chain.link(head, chain.action_entry(event))
            if not _same(head, event["chain"]):
                report.fail(f"{where}: the log chain breaks at step {step}")
                return
        stack.append(applied.state)
        for seat, kept in memories.items():
            kept.append(_fold(app, kept[-1], applied.state, applied.log, seat))
    if not _same_position(stack[-1], played["final_state_sha256"]):
        report.fail(f"{where}: the final position differs from the recorded one")
    if chain.canonical(game.result(stack[-1])) != chain.canonical(played["result"]):
        report.fail(f"{where}: the result differs from the recorded one")
    if version == 2:
        ended = chain.link(head, chain.end_entry(played["result"],
                                                 played["final_state_sha256"]))
        if _same(head, played["log_hash"]):
            report.fail(f"{where}: the export was made while the game was still being "
                        "played: its log records no end")
            report.running = True
        elif not _same(ended, played["log_hash"]):
            report.fail(f"{where}: the log chain does not end in the recorded log hash")
    return stack[-1] if len(report.problems) == problems else None


def _app_played(app: Any, memory: Any, offered: list[dict[str, Any]],
                played: dict[str, Any], key: tuple[str, Any, int, int],
                level: str) -> tuple[bool, bool]:
    """Whether the app's seat played what its algorithm picks from ``memory`` — the full
    decision, or the quick one its deadline allows (``app_decide`` with the time up) — and
    whether it was the quick one."""
    seed, contributions, step, seat = key

    def picks(deadline: Any = None) -> Any:
        return app.app_decide(memory, offered,
                              fairness.seat_random_for(seed, contributions, step, seat),
                              level, deadline)
    if chain.canonical(picks()) == chain.canonical(played):
        return True, False
    quick = chain.canonical(picks(_time_up)) == chain.canonical(played)
    return quick, quick


def _time_up() -> bool:
    """The deadline of a decision already passed: the app's quick pick."""
    return True


def _fold(app: Any, memory: Any, state: Any, log: list[dict[str, Any]], seat: int) -> Any:
    """The app's seat's memory after one more step: only what that seat was shown."""
    view, lines = app.app_moment(state, log, seat)
    return app.app_remember(memory, view, lines)


def _same_position(state: Any, recorded: Any) -> bool:
    """The replayed final state is the recorded one; an export made before its game's states
    carried their version (``state_version``, games/base.py ``upgraded``) recorded the same
    position without it."""
    if chain.state_sha256(chain.canonical(state)) == recorded:
        return True
    if not (isinstance(state, dict) and "state_version" in state):
        return False
    bare = {key: value for key, value in state.items() if key != "state_version"}
    return bool(chain.state_sha256(chain.canonical(bare)) == recorded)


def _check_action(game: Game, state: Any, event: dict[str, Any]) -> str | None:
    """The check the referee made before applying the action: a seat with something to do,
    parameters the action's schema allows."""
    if game.result(state) is not None:
        return "an action after the game was over"
    offered = game.actions(state, event["seat"])
    if not offered:
        return f"seat {event['seat'] + 1} had nothing to do"
    action = event["action"]
    try:
        inputs.check_params(action["action"], action["params"], offered)
    except TableError as error:
        return f"parameters the referee refuses: {error}"
    return None


def _same(a: str, b: Any) -> bool:
    return isinstance(b, str) and hmac.compare_digest(a, b)
