"""Fury of Dracula (2nd edition): the project's own card files agree with the rulebook and
with each other.

No engine exists yet, so the files under ``companion/games/fury/data`` are read as plain
JSON. Counts quote the Russian rulebook (``shared/rules/fury-of-dracula.ru.txt``) or, where
it says nothing, the English second-edition rulebook's list of components.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games import fury

PACKAGE = Path(fury.__file__).parent
LANGUAGES = {"en", "cs", "ru"}
FILES = ("events", "items", "encounters", "dracula", "hunters", "combat")


def load(name: str) -> dict:
    return json.loads((PACKAGE / "data" / f"{name}.json").read_text(encoding="utf-8"))


DATA = {name: load(name) for name in FILES}
EVENTS = DATA["events"]["cards"]
ITEMS = DATA["items"]["items"]
TOKENS = DATA["encounters"]["tokens"]
DRACULA = DATA["dracula"]
HUNTERS = DATA["hunters"]["hunters"]
COMBAT = DATA["combat"]
TACTICS = {t["id"]: t for t in COMBAT["tactics"]}
ITEM_IDS = {i["id"] for i in ITEMS}


def by_id(entries: list[dict]) -> dict[str, dict]:
    return {e["id"]: e for e in entries}


# --- Events --------------------------------------------------------------------------

def test_the_event_deck_is_75_cards_25_for_dracula_and_50_for_the_hunters():
    """English rulebook, components: "75 Event Cards (25 Dracula, 50 Hunter)"; Russian:
    «Карты с изображением нетопыря отдаются Дракуле, карты с изображением креста отдаются
    Охотнику.»"""
    assert sum(c["count"] for c in EVENTS) == 75
    assert sum(c["count"] for c in EVENTS if c["side"] == "hunter") == 50
    assert sum(c["count"] for c in EVENTS if c["side"] == "dracula") == 25
    assert {c["side"] for c in EVENTS} == {"hunter", "dracula"}


def test_the_75_event_cards_carry_45_titles():
    assert len(EVENTS) == 45
    assert len(by_id(EVENTS)) == 45
    assert all(c["count"] >= 1 for c in EVENTS)


def test_every_event_is_one_of_the_rulebooks_three_kinds():
    """«Существуют три типа карт: Сразу в игру, На руку и Союзник.»"""
    assert {c["kind"] for c in EVENTS} == {"immediate", "keep", "ally"}


def test_the_allies_that_enlarge_draculas_hands_name_the_sizes_of_draculas_sheet():
    """Dracula's Brides raises his encounter hand, Immanuel Hildesheim his event hand; the
    card texts and dracula.json must give the same numbers."""
    events = by_id(EVENTS)
    brides, hildesheim = events["draculas_brides"], events["immanuel_hildesheim"]
    for lang in LANGUAGES:
        assert str(DRACULA["encounter_hand_brides"]) in brides["text"][lang]
        assert str(DRACULA["encounter_hand"]) in brides["text"][lang]
        assert str(DRACULA["event_hand_hildesheim"]) in hildesheim["text"][lang]
        assert str(DRACULA["event_hand"]) in hildesheim["text"][lang]


# --- Items ---------------------------------------------------------------------------

def test_the_item_deck_is_40_cards_of_12_kinds():
    """English rulebook, components: "40 Item Cards"."""
    assert len(ITEMS) == 12
    assert len(ITEM_IDS) == 12
    assert sum(i["count"] for i in ITEMS) == 40


def test_a_hunters_combat_items_are_exactly_the_items_with_an_initiative():
    """«Охотник использует свои 3 карты Приемов, а также карты Вещей, имеющие цифры
    инициативы.» Combat items are the result tables' item rows; initiative values are not
    known yet (null), never absent."""
    combat_items = {i["id"] for i in ITEMS if i["combat"]}
    assert combat_items == set(COMBAT["hunter_items"])
    assert all("initiative" in i for i in ITEMS)
    assert {i["use"] for i in ITEMS} <= {"combat", "non-combat", "pre-combat", "both"}
    assert all(i["use"] in ("combat", "both") for i in ITEMS if i["combat"])


# --- Encounters ----------------------------------------------------------------------

MINIONS = "Миньон (3 с Ножом, 2 с Ножом и Пистолетом, 2 с Ножом и Винтовкой)"
RULEBOOK_ENCOUNTERS = [
    ("ambush", "Западня", 3, "Западня (3)"),
    ("assassin", "Ассасин", 1, "Ассасин (1)"),
    ("bats", "Нетопыри", 3, "Нетопыри (3)"),
    ("desecrated_soil", "Оскверненная почва", 3, "Оскверненная почва (3)"),
    ("fog", "Туман", 4, "Туман (4)"),
    ("minion_knife", "Миньон с Ножом", 3, MINIONS),
    ("minion_knife_pistol", "Миньон с Ножом и Пистолетом", 2, MINIONS),
    ("minion_knife_rifle", "Миньон с Ножом и Винтовкой", 2, MINIONS),
    ("hoax", "Обман", 2, "Обман (2)"),
    ("lightning", "Молния", 2, "Молния (2)"),
    ("peasants", "Крестьяне", 2, "Крестьяне (2)"),
    ("plague", "Мор", 1, "Мор (1)"),
    ("rats", "Крысы", 2, "Крысы (2)"),
    ("saboteur", "Саботаж", 2, "Саботаж (2)"),
    ("spy", "Шпион", 2, "Шпион (2)"),
    ("thief", "Вор", 2, "Вор (2)"),
    ("new_vampire", "Новый Вампир", 6, "Новый Вампир (6)"),
    ("wolves", "Волки", 3, "Волки (3)"),
]


@pytest.mark.parametrize(("token_id", "russian", "count", "quote"), RULEBOOK_ENCOUNTERS,
                         ids=[f"{e[0]}: «{e[3]}»" for e in RULEBOOK_ENCOUNTERS])
def test_each_encounter_kind_has_the_rulebooks_name_and_count(token_id, russian, count, quote):
    token = by_id(TOKENS)[token_id]
    assert token["names"]["ru"] == russian
    assert token["count"] == count


def test_the_pool_holds_45_tokens_of_18_kinds():
    """«Дракула получает: … 45 жетонов Засад»; the three Minions are separate kinds."""
    assert len(TOKENS) == 18
    assert sum(t["count"] for t in TOKENS) == 45
    assert {t["id"] for t in TOKENS} == {e[0] for e in RULEBOOK_ENCOUNTERS}


def test_only_ambush_desecrated_soil_and_new_vampire_mature():
    """Every other entry of the rulebook says «Укрепление: нет эффекта»."""
    maturing = {t["id"] for t in TOKENS if t["can_mature"]}
    assert maturing == {"ambush", "desecrated_soil", "new_vampire"}
    for token in TOKENS:
        assert (token["matured_text"] is not None) == token["can_mature"], token["id"]


def test_a_matured_new_vampire_moves_the_vampire_track_2():
    """«+2 при усилении Засады «Новый Вампир».» and «Укрепление: Дракула сдвигается по
    дорожке Вампира на 2, а затем путь очищается до 1 карты.»"""
    matured = by_id(TOKENS)["new_vampire"]["matured_text"]
    assert "2" in matured["en"] and "1 card" in matured["en"]
    assert "на 2" in matured["ru"] and "до 1 карты" in matured["ru"]


# --- Dracula -------------------------------------------------------------------------

def test_draculas_numbers_are_the_rulebooks():
    """«15 жетонов Крови»; «Дракула получает 5 жетонов Засад из пула в начале игры»;
    «Победа Дракулы: трек Вампиров достиг значения 6.»"""
    assert DRACULA["blood"] == 15
    assert DRACULA["encounter_hand"] == 5
    assert DRACULA["vampire_track_win"] == 6
    assert DRACULA["trail"] == 6
    assert DRACULA["catacombs"] == 3
    assert DRACULA["encounter_hand_brides"] > DRACULA["encounter_hand"]
    assert DRACULA["event_hand_hildesheim"] > DRACULA["event_hand"]


def test_dracula_has_five_powers_and_only_feed_and_wolf_form_wait_for_night():
    """«Карты «Пир» и «Волк» могут быть использованы только ночью.»"""
    powers = by_id(DRACULA["powers"])
    assert set(powers) == {"dark_call", "double_back", "feed", "hide", "wolf_form"}
    assert {p for p, power in powers.items() if power["night_only"]} == {"feed", "wolf_form"}
    assert powers["feed"]["names"]["ru"] == "Пир"
    assert powers["wolf_form"]["names"]["ru"] == "Волк"
    assert powers["feed"]["blood"] < 0, "Feed gives blood back"


def test_only_hide_is_played_face_down():
    """«„Укрытие“ играется тайно от Охотников, как обычная Локация.»"""
    powers = by_id(DRACULA["powers"])
    assert {p for p, power in powers.items() if power["face_down"]} == {"hide"}
    assert powers["hide"]["names"]["ru"] == "Укрытие"


def test_the_time_track_runs_dawn_to_small_hours_three_spaces_of_night_last():
    """«Поместите жетон Дня/Ночи на деление «Рассвет»»; «Если жетон переместился с
    «Предрассветной поры» на «Рассвет»…»"""
    track = DRACULA["time_track"]
    assert [s["id"] for s in track] == [
        "dawn", "noon", "dusk", "twilight", "midnight", "small_hours"]
    assert track[0]["names"]["ru"] == "Рассвет"
    assert track[-1]["names"]["ru"] == "Предрассветная пора"
    assert [s["night"] for s in track] == [False, False, False, True, True, True]


# --- Hunters -------------------------------------------------------------------------

def test_the_four_hunters_come_in_the_rulebooks_turn_order():
    """«Ход Лорда Годалминга – …, Ход Доктора Сьюарда – …, Ход Ван Хельсинга – …, Ход Мины
    Харкер – …»"""
    assert [h["id"] for h in HUNTERS] == ["godalming", "seward", "van_helsing", "mina"]
    assert [h["names"]["ru"] for h in HUNTERS] == [
        "Лорд Годалминг", "Доктор Сьюард", "Ван Хельсинг", "Мина Харкер"]


def test_no_hunter_starts_the_game_defeated():
    """«При получении Укуса, превышающего лимит укусов для данного Охотника, этот Охотник
    считается поверженным.» Mina starts bitten; nobody starts at his defeating bite."""
    for hunter in HUNTERS:
        assert 0 <= hunter["starting_bites"] < hunter["bites_to_defeat"], hunter["id"]
        assert hunter["health"] > 0
    assert [h["id"] for h in HUNTERS if h["starting_bites"]] == ["mina"]


def test_resolve_buys_the_rulebooks_three_abilities():
    """«…чтобы получить эффект: Газетные отчеты или Чувство опасности, или Внутренняя
    Сила.»"""
    resolve = DATA["hunters"]["resolve"]
    assert [r["id"] for r in resolve] == [
        "newspaper_reports", "sense_of_emergency", "inner_strength"]
    assert [r["names"]["ru"] for r in resolve] == [
        "Газетные отчеты", "Чувство опасности", "Внутренняя Сила"]


def test_the_resolve_abilities_that_are_also_events_share_their_names():
    events = by_id(EVENTS)
    for ability in DATA["hunters"]["resolve"]:
        if ability["id"] in events:
            assert ability["names"] == events[ability["id"]]["names"]


# --- Combat --------------------------------------------------------------------------

def test_by_day_dracula_has_only_the_three_sun_cards_and_at_night_all_8():
    """«Дракула использует все свои 8 карт Приемов, если бой происходит ночью. И только 3
    карты с символом солнца (Когти, Уклонение и Бегство (Человек)), если бой происходит
    днём.»"""
    dracula_cards = {t for t, tactic in TACTICS.items() if tactic["side"] == "dracula"}
    assert set(COMBAT["dracula_night"]) == dracula_cards
    assert len(dracula_cards) == 8
    assert COMBAT["dracula_day"] == ["claws", "dodge_dracula", "escape_man"]
    assert {t for t in dracula_cards if TACTICS[t]["sun"]} == set(COMBAT["dracula_day"])
    assert [TACTICS[t]["names"]["ru"] for t in COMBAT["dracula_day"]] == [
        "Когти", "Уклонение", "Бегство (человек)"]


def test_a_vampire_fights_with_a_subset_of_draculas_cards():
    assert set(COMBAT["new_vampire_day"]) <= set(COMBAT["dracula_day"])
    assert set(COMBAT["new_vampire_day"]) <= set(COMBAT["new_vampire_night"])
    assert set(COMBAT["new_vampire_night"]) <= set(COMBAT["dracula_night"])


def test_every_agent_has_punch_and_dodge_plus_the_tactics_on_its_token():
    """«…игрок-Дракула использует карты Приемов Агента «Удар» (ОСНОВА) и «Уклонение»
    (ОСНОВА), а также другие карты, в соответствии с эффектом Засады.» The Assassin: «Охотник
    атакован Агентом со всеми 5 Приемами Агента.»"""
    agents = COMBAT["agents"]
    agent_cards = {t for t, tactic in TACTICS.items() if tactic["side"] == "agent"}
    assert set(agents) == {"minion_knife", "minion_knife_pistol", "minion_knife_rifle", "assassin"}
    assert set(agents) <= {t["id"] for t in TOKENS}
    for encounter, cards in agents.items():
        assert {"punch_agent", "dodge_agent", "knife_agent"} <= set(cards) <= agent_cards, encounter
    assert set(agents["assassin"]) == agent_cards and len(agent_cards) == 5
    assert "pistol_agent" in agents["minion_knife_pistol"]
    assert "rifle_agent" in agents["minion_knife_rifle"]
    assert "pistol_agent" not in agents["minion_knife_rifle"]


def test_the_hunters_basic_tactics_are_punch_dodge_and_escape():
    """«Каждый Охотник получает: … Приемы Охотника (3 карты на которых есть надпись
    ОСНОВА).»"""
    assert COMBAT["hunter_basic"] == ["punch", "dodge", "escape"]
    assert all(TACTICS[t]["side"] == "hunter" for t in COMBAT["hunter_basic"])
    assert set(COMBAT["hunter_items"]) <= ITEM_IDS
    assert not set(TACTICS) & ITEM_IDS, "an item id would be ambiguous as a tactic"


def hunter_cards() -> list[str]:
    return COMBAT["hunter_basic"] + COMBAT["hunter_items"]


def enemy_cards() -> set[str]:
    return {t for t, tactic in TACTICS.items() if tactic["side"] in ("dracula", "agent")}


@pytest.mark.parametrize("table", ["hunter_wins", "enemy_wins"])
def test_each_result_table_pairs_every_hunter_card_with_every_enemy_card(table):
    """«Победивший игрок находит в своей карте карту побежденного, и происходит описанный
    эффект.» Only the items that work against Dracula and vampires alone have no entry
    against an agent."""
    rows = COMBAT[table]
    assert set(rows) == set(hunter_cards())
    items = by_id(ITEMS)
    for hunter, row in rows.items():
        assert set(row) == enemy_cards(), hunter
        holy = hunter in items and items[hunter]["vs"] == "dracula_and_vampires"
        for enemy, cell in row.items():
            against_agent = TACTICS[enemy]["side"] == "agent"
            assert (cell is None) == (holy and against_agent), (table, hunter, enemy)


def result_codes() -> set[str]:
    return {code for table in ("hunter_wins", "enemy_wins") for row in COMBAT[table].values()
            for cell in row.values() if cell for code in cell}


def test_every_result_in_the_tables_has_a_name_in_three_languages():
    """The rulebook's results: «Рана (1 - 4)», «Продолжение», «Подавление», «Укус», «Убит»,
    «Конец»."""
    assert result_codes() == set(COMBAT["result_names"])
    names = COMBAT["result_names"]
    assert names["continue"]["ru"] == "Продолжение"
    assert names["repel"]["ru"] == "Подавление"
    assert names["bite"]["ru"] == "Укус"
    assert names["end"]["ru"] == "Конец"
    wounds = [code for code in names
              if code.startswith(("enemy_loses_blood:", "hunter_loses_health:"))]
    assert wounds and all(names[w]["ru"].startswith("Рана") for w in wounds)
    assert all(1 <= int(w.split(":")[1]) <= 4 for w in wounds)


def test_the_suspicious_entries_point_at_real_cells_with_their_values():
    assert COMBAT["suspicious"]
    for entry in COMBAT["suspicious"]:
        assert COMBAT[entry["table"]][entry["hunter"]][entry["enemy"]] == entry["result"], entry


def test_every_modifier_is_plus_one_for_a_side_that_fights():
    """The rulebook's «Модификаторы Охотников / Агентов / Дракулы» are all «+1»."""
    for modifier in COMBAT["modifiers"]:
        assert modifier["value"] == 1
        assert set(modifier["sides"]) <= {"hunter", "agent", "dracula"}
    sides = {s for m in COMBAT["modifiers"] for s in m["sides"]}
    assert sides == {"hunter", "agent", "dracula"}


