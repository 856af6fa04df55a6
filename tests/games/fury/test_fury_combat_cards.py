"""Cards played before a combat: „Начиная с Дракулы, и далее по часовой стрелке игроки могут
использовать по одной карте, влияющей на общий ход боя. Только Охотники, участвующие в бою
могут использовать карту «Чеснок».“"""

from __future__ import annotations

from companion.games.fury import combat_in_progress, rules
from tests.games.fury.fury_fights import fight as start_fight
from tests.playing import rng_for


def keys(table) -> list[str]:
    item = table.question()
    return [p["key"] for p in table.names(item["seat"], "choose")]


def play(table, seat: int, kind: str) -> None:
    """``seat`` plays a card of ``kind`` in its turn before the combat; the players asked
    before it (all who may hold a card, issue 40) play nothing."""
    while table.question()["seat"] != seat:
        assert table.question()["question"] == "combat_window", table.question()
        table.answer("none")
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


def test_a_player_who_may_hold_a_card_is_asked_as_if_he_held_one():
    """Issue 40, a question's existence is public: Godalming's player holds event cards (their
    count is on the tablet), so he is asked before the combat whether they fit or not, and
    sees that none of his does; Seward, not fighting, holds only items, and only Garlic is an
    item played here, for a hunter in the fight — the tablet shows he cannot answer, so he is
    not asked."""
    table = start_fight(hunters=("godalming",), window=True,
                        events={"godalming": ["forewarned"]},
                        items={"godalming": ["dogs"], "seward": ["garlic"]})
    godalming, seward = table.seat_of("godalming"), table.seat_of("seward")
    item = table.question()
    assert item is not None and item["question"] == "combat_window"
    assert item["seat"] == godalming and table.fight["window"] == [godalming]
    answers = table.names(godalming, "choose")
    assert [a["key"] for a in answers] == ["none", "none_turn"]
    offered = rules.actions(table.state, godalming)
    assert any("None of your cards" in a.hint for a in offered), [a.hint for a in offered]
    table.answer("none")
    assert table.fight["stage"] == "choose" and seward not in table.fight["window"]
    table = start_fight(hunters=("godalming",), window=True,
                        events={"godalming": ["forewarned", "advance_planning"]})
    offered = keys(table)
    assert "none" in offered and any("advance_planning" in k for k in offered), offered
    table.answer("none")
    assert table.fight["stage"] == "choose"


def test_the_same_question_whatever_the_hand_holds():
    """Issue 40: the tablet's view of the moment before a combat is the same whether the
    asked player's event card fits it (Advance Planning) or not (Forewarned)."""
    screens = []
    for card in ("advance_planning", "forewarned"):
        table = start_fight(hunters=("godalming",), window=True,
                            events={"godalming": [card]})
        view = rules.view(table.state, None)
        screens.append((view["waiting"], view["combat"]))
    assert screens[0] == screens[1]


def test_no_card_until_this_turn_ends_is_not_asked_again_in_the_turn():
    """Issue 40: "No card until this turn ends" answers this question and every other one of
    the turn; the table is told, as the player's own word."""
    table = start_fight(hunters=("godalming",), window=True,
                        events={"godalming": ["forewarned"]})
    seat = table.seat_of("godalming")
    table.answer("none_turn")
    assert seat in table.state["turn"]["passing"]
    assert any(line["text"] == "{who} will play no card until this turn ends."
               for line in table.log)


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
    assert table.question() is None, "Garlic fits no combat with an agent, and Seward holds "\
        "no event card: nobody is asked"
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


def test_a_game_won_before_the_combat_leaves_every_screen_waiting_for_nobody():
    """„Пункты Крови Дракулы уменьшены до 0“ ends the game at once, even in the middle of the
    cards played before a combat (Heroic Leap): the step that would have asked the next
    player stays unrun, and no screen waits for anyone (it broke every screen's view)."""
    table = start_fight(hunters=("seward",), window=True, events={"seward": ["heroic_leap"]},
                        blood=3)
    table.act(table.seat_of("seward"), "choose", dice=(1, 5),
              key=next(k for k in keys(table) if "heroic_leap" in k))
    assert rules.result(table.state)["side"] == "hunters"
    for seat in (None, *range(3)):
        assert rules.view(table.state, seat)["waiting"] is None


def test_heroic_leap_only_for_a_hunter_fighting_dracula():
    """Heroic Leap fits only a combat with Dracula: against the Assassin Seward's player is
    asked (he holds an event, and Escape Route would fit), but not offered the Leap."""
    table = start_fight("assassin", hunters=("seward",), window=True,
                        events={"seward": ["heroic_leap"]})
    assert not any("heroic_leap" in k for k in keys(table)), keys(table)


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
    assert table.question() is None and combat_in_progress.find(table.state)["stage"] == "choose"


# --- a card played before the combat may be cancelled like any event ---------------------------


def cancel_window(table) -> dict | None:
    item = table.state["queue"][0] if table.state["queue"] else None
    return item if item and item["kind"] == "window" and item["window"] == "cancel" else None


def cancel_with(table, seat: int, kind: str) -> None:
    """Answer the window „an event card was just played“ with a card of ``kind``."""
    assert seat in cancel_window(table)["seats"]
    params = next(p for p in table.names(seat, "play_event") if kind in p["card"])
    table.act(seat, "play_event", **params)


def decline(table, seat: int) -> None:
    assert seat in cancel_window(table)["seats"]
    table.act(seat, "pass")


