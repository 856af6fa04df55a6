"""The figures on the physical board (ARCHITECTURE.md, "The table and the box"): whenever
the app moves a figure the table must move by hand — a hunter pushed by a card, an
encounter, the hospital, a fellow hunter's group; Dracula's figure put down when he is
revealed and taken off when he vanishes — the tablet and the owner's phone say so, for the
rest of that turn and the next; the tablet always lists where every figure stands."""

from __future__ import annotations

from companion.games.fury import board, rules
from tests.games.fury.fury_fights import fight as start_fight
from tests.games.fury.fury_positions import Table
from tests.games.fury.test_fury_encounters import found
from tests.games.fury.test_fury_events import wild_horses_to_amsterdam


def said(view: dict) -> list[tuple[str, str, str]]:
    return [(p["piece"], p["args"]["place"], p["args"]["why"]) for p in view["board"]]


def test_bats_dracula_moves_the_hunter_and_his_player_is_told_to_move_the_figure():
    """„Нетопыри… Дракула… на этом ходу контролирует движение Охотника“: the tablet and Lord
    Godalming's player see "move his figure to Amsterdam"; the other hunter player does
    not, and the list of figures says Amsterdam."""
    table = found("bats:1")
    table.pass_hunters()
    table.act(0, "move", to="zurich", power="")
    table.act(0, "place", token=table.names(0, "place")[0]["token"])
    table.act(0, "choose", key="amsterdam")
    expected = [("godalming", "Amsterdam", "Bats")]
    assert said(rules.view(table.state, None)) == expected
    assert said(rules.view(table.state, table.seat_of("godalming"))) == expected
    assert said(rules.view(table.state, table.seat_of("mina"))) == []
    figures = {f["piece"]: f["place_name"] for f in rules.view(table.state, None)["figures"]}
    assert figures["godalming"] == "Amsterdam"


def test_wild_horses_carry_the_hunter_and_the_table_is_told():
    """„Move that hunter to any city one road away“."""
    table = wild_horses_to_amsterdam()
    assert ("godalming", "Amsterdam", "Wild Horses") in said(rules.view(table.state, 1))


def test_a_defeated_hunter_s_figure_goes_to_the_hospital():
    """„Охотник считается поверженным“: he goes to the hospital — on the board too."""
    table = start_fight(hunters=("seward",))
    table.hunter("seward")["health"] = 3
    table.round("strength", dice=(1, 6), seward="punch")
    assert said(rules.view(table.state, None)) == [
        ("seward", board.name(board.HOSPITAL), "defeated")]


def test_dracula_s_figure_goes_on_the_map_when_he_is_revealed_and_off_when_he_vanishes():
    """He walks into Castle Dracula (always revealed there): "put his figure on Castle
    Dracula"; two turns later the instruction is gone, the list still says where he is;
    his next move hides him: "take his figure off the board"."""
    table = Table().start("galatz")
    table.pass_hunters()
    table.act(0, "move", to="castle_dracula", power="")
    tablet = rules.view(table.state, None)
    assert tablet["board"][0]["piece"] == "dracula"
    assert tablet["board"][0]["text"] == "Put Dracula's figure on {place}: {why}."
    assert tablet["board"][0]["args"]["place"] == "Castle Dracula"
    assert said(rules.view(table.state, 0)) == said(tablet)
    assert said(rules.view(table.state, 1)) == []
    table.pass_hunters()
    tablet = rules.view(table.state, None)
    assert tablet["board"] == []
    assert tablet["figures"][-1]["place_name"] == "Castle Dracula"
    table.act(0, "move", to=table.names(0, "move")[0]["to"], power="")
    tablet = rules.view(table.state, None)
    assert tablet["board"][0]["text"] == "Take Dracula's figure off the board: {why}."
    assert tablet["figures"][-1]["place_name"] is None


def test_a_companion_s_figure_moves_with_the_group():
    """Hunters together who have not moved may go as a group: Van Helsing's player moves
    his own figure; Mina Harker's figure, taken along, is the table's to move."""
    table = Table(players=5).start("munich", places={
        "godalming": "paris", "seward": "london", "van_helsing": "rome", "mina": "rome"})
    table.until_turn("van_helsing")
    seat = table.seat_of("van_helsing")
    table.go_on(seat)
    table.act(seat, "join", hunter="mina", join=True)
    table.act(seat, "travel", to="naples", by="road")
    assert said(rules.view(table.state, None)) == [("mina", "Naples", "with {leader}")]
    assert said(rules.view(table.state, table.seat_of("mina"))) == [
        ("mina", "Naples", "with {leader}")]
    assert said(rules.view(table.state, seat)) == []


def test_every_question_the_tablet_shows_is_said_without_you():
    """The shared screen never says "you" (issue 31): every question a phone puts as "you"
    has its own sentence for the tablet."""
    import re

    from companion.games.fury import registry
    from companion.games.fury.view import _ON_THE_TABLET

    for name, (heading, _options, _answer) in registry.QUESTIONS.items():
        shown = _ON_THE_TABLET.get(name, heading)
        assert not re.search(r"\byour?\b", shown, re.IGNORECASE), (name, shown)
