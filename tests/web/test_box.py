"""The table and the box (ARCHITECTURE.md, "The table and the box"): every screen says who
plays which role; at set-up, what to take out of the box and what stays in it; at the end,
the outcome and everything that was hidden."""

from __future__ import annotations

import re

import pytest

from tests.web.screens import csrf, texts

FURY_FOUR = ("Vlad", "Anna", "Boris", "Cyril")


def create_by_form(client, game: str, names: tuple[str, ...], players: int | None = None,
                   **fields: str) -> str:
    """The host fills the setup form; returns the host page's path."""
    query = f"?players={players}" if players else ""
    form = client.get(f"/new/{game}{query}").get_data(as_text=True)
    data = {"csrf_token": csrf(form), "lang": "en", **fields}
    if players:
        data["players"] = str(players)
    for i, name in enumerate(names):
        data[f"seat{i}"] = name
    response = client.post(f"/new/{game}", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[-2000:]
    return response.headers["Location"]


def seat_links(page: str) -> list[str]:
    return re.findall(r"<code>https?://[^/]+(/s/[^<]+)</code>", page)


# --- roles ---------------------------------------------------------------------------------


def test_the_fury_form_names_each_seat_before_the_names_are_typed(client):
    """For four players the form says Dracula, then what each hunter player takes (all four
    hunters always in play); each other sharing of the hunters is offered too."""
    page = client.get("/new/fury?players=4").get_data(as_text=True)
    assert texts(page, "seat-role") == ["Dracula", "Lord Godalming and Dr. Seward",
                                        "Van Helsing", "Mina Harker"]
    assert 'name="seat4"' not in page
    shares = re.findall(r'<option value="([GSVM/]+)"', page)
    assert len(shares) == 6 and shares[0] == "GS/V/M"
    for share in shares:
        assert sorted(share.replace("/", "")) == sorted("GSVM")
    two = client.get("/new/fury?players=2").get_data(as_text=True)
    assert texts(two, "seat-role") == [
        "Dracula", "Lord Godalming, Dr. Seward, Van Helsing and Mina Harker"]


def test_the_roles_show_on_the_qr_cards_the_phones_and_the_tablet_chips(client):
    """The host shares the hunters G+V / S / M: the QR cards, each phone's header and the
    tablet's chips say what each seat plays."""
    host = create_by_form(client, "fury", FURY_FOUR, players=4, opt_hunters="GV/S/M")
    page = client.get(host).get_data(as_text=True)
    roles = ["Dracula", "Lord Godalming and Van Helsing", "Dr. Seward", "Mina Harker"]
    assert [t.split(" ", 1)[1] for t in texts(page, "qr-card-title")] == roles
    for link, role in zip(seat_links(page), roles, strict=True):
        phone = client.get(link).get_data(as_text=True)
        assert texts(phone, "role")[0] == role
    code = re.search(r'href="/t/([A-Z0-9]+)"', page).group(1)
    tablet = client.get(f"/t/{code}").get_data(as_text=True)
    assert texts(tablet, "role")[:4] == roles


def test_the_api_names_each_fury_seats_role(client):
    """The JSON API keeps its shape and fills each seat's ``role``; /api/games lists what
    each seat plays at every count."""
    created = client.post("/api/tables", json={
        "game": "fury", "options": {"hunters": "GSM/V"},
        "seats": [{"name": "Vlad"}, {"name": "Anna"}, {"name": "Boris", "role": "Van Helsing"}],
    }).get_json()
    assert [s["role"] for s in created["seats"]] == [
        "Dracula", "Lord Godalming, Dr. Seward and Mina Harker", "Van Helsing"]
    wrong = client.post("/api/tables", json={
        "game": "fury", "seats": [{"name": "Vlad", "role": "Mina Harker"}, {"name": "Anna"}]})
    assert wrong.status_code == 400 and "Dracula" in wrong.get_json()["error"]
    games = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}
    assert games["fury"]["by_players"]["5"]["named"] == [
        "Dracula", "Lord Godalming", "Dr. Seward", "Van Helsing", "Mina Harker"]
    assert games["kit"]["by_players"] == {}


@pytest.mark.parametrize("lang, dracula, pair", [
    ("cs", "Drákula", "Lord Godalming a Dr. Seward"),
    ("ru", "Дракула", "Лорд Годалминг и Доктор Сьюард"),
])
def test_a_role_reads_in_the_phones_language(client, lang, dracula, pair):
    created = client.post("/api/tables", json={
        "game": "fury", "lang": lang, "seats": [{"name": "Vlad"}, {"name": "Anna"},
                                                 {"name": "Boris"}]}).get_json()
    phones = [client.get(s["url"].split("5000", 1)[1]).get_data(as_text=True)
              for s in created["seats"][:2]]
    assert [texts(p, "role")[0] for p in phones] == [dracula, pair]