def test_good_luck_cancels_draculas_trap_and_the_combat_has_no_trap():
    """Good Luck: „Cancel the effect of an event card just played“ — Trap („+1 в начале боя
    сыграна карта События Ловушка“) is an event card, so the hunters may answer it before it
    acts; cancelled, it is discarded without effect and the round before the combat goes on."""
    table = start_fight(hunters=("seward",), window=True, dracula_events=("trap",),
                        events={"seward": ["good_luck"], "mina": ["escape_route"]})
    play(table, 0, "trap")
    cancel_with(table, table.seat_of("seward"), "good_luck")
    assert {"text": "{card} is cancelled.", "args": {"card": "Trap"}} in table.log
    assert not table.fight["trap"] and table.fight["played"] == []
    assert any(c.startswith("trap") for c in table.state["event_discard"])
    # Seward spent his only card; Mina's player is still asked before the combat.
    assert table.question()["question"] == "combat_window"
    assert table.question()["seat"] == table.seat_of("mina")
    table.answer("none")
    table.round("dodge_dracula", dice=(5, 1), seward="dodge")
    assert table.fight["shown"]["mods"]["enemy"] == []


def test_a_trap_the_hunters_let_pass_acts():
    """The hunters may decline to cancel: then Trap gives Dracula his +1."""
    table = start_fight(hunters=("seward",), window=True, dracula_events=("trap",),
                        events={"seward": ["good_luck"]})
    play(table, 0, "trap")
    decline(table, table.seat_of("seward"))
    assert table.fight["trap"]
    # Seward's player still holds an event card: he is asked before the combat as if it
    # fitted (issue 40), though Good Luck fits no moment before a combat.
    assert [p["key"] for p in table.names(table.seat_of("seward"), "choose")] == [
        "none", "none_turn"]
    table.answer("none")
    table.round("dodge_dracula", dice=(5, 1), seward="dodge")
    assert table.fight["shown"]["mods"]["enemy"] == ["trap"]
    assert len(table.hunter("seward")["events"]) == 1


def test_devilish_power_cancels_advance_planning():
    """Devilish Power: „Cancel the effect of an event card just played“ — Advance Planning is
    a hunters' event card, so Dracula may answer it; the hunters then fight without the +1."""
    table = start_fight(hunters=("seward",), window=True, dracula_events=("devilish_power",),
                        events={"seward": ["advance_planning"]})
    play(table, table.seat_of("seward"), "advance_planning")
    cancel_with(table, 0, "devilish_power")
    assert {"text": "{card} is cancelled.", "args": {"card": "Advance Planning"}} in table.log
    assert not table.fight["planning"] and table.fight["stage"] == "choose"
    table.round("claws", dice=(3, 1), seward="dodge")
    assert table.fight["shown"]["mods"]["hunters"] == []


def test_advance_planning_dracula_lets_pass_acts():
    table = start_fight(hunters=("seward",), window=True, dracula_events=("devilish_power",),
                        events={"seward": ["advance_planning"]})
    play(table, table.seat_of("seward"), "advance_planning")
    decline(table, 0)
    assert table.fight["planning"] and table.fight["stage"] == "choose"
    assert rules.view(table.state, None)["combat"]["played"] == [
        {"who": "Dr. Seward", "card": "Advance Planning"}]


def test_devilish_power_cancels_escape_route_and_heroic_leap_so_the_combat_takes_place():
    """Escape Route („The combat does not take place“) and Heroic Leap („The combat does not
    start“) are event cards: cancelled by Devilish Power, the combat is fought after all."""
    for kind in ("escape_route", "heroic_leap"):
        table = start_fight(hunters=("seward",), window=True,
                            dracula_events=("devilish_power",), events={"seward": [kind]})
        play(table, table.seat_of("seward"), kind)
        cancel_with(table, 0, "devilish_power")
        assert table.fight is not None and table.fight["stage"] == "choose", kind
        assert table.hunter("seward")["health"] == 10 and table.state["blood"] == 15


def test_good_luck_answers_devilish_power_and_the_escape_route_stands():
    """Devilish Power is an event card played too: Good Luck may cancel it in turn."""
    table = start_fight(hunters=("seward",), window=True, dracula_events=("devilish_power",),
                        events={"seward": ["escape_route"], "mina": ["good_luck"]})
    play(table, table.seat_of("seward"), "escape_route")
    cancel_with(table, 0, "devilish_power")
    cancel_with(table, table.seat_of("mina"), "good_luck")
    assert table.fight is None and table.state["fought"]["outcome"] == "cancelled"


def test_garlic_is_an_item_and_no_cancel_window_opens_for_it():
    """„Cancel the effect of an *event card* just played“: Garlic is an item."""
    table = start_fight(hunters=("seward",), window=True, dracula_events=("devilish_power",),
                        items={"seward": ["garlic"]})
    play(table, table.seat_of("seward"), "garlic")
    assert cancel_window(table) is None and table.fight["no_escape"] == 3


def test_devilish_power_discards_sister_agatha_before_the_combat():
    """Devilish Power's other use: „…OR discard the hunters' current ally“ — Sister Agatha
    („Dracula pays 2 blood each time he plays Fangs or any Escape card“) bears on the combat,
    so Dracula may play it for that before the combat."""
    table = start_fight(hunters=("seward",), window=True, dracula_events=("devilish_power",))
    assert keys(table) == ["none", "none_turn"], "no ally to discard: Devilish Power does "\
        "not fit yet (he is asked all the same: Trap or Rage might)"
    table = start_fight(hunters=("seward",), window=True, dracula_events=("devilish_power",),
                        hunters_ally="sister_agatha")
    play(table, 0, "devilish_power")
    assert table.question()["question"] == "devilish"
    table.answer("ally")
    assert table.state["allies"]["hunters"] is None and table.fight["stage"] == "choose"
    table.round("fangs", dice=(1, 6), seward="punch")
    assert table.state["blood"] == 15
