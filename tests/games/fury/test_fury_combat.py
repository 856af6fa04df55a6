"""Fury of Dracula's combat, rule by rule (the rulebook's section «Бой»): the tactics each
fighter may play, the secret choice revealed together, the dice and every modifier, ties,
groups, how a combat ends and what it does to the turn."""

from __future__ import annotations

import pytest

from companion.games.base import ActionSyntaxError
from companion.games.fury import board, combat_cards, combat_in_progress, registry, rules, trail
from tests.games.fury.fury_fights import FightTable
from tests.games.fury.fury_fights import fight as start_fight
from tests.games.fury.fury_positions import Table
from tests.games.fury.test_fury_encounters import found
from tests.playing import rng_for

DRACULA_NIGHT = ["claws", "dodge_dracula", "escape_bat", "escape_man", "escape_mist", "fangs",
                 "mesmerize", "strength"]


def totals(table) -> dict:
    return table.fight["shown"]["totals"] if table.fight else table.state["fought"]["shown"][
        "totals"]


def mods(table) -> dict:
    shown = table.fight["shown"] if table.fight else table.state["fought"]["shown"]
    return shown["mods"]


# --- which tactics -------------------------------------------------------------------------


def test_dracula_has_all_eight_tactics_at_night_and_the_three_sun_cards_by_day():
    """„Дракула использует все свои 8 карт Приемов, если бой происходит ночью. И только 3
    карты с символом солнца (Когти, Уклонение и Бегство (Человек)), если бой происходит
    днём.“"""
    assert start_fight(night=True).options("enemy") == DRACULA_NIGHT
    assert start_fight(night=False).options("enemy") == ["claws", "dodge_dracula", "escape_man"]


@pytest.mark.parametrize(("agent", "deck"), [
    ("minion_knife", ["dodge_agent", "knife_agent", "punch_agent"]),
    ("minion_knife_pistol", ["dodge_agent", "knife_agent", "pistol_agent", "punch_agent"]),
    ("minion_knife_rifle", ["dodge_agent", "knife_agent", "punch_agent", "rifle_agent"]),
    ("assassin", ["dodge_agent", "knife_agent", "pistol_agent", "punch_agent", "rifle_agent"]),
])
def test_dracula_plays_the_agents_punch_dodge_and_the_tactics_on_its_token(agent, deck):
    """„игрок-Дракула использует карты Приемов Агента «Удар» (ОСНОВА) и «Уклонение» (ОСНОВА),
    а также другие карты, в соответствии с эффектом Засады.“"""
    table = start_fight(agent)
    assert table.options("enemy") == deck
    assert {a["fighter"] for a in table.names(0, "tactic")} == {"enemy"}


def test_a_hunter_fights_with_his_three_basics_and_the_combat_items_he_holds():
    """„Охотник использует свои 3 карты Приемов, а также карты Вещей, имеющие цифры
    инициативы.“ Dogs and Garlic have no initiative; another hunter's Stake is not his."""
    table = start_fight(hunters=("godalming", "seward"),
                        items={"godalming": ["knife", "dogs", "garlic"], "seward": ["stake"]})
    assert table.options("godalming") == ["dodge", "escape", "knife", "punch"]
    assert table.options("seward") == ["dodge", "escape", "punch", "stake"]


def test_crucifix_heavenly_host_and_holy_water_only_against_dracula_and_vampires():
    items = {"godalming": ["crucifix", "heavenly_host", "holy_water", "pistol"]}
    assert start_fight("minion_knife", items=items).options("godalming") == [
        "dodge", "escape", "pistol", "punch"]
    assert start_fight("vampire", items=items).options("godalming") == [
        "crucifix", "dodge", "escape", "heavenly_host", "holy_water", "pistol", "punch"]


def test_no_card_twice_in_a_row_but_two_identical_hunter_cards_may_follow():
    """„В ходе боя игроки не могут использовать одну и ту же карту два раза подряд… Если у
    охотника есть две одинаковых карты, то их можно играть одну за другой.“"""
    table = start_fight(hunters=("seward",), items={"seward": ["knife", "knife"]})
    table.round("dodge_dracula", dice=(5, 1), seward="knife")
    first = table.fight["last"]["seward"]
    assert "dodge_dracula" not in table.options("enemy")
    assert "knife" in table.options("seward") and "punch" in table.options("seward")
    table.round("claws", dice=(5, 1), seward="knife")
    second = table.fight["last"]["seward"]
    assert {first, second} == set(table.hunter("seward")["items"]) and first != second
    table.round("dodge_dracula", dice=(5, 1), seward="punch")
    assert "punch" not in table.options("seward")


def test_a_single_copy_cannot_follow_itself():
    table = start_fight(hunters=("seward",), items={"seward": ["knife"]})
    table.round("claws", dice=(5, 1), seward="knife")
    assert "knife" not in table.options("seward")
    table.round("dodge_dracula", dice=(5, 1), seward="punch")
    assert "knife" in table.options("seward")


@pytest.mark.parametrize(("night", "left"), [
    (True, ["dodge_dracula", "escape_bat", "escape_man", "escape_mist"]),
    (False, ["dodge_dracula", "escape_man"])])
def test_repel_leaves_dracula_only_dodge_and_the_escapes_of_the_hour(night, left):
    """„Подавление – в следующем раунде Дракула сможет применить только одну из следующих
    карт: Уклонение, Бегство (нетопырь), Бегство (человек) или Бегство (туман). Помните, что
    Бегство нетопырем или туманом доступны Дракуле только ночью!“"""
    table = start_fight(night=night, hunters=("seward",), items={"seward": ["rifle"]})
    table.round("claws", dice=(5, 1), seward="rifle")
    assert table.fight["repel"]
    assert table.options("enemy") == left


