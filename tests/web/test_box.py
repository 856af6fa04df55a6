"""The table and the box (ARCHITECTURE.md, "The table and the box"): every screen says who
plays which role; at set-up, what to take out of the box and what stays in it; at the end,
the outcome and everything that was hidden."""

from __future__ import annotations

import hashlib
import os
import re

import pytest

from companion import referee, store
from companion.fairplay import errors
from companion.games import GAMES
from companion.games.fury import combat_cards
from tests.conftest import Tables
from tests.playing import table_seats
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
    shares = re.findall(r'<option value="(auto|[GSVM/]+)"', page)
    assert len(shares) == 6 and shares[0] == "auto"
    for share in shares[1:]:
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


# --- set-up from the box ---------------------------------------------------------------------


def secret() -> tuple[str, str]:
    """A phone's 32 random bytes and its commitment, as the page's script makes them."""
    value = os.urandom(32).hex()
    return value, hashlib.sha256(bytes.fromhex(value)).hexdigest()


@pytest.fixture
def db(tmp_path):
    database = store.connect(tmp_path / "d.db")
    store.migrate(database)
    return database


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_says_what_comes_out_of_the_box_and_what_stays_in_it(name):
    """Each game's set-up list for its default options: something to take out or leave in
    the box, each line a component and where it goes; every uncertain value in force is a
    check, and a variant that is off is not."""
    game = GAMES[name]
    options = {o.name: o.default for o in game.OPTIONS}
    made = game.box(options)
    assert made["take_out"] and made["keep_in_box"]
    for item in made["take_out"] + made["keep_in_box"]:
        assert item["what"] and item["where"]
    in_force = {o.name for o in game.OPTIONS if o.check_cards
                and (o.kind != "bool" or o.default)
                and not (o.requires and not options.get(o.requires))}
    assert {c["option"] for c in made["checks"]} == in_force


def test_a_variant_turned_on_brings_its_values_to_check():
    """Dead Man's Draw: Sudden Death is off by default (nothing to check); on, its rule and
    its target score are checked against the variant card."""
    game = GAMES["deadmans"]
    options = {o.name: o.default for o in game.OPTIONS}
    assert game.box(options)["checks"] == []
    checks = game.box({**options, "sudden_death": True})["checks"]
    assert [c["option"] for c in checks] == ["sudden_death", "sudden_death_target"]
    assert checks[1]["values"] == [{"name": "Sudden Death: target score", "value": "50"}]


def test_fury_sets_the_figures_out_and_keeps_the_cards_in_the_box():
    """„Подготовка к игре“: the board and the figures come out, Dracula's figure set aside
    until he is revealed; decks, location cards, encounters and tactics stay in the box."""
    made = GAMES["fury"].box({"initiative": "claws=7"})
    out = " ".join(i["what"] for i in made["take_out"])
    kept = " ".join(i["what"] for i in made["keep_in_box"])
    assert "board" in out and "hunter figures" in out and "Dracula's figure" in out
    for component in ("location cards", "encounter tokens", "event cards", "combat cards"):
        assert component in kept
    initiative = next(c for c in made["checks"] if c["option"] == "initiative")["values"]
    assert {"name": "Claws", "value": "7", "group": "Dracula's combat cards"} in initiative
    assert len(initiative) == len(combat_cards.DEFAULT_INITIATIVE)


def test_the_host_and_the_tablet_show_the_set_up_list_before_the_deal(client):
    host = create_by_form(client, "fury", FURY_FOUR[:3], players=3)
    page = client.get(host).get_data(as_text=True)
    code = re.search(r'href="/t/([A-Z0-9]+)"', page).group(1)
    tablet = client.get(f"/t/{code}").get_data(as_text=True)
    for screen in (page, tablet):
        out = " ".join(texts(screen, "box-out"))
        assert "Dracula's figure" in out and "Set aside beside the board" in out
        assert "Claws 2" in " ".join(texts(screen, "check-values"))
    assert "Our cards say the same" in page and "Our cards say the same" not in tablet


def test_before_the_deal_the_host_sees_what_the_deal_waits_for_beside_the_seats(client):
    """The host's first screen before the deal: the QR cards with, above them, the check of
    the card values the deal waits for (a link to it), then who has joined, then the
    set-up list (issue 31: nothing the host must do below the fold)."""
    host = create_by_form(client, "fury", FURY_FOUR[:3], players=3)
    page = client.get(host).get_data(as_text=True)
    wait = page.index('class="notice box-wait"><a href="#box-checks">')
    assert page.index('class="seats-qr') < wait < page.index('class="qr-grid"')
    assert page.index('class="panel deal"') < page.index('class="panel box"')
    assert page.index('id="box-checks"') < page.index('class="host-controls"')


