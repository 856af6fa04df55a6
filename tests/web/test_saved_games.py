"""Open a saved game (issue 42, item 4: "on the tablet after any Fury game (and in the
export's viewer), his whole route drawn on the map turn by turn … with a step-through; the
public log beside it … Drakula's face-down cards and Blitz und Donner's field turn over on
the end screen the same way").

A finished game's export, chosen on a laptop at home, is replayed by ``companion verify``'s
own code and shown as its tablet showed the end; nothing is stored, and a file that cannot
be shown so is refused with a sentence and its status."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest

from companion import create_app, referee, store
from companion.cli import main
from companion.fairplay import fairness
from companion.games import GAMES
from companion.games.fury import route
from companion.server.bounds import SAVED_GAME_BYTES
from companion.web import render
from tests.conftest import Tables
from tests.random_tables import chosen
from tests.seeds import fixed_seeds
from tests.test_i18n_screens import ALLOWED, WORD, words
from tests.web.screens import csrf, texts
from tests.web.test_app_seat import _hunters_play
from tests.web.test_bounds import snapshot
from tests.web.test_box import end_the_table

NOT_AN_EXPORT = "This file is not a game's export."


def play_to_the_end(tables: Tables, created: dict[str, Any], chooser: random.Random
                    ) -> None:
    """Every seat plays random legal actions (corrections by hand left out) until the game
    is over."""
    tokens = [seat["token"] for seat in created["seats"]]
    for _ in range(3000):
        answers = [tables.seat(token) for token in tokens]
        if answers[0]["table"]["over"]:
            return
        pick = chosen(answers, chooser)
        assert pick is not None, "nobody may act before the end"
        seat, body = pick
        tables.client.post(f"/api/s/{tokens[seat]}/act", json=body)
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def evening(tmp_path_factory):
    """One server's finished games, made once: a Fury game of one player's four hunters
    against the app's Dracula, a Drakula and a Blitz und Donner game played at random to
    their ends, each with its full export, its public record and its tablet's end screen."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fairness, "new_seed", fixed_seeds("tests/web/test_saved_games.py"))
        app = create_app({"TESTING": True, "SECRET_KEY": "saved",
                          "DATABASE": str(tmp_path_factory.mktemp("saved") / "c.db"),
                          "PUBLIC_URL": "http://table.test:5000"})
        client = app.test_client()
        tables = Tables(client)
        games = {}
        fury = tables.create("fury", names=("Dracula", "Anna"),
                             options={"dracula_by_app": "cunning"})
        _hunters_play(tables, fury["seats"][1]["token"], random.Random(1))
        games["fury"] = fury
        for name in ("drakula", "hera_zeus"):
            created = tables.create(name, names=("Anna", "Bob"))
            play_to_the_end(tables, created, random.Random(1))
            games[name] = created
        for created in games.values():
            player = next(s["token"] for s in created["seats"] if not s["app"])
            created["export"] = client.get(f"/api/s/{player}/export").get_json()
            created["public"] = client.get(f"/api/t/{created['code']}/export").get_json()
            created["tablet"] = client.get(f"/t/{created['code']}").get_data(as_text=True)
        yield {"app": app, "client": client, **games}


def opened(client, content: bytes | None, lang: str = "en") -> Any:
    """The export's file posted as the page's form posts it (its CSRF token included)."""
    form = client.get(f"/saved?lang={lang}").get_data(as_text=True)
    boundary = "----a-saved-game"
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
             f"{csrf(form)}\r\n".encode()]
    if content is not None:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="export"; '
                     'filename="game.json"\r\nContent-Type: application/json\r\n\r\n'
                     .encode() + content + b"\r\n")
    # Written out here: the test client's own encoding spools a large file to a temporary
    # file it never closes.
    body = b"".join(parts) + f"--{boundary}--\r\n".encode()
    return client.post(f"/saved?lang={lang}", data=body,
                       content_type=f"multipart/form-data; boundary={boundary}")


def as_file(export: Any) -> bytes:
    return json.dumps(export, ensure_ascii=False, indent=1).encode()


def section(page: str, pattern: str) -> str:
    found = re.search(pattern, page, re.S)
    assert found, pattern
    return found.group(0)


CHASE = r'<section class="fd-chase".*?</section>'
LOG = r'<section class="log".*?</section>'
LINK = " Download the public record"
CHECK = " · “companion verify” on the export must print the same log fingerprint."


def told_as_the_tablet(page: str, tablet: str) -> bool:
    """The page tells the outcome as the tablet did, but for the export's link (the file
    is in hand already)."""
    told, shown = texts(page, "result")[0], texts(tablet, "result")[0]
    return shown in (told + LINK, told + LINK + CHECK)


