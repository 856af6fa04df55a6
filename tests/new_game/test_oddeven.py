"""Odd or Even's rules (its README): the sum's parity scores, the first to the target wins,
a number stays secret until both have chosen."""

from __future__ import annotations

import pytest

from companion.games.base import IllegalActionError
from companion.games.oddeven import rules


def play(state, *pairs):
    for a, b in pairs:
        state = rules.apply(state, 0, {"action": "choose", "params": {"number": a}}, None).state
        state = rules.apply(state, 1, {"action": "choose", "params": {"number": b}}, None).state
    return state


def test_an_odd_sum_scores_for_odd_an_even_one_for_even():
    state = play(rules.setup({"players": 2}, None), (1, 2), (2, 2))
    assert state["scores"] == [1, 1]


def test_the_first_to_the_target_wins():
    state = play(rules.setup({"players": 2, "target": 2}, None), (1, 2), (5, 4))
    assert rules.result(state)["winners"] == [0]
    assert rules.actions(state, 0) == [] and rules.actions(state, 1) == []


def test_a_number_is_secret_until_both_have_chosen():
    state = rules.apply(rules.setup({"players": 2}, None), 0,
                        {"action": "choose", "params": {"number": 4}}, None).state
    assert rules.view(state, 0)["mine"] == 4
    assert rules.view(state, 1)["mine"] is None and rules.view(state, None)["mine"] is None
    assert rules.view(state, 1)["chosen"] == [True, False]


def test_a_number_is_chosen_once_a_round():
    state = rules.apply(rules.setup({"players": 2}, None), 0,
                        {"action": "choose", "params": {"number": 4}}, None).state
    with pytest.raises(IllegalActionError):
        rules.apply(state, 0, {"action": "choose", "params": {"number": 3}}, None)
