"""Every printed card of Fury and what plays it, listed in one place.

Before this list a card's handler was found by luck: decorators in five modules filled five
tables when their module happened to be imported. Here each table is written out, typed, so
that mypy checks every handler's signature and ``tests/games/fury/test_fury_registry.py``
checks that every event, encounter, item, power and combat card in ``data/`` is handled
here, or is an ally (a lasting effect read where it acts), or is left to the players by hand
with the reason, and that every question a card asks and every step it leaves for later is
listed.

This module sits above the modules it names, and hands its tables down to ``lookup`` when it
is imported (``rules`` imports it): the dispatchers below it (``event_cards``, ``encounters``,
``before_combat``, ``combat_in_progress``, ``choices``) read a handler there, so that no module
of the game imports one that imports it back (``tests/games/fury/test_fury_imports.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from companion.games.fury import (
    before_combat,
    byhand,
    combat_cards,
    combat_results,
    combat_rounds,
    decks,
    dracula_events,
    encounter_effects,
    encounters,
    event_common_effects,
    hunter_events,
    hunter_turn,
    hunters,
    items,
    movement,
)
from companion.games.fury.lookup import (
    BeforeCombat,
    Encounter,
    EventCard,
    Later,
    OnEnd,
    Question,
    Starter,
    Tables,
    register,
)


@dataclass(frozen=True)
class Elsewhere:
    """A card read where it acts, not through a table: ``module.name`` is the function that
    reads it (the meta-test checks that it names the card)."""

    module: ModuleType
    name: str
    what: str


# --- event cards --------------------------------------------------------------------------

EVENTS: dict[str, EventCard] = {
    # the hunters' cards played at once or from the hand at any time of their turn
    "newspaper_reports": EventCard(hunter_events.newspaper_reports),
    "hired_scouts": EventCard(hunter_events.hired_scouts),
    "telegraph_ahead": EventCard(hunter_events.telegraph_ahead),
    "mystic_research": EventCard(hunter_events.mystic_research),
    "consecrated_ground": EventCard(hunter_events.consecrated_ground),
    "re_equip": EventCard(hunter_events.re_equip),
    "surprising_return": EventCard(hunter_events.surprising_return),
    "vampire_lair": EventCard(hunter_events.vampire_lair),
    "excellent_weather": EventCard(hunter_turn.excellent_weather),
    # the hunters' cards kept for a moment
    "long_day": EventCard(hunter_events.long_day, ("hunter_start",), hunter_events.not_dawn),
    "money_trail": EventCard(hunter_events.money_trail, ("hunter_start",)),
    "blood_transfusion": EventCard(hunter_events.blood_transfusion, ("hunter_start",),
                              hunter_events.transfusion_possible),
    "sense_of_emergency": EventCard(hunter_events.sense_of_emergency, ("hunter_start",),
                               hunter_events.can_rush),
    "hypnosis": EventCard(hunter_events.hypnosis, ("hunter_start",), hunter_events.bitten,
                     for_others=True),
    "stormy_seas": EventCard(hunter_events.stormy_seas, ("hunter_start",),
                        hunter_events.stormy_possible),
    "good_luck": EventCard(hunter_events.good_luck, ("cancel", "hunter_start"),
                      hunter_events.with_luck_target),
    "great_strength": EventCard(hunter_events.great_strength, ("great_strength",)),
    "chartered_carriage": EventCard(hunter_events.chartered_carriage, ("tip_off",)),
    "forewarned": EventCard(hunter_events.forewarned, ("encounter",)),
    "secret_weapon": EventCard(hunter_events.secret_weapon, ("encounter",),
                          hunter_events.can_swap_item),
    # Dracula's cards
    "night_visit": EventCard(dracula_events.night_visit),
    "vampiric_influence": EventCard(dracula_events.vampiric_influence),
    "evasion": EventCard(dracula_events.evasion),
    "devilish_power": EventCard(dracula_events.devilish_power, ("cancel", "dracula_start"),
                           dracula_events.with_power_target),
    "time_runs_short": EventCard(dracula_events.time_runs_short, ("dracula_start",),
                            dracula_events.not_small_hours),
    "unearthly_swiftness": EventCard(dracula_events.unearthly_swiftness, ("dracula_start",)),
    "roadblock": EventCard(dracula_events.roadblock, ("dracula_start",)),
    "false_tip_off": EventCard(dracula_events.false_tip_off, ("train",)),
    "seduction": EventCard(dracula_events.seduction, ("new_vampire",)),
    # played before the combat of a hunter walking into his city (``BEFORE_COMBAT``)
    "wild_horses": EventCard(dracula_events.wild_horses),
    "customs_search": EventCard(dracula_events.customs_search, ("customs",)),
    "control_storms": EventCard(dracula_events.control_storms, ("at_sea",)),
    "relentless_minion": EventCard(dracula_events.relentless_minion, ("minion",)),
    "sensationalist_press": EventCard(event_common_effects.sensationalist_press, ("reveal",)),
    # played before a combat (``BEFORE_COMBAT``): the event waits for a cancel, then acts
    "advance_planning": EventCard(before_combat.as_event(before_combat.advance_planning)),
    "trap": EventCard(before_combat.as_event(before_combat.trap)),
    "escape_route": EventCard(before_combat.as_event(before_combat.escape_route)),
    "heroic_leap": EventCard(before_combat.as_event(before_combat.heroic_leap)),
    "rage": EventCard(before_combat.as_event(before_combat.rage)),
}
"""Event card → its effect and the windows (``event_cards.WINDOWS``) where a kept card may be
played; no window for a card played at once."""

ALLIES: dict[str, Elsewhere] = {
    "jonathan_harker": Elsewhere(event_common_effects, "standing",
                                 "the hunters' ally: the trail's oldest card revealed"),
    "rufus_smith": Elsewhere(movement, "sea_cost", "the hunters' ally: Dracula's sea moves"),
    "sister_agatha": Elsewhere(combat_cards, "agatha", "the hunters' ally: Dracula's combat cards "
                                                  "cost him blood"),
    "draculas_brides": Elsewhere(decks, "encounter_hand_size",
                                 "Dracula's ally: his encounter hand"),
    "immanuel_hildesheim": Elsewhere(decks, "event_hand_size", "Dracula's ally: his event hand"),
    "quincey_p_morris": Elsewhere(event_common_effects, "quincey",
                                  "Dracula's ally: a hunter loses health"),
}
"""Ally cards stay in play (``event_cards.set_ally``) and act as a lasting effect, read by the
function named."""

BY_HAND: dict[str, str] = {}
"""Cards the app does not referee, with the reason."""


# --- encounters ---------------------------------------------------------------------------

ENCOUNTERS: dict[str, Encounter] = {
    "plague": encounter_effects.plague,
    "wolves": encounter_effects.wolves,
    "rats": encounter_effects.rats,
    "desecrated_soil": encounter_effects.desecrated_soil,
    "bats": encounter_effects.bats,
    "fog": encounter_effects.fog,
    "saboteur": encounter_effects.saboteur,
    "hoax": encounter_effects.hoax,
    "lightning": encounter_effects.lightning,
    "peasants": encounter_effects.peasants,
    "spy": encounter_effects.spy,
    "thief": encounter_effects.thief,
    "assassin": encounter_effects.agent,
    "minion_knife": encounter_effects.agent,
    "minion_knife_pistol": encounter_effects.agent,
    "minion_knife_rifle": encounter_effects.agent,
    "new_vampire": encounter_effects.new_vampire,
    "ambush": encounter_effects.ambush_plain,
}
"""Encounter token kind → what it does to the hunters who meet it."""


# --- combat -------------------------------------------------------------------------------

BEFORE_COMBAT: dict[str, BeforeCombat] = {
    "advance_planning": BeforeCombat(
        "hunter", lambda s, f, h: not f["planning"], before_combat.advance_planning),
    "trap": BeforeCombat("dracula", lambda s, f, h: not f["trap"], before_combat.trap),
    "garlic": BeforeCombat(
        "hunter", lambda s, f, h: before_combat.fighting(f, h) and f["enemy"] != "agent",
        before_combat.garlic),
    "escape_route": BeforeCombat(
        "hunter", lambda s, f, h: True, before_combat.escape_route),
    "heroic_leap": BeforeCombat(
        "hunter", lambda s, f, h: before_combat.fighting(f, h) and f["enemy"] == "dracula",
        before_combat.heroic_leap),
    "rage": BeforeCombat(
        "dracula", lambda s, f, h: f["enemy"] == "dracula", before_combat.rage),
    # Devilish Power's other use, „…OR discard the hunters' current ally“, bears on the
    # combat when that ally is Sister Agatha; its effect is the card's own (EVENTS).
    "devilish_power": BeforeCombat(
        "dracula", lambda s, f, h: bool(s["allies"]["hunters"]), None),
    # Offered in Dracula's turn of this window when the hunters have just walked into his
    # city, not in a question of its own just before it (issue 32: one moment, one
    # question); its effect is the card's own (EVENTS): the fight ends before it began.
    "wild_horses": BeforeCombat(
        "dracula", lambda s, f, h: before_combat.walked_in(s, f), None),
}
"""Cards played before a combat (``before_combat``): whose, when this fight allows them, what
they do (``play(ctx, fight, hunter, card)``)."""

COMBAT_CARDS: tuple[str, ...] = (
    # the hunters' tactics and the items played as tactics: rows of the result tables
    "punch", "dodge", "escape",
    "knife", "pistol", "rifle", "sacred_bullets", "stake", "crucifix", "heavenly_host",
    "holy_water",
    # Dracula's, a vampire's and an agent's: columns of the result tables
    "claws", "dodge_dracula", "escape_man", "escape_bat", "escape_mist", "fangs", "mesmerize",
    "strength", "punch_agent", "dodge_agent", "knife_agent", "pistol_agent", "rifle_agent",
)
"""Combat cards played as secret tactics: what each does is its cell in the result tables
(``combat_cards.cell``), played by ``combat_rounds``."""

START_COMBAT: Starter = combat_rounds.start
"""How a fight begins, for the encounters and event cards that start one."""

FIGHT_ENDS: dict[str, OnEnd] = {
    "agent": dracula_events.after_agent,
}
"""Who hears of a finished fight, by its source or enemy (Relentless Minion)."""


# --- items and powers used outside a combat ------------------------------------------------

ITEMS: dict[str, Elsewhere] = {
    "dogs": Elsewhere(items, "turn_actions", "played face up in the holder's turn"),
    "heavenly_host": Elsewhere(items, "turn_actions", "a marker on the holder's city"),
    "local_rumors": Elsewhere(items, "turn_actions", "reveals one card's encounters"),
    "holy_water": Elsewhere(items, "turn_actions", "the cure roll (table option)"),
    "fast_horse": Elsewhere(items, "horse_actions", "offered with the hunter's moves"),
}
"""Items used outside a combat, offered among the holder's actions (``items.do_use``);
the combat items are ``COMBAT_CARDS``, Garlic is ``BEFORE_COMBAT``."""

POWERS: dict[str, Elsewhere] = {
    power: Elsewhere(movement, "dracula_moves", "offered as one of Dracula's moves, laid on "
                                                "his trail by dracula.do_move")
    for power in ("hide", "feed", "dark_call", "double_back", "wolf_form")
}
"""Dracula's powers: moves (``movement.dracula_moves``), laid by ``dracula_turn.do_move``."""


