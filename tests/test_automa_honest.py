"""The app's Dracula is honest by construction (issue 33, item 2): it is handed Dracula's own
view, the log lines he may read and the actions offered to him — never the state — and
``companion verify`` replays every one of its decisions from those.

Like tests/test_layers.py, this reads the automa's source: its modules import only the map
and the printed cards (nothing that reads a state), and its entry points take only those
inputs."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from companion.fairplay import chain, fairness
from companion.fairplay.verify import verify
from companion.games.fury import rules
from companion.games.fury.automa import play
from tests.test_layers import imports

ROOT = Path(__file__).parents[1]
AUTOMA = ROOT / "companion" / "games" / "fury" / "automa"
MAY_IMPORT = {"companion.games.fury.board", "companion.games.fury.cards",
              "companion.games.base"}
"""The map and the printed cards (data only), the contract's plain types."""


def automa_modules() -> list[tuple[str, Path]]:
    return [(f"companion.games.fury.automa.{p.stem}" if p.stem != "__init__"
             else "companion.games.fury.automa", p) for p in sorted(AUTOMA.glob("*.py"))]


@pytest.mark.parametrize("name, path", automa_modules(), ids=[n for n, _ in automa_modules()])
def test_the_automa_imports_nothing_that_reads_a_state(name, path):
    for imported in imports(path, name):
        assert imported in MAY_IMPORT or imported.startswith("companion.games.fury.automa"), (
            f"{name} imports {imported}: the automa may read only the map, the cards and "
            "what its seat is shown")


def test_the_entry_points_take_only_what_the_seat_is_shown():
    """``remember`` takes a memory, a view and the seat's log lines; ``decide`` a memory,
    the offered actions, the step's randomness and a deadline that tells only whether the
    time is up (issue 42); a memory holds only what was folded into it from those."""
    assert list(inspect.signature(play.remember).parameters) == ["memory", "view", "lines"]
    assert list(inspect.signature(play.decide).parameters) == [
        "memory", "offered", "rng", "level", "deadline"]
    fields = {f for f in play.Memory.__dataclass_fields__}
    assert fields == {"tracker", "belief", "view", "moments", "met", "declined", "changes",
                      "losses"}


def test_what_the_automa_is_shown_is_draculas_own_view_and_lines():
    """The referee's one road to the automa: ``view(state, DRACULA)`` and the lines written
    publicly or to Dracula — never a hunter's private line."""
    state = rules.setup({**{o.name: o.default for o in rules.OPTIONS}, "players": 3},
                        fairness.random_for("00" * 32, [], 0))
    log = [{"text": "public"}, {"text": "to Dracula", "to": [0]},
           {"text": "to a hunter", "to": [1]}]
    view, lines = rules.app_moment(state, log, rules.DRACULA)
    assert view == rules.view(state, rules.DRACULA)
    assert [line["text"] for line in lines] == ["public", "to Dracula"]


# --- verify replays the app's decisions ------------------------------------------------------


