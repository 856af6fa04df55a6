"""The JSON API of ARCHITECTURE.md: shapes, statuses and sentences."""

from __future__ import annotations

import pytest

from companion.games import GAMES


@pytest.mark.registry
def test_games_lists_every_registered_game_with_options(client):
    games = client.get("/api/games").get_json()["games"]
    assert [g["id"] for g in games] == list(GAMES)
    kit = games[0]
    assert {"id", "title", "min", "max", "roles", "options"} <= set(kit)
    assert any(o["name"] == "deck" and o["default"] == "52" for o in kit["options"])


def test_games_titles_follow_the_language(client):
    czech = client.get("/api/games?lang=cs").get_json()["games"]
    english = client.get("/api/games?lang=en").get_json()["games"]
    assert czech[0]["title"] != english[0]["title"]


def test_create_table_answers_links_tokens_and_commitment(tables):
    created = tables.create(names=("Anna", "Bob", "Cyril"))
    assert set(created) >= {"code", "table_url", "host_url", "host_token", "commitment",
                            "seats"}
    assert len(created["commitment"]) == 64
    assert [s["name"] for s in created["seats"]] == ["Anna", "Bob", "Cyril"]
    assert created["seats"][0]["url"].startswith("http://table.test:5000/s/")
    assert created["table_url"] == f"http://table.test:5000/t/{created['code']}"


@pytest.mark.parametrize("body, status", [
    ({"game": "no-such-game"}, 404),
    ({"game": "kit", "seats": "Anna"}, 400),
    ({"game": "kit", "seats": [{"name": f"P{i}"} for i in range(9)]}, 400),
    ({"game": "kit", "options": {"deck": "tarot"}}, 400),
    ({"game": "kit", "options": {"colour": "red"}}, 400),
    ({"game": "kit", "options": {"deck": "custom", "cards": ""}}, 400),
    ({"game": "kit", "options": []}, 400),
])
def test_create_table_refuses_bad_input_with_a_sentence(client, body, status):
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    error = response.get_json()["error"]
    assert error.endswith(".") or error.endswith("”.") or len(error) > 10


def test_create_table_needs_json(client):
    response = client.post("/api/tables", data="game=kit")
    assert response.status_code == 400
    assert response.get_json()["error"] == "Send a JSON object."


def test_seat_answer_has_view_and_ready_to_post_actions(tables):
    created = tables.create()
    answer = tables.seat(created["seats"][0]["token"])
    assert answer["seat"] == 0 and answer["version"] == 1
    actions = {(a["action"], str(a["params"])) for a in answer["actions"]}
    assert ("draw", "{'end': 'top'}") in actions
    assert all({"action", "params", "label"} <= set(a) for a in answer["actions"])


def test_act_applies_and_returns_the_new_view(tables):
    token = tables.create()["seats"][0]["token"]
    response = tables.act(token, "draw", {"end": "top"})
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["version"] == 2
    assert len(answer["view"]["hand"]) == 1


def test_act_with_a_stale_version_applies_nothing_and_answers_409(tables):
    """ARCHITECTURE: stale → nothing applied, the fresh view and a notice."""
    created = tables.create()
    anna, bob = (s["token"] for s in created["seats"])
    tables.act(anna, "draw", {"end": "top"})
    # Bob's buttons changed when Anna dealt a card to a place (a new "take" button).
    tables.act(anna, "deal", {"place": 0})
    response = tables.act(bob, "draw", {"end": "top"}, version=1)
    assert response.status_code == 409
    answer = response.get_json()
    assert "nothing was done" in answer["error"]
    assert answer["view"]["hand"] == []


def test_act_not_stale_when_only_unrelated_things_changed(tables):
    """Two players rolling at the same time: the second is not refused as stale,
    because the first roll did not change what the second could do."""
    created = tables.create()
    anna, bob = (s["token"] for s in created["seats"])
    assert tables.act(anna, "roll", {"secret": False, "dice": "2d6"}, version=1).status_code == 200
    assert tables.act(bob, "roll", {"secret": False, "dice": "1d6"}, version=1).status_code == 200


