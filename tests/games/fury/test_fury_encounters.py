"""Fury of Dracula: each of the 18 encounters does what the rulebook says when a hunter
finds it (quoted per test)."""

from __future__ import annotations

import pytest

from companion.games.fury import board, rules
from tests.games.fury.fury_positions import Table

EAST = "bucharest"
WEST = "brussels"


def found(token: str, where: str = WEST, night: bool = False, seed: int = 7,
          react: bool = False, **hunter: object) -> Table:
    """Lord Godalming walks into ``where``, where Dracula's trail holds ``token``."""
    start = {"brussels": "paris", "bucharest": "sofia", "zurich": "geneva"}[where]
    table = Table(seed=seed)
    table.state["time"] = 4 if night else 1
    table.start("munich" if where != "zurich" else "vienna",
                places={"godalming": start, "seward": "london", "van_helsing": "rome",
                        "mina": "madrid"})
    state = table.state
    state["hunters"]["godalming"].update(hunter)
    slot = {"id": 99, "place": where, "card": where, "power": None, "tokens": [token],
            "shown": [], "revealed": False}
    state["pool"].remove(token) if token in state["pool"] else state["encounters"].remove(token)
    state["trail"].append(slot)
    table.go_on(1)
    table.act(1, "travel", to=where, by="road")
    while not react and _window_for(table, 1):
        table.act(1, "pass")
    return table


def _window_for(table: Table, seat: int) -> bool:
    queue = table.state["queue"]
    return bool(queue) and queue[0]["kind"] == "window" and seat in queue[0]["seats"]


def godalming(table: Table) -> dict:
    return table.state["hunters"]["godalming"]


def test_plague_costs_two_health():
    """„Мор (1) — Засада: Охотник теряет 2 Здоровья.“"""
    assert godalming(found("plague:1"))["health"] == 10


@pytest.mark.parametrize(("items", "health"), [
    ([], 10), (["pistol:1"], 11), (["rifle:1"], 11), (["pistol:1", "rifle:2"], 12)])
def test_wolves_cost_less_to_a_hunter_with_guns(items, health):
    """„Волки: Охотник теряет 2 Здоровья. Охотник теряет 1 Здоровье, если покажет Дракуле
    Пистолет или Винтовку, и не теряет Здоровья, если имеет и Пистолет, и Винтовку.“"""
    table = found("wolves:1", items=list(items))
    assert godalming(table)["health"] == health
    if items:
        private = [e for e in table.log if e.get("to") == [0]]
        assert private and all(e["args"]["hunter"] == "Lord Godalming" for e in private)


def test_rats_roll_four_dice_unless_dogs_are_face_up():
    """„Крысы: Если у Охотника есть Псы (лицом вверх), засада сбрасывается без эффекта. В
    противном случае Охотник бросает 4 кубика и теряет по 1 Здоровью за каждый результат от 4
    до 6.“"""
    table = found("rats:1", items=["dogs:1"], up=["dogs:1"])
    assert godalming(table)["health"] == 12
    losses = set()
    for seed in range(12):
        table = found("rats:1", seed=seed)
        rolled = next(e["args"]["rolls"] for e in table.log if "rolls" in e["args"])
        loss = sum(1 for r in rolled if int(r) >= 4)
        assert godalming(table)["health"] == 12 - loss
        losses.add(loss)
    assert len(losses) > 1


def test_bats_end_the_turn_and_dracula_moves_the_hunter_next_turn():
    """„Нетопыри: ход Охотника тут же завершается… На следующий его ход он возвращает этот
    жетон Дракуле, который на этом ходу контролирует движение Охотника (он должен вести
    Охотника по Дорогам, не Морем и не Поездом). После перемещения Охотника засада
    возвращается в пул.“"""
    table = found("bats:1")
    assert table.state["turn"]["who"] == "seward"
    assert godalming(table)["held"] == ["bats:1"]
    view = rules.view(table.state, None)
    assert view["hunters"][0]["bats"] and view["hunters"][0]["held"] == ["Bats"]
    table.pass_hunters()
    table.act(0, "move", to="zurich", power="")
    table.act(0, "place", token=table.names(0, "place")[0]["token"])
    choices = table.names(0, "choose")
    assert {c["key"] for c in choices} == set(board.ROAD["brussels"])
    assert table.legal(1) in ([], [{"action": "hand_open"}])
    table.act(0, "choose", key="amsterdam")
    assert godalming(table)["place"] == "amsterdam"
    assert "bats:1" in table.state["pool"] and godalming(table)["held"] == []


