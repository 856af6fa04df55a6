"""The combat's cards (``data/combat.json``): which tactics each fighter may play now, the
initiative printed on each card, and the two result tables.

„Охотник использует свои 3 карты Приемов, а также карты Вещей, имеющие цифры инициативы.“
„Дракула использует все свои 8 карт Приемов, если бой происходит ночью. И только 3 карты с
символом солнца (Когти, Уклонение и Бегство (Человек)), если бой происходит днём.“ Agents
play Punch and Dodge and the tactics on their token. „В ходе боя игроки не могут
использовать одну и ту же карту два раза подряд… Если у охотника есть две одинаковых карты,
то их можно играть одну за другой.“

A hunter's tactic is named by its kind (``"knife"``) and played as one physical card
(``"knife:2"``); the basic tactics are their own cards (``"punch"``). The enemy's tactics
are kinds (``"claws"``, ``"knife_agent"``).

>>> initiative_values("claws=7 knife=1")["claws"], initiative_values("")["escape_mist"]
(7, 6)
>>> cell("hunters", "stake", "claws")
['kill', 'end']
"""

from __future__ import annotations

import re
from typing import Any

from companion.games.base import N_, ActionSyntaxError, Option
from companion.games.fury import cards, time_track
from companion.games.fury.state import QueueItem, State

DATA = cards._load("combat.json")
TACTICS: dict[str, dict[str, Any]] = {t["id"]: t for t in DATA["tactics"]}
HUNTER_BASIC: tuple[str, ...] = tuple(DATA["hunter_basic"])
HUNTER_ITEMS: tuple[str, ...] = tuple(DATA["hunter_items"])
RESULT_NAMES: dict[str, dict[str, str]] = DATA["result_names"]
PLUS = {"hunters": "hunter_+1_next_round", "enemy": "enemy_+1_next_round"}
"""Result codes that give the winner +1 next round (beyond a win with Dodge: the tables
print it also for Fangs, Mesmerize and Strength winning against a hunter's Dodge)."""
MODIFIERS: dict[str, dict[str, Any]] = {
    **{m["id"]: m for m in DATA["modifiers"]},
    **{code: {"id": code, "value": 1, "names": RESULT_NAMES[code]} for code in PLUS.values()},
}
TABLES = {"hunters": DATA["hunter_wins"], "enemy": DATA["enemy_wins"]}
"""The winner's table: ``TABLES[winner][hunter card][enemy card]``."""
SUSPICIOUS = {("hunters" if e["table"] == "hunter_wins" else "enemy", e["hunter"], e["enemy"])
              for e in DATA["suspicious"]}

ESCAPES = frozenset({"escape_man", "escape_bat", "escape_mist"})
AFTER_REPEL = ("dodge_dracula", "escape_man", "escape_bat", "escape_mist")
"""„Подавление – в следующем раунде Дракула сможет применить только одну из следующих карт:
Уклонение, Бегство (нетопырь), Бегство (человек) или Бегство (туман).“"""
HOLY = frozenset(i for i in HUNTER_ITEMS if cards.ITEMS[i]["vs"] == "dracula_and_vampires")
"""Crucifix, Heavenly Host, Holy Water: only against Dracula and vampires."""
DODGES = frozenset({"dodge", "dodge_dracula", "dodge_agent"})
AGATHA_COST = 2
"""Sister Agatha: „Dracula pays 2 blood each time he plays Fangs or any Escape card“."""

DEFAULT_INITIATIVE: dict[str, int] = {
    "punch": 3, "dodge": 4, "escape": 5,
    "knife": 3, "pistol": 2, "rifle": 1, "sacred_bullets": 1, "stake": 2,
    "crucifix": 2, "heavenly_host": 1, "holy_water": 1,
    "claws": 2, "dodge_dracula": 4, "escape_man": 4, "escape_bat": 5, "escape_mist": 6,
    "fangs": 3, "mesmerize": 3, "strength": 1,
    "punch_agent": 3, "dodge_agent": 4, "knife_agent": 3, "pistol_agent": 2, "rifle_agent": 1,
}
"""The app's guess of the initiative in each card's upper-left corner: no source gives the
printed values. Escapes and dodges are guessed fastest, heavy weapons and holy things
slowest; a table corrects them with the option ``initiative``."""

INITIATIVE_TEXT = " ".join(f"{k}={v}" for k, v in DEFAULT_INITIATIVE.items())
INITIATIVE_WORDS = (
    N_("punch"), N_("dodge"), N_("escape"), N_("knife"), N_("pistol"), N_("rifle"),
    N_("sacred_bullets"), N_("stake"), N_("crucifix"), N_("heavenly_host"), N_("holy_water"),
    N_("claws"), N_("dodge_dracula"), N_("escape_man"), N_("escape_bat"), N_("escape_mist"),
    N_("fangs"), N_("mesmerize"), N_("strength"), N_("punch_agent"), N_("dodge_agent"),
    N_("knife_agent"), N_("pistol_agent"), N_("rifle_agent"),
)
"""The cards' keys as the option writes them, each shown in the form's language (one word,
so that „card=value“ still reads)."""


