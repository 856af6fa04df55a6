"""The rulebook's index: every rule and every printed card of Fury, and the functions that
carry it out — where it begins (``does``) and, for a standing effect (a marker on the map,
an ally, a fogged hunter, the hour), every place it acts (``acts``, each with the state key
or card it reads there).

Rules are cited by their heading in the second edition's Russian rulebook
(``shared/rules/fury-of-dracula.ru.txt``), cards by their data file and the rulebook's
encounter list. The cards come from the card registry (``registry.py``), so no card of
``data/`` is left out; the rules that are not cards and the places a standing effect acts
are written out below. ``python -m companion.games.fury.rulebook`` renders the index to
``INDEX.md`` beside this module; ``tests/games/fury/test_fury_rulebook.py`` checks that
INDEX.md is this list, that every name in it is a function of this package, and that every
``acts`` function reads what it is said to read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from companion.games.fury import (
    before_combat,
    byhand,
    cards,
    catacombs,
    combat_cards,
    combat_in_progress,
    combat_results,
    combat_rounds,
    decks,
    dracula_events,
    dracula_turn,
    encounter_effects,
    encounters,
    event_cards,
    event_common_effects,
    figures,
    hunter_events,
    hunter_turn,
    hunters,
    items,
    movement,
    order_of_play,
    registry,
    rules,
    state,
    time_track,
    trail,
    view,
)
from companion.games.fury.lookup import Question

Function = Callable[..., object] | Question
"""A function, or a card's question (its answer function, listed in ``registry.QUESTIONS``)."""


@dataclass(frozen=True)
class Acts:
    """A place a standing effect acts: the function and what it reads there (a state key or
    the card's id, found in its source)."""

    by: Function
    reads: str


@dataclass(frozen=True)
class Entry:
    name: str
    ru: str
    source: str
    """Where the rulebook says it: a heading of the rulebook, or a card's data file."""
    does: tuple[Function, ...]
    acts: tuple[Acts, ...] = field(default=())


def _a(*pairs: tuple[Function, str]) -> tuple[Acts, ...]:
    return tuple(Acts(by, reads) for by, reads in pairs)


# --- the rules that are not cards, in the rulebook's order -------------------------------------

