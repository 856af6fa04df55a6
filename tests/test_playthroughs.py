"""Golden playthroughs (STYLE.md §13, OpenSpiel's ``integration_tests/playthroughs``).

Each ``playthroughs/<game>-<n>.txt`` in a registered game's folder (found through the
registry: no list to keep here) is one recorded game: its options, seed and phone
contributions, then for every step the seat's action, every log line it wrote (public or
to whom) and what each screen receives afterwards: the table's view and every seat's, with
its buttons. The test replays the recorded actions through the game contract, the way the
referee does (``companion/referee/deal.py`` and ``acting.py``: ``setup`` with step 0's
randomness, then ``apply`` with step n's), writes the text again and compares the whole of
it. A change to a rule, a view or a log line shows up as a diff of these files, reviewed
like code: a line that appears in one seat's view after another seat's private move is a
leak. How to add, rewrite and review one: ``companion/games/README.md``.

A file's header is its recording: the game, the step limit, the seed and the options the
table was dealt with (each option the header leaves out takes the game's default). A new
playthrough starts as a file with only ``game:``, ``step limit:`` and ``options:`` (with
``players``); a rewrite writes the rest, its seed made from the file's name.

The actions were picked at random among the legal ones by a generator keyed on the seed
(``fairness.StepRandom``, not ``random.Random``, whose choices Python does not promise to
keep across versions). A rewrite replays the recorded actions while the game still offers
them and picks new ones from the first it no longer does.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import orjson
import pytest
from babel.support import NullTranslations

from companion.fairplay import fairness, inputs
from companion.fairplay.errors import BadRequest
from companion.games import GAMES
from companion.games.base import Action, Applied, RuleError
from companion.referee.options import validate_options
from companion.web import gamefiles
from companion.web.render import say
from tests.playing import fill_inputs

ROOT = Path(__file__).parents[1]
NAMES = ("Anna", "Boris", "Cyril", "Dana", "Eva", "Filip", "Gita", "Hana")
WIDTH = 120
"""A JSON value that fits on a line this wide is written on one line: a card, a seat's
counters; larger ones open up, one member a line, so that a diff shows what changed."""
REWRITE = ("  .venv/bin/python -m pytest tests/test_playthroughs.py -p no:cacheprovider "
           "--rewrite-playthroughs")


@dataclass(frozen=True)
class Recording:
    """One golden game: who sits, which options, which seed; at most ``steps`` actions."""

    name: str
    game: str
    players: int
    seed: str
    steps: int
    options: dict[str, Any] = field(default_factory=dict)
    """The table's options as recorded; any left out are the game's defaults (validated as
    the referee validates a new table's options)."""

    def contributions(self) -> list[dict[str, Any]]:
        """Every phone's 32 bytes, revealed before the deal, in seat order."""
        return [{"seat": s, "value": hashlib.sha256(f"{self.seed}:{s}".encode()).hexdigest(),
                 "before_step": 0} for s in range(self.players)]


def _seed(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def goldens() -> dict[str, Path]:
    """Every registered game's golden playthroughs by name: the ``.txt`` files of its
    folder's ``playthroughs/``."""
    found = {}
    for game in sorted(GAMES):
        folder = gamefiles.folder(game)
        for path in sorted((folder / "playthroughs").glob("*.txt") if folder else []):
            assert path.stem not in found, f"two playthroughs named {path.stem}"
            found[path.stem] = path
    return found


def recording(path: Path) -> Recording:
    """The recording a playthrough's header names (the lines before the deal)."""
    lines = path.read_text(encoding="utf-8").split("\n=== ", 1)[0].splitlines()
    start = lines.index("options:")
    fields = dict(line.split(": ", 1) for line in lines[:start]
                  if ": " in line and line[0] not in "# ")
    options = json.loads("\n".join(lines[start + 1:]))
    return Recording(path.stem, fields["game"], options.pop("players"),
                     fields.get("seed", _seed(path.stem)), int(fields["step limit"]), options)


# --- writing JSON so that a diff reads line by line ----------------------------------------


def _inline(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _canonical(value: Any) -> bytes:
    """What two values are compared by: their JSON (``True == 1`` in Python, not here)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _same(old: Any, new: Any) -> bool:
    return _canonical(old) == _canonical(new)


def pretty(value: Any, indent: int = 0, prefix: int = 0) -> list[str]:
    """``value`` as JSON lines with sorted keys: on one line when it fits in ``WIDTH``
    (``prefix``: the characters before it on its first line), else one member a line.

    >>> pretty({"b": [1, 2], "a": {"c": "x"}})
    ['{"a": {"c": "x"}, "b": [1, 2]}']
    """
    flat = _inline(value)
    if not isinstance(value, dict | list) or not value or indent + prefix + len(flat) <= WIDTH:
        return [flat]
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        members = []
        for key in sorted(value):
            head = f"{_inline(key)}: "
            inner = pretty(value[key], indent + 2, len(head))
            members.append([pad + head + inner[0], *inner[1:]])
        opening, closing = "{", "}"
    else:
        members = []
        for item in value:
            inner = pretty(item, indent + 2)
            members.append([pad + inner[0], *inner[1:]])
        opening, closing = "[", "]"
    lines = [opening]
    for i, member in enumerate(members):
        if i < len(members) - 1:
            member[-1] += ","
        lines.extend(member)
    lines.append(" " * indent + closing)
    return lines


# --- playing and writing one game ----------------------------------------------------------


class _Chooser:
    """``random.Random``'s ``choice`` and ``randint`` for ``fill_inputs``, drawn from a
    ``StepRandom``, whose numbers this project defines (a seeded ``random.Random`` may pick
    otherwise under another Python)."""

    def __init__(self, seed: str, step: int) -> None:
        key = hashlib.sha256(b"golden chooser:" + bytes.fromhex(seed)).digest()
        self._random = fairness.StepRandom(key, step)

    def choice(self, items: list[Any]) -> Any:
        return self._random.choice(items)

    def randint(self, low: int, high: int) -> int:
        return low + self._random.randbelow(high - low + 1)


def _offered(posted: dict[str, Any], offers: list[Action]) -> bool:
    """Does the game offer this action now: a button of the name whose fixed params it
    carries, every other param one of the button's inputs?"""
    params = posted["params"]
    return any(
        offer.action == posted["action"]
        and all(k in params and _same(params[k], v) for k, v in offer.params.items())
        and set(params) - set(offer.params) <= set(offer.inputs)
        for offer in offers)


def _who(seat: int | None) -> str:
    return "the table" if seat is None else f"seat {seat} ({NAMES[seat]})"


_ENGLISH = NullTranslations()


def english(text: str, args: dict[str, Any] | None, players: int) -> str:
    """A message id as an English screen says it (``render.say``), on one line."""
    said = say(text, args, list(NAMES[:players]), _ENGLISH)
    return said.replace("\r", "\\r").replace("\n", "\\n")


def _log_lines(entries: list[dict[str, Any]], players: int) -> list[str]:
    lines = []
    for entry in entries:
        to = entry.get("to")
        reader = "public" if to is None else "to " + ", ".join(_who(s) for s in to)
        lines.append(f"log, {reader}: {english(entry['text'], entry.get('args'), players)}")
        lines.append("  " + _inline({"args": entry.get("args", {}), "text": entry["text"]}))
    return lines or ["log: (no lines)"]


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _child(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if not _NAME.fullmatch(key):
        return f"{path}[{_inline(key)}]"
    return f"{path}.{key}" if path else key


def members(value: Any, path: str = "") -> list[tuple[str, str]]:
    """A view as (path, JSON) pairs: every member that fits on a line is one pair, a larger
    one is opened up, so that a step's change is named by where it is in the view.

    >>> members({"hand": [{"key": "aim"}], "me": 0})
    [('hand', '[{"key": "aim"}]'), ('me', '0')]
    >>> members({"deck": list(range(40))})[:2]
    [('deck[0]', '0'), ('deck[1]', '1')]
    """
    flat = _inline(value)
    if not isinstance(value, dict | list) or not value or path and len(flat) <= WIDTH:
        return [(path, flat)]
    keys = sorted(value) if isinstance(value, dict) else range(len(value))
    return [pair for key in keys for pair in members(value[key], _child(path, key))]


def _keys_changed(old: dict[str, Any], new: dict[str, Any]) -> int:
    return sum(key not in old or key not in new or not _same(old[key], new[key])
               for key in {*old, *new})


def changes(old: Any, new: Any, path: str = "") -> list[str]:
    """What changed from ``old`` to ``new``, named by path: ``~ path: was → now``,
    ``+ path: new`` (appeared), ``- path: old`` (went). Objects are compared key by key
    (a small one in which several keys changed is one line);
    lists item by item, an item that only moved (one put in front of it) left unsaid, so
    an item's ``-`` names its old place and its ``+`` its new one.

    >>> changes({"hand": ["b"], "me": {"n": 1, "x": 0}}, {"hand": ["c", "b"], "me": {"n": 2}})
    ['  ~ hand: ["b"] → ["c", "b"]', '  ~ me: {"n": 1, "x": 0} → {"n": 2}']
    >>> changes({"me": {"n": 1, "x": 0}}, {"me": {"n": 2, "x": 0}})
    ['  ~ me.n: 1 → 2']
    >>> changes({"log": ["b" * 120]}, {"log": ["c", "b" * 120]})
    ['  + log[0]: "c"']
    """
    if _same(old, new):
        return []
    was, now = _inline(old), _inline(new)
    small = bool(path) and len(was) <= WIDTH and len(now) <= WIDTH
    if isinstance(old, dict) and isinstance(new, dict) and not (small and _keys_changed(
            old, new) > 1):
        lines = []
        for key in sorted(set(old) | set(new)):
            here = _child(path, key)
            if key not in new:
                lines += [f"  - {p}: {v}" for p, v in members(old[key], here)]
            elif key not in old:
                lines += [f"  + {p}: {v}" for p, v in members(new[key], here)]
            else:
                lines += changes(old[key], new[key], here)
        return lines
    if isinstance(old, list) and isinstance(new, list) and old and new and not small:
        lines = []
        matcher = difflib.SequenceMatcher(None, [_canonical(v) for v in old],
                                          [_canonical(v) for v in new], autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                continue
            paired = min(i2 - i1, j2 - j1) if tag == "replace" else 0
            for k in range(paired):
                lines += changes(old[i1 + k], new[j1 + k], _child(path, j1 + k))
            for i in range(i1 + paired, i2):
                lines += [f"  - {p}: {v}" for p, v in members(old[i], _child(path, i))]
            for j in range(j1 + paired, j2):
                lines += [f"  + {p}: {v}" for p, v in members(new[j], _child(path, j))]
        return lines
    if small:
        return [f"  ~ {path}: {was} → {now}"]
    return ([f"  - {p}: {v}" for p, v in members(old, path)]
            + [f"  + {p}: {v}" for p, v in members(new, path)])


def _buttons(before: list[str], after: list[str]) -> list[str]:
    lines = []
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            lines += [f"  - {b}" for b in before[i1:i2]] + [f"  + {b}" for b in after[j1:j2]]
    return lines


def _button(action: Action, players: int) -> str:
    """A button as a player reads it (its group, its English label) and what it posts."""
    label = english(action.label, action.label_args, players)
    group = f"[{english(action.group, {}, players)}] " if action.group else ""
    posted = f"{action.action} {_inline(action.params)}"
    typed = f" inputs {_inline(action.inputs)}" if action.inputs else ""
    return f"{group}{label} = {posted}{typed}"


Screens = dict[tuple[str, int | None], Any]
"""What each screen received: ("view", seat) -> the view, ("buttons", seat) -> lines."""


def screens(game: ModuleType, state: dict[str, Any], players: int) -> Screens:
    """The table's view, then each seat's view and buttons."""
    now: Screens = {("view", None): game.view(state, None)}
    for seat in range(players):
        now[("view", seat)] = game.view(state, seat)
        now[("buttons", seat)] = [_button(a, players) for a in game.actions(state, seat)]
    return now


def _in_full(now: Screens) -> list[str]:
    lines = []
    for (kind, seat), value in now.items():
        if kind == "view":
            lines += [f"view of {_who(seat)}:", *(f"  {p}: {v}" for p, v in members(value))]
        else:
            lines += [f"buttons of {_who(seat)}:", *(f"  {b}" for b in value or ["(none)"])]
    return lines


def _changed(before: Screens, now: Screens) -> list[str]:
    """What changed on each screen. A seat's view that changed just as an earlier one did
    says so, and one that changed as the table's and more lists only the more: what that
    seat alone was shown (a seat whose view changes as the table's learned nothing)."""
    lines = []
    told_views: list[tuple[list[str], int | None]] = []
    for key, value in now.items():
        kind, seat = key
        if kind == "buttons":
            told = _buttons(before[key], value)
            if told:
                lines += [f"buttons of {_who(seat)}:", *told]
            continue
        told = changes(before[key], value)
        if not told:
            continue
        same = next((other for earlier, other in told_views if earlier == told), False)
        public = told_views[0][0] if told_views and told_views[0][1] is None else []
        if same is not False:
            lines.append(f"view of {_who(seat)}: changed as the view of {_who(same)}")
            continue
        told_views.append((told, seat))
        if public and set(public) <= set(told):
            lines += [f"view of {_who(seat)}: changed as the view of the table, and",
                      *(line for line in told if line not in public)]
        else:
            lines += [f"view of {_who(seat)}:", *told]
    return lines or ["(no screen changed)"]


def _pick(game: ModuleType, state: dict[str, Any], movers: list[int], seed: str,
          step: int) -> tuple[int, dict[str, Any]]:
    """A random seat among those who may act, one of its buttons, its inputs filled."""
    chooser = _Chooser(seed, step)
    seat = chooser.choice(movers)
    action = chooser.choice(game.actions(state, seat))
    return seat, {"action": action.action, "params": fill_inputs(action, chooser)}


def _apply(game: ModuleType, state: dict[str, Any], seat: int, posted: dict[str, Any],
           spec: Recording, contributions: list[dict[str, Any]], step: int) -> Applied | None:
    """The step as the referee takes it (its parameter check, then ``apply`` with the
    step's randomness), or None if refused."""
    try:
        inputs.check_params(posted["action"], posted["params"], game.actions(state, seat))
        return game.apply(state, seat, posted,
                          fairness.random_for(spec.seed, contributions, step))
    except (RuleError, BadRequest):
        return None


def record(spec: Recording, recorded: list[tuple[int, dict[str, Any]]]) -> str:
    """The text of playthrough ``spec``: the ``recorded`` (seat, action) pairs replayed
    while the game offers them, then actions picked at random, up to the step limit."""
    name = spec.name
    game = GAMES[spec.game]
    options = validate_options(game, spec.options)
    options["players"] = spec.players
    contributions = spec.contributions()
    roles = game.seats(options).roles
    seats = ", ".join(f"{s} {NAMES[s]}" + (f" ({roles[s]})" if roles else "")
                      for s in range(spec.players))
    out = [
        f"# Golden playthrough {name}: {game.TITLE}, {spec.players} seats.",
        "# Written by tests/test_playthroughs.py; review changes like code (README.md here).",
        "# Every screen (the table's view, each seat's view and buttons) is written in full",
        "# after the deal and at the end, one member a line (its path: its JSON); after a",
        "# step, only what changed: ~ path: was → now, + path: appeared, - path: went (a",
        "# list item that only moved is not named; - names its old place, + its new one).",
        "# A seat's view that changed as the table's and more lists only the more.",
        "# A button reads: [its group] its English label = the action and params it posts.",
        f"game: {spec.game}",
        f"seats: {seats}",
        f"seed: {spec.seed}",
        "contributions (revealed before the deal, mixed in this order):",
        *(f"  seat {c['seat']}: {c['value']}" for c in contributions),
        f"step limit: {spec.steps}",
        "options:",
        *pretty(options),
    ]
    state = game.setup(options, fairness.random_for(spec.seed, contributions, 0))
    out += ["", "=== deal (step 0) ==="]
    before = screens(game, state, spec.players)
    out += _in_full(before)
    replaying = True
    for step in range(1, spec.steps + 1):
        movers = [s for s in range(spec.players) if game.actions(state, s)]
        if game.result(state) is not None or not movers:
            break
        replaying = replaying and step <= len(recorded)
        applied = None
        if replaying:
            seat, posted = recorded[step - 1]
            if seat in movers and _offered(posted, game.actions(state, seat)):
                applied = _apply(game, state, seat, posted, spec, contributions, step)
            replaying = applied is not None
        if applied is None:
            seat, posted = _pick(game, state, movers, spec.seed, step)
            applied = _apply(game, state, seat, posted, spec, contributions, step)
            if applied is None:
                raise AssertionError(f"{name} step {step}: {posted} was offered and refused")
        state = applied.state
        out += ["", f"=== step {step}: {_who(seat)} ===", f"action: {_inline(posted)}"]
        out += _log_lines(applied.log, spec.players)
        now = screens(game, state, spec.players)
        out += _changed(before, now)
        before = now
    if game.result(state) is not None:
        ending = "the game is over"
    elif not any(game.actions(state, s) for s in range(spec.players)):
        ending = "nobody can act"
    else:
        ending = f"stopped at the step limit ({spec.steps})"
    out += ["", f"=== end: {ending} ===", "result:", *pretty(game.result(state)),
            *_in_full(before)]
    return "\n".join(out) + "\n"


_STEP = re.compile(r"=== step (\d+): seat (\d+) ")


def recorded_actions(text: str) -> list[tuple[int, dict[str, Any]]]:
    """The (seat, action) of every step written in a playthrough's text."""
    actions = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        found = _STEP.match(line)
        if found:
            assert int(found[1]) == len(actions) + 1, f"step {found[1]} out of order"
            actions.append((int(found[2]), json.loads(lines[i + 1].removeprefix("action: "))))
    return actions


# --- the test --------------------------------------------------------------------------------


def _first_difference(expected: str, actual: str, path: Path, limit: int = 30) -> str:
    diff = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                     f"{path.name} (recorded)", f"{path.name} (now)",
                                     n=3, lineterm=""))
    shown = "\n".join(diff[:limit])
    more = f"\n... and {len(diff) - limit} more diff lines" if len(diff) > limit else ""
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return (f"{where} differs from a replay of its "
            f"actions:\n{shown}{more}\nIf the change is meant, rewrite the playthroughs "
            f"and review their diff (companion/games/README.md):\n{REWRITE}")


@pytest.mark.parametrize("name", sorted(goldens()))
def test_playthrough_replays_as_recorded(name, request):
    """Replaying a recorded game gives the very text recorded: the same log lines and the
    same views for the table and every seat at every step."""
    path = goldens()[name]
    old = path.read_text(encoding="utf-8")
    spec = recording(path)
    new = record(spec, recorded_actions(old))
    if request.config.getoption("--rewrite-playthroughs"):
        if new != old:
            path.write_text(new, encoding="utf-8")
        return
    if new != old:
        pytest.fail(_first_difference(old, new, path), pytrace=False)


@pytest.mark.registry
def test_every_game_has_two_playthroughs():
    """Every registered game is recorded at least twice, each in its own folder and named
    after it."""
    found = goldens()
    for game in GAMES:
        assert sum(recording(p).game == game for p in found.values()) >= 2, (
            f"{game} has fewer than two playthroughs in its folder's playthroughs/: start "
            f"one (companion/games/README.md) and rewrite")
    for name, path in found.items():
        game = recording(path).game
        assert name.startswith(f"{game}-") and path.parents[1] == gamefiles.folder(game), (
            f"{path} records {game}: name it {game}-<n> in that game's folder")


def test_recorded_actions_read_back_from_the_text():
    """The actions a rewrite keeps are the ones the text shows."""
    spec = recording(goldens()["duel-1"])
    text = record(spec, [])
    assert record(spec, recorded_actions(text)) == text
    assert len(recorded_actions(text)) == text.count("\n=== step ")
