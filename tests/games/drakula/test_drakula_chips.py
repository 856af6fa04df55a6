"""Every number the rules use is printed on its card's chip (issue 31, item 2): an action
card's steps and strength („V levém horním rohu se nachází počet kroků… V pravém horním rohu
najdeme bojovou sílu (1 – 4)“, "–" on the one card without), and an encounter card's
strength in the supply („Nepřátelé mají bojovou sílu 1-3“), all through the play."""

from __future__ import annotations

import re

from companion.games.drakula import rules
from tests.playing import playthrough
from tests.test_conformance import render_screens

NAMES = ["Vlad", "Abraham"]


def test_the_phone_shows_each_action_card_s_steps_and_strength_and_each_enemy_s(app):
    checked = {"hand": 0, "supply": 0}
    with app.test_request_context("/"):
        for step in playthrough(rules, 2, max_steps=60):
            state = step.applied.state
            if state["phase"] != "play":
                continue
            for seat in (0, 1):
                view = rules.view(state, seat)
                html = render_screens(app, rules, state, seat, NAMES)
                for card in view["hand"]:
                    strength = "–" if card["strength"] is None else card["strength"]
                    stats = (rf'data-card="{card["id"]}"[^>]*>\s*<span class="nm">[^<]*</span>\s*'
                             rf'<span class="dk-stats"><span class="stat"><b>{card["steps"]}</b>'
                             rf'<small>[^<]*</small></span><span class="stat"><b>{strength}</b>')
                    assert re.search(stats, html), (seat, card)
                    checked["hand"] += 1
                for card in view["supply"]:
                    if card["strength"] is not None:
                        chip = (rf'dk-enc k-{card["type"]} o{card["owner"]}[^"]*">'
                                rf'<span class="nm">[^<]*</span><span class="st">'
                                rf'{card["strength"]}</span>')
                        assert re.search(chip, html), (seat, card)
                        checked["supply"] += 1
    assert checked["hand"] and checked["supply"], checked
