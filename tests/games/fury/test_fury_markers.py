"""The board's tracks kept by hand (issue 31, item 3; ARCHITECTURE.md, "The table and the
box"): when the group keeps the day/night marker and the vampire and resolve tracks on the
board (the ``board_tracks`` option, on by default), every move the app makes of one is an
"on the board" instruction on the tablet and on the phone of the side that moves it, for
the rest of that turn and the next; the set-up list takes the markers out of the box."""

from __future__ import annotations

from companion.games.fury import box, rules
from tests.games.fury.fury_fights import fight as start_fight
from tests.games.fury.fury_positions import Table


def told(view: dict) -> dict[str, dict]:
    return {m["piece"]: m["args"] for m in view["markers"]}


def test_the_time_phase_tells_dracula_and_the_tablet_to_move_the_day_night_marker():
    """„Дракула перемещает жетон Дня/Ночи на одно деление вперед“: the tablet and Dracula's
    phone say where it goes, a hunter player's phone does not (it is not his to move); two
    turns later the instruction is gone, the marker still where the screens show it."""
    table = Table().start("galatz")
    assert rules.view(table.state, None)["markers"] == []
    table.pass_hunters()
    tablet = rules.view(table.state, None)
    assert tablet["markers"] == [{"piece": "time", "seat": 0,
                                  "text": "Move the day/night marker to {time}.",
                                  "args": {"time": "Noon"}}]
    assert rules.view(table.state, 0)["markers"] == tablet["markers"]
    assert rules.view(table.state, 1)["markers"] == []
    table.act(0, "move", to=table.names(0, "move")[0]["to"], power="")
    table.act(0, "place", token=table.names(0, "place")[0]["token"])
    assert told(rules.view(table.state, None)) == {"time": {"time": "Noon"}}
    table.until_turn("seward")
    assert told(rules.view(table.state, None)) == {}
    assert rules.view(table.state, None)["time"]["index"] == 1


def test_dawn_moves_three_markers_and_each_side_is_told_its_own():
    """„Если жетон переместился с «Предрассветной поры» на «Рассвет», также переместите
    жетоны на треке Вампиров и на треке Решимости на 1 деление вперед.“ The tablet lists all
    three; Dracula's phone the day/night marker and the vampire track; a hunter player's
    phone the resolve track."""
    table = Table().start()
    table.state["time"] = 5
    table.pass_hunters()
    assert told(rules.view(table.state, None)) == {
        "time": {"time": "Dawn"}, "vampires": {"n": 1}, "resolve": {"n": 1}}
    assert told(rules.view(table.state, 0)) == {"time": {"time": "Dawn"}, "vampires": {"n": 1}}
    for seat in (1, 2):
        assert told(rules.view(table.state, seat)) == {"resolve": {"n": 1}}


def test_spending_resolve_moves_its_marker_down():
    """„Любой из Охотников может использовать 1 пункт Решимости в начале своего хода“: the
    marker goes from 2 to 1, on the tablet and the hunters' phones."""
    table = Table()
    table.state["resolve"] = 2
    table.start("munich")
    table.act(table.seat_of("godalming"), "resolve", ability="newspaper_reports")
    assert told(rules.view(table.state, None)) == {"resolve": {"n": 1}}
    assert told(rules.view(table.state, table.seat_of("godalming"))) == {"resolve": {"n": 1}}
    assert told(rules.view(table.state, 0)) == {}


def test_a_defeated_hunter_advances_the_vampire_track_by_two():
    """„Охотник немедленно перемещается в Больницу… Дракула продвигается по треку Вампиров на 2
    деления“: the figure to the hospital and the vampire marker to 2, both on the tablet."""
    table = start_fight(hunters=("seward",))
    table.hunter("seward")["health"] = 3
    table.round("strength", dice=(1, 6), seward="punch")
    tablet = rules.view(table.state, None)
    assert [p["piece"] for p in tablet["board"]] == ["seward"]
    assert told(tablet)["vampires"] == {"n": 2}
    assert told(rules.view(table.state, 0))["vampires"] == {"n": 2}


def test_when_the_app_plays_dracula_the_hunters_are_told_to_move_his_markers():
    """Nobody holds Dracula's phone: the markers he would move are the hunters' to move."""
    table = Table(dracula_by_app="cunning").start("galatz")
    table.pass_hunters()
    for seat in (1, 2):
        assert told(rules.view(table.state, seat)) == {"time": {"time": "Noon"}}


def test_a_group_that_leaves_the_tracks_in_the_box_is_told_nothing():
    """Off: the markers stay in the box, the screens alone show the tracks."""
    table = Table(board_tracks=False).start()
    table.state["time"] = 5
    table.pass_hunters()
    assert table.state["vampires"] == 1
    assert all(rules.view(table.state, seat)["markers"] == [] for seat in (None, 0, 1, 2))


def test_the_set_up_list_takes_the_markers_out_only_when_the_group_keeps_the_tracks():
    """„Поместите жетон Дня/Ночи на деление «Рассвет»“, „Разместите жетоны на треке Вампиров,
    и на треке Решимости на 0“ — on the board, or in the box when the screens keep them."""
    kept = box.box({**rules.default_options(), "board_tracks": True})
    left = box.box({**rules.default_options(), "board_tracks": False})
    assert box.TRACKS_OUT in kept["take_out"] and box.TRACKS_OUT not in left["take_out"]
    in_box = [item["what"] for item in kept["keep_in_box"]]
    assert "The health and blood tokens" in in_box
    assert not any("day/night marker" in what for what in in_box)
    assert any("day/night marker" in item["what"] for item in left["keep_in_box"])


def test_the_tablet_and_the_phone_print_the_instruction(app):
    """What the screens render: the tablet and Dracula's phone say it under "On the board"."""
    from tests.test_conformance import render_screens

    table = Table().start("galatz")
    table.pass_hunters()
    names = ["Vlad", "Anna", "Boris"]
    with app.test_request_context("/"):
        for seat in (None, 0):
            html = render_screens(app, rules, table.state, seat, names)
            assert 'data-piece="time">Move the day/night marker to Noon.' in html
        assert "day/night marker" not in render_screens(app, rules, table.state, 1, names)
