"""The table options of Dead Man's Draw: the Pirate Party (two sets), the rule variants and
the scoring variants of ``shared/data/dead_mans_draw.json``, the check of a table's options,
and the settings a game keeps in ``state["opts"]``. How each variant is read is in
``README.md``.
"""

from __future__ import annotations

from typing import Any, cast

from companion.games.base import N_, ActionSyntaxError, Option
from companion.games.deadmans.state import Opts

BASE_PLAYERS = 4
"""One box seats 2–4 pirates; the party variant (two boxes) seats up to 8."""

OPTIONS = (
    Option("party", N_("Pirate Party: two sets of cards"), False,
           hint=N_("The party variant: 20 + 100 cards and both sets of characters; "
                   "needed for 5 to 8 pirates.")),
    Option("strange_waters", N_("Strange Waters: bust on an equal value"), False,
           hint=N_("You bust when a card of the same value as one in the row comes, not "
                   "of the same suit.")),
    Option("mermaid_variant", N_("Mermaid effect variant"), False,
           hint=N_("Mermaids 2–7 move an earlier card of the row to its end and perform it "
                   "again; adds the Siren and changes Casanova.")),
    Option("thieves_island", N_("Thieves Island"), False, check_cards=True,
           hint=N_("Inferred: a busting pirate's lost cards go into the bank of the next "
                   "pirate clockwise.")),
    Option("pile_o_treasure", N_("Pile O' Treasure"), False, check_cards=True,
           hint=N_("Inferred: every banked card scores, not only the top of each stack.")),
    Option("sudden_death", N_("Sudden Death"), False, check_cards=True,
           hint=N_("Inferred: the first pirate to reach the target score wins at once.")),
    Option("sudden_death_target", N_("Sudden Death: target score"), 50, kind="int",
           min=1, max=500, check_cards=True,
           requires="sudden_death"),
    Option("all_hands", N_("All Hands on Deck"), False, check_cards=True,
           hint=N_("Inferred: at the end, points are lost for every suit missing from "
                   "your bank.")),
    Option("all_hands_penalty", N_("All Hands on Deck: points lost per missing suit"), 5,
           kind="int", min=1, max=50, check_cards=True,
           requires="all_hands"),
    Option("beneath_the_waves", N_("Beneath the Waves"), False, check_cards=True,
           hint=N_("Inferred: the highest score below the limit wins; at or above it you "
                   "cannot win.")),
    Option("beneath_limit", N_("Beneath the Waves: score limit"), 60, kind="int",
           min=1, max=500, check_cards=True,
           requires="beneath_the_waves"),
    Option("bottom_feeder", N_("Bottom Feeder"), False, check_cards=True,
           hint=N_("Inferred (a web variant): Sword and Cannon take the bottom card of a "
                   "stack, not the top.")),
)

_BOOL_OPTIONS = ("party", "strange_waters", "mermaid_variant", "thieves_island",
                 "pile_o_treasure", "sudden_death", "all_hands", "beneath_the_waves",
                 "bottom_feeder")
_INT_OPTIONS = {"sudden_death_target": 50, "all_hands_penalty": 5, "beneath_limit": 60}


def validate(options: dict[str, Any]) -> None:
    """Refuse a table that cannot be played.

    :raises ActionSyntaxError: 5–8 pirates without the party variant, or a bad number.
    """
    players = options.get("players")
    if isinstance(players, int) and players > BASE_PLAYERS and not options.get("party"):
        raise ActionSyntaxError(N_("One set of cards seats at most 4 pirates: choose the "
                                   "Pirate Party variant (two sets) for {count}."),
                                count=players)
    for name, option in ((o.name, o) for o in OPTIONS if o.kind == "int"):
        assert option.min is not None and option.max is not None, "every int option has bounds"
        value = options.get(name, option.default)
        if not isinstance(value, int) or isinstance(value, bool) or not (
                option.min <= value <= option.max):
            raise ActionSyntaxError(N_("“{option}” must be between {min} and {max}."),
                                    option=option.label, min=option.min, max=option.max)


def table_opts(options: dict[str, Any]) -> Opts:
    opts: dict[str, Any] = {name: bool(options.get(name, False)) for name in _BOOL_OPTIONS}
    for name, default in _INT_OPTIONS.items():
        value = options.get(name, default)
        opts[name] = value if isinstance(value, int) and not isinstance(value, bool) else default
    return cast(Opts, opts)