RULES: tuple[Entry, ...] = (
    Entry("Set-up", "Подготовка к игре", "Подготовка к игре",
          (rules.setup, order_of_play.setup_actions, order_of_play.do_start_at,
           movement.hunter_start_places, movement.start_places)),
    Entry("The round", "Раунд игры", "Раунд игры",
          (order_of_play.advance, order_of_play.new_turn, order_of_play._next)),
    Entry("The time track", "трек Дня/Ночи", "Подготовка к игре; Фаза Времени",
          (time_track.space, time_track.name, time_track.space_name),
          _a((view.view, "time_track"), (figures.markers, "time_track"))),
    Entry("Time phase", "Фаза Времени", "Фаза Времени",
          (time_track.time_phase, time_track.after_time_phase, order_of_play._dracula_time)),
    Entry("Dawn", "Рассвет", "Фаза Времени; Победа в игре (+1 за каждый Рассвет)",
          (time_track.is_dawn, time_track.dawn),
          _a((time_track.time_phase, "dawn"), (hunter_events.not_dawn, "is_dawn"))),
    Entry("The Small Hours", "Предрассветная пора", "Фаза Времени",
          (time_track.is_small_hours,),
          _a((dracula_events.not_small_hours, "is_small_hours"),)),
    Entry("Day and night", "День и Ночь",
          "Сбор боевых колод; Карты Сил Дракулы; Засады: Новый Вампир",
          (time_track.is_night, time_track.is_day),
          _a((combat_cards.enemy_deck, "is_night"), (movement.dracula_moves, "is_night"),
             (encounters._act, "is_night"), (encounter_effects.new_vampire, "is_day"),
             (combat_in_progress.view, "is_night"), (view.view, "is_night"))),
    Entry("Dracula's trail", "Путь Дракулы", "Подготовка к игре; Карты Сил Дракулы",
          (trail.push, trail.new_slot, trail.clear_to, trail.reveal_place, trail.hunters_know,
           dracula_turn.drop)),
    Entry("The catacombs", "Катакомбы", "Фаза Действия Дракулы (Примечание); "
          "Фаза Действия Охотника (Поиск)",
          (catacombs.may_enter, catacombs.enter, catacombs.kept, catacombs.find,
           catacombs.take, catacombs.empty),
          _a((dracula_turn.dropoff_actions, "catacombs"), (dracula_turn.do_dropoff, "catacombs"),
             (trail.slots, "catacombs"), (trail.find, "catacombs"), (trail.remove, "catacombs"),
             (items._rumor_options, "catacombs"), (view.view, "catacombs"))),
    Entry("Dracula's movement", "Фаза Движения (Дракула)", "Раунд игры; Карты Сил Дракулы",
          (movement.dracula_moves, movement.forbidden, movement.sea_cost,
           dracula_turn.move_actions, dracula_turn.do_move)),
    Entry("Dracula's action", "Фаза Действия Дракулы", "Фаза Действия Дракулы",
          (dracula_turn.action_actions, dracula_turn.do_attack, dracula_turn.do_place,
           dracula_turn.can_lay_encounter, dracula_turn.victims)),
    Entry("Maturing", "Укрепление Засад", "Фаза Действия Дракулы",
          (dracula_turn.dropoff_actions, dracula_turn.do_dropoff, dracula_turn.mature,
           order_of_play._dracula_mature)),
    Entry("Encounter refill", "Пополнение резерва Засад", "Фаза Действия Дракулы",
          (dracula_turn.refill, decks.refill_encounters, decks.encounter_hand_size)),
    Entry("Hunter's movement", "Фаза Движения (Охотник)", "Раунд игры; Группы Охотников",
          (hunter_turn.move_actions, movement.hunter_road, movement.hunter_rail,
           movement.hunter_sea, hunter_turn.do_travel, hunter_turn.do_train,
           hunter_turn.do_set_sail)),
    Entry("Search", "Поиск", "Фаза Действия Охотника",
          (encounters.search, encounters.resolve_found, encounters.order_actions)),
    Entry("Rest", "Отдых", "Фаза Действия Охотника", (hunter_turn.do_rest,
                                                     hunter_turn._rested)),
    Entry("Supply", "Подготовка", "Фаза Действия Охотника",
          (hunter_turn.do_supply, hunter_turn._supplies)),
    Entry("Trade", "Обмен", "Фаза Действия Охотника",
          (hunter_turn.trade_actions_for, hunter_turn.do_give)),
    Entry("Combat", "Бой", "Бой; Раунды Боя",
          (combat_rounds.start, combat_rounds.actions, combat_rounds.do_tactic,
           combat_rounds._settle, combat_cards.cell)),
    Entry("Combat decks", "Сбор боевых колод", "Сбор боевых колод",
          (combat_cards.enemy_deck, combat_cards.hunter_options, combat_cards.enemy_options)),
    Entry("Combat modifiers", "Модификаторы", "Модификаторы Охотников, Агентов, Дракулы",
          (combat_rounds.modifiers,)),
    Entry("Combat results", "Результаты боя", "Результаты боя",
          (combat_results.apply, combat_results.red_line, combat_results.fly)),
    Entry("End of combat", "Конец Боя", "Конец Боя",
          (combat_rounds._finish_round, combat_in_progress.end)),
    Entry("Bitten hunters", "Укушенные Охотники", "Укушенные Охотники",
          (hunters.bite, hunters.obligations),
          _a((combat_rounds.modifiers, "bites"), (hunter_events.bitten, "bites"))),
    Entry("Defeated hunters", "Поверженные Охотники", "Поверженные Охотники",
          (hunters.falling, hunters.defeat, hunters.defeat_check)),
    Entry("Item and event cards", "Карты Вещей и Событий", "Карты Вещей и Событий",
          (decks.draw_event, decks.draw_item, decks.check_limits, event_cards.hunter_draws,
           event_cards.set_ally, event_cards.play)),
    Entry("Dracula's powers", "Карты Сил Дракулы", "Карты Сил Дракулы",
          (movement.dracula_moves, dracula_turn.do_move, trail.powers_in_use)),
    Entry("Resolve", "Трек Решимости", "Трек Решимости",
          (hunter_turn.do_resolve, hunter_turn._resolve_open),
          _a((time_track.dawn, "resolve"),)),
    Entry("Hunter groups", "Группы Охотников", "Группы Охотников",
          (hunter_turn.companions, hunter_turn.do_join, combat_rounds.targets)),
    Entry("Castle Dracula", "Замок Дракулы", "Особые Локации: Замок Дракулы",
          (order_of_play._dracula_moved,),
          _a((combat_rounds.modifiers, "CASTLE"), (hunter_turn.act_actions, "CASTLE"),
             (dracula_turn.can_lay_encounter, "CASTLE"))),
    Entry("The hospital", "Больница св. Иосифа и св. Марии",
          "Особые Локации: Больница св. Иосифа и св. Марии",
          (hunters.defeat, hunter_turn.do_cure),
          _a((movement.forbidden, "HOSPITAL"), (dracula_turn.victims, "HOSPITAL"),
             (encounters.search, "HOSPITAL"))),
    Entry("The vampire track and victory", "Победа в игре", "Победа в игре",
          (state.add_vampires, state.lose_blood, state.finish, state.over)),
    Entry("A result entered by hand", "—", "the app's own: corrections and house rules",
          (byhand.actions,)),
)