def _export(steps: int, seed: int = 5, tamper: int | None = None,
            app: dict[int, str] | None = None) -> dict:
    """A format-1 export of the first ``steps`` actions of a self-played table; the seats of
    ``app`` (seat → level, Dracula's by default) are the app's by the table's options, the
    other seat plays the same algorithms as a person would. ``tamper``: that step of the
    app's is replaced by another action the rules allow (the rest played on from there)."""
    from companion.games.fury.selfplay import waiting_for

    app = app if app is not None else {0: "cunning"}
    levels = {0: "cunning", 1: "tracking"}
    options = {**{o.name: o.default for o in rules.OPTIONS}, "players": 2}
    for seat, level in app.items():
        options["dracula_by_app" if seat == 0 else f"seat{seat + 1}_by_app"] = level
    seed_hex = fairness.new_seed()
    state = rules.setup(options, fairness.random_for(seed_hex, [], 0))
    memories = {s: play.remember(None, *rules.app_moment(state, [], s)) for s in (0, 1)}
    events = []
    for step in range(1, steps + 1):
        if state["result"] is not None:
            break
        waited = waiting_for(state)
        for seat in [s for s in (0, 1) if s not in waited] + sorted(waited):
            offered = [a.to_json() for a in rules.actions(state, seat)]
            if not [o for o in offered if o["action"] != "hand_open"]:
                continue
            rng = fairness.seat_random_for(seed_hex, [], step, seat)
            action = rules.app_decide(memories[seat], offered, rng, levels[seat])
            if action is not None:
                break
        assert action is not None
        others = [o for o in offered if o["params"] != action["params"]]
        if seat in app and tamper is not None and step >= tamper and others:
            action = {"action": others[0]["action"], "params": others[0]["params"]}
            tamper = None
        applied = rules.apply(state, seat, action, fairness.random_for(seed_hex, [], step))
        events.append({"step": step, "seat": seat, "action": action, "log": applied.log,
                       "version": step, "undone_version": None, "undone_by": None})
        state = applied.state
        memories = {s: play.remember(m, *rules.app_moment(state, applied.log, s))
                    for s, m in memories.items()}
    return {"format": "table-companion-export/1", "game": "fury", "seats": [
        {"seat": 0, "name": "Dracula"}, {"seat": 1, "name": "Anna"}],
        "games": [{"round": 1, "options": options, "seed": seed_hex,
                   "commitment": fairness.commitment(seed_hex), "contributions": [],
                   "events": events, "result": rules.result(state),
                   "final_state_sha256": chain.state_sha256(chain.canonical(state))}]}


def test_verify_replays_every_decision_of_the_apps_hunters():
    """Issue 42, item 3: a hunter seat the app plays is replayed by verify like its
    Dracula — and a decision its algorithm would not have made is caught."""
    report = verify(_export(160, app={1: "tracking"}))
    assert report.ok, report.problems
    assert report.app_decisions > 10
    forged = verify(_export(160, app={1: "tracking"}, tamper=30))
    assert not forged.ok
    assert any("did not play the action its algorithm picks" in p for p in forged.problems)


def test_verify_accepts_the_quick_decision_taken_when_the_time_was_up():
    """Issue 42, item 5: at a table a decision stops at its deadline with the best move found
    so far (the quick one). verify accepts it as the algorithm's own, and says how many."""
    from companion.games.fury.automa.play import time_up

    export = _export(120)
    game = export["games"][0]
    state = rules.setup(game["options"], fairness.random_for(game["seed"], [], 0))
    memory = play.remember(None, *rules.app_moment(state, [], 0))
    swapped = 0
    for event in game["events"]:
        if event["seat"] == 0 and event["action"]["action"] == "move":
            offered = [a.to_json() for a in rules.actions(state, 0)]
            rng = fairness.seat_random_for(game["seed"], [], event["step"], 0)
            quick = rules.app_decide(memory, offered, rng, "cunning", time_up)
            if quick != {"action": event["action"]["action"],
                         "params": event["action"]["params"]}:
                break
        applied = rules.apply(state, event["seat"], event["action"],
                              fairness.random_for(game["seed"], [], event["step"]))
        state = applied.state
        memory = play.remember(memory, *rules.app_moment(state, applied.log, 0))
    else:
        raise AssertionError("every quick move was the full one: nothing to check")
    game["events"] = [e for e in game["events"] if e["step"] < event["step"]]
    game["events"].append({**event, "action": quick,
                           "log": rules.apply(state, 0, quick, fairness.random_for(
                               game["seed"], [], event["step"])).log})
    last = rules.apply(state, 0, quick, fairness.random_for(game["seed"], [], event["step"]))
    game["result"] = rules.result(last.state)
    game["final_state_sha256"] = chain.state_sha256(chain.canonical(last.state))
    swapped += 1
    report = verify(export)
    assert report.ok, report.problems
    assert report.quick_decisions == swapped
    assert "its quick pick" in report.summary()


def test_verify_replays_every_decision_of_the_apps_dracula():
    report = verify(_export(160))
    assert report.ok, report.problems
    assert report.app_decisions > 10
    assert "The app's seat played" in report.summary()


def test_verify_fails_when_the_apps_dracula_did_something_else():
    """An action the rules allow but the published algorithm would not have picked from
    what Dracula was shown: verify names the step."""
    report = verify(_export(160, tamper=40))
    assert not report.ok
    assert any("did not play the action its algorithm picks" in p for p in report.problems)
