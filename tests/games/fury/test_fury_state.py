"""Fury's state keeps the shape ``state.State`` declares: every state of random games —
its phase, the turn's stage, each queued step's kind among the Literals the modules rely on,
no key the declaration does not know, none it requires missing."""

from __future__ import annotations

from companion.games.fury import rules
from companion.games.fury.state import State
from tests.playing import rng_for
from tests.properties import examples
from tests.typed_state import mismatch, random_states


def test_the_check_finds_a_wrong_phase_or_an_unknown_key():
    state = rules.setup(rules.default_options(), rng_for(0, "0" * 64))
    assert mismatch(state, State) is None
    assert "phase" in mismatch({**state, "phase": "dusk"}, State)
    assert "unknown ['dusk']" in mismatch({**state, "dusk": 1}, State)
    state["queue"] = [{"kind": "riddle"}]
    assert "queue[].kind" in mismatch(state, State)


def test_every_state_of_a_game_has_the_declared_shape():
    kinds = set()
    for state in random_states(rules, 3, range(examples(12)), 1500, "hand_open", 0.01):
        found = mismatch(state, State)
        assert found is None, found
        kinds |= {item["kind"] for item in state["queue"]}
    assert kinds >= {"choice", "combat", "window", "effect", "by_hand", "dropoff"}