def name(card: str) -> str:
    """The English name of a tactic or of the item card a hunter plays."""
    kind = cards.kind(card)
    if kind in TACTICS:
        return cards.en(TACTICS[kind]["names"])
    return cards.item_name(card)


DECKS = (
    (N_("The hunters' combat cards"), (*HUNTER_BASIC, *HUNTER_ITEMS)),
    (N_("Dracula's combat cards"), ("claws", "dodge_dracula", "escape_man", "escape_bat",
                                    "escape_mist", "fangs", "mesmerize", "strength")),
    (N_("The minions' combat cards"), ("punch_agent", "dodge_agent", "knife_agent",
                                       "pistol_agent", "rifle_agent")),
)
"""The combat cards by whose deck they are in (several decks print a Dodge)."""

OPTIONS: tuple[Option, ...] = (
    Option("initiative", N_("Initiative printed on the combat cards"), INITIATIVE_TEXT,
           kind="text", check_cards=True, words=INITIATIVE_WORDS,
           pairs=tuple((kind, name(kind), deck) for deck, kinds in DECKS for kind in kinds),
           hint=N_("A tied roll goes to the card with the higher initiative (upper-left "
                   "corner). Each card's number is the app's guess until you change it.")),
    Option("initiative_checked", N_("These initiative values are checked against our cards"),
           False, set_when_checked=True,
           hint=N_("Unchecked, a tie-break counts once both sides read it on the printed "
                   "cards: the player it favours, then the other side agrees (a disputed "
                   "tie is rolled again).")),
    Option("target_after_reveal", N_("Dracula picks whom he strikes after the reveal"), False,
           hint=N_("The rulebook: in a fight with several hunters Dracula names his target "
                   "with his card, in secret (“…and Dracula chooses the target of his "
                   "attack”). "
                   "With this on, he picks it after winning the round, seeing the hunters' "
                   "cards.")),
)


def target_after_reveal(state: State) -> bool:
    return bool(state["options"].get("target_after_reveal", False))


def initiative_values(text: str) -> dict[str, int]:
    """The ``initiative`` option read as card=value pairs over the app's guesses."""
    values = dict(DEFAULT_INITIATIVE)
    for part in re.split(r"[\s,;]+", str(text).strip()):
        if not part:
            continue
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        number = value.strip()
        if not sep or key not in values or not (number.isascii() and number.isdigit()):
            raise ActionSyntaxError(N_("Write the initiative as card=value pairs, e.g. "
                                       "claws=2 knife=3, with the card names of the rules "
                                       "(punch, dodge_dracula, knife_agent…)."))
        values[key] = int(number)
    return values


def initiative(state: State, card: str) -> int:
    return initiative_values(state["options"].get("initiative", ""))[cards.kind(card)]


def initiative_known(state: State) -> bool:
    return bool(state["options"].get("initiative_checked", False))


AGAINST: dict[str, str] = {
    **{cards.en(entry["names"]): cards.en(entry["against"])
       for entry in (*TACTICS.values(), *cards.ITEMS.values(), *cards.ENCOUNTERS.values())
       if "against" in entry},
    N_("Dracula"): N_("against Dracula"),
    N_("A vampire"): N_("against a vampire"),
}
""""Against" and a card or a fighter, by its English name: each language puts the name in
the case its word for "against" takes (Czech *proti* the dative, „proti Drápům“; Russian
*против* the genitive, „против Когтей“), which a name put in a sentence cannot do."""


def against(english: str) -> str:
    """"Against" with a tactic, a combat item or an enemy (``english``: its English name)."""
    return AGAINST[english]


def result_name(code: str) -> str:
    return cards.en(RESULT_NAMES[code])


# --- who may play what -------------------------------------------------------------------


def enemy_deck(state: State, fight: QueueItem) -> list[str]:
    """The enemy's tactics: Dracula's day or night set, a vampire's, or the agent's."""
    night = time_track.is_night(state)
    deck: list[str]
    if fight["enemy"] == "dracula":
        deck = DATA["dracula_night" if night else "dracula_day"]
    elif fight["enemy"] == "vampire":
        deck = DATA["new_vampire_night" if night else "new_vampire_day"]
    else:
        deck = DATA["agents"][fight["agent"]]
    return deck


def agatha(state: State) -> bool:
    ally = state["allies"]["hunters"]
    return ally is not None and cards.kind(ally) == "sister_agatha"


def costs_blood(state: State, fight: QueueItem, card: str) -> int:
    """Blood Dracula pays for playing ``card`` (Sister Agatha)."""
    if fight["enemy"] == "dracula" and agatha(state) and (card == "fangs" or card in ESCAPES):
        return AGATHA_COST
    return 0


