"""The action's own lane (companion/web/lane.py) answers a seat's action as Flask would,
byte for byte: the same tables played through the lane and through Flask alone give the
same status, headers and answer for every action, refusals and stale versions included
(ARCHITECTURE.md: the JSON API is a contract; issue 15: an action at the cost of a write)."""

from __future__ import annotations

import itertools

import pytest

from companion import create_app, fairness, tables

SEED = "5e" * 32


@pytest.fixture
def twins(tmp_path, monkeypatch):
    """Two apps that make the very same tables (seed, code, tokens): the lane on, and off."""
    counter = itertools.count()
    monkeypatch.setattr(fairness, "new_seed", lambda: SEED)
    monkeypatch.setattr(tables, "_free_code", lambda db: "LANE22")
    monkeypatch.setattr(tables, "new_token", lambda: f"token-{next(counter) // 2:02d}" * 3)
    apps = []
    for lane in (True, False):
        app = create_app({"TESTING": True, "DATABASE": str(tmp_path / f"{lane}.db"),
                          "SECRET_KEY": "test", "PUBLIC_URL": "http://table.test:5000",
                          "ACTION_LANE": lane})
        apps.append(app)
    return apps


def both(twins, method, path, **kwargs):
    """The same request to both apps: their two answers."""
    answers = []
    for app in twins:
        client = app.test_client()
        answers.append(getattr(client, method)(path, **kwargs))
    return answers


def same(answers):
    lane, flask = answers
    assert lane.status == flask.status
    assert lane.headers.to_wsgi_list() == flask.headers.to_wsgi_list()
    assert lane.data == flask.data
    return flask


@pytest.mark.parametrize("game, language", [("kit", "en"), ("fury", "cs"), ("deadmans", "ru")])
def test_every_action_answers_as_flask_would(twins, game, language):
    """Actions, a stale one (409 with the table as it is), a refused one (422), a repeated
    key, a client keeping its log (``log_since``) or not, in the phone's language."""
    created = same(both(twins, "post", "/api/tables", json={
        "game": game, "deal": "now",
        "seats": [{"name": "Anna"}, {"name": "Bob"}],
    })).get_json()
    tokens = [s["token"] for s in created["seats"]]
    headers = {"Accept-Language": f"{language},en;q=0.5"}
    answers = [same(both(twins, "get", f"/api/s/{token}", headers=headers)).get_json()
               for token in tokens]
    acted = 0
    for turn in range(24):
        seat = turn % len(tokens)
        answer = answers[seat]
        if not answer["actions"]:
            answer = answers[seat] = same(both(
                twins, "get", f"/api/s/{tokens[seat]}", headers=headers)).get_json()
            if not answer["actions"]:
                continue
        offered = answer["actions"][turn % len(answer["actions"])]
        params = dict(offered["params"])
        for name, spec in offered.get("inputs", {}).items():
            params[name] = spec.get("examples", [spec.get("default")])[0] \
                if spec["kind"] != "int" else spec.get("min", 0)
        body = {"action": offered["action"], "params": params, "version": answer["version"],
                "key": f"k{turn}"}
        if turn % 3:
            body["log_since"] = answer["version"]
        reply = same(both(twins, "post", f"/api/s/{tokens[seat]}/act", json=body,
                          headers=headers))
        acted += reply.status_code == 200
        if turn % 5 == 0:  # the same tap again: applied once
            same(both(twins, "post", f"/api/s/{tokens[seat]}/act", json=body, headers=headers))
        if turn % 4 == 1:  # an old version: 409 with the table as it is now
            same(both(twins, "post", f"/api/s/{tokens[seat]}/act", headers=headers,
                      json=dict(body, key=f"old{turn}", version=1)))
        same(both(twins, "post", f"/api/s/{tokens[seat]}/act", headers=headers, json={
            "action": "no such action", "params": {}, "version": reply.get_json()["version"]}))
        answers = [same(both(twins, "get", f"/api/s/{token}", headers=headers)).get_json()
                   for token in tokens]
    assert acted >= 6
    lane = twins[0].wsgi_app
    assert lane.answered >= acted and twins[1].wsgi_app.answered == 0


def test_what_the_lane_does_not_take_goes_to_flask(client, tables, app):
    """A query string, another content type, a body that is not an object or a wrong link
    are Flask's to answer (its sentences, its throttle), the lane answers none of them."""
    token = tables.create()["seats"][0]["token"]
    lane = app.wsgi_app
    answered = lane.answered
    body = {"action": "draw", "params": {"end": "top"}, "version": 1}
    assert client.post(f"/api/s/{token}/act?lang=cs", json=body).status_code == 200
    refused = client.post(f"/api/s/{token}/act", data="[1]",
                          content_type="application/json")
    assert refused.status_code == 400 and refused.get_json()["error"] == "Send a JSON object."
    assert client.post(f"/api/s/{token}/act", data="{}", content_type="text/plain"
                       ).status_code == 400
    wrong = client.post(f"/api/s/{'x' * 32}/act", json=body)
    assert wrong.status_code == 403 and "not valid" in wrong.get_json()["error"]
    assert lane.answered == answered


def test_a_device_guessing_links_is_refused_on_the_action_too(app, client, tables):
    """Throttle (README "Security"): once a device has spent its wrong links, even a right
    link's action is answered 429 with Retry-After, as every other lookup is."""
    token = tables.create()["seats"][0]["token"]
    for n in range(40):
        client.post(f"/api/s/{f'wrong{n:02d}' * 4}/act",
                    json={"action": "draw", "params": {}, "version": 1})
    answer = client.post(f"/api/s/{token}/act",
                         json={"action": "draw", "params": {"end": "top"}, "version": 1})
    assert answer.status_code == 429 and answer.headers["Retry-After"]