def test_repel_and_garlic_together_leave_dracula_dodge():
    table = start_fight(hunters=("seward",), items={"seward": ["rifle", "garlic"]},
                        window=True)
    garlic = next(c for c in table.hunter("seward")["items"] if c.startswith("garlic"))
    table.answer("seward|" + garlic)
    table.round("claws", dice=(5, 1), seward="rifle")
    assert table.fight["repel"] and table.fight["no_escape"] == 2
    assert table.options("enemy") == ["dodge_dracula"]


def test_the_no_repeat_rule_yields_when_nothing_else_is_left():
    """The limits never leave Dracula without a card."""
    state = start_fight().state
    limited = dict(combat_in_progress.find(state), repel=True, no_escape=3,
                   last={"enemy": "dodge_dracula", "godalming": None})
    assert combat_cards.enemy_options(state, limited) == ["dodge_dracula"]


def test_sister_agatha_charges_two_blood_for_fangs_or_an_escape_win_or_lose():
    """Sister Agatha: „Dracula pays 2 blood each time he plays Fangs or any Escape card…
    whether he wins the combat roll or not.“"""
    table = start_fight(hunters=("seward",))
    table.state["allies"]["hunters"] = table.state["event_deck"].pop(
        next(i for i, c in enumerate(table.state["event_deck"])
             if c.startswith("sister_agatha")))
    table.round("fangs", dice=(1, 6), seward="dodge")
    assert table.state["blood"] == 13
    assert "Sister Agatha" in [e["args"].get("why") for e in table.log]


def test_sister_agatha_never_brings_dracula_to_zero():
    """„Дракула не может самостоятельно уменьшить свои Пункты Крови до 0“: with 2 blood left
    he cannot pay for Fangs or an Escape."""
    table = start_fight(hunters=("seward",), blood=2)
    table.state["allies"]["hunters"] = "sister_agatha:1"
    table.state["event_deck"].remove("sister_agatha:1")
    assert table.options("enemy") == ["claws", "dodge_dracula", "mesmerize", "strength"]


# --- secret until all are in -------------------------------------------------------------


def test_a_choice_reaches_neither_the_table_nor_another_phone_before_the_reveal():
    """„Игроки выбирают по 1 карте… и кладут их рубашкой вверх. За тем карты одновременно
    открываются.“ Whatever Dracula chose, the tablet and the hunter's phone see the same:
    only that he has chosen."""
    table = start_fight(hunters=("godalming", "seward"))
    table.tactic("enemy", "fangs")
    seats = (None, 1, 2)
    seen = {s: rules.view(table.state, s) for s in seats}
    for card in DRACULA_NIGHT:
        other = table.state["queue"][-1]
        other["pending"]["enemy"] = card
        for seat in seats:
            assert rules.view(table.state, seat) == seen[seat], (seat, card)
    combat_in_progress.find(table.state)["pending"]["enemy"] = "fangs"
    enemy = seen[None]["combat"]["fighters"][0]
    assert enemy["chosen"] and enemy["choice"] is None
    assert "Fangs" not in str(seen[None]) and "Fangs" not in str(seen[1])
    assert rules.view(table.state, 0)["combat"]["fighters"][0]["choice"] == "Fangs"


def test_the_reveal_waits_for_every_fighter_then_shows_all_cards_together():
    table = start_fight(hunters=("godalming", "seward"))
    table.tactic("godalming", "punch").tactic("enemy", "claws")
    assert table.fight["round"] == 0 and table.fight["shown"] is None
    waiting = rules.view(table.state, None)["waiting"]
    assert waiting["kind"] == "combat" and waiting["seats"] == [table.seat_of("seward")]
    table.tactic("seward", "dodge", dice=(6, 1))
    shown = rules.view(table.state, None)["combat"]["shown"]
    assert [c["card"] for c in shown["cards"]] == ["Claws", "Punch", "Dodge"]


def test_the_leak_redeal_deals_other_seats_choices_anew():
    table = start_fight(hunters=("godalming", "seward"),
                        items={"seward": ["knife", "pistol", "stake"]})
    table.tactic("seward", "knife").tactic("enemy", "claws")
    cards_dealt = set()
    for step in range(30):
        other = rules.redeal_hidden(table.state, None, rng_for(step))
        found = combat_in_progress.find(other)
        cards_dealt.add((found["pending"]["enemy"], found["pending"]["seward"]))
        assert found["pending"]["godalming"] is None
        assert found["pending"]["seward"] in other["hunters"]["seward"]["items"] + [
            "punch", "dodge", "escape"]
    assert len(cards_dealt) > 3
    mine = rules.redeal_hidden(table.state, table.seat_of("seward"), rng_for(1))
    assert combat_in_progress.find(mine)["pending"]["seward"] \
        == combat_in_progress.find(table.state)["pending"]["seward"]


# --- dice and modifiers --------------------------------------------------------------------


def test_the_higher_total_wins():
    """„Победивший игрок находит в своей карте карту побежденного, и происходит описанный
    эффект.“ Claws against Punch, Dracula higher: Wound 1."""
    table = start_fight(hunters=("seward",))
    table.round("claws", dice=(2, 5), seward="punch")
    assert table.fight["shown"]["winner"] == "enemy"
    assert table.hunter("seward")["health"] == 9


