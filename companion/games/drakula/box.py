"""Drakula and its box: the board and the two figures may stand on the table; the
encounter cards, action cards, lives and barriers are the app's (the tablet shows the same
board). The action cards' printed values the app is unsure of are checked once."""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Box, card_checks
from companion.games.drakula.options import OPTIONS


def box(options: dict[str, Any]) -> Box:
    return {
        "take_out": [
            {"what": N_("The board and the two figures (if you like)"),
             "where": N_("Dracula on the harbour, Van Helsing on the coach station; each "
                         "player moves his own figure as his phone moves it. The tablet "
                         "shows the same board.")},
        ],
        "keep_in_box": [
            {"what": N_("The encounter cards of both sides"),
             "where": N_("Each side picks its six on its phone; the app lays them face down "
                         "and remembers what each player has seen.")},
            {"what": N_("The action cards"),
             "where": N_("Each player's current cards are on his phone.")},
            {"what": N_("The lives (the black and brown stones)"),
             "where": N_("The tablet counts each player's lives and the reserve.")},
            {"what": N_("The barriers"),
             "where": N_("The tablet shows where they lie.")},
        ],
        "checks": card_checks(OPTIONS, options),
    }
