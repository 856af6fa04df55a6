"""Drakula's state keeps the shape ``state.State`` declares: every state of random games —
its phase, the turn's stage, the barriers still to move, how each seat came to know a card,
among the Literals the modules rely on; no key the declaration does not know, none it
requires missing."""

from __future__ import annotations

from companion.games.drakula import rules
from companion.games.drakula.state import State
from companion.games.drakula.turn import start_turn
from tests.playing import rng_for
from tests.properties import examples
from tests.typed_state import mismatch, random_states


def test_the_check_finds_a_wrong_stage_or_an_unknown_key():
    state = rules.setup(rules.default_options(), rng_for(0, "0" * 64))
    assert mismatch(state, State) is None
    assert "phase" in mismatch({**state, "phase": "night"}, State)
    assert "unknown ['night']" in mismatch({**state, "night": 1}, State)
    start_turn(state, 0)
    assert mismatch(state, State) is None
    state["turn"]["stage"] = "dawn"
    assert "turn.stage" in mismatch(state, State)


def test_every_state_of_a_game_has_the_declared_shape():
    phases, stages, specs, hows = set(), set(), set(), set()
    for state in random_states(rules, 2, range(examples(30)), 600, "give_target", 0.05):
        found = mismatch(state, State)
        assert found is None, found
        phases.add(state["phase"])
        if state["turn"] is not None:
            stages.add(state["turn"]["stage"])
            specs |= set(state["turn"]["barriers"])
        hows |= {entry["how"] for memory in state["memory"] for entry in memory.values()}
    assert phases == {"setup", "play", "over"}
    assert stages >= {"move", "lay", "play", "special", "barrier"}
    assert specs >= {"any", "other"}
    assert hows == {"laid", "peeked", "revealed", "inspired"}
