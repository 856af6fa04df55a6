"""A seat played by the app (issue 33, item 1): Fury's Dracula played by the app at a table
where one player shares the four hunters. The app acts at the same steps a person would,
through the same road (the same checks, events, log and chain), nobody can act for it, and
the export's ``verify`` replays each of its decisions."""

from __future__ import annotations

import random
import re
import threading
import time
from typing import Any

import pytest

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

        monotonic = staticmethod(time.monotonic)

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


class PaceClock:
    """The app seats' clock under the server, in the tests of their pace (issues 40, 42): a
    wait moves it on at once, each decision takes ``deciding`` seconds of it; what the test
    gives ``during_wait`` happens once, ``after`` seconds into the app's first wait, and
    ``after_action`` once, ``after`` seconds after the app's first action, as its next
    decision begins. The app's runs that a write spawns are kept, then played in the test's
    own thread."""

    def __init__(self, deciding: float) -> None:
        self.now = 100.0
        self.deciding = deciding
        self.during_wait: Any = None
        self.after_action: Any = None
        self.after = 0.0
        self.runs: list[tuple[Any, tuple[Any, ...]]] = []
        self.decided: list[int] = []
        """The table's version each decision was made at."""
        self.taken: list[tuple[float, int, bool]] = []
        """When the app stored (or tried to store) an action, at which version, and whether
        it was stored."""

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        change, self.during_wait = self.during_wait, None
        if change is not None:
            self.now += self.after
            seconds -= self.after
            change()
        self.now += max(0.0, seconds)

    def play(self) -> None:
        while self.runs:
            run, args = self.runs.pop(0)
            run(*args)


@pytest.fixture(params=["threads", "loop"])
def paced(request, app, monkeypatch):
    """A factory of ``PaceClock``s under either server mode: waitress's threads, or gevent's
    loop with its worker threads (the clock stands in for ``gevent.sleep`` there)."""
    from companion.web import appseats

    def make(deciding: float) -> PaceClock:
        clock = PaceClock(deciding)
        appseats._changed.clear()           # tables other tests wrote outside a request
        monkeypatch.setattr(appseats, "time", clock)
        if request.param == "loop":
            import gevent

            monkeypatch.setattr(gevent, "sleep", clock.sleep)
        monkeypatch.setitem(app.config, "APP_SEATS_IN_LOOP", request.param == "loop")
        monkeypatch.setitem(app.config, "APP_SEATS_IN_THREADS", request.param == "threads")
        monkeypatch.setattr(appseats, "_spawn",
                            lambda app, run, *args: clock.runs.append((run, args)))
        decide, take = appseats._prepare_and_decide, appseat.take

        def deciding(path: str, code: str) -> Any:
            if clock.after_action is not None and clock.taken and clock.taken[0][2]:
                change, clock.after_action = clock.after_action, None
                clock.now += clock.after
                change()
            decided = decide(path, code)
            clock.now += clock.deciding
            if decided is not None:
                clock.decided.append(decided[0].version)
            return decided

        def taking(db: Any, turn: appseat.Turn, action: dict[str, Any]) -> bool:
            stored = take(db, turn, action)
            clock.taken.append((clock.now, turn.version, stored))
            return stored

        monkeypatch.setattr(appseats, "_prepare_and_decide", deciding)
        monkeypatch.setattr(appseat, "take", taking)
        return clock

    yield make
    appseats._running.clear()


def _deal_with_the_apps_hunters(tables, client) -> dict[str, Any]:
    """Vlad as Dracula, the app at the hunters' seat: the deal makes the app's hunters due
    (each places his figure)."""
    created = tables.create("fury", names=("Vlad", "The app"), deal="join",
                            options={"seat2_by_app": "tracking"})
    vlad = created["seats"][0]["token"]
    value, commitment = secret()
    assert client.post(f"/api/h/{created['host_token']}/check", json={}).status_code == 200
    assert client.post(f"/api/s/{vlad}/join", json={"commitment": commitment}).status_code \
        == 200
    assert client.post(f"/api/s/{vlad}/reveal", json={"contribution": value}).status_code \
        == 200
    return created


