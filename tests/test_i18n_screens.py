"""No English on a Czech or Russian screen (issue 32): every game's set-up form, tablet,
host screen and phones, at the deal and after stretches of random play, read in cs and ru,
show no English word and no raw option value; read in English, no Russian.

A screen's words are its text and what a screen reader or a form shows of it (aria-label,
title, placeholder, alt, the values of its fields); addresses, codes, hashes and anything
with a digit in it are left aside. A Russian screen may show a Latin word only from
``ALLOWED`` (proper names and symbols the games print as they are); a Czech one, being Latin
itself, may show no word of the English message ids that Czech never uses.
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from babel.messages.pofile import read_po

from companion.games import GAMES
from companion.web.i18n import catalogues, extract_messages
from tests.playing import table_seats

ALLOWED = frozenset({
    # the languages offered, each in its own language; the app's name
    "English", "Table", "Companion",
    # terms printed as they are
    "QR", "Wi", "Fi", "SHA", "FAQ", "FUDGE", "X",
    # the referee's command line, quoted as typed
    "companion", "verify",
    # titles kept in their own language (Blitz und Donner is the German box's name)
    "Blitz", "und", "Donner",
    # playing-card ranks; the dice notation (2d6)
    "A", "J", "Q", "K", "d",
    # Fury: the letters of the hunters in the "who plays which hunter" option
    "G", "S", "V", "M", "GS", "VM",
})
NAMES = ("Анна", "Борис", "Кирилл")
STEPS = 45
CHECK_EVERY = 15
SKIP = re.compile(r"[0-9/:@]|\.\w")
"""Addresses, file names, hashes, counts: not words of a sentence."""
CODE = re.compile(r"[A-Z0-9]{6}|[A-Z]{4}-[A-Z]{4}")
HASH = re.compile(r"[0-9a-f]{12,}…?")
"""A commitment or a log's hash as the fair-play line shows it: one of letters only
("fedcccdfcffe…", about one table in a few thousand) is no word either."""
WORD = re.compile(r"[^\W\d_]+")


class Screen(HTMLParser):
    """What a person (or a screen reader) meets on a page: text, labels, field values."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.values: list[str] = []
        self._hidden = 0
        self._field = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "svg"):
            self._hidden += 1
        self._field = tag == "textarea"
        named = dict(attrs)
        self.text += [v for k in ("aria-label", "title", "placeholder", "alt")
                      if (v := named.get(k))]
        if tag in ("input", "textarea") and named.get("type") not in (
                "hidden", "radio", "checkbox", "number") and named.get("value"):
            self.values.append(named["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "svg"):
            self._hidden -= 1
        self._field = False

    def handle_data(self, data: str) -> None:
        if self._field:
            self.values.append(data)
        elif not self._hidden:
            self.text.append(data)


def words(page: str) -> list[str]:
    """The words of a page's sentences and of its fields' values."""
    screen = Screen()
    screen.feed(page)
    out = []
    for token in " ".join(screen.text).split():
        bare = token.strip(",.;·()«»")
        if not SKIP.search(token) and not CODE.fullmatch(bare) and not HASH.fullmatch(bare):
            out += WORD.findall(token)
    for token in " ".join(screen.values).split():
        if "://" not in token:  # a field's raw value ("4/3/red", "punch=3 …"): words count
            out += WORD.findall(token)
    return out


def _all_ids() -> set[str]:
    ids: set[str] = set()
    for name in catalogues():
        for message in extract_messages(name):
            ids.update(message if isinstance(message, tuple) else (message,))
    return ids


def _czech_words() -> set[str]:
    found: set[str] = set()
    for folder in catalogues().values():
        with (folder / "cs" / "LC_MESSAGES" / "messages.po").open("rb") as handle:
            for message in read_po(handle, locale="cs"):
                strings = message.string if isinstance(message.string, tuple) else (
                    message.string,)
                for text in strings:
                    found.update(w.lower() for w in WORD.findall(text or ""))
    return found


@pytest.fixture(scope="module")
def english_only() -> set[str]:
    """Words of the English message ids that no Czech translation uses."""
    english = {w.lower() for text in _all_ids() for w in WORD.findall(
        re.sub(r"\{\w*\}|%\(\w+\)s", " ", text)) if len(w) > 1}
    return english - _czech_words() - {w.lower() for w in ALLOWED}


def _params(action: dict[str, Any], chooser: random.Random) -> dict[str, Any]:
    params = dict(action["params"])
    for name, spec in (action.get("inputs") or {}).items():
        if spec["kind"] == "choice":
            params[name] = chooser.choice(spec["choices"])
        elif spec["kind"] == "int":
            params[name] = spec.get("min", 0)
        else:  # a player's own words are his to write in any language
            params[name] = spec.get("default", "")
    return params


def screens(client: Any, name: str, lang: str,
            names: tuple[str, ...] = NAMES) -> list[tuple[str, str]]:
    """(label, HTML) of every screen of one game in ``lang``, along a random game."""
    players = table_seats(GAMES[name])
    shown = [("the set-up form", client.get(f"/new/{name}?lang={lang}").get_data(as_text=True))]
    created = client.post("/api/tables", json={
        "game": name, "deal": "now", "lang": lang,
        "seats": [{"name": n} for n in names[:players]]}).get_json()
    tokens = [s["token"] for s in created["seats"]]
    chooser = random.Random(f"words:{name}")
    for step in range(STEPS + 1):
        if step % CHECK_EVERY == 0:
            shown.append((f"the tablet at step {step}",
                          client.get(f"/t/{created['code']}?lang={lang}").get_data(as_text=True)))
            shown.append((f"the host screen at step {step}",
                          client.get(f"/h/{created['host_token']}?lang={lang}")
                          .get_data(as_text=True)))
            shown += [(f"seat {i} at step {step}",
                       client.get(f"/s/{t}?lang={lang}").get_data(as_text=True))
                      for i, t in enumerate(tokens)]
        answers = [client.get(f"/api/s/{t}").get_json() for t in tokens]
        movers = [i for i, a in enumerate(answers)
                  if [x for x in a["actions"] if not x["action"].startswith("hand_")]]
        if not movers or answers[0]["view"].get("result"):
            break
        seat = chooser.choice(movers)
        action = chooser.choice([x for x in answers[seat]["actions"]
                                 if not x["action"].startswith("hand_")])
        client.post(f"/api/s/{tokens[seat]}/act", json={
            "action": action["action"], "params": _params(action, chooser),
            "version": answers[seat]["version"]})
    return shown


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_russian_screen_shows_no_latin_word_but_proper_names(client, name):
    found: dict[str, str] = {}
    for label, page in screens(client, name, "ru"):
        for word in words(page):
            if word.isascii() and word not in ALLOWED:
                found.setdefault(word, label)
    assert not found, f"English or raw values on Russian screens (word: first screen): {found}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_czech_screen_shows_no_english_word(client, name, english_only):
    found: dict[str, str] = {}
    for label, page in screens(client, name, "cs"):
        for word in words(page):
            if word.lower() in english_only:
                found.setdefault(word, label)
    assert not found, f"English or raw values on Czech screens (word: first screen): {found}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_english_screen_shows_no_cyrillic(client, name):
    """The English create form showed Fury's Russian rulebook quote as an option's text."""
    found = {}
    for label, page in screens(client, name, "en", names=("Anna", "Boris", "Cyril")):
        for word in words(page):
            if re.search("[а-яё]", word, re.IGNORECASE) and word != "Русский":
                found.setdefault(word, label)
    assert not found, f"Russian words on English screens: {found}"
