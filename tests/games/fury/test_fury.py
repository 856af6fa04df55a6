"""Fury of Dracula (second edition): the rules the app referees, each test quoting the
rulebook (``shared/rules/fury-of-dracula.ru.txt``) or naming the data file it checks."""

from __future__ import annotations

import pytest

from companion.fairplay.fairness import StepRandom
from companion.games.base import ActionSyntaxError, IllegalActionError
from companion.games.fury import board, cards, decks, hunter_turn, rules, trail
from companion.games.fury.cards import HUNTERS
from companion.games.fury.state import Ctx
from tests.games.fury.fury_positions import Table, dracula_moves


def lay(table: Table, *places: str, tokens: int = 1) -> None:
    """Build Dracula's trail by hand, oldest first, each card with ``tokens`` encounters."""
    state = table.state
    state["trail"] = []
    for place in places:
        slot = trail.new_slot(state, place, place)
        for _ in range(tokens):
            slot["tokens"].append(state["pool"].pop())
        state["trail"].insert(0, slot)


def to_dracula_move(table: Table) -> Table:
    table.pass_hunters()
    assert table.state["turn"] == {**table.state["turn"], "who": "dracula", "stage": "move"}
    return table


# --- setup ------------------------------------------------------------------------------


def test_setup_event_deck_bottom_card_is_put_on_top():
    """„Перетасуйте колоду карт Событий, затем самую нижнюю карту из этой колоды положите
    наверх.“"""
    shuffled = StepRandom(b"s" * 32, 0).shuffle(list(cards.EVENT_DECK))
    deck = decks.new_event_deck(StepRandom(b"s" * 32, 0))
    assert deck[0] == shuffled[-1]
    assert deck[1:] == shuffled[:-1]
    assert sorted(deck) == sorted(cards.EVENT_DECK)


def test_setup_dracula_takes_five_encounters_from_the_pool_of_45():
    """„Дракула получает 5 жетонов Засад из пула в начале игры.“"""
    table = Table()
    assert len(table.state["encounters"]) == 5
    assert len(table.state["pool"]) == 40
    assert sorted(table.state["encounters"] + table.state["pool"]) == sorted(
        cards.ENCOUNTER_POOL)


def test_setup_tracks_blood_and_health():
    """„Разместите жетоны на треке Вампиров, и на треке Решимости на 0… жетон Дня/Ночи на
    деление «Рассвет»“; 15 blood; hunters at their maximum health, Mina bitten."""
    state = Table().state
    assert (state["vampires"], state["resolve"], state["time"], state["blood"]) == (0, 0, 0, 15)
    assert {h: state["hunters"][h]["health"] for h in HUNTERS} == {
        "godalming": 12, "seward": 10, "van_helsing": 8, "mina": 8}
    assert state["hunters"]["mina"]["bites"] == 1


def test_setup_hunters_place_in_order_starting_with_godalming():
    """„Начиная с Лорда Годалминга и далее по часовой стрелке, каждый игрок-Охотник размещает
    свою фигурку в любом городе.“"""
    table = Table(players=5)
    for i, hunter in enumerate(HUNTERS):
        seat = table.seat_of(hunter)
        others = [s for s in range(5) if s != seat]
        assert table.names(seat, "start_at")
        assert all(not table.legal(s) for s in others)
        table.act(seat, "start_at", place="paris")
        assert table.state["setup"] == i + 1


def test_setup_hunters_never_start_at_sea_in_the_castle_or_the_hospital():
    """„Нельзя размещать Охотников в моря, Замок Дракулы и Больница св. Иосифа и св. Марии.“"""
    table = Table()
    places = {p["place"] for p in table.names(1, "start_at")}
    assert "paris" in places
    assert board.CASTLE not in places and board.HOSPITAL not in places
    assert not any(board.is_sea(p) for p in places)
    with pytest.raises(IllegalActionError):
        table.act(1, "start_at", place="black_sea")


def test_setup_dracula_never_starts_at_sea_in_the_castle_or_a_hunters_city():
    """„Дракула не может начинать игру, разместившись в море, Замке Дракулы или в локации, в
    которой находится Охотник.“"""
    table = Table().place_hunters()
    places = {p["place"] for p in table.names(0, "start_at")}
    assert "munich" in places
    assert not places & {"paris", "london", "rome", "vienna", board.CASTLE, board.HOSPITAL}
    assert not any(board.is_sea(p) for p in places)


def test_setup_dracula_start_is_secret_and_has_no_encounter():
    """„При определении своего изначального размещения Дракула не может использовать карты
    Сил и не размещает Засаду.“ The table sees a face-down land card."""
    table = Table().start("munich")
    head = table.state["trail"][0]
    assert head["place"] == "munich" and not head["tokens"] and head["power"] is None
    public = rules.view(table.state, None)
    assert public["trail"][0]["place"] is None and public["trail"][0]["back"] == "land"
    assert "munich" not in str(public)


def test_the_game_begins_with_lord_godalming():
    """„Игра начинается с Лорда Годалминга и продолжается по часовой стрелке.“"""
    table = Table().start()
    assert table.state["turn"]["who"] == "godalming"


def test_option_dracula_opens_the_first_round():
    table = Table(first_turn="dracula").start()
    assert table.state["turn"]["who"] == "dracula"