def test_a_client_that_keeps_its_log_is_sent_only_the_new_lines(tables, client):
    """``log_since``: after an action the answer carries only the lines written since the
    version the client holds (as boardgame.io sends its clients the new log entries);
    without it, the newest 40 lines as before."""
    created = tables.create()
    anna, bob = (s["token"] for s in created["seats"])
    for _ in range(3):
        assert tables.act(anna, "roll", {"secret": False, "dice": "1d6"}).status_code == 200
    held = tables.seat(bob)
    assert len(held["log"]) == 3
    body = {"action": "draw", "params": {"end": "top"}, "version": held["version"],
            "log_since": held["version"]}
    answer = client.post(f"/api/s/{bob}/act", json=body).get_json()
    assert [line["id"] for line in answer["log"]] == [
        "You drew {card}.", "{who} drew a card from the top."]
    assert len(tables.seat(bob)["log"]) == 5
    assert client.get(f"/api/s/{bob}?log_since={answer['version']}").get_json()["log"] == []
    assert client.get(f"/api/s/{bob}?log_since=x").status_code == 400


def test_phones_taking_turns_are_sent_the_other_phones_lines_with_their_own(tables, client):
    """``log_since`` while two phones take turns, as at a real table: each action's answer
    carries the other phone's move and its own, exactly the lines a fresh read of the log
    gives (private lines only to their reader), also after an undo in between."""
    created = tables.create()
    tokens = [s["token"] for s in created["seats"]]
    held = [tables.seat(token)["version"] for token in tokens]
    moves = [("draw", {"end": "top"}), ("roll", {"secret": True, "dice": "1d6"}),
             ("roll", {"secret": False, "dice": "2d6"})]
    for turn in range(12):
        seat = turn % 2
        version = tables.seat(tokens[seat])["version"]
        action, params = moves[turn % 3]
        answer = client.post(f"/api/s/{tokens[seat]}/act", json={
            "action": action, "params": params, "version": version,
            "log_since": held[seat]}).get_json()
        fresh = client.get(f"/api/s/{tokens[seat]}?log_since={held[seat]}").get_json()
        assert answer["version"] == fresh["version"]
        assert answer["log"] == fresh["log"] and answer["log"]
        if turn > 1 and turn % 5 != 1:   # the other phone's move is there too
            assert len({line["id"] for line in answer["log"]}) >= 2
        held[seat] = answer["version"]
        if turn % 5 == 3:                # the host takes it back before the other phone moves
            assert client.post(f"/api/h/{created['host_token']}/undo").status_code == 200
    # The version in between is the host's undo, not a move: its line comes with the next.
    version = tables.seat(tokens[1])["version"]
    assert client.post(f"/api/h/{created['host_token']}/undo").status_code == 200
    answer = client.post(f"/api/s/{tokens[1]}/act", json={
        "action": "draw", "params": {"end": "top"}, "version": version + 1,
        "log_since": version}).get_json()
    fresh = client.get(f"/api/s/{tokens[1]}?log_since={version}").get_json()
    assert answer["log"] == fresh["log"]
    assert "Host correction" in answer["log"][-1]["text"]


def test_the_same_buttons_read_in_each_phones_language(tables, client):
    """A button kept from one version to the next (the deck's, a card's) is written in the
    language of the phone that asks, not of the phone that asked first (README: every
    screen in its own language)."""
    anna = tables.create()["seats"][0]["token"]
    tables.act(anna, "draw", {"end": "top"})
    labels = {}
    for lang in ("en", "cs", "en", "ru", "cs"):
        answer = client.get(f"/api/s/{anna}?lang={lang}").get_json()
        found = sorted(a["label"] for a in answer["actions"] if a["action"] in ("draw",
                                                                              "discard"))
        assert labels.setdefault(lang, found) == found
    assert len({tuple(found) for found in labels.values()}) == 3
    assert "Draw from the top" in labels["en"] and "Draw from the top" not in labels["cs"]


def test_a_phone_without_a_chosen_language_reads_its_browsers(tables, client):
    """README "Languages": with no language asked for, a screen speaks the browser's first
    language it knows (Accept-Language, weights included), else English — the same on
    every request of that phone."""
    anna = tables.create()["seats"][0]["token"]

    def draw_label(header: str | None) -> str:
        headers = {} if header is None else {"Accept-Language": header}
        answer = client.get(f"/api/s/{anna}", headers=headers).get_json()
        return next(a["label"] for a in answer["actions"] if a["params"] == {"end": "top"})

    english = draw_label(None)
    assert english == "Draw from the top"
    czech = draw_label("cs-CZ,cs;q=0.9,en;q=0.8")
    assert czech != english
    assert draw_label("de-DE,ru;q=0.7,cs;q=0.5") not in (english, czech)
    assert draw_label("cs-CZ,cs;q=0.9,en;q=0.8") == czech
    assert draw_label("en;q=0.9,cs;q=0.8") == english
    assert draw_label("xx, ;;;=,") == english


