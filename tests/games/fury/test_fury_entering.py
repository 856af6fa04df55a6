"""A hunter walks into Dracula's city: one moment at the table, one question on Dracula's
phone (issue 32: two windows for the same moment are one).

Wild Horses: „When a hunter has moved into your location and is about to fight you. Move
that hunter to any city one road away; the combat does not take place.“ The combat: „Начиная
с Дракулы, и далее по часовой стрелке игроки могут использовать по одной карте, влияющей на
общий ход боя.“ Dracula is first in that round, so the moment of entering and his turn
before the combat are the same moment: he used to be asked twice in a row ("A hunter enters
your city: play a card?", then "Before the combat: play a card?"), now once.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.games.fury import cards, event_cards, registry, rules
from tests.games.fury.fury_fights import FightTable
from tests.games.fury.fury_fights import fight as start_fight
from tests.games.fury.test_fury_events import dracula_holds, hand


def walk_in(*dracula: str, **held: list[str]) -> FightTable:
    """Dracula in Brussels holding ``dracula``; Lord Godalming (seat 1) travels in from Paris
    holding ``held["godalming"]``."""
    table = FightTable()
    dracula_holds(table, *dracula)
    for hunter, kinds in held.items():
        hand(table, hunter, *kinds)
    table.start("brussels")
    table.act(1, "travel", to="brussels", by="road")
    return table


def draculas_prompts(table: FightTable) -> list[str]:
    """Answer every question put to Dracula before the first tactic with "No card", and
    name each (the taps the moment costs him)."""
    asked = []
    while (q := table.question()) is not None and q["seat"] == 0:
        asked.append(q["question"])
        table.answer("none")
    return asked


def offered(table: FightTable) -> set[str]:
    """Dracula's cards on the question, and its two "no card" answers (for now, and until
    the turn ends: issue 40)."""
    return {p["key"] if p["key"] in ("none", "none_turn") else cards.kind(p["key"])
            for p in table.names(0, "choose")}


def test_walking_into_draculas_city_asks_him_once_with_every_card_that_fits():
    table = walk_in("wild_horses", "trap")
    assert table.question()["question"] == "combat_window"
    assert offered(table) == {"wild_horses", "trap", "none", "none_turn"}
    assert draculas_prompts(table) == ["combat_window"]  # was 2 taps: enter, then combat
    assert table.fight is not None and table.fight["stage"] == "choose"
    assert {p["card"] for p in table.names(0, "tactic")}, "the combat itself comes next"


def horses_to_amsterdam(table: FightTable) -> None:
    """Dracula plays Wild Horses on his question before the combat and sends Lord Godalming
    to Amsterdam: no combat, and Godalming's turn goes on to his actions („He may still
    rest, supply or trade“)."""
    horses = next(p["key"] for p in table.names(0, "choose") if "wild_horses" in p["key"])
    table.answer(horses)
    assert table.question()["question"] == "horses"
    table.answer("amsterdam")
    assert table.fight is None and table.question() is None
    assert table.state["hunters"]["godalming"]["place"] == "amsterdam"
    assert table.state["turn"]["who"] == "godalming"
    assert table.state["turn"]["stage"] == "act"
    assert {a.action for a in rules.actions(table.state, 1)} >= {"rest", "end_turn"}


def test_wild_horses_settle_the_moment_no_combat_and_no_second_question():
    """„the combat does not take place. He may still rest, supply or trade.“"""
    table = walk_in("wild_horses", "trap")
    horses_to_amsterdam(table)
    assert any(cards.kind(c) == "trap" for c in table.state["dracula_events"])


def test_wild_horses_cancelled_the_combat_comes_and_dracula_still_has_his_card_before_it():
    """Good Luck: „Cancel the effect of an event card just played“. Wild Horses belongs to
    the moment of entering, not to the round of cards before the combat, so once it is
    cancelled Dracula still plays his one card before the fight (the Trap), not Wild Horses
    twice."""
    table = walk_in("wild_horses", "trap", godalming=["good_luck"])
    horses = next(p["key"] for p in table.names(0, "choose") if "wild_horses" in p["key"])
    table.answer(horses)
    luck = next(p for p in table.names(1, "play_event") if "good_luck" in p["card"])
    table.act(1, "play_event", **luck)
    # Dracula holds an event card: he may answer Good Luck, and is asked (issue 40).
    assert table.state["queue"][0]["window"] == "cancel"
    assert table.state["queue"][0]["seats"] == [0]
    assert [a.action for a in rules.actions(table.state, 0)
            if a.action.startswith("pass")] == ["pass", "pass_turn"]
    table.act(0, "pass")
    assert table.state["hunters"]["godalming"]["place"] == "brussels"
    assert table.question()["question"] == "combat_window" and table.question()["seat"] == 0
    assert offered(table) == {"trap", "none", "none_turn"}
    table.answer(next(p["key"] for p in table.names(0, "choose") if "trap" in p["key"]))
    assert table.fight["trap"] is True


def test_a_combat_card_chosen_on_entering_is_draculas_card_before_the_combat():
    """Dracula plays one card in the round before the combat: the Trap answers the moment,
    and he is not asked again (Wild Horses is not offered a second time)."""
    table = walk_in("wild_horses", "trap")
    table.answer(next(p["key"] for p in table.names(0, "choose") if "trap" in p["key"]))
    assert table.fight["trap"] is True and table.fight["stage"] == "choose"
    assert table.question() is None


def test_holding_only_wild_horses_he_is_asked_only_when_a_hunter_walked_in():
    """„When a hunter has moved into your location“: in a combat that began otherwise (here
    one the engine starts without a move into his city), a hand holding only Wild Horses
    fits nothing — he is asked all the same, since Trap or Rage might be in his hand (issue
    40), but Wild Horses is not offered."""
    table = walk_in("wild_horses")
    assert offered(table) == {"wild_horses", "none", "none_turn"}
    table = start_fight(hunters=("godalming",), window=True, dracula_events=("wild_horses",))
    assert offered(table) == {"none", "none_turn"}


def test_the_apps_cunning_dracula_still_plays_wild_horses_on_the_one_question():
    """The app's cunning Dracula played Wild Horses whenever its window opened; offered now
    beside his cards before the combat, it still sends the hunter away."""
    from tests.games.fury.test_fury_app_answers import app_answer

    table = walk_in("wild_horses", "trap")
    table.state["options"]["dracula_by_app"] = "cunning"
    answer = app_answer(table)
    assert answer["action"] == "choose"
    assert cards.kind(answer["params"]["key"]) == "wild_horses"


# --- a table saved at the old window of entering (issue 44) ----------------------------------

SAVED = Path(__file__).parent / "saved" / "entering_before_issue_32.json"


def saved_before_issue_32(moment: str) -> FightTable:
    """A table saved by the code before issue 32 (``saved/README.md``), loaded as the referee
    loads it: through ``rules.upgrade``."""
    saved = json.loads(SAVED.read_text(encoding="utf-8"))
    table = FightTable(seed=saved["seed"])
    table.step = saved["tables"][moment]["step"]
    table.state = rules.upgrade(saved["tables"][moment]["state"])
    return table


def test_a_table_saved_at_the_window_of_entering_is_at_draculas_card_before_the_combat():
    """Dracula was asked „A hunter enters your city: play a card before the fight?“ when the
    table was saved; the window is gone (issue 44), and the table goes on at today's same
    moment: the combat has begun and Dracula is asked first, Wild Horses beside his Trap."""
    table = saved_before_issue_32("entering")
    assert table.state["state_version"] == rules.STATE_VERSION == 3
    assert [item["kind"] for item in table.state["queue"]] == ["choice", "combat"]
    assert table.question()["question"] == "combat_window"
    assert table.question()["seat"] == 0
    assert offered(table) == {"wild_horses", "trap", "none", "none_turn"}
    assert table.fight["hunters"] == ["godalming"] and table.fight["place"] == "brussels"
    horses_to_amsterdam(table)


def test_a_table_saved_at_the_window_of_entering_fights_when_dracula_plays_nothing():
    """„…the combat does not take place“ only with Wild Horses: without it the fight with
    Dracula begins, and it ends Lord Godalming's turn."""
    table = saved_before_issue_32("entering")
    table.answer("none")
    assert table.fight["stage"] == "choose" and table.question() is None
    assert "claws" in {p["card"] for p in table.names(0, "tactic")}
    assert "punch" in table.options("godalming")
    assert table.state["turn"]["ended"] is True
    table.round("claws", dice=(1, 6), godalming="punch")
    assert table.fight["shown"]["winner"] == "enemy"
    assert table.state["hunters"]["godalming"]["health"] < cards.HUNTER_DATA["godalming"]["health"]


