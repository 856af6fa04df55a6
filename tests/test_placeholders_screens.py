"""No raw placeholder on a screen (issue 41): "(with {leader})" stood on every Fury group
move, on the tablet and the phones, and "{hunter} regains 4 health." beside the Inner
Strength button. Every game's screens in English, Czech and Russian — the set-up form, the
tablet, the host screen and every phone, before the deal, along a random game, at its end
and after the host ends the table — show no ``{name}`` nor ``%(name)s`` field unfilled.

A random game reaches rare screens late, and a page costs a tenth of a second, so a screen
is read when a message with fields first appears in what it is shown (its view, its
buttons' hints, its log), besides every ``CHECK_EVERY`` steps; the chooser picks a kind
of action first, then one of its offers (tests/random_tables.py).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from companion.games import GAMES
from tests import random_tables
from tests.properties import examples
from tests.test_i18n_screens import Screen
from tests.web.screens import texts

LANGS = ("en", "cs", "ru")
PLACEHOLDER = re.compile(r"\{\w*\}|%\(\w+\)[sdif]")
MAX_STEPS = examples(400)
"""A random game's steps at most: a quarter of them under `make check` (tests/properties.py)."""
CHECK_EVERY = 60
LEADER = {"en": "Lord Godalming", "cs": "Lord Godalming", "ru": "Лорд Годалминг"}


def unfilled(page: str) -> list[str]:
    """The placeholders a person (or a screen reader) meets on a page."""
    screen = Screen()
    screen.feed(page)
    return PLACEHOLDER.findall(" ".join(screen.text + screen.values))


def templated(value: Any, found: set[str]) -> set[str]:
    """Every string with a field in a view or an answer (the message ids the screen fills)."""
    if isinstance(value, str):
        if "{" in value or "%(" in value:
            found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            templated(item, found)
    elif isinstance(value, list):
        for item in value:
            templated(item, found)
    return found


def _post(client: Any) -> random_tables.Post:
    def post(path: str, body: dict[str, Any]) -> tuple[int, Any]:
        answer = client.post(path, json=body)
        return answer.status_code, answer.get_json()
    return post


class Reader:
    """Reads a table's screens in one language and keeps what each showed unfilled."""

    def __init__(self, client: Any, created: dict[str, Any], lang: str) -> None:
        self.client = client
        self.lang = lang
        self.screens = {"the tablet": f"/t/{created['code']}",
                        "the host screen": f"/h/{created['host_token']}"}
        self.screens.update({f"seat {i + 1}": f"/s/{s['token']}"
                             for i, s in enumerate(created["seats"]) if not s["app"]})
        self.found: dict[str, str] = {}
        self.read = 0

    def check(self, labels: list[str], when: str) -> None:
        for label in labels:
            page = self.client.get(f"{self.screens[label]}?lang={self.lang}")
            assert page.status_code == 200, (label, when)
            self.read += 1
            for field in unfilled(page.get_data(as_text=True)):
                self.found.setdefault(field, f"{label} {when}")

    def everything(self, when: str) -> None:
        self.check(list(self.screens), when)


def _play(client: Any, created: dict[str, Any], reader: Reader,
          chooser: random.Random) -> int:
    """A random game through the API; returns the steps played. A message with fields new
    to this game is read on the first screen shown it (the tablet, else a phone)."""
    tokens = [s["token"] for s in created["seats"] if not s["app"]]  # the app plays the rest
    seen: set[str] = set()
    for step in range(1, MAX_STEPS + 1):
        answers = [client.get(f"/api/s/{t}").get_json() for t in tokens]
        tablet = client.get(f"/api/t/{created['code']}").get_json()
        fresh = []
        seats = [i for i, s in enumerate(created["seats"]) if not s["app"]]
        for label, answer in [("the tablet", tablet)] + [
                (f"seat {i + 1}", a) for i, a in zip(seats, answers, strict=True)]:
            shown = templated([answer["view"], answer.get("actions", []),
                               [x["id"] for x in answer["log"]]], set())
            if shown - seen:
                fresh.append(label)
            seen |= shown
        if step % CHECK_EVERY == 0:
            reader.everything(f"at step {step}")
        elif fresh:
            reader.check(fresh, f"at step {step}")
        move = random_tables.chosen(answers, chooser)
        if move is None or tablet["view"].get("result"):
            return step
        seat, posted = move
        client.post(f"/api/s/{tokens[seat]}/act", json=posted)
    return MAX_STEPS


def _tables() -> list[Any]:
    """Every game in every language; `make check` reads each game in one of them, the
    languages taking turns over the games, and leaves the other two to `make test`."""
    return [pytest.param(name, lang, marks=() if lang == LANGS[g % len(LANGS)]
                         else pytest.mark.slow)
            for g, name in enumerate(sorted(GAMES)) for lang in LANGS]


@pytest.mark.parametrize(("name", "lang"), _tables())
def test_no_screen_shows_an_unfilled_placeholder(client, name, lang):
    chooser = random.Random(f"placeholders:{name}:{lang}")
    form = client.get(f"/new/{name}?lang={lang}").get_data(as_text=True)
    found = {field: "the set-up form" for field in unfilled(form)}
    waiting = random_tables.create(_post(client), name, lang, chooser, deal="join")
    before = Reader(client, waiting, lang)
    before.everything("before the deal")
    created = random_tables.create(_post(client), name, lang, chooser)
    reader = Reader(client, created, lang)
    reader.everything("at the deal")
    steps = _play(client, created, reader, chooser)
    over = client.get(f"/api/t/{created['code']}").get_json()["table"]["over"]
    reader.everything(f"after step {steps}")
    ended = client.post(f"/api/h/{created['host_token']}/end", json={})
    assert ended.status_code == 200, ended.get_json()
    reader.everything("after the host ended the table")
    found.update({**before.found, **reader.found})
    # A short game (a new game's first to 3, README "Adding a game") may end in fewer steps.
    assert steps > 10 or over, "a game must have been played"
    assert reader.read > min(steps, 10), "its screens must have been read"
    assert found == {}, f"unfilled placeholders in {lang} (field: first screen): {found}"


@pytest.mark.parametrize("lang", LANGS)
def test_a_group_move_names_its_leader_on_the_tablet_and_the_phone(tables, client, lang):
    """Issue 41: "Move Dr. Seward's figure to Brussels (with {leader})." on every Fury group
    move. A random game seldom brings two hunters together, so this one does it."""
    created = tables.create("fury", names=("Dracula", "Anna"), lang=lang)
    dracula, hunters = (s["token"] for s in created["seats"])
    for place in ("paris", "paris", "rome", "vienna"):
        assert tables.act(hunters, "start_at", {"place": place}).status_code == 200
    assert tables.act(dracula, "start_at", {"place": "munich"}).status_code == 200
    assert tables.act(hunters, "join", {"hunter": "seward", "join": True}).status_code == 200
    assert tables.act(hunters, "travel", {"to": "brussels", "by": "road"}).status_code == 200
    for path in (f"/t/{created['code']}", f"/s/{hunters}"):
        page = client.get(f"{path}?lang={lang}").get_data(as_text=True)
        assert unfilled(page) == [], path
        said = " ".join(texts(page, "fd-board"))
        assert LEADER[lang] in said, said