def test_once_everyone_has_joined_the_screens_say_only_that_the_deal_waits_for_the_check(
        client):
    """Issue 41: "Everyone has joined: dealing…" stood above "The deal waits for the host to
    check …", and the tablet still said "Waiting for the phones": only the true one."""
    created = client.post("/api/tables", json={
        "game": "fury", "seats": [{"name": n} for n in FURY_FOUR[:3]]}).get_json()
    for seat in created["seats"]:
        commitment = hashlib.sha256(os.urandom(32)).hexdigest()
        assert client.post(f"/api/s/{seat['token']}/join",
                           json={"commitment": commitment}).status_code == 200
    host = client.get(f"/h/{created['host_token']}").get_data(as_text=True)
    tablet = client.get(f"/t/{created['code']}").get_data(as_text=True)
    seats = texts(host, "seats-qr")[0]
    assert seats.startswith("Everyone has joined") and "dealing" not in seats
    for page in (host, tablet):
        assert "The deal waits for the host to check" in " ".join(texts(page, "box-wait"))
        deal = texts(page, "deal")[0]
        assert deal.startswith("Waiting for the host's check"), deal
        assert "Waiting for the phones" not in deal and "Dealing" not in deal


def test_while_the_figures_are_placed_the_tablet_shows_the_game_above_the_set_up_list(
        client):
    """Issue 41: during the placing of the figures the set-up list filled the tablet's first
    screen; the game's moment comes first and the list is folded under it."""
    created = client.post("/api/tables", json={
        "game": "fury", "deal": "now",
        "seats": [{"name": n} for n in FURY_FOUR[:3]]}).get_json()
    tablet = client.get(f"/t/{created['code']}").get_data(as_text=True)
    assert texts(tablet, "fd-whose")[0].startswith("Setup: Lord Godalming places")
    assert tablet.index('class="fd-moment"') < tablet.index('class="panel box"')
    assert re.search(r'<details class="panel box">', tablet)


def test_during_play_the_host_screen_shows_the_moment_first(client):
    """Once dealt the host screen shows the tablet's moment (its "on the board" panel, the
    step, the tracks) before the seats and the controls, as the tablet does."""
    created = client.post("/api/tables", json={
        "game": "fury", "deal": "now",
        "seats": [{"name": n} for n in FURY_FOUR[:3]]}).get_json()
    page = client.get(f"/h/{created['host_token']}").get_data(as_text=True)
    moment = page.index('class="fd-moment"')
    assert moment < page.index('class="seats-qr') < page.index('class="host-controls"')
    assert texts(page, "fd-whose")[0].startswith("Setup: Lord Godalming places")


def test_the_deal_waits_for_the_hosts_check_of_the_card_values(db):
    """Every phone has joined, yet the cards are not dealt while the values the app is
    unsure of are unchecked; the host's check (with a correction) fixes them for the game
    and the deal goes on."""
    created = referee.create(db, "fury", None, [{"name": n} for n in FURY_FOUR[:3]])
    tokens = [s["token"] for s in created["seats"]]
    phones = [secret() for _ in tokens]
    for token, (_value, commitment) in zip(tokens, phones, strict=True):
        table = referee.join(db, token, commitment=commitment)
    assert table.row["deal_phase"] == "gathering"
    table = referee.check_cards(db, created["host_token"], {"initiative": "claws=7"})
    assert table.row["deal_phase"] == "revealing"
    for token, (value, _commitment) in zip(tokens, phones, strict=True):
        table = referee.reveal(db, token, value)
    assert table.dealt
    assert table.state["options"]["initiative_checked"] is True
    assert combat_cards.initiative(table.state, "claws") == 7
    with pytest.raises(errors.Refused):
        referee.check_cards(db, created["host_token"], {})


def test_a_wrong_check_is_refused_and_changes_nothing(client):
    created = client.post("/api/tables", json={
        "game": "fury", "seats": [{"name": "Vlad"}, {"name": "Anna"}]}).get_json()
    host = f"/api/h/{created['host_token']}/check"
    before = client.get(f"/api/t/{created['code']}").get_json()["version"]
    for body, status in (({"options": {"first_turn": "dracula"}}, 400),
                         ({"options": {"initiative": "claws=x"}}, 400),
                         ({"options": {"train_die": "9,9"}}, 400),
                         ({"options": []}, 400)):
        answer = client.post(host, json=body)
        assert answer.status_code == status and answer.get_json()["error"]
    assert client.get(f"/api/t/{created['code']}").get_json()["version"] == before
    answer = client.post(host, json={"options": {"train_die": "0,1,2,2,3,3"}})
    assert answer.status_code == 200
    checks = answer.get_json()["table"]["box"]
    assert checks["checked"]
    train = next(c for c in checks["checks"] if c["option"] == "train_die")
    assert train["values"][0]["value"] == "0 · 1 · 2 · 2 · 3 · 3"