def test_hunter_split_auto_and_letters():
    assert rules.hunter_split("auto", 2) == dict.fromkeys(HUNTERS, 1)
    assert rules.hunter_split("auto", 5) == {h: i + 1 for i, h in enumerate(HUNTERS)}
    assert rules.hunter_split("GV/SM", 3) == {"godalming": 1, "van_helsing": 1, "seward": 2,
                                              "mina": 2}
    with pytest.raises(ActionSyntaxError):
        rules.hunter_split("GS/GM", 3)
    with pytest.raises(ActionSyntaxError):
        rules.hunter_split("GSVM", 3)


# --- the time phase ------------------------------------------------------------------------


def test_time_phase_moves_one_space_and_dawn_raises_vampires_and_resolve():
    """„Если жетон переместился с «Предрассветной поры» на «Рассвет», также переместите
    жетоны на треке Вампиров и на треке Решимости на 1 деление вперед.“"""
    table = Table().start()
    table.state["time"] = 5
    table.pass_hunters()
    assert table.state["time"] == 0
    assert (table.state["vampires"], table.state["resolve"]) == (1, 1)


def test_time_phase_does_nothing_while_dracula_is_at_sea():
    """„Если Дракула находится в море, то ничего не происходит.“"""
    table = Table().start("munich")
    table.state["trail"][0].update(place="adriatic_sea", card="adriatic_sea")
    table.state["time"] = 2
    table.pass_hunters()
    assert table.state["time"] == 2


# --- Dracula's movement ------------------------------------------------------------------


def test_dracula_moves_by_road_or_sea_never_by_rail_or_into_his_trail():
    """Dracula moves by road or sea only; he may not re-enter his trail except by Double Back."""
    table = to_dracula_move(Table().start("munich"))
    plain = {to for to, power in dracula_moves(table) if power == ""}
    assert plain == set(board.ROAD["munich"]) - {"vienna"} | {"vienna"}
    lay(table, "nuremburg", "munich")
    plain = {to for to, power in dracula_moves(table) if power == ""}
    assert "nuremburg" not in plain
    assert ("nuremburg", "double_back") in dracula_moves(table)


def test_dracula_never_enters_the_hospital_or_a_protected_city():
    """„Дракула не может перемещаться в Локации, защищенные этими жетонами“ and „Дракула не
    может находиться в этой Локации“ (the hospital)."""
    table = to_dracula_move(Table().start("belgrade"))
    table.state["blocked"]["sofia"] = "consecrated"
    reach = {to for to, _power in dracula_moves(table)}
    assert board.HOSPITAL in board.ROAD["belgrade"]
    assert board.HOSPITAL not in reach and "sofia" not in reach
    assert "szeged" in reach


def test_feed_and_wolf_form_only_at_night():
    """„Карты «Пир» и «Волк» могут быть использованы только ночью.“"""
    table = to_dracula_move(Table().start("munich"))
    powers = {power for _to, power in dracula_moves(table)}
    assert "feed" not in powers and "wolf_form" not in powers
    assert {"hide", "dark_call"} <= powers
    table.state["time"] = 4
    powers = {power for _to, power in dracula_moves(table)}
    assert {"feed", "wolf_form"} <= powers


def test_wolf_form_reaches_two_roads_and_costs_blood():
    table = to_dracula_move(Table().start("munich"))
    table.state["time"] = 3
    wolf = {to for to, power in dracula_moves(table) if power == "wolf_form"}
    assert "nuremburg" in wolf and "leipzig" in wolf
    table.act(0, "move", to="leipzig", power="wolf_form")
    assert table.state["blood"] == 15 - cards.POWERS["wolf_form"]["blood"]
    assert table.state["trail"][0]["power"] == "wolf_form"
    assert rules.view(table.state, None)["trail"][0]["power"] == "wolf_form"


def test_power_cards_lie_on_the_trail_and_cannot_be_played_twice():
    """„Карты Сил Дракулы размещаются на Пути Дракулы. Дракула не может забрать карту Сил со
    своего Пути.“"""
    table = to_dracula_move(Table().start("munich"))
    table.act(0, "move", to="munich", power="hide")
    assert table.state["trail"][0]["power"] == "hide"
    table.pass_hunters()
    assert "hide" not in {power for _to, power in dracula_moves(table)}


def test_hide_is_face_down_like_a_location():
    """„«Укрытие» играется тайно от Охотников, как обычная Локация.“"""
    table = to_dracula_move(Table().start("munich"))
    table.act(0, "move", to="munich", power="hide")
    public = rules.view(table.state, 1)["trail"][0]
    assert public["power"] is None and public["back"] == "land" and public["has_card"]
    assert table.texts()[0] == "Dracula moves: {back} is laid on his trail."


def test_every_second_sea_move_costs_a_blood():
    """misc.json: "loses 1 blood for every second sea zone moved through"."""
    table = to_dracula_move(Table().start("varna", places={
        "godalming": "paris", "seward": "paris", "van_helsing": "paris", "mina": "paris"}))
    table.act(0, "move", to="black_sea", power="")
    assert table.state["blood"] == 15
    table.pass_hunters()
    table.act(0, "move", to="ionian_sea", power="")
    assert table.state["blood"] == 14


