"""Every number the rules use is printed on its card's chip (issue 31, item 2): a loot card's
value („10 sad (barev) po 6 kartách v hodnotách 2–7, s výjimkou mořských panen… 4–9“), on
the tablet's row and on the phone, since a bust and the score are read from it."""

from __future__ import annotations

import re

from companion.games.deadmans import rules
from tests.playing import playthrough
from tests.test_conformance import render_screens


def a_full_row() -> dict:
    """A position of a random game whose row holds at least two cards."""
    for seed in range(20):
        for step in playthrough(rules, seed, players=3, max_steps=200):
            if len(step.applied.state["row"]) >= 2:
                return step.applied.state
    raise AssertionError("no random game laid two cards in a row")


def test_every_card_of_the_row_shows_its_value_on_the_tablet_and_the_phones(app):
    state = a_full_row()
    names = ["Anne", "Bart", "Calico"]
    with app.test_request_context("/"):
        for seat in (None, 0, 1, 2):
            html = render_screens(app, rules, state, seat, names)
            row = rules.view(state, seat)["row"]
            for card in row:
                chip = (rf'class="dm-card s-{card["suit"]}[^"]*">(?:<span class="safe-tag">'
                        rf'[^<]*</span>)?\s*<span class="v">{card["value"]}</span>')
                assert re.search(chip, html), (seat, card)
