"""Every number the rules use is printed on its card's chip (issue 31, item 2): the print
sheet's Shot „4+“, Bluff „-2“ and Crying Mistress „-1“ (``shared/rules/duel.cs.txt``, pages
4–5), and the rule's Aim „+3 for three Aims“, Nerves of Steel counted as an Aim and Wind's
„-2“ — in the phone's hand, in the laid Aims on both screens and on the turned cards."""

from __future__ import annotations

import re

from companion.games.duel import rules
from tests.games.duel.test_duel import play_round
from tests.test_conformance import render_screens

NAMES = ["Arthur", "Basil"]


def chips(html: str) -> dict[str, set[str]]:
    """Each card kind's chips on a page: the number printed on it ('' for none)."""
    out: dict[str, set[str]] = {}
    for key, inner in re.findall(r'class="[^"]*\bk-(\w+)[^"]*"[^>]*>(.*?)</(?:span|li)>', html,
                                 re.S):
        number = re.search(r'<b class="num">([^<]*)</b>', inner)
        out.setdefault(key, set()).add(number.group(1) if number else "")
    return out


def test_the_phone_s_hand_shows_each_card_s_number(app):
    """„VÝSTŘEL! 4+“, „BLAF. -2“, „PLAČÍCÍ MILENKA … -1“ as printed; Aim „+1“ for each laid
    Aim, Nerves of Steel „se také počítají jako karta Míření“, Wind „-2 k hodu na zásah“; a
    card without a number (Wet Powder, Mind Reading…) shows none."""
    hand = ["aim", "bluff", "shot", "wet_powder", "nerves", "wind", "mind", "mistress"]
    state = rules.position([hand, ["aim", "shot"]])
    with app.test_request_context("/"):
        html = render_screens(app, rules, state, 0, NAMES)
    shown = chips(html)
    assert {k: shown[k] for k in hand} == {
        "aim": {"+1"}, "bluff": {"−2"}, "shot": {"4+"}, "wet_powder": {""},
        "nerves": {"+1"}, "wind": {"−2"}, "mind": {""}, "mistress": {"−1"}}


def test_the_tablet_shows_the_laid_aims_and_the_turned_cards_with_their_numbers(app):
    """Both cards turn together („obě karty se najednou odkryjí“): the tablet shows the
    Shot as „4+“ and the Aim laid as „+1“; the laid Aims of both duellists carry „+1“."""
    state = rules.position([["shot", "aim"], ["aim", "aim"]], laid=(2, 1))
    state = play_round(state, "shot", "aim", faces=(-1, -1, -1, -1)).state
    with app.test_request_context("/"):
        tablet = render_screens(app, rules, state, None, NAMES)
    shown = chips(tablet)
    assert shown["shot"] == {"4+"}
    assert shown["aim"] == {"+1"}
    assert tablet.count('<b class="num">+1</b>') >= 3