def enemy_options(state: State, fight: QueueItem) -> list[str]:
    """The enemy's tactics this round: its deck, limited by a Repel, by Garlic or Rage (no
    Escape), by Sister Agatha when paying would bring Dracula to 0 („не может самостоятельно
    уменьшить свои Пункты Крови до 0“), and never last round's card. Dodge always survives
    the limits; should the no-repeat rule leave nothing, it yields."""
    allowed = list(enemy_deck(state, fight))
    if fight["repel"]:
        allowed = [c for c in allowed if c in AFTER_REPEL]
    if fight["no_escape"] > 0:
        allowed = [c for c in allowed if c not in ESCAPES]
    allowed = [c for c in allowed if state["blood"] - costs_blood(state, fight, c) > 0]
    fresh = [c for c in allowed if c != fight["last"].get("enemy")]
    return fresh or allowed


def hunter_options(state: State, fight: QueueItem,
                   hunter: str) -> list[tuple[str, str]]:
    """``(kind, card)`` the hunter may play: Punch, Dodge, Escape and each combat item he
    holds (the holy ones only against Dracula and vampires); not last round's card, unless
    he holds a second copy of it."""
    last = fight["last"].get(hunter)
    out = [(kind, kind) for kind in HUNTER_BASIC if kind != last]
    held = sorted(state["hunters"][hunter]["items"])
    for kind in HUNTER_ITEMS:
        if kind in HOLY and fight["enemy"] == "agent":
            continue
        copies = [c for c in held if cards.kind(c) == kind and c != last]
        if copies:
            out.append((kind, copies[0]))
    return out


# --- the result tables -------------------------------------------------------------------


def cell(winner: str, hunter_card: str, enemy_card: str) -> list[str]:
    """What the winner's card says against the loser's card."""
    return list(TABLES[winner][cards.kind(hunter_card)][enemy_card] or [])


def uncertain(winner: str, hunter_card: str, enemy_card: str) -> bool:
    return (winner, cards.kind(hunter_card), enemy_card) in SUSPICIOUS


def printed_alternatives(fight_enemy: str, winner: str, hunter_card: str,
                         enemy_card: str) -> list[list[str]]:
    """The results printed on the winner's card against every card of this kind of enemy:
    the choices a player has when the table's reading of one cell is in doubt."""
    agent = fight_enemy == "agent"
    enemies = [t for t, d in TACTICS.items() if d["side"] in (("agent",) if agent
                                                              else ("dracula",))]
    found: list[list[str]] = []
    if winner == "hunters":
        row = TABLES["hunters"][cards.kind(hunter_card)]
        candidates = [row[e] for e in enemies]
    else:
        candidates = [TABLES["enemy"][h][enemy_card] for h in (*HUNTER_BASIC, *HUNTER_ITEMS)]
    for result in candidates:
        if result and list(result) not in found:
            found.append(list(result))
    return found


def tactic_hint(card: str) -> str:
    """The rule beside a tactic's button."""
    kind = cards.kind(card)
    return _HINTS.get(kind, "")


_HINTS = {
    "punch": N_("Basic tactic, never discarded."),
    "dodge": N_("Win the roll with it and you get +1 next round."),
    "escape": N_("Win the roll with it and you get away: the combat ends."),
    "knife": N_("Wounds Dracula; kills an agent."),
    "pistol": N_("+1 to your roll this round."),
    "rifle": N_("Repels Dracula; kills an agent."),
    "sacred_bullets": N_("Wounds Dracula hard, but most results discard it."),
    "stake": N_("Against Dracula usually a Kill: his blood drops to the next red line."),
    "crucifix": N_("Only against Dracula and vampires: wounds him."),
    "heavenly_host": N_("Only against Dracula and vampires: ends the combat if it wins."),
    "holy_water": N_("Only against Dracula and vampires: wounds him, usually discarded."),
    "claws": N_("Sun card: wounds the hunter."),
    "dodge_dracula": N_("Win the roll with it and you get +1 next round; allowed after a "
                        "Repel."),
    "escape_man": N_("Sun card: the combat ends; allowed after a Repel."),
    "escape_bat": N_("Night: you fly away as a bat; allowed after a Repel."),
    "escape_mist": N_("Night: the combat ends; allowed after a Repel."),
    "fangs": N_("Night: it can bite the hunter, then you fly off as a bat."),
    "mesmerize": N_("Night: it can bite the hunter and strip him of his items."),
    "strength": N_("Night: heavy wounds; it can break the hunter's weapon."),
    "punch_agent": N_("The agent's basic tactic."),
    "dodge_agent": N_("Win the roll with it and the agent gets +1 next round."),
    "knife_agent": N_("Wounds the hunter and makes him discard an event."),
    "pistol_agent": N_("+1 to the agent's roll this round."),
    "rifle_agent": N_("Heavy wounds."),
}