# --- where a card's standing effect acts, beyond its handler in the registry -----------------

CARD_ACTS: dict[str, tuple[Acts, ...]] = {
    "fog": _a((hunter_turn.fogged, "fog"), (order_of_play._lift_fog, "fog"),
              (encounters._act, "fog")),
    "bats": _a((encounter_effects._bats_move, "bats"), (encounters._act, "bats")),
    "rats": _a((encounter_effects.has_dogs, "dogs"),),
    "new_vampire": _a((encounters._act, "new_vampire"), (dracula_turn.mature, "new_vampire")),
    "heavenly_host": _a((items._host, "heavenly_host"), (movement.forbidden, "blocked"),
                        (dracula_events.with_power_target, "heavenly_host"),
                        (dracula_events._devilish_options, "heavenly_host"),
                        (encounter_effects.lightning, "heavenly_host"),
                        (encounter_effects.new_vampire, "heavenly_host"),
                        (event_common_effects._quincey, "heavenly_host")),
    "dogs": _a((encounter_effects.has_dogs, "dogs"), (hunters._eligible, "dogs")),
    "hypnosis": _a((hunter_events.bitten, "bites"), (hunter_events._consent, "consent"),
                   (event_cards.may_offer_for, "for_others")),
    "wild_horses": _a((dracula_events._horses, "horses"),
                      (before_combat.walked_in, "moved"),
                      (before_combat._answer, "wild_horses"),
                      (rules._entering_is_before_the_combat, "horses")),
    "consecrated_ground": _a((hunter_events._consecrate, "blocked"),
                             (movement.forbidden, "blocked")),
    "roadblock": _a((movement.hunter_road, "roadblock"), (movement.hunter_rail, "roadblock"),
                    (items.horse_actions, "roadblock")),
    "hide": _a((encounters.search, "hide"), (trail.reveal_place, "hide"),
               (trail.public, "hide"), (dracula_turn.dropoff_actions, "hide"),
               (event_common_effects.standing, "hide")),
    "feed": _a((movement.dracula_moves, "night"), (trail.hunters_know, "STAYS")),
    "wolf_form": _a((movement.dracula_moves, "night"),),
    "dark_call": _a((dracula_turn._lay, "dark_call"), (trail.hunters_know, "STAYS")),
    "double_back": _a((dracula_turn._double_back, "catacombs"),),
    "long_day": _a((time_track.back, "time"),),
    "time_runs_short": _a((time_track.on, "time"),),
}


CARD_SOURCE: dict[str, str] = {
    "heavenly_host": "Облатки Причастия и Святая Земля",
    "consecrated_ground": "Облатки Причастия и Святая Земля",
    "hypnosis": "Укушенные Охотники (a target of some events)",
    "garlic": "Бой („Только Охотники, участвующие в бою могут использовать карту «Чеснок»“)",
    "dogs": "Засады: Крысы, Саботаж, Вор",
    **{ally: "Карты Вещей и Событий (Союзник)" for ally in registry.ALLIES},
}
"""The rulebook's heading for a card it speaks of beyond its own text."""


def _card(name: dict[str, str], source: str, does: Iterable[Function | None],
          key: str) -> Entry:
    if key in CARD_SOURCE:
        source = f"{source}; {CARD_SOURCE[key]}"
    return Entry(cards.en(name), name["ru"], source, tuple(f for f in does if f is not None),
                 CARD_ACTS.get(key, ()))


def _named(f: Function | None) -> bool:
    """A function the index can name: not a lambda, not a closure made inside another."""
    return f is not None and (isinstance(f, Question) or "<" not in f.__qualname__)


