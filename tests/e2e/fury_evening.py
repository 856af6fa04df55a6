"""A Fury of Dracula evening, scripted for the table the browser test deals (issue 31): the
actions each phone takes, in order, and the seed that deals them the same cards on every
run (the first table of ``tests.e2e.test_fury_on_the_board_browser``; the host deals before
any phone joins, so the seed alone decides the deal).

Seats: Vlad (Dracula), Anna (Lord Godalming and Dr. Seward), Boris (Van Helsing), Cyril
(Mina Harker). What happens: three hunters rest and draw Dracula his allies, Wild Horses and
Seduction; Dracula leaves Prague for Nuremburg and lays Bats there; Lord Godalming walks in,
turns the trail card up (Dracula revealed) and meets the Bats; Dr. Seward walks in after him
and Wild Horses carry him to Leipzig; Mina Harker's player enters a bite by hand (Dracula's
player agrees) and she is taken to the hospital; Dracula moves into Leipzig and attacks Dr.
Seward: round 1 Punch against Dodge, round 2 the two Escapes tie and the initiative
printed on the cards (5 against 4) gives the round to the hunter, who escapes; the bats drive
Lord Godalming to Munich;
Dracula vanishes into Hamburg and lays Fog there.

``tests/games/fury/test_fury_evening.py`` replays this in the rules alone, so a rule change that
moves a die is found there first; re-plan with it if one does.
"""

from __future__ import annotations

import hashlib
from typing import Any

MODULE = "tests.e2e.test_fury_on_the_board_browser"
SEED = hashlib.sha256(f"{MODULE}#0".encode()).hexdigest()
"""tests/seeds.py's first seed for the browser test module."""

NAMES = ("Vlad", "Anna", "Boris", "Cyril")
SHARING = "auto"
"""As the form posts its first sharing: Godalming and Seward / Van Helsing / Mina."""
DRACULA, ANNA, BORIS, CYRIL = range(4)

Step = tuple[int, str, dict[str, Any]]

SETUP: list[Step] = [
    (ANNA, "start_at", {"place": "munich"}),
    (ANNA, "start_at", {"place": "munich"}),
    (BORIS, "start_at", {"place": "vienna"}),
    (CYRIL, "start_at", {"place": "zagreb"}),
    (DRACULA, "start_at", {"place": "prague"}),
]
ROUND_0: list[Step] = [
    (ANNA, "stay", {}), (ANNA, "rest", {"hunter": "godalming"}), (ANNA, "end_turn", {}),
    (ANNA, "stay", {}), (ANNA, "rest", {"hunter": "seward"}), (ANNA, "end_turn", {}),
    (BORIS, "stay", {}), (BORIS, "rest", {"hunter": "van_helsing"}), (BORIS, "end_turn", {}),
    (CYRIL, "stay", {}), (CYRIL, "end_turn", {}),
]
DRACULA_LAYS_BATS: list[Step] = [
    (DRACULA, "move", {"to": "nuremburg", "power": ""}),
    (DRACULA, "place", {"token": "bats:2"}),
]
GODALMING_MEETS_BATS: list[Step] = [(ANNA, "travel", {"to": "nuremburg", "by": "road"})]
SEWARD_ENTERS: list[Step] = [(ANNA, "travel", {"to": "nuremburg", "by": "road"})]
WILD_HORSES: list[Step] = [
    (DRACULA, "choose", {"key": "wild_horses:1"}),
    (DRACULA, "choose", {"key": "leipzig"}),
]
MINA_TO_HOSPITAL: list[Step] = [
    (ANNA, "end_turn", {}),
    (BORIS, "stay", {}), (BORIS, "end_turn", {}),
    (CYRIL, "hand_open", {}), (CYRIL, "hand_bite", {"hunter": "mina", "by": 1}),
    (CYRIL, "hand_done", {}), (DRACULA, "choose", {"key": "agree"}),
]
DRACULA_ATTACKS: list[Step] = [
    (DRACULA, "move", {"to": "leipzig", "power": ""}),
    (DRACULA, "attack", {}), (DRACULA, "choose", {"key": "none"}),
]
COMBAT_ROUND_1: list[Step] = [
    (DRACULA, "tactic", {"fighter": "enemy", "card": "dodge_dracula"}),
    (ANNA, "tactic", {"fighter": "seward", "card": "punch"}),
]
COMBAT_ROUND_2: list[Step] = [
    (DRACULA, "tactic", {"fighter": "enemy", "card": "escape_man"}),
    (ANNA, "tactic", {"fighter": "seward", "card": "escape"}),
]
BATS_MOVE: list[Step] = [(DRACULA, "choose", {"key": "munich"})]
DRACULA_VANISHES: list[Step] = [
    (ANNA, "end_turn", {}),
    (ANNA, "travel", {"to": "berlin", "by": "road"}), (ANNA, "end_turn", {}),
    (BORIS, "stay", {}), (BORIS, "end_turn", {}),
    (DRACULA, "move", {"to": "hamburg", "power": ""}),
    (DRACULA, "place", {"token": "fog:1"}),
]

PARTS: tuple[tuple[str, list[Step]], ...] = (
    ("setup", SETUP), ("round 0", ROUND_0), ("Dracula lays Bats", DRACULA_LAYS_BATS),
    ("Godalming meets the Bats", GODALMING_MEETS_BATS), ("Seward enters", SEWARD_ENTERS),
    ("Wild Horses", WILD_HORSES), ("Mina to the hospital", MINA_TO_HOSPITAL),
    ("Dracula attacks", DRACULA_ATTACKS), ("combat round 1", COMBAT_ROUND_1),
    ("combat round 2", COMBAT_ROUND_2), ("the bats move Godalming", BATS_MOVE),
    ("Dracula vanishes", DRACULA_VANISHES),
)
"""The evening in order, each part named for the moment it ends on."""


OPTIONAL = {("end_turn", "{}"), ("to_time", "{}"), ("to_movement", "{}"), ("attack", "{}"),
            ("choose", '{"key": "none"}')}
"""Steps the rules may take by themselves (a turn with nothing left to do ends, a question
with one answer is not asked, a start whose moves stand beside its cards needs no "Go on",
Dracula with hunters in his place attacks without a tap):
where they are not offered they are passed over."""


def optional(action: str, params: dict[str, Any]) -> bool:
    import json

    return (action, json.dumps(params, sort_keys=True)) in OPTIONAL


def options() -> dict[str, Any]:
    """The table's options as the host's form and set-up check leave them."""
    from companion.games.fury import rules

    chosen = rules.default_options()
    chosen.update(players=len(NAMES), hunters=SHARING, initiative_checked=True, checked=True)
    return chosen