def test_lord_godalming_rolls_two_dice_against_an_agent_and_keeps_the_better():
    """„когда Лорд Годалминг вступает в бой с Агентом, он бросает два кубика Охотника вместо
    одного и выбирает наилучший результат.“"""
    table = start_fight("minion_knife")
    table.round("dodge_agent", dice=(1, 5, 4), godalming="dodge")
    assert table.fight["shown"]["dice"] == {"hunters": [1, 5], "enemy": [4]}
    assert totals(table) == {"hunters": 5, "enemy": 4}
    table = start_fight("dracula")
    table.round("dodge_dracula", dice=(1, 5), godalming="dodge")
    assert table.fight["shown"]["dice"] == {"hunters": [1], "enemy": [5]}


def test_hunter_pistol_adds_one_this_round():
    """„+1 в этом раунде Охотник выбрал карту Пистолета.“"""
    table = start_fight(hunters=("seward",), items={"seward": ["pistol"]})
    table.round("dodge_dracula", dice=(3, 5), seward="pistol")
    assert mods(table)["hunters"] == ["pistol"] and totals(table)["hunters"] == 4
    table.round("claws", dice=(3, 1), seward="punch")
    assert mods(table)["hunters"] == []


def test_a_win_with_dodge_gives_plus_one_next_round_to_each_side():
    """„+1 в прошлом раунде боя Охотник выбрал карту Уклонения и выиграл боевой бросок“ (and
    the same for Dracula and for an agent)."""
    table = start_fight(hunters=("seward",))
    table.round("claws", dice=(5, 1), seward="dodge")
    table.round("dodge_dracula", dice=(1, 3), seward="punch")
    assert mods(table) == {"hunters": ["dodge_won"], "enemy": []}
    assert totals(table)["hunters"] == 2
    table.round("claws", dice=(1, 6), seward="escape")
    assert mods(table) == {"hunters": [], "enemy": ["dodge_won"]}
    agent = start_fight("minion_knife", hunters=("seward",))
    agent.round("dodge_agent", dice=(1, 6), seward="punch")
    agent.round("punch_agent", dice=(6, 1), seward="dodge")
    assert mods(agent)["enemy"] == ["dodge_won"]


def test_a_result_printed_plus_one_gives_it_too_named_as_the_table_names_it():
    """The tables print "+1 next round" also for Fangs winning against a hunter's Dodge."""
    table = start_fight(hunters=("seward",))
    table.round("fangs", dice=(1, 6), seward="dodge")
    assert table.fight["plus"] == "enemy" and table.fight["dodge"] is None
    table.round("claws", dice=(1, 1), seward="punch")
    assert mods(table)["enemy"] == ["enemy_+1_next_round"]
    assert "Enemy +1 next round" in str(rules.view(table.state, None)["combat"]["shown"])


def test_a_loss_with_dodge_gives_no_bonus():
    table = start_fight(hunters=("seward",))
    table.round("claws", dice=(1, 5), seward="dodge")
    table.round("dodge_dracula", dice=(1, 2), seward="punch")
    assert mods(table)["hunters"] == []


@pytest.mark.parametrize(("place", "agent", "bonus"), [
    ("bucharest", "minion_knife", ["minion_east"]), ("paris", "minion_knife", []),
    ("bucharest", "assassin", [])])
def test_a_minion_gets_one_in_eastern_europe_the_assassin_does_not(place, agent, bonus):
    """„+1 Агент является Миньоном и бой происходит в Восточной Европе.“"""
    table = start_fight(agent, hunters=("seward",), place=place)
    table.round("punch_agent", dice=(5, 1), seward="dodge")
    assert mods(table)["enemy"] == bonus


def test_agent_pistol_adds_one_this_round():
    """„+1 в этом раунде Агент выбрал карту Пистолета.“"""
    table = start_fight("assassin", hunters=("seward",))
    table.round("pistol_agent", dice=(5, 3), seward="dodge")
    assert mods(table)["enemy"] == ["pistol"] and totals(table)["enemy"] == 4


@pytest.mark.parametrize(("group", "bitten", "bonus"), [
    (("seward",), "seward", ["bitten_hunter"]),
    (("seward",), None, []),
    (("mina",), "mina", []),
    (("mina", "seward"), "mina", ["bitten_hunter"])])
def test_dracula_gets_one_against_a_bitten_hunter_but_not_mina_one_on_one(group, bitten,
                                                                           bonus):
    """„Дракула получает +1 к своим броскам, если в бою участвует укушенный Охотник (за
    исключением Мины Харкер 1 на 1).“ Mina starts bitten."""
    table = start_fight(hunters=group)
    if bitten == "seward":
        table.hunter("seward")["bites"] = 1
    cards = {h: "dodge" for h in group}
    table.round("claws", dice=(6, 1), **cards)
    if table.question():
        table.answer(group[0])
    assert mods(table)["enemy"] == bonus


def test_dracula_gets_one_in_his_castle():
    """„+1 бой происходит в Замке Дракула.“"""
    table = start_fight(hunters=("seward",), place=board.CASTLE)
    table.round("claws", dice=(6, 1), seward="dodge")
    assert mods(table)["enemy"] == ["castle_dracula"] and totals(table)["enemy"] == 2


# --- ties and initiative --------------------------------------------------------------------


def test_a_tie_goes_to_the_higher_initiative_when_the_values_are_checked():
    """„Если игроки на боевом броске получают равные результаты, каждый смотрит на инициативу
    своей карты… Выигрывает раунд игрок с наибольшей инициативой.“"""
    table = start_fight(hunters=("seward",), initiative_checked=True,
                        initiative="claws=2 escape=5")
    table.round("claws", dice=(3, 3), seward="escape")
    assert table.fight is None and table.state["fought"]["shown"]["winner"] == "hunters"
    table = start_fight(hunters=("seward",), initiative_checked=True,
                        initiative="claws=6 escape=5")
    table.round("claws", dice=(3, 3), seward="escape")
    assert table.fight["shown"]["winner"] == "enemy"