def test_dracula_may_not_bring_his_own_blood_to_zero():
    """„Дракула не может самостоятельно уменьшить свои Пункты Крови до 0.“"""
    table = to_dracula_move(Table().start("varna"))
    table.state["trail"][0].update(place="black_sea", card="black_sea")
    table.state["sea_run"] = 1
    table.state["blood"] = 1
    moves = dracula_moves(table)
    assert ("ionian_sea", "") not in moves
    assert ("varna", "") in moves or ("constanta", "") in moves


def test_castle_dracula_reveals_him_and_gives_two_blood():
    """„Дракула автоматически выдает свое местоположение, находясь в Замке Дракулы… Каждый
    раз, когда в конце Фазы Движения Дракула оказывается в своем Замке, он получает 2 пункта
    Крови.“"""
    table = to_dracula_move(Table().start("galatz"))
    table.state["blood"] = 10
    table.act(0, "move", to=board.CASTLE, power="")
    assert table.state["blood"] == 12
    public = rules.view(table.state, None)
    assert public["dracula_place"] == board.CASTLE
    assert public["trail"][0]["place"] == board.CASTLE


def test_dracula_cannot_lay_an_encounter_in_his_castle():
    """„…и не может размещать там Засады.“"""
    table = to_dracula_move(Table().start("galatz"))
    table.act(0, "move", to=board.CASTLE, power="")
    assert table.state["trail"][0]["tokens"] == []
    assert table.state["turn"]["who"] == "godalming"


def test_no_legal_move_sends_dracula_to_his_castle():
    table = to_dracula_move(Table().start("munich"))
    table.state["blocked"] = {p: "consecrated" for p in board.ROAD["munich"]}
    table.state["trail"][0]["power"] = None
    for power in ("hide", "dark_call", "double_back"):
        slot = trail.new_slot(table.state, "munich", None, power)
        table.state["trail"].append(slot)
    assert table.names(0, "move") == []
    assert table.names(0, "teleport") == [{}]
    table.act(0, "teleport")
    assert trail.dracula_place(table.state) == board.CASTLE


def test_going_to_the_castle_spends_a_move_declared_to_hypnosis():
    """Hypnosis: „Dracula must declare his next move“ — when he has none and reappears in
    his castle, that was his next move: the declaration binds no later turn."""
    table = to_dracula_move(Table().start("munich"))
    table.state["blocked"] = {p: "consecrated" for p in board.ROAD["munich"]}
    table.state["trail"][0]["power"] = None
    for power in ("hide", "dark_call", "double_back"):
        table.state["trail"].append(trail.new_slot(table.state, "munich", None, power))
    table.state["dracula_declared"] = "move:galatz"
    table.act(0, "teleport")
    table.state["blocked"] = {}
    table.pass_hunters()
    assert {"galatz", "klausenburg"} <= {p["to"] for p in table.names(0, "move")}


# --- the trail of six and the catacombs ---------------------------------------------------


def test_the_seventh_card_pushes_the_oldest_off_the_trail():
    table = to_dracula_move(Table().start("munich"))
    lay(table, "madrid", "lisbon", "cadiz", "granada", "alicante", "munich", tokens=0)
    table.act(0, "move", to="zurich", power="")
    assert [s["place"] for s in table.state["trail"]] == [
        "zurich", "munich", "alicante", "granada", "cadiz", "lisbon"]


def test_a_card_leaving_with_an_encounter_offers_catacombs_or_letting_go():
    """The card that falls off: catacombs, or mature, or back to the deck; „Дракула не может и
    укреплять Засаду и убирать карту Локации из-под этой Засады в Катакомбы одновременно“."""
    table = to_dracula_move(Table().start("munich"))
    lay(table, "madrid", "lisbon", "cadiz", "granada", "alicante", "munich")
    table.state["trail"][-1]["tokens"] = ["new_vampire:1"]
    table.act(0, "move", to="zurich", power="")
    choices = {p["choice"] for p in table.names(0, "dropoff")}
    assert choices == {"discard", "catacombs", "mature"}
    table.act(0, "dropoff", choice="catacombs", token="")
    assert table.state["catacombs"][0]["place"] == "madrid"
    assert table.state["turn"]["maturing"] == []
    assert rules.view(table.state, 2)["catacombs"][0] == {
        **rules.view(table.state, 2)["catacombs"][0], "place": None, "tokens": 1}


def test_maturing_a_new_vampire_moves_the_track_two_and_clears_the_trail_to_one():
    """„Новый Вампир… Укрепление: Дракула сдвигается по дорожке Вампира на 2, а затем путь
    очищается до 1 карты.“"""
    table = to_dracula_move(Table().start("munich"))
    lay(table, "madrid", "lisbon", "cadiz", "granada", "alicante", "munich")
    table.state["trail"][-1]["tokens"] = ["new_vampire:1"]
    table.act(0, "move", to="zurich", power="")
    table.act(0, "dropoff", choice="mature", token="new_vampire:1")
    token = table.names(0, "place")[0]["token"]
    table.act(0, "place", token=token)
    assert table.state["vampires"] == 2
    assert [s["place"] for s in table.state["trail"]] == ["zurich"]
    assert len(table.state["encounters"]) == 5


