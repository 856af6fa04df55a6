"""Fury of Dracula through the JSON API: a whole game played by bots over HTTP, the secrets
never in a hunter's or the tablet's answers, the export replayed by ``verify``."""

from __future__ import annotations

import random

from companion.fairplay import verify


def test_a_whole_game_over_the_api_exports_and_verifies(tables, client):
    """Bots play a game to its end through the API; no hunter's answer names Dracula's
    hidden places; at the end the export replays and ``verify`` says OK."""
    created = tables.create("fury", names=("Dracula", "Anna", "Boris"))
    tokens = [s["token"] for s in created["seats"]]
    chooser = random.Random(3)
    secrets_checked = 0
    for step in range(3000):
        answers = {i: tables.seat(t) for i, t in enumerate(tokens)}
        if answers[0]["view"]["result"]:
            break
        movers = [i for i, a in answers.items()
                  if [x for x in a["actions"] if x["action"] != "hand_open"]]
        seat = chooser.choice(movers)
        choices = [a for a in answers[seat]["actions"]
                   if not a["action"].startswith("hand_") or a["action"] == "hand_done"]
        action = chooser.choice(choices)
        response = tables.act(tokens[seat], action["action"], action["params"],
                              answers[seat]["version"])
        assert response.status_code == 200, response.get_json()
        if step % 10:
            continue
        secret = tables.seat(tokens[0])["view"].get("secret") or {}
        for seen in (client.get(f"/api/t/{created['code']}").get_json()["view"],
                     tables.seat(tokens[1])["view"]):
            for mine, theirs in zip(secret.get("trail", []), seen["trail"], strict=False):
                assert theirs["handle"] == mine["handle"]
                if not mine["revealed"]:
                    assert theirs["place"] is None and "tokens" in theirs
                    assert isinstance(theirs["tokens"], int)
                    secrets_checked += 1
            assert "secret" not in seen
    assert tables.seat(tokens[0])["view"]["result"], "the game did not end"
    assert secrets_checked > 10
    export = client.get(f"/api/t/{created['code']}/export").get_json()
    report = verify.verify(export)
    assert report.ok, report.problems


def test_fury_bad_actions_get_clear_answers(tables):
    created = tables.create("fury", names=("Dracula", "Anna"))
    dracula, hunter = (s["token"] for s in created["seats"])
    answer = tables.act(hunter, "fly", {})
    assert answer.status_code == 400 and answer.get_json()["error"]
    answer = tables.act(dracula, "start_at", {"place": "paris"})
    assert answer.status_code == 422
    assert "turn" in answer.get_json()["error"]
    answer = tables.act(hunter, "start_at", {"place": "black_sea"})
    assert answer.status_code == 422
    answer = tables.act(hunter, "start_at", {"place": "paris"})
    assert answer.status_code == 200


def test_a_secret_tactic_is_in_no_other_answer_until_the_reveal(tables, client):
    """„Игроки выбирают по 1 карте… рубашкой вверх. За тем карты одновременно
    открываются.“ Over the API: Dracula's card is in his own answer only; the hunter and the
    tablet learn that he has chosen, then see both cards once the hunter's is in."""
    created = tables.create("fury", names=("Dracula", "Anna"))
    dracula, hunter = (s["token"] for s in created["seats"])
    for name, place in (("godalming", "paris"), ("seward", "london"), ("van_helsing", "rome"),
                        ("mina", "vienna")):
        assert tables.act(hunter, "start_at", {"place": place}).status_code == 200, name
    assert tables.act(dracula, "start_at", {"place": "brussels"}).status_code == 200
    assert tables.act(hunter, "travel", {"to": "brussels", "by": "road"}).status_code == 200
    assert tables.act(dracula, "tactic", {"fighter": "enemy", "card": "claws"}).status_code \
        == 200
    for answer in (tables.seat(hunter)["view"],
                   client.get(f"/api/t/{created['code']}").get_json()["view"]):
        enemy = answer["combat"]["fighters"][0]
        assert enemy["chosen"] and enemy["choice"] is None
        assert "Claws" not in str(answer) and "claws" not in str(answer)
    assert tables.seat(dracula)["view"]["combat"]["fighters"][0]["choice"] == "Claws"
    refused = tables.act(hunter, "tactic", {"fighter": "enemy", "card": "fangs"})
    assert refused.status_code == 422 and "tactic" in refused.get_json()["error"]
    malformed = tables.act(hunter, "tactic", {"fighter": "godalming", "card": 3})
    assert malformed.status_code == 400
    assert tables.act(hunter, "tactic", {"fighter": "godalming", "card": "punch"}
                      ).status_code == 200
    shown = client.get(f"/api/t/{created['code']}").get_json()["view"]["combat"]
    assert [c["card"] for c in shown["shown"]["cards"]] == ["Claws", "Punch"]