def test_the_same_initiative_rolls_again():
    table = start_fight(hunters=("seward",), initiative_checked=True,
                        initiative="claws=4 punch=4")
    table.round("claws", dice=(3, 3, 5, 2), seward="punch")
    assert table.fight["shown"]["dice"] == {"hunters": [5], "enemy": [2]}
    assert "The same initiative: both sides roll again." in table.texts()


def test_an_unchecked_initiative_stands_once_both_sides_agree():
    """The initiative values are the app's guess: the player the reading favours reads the
    printed cards, then the other side agrees before it counts (issue 32: both sides
    confirm), and the log says who agreed to what."""
    table = start_fight(hunters=("seward",), initiative="claws=2 escape=5")
    table.round("claws", dice=(3, 3), seward="escape")
    ask = table.question()
    assert ask["question"] == "combat_tie" and ask["seat"] == table.seat_of("seward")
    assert ask["data"]["proposal"] == "hunters"
    table.answer("hunters")
    assert table.fight["now"].get("winner") is None, "one side's reading is not enough"
    check = table.question()
    assert check["question"] == "combat_tie_check" and check["seat"] == 0
    table.answer("agree")
    assert {"text": "The tie-break is agreed by {a} and {b}: {what}.",
            "args": {"a": {"seat": table.seat_of("seward")}, "b": {"seat": 0},
                     "what": "the hunters' card has the higher initiative"}} in table.log
    tie = table.state["fought"]["shown"]["tie"]
    assert tie["how"] == "agreed" and tie["by"] == [table.seat_of("seward"), 0]


def test_an_unchecked_initiative_can_be_read_otherwise_and_agreed():
    table = start_fight(hunters=("seward",), initiative="claws=2 punch=5")
    table.round("claws", dice=(3, 3), seward="punch")
    table.answer("enemy")
    table.answer("agree")
    assert "The tie-break is agreed by {a} and {b}: {what}." in table.texts()
    assert table.hunter("seward")["health"] == 9


def test_a_disputed_tie_is_rolled_again():
    """The other side does not read the cards the same way: nobody's word decides, both
    sides roll again (as for the same initiative)."""
    table = start_fight(hunters=("seward",), initiative="claws=2 punch=5")
    table.round("claws", dice=(3, 3), seward="punch")
    table.answer("enemy")
    table.answer("dispute", dice=(5, 1))
    assert "{b} disputes the reading of {a}: both sides roll again." in table.texts()
    assert table.fight["shown"]["dice"] == {"hunters": [5], "enemy": [1]}
    assert table.fight["shown"]["winner"] == "hunters"
    assert table.hunter("seward")["health"] == 10


def test_a_bad_initiative_option_is_refused_with_a_sentence():
    opts = rules.default_options()
    for bad in ("claws=high", "teeth=3", "claws"):
        opts["initiative"] = bad
        with pytest.raises(ActionSyntaxError) as refused:
            rules.validate(opts)
        assert "card=value" in str(refused.value)


# --- results -----------------------------------------------------------------------------


def test_three_continues_in_a_row_end_the_combat():
    """„Если игроки получают три результата «Продолжение» подряд… они получают результат
    «Конец».“"""
    table = start_fight(hunters=("seward",))
    table.round("claws", dice=(5, 1), seward="punch")
    table.round("dodge_dracula", dice=(5, 1), seward="dodge")
    assert table.fight["continues"] == 2
    table.round("claws", dice=(5, 1), seward="punch")
    assert table.fight is None and table.state["fought"]["outcome"] == "end"


def test_a_result_between_continues_starts_the_count_again():
    table = start_fight(hunters=("seward",))
    table.round("claws", dice=(5, 1), seward="punch")
    assert table.fight["continues"] == 1
    table.round("strength", dice=(1, 5), seward="escape")
    assert table.fight["continues"] == 0 and table.hunter("seward")["health"] == 8


@pytest.mark.parametrize(("blood", "left", "goes_on"), [(15, 10, True), (11, 10, True),
                                                         (10, 5, True), (6, 5, True),
                                                         (5, 0, False)])
def test_kill_drops_draculas_blood_to_the_next_red_line_and_the_fight_goes_on(blood, left,
                                                                             goes_on):
    """„Кровь Дракулы немедленно падает до следующего красного деления… Если у Дракулы от 5
    и меньше единиц Крови, он теряет всю Кровь, и Охотники побеждают в игре. Пока у Дракулы
    остается Кровь, бой продолжается.“"""
    table = start_fight(hunters=("seward",), items={"seward": ["stake"]}, blood=blood)
    table.round("claws", dice=(6, 1), seward="stake")
    assert table.state["blood"] == left
    assert (table.fight is not None) == goes_on
    if not goes_on:
        assert rules.result(table.state)["side"] == "hunters"


def test_a_bite_ends_the_combat():
    """„Укус – Охотник Укушен и получает жетон Укуса. Укус также завершает бой.“"""
    table = start_fight(hunters=("van_helsing",))
    table.round("mesmerize", dice=(1, 6), van_helsing="escape")
    assert table.hunter("van_helsing")["bites"] == 1
    assert table.fight is None and table.state["fought"]["outcome"] == "bitten"


