"""What the hunters know of Dracula's whereabouts, on his phone and on the tablet, against
the public log (issue 31: "Dracula's phone tells the truth"): he is shown revealed exactly
while the hunters can know his place, and never "unknown" after a public line said where he
is, until he has moved since."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.games.fury import board, rules, trail
from tests.games.fury.fury_fights import FightTable
from tests.games.fury.fury_fights import fight as start_fight
from tests.games.fury.fury_positions import Table
from tests.games.fury.test_fury_events import hand
from tests.games.fury.test_fury_properties import play
from tests.properties import examples

SAYS_WHERE_HE_IS = {
    "Dracula reveals himself in {place} and attacks {hunters}.",
    "Dracula is here, in {place}!",
    "Hypnosis: Dracula is in {place}.",
    "Dracula is caught at sea in {place}!",
    "Dracula goes ashore in {place}.",
    "Dracula is here, in {place}: the combat goes on against him.",
    "Dracula makes the move he declared: {place}, face up.",
}
"""Public lines that name the place Dracula is in now."""
IN_THE_CASTLE = "Dracula is in Castle Dracula: he is revealed there."
HE_MOVES = {
    "Dracula moves: {back} is laid on his trail.",
    "Dracula plays Double Back: a card from {where} (space {n}) moves to the front.",
    "Dracula has no move left and reappears in Castle Dracula.",
    "Dracula escapes as a bat: a face-down card takes the place of his newest one.",
    "Dracula makes an extra move: a land card is laid on his trail.",
}
"""Public lines after which the hunters may no longer know where he is (a power card he
moves with is "Dracula plays {power}.", read with the power's name below)."""
MOVING_POWERS = {"Wolf Form", "Hide"}


class Told:
    """The place the public log last named as Dracula's, until he moves."""

    def __init__(self) -> None:
        self.place: str | None = None

    def read(self, log: list[dict[str, Any]]) -> None:
        for line in log:
            if "to" in line:
                continue
            text, args = line["text"], line["args"]
            if text in HE_MOVES or (text == "Dracula plays {power}." and args["power"]
                                    in MOVING_POWERS):
                self.place = None
            if text in SAYS_WHERE_HE_IS:
                self.place = args["place"]
            if text == IN_THE_CASTLE:
                self.place = board.name(board.CASTLE)


def consistent(state: dict[str, Any], told: Told) -> None:
    secret = rules.view(state, 0)["secret"]
    tablet = rules.view(state, None)
    known = secret["known"]
    truth = trail.hunters_know(state)
    assert {k: known.get(k) for k in (*truth, "flew")} == {
        k: truth.get(k) for k in (*truth, "flew")}
    assert tablet["dracula_place"] == known["now"]
    if known["now"] is not None:
        assert known["now"] == secret["place"], "the hunters 'know' a place he is not in"
    if told.place is not None:
        assert known["now"] is not None and board.name(known["now"]) == told.place, (
            f"the log said {told.place}; his phone says the hunters know {known['now']}")
    if known["seen"] is not None and known.get("flew"):
        # the card a bat's flight laid, face down: the hunters saw the fight he flew from
        card = tablet["trail"][known["card"] - 1]
        assert not card["revealed"] and card["flown_from"] == board.name(known["seen"])
    elif known["seen"] is not None:
        assert tablet["trail"][known["card"] - 1]["revealed"]
        assert known["seen"] == secret["trail"][known["card"] - 1]["place"]


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5),
       tools=st.sampled_from([0.0, 0.02]))
@example(seed=3, players=3, tools=0.0)
@example(seed=30, players=2, tools=0.0)  # Evasion: an extra move from Castle Dracula
def test_dracula_s_phone_and_the_tablet_agree_with_the_public_log(seed, players, tools):
    """At every step of a random game: the tablet shows Dracula where his phone says the
    hunters know he is, and only where he is; after a public line named his place, neither
    says "unknown" until a line says he moved."""
    told = Told()

    def watch(state: dict[str, Any], step: int, log: list[dict[str, Any]]) -> None:
        told.read(log)
        if state["trail"]:
            consistent(state, told)

    play(seed, players, tools, watch=watch, max_steps=1500)


