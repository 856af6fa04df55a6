"""Issue 30's attack over HTTP: a hunter acts, sees ``can_undo: true``, undoes, tries the
next city. A move whose outcome hangs on Dracula's secrets must answer ``can_undo: false``
and refuse the take-back with a sentence; a move that asks nothing hidden stays free."""

from __future__ import annotations

from companion.games.fury import board


def _fury(tables, places):
    created = tables.create("fury", names=("Vlad", "Anna", "Boris"))
    dracula, anna = (s["token"] for s in created["seats"][:2])
    for hunter, place in places.items():
        seat = next(t for t in (s["token"] for s in created["seats"][1:])
                    if any(a["action"] == "start_at" for a in tables.seat(t)["actions"]))
        assert tables.act(seat, "start_at", {"place": place}).status_code == 200, hunter
    assert tables.act(dracula, "start_at", {"place": "munich"}).status_code == 200
    return anna


def test_a_hunter_cannot_fish_for_the_trail_by_taking_a_road_back(tables, client):
    """„Поиск … Если соответствующая Локация … находится на Пути Дракулы … она должна быть
    раскрыта“: finding nothing is news, so the road into Brussels is kept."""
    anna = _fury(tables, {"godalming": "paris", "seward": "london", "van_helsing": "rome",
                          "mina": "vienna"})
    offered = [a for a in tables.seat(anna)["actions"] if a["action"] == "travel"
               and a["params"]["by"] == "road" and board.is_city(a["params"]["to"])]
    answer = tables.act(anna, "travel", offered[0]["params"])
    assert answer.status_code == 200
    assert answer.get_json()["can_undo"] is False
    refused = client.post(f"/api/s/{anna}/undo")
    assert refused.status_code == 422
    assert "take back" in refused.get_json()["error"]


def test_sailing_out_to_sea_can_still_be_taken_back(tables, client):
    """A sea is never searched: a mistaken tap is taken back freely, as before."""
    anna = _fury(tables, {"godalming": "le_havre", "seward": "london", "van_helsing": "rome",
                          "mina": "vienna"})
    answer = tables.act(anna, "travel", {"to": "english_channel", "by": "sea"})
    assert answer.get_json()["can_undo"] is True
    assert client.post(f"/api/s/{anna}/undo").status_code == 200