def test_a_hunter_at_zero_health_is_defeated_and_the_combat_ends():
    """„При… уменьшении единиц Здоровья до 0, Охотник считается поверженным“: hospital,
    vampire track +2, hand discarded, next turn skipped."""
    table = start_fight(hunters=("seward",), items={"seward": ["knife"]},
                        events={"seward": ["advance_planning"]})
    table.hunter("seward")["health"] = 3
    table.round("strength", dice=(1, 6), seward="punch")
    # he holds an event card: his player is asked about Great Strength first (issue 41)
    assert table.fight is None and table.state["queue"][0]["window"] == "great_strength"
    table.act(table.seat_of("seward"), "pass")
    seward = table.hunter("seward")
    assert seward["place"] == board.HOSPITAL and seward["skip"]
    assert seward["items"] == [] and seward["events"] == []
    assert seward["health"] == 10 and table.state["vampires"] == 2
    assert table.fight is None and table.state["fought"]["outcome"] == "defeated"


def test_a_killed_agent_ends_the_combat_and_its_token_goes_back_to_the_pool():
    """„Убит – если Охотник бьется с Агентом, Агент смертельно ранен, и бой закончен.“"""
    table = start_fight("minion_knife", hunters=("seward",))
    token = table.fight["token"]
    table.round("punch_agent", dice=(6, 1), seward="punch")
    assert table.fight is None and token in table.state["pool"]
    assert trail.holding(table.state, token) is None


def test_an_agent_killed_with_dracula_in_the_same_place_leaves_him_to_fight_on():
    """„Если убит Агент Дракулы и в этой же Локации находится Дракула, то битва продолжается
    с ним.“"""
    table = start_fight("minion_knife", hunters=("seward",), dracula_here=True)
    table.round("punch_agent", dice=(6, 1), seward="punch")
    assert table.fight["enemy"] == "dracula"
    assert table.options("enemy") == DRACULA_NIGHT
    assert "Dracula is here, in {place}: the combat goes on against him." in table.texts()
    assert rules.view(table.state, None)["dracula_place"] == "paris"


def test_a_hunter_who_flees_an_agent_leaves_its_token_where_it_was():
    """„Если Охотник побежден Агентом или бежит от него… Жетон агента остается в локации.“"""
    table = start_fight("assassin", hunters=("seward",))
    token = table.fight["token"]
    table.round("knife_agent", dice=(6, 1), seward="escape")
    assert table.fight is None
    slot = trail.holding(table.state, token)
    assert slot is not None and slot["place"] == "paris" and token in slot["shown"]


def test_a_result_in_bold_italic_discards_the_hunters_card():
    """„Если название эффекта написано жирным курсивом, то соответствующая карта Охотника
    отправляется в сброс.“ Sacred Bullets against Claws: Wound 1, the bullets are spent."""
    table = start_fight(hunters=("seward",), items={"seward": ["sacred_bullets"]})
    card = table.hunter("seward")["items"][0]
    table.round("claws", dice=(6, 1), seward="sacred_bullets")
    assert card in table.state["item_discard"] and table.state["blood"] == 14


def test_mesmerize_bites_and_strips_the_hunter_of_his_items():
    table = start_fight(hunters=("van_helsing",), items={"van_helsing": ["knife", "dogs"]})
    table.round("mesmerize", dice=(1, 6), van_helsing="knife")
    assert table.hunter("van_helsing")["items"] == []
    assert table.hunter("van_helsing")["bites"] == 1


def test_an_agents_knife_makes_the_hunter_discard_an_event_of_his_choice():
    table = start_fight("minion_knife", hunters=("seward",),
                        events={"seward": ["advance_planning", "escape_route"]})
    table.round("knife_agent", dice=(1, 6), seward="punch")
    assert table.state["queue"][0]["window"] == "great_strength"
    table.act(table.seat_of("seward"), "pass")
    ask = table.question()
    assert ask["question"] == "discard_one" and ask["seat"] == table.seat_of("seward")
    keep = table.hunter("seward")["events"][0]
    gone = table.hunter("seward")["events"][1]
    table.answer(gone)
    assert table.hunter("seward")["events"] == [keep] and gone in table.state["event_discard"]
    assert table.hunter("seward")["health"] == 8


def test_dracula_escapes_as_a_bat_up_to_two_roads_with_a_face_down_card():
    """Escape (bat) winning against Punch: End, and Dracula flies off; his newest card is
    taken back and a face-down card takes its space."""
    table = start_fight(hunters=("van_helsing",))
    table.round("escape_bat", dice=(1, 6), van_helsing="punch")
    ask = table.question()
    assert ask["question"] == "combat_bat" and ask["seat"] == 0
    places = [p["key"] for p in table.names(0, "choose")]
    reach = board.road_within("paris", 2)
    assert places and all(p in reach and p != "paris" for p in places)
    table.answer(places[0])
    assert trail.dracula_place(table.state) == places[0]
    assert not table.state["trail"][0]["revealed"]
    assert rules.view(table.state, None)["dracula_place"] is None


def test_repel_is_a_result_that_limits_only_the_next_round():
    table = start_fight(hunters=("seward",), items={"seward": ["pistol"]})
    table.round("fangs", dice=(6, 1), seward="pistol")
    assert table.fight["repel"]
    table.round("dodge_dracula", dice=(1, 6), seward="punch")
    assert not table.fight["repel"]


# --- uncertain cells ------------------------------------------------------------------------


