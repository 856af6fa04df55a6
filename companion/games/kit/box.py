"""The referee kit and the box of whatever game it serves: that game's board and pieces
stay on the table; the deck chosen here, the dice and the secret choices are the app's."""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Box, BoxItem


def box(options: dict[str, Any]) -> Box:
    """The deck stays in the box only when the app deals one."""
    keep: list[BoxItem] = [
        {"what": N_("The dice"), "where": N_("Every roll is made on a phone: openly for all, "
                                              "or in secret until its roller shows it.")}]
    if options.get("deck", "52") != "none":
        keep.append({"what": N_("The deck of cards chosen for this table"),
                     "where": N_("The app shuffles it, keeps every hand on its phone and the "
                                 "face-down cards on the table's places.")})
    return {
        "take_out": [{"what": N_("Your game's board and pieces"),
                      "where": N_("On the table, as that game's rules say: the kit only rolls, "
                                  "deals and keeps secret choices.")}],
        "keep_in_box": keep,
        "checks": [],
    }