def test_fog_ends_the_turn_and_closes_the_city_to_other_hunters():
    """„Туман: ход Охотника тут же завершается… ни один другой Охотник не может ни войти в
    город, ни выйти из него… В конце следующего хода Охотника жетон сбрасывается в пул.“"""
    table = found("fog:1")
    assert table.state["turn"]["who"] == "seward"
    table.state["hunters"]["seward"]["place"] = "paris"
    destinations = {p["to"] for p in table.names(2 if table.seat_of("seward") == 2 else 1,
                                                 "travel")}
    assert "brussels" not in destinations
    table.pass_hunters()
    table.act(0, "move", to="zurich", power="")
    table.act(0, "place", token=table.names(0, "place")[0]["token"])
    assert table.names(1, "travel") == []
    table.act(1, "stay").act(1, "end_turn")
    assert "fog:1" in table.state["pool"] and not godalming(table)["fog"]


def test_saboteur_ends_the_turn_and_takes_a_card_of_the_hunters_choice():
    """„Саботаж: … ход Охотника тут же завершается… и он должен сбросить 1 Вещь или 1
    Событие по своему выбору.“"""
    table = found("saboteur:1", items=["knife:1", "pistol:2"])
    assert {c["key"] for c in table.names(1, "choose")} == {"knife:1", "pistol:2"}
    table.act(1, "choose", key="pistol:2")
    assert godalming(table)["items"] == ["knife:1"]
    assert table.state["turn"]["who"] == "seward"


def test_hoax_west_discards_every_event_east_one_of_choice():
    """„Обман: в Западной Европе Охотник тут же сбрасывает все карты Событий. В Восточной
    Европе Охотник немедленно сбрасывает 1 Событие по своему выбору.“"""
    west = found("hoax:1", events=["forewarned:1", "long_day:1"])
    assert godalming(west)["events"] == []
    east = found("hoax:1", where=EAST, events=["forewarned:1", "long_day:1"])
    east.act(1, "choose", key="long_day:1")
    assert godalming(east)["events"] == ["forewarned:1"]


def test_lightning_spares_a_hunter_who_shows_a_crucifix():
    """„Молния: если Охотник показывает Дракуле, что имеет Распятие или Облатки Причастия,
    эта засада сбрасывается без эффекта. В противном случае Охотник теряет 2 Здоровья и
    должен сбросить 1 Вещь по своему выбору.“"""
    spared = found("lightning:1", items=["crucifix:1", "knife:1"])
    assert godalming(spared)["health"] == 12 and len(godalming(spared)["items"]) == 2
    struck = found("lightning:1", items=["knife:1", "pistol:1"])
    assert godalming(struck)["health"] == 10
    struck.act(1, "choose", key="knife:1")
    assert godalming(struck)["items"] == ["pistol:1"]


def test_lightning_that_defeats_a_hunter_asks_no_discard_once_his_items_are_gone():
    """„Молния: … Охотник теряет 2 Здоровья и должен сбросить 1 Вещь по своему выбору.“ With
    Great Strength in his hand the blow that would defeat him waits for its question; he
    declines, is defeated and discards every card („сбрасывает все свои карты Вещей и
    Событий“), so the discard of one item has nothing left to choose and the game goes on
    (issue 42: a self-played game stuck there, nobody able to act)."""
    table = found("lightning:1", items=["knife:1", "pistol:1"], health=2,
                  events=["great_strength:1"])
    assert godalming(table)["place"] == board.HOSPITAL and godalming(table)["items"] == []
    assert not [q for q in table.state["queue"] if q["kind"] == "choice"]
    assert table.names(1, "choose") == []
    assert any(rules.actions(table.state, seat) for seat in range(3))


