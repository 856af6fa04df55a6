"""The app's Cunning Dracula plays the event cards he holds for a moment that may come
(issue 42): before this he answered "No card" to every combat window and never played a
Trap, Rage, Relentless Minion, Seduction or Time Runs Short, and discarded at random over
his hand limit (bench/README.md: 71.0 % → 83.7 % against the tracking hunters on the
fitting seeds)."""

from __future__ import annotations

import pytest

from companion.games.fury import cards, decks, rules
from companion.games.fury.state import Ctx
from tests.games.fury.fury_positions import Table
from tests.games.fury.test_fury_app_answers import app_answer
from tests.games.fury.test_fury_entering import walk_in
from tests.games.fury.test_fury_events import dracula_holds, new_vampire_met_at_night


def _answered(table: Table) -> str:
    answer = app_answer(table)
    key = answer["params"].get("key") or answer["params"].get("card") or ""
    return key if key in ("none", "none_turn") else cards.kind(key)


def _arms(table: Table, hunter: str, *kinds: str) -> None:
    for kind in kinds:
        copy = next(c for c in table.state["item_deck"] if cards.kind(c) == kind)
        table.state["item_deck"].remove(copy)
        table.state["hunters"][hunter]["items"].append(copy)


@pytest.mark.parametrize("time", [1, 4])
def test_cunning_lays_a_trap_before_a_hunter_fights_him(time):
    """Trap: „You … get +1 to all combat rolls until the end of the combat.“ Played at the
    start of his own fight, by day and by night."""
    table = walk_in("trap")
    table.state["time"] = time
    table.state["options"]["dracula_by_app"] = "cunning"
    assert _answered(table) == "trap"


def test_cunning_plays_rage_by_day_and_throws_away_the_stake():
    """Rage: „One hunter in the combat shows you all his items, and you may discard any one
    of them… you cannot play an Escape card for 3 rounds.“ By day (no mist to lose) against
    an armed hunter he plays it and discards the Stake, whose Kill costs him a red line."""
    table = walk_in("rage")
    _arms(table, "godalming", "knife", "stake")
    table.state["time"] = 1
    assert _answered(table) == "rage"
    answer = app_answer(table)
    table.answer(answer["params"]["key"])
    assert table.question()["question"] == "combat_rage_discard"
    assert _answered(table) == "stake"


def test_cunning_keeps_rage_at_night_and_against_an_unarmed_hunter():
    """Rage forbids his Escape for three rounds: at night, when he may leave as mist, and
    against a hunter with nothing to take away, he answers "No card"."""
    table = walk_in("rage")
    _arms(table, "godalming", "stake")
    table.state["time"] = 4
    assert _answered(table) == "none"
    table = walk_in("rage")
    table.state["time"] = 1
    assert _answered(table) == "none"


def _draculas_turn(time: int) -> Table:
    table = Table().start("munich")
    dracula_holds(table, "time_runs_short")
    while table.state["turn"]["who"] != "dracula":
        turn = table.state["turn"]
        table.idle_step(table.seat_of(turn["who"]), turn["stage"])
    table.state["time"] = time
    return table


def test_cunning_plays_time_runs_short_where_it_brings_the_night():
    """Time Runs Short: „Move the day/night marker forward 1 space.“ At Noon his time
    phase would leave him at Dusk; with the card he moves in the Twilight, by night. At
    Dawn it would only bring Dusk, so he keeps it."""
    noon = _draculas_turn(1)
    assert _answered(noon) == "time_runs_short"
    plays = {cards.kind(p["card"]): p for p in noon.names(0, "play_event")}
    noon.act(0, "play_event", **plays["time_runs_short"])
    assert noon.state["time"] == 3, "the card, then his time phase: the Twilight"
    assert app_answer(noon)["action"] == "move"
    assert _answered(_draculas_turn(0)) != "time_runs_short"


def test_cunning_seduces_a_hunter_who_finds_a_new_vampire_at_night():
    """Seduction: „Instead of the usual resolution, the New Vampire bites the hunter. The
    New Vampire then returns to your encounter hand.“"""
    assert _answered(new_vampire_met_at_night()) == "seduction"


@pytest.mark.parametrize("held, let_go", [
    (("trap", "trap", "rage", "control_storms", "false_tip_off"), "false_tip_off"),
    (("trap", "rage", "wild_horses", "devilish_power", "customs_search"), "customs_search"),
    (("trap", "trap", "seduction", "evasion", "relentless_minion"), "relentless_minion"),
])
def test_over_his_hand_limit_cunning_lets_go_of_the_card_he_needs_least(held, let_go):
    """Dracula holds at most 4 event cards (``data/dracula.json``; Immanuel Hildesheim: „If
    this ally leaves play, discard down to 4 at once.“): over the limit he discards the card
    of least use to him, never a Trap while he holds one he needs less."""
    table = Table().start("munich")
    dracula_holds(table, *held)
    decks.check_dracula_events(Ctx(table.state, [], None))
    offered = {cards.kind(a.params["card"]) for a in rules.actions(table.state, 0)
               if a.action == "discard"}
    assert offered == set(held)
    assert _answered(table) == let_go
