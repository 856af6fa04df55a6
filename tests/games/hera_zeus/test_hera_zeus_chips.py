"""Every number the rules use is printed on its card's chip (issue 31, item 2): a card's
strength („Většina z karet má v pravém a levém horním rohu číslo s hodnotou od 0–7. Toto
číslo představuje sílu v soubojích“) on every card of the phone's hand, and on the cards a
challenge turned, on the tablet too („oznámí sílu karty… Hráč s vyšší sílou vyhrává“)."""

from __future__ import annotations

import re

from companion.games.hera_zeus import rules
from tests.playing import playthrough
from tests.test_conformance import render_screens

NAMES = ["Helena", "Zenon"]


def chip(card: dict) -> str:
    return (rf'hz-card c{card["colour"]} k-{card["kind"]}[^"]*">'
            rf'<b class="st">{card["strength"]}</b>')


def test_the_hand_and_the_last_challenge_show_each_card_s_strength(app):
    checked = {"hand": 0, "challenge": 0}
    with app.test_request_context("/"):
        for step in playthrough(rules, 3, max_steps=120):
            state = step.applied.state
            for seat in (0, 1):
                view = rules.view(state, seat)
                html = render_screens(app, rules, state, seat, NAMES)
                for card in view["hand"]:
                    if card["strength"] is not None:
                        assert re.search(chip(card), html), (seat, card)
                        checked["hand"] += 1
            last = rules.view(state, None)["last"]
            if last and last["kind"] == "challenge":
                tablet = render_screens(app, rules, state, None, NAMES)
                for fighter in last["cards"]:
                    if fighter["card"]["strength"] is not None:
                        assert re.search(chip(fighter["card"]), tablet), fighter
                        checked["challenge"] += 1
    assert checked["hand"] and checked["challenge"], checked
