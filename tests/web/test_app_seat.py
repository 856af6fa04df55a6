"""A seat played by the app (issue 33, item 1): Fury's Dracula played by the app at a table
where one player shares the four hunters. The app acts at the same steps a person would,
through the same road (the same checks, events, log and chain), nobody can act for it, and
the export's ``verify`` replays each of its decisions."""

from __future__ import annotations

import random
import re
import threading
import time

from companion import referee, store
from companion.fairplay import verify
from companion.referee import appseat
from tests.web.screens import csrf, texts
from tests.web.test_box import secret

APP = {"dracula_by_app": "cunning"}


def _hunters_play(tables, token, chooser, limit=4000):
    """One player's phone plays the four hunters to the end; the app answers every one of
    Dracula's decisions before the phone's action is answered (no event loop here)."""
    for _ in range(limit):
        answer = tables.seat(token)
        if answer["view"]["result"]:
            return answer
        choices = [a for a in answer["actions"]
                   if not a["action"].startswith("hand_") or a["action"] == "hand_done"]
        assert choices, "the hunters' phone waits while the app's Dracula has nothing to do"
        action = chooser.choice(choices)
        response = tables.act(token, action["action"], action["params"], answer["version"])
        assert response.status_code == 200, response.get_json()
    raise AssertionError("the game did not end")


def test_a_whole_game_against_the_apps_dracula_verifies(tables, client):
    """A group of one (Anna plays all four hunters) plays a whole game against the app's
    Dracula; at the end ``verify`` replays every action and confirms each of the app's was
    the one its published algorithm picks from what Dracula's seat was shown."""
    created = tables.create("fury", names=("Dracula", "Anna"), options=APP)
    anna = created["seats"][1]["token"]
    end = _hunters_play(tables, anna, random.Random(5))
    assert end["view"]["result"]["side"] in ("dracula", "hunters")
    export = client.get(f"/api/t/{created['code']}/export").get_json()
    assert any(e["seat"] == 0 for e in export["games"][0]["events"]), "the app never acted"
    full = client.get(f"/api/s/{anna}/export").get_json()
    report = verify.verify(full)
    assert report.ok, report.problems
    assert report.app_decisions > 20
    assert "The app's seat played" in report.summary()


def test_nobody_acts_for_the_apps_seat(tables):
    """Issue 41: the answer that made the table gave the app's seat a token and a link like
    any other, and a client that joined it got a 422; it says the app plays the seat and
    gives no link. Its token, as the server makes it, is still refused."""
    created = tables.create("fury", names=("Dracula", "Anna"), options=APP)
    app, anna = created["seats"]
    assert app["app"] is True and "token" not in app and "url" not in app
    assert anna["app"] is False and anna["url"].endswith(anna["token"])
    dracula = referee.seat_token(created["host_token"], 0, 0)
    answer = tables.act(dracula, "start_at", {"place": "paris"}, 1)
    assert answer.status_code == 422
    assert "app plays this seat" in answer.get_json()["error"]


def test_the_app_chooses_its_start_as_soon_as_the_hunters_are_placed(tables):
    """Setup order („Подготовка к игре“): the hunters place their figures, then Dracula
    chooses his start in secret — the app does it at once, and Lord Godalming's turn
    begins; the hunters' screens never learn where."""
    created = tables.create("fury", names=("Dracula", "Anna"), options=APP)
    anna = created["seats"][1]["token"]
    for place in ("paris", "berlin", "rome", "madrid"):
        assert tables.act(anna, "start_at", {"place": place}).status_code == 200
    view = tables.seat(anna)["view"]
    assert view["phase"] == "play" and view["turn"]["who"] == "godalming"
    assert len(view["trail"]) == 1 and view["trail"][0]["place"] is None


def test_the_app_decides_again_when_the_table_moved_on(tables, app):
    """A decision is stored only at the version it was made at: the table moving on
    meanwhile (another seat acted) sends the app back to decide from what it shows now."""
    created = tables.create("fury", names=("Dracula", "Anna"), options=APP)
    anna = created["seats"][1]["token"]
    for place in ("paris", "berlin", "rome"):
        tables.act(anna, "start_at", {"place": place})
    with app.app_context():
        from companion.web.db import get_db

        db = get_db()
        assert appseat.prepare(db, created["code"]) is None
        tables.act(anna, "start_at", {"place": "madrid"})
        version = store.version(db, created["code"])
        # a stale decision (an older version) is refused without a change
        code = created["code"]
        late = appseat.Turn(code, 0, "cunning", version - 1, 0, None, [], None, None)
        assert not appseat.take(db, late, {"action": "start_at", "params": {"place": "oslo"}})
        assert store.version(db, code) == version


def test_the_hosts_card_check_does_not_wait_for_the_apps_seat(tmp_path):
    """Issue 31's check of the card values before the deal, at a table whose Dracula the
    app plays: the app has no phone and sends no randomness, so once the host has checked
    and the hunters' phone has joined, the deal goes on — in either order."""
    db = store.connect(tmp_path / "d.db")
    store.migrate(db)
    for check_first in (True, False):
        created = referee.create(db, "fury", APP, [{"name": "Dracula"}, {"name": "Anna"}])
        anna = created["seats"][1]["token"]
        value, commitment = secret()
        if check_first:
            referee.check_cards(db, created["host_token"], {})
        table = referee.join(db, anna, commitment=commitment)
        assert table.row["deal_phase"] == ("revealing" if check_first else "gathering")
        if not check_first:
            table = referee.check_cards(db, created["host_token"], {})
            assert table.row["deal_phase"] == "revealing"
        table = referee.reveal(db, anna, value)
        assert table.dealt and table.state["options"]["initiative_checked"] is True


