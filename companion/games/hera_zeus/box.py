"""Blitz und Donner and its box: both decks, both hands and both fields are the app's; the
overview card's counts and the strengths the app is unsure of are checked once."""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Box, card_checks
from companion.games.hera_zeus.options import OPTIONS


def box(options: dict[str, Any]) -> Box:
    return {
        "take_out": [
            {"what": N_("The Hera and Zeus figures and the overview cards (if you like)"),
             "where": N_("Each beside its player: the tablet shows where a figure stands "
                         "on the field.")},
        ],
        "keep_in_box": [
            {"what": N_("Both decks of 43 cards"),
             "where": N_("The app shuffles them; each hand is on its player's phone.")},
            {"what": N_("The cards of both fields"),
             "where": N_("The tablet shows both fields, face down until a card is turned.")},
        ],
        "checks": card_checks(OPTIONS, options),
    }