def test_peasants_west_one_item_east_all_items_replaced():
    """„Крестьяне: в Западной Европе Охотник сбрасывает 1 карту Вещи по-своему выбору и берет
    новую. В Восточной Европе Охотник сбрасывает все Вещи и берет равное число новых.“"""
    west = found("peasants:1", items=["knife:1", "pistol:1"])
    west.act(1, "choose", key="knife:1")
    assert len(godalming(west)["items"]) == 2 and "knife:1" not in godalming(west)["items"]
    east = found("peasants:1", where=EAST, items=["knife:1", "pistol:1"])
    assert len(godalming(east)["items"]) == 2
    assert {"knife:1", "pistol:1"} <= set(east.state["item_discard"])


def test_spy_shows_dracula_the_cards_and_binds_the_next_move():
    """„Шпион: Дракула может посмотреть все карты Вещей и Событий Охотника, а Охотник должен
    сказать, куда будет двигаться следующим ходом.“"""
    table = found("spy:1", items=["knife:1"], events=["forewarned:1"])
    private = [e for e in table.log if e.get("to") == [0]]
    assert private[0]["args"]["cards"] == ["Knife", "Forewarned"]
    table.act(1, "choose", key="road:amsterdam")
    assert rules.view(table.state, 2)["hunters"][0]["declared"]["to"] == "amsterdam"
    to_next_movement(table)
    assert [p["to"] for p in table.names(1, "travel")] == ["amsterdam"]
    assert table.names(1, "train") == []


def to_next_movement(table: Table) -> Table:
    """Play on (everyone else staying, Dracula taking his first move) to Lord Godalming's
    next movement."""
    while table.state["turn"]["who"] != "godalming":
        turn = table.state["turn"]
        if turn["who"] == "dracula":
            if turn["stage"] == "move":
                table.act(0, "move", **table.names(0, "move")[0])
            else:
                table.act(0, "place", token=table.names(0, "place")[0]["token"])
            continue
        seat = table.seat_of(turn["who"])
        table.idle_step(seat, turn["stage"])
    table.go_on(1)
    return table


def spied(key: str) -> Table:
    """Lord Godalming meets the Spy in Brussels and declares ``key``."""
    table = found("spy:1")
    table.act(1, "choose", key=key)
    return table


@pytest.mark.parametrize(("key", "action", "params"), [
    ("road:amsterdam", "travel", {"to": "amsterdam", "by": "road"}),
    ("rail", "train", {"carriage": ""}),
])
def test_the_move_declared_to_the_spy_is_the_only_one_offered(key, action, params):
    """„…Охотник должен сказать, куда будет двигаться следующим ходом“: said aloud, it is
    his move — staying is not offered beside it."""
    table = to_next_movement(spied(key))
    moves = [a for a in table.legal(1) if a["action"] in ("travel", "train", "ride", "stay",
                                                         "set_sail")]
    assert moves == [{"action": action, **params}]


def test_a_defeat_spends_the_declared_move():
    """„…сбрасывает все свои карты… пропускает свой следующий ход“: the skipped turn was
    the one the Spy's declaration was for; back on the road from the hospital he may go
    anywhere again."""
    table = spied("road:amsterdam")
    godalming(table)["health"] = 1
    table.act(1, "hand_open").act(1, "hand_health", hunter="godalming", by=-1)
    table.act(1, "hand_done").act(0, "choose", key="agree")
    assert godalming(table)["place"] == board.HOSPITAL
    to_next_movement(table)
    assert {p["to"] for p in table.names(1, "travel")} == set(board.ROAD[board.HOSPITAL])


def test_staying_is_left_when_the_declared_move_became_impossible():
    """The declared road is closed by a Roadblock before his turn: he can only stay."""
    table = spied("road:amsterdam")
    table.state["roadblock"] = {"road": ["brussels", "amsterdam"], "rail": None}
    to_next_movement(table)
    moves = [a for a in table.legal(1) if a["action"] in ("travel", "train", "ride", "stay",
                                                         "set_sail")]
    assert moves == [{"action": "stay"}]