def test_the_host_and_the_tablet_say_the_app_plays_dracula(client):
    """Every screen that names the seats says which one the app plays: its card on the host
    screen (no QR code, no link), the tablet's chips and the deal's list of phones."""
    created = client.post("/api/tables", json={
        "game": "fury", "seats": [{"name": "Dracula"}, {"name": "Anna"}],
        "options": APP}).get_json()
    host = client.get(f"/h/{created['host_token']}").get_data(as_text=True)
    assert texts(host, "app-seat") == ["played by the app"]
    assert len(re.findall(r"<code>https?://[^<]+/s/", host)) == 1, "a link for Anna only"
    tablet = client.get(f"/t/{created['code']}").get_data(as_text=True)
    assert texts(tablet, "app-seat") == ["played by the app"]
    info = client.get(f"/api/t/{created['code']}").get_json()
    assert [s["app"] for s in info["table"]["seats"]] == [True, False]
    assert [s["app"] for s in info["table"]["deal"]["seats"]] == [True, False]


def test_under_the_server_a_table_without_an_app_seat_schedules_nothing(tables, app,
                                                                         monkeypatch):
    """Under ``companion serve`` every write schedules the app's seats of its table (a
    greenlet that waits, then reads the table in a worker thread). A table whose options
    give the app no seat is known after its first look and schedules nothing more; a
    table with the app's Dracula is still played."""
    import gevent

    from companion.web import appseats

    spawned = []
    monkeypatch.setattr(gevent, "spawn", lambda *args: spawned.append(args[2]))
    monkeypatch.setitem(app.config, "APP_SEATS_IN_LOOP", True)
    kit = tables.create("kit", names=("Anna", "Bob"))["code"]
    fury = tables.create("fury", names=("Dracula", "Anna"), options=APP)["code"]
    with app.app_context():
        from companion.web.db import get_db

        assert appseat.prepare(get_db(), kit) is None
        appseats._running.clear()
        for code in (kit, fury):
            appseats.schedule(app, code)
    assert spawned == [fury]
    appseats._running.clear()


def test_in_the_pure_python_mode_the_apps_dracula_plays_from_a_thread_of_its_own(
        tables, app, monkeypatch):
    """Issue 43: waitress's threads serve the pure-Python mode (``APP_SEATS_IN_THREADS``, as
    ``companion serve`` sets it there), and the app's Dracula takes his decisions from a
    thread of his own at the table's pace, after the hunters' placing is answered — not
    inside the request that made them due."""
    from companion.web import appseats

    paced = threading.Event()

    class Pace:
        """The thread's wait for the table's pace, held until the test lets it go."""

        @staticmethod
        def sleep(seconds: float) -> None:
            assert paced.wait(60)

    monkeypatch.setattr(appseats, "time", Pace)
    monkeypatch.setitem(app.config, "APP_SEATS_IN_THREADS", True)
    created = tables.create("fury", names=("Dracula", "Anna"), options=APP)
    anna = created["seats"][1]["token"]
    placed = None
    for _ in range(4):                       # the four hunters start somewhere
        seat = tables.seat(anna)
        start = next(a for a in seat["actions"] if a["action"] == "start_at")
        placed = tables.act(anna, "start_at", start["params"], seat["version"]).get_json()
    assert placed is not None
    assert tables.seat(anna)["version"] == placed["version"]    # answered before Dracula
    assert "app-seat" in [thread.name for thread in threading.enumerate()]
    paced.set()
    deadline = time.monotonic() + 30
    while tables.seat(anna)["version"] == placed["version"]:
        assert time.monotonic() < deadline, "the app's Dracula never took his turn"
        time.sleep(0.05)
    with app.app_context():
        from companion.web.db import get_db

        seats = [event["seat"] for event in store.events(get_db(), created["code"])]
    assert seats[-1] == 0 and seats.count(1) == 4        # Dracula's, after the hunters'


def test_the_host_is_told_when_the_app_decides_the_same_again_after_an_undo(tables, client):
    """Issue 41: the host undid the app's decision, the app decided the same again a moment
    later and the host saw nothing change. The undo's answer says it will, and the host
    screen says it did (here the app decides at the end of the undo's request)."""
    created = tables.create("fury", names=("Dracula", "Anna"), options=APP)
    anna, host = created["seats"][1]["token"], f"/h/{created['host_token']}"
    for place in ("paris", "berlin", "rome", "madrid"):
        tables.act(anna, "start_at", {"place": place})
    before = client.get(f"/api/t/{created['code']}").get_json()["version"]
    page = client.get(host).get_data(as_text=True)
    assert texts(page, "app-again") == []
    undone = client.post(f"{host}/undo", data={"csrf_token": csrf(page)},
                         headers={"HX-Request": "true"})
    assert "The app decides again in a moment, and the same" in " ".join(
        texts(undone.get_data(as_text=True), "notice"))
    after = client.get(host).get_data(as_text=True)
    assert texts(after, "app-again") == [
        "The app decided the same again for Dracula: its decision depends only on what it "
        "was shown and the step's randomness, so an undo alone does not change it."]
    assert client.get(f"/api/t/{created['code']}").get_json()["version"] == before + 2
    offered = next(a for a in tables.seat(anna)["actions"]
                   if not a["action"].startswith("hand_"))
    assert tables.act(anna, offered["action"], offered["params"]).status_code == 200
    assert texts(client.get(host).get_data(as_text=True), "app-again") == []
    hunter_undone = client.post(f"/api/h/{created['host_token']}/undo")
    assert hunter_undone.status_code == 200
    assert texts(client.get(host).get_data(as_text=True), "app-again") == []
