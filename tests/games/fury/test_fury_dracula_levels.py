"""The app's Dracula levels in a fight (issue 42: Cautious struck while his blood lasted, lost
2.8 blood a fight by day, and the tracking hunters beat him two games in three)."""

from __future__ import annotations

import pytest

from companion.fairplay import fairness
from companion.games.fury import rules
from companion.games.fury.automa.play import decide, remember
from tests.games.fury.fury_fights import fight


def _dracula_plays(level: str, night: bool, items: list[str]) -> str:
    table = fight(night=night, items={"godalming": items})
    table.tactic("godalming", "dodge")
    memory = remember(None, *rules.app_moment(table.state, [], rules.DRACULA))
    offered = [a.to_json() for a in rules.actions(table.state, rules.DRACULA)]
    rng = fairness.seat_random_for("ab" * 32, [], 9, rules.DRACULA)
    picked = decide(memory, offered, rng, level)
    assert picked is not None
    return str(picked["params"]["card"])


@pytest.mark.parametrize("level", ["cautious", "cunning"])
def test_by_day_he_escapes_an_armed_hunter_and_strikes_an_unarmed_one(level):
    """„И только 3 карты с символом солнца (Когти, Уклонение и Бегство (Человек)), если бой
    происходит днём“: against a hunter holding a Stake or Heavenly Host he leaves as a man;
    against a hunter with nothing to hurt him he strikes with Claws (Cautious struck with
    Claws whatever the hunter held)."""
    assert _dracula_plays(level, night=False, items=["stake"]) == "escape_man"
    assert _dracula_plays(level, night=False, items=["heavenly_host"]) == "escape_man"
    assert _dracula_plays(level, night=False, items=[]) == "claws"


@pytest.mark.parametrize("level", ["cautious", "cunning"])
def test_at_night_he_bites_an_unarmed_hunter(level):
    """„Дракула использует все свои 8 карт Приемов, если бой происходит ночью“: his Fangs
    bite a hunter with nothing to hurt him."""
    assert _dracula_plays(level, night=True, items=[]) == "fangs"
