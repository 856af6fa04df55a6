"""Dracula's turn in one line, and his whole route at the end (issue 42, items 2 and 4).

The line is built from the public log lines of his turn only, so it tells the table nothing
the log does not; the route stays out of every screen until the game is over, then is told
and drawn step by step."""

from __future__ import annotations

import json

from companion.games.fury import board, rules
from tests.games.fury.fury_positions import Table
from tests.playing import rng_for


def _parts(state) -> list[str]:
    summary = rules.view(state, None)["summary"]
    return [part["text"] for part in summary["parts"]] if summary else []


def _first_turn(to: str) -> Table:
    table = Table(players=2).start("munich").pass_hunters()
    table.act(0, "move", to=to, power="")
    return table.settle()


def test_his_turn_is_told_in_one_line_from_its_public_lines():
    """He moves by road and lays an encounter: the tablet says so, and no more."""
    table = _first_turn("zurich")
    encounter = table.names(0, "place")[0]
    table.act(0, "place", **encounter).settle()
    assert _parts(table.state) == ["moved by land (hidden)", "laid an encounter"]
    assert rules.view(table.state, None)["summary"]["round"] == table.state["round"]


def test_the_line_is_the_same_wherever_the_hidden_card_lies():
    """The leak test of the line: two moves the table cannot tell apart (both by road, an
    encounter laid) give the tablet and every hunter's phone the same line, and a line that
    names no place."""
    seen = []
    for to in ("zurich", "nuremburg"):
        assert to in board.ROAD["munich"]
        table = _first_turn(to)
        table.act(0, "place", **table.names(0, "place")[0]).settle()
        seen.append([rules.view(table.state, seat)["summary"] for seat in (None, 1)])
    assert seen[0] == seen[1]
    for summary in seen[0]:
        for part in summary["parts"]:
            assert not {str(v) for v in part["args"].values()} & {
                board.name(p) for p in board.PLACES}


def test_the_line_after_redealing_what_the_tablet_cannot_see():
    """Over a whole stretch of play, the line of a position and of every position the
    tablet cannot tell from it (``redeal_hidden``) is the same."""
    table = Table(players=2).start("munich")
    for step in range(60):
        turn = table.state["turn"]
        if turn["who"] == "dracula":
            if table.names(0, "move"):
                move = table.names(0, "move")[step % len(table.names(0, "move"))]
                table.act(0, "move", **move)
            elif table.names(0, "place"):
                table.act(0, "place", **table.names(0, "place")[0])
            elif table.legal(0):
                first = table.legal(0)[0]
                table.act(0, first.pop("action"), **first)
        else:
            table.pass_hunters()
        table.settle()
        for seat in (None, 1):
            other = rules.redeal_hidden(table.state, seat, rng_for(9_000 + step))
            assert rules.view(other, seat)["summary"] == rules.view(table.state, seat)["summary"]


def test_the_route_is_hidden_until_the_end_then_told_step_by_step():
    """No screen holds the route while the game is on; at the end the reveal tells every
    card he laid, in order, where it lay, and draws it."""
    table = _first_turn("zurich")
    table.act(0, "place", **table.names(0, "place")[0]).settle()
    for seat in (None, 0, 1):
        assert "route" not in rules.view(table.state, seat)
    for seat in (None, 1):
        assert "zurich" not in json.dumps(rules.view(table.state, seat))
    table.state["result"] = {"winners": [0], "side": "dracula", "text": "", "args": {}}
    chase = next(s for s in rules.reveal(table.state) if "route" in s)
    steps = chase["route"]["steps"]
    assert [(s["place"], s["how"]) for s in steps] == [("munich", "start"), ("zurich", "road")]
    assert chase["steps"] and len(chase["lines"]) == len(steps)
    assert steps[1]["told"] and steps[1]["told"][0]["text"] == "moved by land (hidden)"
    assert (steps[1]["x"], steps[1]["y"]) == board.xy("zurich")
