"""A new game is one folder and one registry line (issue 34, item 1).

A throw-away game, High Card, is written into a temporary package (its rules, templates,
styles and a playthrough's header) and registered for one test only, the way its line in
``companion/games/__init__.py`` would: the whole app serves it — the lobby and the JSON
API list it, a table is made over the API, its seat, table and host pages render its own
templates, a seat's action is taken — and the conformance suite and the golden playthroughs
play it, with no other file of the project edited. Without styles of its own its pages
still load; with them, every page of its tables links them and the offline shell keeps them.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import GAMES

ROOT = Path(__file__).parents[1]
NAME = "highcard"
PACKAGE = "throwaway_highcard"

RULES = '''"""High Card: each seat holds one face-down card; on its turn a seat may change it once
for the top of the deck, then shows it. The highest card shown wins."""

from __future__ import annotations

from companion.games.base import (
    N_, Action, Applied, IllegalActionError, Move, Moves, SeatSpec, line, thaw, upgraded,
)

NAME = "highcard"
TITLE = N_("High Card")
BLURB = N_("One card each; change it once, then show it.")
MIN_PLAYERS = 2
MAX_PLAYERS = 4
HAS_HIDDEN_INFO = True
HAS_CHANCE = True
MAX_TURNS = 2 * MAX_PLAYERS
REMATCH = True
OPTIONS = ()
STATE_VERSION = 1


def seats(options):
    return SeatSpec(MIN_PLAYERS, MAX_PLAYERS)


def validate(options):
    return None


def setup(options, rng):
    deck = rng.shuffle(list(range(1, 10)))
    players = options["players"]
    return {"players": players, "hands": deck[:players], "deck": deck[players:],
            "shown": [False] * players, "changed": [False] * players, "turn": 0}


def actions(state, seat):
    if result(state) is not None or seat != state["turn"]:
        return []
    offers = [Action("show", label=N_("Show my card"))]
    if state["deck"] and not state["changed"][seat]:
        offers.append(Action("change", label=N_("Change my card")))
    return sorted(offers, key=Action.sort_key)


def _not_your_turn(state, seat, move):
    if seat != state["turn"]:
        raise IllegalActionError(N_("It is not your turn."))


def _change(state, seat, params, rng):
    if not state["deck"] or state["changed"][seat]:
        raise IllegalActionError(N_("You cannot change your card now."))
    state["hands"][seat] = state["deck"].pop(0)
    state["changed"][seat] = True
    return Applied(state, [line(N_("{who} changes a card."), who={"seat": seat})], True)


def _show(state, seat, params, rng):
    state["shown"][seat] = True
    state["turn"] = seat + 1
    return Applied(state, [line(N_("{who} shows {card}."), who={"seat": seat},
                                card=state["hands"][seat])], True)


MOVES = Moves(
    {"change": Move(_change), "show": Move(_show)},
    run=lambda state, seat, move, params, rng: move.handler(thaw(state), seat, params, rng),
    seated=lambda state, seat: 0 <= seat < state["players"],
    over=lambda state: result(state) is not None,
    allowed=_not_your_turn,
)
apply = MOVES.apply


def upgrade(state):
    return upgraded(state, STATE_VERSION, {})


def view(state, seat):
    return {"cards": [card if state["shown"][s] else None
                      for s, card in enumerate(state["hands"])],
            "mine": None if seat is None else state["hands"][seat],
            "deck": len(state["deck"]), "turn": state["turn"]}


def result(state):
    if not all(state["shown"]):
        return None
    best = max(state["hands"])
    return {"winners": [state["hands"].index(best)], "text": N_("The highest card wins."),
            "args": {}}


def redeal_hidden(state, seat, rng):
    new = thaw(state)
    hidden = [s for s in range(new["players"]) if s != seat and not new["shown"][s]]
    cards = rng.shuffle([new["hands"][s] for s in hidden] + new["deck"])
    for s in hidden:
        new["hands"][s] = cards.pop()
    new["deck"] = cards
    return new


def empty_piles(state, chosen):
    if chosen(0):
        state["deck"].clear()


def box(options):
    return {"take_out": [], "keep_in_box": [], "checks": []}


def reveal(state):
    return [{"title": N_("Every card"), "lines": [
        line(N_("{who}: {card}"), who={"seat": s}, card=card)
        for s, card in enumerate(state["hands"])]}]
'''

TEMPLATES = {
    "_parts.html": '{% macro face(card) %}<b class="highcard-card">'
                   '{{ card if card is not none else "?" }}</b>{% endmacro %}\n',
    "_seat.html": '{% from "_macros.html" import all_actions %}\n'
                  '{% from "games/highcard/_parts.html" import face %}\n'
                  '<section class="highcard-seat">My card: {{ face(view.mine) }}</section>\n'
                  '{{ all_actions(groups, token, table.version) }}\n',
    "_table.html": '{% from "games/highcard/_parts.html" import face %}\n'
                   '<section class="highcard-table">{% for card in view.cards %}'
                   '{{ face(card) }}{% endfor %}</section>\n',
}
STYLES = ".highcard-card { font-size: 2rem; }\n"
PLAYTHROUGH = 'game: highcard\nstep limit: 10\noptions:\n{"players": 3}\n'
"""A new golden playthrough: its header's recording only; a rewrite writes the rest."""