def test_thief_takes_a_random_card_of_the_kind_dracula_names():
    """„Вор: … Дракула забирает у Охотника случайную карту Вещи или События (Дракула
    выбирает, карту какого типа забрать), смотрит ее и сбрасывает.“"""
    table = found("thief:1", items=["knife:1", "pistol:1"], events=["forewarned:1"])
    assert {c["key"] for c in table.names(0, "choose")} == {"items", "events"}
    table.act(0, "choose", key="items")
    assert len(godalming(table)["items"]) == 1
    assert len(table.state["item_discard"]) == 1
    dogs = found("thief:1", items=["dogs:1"], up=["dogs:1"])
    assert godalming(dogs)["items"] == ["dogs:1"]


def test_desecrated_soil_gives_dracula_a_bat_card_or_discards_a_cross():
    """„Оскверненная почва: Дракула берет 1 карту События. Если это Событие Охотника, оно
    сбрасывается. В другом случае, Дракула оставляет карту себе.“"""
    table = found("desecrated_soil:1")
    state = table.state
    assert len(state["event_discard"]) + len(state["dracula_events"]) + (
        state["allies"]["dracula"] is not None) >= 1


def test_new_vampire_by_day_is_destroyed():
    """„Новый Вампир: Днем Охотник убивает вампира, и эта засада сбрасывается без эффекта.“"""
    table = found("new_vampire:1")
    assert "new_vampire:1" in table.state["pool"] and godalming(table)["bites"] == 0


def test_new_vampire_at_night_bites_or_escapes():
    """„Ночью киньте кубик. На 1-3 Охотник Укушен, если он не покажет Дракуле, что имеет
    Распятие или Облатки Причастия. На 4-6 Вампир убегает, если Охотник не сбросит Нож или
    Кол. … Если Вампир сбежал, засада остается в локации, а ход Охотника тут же
    завершается.“"""
    outcomes = set()
    for seed in range(20):
        table = found("new_vampire:1", night=True, seed=seed)
        roll = next(e["args"]["roll"] for e in table.log if "roll" in e["args"])
        if roll <= 3:
            assert godalming(table)["bites"] == 1
            assert "new_vampire:1" in table.state["pool"]
            outcomes.add("bitten")
        else:
            slot = next(s for s in table.state["trail"] if s["place"] == WEST)
            assert slot["shown"] == ["new_vampire:1"]
            assert rules.view(table.state, 1)["trail"][-1]["shown"] == ["New Vampire"]
            outcomes.add("escaped")
    assert outcomes == {"bitten", "escaped"}


def test_new_vampire_stopped_by_a_knife():
    for seed in range(20):
        table = found("new_vampire:1", night=True, seed=seed, items=["knife:1"])
        if table.names(1, "choose"):
            table.act(1, "choose", key="knife:1")
            assert "new_vampire:1" in table.state["pool"]
            assert godalming(table)["items"] == []
            return
    raise AssertionError("no seed rolled 4-6")


@pytest.mark.parametrize("token", ["assassin:1", "minion_knife:1", "minion_knife_pistol:1",
                                   "minion_knife_rifle:1"])
def test_agents_start_a_fight(token):
    """„Ассасин: Охотник атакован Агентом…“ „Миньон: Охотник атакован Агентом…“"""
    table = found(token)
    assert table.state["queue"][0]["kind"] == "combat"


def test_ambush_lets_dracula_draw_an_encounter_then_keep_his_hand_size():
    """„Западня: Дракула может взять 1 засаду из резерва, а потом должен сбросить в резерв
    жетоны, если их число в его запасе больше нормы.“"""
    table = found("ambush:1")
    table.act(0, "choose", key="draw")
    assert len(table.state["encounters"]) == 6
    token = table.names(0, "choose")[0]["key"]
    table.act(0, "choose", key=token)
    assert len(table.state["encounters"]) == 5
