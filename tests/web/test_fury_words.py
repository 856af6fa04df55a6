"""Fury's words as a group reads them (issue 41): counts that agree with their number ("1
items · 1 events" stood in every hunters list), a name after "against" in the case Czech
*proti* (dative) and Russian *против* (genitive) take ("proti Drákula", "Úder proti
Drápy"), and the set-up form's card values by card name, not by raw id
(``dodge_dracula=4``)."""

from __future__ import annotations

import html
import re

import pytest
from flask import g

from companion.games.fury import cards, combat_cards, encounter_effects, registry
from companion.web import render
from tests.web.screens import csrf, texts

LANGS = ("en", "cs", "ru")


@pytest.mark.parametrize(("lang", "counts", "said"), [
    ("en", (1, 1), "1 item · 1 event"),
    ("en", (2, 0), "2 items · 0 events"),
    ("cs", (1, 3), "1 předmět · 3 události"),
    ("cs", (5, 1), "5 předmětů · 1 událost"),
    ("ru", (1, 2), "1 Вещь · 2 События"),
    ("ru", (5, 21), "5 Вещей · 21 Событие"),
])
def test_a_hunters_line_counts_items_and_events_in_its_languages_plural(app, lang, counts,
                                                                        said):
    items, events = counts
    hunter = {"id": "mina", "seat": 0, "name": "Mina Harker", "place_name": "Vienna",
              "health": 10, "max_health": 10, "bites": 0, "bites_to_defeat": 2,
              "item_count": items, "event_count": events}
    with app.test_request_context("/"):
        g.lang = lang
        row = app.jinja_env.get_template("games/fury/_parts.html").module.hunter_row
        shown = texts(str(row(hunter, ["Anna"])), "hands")
    assert shown == [said]


def _fight(tables, lang: str) -> tuple[dict, str, str]:
    """Lord Godalming walks into Brussels, where Dracula is: a combat begins."""
    created = tables.create("fury", names=("Vlad", "Anna"), lang=lang)
    dracula, hunters = (s["token"] for s in created["seats"])
    for place in ("paris", "london", "rome", "vienna"):
        assert tables.act(hunters, "start_at", {"place": place}).status_code == 200
    assert tables.act(dracula, "start_at", {"place": "brussels"}).status_code == 200
    assert tables.act(hunters, "travel", {"to": "brussels", "by": "road"}).status_code == 200
    return created, dracula, hunters


AGAINST_DRACULA = {"en": "Lord Godalming against Dracula", "cs": "Lord Godalming proti Drákulovi",
                   "ru": "Лорд Годалминг против Дракулы"}
ROUND = {"en": ("Punch against Claws", "Claws against Punch"),
         "cs": ("Úder proti Drápům", "Drápy proti Úderu"),
         "ru": ("Удар против Когтей", "Когти против Удара")}


@pytest.mark.parametrize("lang", LANGS)
def test_against_puts_the_enemy_and_the_card_in_the_case_the_language_asks(tables, client,
                                                                           lang):
    created, dracula, hunters = _fight(tables, lang)
    for path in (f"/t/{created['code']}", f"/s/{hunters}"):
        page = client.get(f"{path}?lang={lang}").get_data(as_text=True)
        assert any(line.startswith(AGAINST_DRACULA[lang]) for line in texts(page, "fd-vs")), \
            texts(page, "fd-vs")
    assert tables.act(dracula, "tactic", {"fighter": "enemy", "card": "claws"}).status_code \
        == 200
    assert tables.act(hunters, "tactic", {"fighter": "godalming", "card": "punch"}) \
        .status_code == 200
    log = " ".join(texts(client.get(f"/t/{created['code']}?lang={lang}")
                         .get_data(as_text=True), "log"))
    assert any(f"{line}:" in log for line in ROUND[lang]), log


def test_every_combat_card_and_enemy_has_its_against_words_in_each_language(app):
    """Every tactic a fighter may play, every combat item and every enemy: a missing one
    would stop the round's log line."""
    played = [combat_cards.name(kind) for kind in combat_cards.TACTICS]
    played += [cards.item_name(kind) for kind in combat_cards.HUNTER_ITEMS]
    enemies = ["Dracula", "A vampire"] + [cards.encounter_name(token) for token, met
                                          in registry.ENCOUNTERS.items()
                                          if met is encounter_effects.agent]
    assert len(enemies) == 6
    starts = {"en": "against ", "cs": "proti ", "ru": "против "}
    for lang, start in starts.items():
        with app.test_request_context("/"):
            g.lang = lang
            for name in played + enemies:
                said = render.translate(combat_cards.against(name))
                assert said.startswith(start) and len(said) > len(start) + 2, (lang, name)


def test_the_set_up_form_names_each_card_whose_initiative_it_asks(client):
    """Issue 41: the English form listed `dodge_dracula=4` and its like; it shows a number
    field per card, by name and under its deck, and the table reads them back."""
    page = client.get("/new/fury?players=2").get_data(as_text=True)
    assert "dodge_dracula" not in " ".join(texts(page, "option"))
    section = page[page.index('class="pairs"'):]
    groups = [html.unescape(g) for g in re.findall(r'<p class="group">([^<]*)</p>', section)]
    assert groups[:3] == ["The hunters' combat cards", "Dracula's combat cards",
                          "The minions' combat cards"]
    fields = re.findall(r'<label><span>([^<]*)</span><input type="number" '
                        r'name="opt_initiative\.(\w+)" value="(\d+)"', section)
    assert ("Claws", "claws", "2") in fields and ("Dodge", "dodge_dracula", "4") in fields
    assert len(fields) == len(combat_cards.DEFAULT_INITIATIVE)
    made = client.post("/new/fury", data={
        "csrf_token": csrf(page), "lang": "en", "seat0": "Vlad", "seat1": "Anna",
        "players": "2", **{f"opt_initiative.{key}": value for _n, key, value in fields},
        "opt_initiative.dodge_dracula": "5"})
    assert made.status_code == 303, made.get_data(as_text=True)[-800:]
    host = made.headers["Location"]
    checks = " ".join(texts(client.get(host).get_data(as_text=True), "check-values"))
    assert "Dodge 5" in checks and "Claws 2" in checks


def test_the_host_corrects_one_cards_initiative_by_its_field(client, tables):
    created = tables.create("fury", names=("Vlad", "Anna"), deal="join")
    host = f"/h/{created['host_token']}"
    page = client.get(host).get_data(as_text=True)
    assert 'name="opt_initiative.claws"' in page
    answer = client.post(host + "/check", data={
        "csrf_token": csrf(page), "field": ["initiative"], "opt_initiative.claws": "7",
        "opt_initiative.fangs": ""}, follow_redirects=True)
    assert answer.status_code == 200
    shown = " ".join(texts(answer.get_data(as_text=True), "check-values"))
    assert "Claws 7" in shown and "Fangs 3" in shown
