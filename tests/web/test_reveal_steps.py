"""The hidden cards turn over one at a time on the end screen (issue 42, item 4: "Every hidden
move in every game is worth this: Drakula's face-down cards and Blitz und Donner's field
turn over on the end screen the same way" as Fury's chase): the section of the cards that
lay face down is a step-through with one step per card (or column), every card named."""

from __future__ import annotations

import re

import pytest

from companion.games import GAMES
from tests.web.test_box import end_the_table


def _down_on_the_board(state):
    """Drakula: two encounter cards still face down on their locations."""
    state["locations"]["harbour"] = "vampire2"
    state["locations"]["house_3"] = "amulet"
    return ["Harbour", "Vampire (strength 2)", "Amulet"], 2


def _down_on_the_fields(state):
    """Blitz und Donner: two cards of the first hand laid face down in two columns."""
    hand = state["hands"][0]
    state["fields"][0][0].append(hand[0])
    state["fields"][0][2].append(hand[1])
    return ["column 1", "column 3"], 2


@pytest.mark.parametrize(("game", "lay"), [("drakula", _down_on_the_board),
                                           ("hera_zeus", _down_on_the_fields)])
def test_the_face_down_cards_turn_over_a_step_at_a_time_at_the_end(client, monkeypatch,
                                                                   game, lay):
    module = GAMES[game]
    told: dict[str, object] = {}
    reveal = module.reveal

    def with_cards_down(state):
        told["words"], told["steps"] = lay(state)
        return reveal(state)
    monkeypatch.setattr(module, "reveal", with_cards_down)
    created = client.post("/api/tables", json={
        "game": game, "deal": "now", "seats": [{"name": "A"}, {"name": "B"}]}).get_json()
    end_the_table(client, created)
    tablet = client.get(f"/t/{created['code']}").get_data(as_text=True)
    stepped = re.findall(r'<div class="reveal-section" data-stepper="[^"]+" '
                         r'data-steps="(\d+)">(.*?)</ol>', tablet, re.S)
    assert len(stepped) == 1, "one section turns over: the cards that lay face down"
    steps, section = stepped[0]
    assert int(steps) == told["steps"]
    assert 'data-step-go="next"' in section
    for word in told["words"]:
        assert word in section
