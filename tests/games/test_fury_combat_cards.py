"""Cards played before a combat: „Начиная с Дракулы, и далее по часовой стрелке игроки могут
использовать по одной карте, влияющей на общий ход боя. Только Охотники, участвующие в бою
могут использовать карту «Чеснок».“"""

from __future__ import annotations

from companion.games.fury import fight, rules
from tests.games.fury_fights import fight as start_fight
from tests.playing import rng_for


def keys(table) -> list[str]:
    item = table.question()
    return [p["key"] for p in table.names(item["seat"], "choose")]


def play(table, seat: int, kind: str) -> None:
    assert table.question()["seat"] == seat
    table.answer(next(k for k in keys(table) if kind in k))


def test_dracula_is_asked_first_then_the_hunter_players_clockwise():
    table = start_fight(hunters=("godalming",), window=True, dracula_events=("trap",),
                        events={"godalming": ["advance_planning"], "mina": ["escape_route"]})
    asked = []
    while table.question() and table.question()["question"] == "combat_window":
        asked.append(table.question()["seat"])
        table.answer("none")
    assert asked == [0, table.seat_of("godalming"), table.seat_of("mina")]
    assert table.fight["stage"] == "choose"


def test_everyone_holding_a_card_is_asked_and_may_always_play_nothing():
    """So that the question tells nobody who holds what, a player holding only cards that
    cannot be played now is asked too; only Garlic needs a hunter in the fight."""
    table = start_fight(hunters=("godalming",), window=True,
                        events={"godalming": ["forewarned"]},
                        items={"godalming": ["dogs"], "seward": ["garlic"]})
    assert keys(table) == ["none"]
    table.answer("none")
    assert table.fight["stage"] == "choose"


def test_no_window_when_nobody_holds_a_card():
    table = start_fight(hunters=("godalming",), window=True)
    assert table.question() is None and table.fight["stage"] == "choose"


def test_advance_planning_gives_the_hunters_one_for_the_whole_combat():
    """„+1 в начале боя сыграна карта События План Атаки.“ „At most one per combat.“"""
    table = start_fight(hunters=("seward",), window=True,
                        events={"seward": ["advance_planning", "advance_planning"]})
    play(table, table.seat_of("seward"), "advance_planning")
    assert table.question() is None and len(table.hunter("seward")["events"]) == 1
    table.round("claws", dice=(3, 1), seward="dodge")
    table.round("dodge_dracula", dice=(3, 1), seward="punch")
    assert table.fight["shown"]["mods"]["hunters"][0] == "advance_planning"
    assert rules.view(table.state, None)["combat"]["played"] == [
        {"who": "Dr. Seward", "card": "Advance Planning"}]


def test_trap_gives_dracula_or_his_agent_one_for_the_whole_combat():
    """„+1 в начале боя сыграна карта События Ловушка.“"""
    for enemy in ("dracula", "minion_knife"):
        table = start_fight(enemy, hunters=("seward",), window=True, dracula_events=("trap",))
        play(table, 0, "trap")
        table.round("dodge_dracula" if enemy == "dracula" else "dodge_agent", dice=(5, 1),
                    seward="dodge")
        assert table.fight["shown"]["mods"]["enemy"] == ["trap"]
        assert table.fight["shown"]["totals"]["enemy"] == 2


def test_garlic_only_for_a_hunter_in_a_combat_with_dracula_no_escape_for_three_rounds():
    table = start_fight("minion_knife", hunters=("seward",), window=True,
                        items={"seward": ["garlic"]})
    assert keys(table) == ["none"]
    table = start_fight(hunters=("seward",), window=True, items={"seward": ["garlic"]})
    play(table, table.seat_of("seward"), "garlic")
    assert table.hunter("seward")["items"] == []
    for enemy, hunter in (("claws", "punch"), ("strength", "escape"), ("claws", "punch")):
        assert not {"escape_bat", "escape_man", "escape_mist"} & set(table.options("enemy"))
        table.round(enemy, dice=(1, 6), seward=hunter)
    assert {"escape_bat", "escape_man", "escape_mist"} <= set(table.options("enemy"))


def test_escape_route_the_combat_does_not_take_place_even_from_a_hunter_not_in_it():
    """„The combat does not take place.“ (“…whether you take part or not.”)"""
    table = start_fight("assassin", hunters=("godalming",), window=True,
                        events={"mina": ["escape_route"]})
    token = table.fight["token"]
    play(table, table.seat_of("mina"), "escape_route")
    assert table.fight is None and table.state["fought"]["outcome"] == "cancelled"
    assert token not in table.state["pool"]


def test_heroic_leap_both_roll_and_lose_and_a_double_zero_is_the_hunters_win():
    """„The combat does not start. You and Dracula each roll a die and lose that much health
    / blood. If both of you drop to 0, the hunters win, even if your defeat would give
    Dracula the game.“"""
    table = start_fight(hunters=("seward",), window=True, events={"seward": ["heroic_leap"]})
    table.act(table.seat_of("seward"), "choose", dice=(4, 3),
              key=next(k for k in keys(table) if "heroic_leap" in k))
    assert table.fight is None
    assert table.hunter("seward")["health"] == 6 and table.state["blood"] == 12
    table = start_fight(hunters=("seward",), window=True, events={"seward": ["heroic_leap"]},
                        blood=3)
    table.hunter("seward")["health"] = 2
    table.state["vampires"] = 5
    table.act(table.seat_of("seward"), "choose", dice=(6, 5),
              key=next(k for k in keys(table) if "heroic_leap" in k))
    assert rules.result(table.state)["side"] == "hunters"


def test_heroic_leap_only_for_a_hunter_fighting_dracula():
    table = start_fight("assassin", hunters=("seward",), window=True,
                        events={"seward": ["heroic_leap"]})
    assert keys(table) == ["none"]


def test_rage_shows_dracula_the_items_he_may_discard_one_then_no_escape_for_three_rounds():
    """Rage: „One hunter in the combat shows you all his items, and you may discard any one
    of them. The combat then goes on as usual, but you cannot play an Escape card for 3
    rounds.“"""
    table = start_fight(hunters=("godalming", "seward"), window=True, dracula_events=("rage",),
                        items={"seward": ["knife", "pistol"]})
    play(table, 0, "rage")
    assert table.question()["question"] == "combat_rage"
    table.answer("seward")
    assert table.question()["question"] == "combat_rage_discard"
    shown = [e for e in table.log if e.get("to") == [0]]
    assert shown and {"Knife", "Pistol"} <= set(shown[-1]["args"]["cards"])
    assert [e for e in table.log if "to" not in e and "shows Dracula" in e["text"]]
    # Dracula's buttons name the cards he was shown, whatever is dealt anew around them.
    mine = [a.to_json() for a in rules.actions(table.state, 0)]
    for step in range(5):
        other = rules.redeal_hidden(table.state, 0, rng_for(step))
        assert [a.to_json() for a in rules.actions(other, 0)] == mine
    knife = next(k for k in keys(table) if k.startswith("knife"))
    table.answer(knife)
    assert knife in table.state["item_discard"]
    while table.question():
        table.answer("none")
    assert table.fight["no_escape"] == 3
    assert not {"escape_bat", "escape_man", "escape_mist"} & set(table.options("enemy"))


def test_each_player_plays_at_most_one_card_before_the_combat():
    table = start_fight(hunters=("seward",), window=True,
                        events={"seward": ["advance_planning", "escape_route"]})
    play(table, table.seat_of("seward"), "advance_planning")
    assert table.question() is None and fight.find(table.state)["stage"] == "choose"