# --- All files -----------------------------------------------------------------------

def entries() -> list[tuple[str, dict]]:
    """Every entry that carries its own id, with the file it is in."""
    found = [("events", c) for c in EVENTS] + [("items", i) for i in ITEMS]
    found += [("encounters", t) for t in TOKENS] + [("dracula", p) for p in DRACULA["powers"]]
    found += [("dracula", s) for s in DRACULA["time_track"]] + [("hunters", h) for h in HUNTERS]
    found += [("hunters", r) for r in DATA["hunters"]["resolve"]]
    found += [("combat", t) for t in COMBAT["tactics"]]
    found += [("combat", m) for m in COMBAT["modifiers"]]
    return found


@pytest.mark.parametrize("group", ["events", "items", "encounters", "powers", "time_track",
                                   "hunters", "resolve", "tactics", "modifiers"])
def test_ids_are_unique_snake_case(group):
    lists = {"events": EVENTS, "items": ITEMS, "encounters": TOKENS, "powers": DRACULA["powers"],
             "time_track": DRACULA["time_track"], "hunters": HUNTERS,
             "resolve": DATA["hunters"]["resolve"], "tactics": COMBAT["tactics"],
             "modifiers": COMBAT["modifiers"]}
    ids = [e["id"] for e in lists[group]]
    assert len(ids) == len(set(ids))
    assert all(i.replace("_", "").isalpha() and i == i.lower() for i in ids), ids


