"""Fury of Dracula and its box: what the table takes out at set-up and where it goes, what
stays in the box because the app keeps it, and the printed values checked once against the
group's own cards („Подготовка к игре“).

The board and the figures stay physical: the hunters' players move their figures, and the
app says "on the board" whenever it moves one itself (``board_prompts`` in ``view``).
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Box, BoxItem, card_checks
from companion.games.fury import combat_cards
from companion.games.fury.options import OPTIONS

TAKE_OUT: list[BoxItem] = [
    {"what": N_("The board (the map of Europe)"),
     "where": N_("In the middle of the table, beside the tablet.")},
    {"what": N_("The four hunter figures"),
     "where": N_("Beside the board: each hunter's player puts his figure on its city when "
                 "his phone asks where it starts.")},
    {"what": N_("Dracula's figure"),
     "where": N_("Set aside beside the board: it goes on the map only when the tablet says "
                 "Dracula is revealed, and comes off when he vanishes again.")},
    {"what": N_("The hunter sheets and Dracula's sheet"),
     "where": N_("Before their players, to read the abilities; health, bites and blood are "
                 "kept by the app.")},
]

KEEP_IN_BOX: list[BoxItem] = [
    {"what": N_("Dracula's location cards and power cards"),
     "where": N_("His trail and catacombs are on his phone; the tablet shows their backs.")},
    {"what": N_("The 45 encounter tokens"),
     "where": N_("The app draws them from the pool and keeps Dracula's hand.")},
    {"what": N_("The event cards and the item cards"),
     "where": N_("The app shuffles the decks and keeps every hand on its phone.")},
    {"what": N_("The combat cards of the hunters, Dracula and the minions"),
     "where": N_("Each fighter chooses his tactic on his phone; the initiative of each card "
                 "is printed on screen.")},
    {"what": N_("The dice (the hunters' dice, Dracula's die, the train die)"),
     "where": N_("The app rolls them and shows every die.")},
    {"what": N_("The Consecrated Ground, Heavenly Host and Roadblock markers"),
     "where": N_("The tablet's map shows where they lie.")},
    {"what": N_("The health and blood tokens, the track markers and the day/night marker"),
     "where": N_("The tablet shows health, bites, blood, the vampire and resolve tracks and "
                 "the time of day.")},
]

TRACKS_OUT = BoxItem(
    what=N_("The day/night marker and the markers of the vampire and resolve tracks"),
    where=N_("On the board: the day/night marker on Dawn, the vampire and resolve tracks on "
             "0. Whenever one must move, the tablet says so under “On the board”."))
TOKENS_IN_BOX = BoxItem(what=N_("The health and blood tokens"),
                        where=N_("The tablet shows health, bites and blood."))
"""When the group keeps the board's tracks (the ``board_tracks`` option) the markers come
out of the box; the tokens on the sheets stay in it."""

BY_APP: dict[str, str] = {
    N_("Dracula's figure"): N_("Set aside beside the board: it goes on the map only when the "
                               "tablet and the hunters' phones say Dracula is revealed, and "
                               "comes off when he vanishes again."),
    N_("Dracula's location cards and power cards"): N_(
        "The app plays Dracula and keeps his trail and catacombs; the tablet shows their "
        "backs."),
}
"""Where things go when the app plays Dracula: nobody holds his phone."""


def box(options: dict[str, Any]) -> Box:
    """The set-up list for these options; the initiative values card by card, grouped by
    whose deck the card is in (several decks print a Dodge)."""
    values = combat_cards.initiative_values(options.get("initiative", ""))
    faces = str(options.get("train_die", "0,1,1,2,2,3"))
    shown = {
        "initiative": [{"name": combat_cards.name(kind), "value": str(values[kind]), "group": deck}
                       for deck, kinds in combat_cards.DECKS for kind in kinds],
        "train_die": [{"name": N_("Faces"), "value": faces.replace(",", " · ")}],
    }
    take_out, keep_in_box = list(TAKE_OUT), list(KEEP_IN_BOX)
    if options.get("dracula_by_app", "no") not in ("no", "", None):
        take_out, keep_in_box = ([BoxItem(what=item["what"],
                                          where=BY_APP.get(item["what"], item["where"]))
                                  for item in items] for items in (TAKE_OUT, KEEP_IN_BOX))
    if options.get("board_tracks", True):
        take_out.append(TRACKS_OUT)
        keep_in_box = [TOKENS_IN_BOX if item["what"] == KEEP_IN_BOX[-1]["what"] else item
                       for item in keep_in_box]
    return {"take_out": take_out, "keep_in_box": keep_in_box,
            "checks": card_checks(OPTIONS, options, shown)}