def test_the_host_corrects_a_value_on_the_host_screen(client):
    """The host screen's fold: Holy Water's rule unticked and the train die corrected; both
    stand from then on and the check's button is gone."""
    host = create_by_form(client, "fury", FURY_FOUR[:3], players=3, opt_holy_water_cure="on")
    page = client.get(host).get_data(as_text=True)
    fields = re.findall(r'<input type="hidden" name="field" value="(\w+)">', page)
    assert fields == ["train_die", "holy_water_cure", "initiative"]
    answer = client.post(host + "/check", data={
        "csrf_token": csrf(page), "field": fields, "opt_train_die": "1,1,1,2,2,3",
        "opt_initiative": "punch=3"}, follow_redirects=True)
    after = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "Our cards say the same" not in after
    values = " ".join(texts(after, "check-values"))
    assert "1 · 1 · 1 · 2 · 2 · 3" in values
    assert "Holy Water cures" not in " ".join(texts(after, "box-checks"))


# --- an end that tells ---------------------------------------------------------------------


def final_state(client, code: str) -> dict:
    """The game's last state, as the referee keeps it (the test reads the database)."""
    with client.application.app_context():
        from companion.web.db import get_db

        return referee.open_table(get_db(), code).state


def end_the_table(client, created: dict) -> None:
    host = f"/h/{created['host_token']}"
    page = client.get(host).get_data(as_text=True)
    answer = client.post(host + "/end", data={"csrf_token": csrf(page)})
    assert answer.status_code in (200, 303)


@pytest.mark.parametrize("name", list(GAMES))
def test_ending_the_table_tells_the_outcome_then_everything_hidden_on_every_screen(client,
                                                                                   name):
    """Before the end no screen shows the hidden things; after the host's "End the table"
    the tablet, the host and every phone say it was abandoned (the kit, which has no end of
    its own: that the table has ended), then everything that was hidden, then the seed;
    no new seat link is offered any more."""
    names = [f"P{i}" for i in range(table_seats(GAMES[name]))]
    created = client.post("/api/tables", json={
        "game": name, "deal": "now", "seats": [{"name": n} for n in names]}).get_json()
    screens = [f"/t/{created['code']}", f"/h/{created['host_token']}",
               *(s["url"].split("5000", 1)[1] for s in created["seats"])]
    for path in screens:
        assert "Everything that was hidden" not in client.get(path).get_data(as_text=True)
    end_the_table(client, created)
    expected = GAMES[name].reveal(final_state(client, created["code"]))
    for path in screens:
        page = client.get(path).get_data(as_text=True)
        result = " ".join(texts(page, "result"))
        heading = "The table has ended" if name == "kit" else "Abandoned"
        assert result.startswith(heading), (path, result[:80])
        hidden = texts(page, "reveal-section")
        assert [h.split(" ", 1)[0] for h in hidden] == [
            s["title"].split(" ", 1)[0] for s in expected]
        assert result.index("Everything that was hidden") < result.index("Seed, now revealed")
        assert "New link (lost phone)" not in page


def test_the_end_of_fury_tells_where_dracula_was_his_trail_and_his_hand(client):
    """Issue 31: „the hunters never learn he was in Prague with a New Vampire“ — after the
    end every screen names his place, each trail card with its encounters and his hand."""
    created = client.post("/api/tables", json={
        "game": "fury", "deal": "now", "seats": [{"name": n} for n in FURY_FOUR[:3]]}
    ).get_json()
    dracula, anna, boris = (s["token"] for s in created["seats"])
    tables = Tables(client)
    for token, place in ((anna, "paris"), (anna, "london"), (boris, "rome"), (boris, "vienna"),
                         (dracula, "prague")):
        assert tables.act(token, "start_at", {"place": place}).status_code == 200
    hand = client.get(f"/api/s/{dracula}").get_json()["view"]["secret"]["encounters"]
    end_the_table(client, created)
    tablet = client.get(f"/t/{created['code']}").get_data(as_text=True)
    told = " ".join(texts(tablet, "reveal-section"))
    assert "Dracula was in Prague." in told
    assert "1. Prague: no encounter" in told
    assert all(e["name"] in told for e in hand)
    assert "Lord Godalming: none" in told
