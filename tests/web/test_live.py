"""Updates pushed to the screens (issue 15: "other screens see an action within 100 ms"):
each screen's event stream names its table's version and wakes when a write commits; and
what the referee keeps between requests (legal actions per position, rendered log lines)
never shows a screen something stale."""

from __future__ import annotations

import re
import threading

from companion import referee
from companion.server import live
from companion.web.db import get_db

ROLL = {"secret": False, "dice": "2d6"}


def first_event(client, url: str) -> tuple[str, str]:
    """The stream's content type and its first event (the stream is then closed)."""
    response = client.get(url, buffered=False)
    try:
        assert response.status_code == 200
        return response.mimetype, next(iter(response.response)).decode()
    finally:
        response.close()


def test_each_screen_stream_starts_with_its_table_version(tables, client):
    created = tables.create()
    anna = created["seats"][0]["token"]
    tables.act(anna, "roll", ROLL)
    for url in (f"/s/{anna}/events", f"/t/{created['code']}/events",
                f"/t/{created['code'].lower()}/events", f"/h/{created['host_token']}/events"):
        kind, event = first_event(client, url)
        assert kind == "text/event-stream"
        assert re.search(r"^data: 2( [0-9.]+)?\n\n", event, re.M), (url, event)
    assert live.watchers() == 0           # a closed stream keeps nothing


def test_a_stream_needs_a_working_link(client, tables):
    created = tables.create()
    assert client.get("/s/" + "x" * 32 + "/events").status_code == 403
    assert client.get("/h/" + "x" * 32 + "/events").status_code == 403
    assert client.get("/t/ZZZZZZ/events").status_code == 404
    token = client.post(f"/api/h/{created['host_token']}/reissue/0").get_json()["seat"]["token"]
    assert client.get(f"/s/{created['seats'][0]['token']}/events").status_code == 403
    assert client.get(f"/s/{token}/events").status_code == 200


def test_a_watch_wakes_when_another_seat_acts(app, tables):
    """Bob's phone waits on his table; Anna's roll commits and wakes it with the new
    version (nothing polled)."""
    created = tables.create()
    anna = created["seats"][0]["token"]
    watch = live.Watch(created["code"])
    woke: list[int | None] = []
    waiter = threading.Thread(target=lambda: woke.append(watch.wait(1, timeout=30)))
    waiter.start()
    try:
        with app.app_context():
            referee.act(get_db(), anna, "roll", ROLL, 1)
        waiter.join(timeout=30)
    finally:
        watch.close()
    assert woke == [2]


def test_a_refused_action_leaves_the_offered_actions_as_they_were(tables):
    """'A refused action changes nothing': not even the buttons kept for the next screen."""
    created = tables.create()
    anna = created["seats"][0]["token"]
    before = tables.seat(anna)["actions"]
    assert tables.act(anna, "discard", {"card": 3}).status_code == 422
    assert tables.seat(anna)["actions"] == before


def test_after_a_host_undo_the_seat_is_offered_what_it_had_before(tables, client):
    """Anna draws (her card gives her Show and Discard); the host undoes it: the phone
    offers no card of hers any more, and the log says what happened: in Anna's words (the
    button she tapped) on her phone, by the line the others read on theirs."""
    created = tables.create()
    anna, bob = (s["token"] for s in created["seats"])
    before = tables.seat(anna)["actions"]
    drew = tables.act(anna, "draw", {"end": "top"}).get_json()
    assert any(a["action"] == "discard" for a in drew["actions"])
    client.post(f"/api/h/{created['host_token']}/undo")
    now = tables.seat(anna)
    assert now["actions"] == before
    assert now["log"][0]["text"] == "Host correction: undone — “Draw from the top”."
    assert tables.seat(bob)["log"][0]["text"] == \
        "Host correction: undone — “Anna drew a card from the top”."


def test_a_log_line_is_shown_in_each_screens_own_language(tables, client):
    """The same roll in Anna's Czech and Bob's English, both after it was first shown."""
    created = tables.create()
    anna, bob = (s["token"] for s in created["seats"])
    tables.act(anna, "roll", ROLL)
    english = [line["text"] for line in tables.seat(bob)["log"]]
    czech = [line["text"]
             for line in client.get(f"/api/s/{anna}?lang=cs").get_json()["log"]]
    assert english != czech
    assert [line["text"] for line in tables.seat(bob)["log"]] == english
    assert [line["text"] for line in
            client.get(f"/api/s/{anna}?lang=cs").get_json()["log"]] == czech


def test_a_seat_open_on_two_phones_holding_streams_is_told_on_both_and_the_host_sees_it(
        client, tables):
    """Game night: "a seat open on two devices is told" — also when both phones follow
    their event streams and never poll: each stream names its device, the first phone's
    stream is told at once that a second one opened, and the host's stream says so too."""
    created = tables.create()
    token = created["seats"][0]["token"]
    host = client.get(f"/h/{created['host_token']}/events", buffered=False)
    first = client.get(f"/s/{token}/events?device={'a' * 32}", buffered=False)
    try:
        host_events, first_events = iter(host.response), iter(first.response)
        assert next(host_events).decode().endswith(" 0.0\n\n")
        assert next(first_events).decode().endswith(" 1\n\n")
        assert next(host_events).decode().endswith(" 1.0\n\n")
        second = client.get(f"/s/{token}/events?device={'b' * 32}", buffered=False)
        try:
            assert next(iter(second.response)).decode().endswith(" 2\n\n")
            assert next(first_events).decode().endswith(" 2\n\n")
            assert next(host_events).decode().endswith(" 2.0\n\n")
        finally:
            second.close()
        page = client.get(f"/s/{token}/live", headers={"X-Device": "a" * 32})
        assert "This seat is open on 2 devices" in page.get_data(as_text=True)
    finally:
        first.close()
        host.close()