def test_an_uncertain_cell_stands_once_the_loser_agrees():
    """Knife against Escape (man) reads Kill in the single source: the hunter who won reads
    his card, Dracula agrees, and only then does it count."""
    table = start_fight(hunters=("seward",), items={"seward": ["knife"]})
    table.round("escape_man", dice=(6, 1), seward="knife")
    ask = table.question()
    assert ask["question"] == "combat_confirm" and ask["seat"] == table.seat_of("seward")
    table.answer("data")
    assert table.state["blood"] == 15, "one side's reading is not enough"
    assert table.question()["question"] == "combat_confirm_check"
    assert table.question()["seat"] == 0
    table.answer("agree")
    assert table.state["blood"] == 10
    assert "The result is agreed by {a} and {b}: {result}." in table.texts()
    assert table.fight["shown"]["how"] == "agreed"


def test_an_uncertain_cell_can_be_read_as_the_card_prints_and_agreed():
    table = start_fight(hunters=("seward",), items={"seward": ["knife"]})
    table.round("escape_man", dice=(6, 1), seward="knife")
    options = {o["key"]: o for o in
               [{"key": a.params["key"], "args": a.label_args}
                for a in rules.actions(table.state, table.seat_of("seward"))]}
    wound = next(k for k, o in options.items()
                 if o["args"]["result"] == ["Wound 2: the enemy loses 2 blood"])
    table.answer(wound)
    table.answer("agree")
    assert table.state["blood"] == 13
    assert table.fight["shown"]["how"] == "corrected"


def test_a_disputed_result_stands_as_the_app_reads_it_marked_disputed():
    table = start_fight(hunters=("seward",), items={"seward": ["knife"]})
    table.round("escape_man", dice=(6, 1), seward="knife")
    options = [a.params["key"] for a in rules.actions(table.state, table.seat_of("seward"))]
    table.answer(next(k for k in options if k != "data"))
    table.answer("dispute")
    assert table.state["blood"] == 10
    assert table.fight["shown"]["how"] == "disputed"


def test_dracula_confirms_an_uncertain_cell_he_won():
    table = start_fight(hunters=("seward",))
    table.round("fangs", dice=(1, 6), seward="punch")
    assert table.question()["question"] == "combat_confirm"
    assert table.question()["seat"] == 0


# --- groups --------------------------------------------------------------------------------


def test_in_a_group_dracula_names_his_target_with_his_secret_card():
    """„Каждый из участников выбирает по карте во время раунда боя, а Дракула выбирает цель
    своей атаки“: the target is part of his secret choice, one tap for card and target."""
    table = start_fight(hunters=("godalming", "seward"))
    offered = table.names(0, "tactic")
    assert {(p["card"], p["target"]) for p in offered} == {
        (card, hunter) for card in DRACULA_NIGHT for hunter in ("godalming", "seward")}
    assert len(offered) == 2 * len(DRACULA_NIGHT)


def test_the_round_strikes_the_hunter_dracula_named_before_the_reveal():
    """„В случае победы Дракулы, результат влияет только на выбранную цель“ — the target he
    named in secret: Fangs aimed at Lord Godalming, who plays Dodge, gives Continue, though
    against Dr. Seward's Punch it would have bitten. No question follows the reveal."""
    table = start_fight(hunters=("godalming", "seward"))
    table.round("fangs", dice=(1, 6), at="godalming", godalming="dodge", seward="punch")
    assert table.question() is None
    shown = table.fight["shown"]
    assert shown["applied"] == "godalming" and shown["result"] == ["continue",
                                                                   "enemy_+1_next_round"]
    assert table.hunter("seward")["bites"] == 0 and table.hunter("godalming")["bites"] == 0
    assert {"text": "{enemy} aims at {hunter}.",
            "args": {"enemy": "Dracula", "hunter": "Lord Godalming"}} in table.log
    table = start_fight(hunters=("godalming", "seward"))
    table.round("claws", dice=(1, 6), at="seward", godalming="punch", seward="escape")
    assert table.question() is None
    assert table.hunter("seward")["health"] == 8 and table.hunter("godalming")["health"] == 12


def test_draculas_target_stays_as_secret_as_his_card_until_the_reveal():
    """The tablet and the hunters' phones see only that Dracula has chosen, whichever hunter
    he named; his own phone shows card and target; the reveal tells everyone."""
    table = start_fight(hunters=("godalming", "seward"))
    table.tactic("enemy", "claws", at="seward")
    seats = (None, 1, 2)
    seen = {s: rules.view(table.state, s) for s in seats}
    for hunter in ("godalming", "seward"):
        combat_in_progress.find(table.state)["aim"] = hunter
        for seat in seats:
            assert rules.view(table.state, seat) == seen[seat], (seat, hunter)
    combat_in_progress.find(table.state)["aim"] = "seward"
    assert rules.view(table.state, 0)["combat"]["fighters"][0]["aim"] == "Dr. Seward"
    assert seen[None]["combat"]["fighters"][0]["aim"] is None
    table.tactic("godalming", "punch").tactic("seward", "dodge", dice=(6, 1))
    assert rules.view(table.state, None)["combat"]["shown"]["aim"] == "Dr. Seward"


def test_a_tactic_without_its_target_is_refused_with_a_sentence():
    table = start_fight(hunters=("godalming", "seward"))
    with pytest.raises(rules.IllegalActionError) as refused:
        rules.apply(table.state, 0, {"action": "tactic",
                                     "params": {"fighter": "enemy", "card": "claws"}},
                    rng_for(1))
    assert "target" in refused.value.args[0]
    with pytest.raises(rules.IllegalActionError):
        rules.apply(table.state, 0, {"action": "tactic", "params": {
            "fighter": "enemy", "card": "claws", "target": "mina"}}, rng_for(1))
    with pytest.raises(ActionSyntaxError):
        rules.apply(table.state, 0, {"action": "tactic", "params": {
            "fighter": "enemy", "card": "claws", "target": 2}}, rng_for(1))
    assert combat_in_progress.find(table.state)["pending"]["enemy"] is None