def fog_by_ambush(table: Table, hunter: str) -> Table:
    """Dracula's next move matures an Ambush from the end of his trail and lays Fog on
    ``hunter`` with it."""
    to_dracula_move(table)
    lay(table, "madrid", "lisbon", "cadiz", "granada", "alicante", "munich")
    state = table.state
    for token in ("ambush:1", "fog:1"):
        (state["pool"] if token in state["pool"] else state["encounters"]).remove(token)
    state["trail"][-1]["tokens"] = ["ambush:1"]
    state["encounters"].append("fog:1")
    table.act(0, "move", to="zurich", power="")
    table.act(0, "dropoff", choice="mature", token="ambush:1")
    table.act(0, "place", token=next(p["token"] for p in table.names(0, "place")
                                     if p["token"] != "fog:1"))
    table.act(0, "ambush", token="fog:1", hunter=hunter)
    return table


def test_fog_from_a_matured_ambush_lifts_at_the_end_of_the_hunters_next_turn():
    """„Туман… В конце следующего хода Охотника жетон сбрасывается в пул.“ Laid on Lord
    Godalming by a matured Ambush in Dracula's turn, the fog lasts through his next turn
    and lifts at its end — not one turn later."""
    table = fog_by_ambush(Table().start("munich"), "godalming")
    assert rules.view(table.state, None)["hunters"][0]["fog"]
    assert table.state["turn"]["who"] == "godalming"
    seat = table.seat_of("godalming")
    table.go_on(seat)
    table.act(seat, "stay")
    assert rules.view(table.state, None)["hunters"][0]["fog"]
    table.act(seat, "end_turn")
    assert not rules.view(table.state, None)["hunters"][0]["fog"]
    assert "fog:1" in table.state["pool"]


def test_fog_lifts_at_the_end_of_a_turn_the_hunter_takes_in_another_hunters_group():
    """„Туман… В конце следующего хода Охотника жетон сбрасывается в пул.“ Mina Harker,
    fogged by a matured Ambush in Dracula's turn, comes along in Van Helsing's group: that
    turn is her next turn (she takes none of her own this round), so the fog lifts at its
    end — not a round later."""
    table = fog_by_ambush(Table().start("munich", places={
        "godalming": "paris", "seward": "london", "van_helsing": "rome", "mina": "rome"}),
        "mina")
    assert rules.view(table.state, None)["hunters"][3]["fog"]
    table.until_turn("van_helsing")
    seat = table.seat_of("van_helsing")
    table.go_on(seat)
    table.act(seat, "join", hunter="mina", join=True)
    table.act(seat, "stay")
    assert rules.view(table.state, None)["hunters"][3]["fog"]
    table.act(seat, "end_turn")
    assert table.state["turn"]["who"] == "dracula"
    assert not rules.view(table.state, None)["hunters"][3]["fog"]
    assert "fog:1" in table.state["pool"]


def test_letting_go_returns_the_encounters_to_the_pool():
    table = to_dracula_move(Table().start("munich"))
    lay(table, "madrid", "lisbon", "cadiz", "granada", "alicante", "munich")
    pool = len(table.state["pool"])
    table.act(0, "move", to="zurich", power="")
    table.act(0, "dropoff", choice="discard", token="")
    assert len(table.state["pool"]) == pool + 1


def test_a_hide_card_never_enters_the_catacombs_nor_matures():
    """misc.json: encounters on Hide „never mature and never go to the catacombs“."""
    table = to_dracula_move(Table().start("munich"))
    lay(table, "madrid", "lisbon", "cadiz", "granada", "alicante", "munich")
    oldest = table.state["trail"][-1]
    oldest.update(card=None, power="hide", tokens=["new_vampire:1"])
    table.act(0, "move", to="zurich", power="")
    assert {p["choice"] for p in table.names(0, "dropoff")} == {"discard"}


# --- Dracula's action phase ------------------------------------------------------------


def test_dracula_must_attack_hunters_in_his_location():
    """„Если в Локации Дракулы находится 1 или более Охотников, Дракула должен напасть на
    них.“ He has no other choice, so the move itself brings the attack (issue 41: no tap
    on "Attack the hunters here" alone)."""
    table = to_dracula_move(Table().start("munich"))
    table.act(0, "move", to="vienna", power="")
    assert "Dracula reveals himself in {place} and attacks {hunters}." in table.texts()
    assert not table.names(0, "attack")
    assert rules.view(table.state, None)["dracula_place"] == "vienna"
    assert table.state["queue"][0]["kind"] == "combat"
    assert table.state["queue"][0]["hunters"] == ["mina"]


def test_dracula_must_lay_an_encounter_when_no_hunter_is_there():
    """„Если Охотников нет, Дракула обязан поместить жетон Засады на карту своей текущей
    Локации.“ Then „Дракула добирает Засады из пула в резерв (обычно до 5)“."""
    table = to_dracula_move(Table().start("munich"))
    table.act(0, "move", to="zurich", power="")
    actions = {a["action"] for a in table.legal(0)}
    assert actions == {"place", "hand_open"}
    token = table.names(0, "place")[0]["token"]
    table.act(0, "place", token=token)
    assert table.state["trail"][0]["tokens"] == [token]
    assert len(table.state["encounters"]) == 5
    assert rules.view(table.state, 1)["trail"][0]["tokens"] == 1
    assert token.split(":")[0] not in str(rules.view(table.state, 1)["trail"])


