"""Input that must be refused cleanly: 4xx with a sentence, nothing stored (issue 12;
ARCHITECTURE "every input is validated; errors are clear sentences with the right HTTP
status, and a rejected action changes nothing")."""

from __future__ import annotations

import json
import logging
import re
import tracemalloc

import pytest

from companion import store
from companion.games import GAMES
from companion.games.kit.rules import MAX_CARDS, parse_cards
from tests.playing import table_seats


def snapshot(app) -> str:
    """Every row of every table: what "nothing stored" is checked against."""
    db = store.connect(app.config["DATABASE"])
    try:
        return "\n".join(db.conn.iterdump())
    finally:
        db.conn.close()


def csrf(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def deep(n: int) -> str:
    return "[" * n + "]" * n


def refused(response, status: int = 400) -> str:
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    body = response.get_json()
    error = body["error"] if body else response.get_data(as_text=True)
    assert error and len(error) > 10
    return error


@pytest.fixture
def seat(tables):
    created = tables.create()
    return created, created["seats"][0]["token"]


def post_raw(client, url: str, text: str):
    return client.post(url, data=text, content_type="application/json")


def test_deep_json_is_refused_in_the_api(client, app, seat):
    """JSON nested 1,500 deep used to answer 500."""
    created, token = seat
    before = snapshot(app)
    assert "nested too deeply" in refused(post_raw(client, "/api/tables", deep(1500)))
    body = '{"action": "roll", "version": 1, "params": {"a": ' + deep(1500) + "}}"
    assert "nested too deeply" in refused(post_raw(client, f"/api/s/{token}/act", body))
    body = '{"action": "roll", "version": 1, "params": {"a": ' + deep(900) + "}}"
    refused(post_raw(client, f"/api/s/{token}/act", body))
    assert snapshot(app) == before


def test_deep_json_is_refused_in_the_action_form(client, app, seat):
    created, token = seat
    page = client.get(f"/s/{token}").get_data(as_text=True)
    before = snapshot(app)
    response = client.post(f"/s/{token}/act", headers={"HX-Request": "true"}, data={
        "csrf_token": csrf(page), "action": "roll", "version": "1", "params": deep(1500)})
    assert response.status_code == 400
    assert "nested too deeply" in response.get_data(as_text=True)
    assert snapshot(app) == before


@pytest.mark.parametrize("body", [
    {"game": "kit", "seats": [{"name": "An\ud800na"}]},
    {"game": "kit", "options": {"places": "North\udfff"}},
    {"game": "kit", "options": {"\ud83d": "x"}},
    {"game": "kit", "lang": "\udc00"},
], ids=["name", "option", "key", "lang"])
def test_lone_surrogates_are_refused(client, app, body):
    before = snapshot(app)
    text = json.dumps(body)  # ensure_ascii writes the lone surrogate as \\udXXX
    assert "not valid Unicode" in refused(post_raw(client, "/api/tables", text))
    assert snapshot(app) == before


def test_a_lone_surrogate_in_an_action_key_is_refused(client, app, seat):
    created, token = seat
    before = snapshot(app)
    text = json.dumps({"action": "draw", "params": {"end": "top"}, "version": 1,
                       "key": "tap\ud800"})
    refused(post_raw(client, f"/api/s/{token}/act", text))
    assert snapshot(app) == before


def test_a_dice_count_of_5000_digits_is_refused(tables, app, seat):
    """Python refuses to read more than 4,300 digits as a number: it was a 500."""
    created, token = seat
    before = snapshot(app)
    error = refused(tables.act(token, "roll", {"secret": False, "dice": "9" * 5000 + "d6"}))
    assert "at most 500 characters" in error
    refused(tables.act(token, "roll", {"secret": False, "dice": "9" * 400 + "d6"}))
    assert snapshot(app) == before


def test_superscript_two_is_not_a_number(client, app, tables):
    """'²' passes str.isdigit() but is not a number int() reads: it was a 500."""
    cards = "Aim\n³ Bluff"
    created = tables.create(options={"deck": "custom", "cards": cards})
    token = created["seats"][0]["token"]
    assert sorted(parse_cards(cards)) == ["Aim", "³ Bluff"]
    client.post(f"/api/s/{token}/act", json={"action": "ask", "version": 1, "params": {
        "question": "How many?", "options": ""}})
    page = client.get(f"/s/{token}").get_data(as_text=True)
    before = snapshot(app)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    response = client.post(f"/s/{token}/act", headers={"HX-Request": "true"}, data={
        "csrf_token": csrf(page), "action": "pick", "version": version, "params": "{}",
        "in_value": "²", "kind_value": "int"})
    assert response.status_code == 400 and "Write a whole number." in response.get_data(
        as_text=True)
    assert snapshot(app) == before


@pytest.mark.parametrize(("game", "options", "says"), [
    # issue 30: "Drakula options with a superscript digit answer 500 ... the kit's card
    # count accepts ²x and creates the table".
    ("drakula", {"card_bojovnost": "²/3/red"}, "steps"),
    ("drakula", {"card_bojovnost": "5/²/red"}, "combat strength"),
    ("drakula", {"vampire_strengths": "³/3/3"}, "add up to 9"),
    ("drakula", {"hunter_strengths": "3/3/٣"}, "add up to 9"),
    ("drakula", {"turn_limit": "1²0"}, "whole number"),
    ("fury", {"initiative": "claws=²"}, "card=value"),
    ("kit", {"deck": "custom", "cards": "²x Aim"}, "digits 0 to 9"),
    ("kit", {"deck": "custom", "cards": "Bluff\n٣ x Aim"}, "digits 0 to 9"),
])
def test_digits_other_than_0_to_9_in_options_are_refused(client, app, game, options, says):
    """``str.isdigit`` takes ``²`` and ``٣``; ``int`` refuses the first and reads the second:
    every option is read with the digits 0–9 only, and anything else is a 400 with the
    option's sentence and no table."""
    before = snapshot(app)
    names = [{"name": "Anna"}, {"name": "Bob"}]
    response = client.post("/api/tables", json={"game": game, "options": options,
                                                "seats": names})
    assert says in refused(response)
    assert snapshot(app) == before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_number_option_takes_the_digits_0_to_9_only(client, app, name):
    """Each whole-number option of every game (read from its ``OPTIONS``), written with a
    superscript or an Arabic-Indic digit: a 400 that names the option, and no table."""
    game = GAMES[name]
    numbers = [option for option in game.OPTIONS if option.kind == "int"]
    names = [{"name": n} for n in ("Anna", "Bob", "Cyril")[:table_seats(game)]]
    before = snapshot(app)
    for option in numbers:
        for digit in ("²", "٣"):
            response = client.post("/api/tables", json={
                "game": name, "options": {option.name: digit}, "seats": names})
            assert "must be a whole number" in refused(response), (option.name, digit)
    assert snapshot(app) == before


@pytest.mark.parametrize(("game", "action", "params"), [
    ("kit", "roll", {"secret": False, "dice": "٣d6"}),
    ("kit", "roll", {"secret": False, "dice": "2d٦"}),
])
def test_digits_other_than_0_to_9_in_action_parameters_are_refused(tables, app, game, action,
                                                                    params):
    created = tables.create(game)
    token = created["seats"][0]["token"]
    before = snapshot(app)
    response = tables.client.post(f"/api/s/{token}/act", json={
        "action": action, "params": params, "version": 1})
    assert "dice roll" in refused(response)
    assert snapshot(app) == before


def test_a_huge_own_card_count_is_refused_before_any_card_is_made():
    """'100000000x Aim' built the whole list before the 300-card limit (1.6 GB)."""
    tracemalloc.start()
    try:
        with pytest.raises(Exception, match=f"at most {MAX_CARDS} cards"):
            parse_cards("100000000x Aim")
        with pytest.raises(Exception, match=f"at most {MAX_CARDS} cards"):
            parse_cards("1" * 4000 + "x Aim")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


@pytest.mark.parametrize("params, says", [
    ({"end": "top", "sneaky": [[[[1]]]]}, "wrong type"),
    ({"end": "top", "sneaky": 1}, "takes no parameter “sneaky”"),
    ({"end": ["top"]}, "wrong type"),
    ({"end": "top" * 200}, "at most 500 characters"),
    ({f"p{i}": 1 for i in range(17)}, "at most 16 parameters"),
    ({"end": 2**80}, "too large"),
    ({"end": 1.5}, "wrong type"),
    ({"bad key!": 1}, "not a parameter name"),
])
def test_action_parameters_must_fit_the_actions_schema(tables, app, seat, params, says):
    """Unknown or oversized parameters used to be stored verbatim (a ~960-deep list made
    every later export answer 500)."""
    created, token = seat
    before = snapshot(app)
    assert says in refused(tables.act(token, "draw", params))
    assert snapshot(app) == before


def test_405_names_the_allowed_methods(client, seat):
    created, token = seat
    for url in ("/api/tables", f"/api/s/{token}/act", f"/s/{token}/act"):
        response = client.get(url)
        assert response.status_code == 405
        assert "POST" in response.headers["Allow"]
    response = client.delete(f"/api/s/{token}")
    assert response.status_code == 405 and "GET" in response.headers["Allow"]
    assert response.get_json()["error"]


def test_a_language_outside_the_list_is_refused(client, app, seat):
    created, token = seat
    before = snapshot(app)
    refused(client.post("/api/tables", json={"game": "kit", "lang": "de"}))
    refused(client.get("/api/games?lang=xx"))
    refused(client.get(f"/api/s/{token}?lang=klingon"))
    assert client.get(f"/t/{created['code']}?lang=xx").status_code == 400
    page = client.get(f"/s/{token}").get_data(as_text=True)
    response = client.post(f"/s/{token}/lang", data={"csrf_token": csrf(page), "lang": "fr"})
    assert response.status_code == 400
    assert snapshot(app) == before


@pytest.mark.parametrize("name", [
    "Anna\u202e", "\u2066Bob", "Bo\u200bb", "Ann\u200da", "\ufeffAnna", "Anna\x1b[31m",
    "An\x00na", "Ann\u00ada",
], ids=["rlo", "lri", "zwsp", "zwj", "bom", "escape", "nul", "soft-hyphen"])
def test_names_with_hidden_characters_are_refused(client, app, name):
    """Log spoofing: 'Anna' and 'Anna' with a zero-width space look the same in the log."""
    before = snapshot(app)
    error = refused(client.post("/api/tables", json={
        "game": "kit", "seats": [{"name": "Anna"}, {"name": name}]}))
    assert "invisible or control characters" in error
    assert snapshot(app) == before


def test_duplicate_names_are_refused_and_emoji_sequences_are_fine(client, app):
    before = snapshot(app)
    for pair in (["Anna", "anna"], ["Anna", " Anna "], ["Ａnna", "Anna"]):
        error = refused(client.post("/api/tables", json={
            "game": "kit", "seats": [{"name": n} for n in pair]}))
        assert "cannot both be called" in error
    assert snapshot(app) == before
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    created = client.post("/api/tables", json={
        "game": "kit", "seats": [{"name": "Anna"}, {"name": family}]})
    assert created.status_code == 201
    assert created.get_json()["seats"][1]["name"] == family


def test_the_lobby_form_refuses_hidden_characters_and_duplicates(client, app):
    form = client.get("/new/kit").get_data(as_text=True)
    before = snapshot(app)
    for names in (("Anna", "Anna"), ("Anna", "Bo\u200bb")):
        response = client.post("/new/kit", data={
            "csrf_token": csrf(form), "seat0": names[0], "seat1": names[1],
            "opt_deck": "52", "opt_places": "Centre", "opt_cards": "", "lang": "en"})
        assert response.status_code == 400
    response = client.post("/new/kit", data={
        "csrf_token": csrf(form), "seat0": "Anna", "opt_deck": "52",
        "opt_places": "Centre", "opt_cards": "", "lang": "xx"})
    assert response.status_code == 400 and "Choose English, Czech or Russian" in \
        response.get_data(as_text=True)
    assert snapshot(app) == before


def test_huge_numbers_in_options_are_refused(client, app):
    before = snapshot(app)
    for value in ("9" * 5000, "1e400", 1e308 * 10, "²"):
        body = json.dumps({"game": "duel", "options": {"first_to": value}})
        response = post_raw(client, "/api/tables", body)
        assert response.status_code == 400, value
    assert snapshot(app) == before


def test_tokens_stay_out_of_the_error_log(app, client, seat, caplog, monkeypatch):
    """'Tokens appear in the server's error log': Flask logs the path of a request that
    failed, and the path holds the seat's token."""
    created, token = seat
    from companion import referee

    def broken(*args, **kwargs):
        raise RuntimeError(f"boom while serving /s/{token}")

    monkeypatch.setattr(referee, "open_seat", broken)
    monkeypatch.setitem(app.config, "PROPAGATE_EXCEPTIONS", False)  # as when serving
    with caplog.at_level(logging.ERROR):
        response = client.get(f"/api/s/{token}")
    assert response.status_code == 500
    logged = caplog.text + "".join(str(r.exc_text or "") for r in caplog.records)
    assert "/api/s/…" in logged and "boom while serving /s/…" in logged
    assert token not in logged


def test_a_card_list_typed_in_the_lobby_keeps_its_line_breaks(client):
    """A textarea posts CRLF line endings; they are line breaks, not hidden characters."""
    form = client.get("/new/kit").get_data(as_text=True)
    response = client.post("/new/kit", data={
        "csrf_token": csrf(form), "seat0": "Anna", "opt_deck": "custom",
        "opt_cards": "2x Ace\r\nKing\tof hearts\r\n", "opt_places": "Centre", "lang": "en"})
    assert response.status_code == 303


def test_a_form_posted_without_its_csrf_token_is_refused_and_changes_nothing(client, tables):
    """ARCHITECTURE.md "Security boundary": every POST of a screen is CSRF-protected — a
    form without the page's token (another site's form, say) is refused with a sentence
    and nothing happens; the JSON API, whose token is in its path, needs none."""
    created = tables.create()
    token = created["seats"][0]["token"]
    host = created["host_token"]
    before = client.get(f"/api/t/{created['code']}").get_json()["version"]
    for url, data in ((f"/s/{token}/act", {"action": "draw", "params": '{"end": "top"}',
                                           "version": "1"}),
                      (f"/h/{host}/end", {}), (f"/s/{token}/lang", {"lang": "cs"}),
                      ("/new/kit", {"name_0": "Anna"}), ("/join", {"table": "X"})):
        refused = client.post(url, data=data)
        assert refused.status_code == 400, url
        assert "too old to act from" in refused.get_data(as_text=True), url
    assert client.get(f"/api/t/{created['code']}").get_json()["version"] == before
    assert tables.act(token, "draw", {"end": "top"}).status_code == 200
