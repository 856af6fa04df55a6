"""Dead Man's Draw and its box: the loot cards, the characters and the overview cards are
the app's; a variant in force whose rule was inferred is checked against its card."""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Box, card_checks
from companion.games.deadmans.options import OPTIONS


def box(options: dict[str, Any]) -> Box:
    return {
        "take_out": [{"what": N_("Nothing: every pirate plays on his phone"),
                      "where": N_("The tablet shows the row, the piles and every bank.")}],
        "keep_in_box": [
            {"what": N_("The loot cards"),
             "where": N_("The app shuffles the draw pile, keeps the discard pile and every "
                         "bank.")},
            {"what": N_("The character cards"),
             "where": N_("The app deals each pirate two and reveals the chosen ones "
                         "together.")},
            {"what": N_("The overview cards and the starting player card"),
             "where": N_("The app draws the starting pirate; each suit's effect is written "
                         "beside every choice.")},
        ],
        "checks": card_checks(OPTIONS, options),
    }