# --- the hunters' turn ------------------------------------------------------------------


def test_hunter_road_rail_and_sea_moves():
    table = Table().start("munich")
    seat = table.seat_of("godalming")
    table.go_on(seat)
    moves = table.names(seat, "travel")
    roads = {m["to"] for m in moves if m["by"] == "road"}
    assert roads == set(board.ROAD["paris"])
    assert {"action": "train", "carriage": ""} in table.legal(seat)


def test_train_die_gives_how_far_the_train_goes():
    """The train die (table option ``train_die``): the app rolls, the phone offers every city
    within that many rail links."""
    table = Table(train_die="2,2,2,2,2,2").start("munich")
    seat = table.seat_of("godalming")
    table.act(seat, "train", carriage="")
    assert table.state["turn"]["rail"] == 2
    reach = {m["to"] for m in table.names(seat, "travel")}
    assert {"bordeaux", "marseilles", "brussels", "le_havre"} <= reach
    assert reach == set(board.rail_within("paris", 2)) - {"paris"}


def test_train_die_zero_means_delayed():
    table = Table(train_die="0,0,0,0,0,0").start("munich")
    seat = table.seat_of("godalming")
    table.act(seat, "train", carriage="")
    assert table.state["hunters"]["godalming"]["place"] == "paris"
    assert table.state["turn"]["stage"] == "act"


def test_search_reveals_a_trail_card_and_its_encounters_end_the_turn():
    """„Если соответствующая Локация… находится на Пути Дракулы или в Катакомбах, то она
    должна быть раскрыта. Если Засады Есть, они задействуются… После этого ход Охотника
    завершается.“"""
    table = Table().start("munich")
    lay(table, "brussels", "munich")
    table.state["trail"][1]["tokens"] = ["plague:1"]
    seat = table.seat_of("godalming")
    table.act(seat, "travel", to="brussels", by="road")
    public = rules.view(table.state, None)
    assert public["trail"][1]["place"] == "brussels"
    assert table.state["trail"][1]["tokens"] == []
    assert "plague:1" in table.state["pool"]
    assert table.state["hunters"]["godalming"]["health"] == 10
    assert table.state["turn"]["who"] == "seward"


def test_search_without_encounters_allows_rest_supply_trade():
    """„Если Засад Нет, Охотник может выбрать одно из трех: Отдых, Подготовка, Обмен.“"""
    table = Table().start("munich")
    lay(table, "brussels", "munich", tokens=0)
    seat = table.seat_of("godalming")
    table.act(seat, "travel", to="brussels", by="road")
    assert rules.view(table.state, None)["trail"][1]["place"] == "brussels"
    assert {"rest", "supply"} <= {a["action"] for a in table.legal(seat)}


def test_dracula_chooses_the_order_of_several_encounters():
    """„…они задействуются в порядке, установленном Дракулой.“"""
    table = Table().start("munich")
    lay(table, "brussels", "munich")
    table.state["trail"][1]["tokens"] = ["plague:1", "wolves:1"]
    table.act(table.seat_of("godalming"), "travel", to="brussels", by="road")
    order = table.names(0, "next_encounter")
    assert {o["token"] for o in order} == {"plague:1", "wolves:1"}
    assert table.legal(table.seat_of("godalming")) in ([], [{"action": "hand_open"}])
    table.act(0, "next_encounter", token="wolves:1")
    assert "wolves:1" in table.state["pool"]


def test_search_finds_dracula_and_the_fight_ends_the_turn():
    table = Table().start("brussels")
    seat = table.seat_of("godalming")
    table.act(seat, "travel", to="brussels", by="road")
    assert rules.view(table.state, None)["dracula_place"] == "brussels"
    item = table.state["queue"][0]
    assert item["kind"] == "combat" and item["hunters"] == ["godalming"]


def test_seas_are_never_searched():
    """„…(за исключением водных)…“"""
    table = Table().start("munich", places={"godalming": "le_havre", "seward": "london",
                                            "van_helsing": "rome", "mina": "vienna"})
    lay(table, "english_channel", "munich")
    table.act(table.seat_of("godalming"), "travel", to="english_channel", by="sea")
    assert rules.view(table.state, None)["trail"][1]["place"] is None


def test_rest_draws_two_from_the_bottom_discards_crosses_gives_bats_and_heals_two():
    """„А. Отдых. Потяните две карты из колоды Событий. Карты с крестом идут в сброс, карты с
    нетопырем отдаются Дракуле… Охотник получает 2 пункта Здоровья.“"""
    table = Table().start("munich")
    deck = table.state["event_deck"]
    keep = [c for c in cards.EVENT_DECK if cards.event(c)["side"] == "hunter"
            and cards.event(c)["kind"] == "keep"][:1]
    bat = [c for c in cards.EVENT_DECK if cards.event(c)["side"] == "dracula"
           and cards.event(c)["kind"] == "keep"][:1]
    for card in keep + bat:
        deck.remove(card)
    deck.extend(bat + keep)
    table.state["hunters"]["godalming"]["health"] = 5
    seat = table.seat_of("godalming")
    table.act(seat, "stay")
    table.act(seat, "rest", hunter="godalming")
    assert table.state["event_discard"] == keep
    assert table.state["dracula_events"] == bat
    assert table.state["hunters"]["godalming"]["health"] == 7


