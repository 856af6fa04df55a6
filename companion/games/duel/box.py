"""Duel! and its print sheet: the app replaces the printed cards and the FUDGE dice
(„Vytištěné herní karty… Sadu kostek pro Příběhy Impéria“), so nothing needs to be taken
out; the joker counts inferred from the print sheet are checked once."""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Box, card_checks
from companion.games.duel.options import OPTIONS


def box(options: dict[str, Any]) -> Box:
    return {
        "take_out": [{"what": N_("Nothing: the duel is played on the two phones"),
                      "where": N_("Put the tablet between the duellists: it shows both Aims, "
                                  "both cards of a round and every shot.")}],
        "keep_in_box": [
            {"what": N_("The action cards (Aim, Bluff, Shot)"),
             "where": N_("Each duellist's hand is on his phone.")},
            {"what": N_("The joker cards"),
             "where": N_("The app shuffles them and deals each duellist his jokers blind.")},
            {"what": N_("The four FUDGE dice"),
             "where": N_("The app rolls them for every shot and shows each die.")},
        ],
        "checks": card_checks(OPTIONS, options),
    }
