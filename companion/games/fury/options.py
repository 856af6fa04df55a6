"""Fury's table options: the rulebook's open points and the group's ways, each with its
default (a module of their own: the rules and the set-up list from the box both read them)."""

from __future__ import annotations

from companion.games.base import N_, Option
from companion.games.fury import combat_cards

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
                   "four hunters. After the game, “companion verify” replays its decisions.")),
    *combat_cards.OPTIONS,
)