def test_with_the_option_dracula_picks_whom_his_win_strikes_after_the_reveal():
    """The option ``target_after_reveal`` keeps the other reading: Dracula's buttons name no
    target and, having won, he picks it seeing each hunter's card and result."""
    table = start_fight(hunters=("godalming", "seward"), target_after_reveal=True)
    assert all("target" not in p for p in table.names(0, "tactic"))
    table.round("claws", dice=(1, 6), godalming="punch", seward="escape")
    ask = table.question()
    assert ask["question"] == "combat_target" and ask["seat"] == 0
    assert {p["key"] for p in table.names(0, "choose")} == {"godalming", "seward"}
    table.answer("seward")
    assert table.hunter("seward")["health"] == 8 and table.hunter("godalming")["health"] == 12


def test_in_a_group_the_hunters_choose_whose_card_applies():
    """„В случае победы Охотников, они определяют, результат какой карты они хотят
    использовать.“"""
    table = start_fight(hunters=("godalming", "seward"), items={"seward": ["knife"]})
    table.round("claws", dice=(6, 1), godalming="punch", seward="knife")
    assert table.question()["question"] == "combat_apply"
    assert table.question()["seat"] == table.seat_of("godalming")
    table.answer("seward")
    assert table.state["blood"] == 13


# --- the combat and the turn --------------------------------------------------------------


def test_dracula_attacks_in_his_action_phase_and_his_turn_goes_on_after_the_combat():
    """„Действие – Если в Локации Дракулы находится 1 или более Охотников, Дракула должен
    напасть на них.“ After the combat: „Пополнение резерва Засад“."""
    table = Table().start("munich")
    table.pass_hunters()
    table.act(0, "move", to="vienna", power="")
    item = table.state["queue"][0]
    assert item["kind"] == "combat" and item["hunters"] == ["mina"]
    assert {a.action for a in rules.actions(table.state, 0)} == {"tactic"}
    table.state["pool"] += table.state["encounters"][3:]
    table.state["encounters"] = table.state["encounters"][:3]
    table.act(0, "tactic", fighter="enemy", card="escape_man")
    table.act(table.seat_of("mina"), "tactic", fighter="mina", card="escape")
    assert combat_in_progress.find(table.state) is None
    assert table.state["turn"]["who"] == "godalming"
    assert len(table.state["encounters"]) == 5


def test_a_search_that_finds_dracula_fights_him_and_ends_the_hunters_turn():
    table = Table().start("brussels")
    seat = table.seat_of("godalming")
    table.act(seat, "travel", to="brussels", by="road")
    item = table.state["queue"][0]
    assert item["kind"] == "combat" and item["enemy"] == "dracula"
    table.act(0, "tactic", fighter="enemy", card="escape_man")
    table.act(seat, "tactic", fighter="godalming", card="escape")
    assert table.state["turn"]["who"] == "seward"


def met(token: str, dracula_there: bool) -> FightTable:
    """Lord Godalming walks into Brussels and meets ``token`` there (Dracula too, or not)."""
    plain = found(token)
    table = FightTable(seed=7)
    table.state, table.step = plain.state, plain.step
    if dracula_there:
        table.state["trail"][0].update(place="brussels", card="brussels")
    assert combat_in_progress.find(table.state)["enemy"] == "agent"
    return table


def test_a_hunter_who_flees_a_minion_he_met_ends_his_turn_and_fights_no_dracula():
    """„Если Охотник побежден Агентом или бежит от него, то ход Охотника считается
    завершенным, и он не может сражаться с Дракулой в этот ход. Жетон агента остается в
    локации.“ Dracula is in Brussels too, yet the next hunter's turn begins."""
    table = met("minion_knife:1", dracula_there=True)
    table.round("punch_agent", dice=(6, 6, 1), godalming="escape")
    assert combat_in_progress.find(table.state) is None
    assert table.state["turn"]["who"] == "seward"
    assert "minion_knife:1" in trail.holding(table.state, "minion_knife:1")["shown"]


def test_a_minion_killed_goes_back_to_the_pool_and_the_turn_goes_on():
    """A found encounter ends the hunter's turn after it („После этого ход Охотника
    завершается“); the killed minion's token leaves the card."""
    table = met("minion_knife:1", dracula_there=False)
    table.round("punch_agent", dice=(6, 6, 1), godalming="punch")
    assert combat_in_progress.find(table.state) is None
    assert "minion_knife:1" in table.state["pool"]
    assert table.state["turn"]["who"] == "seward"


def test_a_vampire_fight_ends_at_the_hunters_first_wound_and_the_track_goes_back(monkeypatch):
    """Vampire Lair: „As soon as you score a Wound or a Kill, the combat ends and the vampire
    track goes back 1.“ The vampire plays the New Vampire's tactics."""
    ended = []
    monkeypatch.setitem(registry.FIGHT_ENDS, "test_lair",
                        lambda ctx, f: ended.append(f["outcome"]))
    table = start_fight("vampire", hunters=("seward",), items={"seward": ["knife"]},
                        source="test_lair")
    table.state["vampires"] = 2
    assert table.fight["token"] is None
    assert table.options("enemy") == ["claws", "dodge_dracula", "fangs", "mesmerize",
                                      "strength"]
    table.round("claws", dice=(6, 1), seward="knife")
    assert table.fight is None and table.state["vampires"] == 1
    assert table.state["blood"] == 15 and ended == ["wounded"]