# --- steps left for after a question ------------------------------------------------------

LATER: dict[str, Later] = {
    "meet": encounters._meet,
    "reveal": event_common_effects._reveal_now,
    "sweep": hunter_events._sweep,
    "train": hunter_turn._train,
    "rested": hunter_turn._rested,
    "combat_window_next": before_combat.next_after_card,
    "defeat_check": hunters.defeat_check,
    "discard_event": combat_results.discard_event,
}
"""The rest of an effect, queued by ``event_cards.later(ctx, name)`` behind a question."""


# --- questions a card puts to a player ------------------------------------------------------

QUESTIONS: dict[str, Question] = {
    # byhand.py
    "correction_check": byhand._check,
    # combat_rounds.py
    "combat_tie": combat_rounds._tie,
    "combat_tie_check": combat_rounds._tie_check,
    "combat_apply": combat_rounds._apply_card,
    "combat_target": combat_rounds._target,
    "combat_confirm": combat_rounds._confirm,
    "combat_confirm_check": combat_rounds._confirm_check,
    # dracula_events.py
    "night_visit": dracula_events._night_visit,
    "influence": dracula_events._influence,
    "evasion": dracula_events._evasion,
    "devilish": dracula_events._devilish,
    "roadblock_from": dracula_events._block_from,
    "roadblock_to": dracula_events._block_to,
    "horses": dracula_events._horses,
    "control_storms": dracula_events._control_storms,
    # encounter_effects.py
    "discard_one": encounter_effects._discard_one,
    "declare": encounter_effects._declare,
    "steal": encounter_effects._steal,
    "stop_vampire": encounter_effects._stop_vampire,
    "ambush_draw": encounter_effects._ambush_draw,
    "return_token": encounter_effects._return_token,
    "bats_move": encounter_effects._bats_move,
    # event_common_effects.py
    "press": event_common_effects._press,
    "quincey": event_common_effects._quincey,
    # hunter_events.py
    "scout": hunter_events._scout,
    "consecrate": hunter_events._consecrate,
    "re_equip": hunter_events._re_equip,
    "re_equip_take": hunter_events._re_equip_take,
    "surprising_return": hunter_events._surprising_return,
    "transfusion": hunter_events._transfusion,
    "dracula_declares": hunter_events._dracula_declares,
    "consent": hunter_events._consent,
    "storm": hunter_events._storm,
    "ashore": hunter_events._ashore,
    "luck": hunter_events._luck,
    "secret_weapon": hunter_events._secret_weapon,
    "weapon_take": hunter_events._weapon_take,
    # hunters.py
    "show": hunters._show_answer,
    # items.py
    "rumors": items._rumors,
    # combat_results.py
    "combat_bat": combat_results._fly,
    # before_combat.py
    "combat_window": before_combat._answer,
    "combat_rage": before_combat._rage_target,
    "combat_rage_discard": before_combat._rage_discard,
}
"""The name a queued ``choice`` carries → the question (``choices.ask(ctx, name, seat)``)."""


register(Tables(events=EVENTS, encounters=ENCOUNTERS, before_combat=BEFORE_COMBAT,
                start_combat=START_COMBAT, fight_ends=FIGHT_ENDS, later=LATER,
                questions=QUESTIONS))