def mina_rests_drawing_night_visit(health: int) -> Table:
    """Mina Harker (bitten from the start, 8 health at most) rests in Vienna; the first card
    drawn is Night Visit („Play it on any bitten hunter: he loses 2 health at once“), a bat
    card Dracula plays at once, the second a cross card."""
    table = Table().start("munich")
    deck = table.state["event_deck"]
    visit = next(c for c in deck if cards.kind(c) == "night_visit")
    cross = next(c for c in deck if cards.event(c)["side"] == "hunter")
    for card in (visit, cross):
        deck.remove(card)
    deck.extend([cross, visit])
    table.state["hunters"]["mina"]["health"] = health
    while table.state["turn"]["who"] != "mina":
        turn = table.state["turn"]
        table.idle_step(table.seat_of(turn["who"]), turn["stage"])
    seat = table.seat_of("mina")
    table.go_on(seat)
    table.act(seat, "stay")
    table.act(seat, "rest", hunter="mina")
    assert [c["key"] for c in table.names(0, "choose")] == ["mina"]
    assert table.state["hunters"]["mina"]["health"] == health
    table.act(0, "choose", key="mina")
    return table


def test_rest_heals_after_the_drawn_card_has_acted():
    """„После того как карты переданы и сыграны (в случае карт «Сразу в игру») Охотник
    получает 2 пункта Здоровья.“ Mina at 7 of 8: Night Visit 7 − 2 = 5, then the rest
    +2 = 7 (healing first would give 8, then 6)."""
    table = mina_rests_drawing_night_visit(7)
    assert table.state["hunters"]["mina"]["health"] == 7
    assert table.state["hunters"]["mina"]["place"] == "vienna"


def test_a_resting_hunter_at_two_health_falls_to_the_night_visit_before_he_heals():
    """The same order decides a defeat: at 2 health Night Visit brings Mina to 0 („при
    уменьшении единиц Здоровья до 0, Охотник считается поверженным“) before the rest's +2;
    she wakes in the hospital at full health, not healed on top."""
    table = mina_rests_drawing_night_visit(2)
    mina = table.state["hunters"]["mina"]
    assert mina["place"] == board.HOSPITAL and mina["skip"]
    assert mina["health"] == 8
    assert not any("rest" in str(e["args"].get("why", "")) for e in table.log)


@pytest.mark.parametrize(("place", "supplies"), [
    ("geneva", {"event"}), ("paris", {"event", "item", "both"}),
    (board.HOSPITAL, {"event", "item"}), (board.CASTLE, set())])
def test_supply_depends_on_the_place(place, supplies):
    """„Городок: … одну карту события. Город: … одну карту События и/или одну карту вещи.
    Замок Дракулы: Охотник не тянет карт. Больница…: одну карту события или Вещи.“"""
    table = Table().start("munich")
    table.state["hunters"]["godalming"]["place"] = place
    seat = table.seat_of("godalming")
    table.act(seat, "stay")
    offered = {p["what"] for p in table.names(seat, "supply") if p["hunter"] == "godalming"}
    assert offered == supplies


def test_castle_allows_no_rest_supply_or_trade():
    """„Охотники не могут Отдыхать, Подготавливаться или Обмениваться, находясь в Замке
    Дракулы.“ With nothing to do there but end it, the turn ends by itself (issue 32)."""
    table = Table().start("munich")
    for h in ("godalming", "seward"):
        table.state["hunters"][h]["place"] = board.CASTLE
    table.state["hunters"]["godalming"]["items"] = ["knife:1"]
    seat = table.seat_of("godalming")
    table.act(seat, "stay")
    assert table.state["turn"]["who"] == "seward"
    table.state["turn"].update(stage="act", acted=None)
    assert [a.action for a in hunter_turn.act_actions(table.state)] == ["end_turn"]


def test_events_are_drawn_from_the_bottom():
    """„Карты Событий достаются из-под низа колоды.“"""
    table = Table().start("munich")
    bottom = table.state["event_deck"][-1]
    seat = table.seat_of("godalming")
    table.act(seat, "stay")
    table.act(seat, "supply", hunter="godalming", what="event")
    assert bottom not in table.state["event_deck"]


def test_event_deck_with_one_card_left_is_shuffled_with_the_discards():
    """„Если осталась только одна карта, перетасуйте её вместе со сброшенными картами.“"""
    state = Table().state
    state["event_discard"] = state["event_deck"][:-2]
    state["event_deck"] = state["event_deck"][-2:]
    ctx = Ctx(state, [], StepRandom(b"r" * 32, 1))
    decks.draw_event(ctx)
    assert len(state["event_deck"]) == 74 and state["event_discard"] == []


