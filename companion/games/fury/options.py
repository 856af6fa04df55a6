"""Fury's table options: the rulebook's open points and the group's ways, each with its
default (a module of their own: the rules and the set-up list from the box both read them)."""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Option
from companion.games.fury import combat_cards

HUNTERS_BY_APP = (
    ("no", N_("No: a person plays these hunters")),
    ("tracking", N_("Yes — Tracking: reads the trail, plays its cards, fights when it pays")),
    ("searching", N_("Yes — Searching: follows the trail, plays no event card")),
)
"""How the app plays a hunter seat: the hunters' policies (``automa/hunters.py``)."""

OPTIONS: tuple[Option, ...] = (
    Option("hunters", N_("Who plays which hunter"), "auto", kind="text", words=(N_("auto"),),
           hint=N_("“auto” splits the four hunters in turn order; or one group of letters per "
                   "hunter player, e.g. GS/VM (G Godalming, S Seward, V Van Helsing, "
                   "M Mina Harker).")),
    Option("first_turn", N_("Who opens the game"), "hunters", kind="choice",
           choices=(("hunters", N_("Lord Godalming, after Dracula chose his start "
                                   "(the rulebook)")),
                    ("dracula", N_("Dracula: a round starts with his turn"))),
           hint=N_("The rulebook starts the game with Lord Godalming, yet a round starts with "
                   "Dracula's turn.")),
    Option("train_die", N_("The train die's six faces (0 = delayed)"), "0,1,1,2,2,3",
           kind="text", check_cards=True,
           hint=N_("Six numbers from 0 to 3: how many rail links each face allows.")),
    Option("resolve_limit", N_("How often resolve may be spent"), "turn", kind="choice",
           choices=(("turn", N_("Once per hunter's turn (rulebook)")),
                    ("round", N_("Each ability once per round (2006 FAQ)"))),
           hint=N_("The rulebook says “once per turn”; some tables use the FAQ's limit.")),
    Option("mina_bite", N_("Mina Harker's first bite"), "permanent", kind="choice",
           choices=(("permanent", N_("Can never be cured or lost")),
                    ("normal", N_("A bite like any other"))),
           hint=N_("She starts bitten; the rulebook clears all bites on defeat.")),
    Option("holy_water_cure", N_("Holy Water cures a bite outside combat"), True,
           check_cards=True,
           hint=N_("Roll: 1 lose 2 health, 2–4 nothing, 5–6 a bite removed. From an "
                   "implementation, not from the card: check against yours.")),
    Option("sea_encounters", N_("Dracula may lay encounters at sea"), False,
           hint=N_("The rulebook does not forbid it, but a sea can never be searched.")),
    Option("board_tracks", N_("The board's tracks are kept on the board"), True,
           hint=N_("The day/night marker, the vampire track and the resolve track stand on "
                   "the board: the tablet says whenever one must move. Off: they stay in the "
                   "box and only the screens show them.")),
    Option("dracula_by_app", N_("Dracula played by the app"), "no", kind="choice",
           choices=(("no", N_("No: a player is Dracula")),
                    ("cunning", N_("Yes — Cunning: weighs what the hunters can know")),
                    ("cautious", N_("Yes — Cautious: keeps out of the hunters' reach")),
                    ("wandering", N_("Yes — Wandering: goes anywhere the hunters are not"))),
           hint=N_("The first seat is then the app's: it plays every decision of Dracula "
                   "from what his own phone would show, and the other players share the "
                   "four hunters. After the game, “companion verify” replays its decisions."),
           app_seat=0),
    *(Option(f"seat{n}_by_app", label, "no", kind="choice", choices=HUNTERS_BY_APP,
             hint=N_("The app plays this seat's hunters from what their phone would show "
                     "(and the public table): one person can be Dracula against the app. "
                     "After the game, “companion verify” replays its decisions."),
             app_seat=n - 1)
      for n, label in ((2, N_("Seat 2 played by the app")), (3, N_("Seat 3 played by the app")),
                       (4, N_("Seat 4 played by the app")), (5, N_("Seat 5 played by the app")))),
    *combat_cards.OPTIONS,
)
HUNTER_SEATS_BY_APP = tuple(f"seat{n}_by_app" for n in range(2, 6))
"""The options that let the app play a hunter seat, seat 2 to seat 5."""


def app_played(options: dict[str, Any]) -> set[int]:
    """The seats the app plays at these options (Dracula's and the hunter seats given to
    it): nobody holds their phones, so what their figures and markers ask of the board is
    told on every person's phone."""
    seats = {0} if options.get("dracula_by_app", "no") not in ("no", "", None) else set()
    return seats | {n - 1 for n, name in enumerate(HUNTER_SEATS_BY_APP, start=2)
                    if options.get(name, "no") not in ("no", "", None)}