def test_the_lobby_offers_to_open_a_saved_game(client):
    """The home page links to the page that takes an export's file."""
    lobby = client.get("/").get_data(as_text=True)
    assert 'href="/saved?lang=en"' in lobby and "Open a saved game" in lobby
    form = client.get("/saved?lang=cs").get_data(as_text=True)
    assert 'type="file" name="export"' in form
    assert 'enctype="multipart/form-data"' in form
    assert "Otevřít uloženou hru" in form


def test_a_finished_fury_game_shows_its_chase_step_by_step_and_the_public_log(evening):
    """Issue 42, item 4: the export opened on another day shows the chase as the tablet
    showed it — every place of Dracula's route in order, by day or by night, at sea, the
    powers he used, where the hunters saw him and where they fought him, with the
    step-through — and the public log beside it and under the map; nothing is stored."""
    fury, app, client = evening["fury"], evening["app"], evening["client"]
    before = snapshot(app)
    answer = opened(client, as_file(fury["export"]))
    assert answer.status_code == 200
    assert snapshot(app) == before, "opening a saved game stores nothing"
    page = answer.get_data(as_text=True)
    chase = section(page, CHASE)
    assert chase == section(fury["tablet"], CHASE), "the chase is the tablet's own"
    assert section(page, LOG) == section(fury["tablet"], LOG), "the log is the tablet's"

    with app.app_context():
        final = referee.open_table(store.connect(app.config["DATABASE"]), fury["code"]).state
    steps = route.steps(final)
    assert int(re.search(r'data-steps="(\d+)"', chase).group(1)) == len(steps)
    told = texts(chase, "fd-chase-steps")[0]
    assert 'data-step-go="next"' in chase and 'data-step-go="all"' in chase
    at = 0
    for step in steps:
        at = told.index(f"{step['place_name']} — {step['how_name']}", at)
        night = ' class="night"' if step["night"] else ">"
        assert f'<li value="{step["n"]}" data-step="{step["n"]}" data-round="{step["round"]}"' \
            f"{night}" in chase, step
        drawn = re.search(rf'<g class="fc-step([^"]*)" data-step="{step["n"]}" '
                          rf'data-place="{step["place"]}">(.*?)</g>', chase, re.S)
        assert drawn, step
        assert ("seen" in drawn.group(1)) == step["seen"]
        assert ("fought" in drawn.group(1)) == step["fought"]
        assert ("<text" in drawn.group(2)) == step["power"], "a power's letter beside it"
    for kind in ("night", "sea", "power", "seen", "fought"):
        assert any(step[kind] for step in steps), f"this game's route has no {kind} step"
    sea_legs = [s["n"] for before_, s in zip(steps, steps[1:], strict=False)
                if s["sea"] or before_["sea"]]
    assert sorted(int(n) for n in re.findall(
        r'<path class="fc-leg[^"]* sea" data-step="(\d+)"', chase)) == sea_legs

    public = texts(chase, "fd-chase-log")[0]
    assert "Round 1: Dracula's turn." in public


def test_the_saved_fury_game_shows_no_private_line(evening):
    """Never a private line: no line the export sent to one seat alone (Dracula's hidden
    moves, his draws) is on the page, unless the tablet's own end screen shows it too (the
    end reveals what was hidden)."""
    fury, app, client = evening["fury"], evening["app"], evening["client"]
    page = html.unescape(opened(client, as_file(fury["export"])).get_data(as_text=True))
    tablet = html.unescape(fury["tablet"])
    names = [seat["name"] for seat in fury["export"]["seats"]]
    private = [line for event in fury["export"]["games"][0]["events"]
               for line in event["log"] if line.get("to") is not None]
    assert len(private) > 20
    with app.test_request_context():
        said = {render.say(line["text"], line.get("args"), names) for line in private}
    shown = [text for text in said if text in page and text not in tablet]
    assert shown == []
    log = texts(page, "log")[0]
    assert "only you" not in log


@pytest.mark.parametrize("name, title", [("drakula", "On the board, face down"),
                                         ("hera_zeus", "Face down on the fields")])