def test_hand_limit_discard_the_new_card_or_an_old_one():
    """„При превышении лимита карт Охотник должен сбросить либо новую карту, либо уже
    имеющуюся.“"""
    table = Table().start("munich")
    table.state["hunters"]["godalming"]["items"] = ["knife:1", "knife:2", "pistol:1"]
    top = table.state["item_deck"][-1]
    seat = table.seat_of("godalming")
    table.act(seat, "stay")
    table.act(seat, "supply", hunter="godalming", what="item")
    choices = {p["card"] for p in table.names(seat, "discard")}
    assert choices == {"knife:1", "knife:2", "pistol:1", top}
    table.act(seat, "discard", card=top)
    assert table.state["hunters"]["godalming"]["items"] == ["knife:1", "knife:2", "pistol:1"]


def test_dr_seward_holds_a_larger_hand():
    assert decks.hunter_limits("seward") > decks.hunter_limits("godalming")


def test_group_moves_once_and_uses_the_members_turns():
    """„Группа охотников двигается только один раз, во время Фазы Движения первого из
    Охотников группы… После движения группа получает одну фазу Действия.“"""
    table = Table().start("munich", places={"godalming": "paris", "seward": "paris",
                                            "van_helsing": "rome", "mina": "vienna"})
    seat = table.seat_of("godalming")
    table.act(seat, "join", hunter="seward", join=True)
    table.act(seat, "travel", to="brussels", by="road")
    assert table.state["hunters"]["seward"]["place"] == "brussels"
    rests = {p["hunter"] for p in table.names(seat, "rest")}
    assert rests == {"godalming", "seward"}
    table.act(seat, "rest", hunter="seward").settle()
    assert table.state["turn"]["who"] == "van_helsing", "one action phase for the group; " \
        "nothing left but ending it, the turn ended by itself"


# --- resolve, the hospital, defeat, the end --------------------------------------------------


def test_resolve_newspaper_reports_reveal_the_oldest_hidden_location():
    """misc.json resolve: Newspaper Reports „reveal the oldest unrevealed trail location“,
    unless it is Dracula's current location."""
    table = Table()
    table.state["resolve"] = 1
    table.start("munich")
    lay(table, "madrid", "lisbon", "munich", tokens=0)
    seat = table.seat_of("godalming")
    table.act(seat, "resolve", ability="newspaper_reports")
    assert rules.view(table.state, None)["trail"][2]["place"] == "madrid"
    assert table.state["resolve"] == 0


def test_resolve_once_per_turn():
    """„…использовать 1 пункт Решимости в начале своего хода (один раз за ход)“."""
    table = Table()
    table.state["resolve"] = 3
    table.state["hunters"]["godalming"]["health"] = 2
    table.start("munich")
    seat = table.seat_of("godalming")
    table.act(seat, "resolve", ability="inner_strength")
    assert table.state["hunters"]["godalming"]["health"] == 6
    assert not table.names(seat, "resolve")


def test_hospital_cure_roll():
    """„В начале своей Фазы Движения Охотник может попытаться излечиться от Укуса, бросив
    кубик: на 1 он теряет 2 пункта Здоровья, на 2-3 ничего не происходит, на 4-6 Укус
    успешно снимается.“"""
    outcomes = set()
    for seed in range(30):
        table = Table(seed=seed).place_hunters()
        h = table.state["hunters"]["godalming"]
        h.update(place=board.HOSPITAL, bites=1)
        table.act(0, "start_at", place="munich")
        table.act(table.seat_of("godalming"), "cure")
        roll = next(e["args"]["roll"] for e in table.log if "roll" in e["args"])
        after = table.state["hunters"]["godalming"]
        expected = (10, 1) if roll == 1 else (12, 1) if roll <= 3 else (12, 0)
        assert (after["health"], after["bites"]) == expected
        outcomes.add(expected)
    assert len(outcomes) == 3


def test_mina_cannot_cure_her_first_bite():
    table = Table().start("munich", places={"godalming": "paris", "seward": "london",
                                            "van_helsing": "rome", "mina": "zagreb"})
    table.state["hunters"]["mina"]["place"] = board.HOSPITAL
    while table.state["turn"]["who"] != "mina":
        turn = table.state["turn"]
        seat = table.seat_of(turn["who"])
        table.idle_step(seat, turn["stage"])
    assert not table.names(table.seat_of("mina"), "cure")


def test_a_defeated_hunter_goes_to_the_hospital():
    """„Охотник немедленно перемещается в Больницу… Дракула продвигается по треку Вампиров на
    2 деления. Охотник сбрасывает все свои карты Вещей и Событий… жетон Здоровья на своем
    максимальном значении, все жетоны «Укус» сбрасываются. Охотник пропускает свой следующий
    ход.“"""
    table = Table().start("munich")
    h = table.state["hunters"]["seward"]
    h.update(health=1, items=["knife:1"], events=[])
    table.act(table.seat_of("godalming"), "hand_open")
    table.state["queue"][0]["hunters"] = ["seward"]
    table.state["queue"][0]["seats"].append(table.seat_of("seward"))
    table.act(table.seat_of("seward"), "hand_health", hunter="seward", by=-1)
    assert h == {**h} and table.state["hunters"]["seward"]["place"] == board.HOSPITAL
    after = table.state["hunters"]["seward"]
    assert (after["health"], after["items"], after["skip"]) == (10, [], True)
    assert table.state["vampires"] == 2
    assert "knife:1" in table.state["item_discard"]


