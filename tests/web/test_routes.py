"""One route table, two forms (issue 34): each operation is one view, served as a screen
(HTML) at its path and as JSON under ``/api``; a refusal reads the same in both, and no
page, poll or answer to a GET writes to the database."""

from __future__ import annotations

import html
import re

import pytest

from companion import store
from companion.web.routes import ROUTES
from tests.web.screens import csrf, texts

REFUSED_ON_A_FRESH_TABLE = [
    # (screen, path after the token, the form a screen posts, the JSON body), each refused
    # at a kit table dealt at once where nobody has acted yet.
    ("s", "undo", {}, None),
    ("s", "again", {}, None),
    ("s", "act", {"action": "draw", "params": '{"end": "top"}', "version": "0"},
     {"action": "draw", "params": {"end": "top"}, "version": 0}),
    ("s", "act", {"action": "draw", "params": '{"end": "top"}', "version": "soon"},
     {"action": "draw", "params": {"end": "top"}, "version": "soon"}),
    ("s", "act", {"action": "draw", "params": '{"end": "top"}'},
     {"action": "draw", "params": {"end": "top"}}),
    ("h", "undo", {}, None),
    ("h", "again", {}, None),
    ("h", "check", {}, {}),
    ("h", "reissue/7", {}, None),
]


@pytest.mark.parametrize("screen, path, form, body", REFUSED_ON_A_FRESH_TABLE,
                         ids=[f"{s}/{p}:{f.get('version', '')}"
                              for s, p, f, _ in REFUSED_ON_A_FRESH_TABLE])
def test_a_refusal_reads_the_same_on_the_screen_and_in_the_api(client, tables, screen, path,
                                                                 form, body):
    """The screen shows the refusal on the screen it came from, the API answers it as an
    error (a stale action: the fresh screen and the error): the same status and sentence,
    since both forms are one view."""
    created = tables.create()
    token = created["seats"][0]["token"] if screen == "s" else created["host_token"]
    page = client.get(f"/{screen}/{token}").get_data(as_text=True)
    shown = client.post(f"/{screen}/{token}/{path}", data={"csrf_token": csrf(page), **form},
                        headers={"HX-Request": "true"})
    answered = (client.post(f"/api/{screen}/{token}/{path}", json=body) if body is not None
                else client.post(f"/api/{screen}/{token}/{path}"))
    assert shown.status_code == answered.status_code >= 400
    sentence = answered.get_json()["error"]
    assert texts(shown.get_data(as_text=True), "notice")[0] == html.unescape(sentence)


def test_every_operation_with_both_forms_answers_at_the_same_path(app):
    """A screen's operation and its JSON twin live at one path (``/api`` before it), and
    take the same method."""
    rules = {(rule.endpoint, rule.rule, tuple(sorted(rule.methods - {"HEAD", "OPTIONS"})))
             for rule in app.url_map.iter_rules()}
    twins = [route for route in ROUTES if route.page and route.api]
    assert len(twins) >= 13
    for route in twins:
        assert (f"screens.{route.page}", route.path, (route.method,)) in rules
        assert (f"api.{route.api}", "/api" + route.path, (route.method,)) in rules


@pytest.fixture
def writes(app, monkeypatch):
    """Every write transaction opened while the test runs, by the request's method."""
    from flask import request

    opened: list[str] = []
    real = store.writing

    def watched(db):
        opened.append(request.method if request else "outside a request")
        return real(db)

    monkeypatch.setattr(store, "writing", watched)
    return opened


def test_no_page_poll_or_get_writes_to_the_database(client, tables, writes):
    """Showing a screen writes nothing (issue 34: the host page made the seats' join codes
    on a GET): the codes are made with the table, so the host screen shows them at once."""
    for deal in ("join", "now"):
        created = tables.create(deal=deal)
        writes.clear()
        host, seat, code = created["host_token"], created["seats"][0]["token"], created["code"]
        host_page = client.get(f"/h/{host}").get_data(as_text=True)
        assert len(re.findall(r'class="code-big">[A-Z2-9]{4}-[A-Z2-9]{4}<', host_page)) == 2, \
            "each seat's typeable code is shown"
        for path in (f"/h/{host}", f"/h/{host}/live", f"/s/{seat}", f"/s/{seat}/live",
                     f"/t/{code}", f"/t/{code}/live", f"/h/{host}/qr.svg",
                     f"/h/{host}/qr/0.svg", f"/api/t/{code}", f"/api/s/{seat}",
                     "/api/games"):
            assert client.get(path).status_code == 200, path
        assert writes == []