def test_the_end_of_an_agents_fight_is_told_to_whoever_listens(monkeypatch):
    """For cards that follow a fight (Relentless Minion: „As soon as a hunter has killed a
    Minion or escaped from one“)."""
    ended = []
    monkeypatch.setitem(registry.FIGHT_ENDS, "agent",
                        lambda ctx, f: ended.append((f["agent"], f["outcome"])))
    start_fight("minion_knife", hunters=("seward",)).round(
        "punch_agent", dice=(6, 1), seward="punch")
    start_fight("minion_knife_rifle", hunters=("seward",)).round(
        "rifle_agent", dice=(6, 1), seward="escape")
    assert ended == [("minion_knife", "killed"), ("minion_knife_rifle", "end")]


def test_a_vampire_never_flies():
    table = start_fight("vampire", hunters=("van_helsing",))
    table.round("fangs", dice=(1, 6), van_helsing="punch")
    if table.question() and table.question()["question"] == "combat_confirm":
        table.answer("data")
    assert not any(q.get("question") == "combat_bat" for q in table.state["queue"])


def test_the_combat_holds_the_game_and_nothing_else_can_be_done():
    table = start_fight(hunters=("godalming",))
    for seat in range(3):
        assert {a.action for a in rules.actions(table.state, seat)} <= {"tactic"}



def test_the_rendered_screens_never_show_another_seats_pending_choice(app):
    """The tablet's and every phone's HTML is the same whatever the others chose in secret
    (Dracula has chosen Fangs and Lord Godalming a Knife; Dr. Seward is still choosing)."""
    from tests.test_conformance import render_screens

    table = start_fight(hunters=("godalming", "seward"),
                        items={"godalming": ["knife", "stake"], "seward": ["pistol"]})
    table.tactic("enemy", "fangs").tactic("godalming", "knife")
    names = ["Vlad", "Anna", "Boris"]
    with app.test_request_context("/"):
        for seat in (None, 0, 1, 2):
            html = render_screens(app, rules, table.state, seat, names)
            for step in range(8):
                other = rules.redeal_hidden(table.state, seat, rng_for(step))
                assert render_screens(app, rules, other, seat, names) == html, (seat, step)
        tablet = render_screens(app, rules, table.state, None, names)
        assert "Fangs" not in tablet and "Knife" not in tablet
        assert "Fangs" in render_screens(app, rules, table.state, 0, names)


# --- Great Strength (issue 41: played from its card) -------------------------------------------


def test_great_strength_cancels_the_knifes_wound_before_its_discard():
    """Great Strength: „When you are bitten, or lose health from one attack or one cause: that
    bite, or that loss of health, is cancelled.“ A Minion's Knife takes 2 health and an
    event card: Seward's player is asked about the wound first, plays Great Strength (the
    health comes back), and only then discards an event — not the Great Strength he needed."""
    table = start_fight("minion_knife", hunters=("seward",),
                        events={"seward": ["great_strength", "escape_route"]})
    seat = table.seat_of("seward")
    table.round("knife_agent", dice=(1, 6), seward="punch")
    assert table.hunter("seward")["health"] == 8
    assert table.state["queue"][0]["window"] == "great_strength"
    strength = next(p for p in table.names(seat, "play_event")
                    if p["card"].startswith("great_strength"))
    table.act(seat, "play_event", **strength)
    table.settle()
    assert table.hunter("seward")["health"] == 10
    assert [c.split(":")[0] for c in table.hunter("seward")["events"]] == []
    assert any(c.startswith("escape_route") for c in table.state["event_discard"])
    assert "Great Strength: {hunter}'s loss of {n} health is cancelled ({why}): {now}." in [
        line["text"] for line in table.log]


def test_great_strength_stops_a_defeat():
    """A blow that would bring him to 0 health waits for the question: Great Strength
    cancels it and he stays on his feet (the combat, ended by the fall, stays ended)."""
    table = start_fight(hunters=("seward",), events={"seward": ["great_strength"]})
    table.hunter("seward")["health"] = 3
    table.round("strength", dice=(1, 6), seward="punch")
    seat = table.seat_of("seward")
    strength = table.names(seat, "play_event")[0]
    table.act(seat, "play_event", **strength)
    table.settle()
    seward = table.hunter("seward")
    assert seward["place"] == "paris" and not seward["skip"] and seward["health"] == 3
    assert table.state["vampires"] == 0


def test_great_strength_cancels_a_bite():
    """„That bite… is cancelled.“"""
    table = start_fight(hunters=("seward",), events={"seward": ["great_strength"]})
    table.round("mesmerize", dice=(1, 6), seward="escape")
    assert table.hunter("seward")["bites"] == 1
    seat = table.seat_of("seward")
    table.act(seat, "play_event", **table.names(seat, "play_event")[0])
    table.settle()
    assert table.hunter("seward")["bites"] == 0


def test_the_question_of_great_strength_is_asked_whatever_the_hand_holds():
    """Issue 40: asked because his hand holds event cards (public), not because one is Great
    Strength — the tablet's screen is the same either way."""
    from companion.games.fury import rules

    screens = []
    for kind in ("great_strength", "escape_route"):
        table = start_fight("minion_knife", hunters=("seward",), events={"seward": [kind]})
        table.round("knife_agent", dice=(1, 6), seward="punch")
        screens.append(rules.view(table.state, None))
    assert screens[0] == screens[1] and screens[0]["waiting"]["kind"] == "window"