def test_wild_horses_saved_before_the_hunters_cancel_is_played_before_the_combat():
    """Wild Horses had been played at the old window and Lord Godalming, holding Good Luck,
    was asked whether he cancels it. He cancels it: the combat comes and Dracula plays his
    one card before it (the Trap) — today's flow from the same moment."""
    table = saved_before_issue_32("cancel")
    assert [item["kind"] for item in table.state["queue"]] == [
        "window", "effect", "effect", "combat"]
    assert table.state["queue"][0]["seats"] == [1]
    luck = next(p for p in table.names(1, "play_event") if "good_luck" in p["card"])
    table.act(1, "play_event", **luck)
    table.act(0, "pass")
    assert table.state["hunters"]["godalming"]["place"] == "brussels"
    assert table.question()["question"] == "combat_window" and table.question()["seat"] == 0
    assert offered(table) == {"trap", "none", "none_turn"}
    table.answer(next(p["key"] for p in table.names(0, "choose") if "trap" in p["key"]))
    assert table.fight["trap"] is True and table.fight["stage"] == "choose"


def test_wild_horses_saved_before_the_hunters_cancel_acts_when_nobody_cancels():
    table = saved_before_issue_32("cancel")
    table.act(1, "pass")
    assert table.question()["question"] == "horses"
    table.answer("cologne")
    assert table.fight is None and table.question() is None
    assert table.state["hunters"]["godalming"]["place"] == "cologne"
    assert table.state["turn"] == {**table.state["turn"], "who": "godalming", "stage": "act",
                                   "ended": False}


def test_wild_horses_saved_with_its_question_open_sends_the_hunter_on():
    table = saved_before_issue_32("horses")
    assert [item["kind"] for item in table.state["queue"]] == ["choice"]
    table.answer("paris")
    assert table.state["hunters"]["godalming"]["place"] == "paris"
    assert table.state["turn"]["stage"] == "act"
    table.act(1, "end_turn")
    assert table.state["turn"]["who"] == "seward"


def test_no_window_of_entering_and_no_fight_step_are_left_in_the_code():
    """Wild Horses is registered once as a window's card: before the combat (issue 44)."""
    assert "enter" not in event_cards.WINDOWS
    assert "fight" not in registry.LATER
    assert registry.EVENTS["wild_horses"].windows == ()
    assert "wild_horses" in registry.BEFORE_COMBAT