def triples(value, path="") -> list[tuple[str, dict]]:
    """Every object in ``value`` that has an "en", "cs" or "ru" key, with its path."""
    found = []
    if isinstance(value, dict):
        if LANGUAGES & set(value):
            return [(path, value)]
        for key, child in value.items():
            found += triples(child, f"{path}.{key}")
    elif isinstance(value, list):
        for n, child in enumerate(value):
            found += triples(child, f"{path}[{n}]")
    return found


@pytest.mark.parametrize("name", FILES)
def test_every_text_is_a_complete_triple(name):
    """Every text a person reads exists in English (the message id), Czech and Russian."""
    found = triples(DATA[name])
    assert found
    for path, triple in found:
        assert set(triple) == LANGUAGES, path
        for lang, text in triple.items():
            assert isinstance(text, str) and text.strip() == text and text, (path, lang)


def test_the_readable_fields_are_triples():
    for name, entry in entries():
        assert set(entry["names"]) == LANGUAGES, (name, entry["id"])
        for field in ("text", "timing", "matured_text"):
            if entry.get(field) is not None:
                assert set(entry[field]) == LANGUAGES, (name, entry["id"], field)


def test_every_entry_says_how_sure_it_is_and_why():
    for name, entry in entries():
        if "confidence" in entry:
            assert entry["confidence"] in ("high", "medium", "low"), (name, entry["id"])
            assert entry["note"].strip(), (name, entry["id"])
    assert all("confidence" in e for n, e in entries() if n in ("events", "items", "encounters"))


