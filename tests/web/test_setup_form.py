"""The setup form keeps what is filled in and asks no name for a seat the app plays (issue 42,
item 5: choosing the player count after "Dracula played by the app" reloaded the form, reset
the option to "No" and cleared the names — the table got a human Dracula; and the form
asked for the app seat's name)."""

from __future__ import annotations

import re

from tests.web.screens import csrf


def _selected(page: str, name: str) -> str:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert select, f"no field {name}"
    chosen = re.search(r'<option value="([^"]*)"\s*selected', select.group(1))
    return chosen.group(1) if chosen else ""


def _name_field(page: str, seat: int) -> str:
    field = re.search(rf'<label class="seat-name"[^>]*>(?:(?!</label>).)*name="seat{seat}"'
                      r'(?:(?!</label>).)*</label>', page, re.S)
    assert field, f"no name field for seat {seat + 1}"
    return field.group(0)


def test_changing_the_player_count_keeps_the_options_and_the_names(client):
    """The host chooses "Dracula played by the app", writes a hunter's name, ticks an option,
    then changes the count: the form comes back for the new count with all of it kept."""
    form = client.get("/new/fury?players=2").get_data(as_text=True)
    page = client.post("/new/fury", data={
        "csrf_token": csrf(form), "lang": "en", "players": "2", "players_to": "3",
        "opt_dracula_by_app": "cunning", "seat1": "Anna", "opt_sea_encounters": "on",
        "opt_first_turn": "dracula"}).get_data(as_text=True)
    assert _selected(page, "opt_dracula_by_app") == "cunning"
    assert _selected(page, "opt_first_turn") == "dracula"
    assert re.search(r'name="opt_sea_encounters"\s*checked', page)
    assert 'value="Anna"' in _name_field(page, 1)
    assert re.search(r'<input type="hidden" name="players" value="3">', page)
    assert 'name="seat2"' in page and 'name="seat3"' not in page


def test_no_name_is_asked_for_a_seat_the_app_plays(client, app):
    """While the app plays Dracula his name field is hidden and off; a name sent for it
    anyway is not used: the seat keeps its role's name, "played by the app"."""
    form = client.get("/new/fury?players=2").get_data(as_text=True)
    shown = client.post("/new/fury", data={
        "csrf_token": csrf(form), "lang": "en", "players": "2", "players_to": "2",
        "opt_dracula_by_app": "cunning"}).get_data(as_text=True)
    field = _name_field(shown, 0)
    assert " hidden" in field.split(">", 1)[0] and "disabled" in field
    assert "hidden" not in _name_field(shown, 1).split(">", 1)[0]
    response = client.post("/new/fury", data={
        "csrf_token": csrf(form), "lang": "en", "players": "2",
        "opt_dracula_by_app": "cunning", "seat0": "Vlad", "seat1": "Anna"})
    assert response.status_code == 303
    host = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Vlad" not in host and "Anna" in host
    assert "played by the app" in host


def test_a_hunter_seat_the_app_plays_is_chosen_beside_that_seat(client):
    """One person as Dracula against the app's hunters: the hunter seat's own choice stands
    beside it, and its name is not asked either."""
    form = client.get("/new/fury?players=2").get_data(as_text=True)
    assert re.search(r'name="seat1"(?:(?!</div>).)*name="opt_seat2_by_app"', form, re.S)
    assert 'name="opt_seat3_by_app"' not in form
    response = client.post("/new/fury", data={
        "csrf_token": csrf(form), "lang": "en", "players": "2", "seat0": "Vlad",
        "seat1": "typed by mistake", "opt_seat2_by_app": "tracking"})
    assert response.status_code == 303
    host = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "typed by mistake" not in host and "Vlad" in host


def test_the_app_may_not_play_every_seat_nor_one_that_is_not_there(client):
    """Bad input over the API: a clear sentence, 400, and no table."""
    for options, words in (({"dracula_by_app": "cunning", "seat2_by_app": "tracking"},
                            "leave at least one for a person"),
                           ({"seat3_by_app": "tracking"}, "Seat 3 is not at this table")):
        response = client.post("/api/tables", json={
            "game": "fury", "options": options, "seats": [{"name": "A"}, {"name": "B"}]})
        assert response.status_code == 400
        assert words in response.get_json()["error"]
