"""The browser test's Fury evening (tests/e2e/fury_evening.py) replayed in the rules alone,
with the same seed: every moment the browser test looks for happens, so a rule change that
moves a die or a card is found here, in a second, with the part it broke."""

from __future__ import annotations

from typing import Any

from companion.fairplay import fairness
from companion.games.fury import rules
from tests.e2e import fury_evening as evening


def replay() -> dict[str, dict[str, Any]]:
    """The state and the log lines at the end of each part of the evening."""
    state = rules.setup(evening.options(), fairness.random_for(evening.SEED, [], 0))
    step = 0
    seen: dict[str, dict[str, Any]] = {}
    for name, part in evening.PARTS:
        lines: list[dict[str, Any]] = []
        for seat, action, params in part:
            offered = [a for a in rules.actions(state, seat)
                       if a.action == action and a.params == params]
            if not offered and evening.optional(action, params):
                continue  # a step the rules now take by themselves
            assert offered, f"{name}: seat {seat} cannot {action} {params}"
            step += 1
            applied = rules.apply(state, seat, {"action": action, "params": params},
                                  fairness.random_for(evening.SEED, [], step))
            state = applied.state
            lines += applied.log
        seen[name] = {"state": state, "lines": lines}
    return seen


def prompts(state: dict[str, Any], seat: int | None) -> list[tuple[str, str, str]]:
    return [(p["piece"], p["args"]["place"], p["args"]["why"])
            for p in rules.view(state, seat)["board"]]


def test_the_evening_reaches_every_moment_the_browser_test_looks_for():
    seen = replay()
    bats = seen["Godalming meets the Bats"]["state"]
    assert ("dracula", "Nuremburg", "he is revealed") in prompts(bats, None)
    assert prompts(bats, evening.DRACULA) == [("dracula", "Nuremburg", "he is revealed")]
    horses = seen["Wild Horses"]["state"]
    assert ("seward", "Leipzig", "Wild Horses") in prompts(horses, evening.ANNA)
    hospital = seen["Mina to the hospital"]["state"]
    assert prompts(hospital, evening.CYRIL) == [
        ("mina", "Hospital of St. Joseph & St. Mary", "defeated")]
    tie = [line["args"] for line in seen["combat round 2"]["lines"]
           if line["text"] == "A tie at {total}: initiative {ours} against {theirs}."]
    assert [(t["ours"], t["theirs"]) for t in tie] == [(5, 4)]
    assert "The hunters win the round." in [line["text"] for line in
                                           seen["combat round 2"]["lines"]]
    moved = seen["the bats move Godalming"]["state"]
    assert prompts(moved, evening.ANNA) == [("godalming", "Munich", "Bats")]
    gone = seen["Dracula vanishes"]["state"]
    assert prompts(gone, None)[-1] == ("dracula", "", "the hunters lose his trail")