@pytest.mark.parametrize("deciding", [0.0, 0.9])
def test_the_apps_hunters_act_at_the_tables_pace_however_long_they_decide(
        tables, client, paced, deciding):
    """Issue 42, item 3 (the app's hunters at "the same pace … as a person") and issue 40
    (a pause must not tell what a seat holds): the app's seat waits the table's pace
    (``APP_PACE``, 1.2 s) from the step that made it due, or from its own last action, and
    not the pace and then its decision's time — a hunter seat placing its four figures after
    the deal lands each 1.2 s after the one before, whether a decision took nothing or
    0.9 s (not 2.1 s: a harder decision would show as a longer pause)."""
    clock = paced(deciding)
    vlad = _deal_with_the_apps_hunters(tables, client)["seats"][0]["token"]
    clock.play()
    assert [stored for _, _, stored in clock.taken] == [True] * 4
    assert [round(at - 100.0, 6) for at, _, _ in clock.taken] == [1.2, 2.4, 3.6, 4.8]
    assert "start_at" in [a["action"] for a in tables.seat(vlad)["actions"]], \
        "Dracula chooses his start next"


def test_the_apps_seat_plays_on_when_its_threads_connection_is_reopened(
        tables, client, paced, tmp_path):
    """Issue 42, item 3: under the fast mode every greenlet of the server's thread shares
    that thread's connection (``get_db``), and one that opens it on another database
    (another app in the same process, as in a test run) closes the one it had. The app's
    hunters, deciding meanwhile, still place all four figures at the table's pace: the
    app's seat writes through a connection of its own."""
    from companion import create_app
    from companion.web.db import get_db

    clock = paced(0.0)
    other = create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.db"),
                        "SECRET_KEY": "test"})

    def another_greenlet_opens_its_database() -> None:
        with other.app_context():
            get_db()

    clock.during_wait = another_greenlet_opens_its_database
    _deal_with_the_apps_hunters(tables, client)
    clock.play()
    assert clock.during_wait is None, "the app never waited"
    assert [(round(at - 100.0, 6), stored) for at, _, stored in clock.taken] == [
        (1.2, True), (2.4, True), (3.6, True), (4.8, True)]


def test_a_change_during_the_apps_wait_makes_it_decide_again_on_the_new_table(
        tables, client, app, paced):
    """Issue 42, item 3: the app decides at once and then waits the table's pace before its
    action shows. Anna places her fourth hunter, which makes the app's Dracula due; while
    he waits she takes the placement back and places that hunter elsewhere. The decision
    made on the old table is not stored; the app decides again on the new one and acts
    1.2 s after her new placement — once: nothing lost, nothing doubled."""
    created = tables.create("fury", names=("Dracula", "Anna"), options=APP)
    code, anna = created["code"], created["seats"][1]["token"]
    for place in ("paris", "berlin", "rome"):
        assert tables.act(anna, "start_at", {"place": place}).status_code == 200
    clock = paced(0.9)
    assert tables.act(anna, "start_at", {"place": "madrid"}).status_code == 200
    placed = tables.seat(anna)["version"]
    changed: dict[str, Any] = {}

    def take_back_and_place_elsewhere() -> None:
        assert client.post(f"/api/s/{anna}/undo").status_code == 200
        assert tables.act(anna, "start_at", {"place": "lisbon"}).status_code == 200
        changed.update(at=clock.now, version=tables.seat(anna)["version"])

    clock.during_wait, clock.after = take_back_and_place_elsewhere, 0.1
    clock.play()
    assert changed, "the app never waited"
    assert clock.decided == [placed, changed["version"]]
    assert clock.taken == [(pytest.approx(100.0 + 1.2), placed, False),
                           (pytest.approx(changed["at"] + 1.2), changed["version"], True)]
    with app.app_context():
        from companion.web.db import get_db

        live = [e for e in store.events(get_db(), code) if e["undone_by"] is None]
    assert [e["seat"] for e in live] == [1, 1, 1, 1, 0]
    view = tables.seat(anna)["view"]
    assert view["phase"] == "play" and view["turn"]["who"] == "godalming"


def test_the_pace_counts_from_a_step_taken_just_after_the_apps_action(tables, client,
                                                                       paced):
    """Issues 40, 42: the pause a table sees runs from the newest step, whoever took it. The
    host undoes the app's first placement 0.3 s after it shows, as the app begins its next
    decision: the app places that hunter again 1.2 s after the undo (2.7 s), not 1.2 s
    after its own action (2.4 s), and the other three follow 1.2 s apart."""
    clock = paced(0.9)
    host = _deal_with_the_apps_hunters(tables, client)["host_token"]

    def host_undoes() -> None:
        assert client.post(f"/api/h/{host}/undo").status_code == 200

    clock.after_action, clock.after = host_undoes, 0.3
    clock.play()
    assert clock.after_action is None, "the host never undid"
    assert [round(at - 100.0, 6) for at, _, stored in clock.taken if stored] == [
        1.2, 2.7, 3.9, 5.1, 6.3]