def test_drakula_and_blitz_und_donner_turn_their_face_down_cards_over(evening, name, title):
    """Issue 42, item 4: "Drakula's face-down cards and Blitz und Donner's field turn over
    on the end screen the same way" — in the export's viewer too: the cards that lay face
    down at the end turn over a step at a time, each named, as on the tablet."""
    played, client = evening[name], evening["client"]
    page = opened(client, as_file(played["export"])).get_data(as_text=True)
    stepped = r'<div class="reveal-section" data-stepper="[^"]+" data-steps="(\d+)">.*?</ol>'
    shown = section(page, stepped)
    assert shown == section(played["tablet"], stepped)
    assert title in shown and 'data-step-go="next"' in shown
    with evening["app"].app_context():
        final = referee.open_table(store.connect(evening["app"].config["DATABASE"]),
                                   played["code"]).state
    down = next(part for part in GAMES[name].reveal(final) if part.get("steps"))
    assert int(re.search(r'data-steps="(\d+)"', shown).group(1)) == len(down["lines"]) > 0
    assert len(re.findall(r'<li value="\d+" data-step="\d+">', shown)) == len(down["lines"])
    assert told_as_the_tablet(page, played["tablet"])


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_ended_by_the_host_shows_its_result_as_the_tablet_did(client, tables,
                                                                        name):
    """The result for every game: a table the host ended is told as its tablet told it
    (abandoned, or ended for a game with no end of its own), with everything hidden and
    the seed; the export's download link is not offered again."""
    game = GAMES[name]
    seated = game.seats({o.name: o.default for o in game.OPTIONS})
    count = len(seated.roles) or seated.min
    created = tables.create(name, names=tuple(f"P{n}" for n in range(count)))
    end_the_table(client, created)
    export = client.get(f"/api/h/{created['host_token']}/export").get_json()
    tablet = client.get(f"/t/{created['code']}").get_data(as_text=True)
    page = opened(client, as_file(export)).get_data(as_text=True)
    assert told_as_the_tablet(page, tablet)
    assert 'class="export"' not in page


def test_every_game_of_an_evening_is_shown_the_newest_first(client, tables):
    """An export of a table that played again holds each game: each is shown, the newest
    first, its face-down cards stepping on their own."""
    created = tables.create("drakula", names=("Anna", "Bob"))
    play_to_the_end(tables, created, random.Random(2))
    host = f"/api/h/{created['host_token']}"
    assert client.post(host + "/again").status_code == 200
    client.post(host + "/check", json={})
    dealt = client.post(host + "/start", json={"force": True}).get_json()
    assert dealt["table"]["dealt"], dealt
    play_to_the_end(tables, created, random.Random(3))
    export = client.get(f"/api/h/{created['host_token']}/export").get_json()
    assert [game["round"] for game in export["games"]] == [1, 2]
    page = opened(client, as_file(export)).get_data(as_text=True)
    assert re.findall(r'<h1 id="saved-\d">.*?· Game (\d)</h1>', page) == ["2", "1"]
    assert len(re.findall(r'data-stepper="reveal-\d+"', page)) >= 2
    assert len(set(re.findall(r'<h2 id="(log-title[^"]*)"', page))) == 2


def _running(client, tables, monkeypatch) -> dict[str, Any]:
    """The export a server would make of a game still being played: its round read as if
    closed, its log ending where the game stood (no end entry)."""
    created = tables.create("drakula", names=("Anna", "Bob"))
    anna = created["seats"][0]["token"]
    first = tables.seat(anna)["actions"][0]
    tables.act(anna, first["action"], first["params"])
    real = store.rounds

    def as_if_closed(db, code):
        table = store.table(db, code)
        return [dict(row, closed=1, log_hash=row["log_hash"] or table["log_hash"])
                for row in real(db, code)]
    with monkeypatch.context() as patch:
        patch.setattr(store, "rounds", as_if_closed)
        export = client.get(f"/api/s/{anna}/export").get_json()
    assert export["games"][0]["result"] is None
    return export


def _tampered(export: dict[str, Any]) -> dict[str, Any]:
    """One public line of one action changed, as if a die had rolled otherwise."""
    changed = json.loads(json.dumps(export))
    event = next(e for e in changed["games"][0]["events"]
                 if any(line.get("to") is None for line in e["log"]))
    line = next(line for line in event["log"] if line.get("to") is None)
    line["text"] = "Dracula moves: {back} is laid on his trail."
    line["args"] = {"back": "a sea card"}
    return changed


BAD = [
    # (what, the file's bytes from the evening, status, the sentence's start, detail)
    ("not JSON", lambda e: b"\x89PNG\r\n\x1a\n not an export", 400, NOT_AN_EXPORT, None),
    ("JSON, but no export", lambda e: b'{"games": []}', 400, NOT_AN_EXPORT, None),
    ("too big", lambda e: b" " * (SAVED_GAME_BYTES + 1), 413,
     "This file is larger than a game's export can be (at most 4 MB).", None),
    ("too deeply nested", lambda e: b"[" * 200 + b"]" * 200, 400,
     "This file is nested too deeply to be a game's export.", None),
    ("the public record", lambda e: as_file(e["fury"]["public"]), 422,
     "This is the public record of a game: its actions are withheld", None),
    ("a replay that fails verification", lambda e: as_file(_tampered(e["fury"]["export"])),
     422, "This export does not verify: replaying its actions through the rules does not "
     "give what it records", "step 1 gives a different outcome than recorded"),
]


@pytest.mark.parametrize("what, content, status, sentence, detail", BAD,
                         ids=[b[0] for b in BAD])