def events() -> list[Entry]:
    out = []
    for key, data in cards.EVENTS.items():
        card = registry.EVENTS.get(key)
        ally = registry.ALLIES.get(key)
        before = registry.BEFORE_COMBAT.get(key)
        does: list[Function | None] = []
        if card is not None:
            does += [card.effect, card.when]
        if ally is not None:
            does += [event_cards.set_ally, getattr(ally.module, ally.name)]
        if before is not None:
            does += [before.play, before.allowed]
        out.append(_card(data["names"], "data/events.json",
                         [f for f in does if _named(f)], key))
    return out


def encounter_tokens() -> list[Entry]:
    return [_card(data["names"], "data/encounters.json; Засады: "
                  + data["names"]["ru"], [registry.ENCOUNTERS[key]], key)
            for key, data in cards.ENCOUNTERS.items()]


def item_cards() -> list[Entry]:
    out = []
    for key, data in cards.ITEMS.items():
        does: list[Function | None] = []
        used = registry.ITEMS.get(key)
        if used is not None:
            does += [items.do_use, getattr(used.module, used.name)]
        if key in registry.COMBAT_CARDS:
            does += [combat_cards.hunter_options, combat_cards.cell]
        before = registry.BEFORE_COMBAT.get(key)
        if before is not None:
            does += [before.play]
        out.append(_card(data["names"], "data/items.json", does, key))
    return out


def powers() -> list[Entry]:
    return [_card(data["names"], "data/dracula.json; Карты Сил Дракулы",
                  [getattr(registry.POWERS[key].module, registry.POWERS[key].name),
                   dracula_turn.do_move], key)
            for key, data in cards.POWERS.items()]


_SIDES = {"hunter": "a hunter's", "dracula": "Dracula's", "agent": "an agent's"}


def tactics() -> list[Entry]:
    out = []
    for key in registry.COMBAT_CARDS:
        if key not in combat_cards.TACTICS:
            continue
        tactic = combat_cards.TACTICS[key]
        entry = _card(tactic["names"], "data/combat.json; Бой", [combat_cards.cell,
                                                                 combat_rounds.do_tactic], key)
        out.append(Entry(f"{entry.name}, {_SIDES[tactic['side']]}", entry.ru, entry.source,
                         entry.does, entry.acts))
    return out


def sections() -> list[tuple[str, list[Entry]]]:
    """The index's sections in order: the rules, then each kind of card by name."""
    def by_name(entries: list[Entry]) -> list[Entry]:
        return sorted(entries, key=lambda e: e.name)
    return [("Rules", list(RULES)), ("Event cards", by_name(events())),
            ("Encounters", by_name(encounter_tokens())), ("Items", by_name(item_cards())),
            ("Dracula's powers", by_name(powers())), ("Combat cards", by_name(tactics()))]


def dotted(f: Function) -> str:
    """A function's name as the index gives it: ``module.function`` under this package."""
    target = f.answer if isinstance(f, Question) else f
    module = target.__module__.removeprefix("companion.games.fury.")
    return f"{module}.{target.__qualname__}"


def _link(f: Function) -> str:
    name = dotted(f)
    return f"[`{name}`]({name.rsplit('.', 1)[0].replace('.', '/')}.py)"


def render() -> str:
    """INDEX.md."""
    lines = [
        "# Fury of Dracula: the rulebook's index",
        "",
        "Every rule and printed card, and the functions that carry it out; a standing",
        "effect is listed where it acts too (*acts*, with what it reads there). Rules cite",
        "the headings of the Russian rulebook (`shared/rules/fury-of-dracula.ru.txt`),",
        "cards their data file. Written by `python -m companion.games.fury.rulebook` from",
        "`rulebook.py`; `tests/games/fury/test_fury_rulebook.py` fails when it is stale.",
    ]
    for title, entries in sections():
        lines += ["", f"## {title}", ""]
        for e in entries:
            lines.append(f"- **{e.name}** ({e.ru}) — {e.source}")
            lines.append("  - does: " + ", ".join(_link(f) for f in e.does))
            if e.acts:
                lines.append("  - acts: " + ", ".join(f"{_link(a.by)} (`{a.reads}`)"
                                                      for a in e.acts))
    return "\n".join(lines) + "\n"


INDEX = Path(__file__).with_name("INDEX.md")

if __name__ == "__main__":
    INDEX.write_text(render(), encoding="utf-8")