def russian_and_czech_texts() -> tuple[list[str], list[str]]:
    ru, cs = [], []
    for name in FILES:
        for _path, triple in triples(DATA[name]):
            ru.append(triple["ru"])
            cs.append(triple["cs"])
    return ru, cs


def test_the_russian_texts_use_the_rulebooks_word_for_an_encounter():
    """The rulebook calls an encounter «Засада» («45 жетонов Засад»), never «встреча»."""
    ru, _cs = russian_and_czech_texts()
    assert not [text for text in ru if "встреч" in text.lower()]
    assert any("Засад" in text for text in ru)


def test_the_czech_texts_spell_drakula_the_czech_way():
    _ru, cs = russian_and_czech_texts()
    assert not [text for text in cs if "Dracul" in text]
    assert any("Drákul" in text for text in cs)


def uncertain_ids() -> set[str]:
    ids = {e["id"] for _name, e in entries() if e.get("confidence") in ("medium", "low")}
    return ids | {i["id"] for i in ITEMS if i["initiative"] is None and i["combat"]}


def test_the_readme_lists_every_value_to_check_against_the_cards():
    """Each medium or low value, and each unknown initiative, becomes a table option "check
    against your cards"; the README names it."""
    readme = (PACKAGE / "README.md").read_text(encoding="utf-8")
    assert uncertain_ids()
    missing = sorted(i for i in uncertain_ids() if f"`{i}`" not in readme)
    assert not missing, f"README.md does not mention {missing}"