def test_hunters_win_at_zero_blood_dracula_at_six_vampires():
    """„Победа Охотников: Пункты Крови Дракулы уменьшены до 0… Победа Дракулы: трек Вампиров
    достиг значения 6.“"""
    table = Table().start("munich")
    table.state["blood"] = 1
    table.act(0, "hand_open")
    table.act(0, "hand_blood", by=-1)
    assert rules.result(table.state)["side"] == "hunters"
    table = Table().start("munich")
    table.state["vampires"] = 5
    table.state["time"] = 5
    table.pass_hunters()
    assert rules.result(table.state)["side"] == "dracula"


# --- the referee ----------------------------------------------------------------------------


def test_bad_input_is_refused_with_a_sentence_and_changes_nothing():
    table = Table().start("munich")
    before = repr(table.state)
    with pytest.raises(ActionSyntaxError):
        rules.apply(table.state, 1, {"action": "fly", "params": {}}, None)
    with pytest.raises(ActionSyntaxError):
        rules.apply(table.state, 1, {"action": "travel", "params": {"to": 3, "by": "road"}},
                    None)
    with pytest.raises(IllegalActionError) as refused:
        rules.apply(table.state, 0, {"action": "move", "params": {"to": "paris", "power": ""}},
                    None)
    assert "turn" in str(refused.value)
    with pytest.raises(ActionSyntaxError, match="sneaky"):
        rules.apply(table.state, 1, {"action": "stay", "params": {"sneaky": 1}}, None)
    with pytest.raises(ActionSyntaxError, match="target"):  # an optional one of the wrong type
        rules.apply(table.state, 0, {"action": "tactic", "params": {
            "fighter": "godalming", "card": "claws", "target": 1}}, None)
    with pytest.raises(IllegalActionError, match="not your turn"):
        rules.apply(table.state, 7, {"action": "stay", "params": {}}, None)
    assert repr(table.state) == before


def test_each_move_has_its_own_handler():
    """The dispatcher finds a move by its handler: two moves with one handler would apply
    as the same move."""
    assert len({move.handler for move in rules.MOVES.moves.values()}) == len(rules.MOVES.moves)


def test_correction_by_hand_once_a_round_and_logged():
    table = Table().start("munich")
    seat = table.seat_of("van_helsing")
    table.act(seat, "hand_open")
    assert table.texts() == ["{who} corrects something by hand."]
    table.act(seat, "hand_bite", hunter="van_helsing", by=1)
    table.act(seat, "hand_done")
    assert table.state["hunters"]["van_helsing"]["bites"] == 1
    assert not table.names(seat, "hand_open")


def test_dark_call_says_how_many_encounters_are_still_to_keep():
    """Dark Call: „draw 10 extra encounters and keep your hand“ — each button of the choice
    says how many are still to keep (the hand showed “15/5” and nothing counted down)."""
    table = to_dracula_move(Table().start("munich"))
    here = trail.dracula_place(table.state)
    table.act(0, "move", to=here, power="dark_call")
    size = decks.encounter_hand_size(table.state)
    for left in range(size, 0, -1):
        offers = [a for a in rules.actions(table.state, 0) if a.action == "keep_token"]
        assert offers and {a.label_args["n"] for a in offers} == {left}
        assert all(a.label == "Keep {encounter} ({n} still to keep)" for a in offers)
        table.act(0, "keep_token", token=offers[0].params["token"])
    assert len(table.state["encounters"]) == size


def test_a_correction_by_hand_stands_when_the_other_side_agrees():
    """Issue 32: a hunter player who gives her own hunter +1 health by hand does not decide
    alone — Dracula's player is asked, and the log says who agreed to it."""
    table = Table().start("munich")
    seat = table.seat_of("van_helsing")
    table.state["hunters"]["van_helsing"]["health"] = 5
    table.act(seat, "hand_open")
    table.act(seat, "hand_health", hunter="van_helsing", by=1)
    table.act(seat, "hand_done")
    check = table.state["queue"][0]
    assert (check["question"], check["seat"]) == ("correction_check", 0)
    assert not table.names(seat, "stay") and not table.names(seat, "travel"), "the game waits"
    table.act(0, "choose", key="agree")
    assert {"text": "Correction by hand agreed by {who} and {check}.",
            "args": {"who": {"seat": seat}, "check": {"seat": 0}}} in table.log
    assert table.state["hunters"]["van_helsing"]["health"] == 6
    assert rules.view(table.state, None)["disputed"] == []


def test_a_disputed_correction_stands_marked_disputed_on_every_screen():
    table = Table().start("munich")
    table.act(0, "hand_open")
    table.act(0, "hand_blood", by=-1)
    table.act(0, "hand_done")
    hunters = sorted(set(table.state["control"].values()))
    assert [q["seat"] for q in table.state["queue"][:len(hunters)]] == hunters
    table.act(hunters[0], "choose", key="dispute")
    entry = {"round": table.state["round"], "who": 0, "by": hunters[0]}
    assert all(rules.view(table.state, s)["disputed"] == [entry] for s in (None, 0, 1))
    assert table.state["blood"] == 14


def test_a_correction_that_changed_nothing_asks_nobody():
    table = Table().start("munich")
    seat = table.seat_of("van_helsing")
    table.act(seat, "hand_open")
    table.act(seat, "hand_done")
    assert not any(q.get("question") == "correction_check" for q in table.state["queue"])