def make_game(root: Path, styles: bool) -> Path:
    """The folder of High Card in package ``PACKAGE`` under ``root``: what a new game adds."""
    folder = root / PACKAGE
    (folder / "templates").mkdir(parents=True)
    (folder / "playthroughs").mkdir()
    (folder / "__init__.py").write_text('"""High Card, made by a test."""\n')
    (folder / "rules.py").write_text(RULES)
    (folder / "README.md").write_text("# High Card\n\nMade by tests/test_new_game.py.\n")
    for name, text in TEMPLATES.items():
        (folder / "templates" / name).write_text(text)
    if styles:
        (folder / "static").mkdir()
        (folder / "static" / "game.css").write_text(STYLES)
    (folder / "playthroughs" / f"{NAME}-1.txt").write_text(PLAYTHROUGH)
    return folder


@pytest.fixture
def new_game(tmp_path, monkeypatch):
    """High Card, registered for this test only (its line in the registry)."""

    def register(styles: bool) -> Path:
        folder = make_game(tmp_path, styles)
        monkeypatch.syspath_prepend(str(tmp_path))
        importlib.invalidate_caches()
        module = importlib.import_module(f"{PACKAGE}.rules")
        monkeypatch.setitem(GAMES, module.NAME, module)
        return folder

    yield register
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]


def _styles_link(page: str) -> str | None:
    found = re.search(r'<link rel="stylesheet" href="(/static/games/highcard/[^"]+)">', page)
    return found[1] if found else None


@pytest.mark.parametrize("styles", [True, False], ids=["with styles", "without styles"])
def test_the_app_serves_a_game_that_is_one_folder(new_game, client, tables, styles):
    new_game(styles)
    listed = client.get("/api/games").get_json()["games"]
    assert NAME in [game["id"] for game in listed]
    assert "High Card" in client.get("/").get_data(as_text=True)
    assert client.get(f"/new/{NAME}").status_code == 200

    created = tables.create(NAME, ("Anna", "Bob", "Cyril"))
    anna, bob = (seat["token"] for seat in created["seats"][:2])
    mine = tables.seat(anna)["view"]["mine"]
    seat_page = client.get(f"/s/{anna}")
    assert seat_page.status_code == 200
    text = seat_page.get_data(as_text=True)
    # The game's own template, and its own partial imported by its usual name.
    assert f'My card: <b class="highcard-card">{mine}</b>' in text
    assert "Show my card" in text
    table_page = client.get(f"/t/{created['code']}")
    assert table_page.status_code == 200
    assert table_page.get_data(as_text=True).count('<b class="highcard-card">?</b>') == 3
    assert client.get(f"/h/{created['host_token']}").status_code == 200

    assert tables.act(bob, "show").status_code == 422  # Anna's turn first
    answer = tables.act(anna, "show")
    assert answer.status_code == 200, answer.get_json()
    table_text = client.get(f"/t/{created['code']}").get_data(as_text=True)
    assert f'<b class="highcard-card">{mine}</b>' in table_text
    assert f"Anna shows {mine}." in table_text

    link = _styles_link(text)
    shell = json.loads(client.get("/sw.js").get_data(as_text=True)
                       .split("\n", 1)[0].removeprefix("var CONFIG = ").rstrip(";"))["shell"]
    if styles:
        assert link is not None and link == _styles_link(table_text)
        answer = client.get(link)
        assert answer.status_code == 200 and answer.get_data(as_text=True) == STYLES
        assert link in shell
    else:
        assert link is None
        assert not [url for url in shell if "/games/highcard/" in url]
    # Only a game's static/ folder is served: never its code, its data or its playthroughs.
    for path in ("rules.py", "../rules.py", "static/../rules.py", "playthroughs/highcard-1.txt",
                 "templates/_seat.html"):
        assert client.get(f"/static/games/{NAME}/{path}").status_code == 404, path


def test_the_conformance_suite_and_the_golden_playthroughs_play_a_new_game(tmp_path):
    """The suite's tests are written over the registry: each runs for High Card as for the
    built-in games (in a pytest of its own, where a plugin registers the game), and a
    playthrough whose file holds only its recording is written, then replays."""
    folder = make_game(tmp_path, styles=False)
    (tmp_path / "register_highcard.py").write_text(
        "import importlib\n\nfrom companion.games import GAMES\n\n\n"
        "def pytest_configure(config):\n"
        f"    module = importlib.import_module('{PACKAGE}.rules')\n"
        "    GAMES[module.NAME] = module\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}

    def pytest_run(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "register_highcard", "-p", "no:randomly",
             "-p", "no:cacheprovider", "-k", NAME, "-v", *args],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
        return done.stdout

    pytest_run("tests/test_playthroughs.py", "--rewrite-playthroughs")
    golden = (folder / "playthroughs" / f"{NAME}-1.txt").read_text()
    assert golden.startswith("# Golden playthrough highcard-1: High Card, 3 seats.")
    assert "=== end: the game is over ===" in golden

    out = pytest_run("tests/test_conformance.py", "tests/test_playthroughs.py")
    ran = {line.split("::")[1].split("[")[0] for line in out.splitlines()
           if " PASSED" in line and "::" in line}
    from tests import test_conformance

    every = {name for name in dir(test_conformance) if name.startswith("test_")}
    # Every conformance test but the one that replays positions found in other games.
    assert ran == every - {"test_empty_piles_where_they_once_brought_an_error"} | {
        "test_playthrough_replays_as_recorded"}
    assert (folder / "playthroughs" / f"{NAME}-1.txt").read_text() == golden