def test_a_file_that_cannot_be_shown_is_refused_with_a_sentence(evening, what, content,
                                                                 status, sentence, detail):
    """Bad input: a clear sentence on the page, its status, nothing changed — and the same
    from the JSON twin where the body is JSON at all."""
    app, client = evening["app"], evening["client"]
    before = snapshot(app)
    body = content(evening)
    answer = opened(client, body)
    assert answer.status_code == status
    page = answer.get_data(as_text=True)
    assert texts(page, "error")[0].startswith(sentence)
    assert 'type="file" name="export"' in page, "the form again, to choose another file"
    if detail:
        assert detail in texts(page, "saved-problems")[0]
    api = client.post("/api/saved", data=body, content_type="application/json")
    assert api.status_code == status
    if what not in ("not JSON", "too big", "too deeply nested"):  # the API's own words
        assert api.get_json()["error"].startswith(sentence)
    assert snapshot(app) == before


def test_a_game_still_being_played_is_not_opened(client, tables, monkeypatch):
    """An export made before the game's end (its log records no end) is refused: only a
    finished game is shown; ``companion verify`` says the same."""
    export = _running(client, tables, monkeypatch)
    answer = opened(client, as_file(export))
    assert answer.status_code == 422
    assert texts(answer.get_data(as_text=True), "error") == [
        "This game was still being played when it was exported: only a finished game can "
        "be opened."]
    api = client.post("/api/saved", json=export)
    assert api.status_code == 422 and api.get_json()["error"].startswith("This game was")


def test_verify_says_an_export_of_a_running_game_is_not_one(client, tables, monkeypatch,
                                                           tmp_path, capsys):
    """``companion verify`` fails such an export, saying why."""
    path = tmp_path / "running.json"
    path.write_bytes(as_file(_running(client, tables, monkeypatch)))
    assert main(["verify", str(path)]) == 1
    assert "the export was made while the game was still being played: its log records no " \
           "end" in capsys.readouterr().out


def test_no_file_chosen_asks_for_one(client):
    answer = opened(client, None)
    assert answer.status_code == 400
    assert texts(answer.get_data(as_text=True), "error") == [
        "Choose the file of a game's export first."]


def test_a_refusal_is_said_in_the_language_the_page_was_opened_in(client):
    answer = opened(client, b"{", lang="ru")
    assert answer.status_code == 400
    assert texts(answer.get_data(as_text=True), "error")[0].startswith(
        "Этот файл — не экспорт игры.")


def test_a_saved_fury_game_is_told_in_the_language_the_page_was_opened_in(evening):
    """In Czech the whole end is Czech, the outcome's sentence too (it was English on every
    Fury end screen: its two sentences were not marked for translation)."""
    page = opened(evening["client"], as_file(evening["fury"]["export"]), lang="cs")
    told = texts(page.get_data(as_text=True), "result")[0]
    assert "Stupnice upírů dosáhla 6: Drákula vítězí." in told \
        or "Drákulova krev klesla na 0: lovci vítězí." in told
    assert "wins" not in told and "win." not in told


def test_companion_show_writes_the_same_end_as_one_file(evening, tmp_path, capsys):
    """``companion show FILE --html OUT``: the page the app shows, as one file that opens
    from a disk — its styles, script and map inside it, nothing asked of a server — and a
    file the page refuses is refused with the same sentence."""
    export = tmp_path / "table-export.json"
    export.write_bytes(as_file(evening["fury"]["export"]))
    out = tmp_path / "chase.html"
    assert main(["show", str(export), "--html", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    shown = opened(evening["client"], export.read_bytes()).get_data(as_text=True)
    for part in ("fd-chase", "result", "log"):
        assert texts(page, part) == texts(shown, part), part
    assert "/static/" not in page and "<script src" not in page
    assert page.count("<style>") >= 2, "the app's styles and Fury's"
    assert 'href="data:image/svg+xml;base64,' in page, "the map inside the page"
    assert "Open another saved game" not in page
    public = tmp_path / "public.json"
    public.write_bytes(as_file(evening["fury"]["public"]))
    capsys.readouterr()
    assert main(["show", str(public), "--html", str(tmp_path / "no.html")]) == 1
    assert "error: This is the public record of a game" in capsys.readouterr().err
    assert not (tmp_path / "no.html").exists()


@pytest.mark.parametrize("name", ["fury", "drakula", "hera_zeus"])
def test_a_saved_game_opened_in_russian_shows_no_latin_word(evening, name):
    """Every word of the page is Russian (issue 32's rule for every screen), but the
    players' own names and what every Russian screen may print as it is."""
    export = evening[name]["export"]
    page = opened(evening["client"], as_file(export), lang="ru").get_data(as_text=True)
    names = {word for seat in export["seats"] for word in WORD.findall(seat["name"])}
    found = {word for word in words(page)
             if word.isascii() and word not in ALLOWED and word not in names}
    assert found == set()
