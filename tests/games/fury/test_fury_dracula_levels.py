"""The app's Dracula levels in a fight (issue 42: Cautious struck while his blood lasted, lost
2.8 blood a fight by day, and the tracking hunters beat him two games in three)."""

from __future__ import annotations

import pytest

from companion.fairplay import fairness
from companion.games.fury import rules
from companion.games.fury.automa.play import decide, remember
from tests.games.fury.fury_fights import fight
from tests.games.fury.fury_positions import Table


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


def _dracula_lays(level: str, hunters_at: dict[str, str]) -> str:
    """The encounter Dracula lays on Zurich, holding a New Vampire and Wolves, with the
    hunters at ``hunters_at``."""
    table = Table().start("munich", hunters_at)
    table.pass_hunters()
    state = table.state
    hand = ["new_vampire:1", "wolves:1"]
    state["pool"] += [t for t in state["encounters"] if t not in hand]
    state["pool"] = [t for t in state["pool"] if t not in hand]
    state["encounters"] = list(hand)
    table.act(0, "move", to="zurich", power="")
    memory = remember(None, *rules.app_moment(table.state, [], rules.DRACULA))
    offered = [a.to_json() for a in rules.actions(table.state, rules.DRACULA)]
    offered = [o for o in offered if o["action"] == "place"]
    rng = fairness.seat_random_for("ab" * 32, [], 9, rules.DRACULA)
    picked = decide(memory, offered, rng, level)
    assert picked is not None
    return str(picked["params"]["token"])


FAR = {"godalming": "galway", "seward": "cadiz", "van_helsing": "bucharest", "mina": "berlin"}


@pytest.mark.parametrize("level", ["cautious", "cunning"])
def test_he_keeps_a_new_vampire_from_a_hunter_near_and_lays_it_far_from_them(level):
    """„Новый Вампир… Укрепление: Дракула сдвигается по дорожке Вампира на 2“ — unless a
    hunter finds it first (by day it is killed). With a hunter a move away he lays what hurts
    the hunter; with every hunter three moves or more away, the New Vampire (issue 42:
    Cautious laid his New Vampire wherever he stood, and the tracking hunters beat him three
    games in five)."""
    assert _dracula_lays(level, {**FAR, "mina": "milan"}) == "wolves:1"
    assert _dracula_lays(level, FAR) == "new_vampire:1"


def _cunning_moves_from_munich(time: int) -> str:
    """Where Cunning goes from Munich at the start of his turn, before its time phase (as
    when he holds a card for the start), with the time marker on ``time``, Mina alone and
    unarmed in Zurich, the other hunters far away."""
    table = Table().start("munich", {**FAR, "mina": "zurich"})
    table.pass_hunters()
    table.state["time"] = time
    table.state["turn"]["stage"] = "start"
    memory = remember(None, *rules.app_moment(table.state, [], rules.DRACULA))
    offered = [a.to_json() for a in rules.actions(table.state, rules.DRACULA)]
    rng = fairness.seat_random_for("ab" * 32, [], 9, rules.DRACULA)
    picked = decide(memory, offered, rng, "cunning")
    assert picked is not None and picked["action"] == "move"
    return str(picked["params"]["to"])


def test_cunning_judges_his_move_by_the_hour_he_moves_in():
    """„Во всех остальных случаях Дракула перемещает жетон Дня/Ночи на одно деление
    вперед“ before he moves: at Midnight he moves in the Small Hours and bites the lone
    unarmed hunter; in the Small Hours he would arrive at Dawn, without his Fangs and his
    escapes as bat or mist, and keeps away (issue 42: he judged the hour before the marker
    moved, and one fight he began in three came by day)."""
    assert _cunning_moves_from_munich(4) == "zurich"
    assert _cunning_moves_from_munich(5) != "zurich"