def test_after_dark_call_the_hunters_still_know_where_he_is():
    """Issue 31: „You are in Zagreb. The hunters do not know it.“ after he revealed himself
    there and then played Dark Call (a face-up power card that keeps him where he is)."""
    table = Table().start("zagreb")
    table.state["trail"][0]["revealed"] = True
    table.pass_hunters()
    table.act(0, "move", to="zagreb", power="dark_call")
    known = rules.view(table.state, 0)["secret"]["known"]
    assert known["now"] == "zagreb" and known["card"] == 2
    assert rules.view(table.state, None)["dracula_place"] == "zagreb"


def test_a_trail_cleared_under_dark_call_keeps_what_the_hunters_saw():
    """„затем путь очищается до 1 карты“ (a New Vampire matured) after Dark Call on a
    face-up Zagreb: the location card leaves the trail, but the hunters saw it and he has not
    moved since, so neither his phone nor the tablet forgets where he is."""
    table = Table().start("zagreb")
    table.state["trail"][0]["revealed"] = True
    table.pass_hunters()
    table.act(0, "move", to="zagreb", power="dark_call")
    trail.clear_to(table.state, 1)
    assert [s["power"] for s in table.state["trail"]] == ["dark_call"]
    assert rules.view(table.state, 0)["secret"]["known"]["now"] == "zagreb"
    assert rules.view(table.state, None)["dracula_place"] == "zagreb"


def test_after_hypnosis_the_declared_move_is_known_on_every_screen():
    """Hypnosis: „…Dracula must declare his next move.“ The declaration is said aloud, so once
    he makes that move the hunters know where it took him: the card lies face up, the tablet
    puts his figure there, and his phone says the hunters know it (issue 40: it said "last
    seen in Munich" while the tablet said the hunters lost his trail)."""
    table = FightTable(players=3)
    (hypnosis,) = hand(table, "godalming", "hypnosis")
    table.state["hunters"]["godalming"]["bites"] = 1
    table.start("munich")
    seat = table.seat_of("godalming")
    play = next(p for p in table.names(seat, "play_event") if p["card"] == hypnosis)
    table.act(seat, "play_event", dice=(5,), **play)
    table.settle_to("dracula_declares")
    key = next(p["key"] for p in table.names(0, "choose") if p["key"].startswith("move:"))
    table.act(0, "choose", key=key)
    to = key.partition(":")[2]
    while table.state["turn"]["who"] != "dracula":
        turn = table.state["turn"]
        if table.state["queue"]:
            table.settle()
            continue
        table.idle_step(table.seat_of(turn["who"]), turn["stage"])
    table.act(0, "move", to=to, power="")
    known = rules.view(table.state, 0)["secret"]["known"]
    assert known["now"] == to and table.state["trail"][0]["revealed"]
    assert rules.view(table.state, None)["dracula_place"] == to
    assert ("dracula", board.name(to), "he is revealed") in [
        (p["piece"], p["args"]["place"], p["args"]["why"])
        for p in rules.view(table.state, None)["board"]]


def test_after_a_bats_flight_the_hunters_last_saw_him_at_the_fight():
    """Escape (bat): his newest card is taken back and a face-down card takes its space. The
    hunters saw him in the fight he flew from, not at an older card of the trail: his phone
    says so, the public trail card says where he flew from, and the tablet does not place
    him (issue 40: his phone named the wrong place)."""
    table = start_fight(hunters=("van_helsing",))
    table.round("escape_bat", dice=(1, 6), van_helsing="punch")
    places = [p["key"] for p in table.names(0, "choose")]
    table.answer(places[0])
    known = rules.view(table.state, 0)["secret"]["known"]
    assert known["now"] is None and known["seen"] == "paris" and known["flew"]
    assert known["turns"] == 0 and known["card"] == 1
    tablet = rules.view(table.state, None)
    assert tablet["dracula_place"] is None and tablet["trail"][0]["flown_from"] == "Paris"