def test_repeated_key_applies_once(tables):
    """A double tap posts the same key twice: one card is drawn, not two."""
    token = tables.create()["seats"][0]["token"]
    first = tables.act(token, "draw", {"end": "top"}, key="tap-1")
    second = tables.act(token, "draw", {"end": "top"}, version=1, key="tap-1")
    assert first.status_code == second.status_code == 200
    assert second.get_json()["repeated"] is True
    assert len(tables.seat(token)["view"]["hand"]) == 1


@pytest.mark.parametrize("body, status", [
    ({"action": "draw", "params": {"end": "top"}}, 400),
    ({"action": "draw", "params": {"end": "top"}, "version": "one"}, 400),
    ({"action": "", "params": {}, "version": 1}, 400),
    ({"action": "draw", "params": [], "version": 1}, 400),
    ({"action": "fly", "params": {}, "version": 1}, 400),
    ({"action": "draw", "params": {"end": "middle"}, "version": 1}, 400),
    ({"action": "draw", "params": {"end": "top"}, "version": 1, "key": "x" * 100}, 400),
    ({"action": "draw", "params": {"end": "top"}, "version": 1, "log_since": -1}, 400),
    ({"action": "draw", "params": {"end": "top"}, "version": 1, "log_since": "two"}, 400),
    ({"action": "draw", "params": {"end": "top"}, "version": 1, "log_since": True}, 400),
    ({"action": "discard", "params": {"card": 3}, "version": 1}, 422),
    ({"action": "show_roll", "params": {"roll": 99}, "version": 1}, 422),
])
def test_bad_actions_are_refused_and_change_nothing(tables, client, body, status):
    created = tables.create()
    token = created["seats"][0]["token"]
    before = client.get(f"/api/t/{created['code']}").get_json()
    response = client.post(f"/api/s/{token}/act", json=body)
    assert response.status_code == status
    assert isinstance(response.get_json()["error"], str)
    assert client.get(f"/api/t/{created['code']}").get_json() == before


def test_wrong_tokens_answer_403_and_unknown_tables_404(client, tables):
    created = tables.create()
    assert client.get("/api/s/" + "x" * 32).status_code == 403
    assert client.post("/api/s/" + "x" * 32 + "/act", json={}).status_code in (400, 403)
    assert client.post("/api/h/" + "x" * 32 + "/undo").status_code == 403
    assert client.get("/api/t/ZZZZZZ").status_code == 404
    assert client.get(f"/api/t/{created['code'].lower()}").status_code == 200


def test_table_view_never_contains_a_hand(tables, client):
    created = tables.create(options={"deck": "custom", "cards": "Secret Ace"})
    token = created["seats"][0]["token"]
    tables.act(token, "draw", {"end": "top"})
    table = client.get(f"/api/t/{created['code']}").get_json()
    assert "Secret Ace" not in str(table)
    assert "Secret Ace" in str(tables.seat(token)["view"])
    other = tables.seat(created["seats"][1]["token"])
    assert "Secret Ace" not in str(other)


def test_no_seed_in_any_answer_before_the_end(tables, client, app):
    created = tables.create()
    from companion import store

    db = store.connect(app.config["DATABASE"])
    seed = store.table(db, created["code"])["seed"]
    answers = [
        client.get(f"/api/t/{created['code']}").get_data(as_text=True),
        client.get(f"/api/s/{created['seats'][0]['token']}").get_data(as_text=True),
        client.get(f"/t/{created['code']}").get_data(as_text=True),
        client.get(f"/h/{created['host_token']}").get_data(as_text=True),
        client.get(f"/s/{created['seats'][0]['token']}").get_data(as_text=True),
    ]
    assert all(seed not in answer for answer in answers)
    client.post(f"/api/h/{created['host_token']}/end")
    assert seed in client.get(f"/api/t/{created['code']}").get_data(as_text=True)


def test_export_only_after_the_end(tables, client):
    created = tables.create()
    assert client.get(f"/api/t/{created['code']}/export").status_code == 422
    client.post(f"/api/h/{created['host_token']}/end")
    export = client.get(f"/api/t/{created['code']}/export").get_json()
    assert export["game"] == "kit" and export["games"][0]["seed"]


def test_answers_are_the_same_json_in_either_mode(app):
    """Issue 43: orjson in the fast mode, the standard library in the pure-Python one — the
    same keys, sorted, text as UTF-8 (not ``\\u`` escapes), no spaces."""
    with app.app_context():
        written = app.json.response({"b": "Dráček", "a": [1, {"d": None, "c": True}]})
    assert written.get_data() == '{"a":[1,{"c":true,"d":null}],"b":"Dráček"}\n'.encode()
