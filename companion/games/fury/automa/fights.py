"""What a round of combat is worth, read from the printed result tables (``data/combat.json``).

Both sides choose a tactic in secret, then roll a die each; the higher total wins and the
winner's table gives the result („Побеждает тот, у кого выпало больше“). A fighter who does
not know the other's card weighs each of his own against every card the other may still
play this round (his deck, never last round's card, limited by a Repel or Garlic) as equally
likely: the expected result, counted from the hunters' side in blood Dracula loses against
health, bites and cards the hunters lose. The hunters' policies choose their tactic by it;
they decide whether a fight pays by it too.
"""

from __future__ import annotations

import json
from typing import Any

from companion.games.fury import cards

DATA: dict[str, Any] = json.loads((cards.DATA / "combat.json").read_text(encoding="utf-8"))
TABLES = {"hunters": DATA["hunter_wins"], "enemy": DATA["enemy_wins"]}
ESCAPES = frozenset({"escape_man", "escape_bat", "escape_mist"})
AFTER_REPEL = ("dodge_dracula", "escape_man", "escape_bat", "escape_mist")
NAMES = {cards.en(t["names"]): t["id"] for t in DATA["tactics"] if t["side"] != "hunter"}
"""An enemy's tactic by the name the screens show (the enemy's Dodge is his own card)."""
NAMES_HUNTER = {cards.en(t["names"]): t["id"] for t in DATA["tactics"] if t["side"] == "hunter"}
NAMES_HUNTER.update({cards.en(i["names"]): k for k, i in cards.ITEMS.items()})
"""A hunter's tactic by the name the screens show."""
AGENT_NAMES = {"punch": "punch_agent", "dodge": "dodge_agent", "knife": "knife_agent",
               "pistol": "pistol_agent", "rifle": "rifle_agent"}

HEALTH = 0.5
"""A hunter's health, in Dracula's blood: the hunters win only by his blood, and rest heals."""
BITE = 2.0
"""A bite, in Dracula's blood: two or three of them defeat a hunter."""
DEFEAT = 6.0
"""A hunter defeated: +2 on the vampire track, his cards lost, the hospital."""
CARD = 0.4
"""A card lost from a hunter's hand."""
NEXT_ROUND = 0.3
"""+1 on the next round's roll."""


def _win_chance(mine: int, theirs: int) -> float:
    """The chance that a die plus ``mine`` beats a die plus ``theirs``; a tie counts half
    (it goes to the higher initiative, which a fighter cannot count on)."""
    wins = ties = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a + mine > b + theirs:
                wins += 1
            elif a + mine == b + theirs:
                ties += 1
    return (wins + ties / 2) / 36


def blood_after_kill(blood: int) -> int:
    """A Kill drops Dracula's blood to the next red line: 15–11 → 10, 10–6 → 5, 5 or less → 0."""
    return 10 if blood > 10 else 5 if blood > 5 else 0


def result_value(codes: list[str], health: int, bites: int, bites_left: int, blood: int,
                 items: int, card: str, going_on: float = 0.0) -> float:
    """One result, for the hunters (positive: good for them); ``going_on``: what one more
    round is worth to them (a Continue or a Repel keeps the fight going, an End stops it)."""
    value = 0.0
    ends = {"end", "escape_bat", "bite", "kill_agent"} & set(codes)
    if not ends or "kill" in codes:
        # the fight goes on unless a result ends it; „Пока у Дракулы остается Кровь, бой
        # продолжается“: a Kill does not end a fight with Dracula (README, decision 3)
        value += going_on
    for code in codes:
        what, _, n = code.partition(":")
        if what == "enemy_loses_blood":
            value += 20.0 if int(n) >= blood else float(n)
        elif what == "kill":
            value += 20.0 if blood_after_kill(blood) == 0 else blood - blood_after_kill(blood)
        elif what == "kill_agent":
            value += 1.5
        elif what == "repel":
            value += 0.3
        elif what == "hunter_loses_health":
            value -= DEFEAT if int(n) >= health else HEALTH * float(n)
        elif what == "bite":
            value -= DEFEAT if bites_left <= 1 else BITE
        elif what == "hunter_item_destroyed":
            value -= CARD if card not in ("punch", "dodge", "escape") else 0.0
        elif what == "hunter_discards_all_items":
            value -= CARD * items
        elif what == "hunter_discards_event":
            value -= CARD
        elif what == "hunter_+1_next_round":
            value += NEXT_ROUND
        elif what == "enemy_+1_next_round":
            value -= NEXT_ROUND
    return value


def enemy_cards(fight: dict[str, Any], night: bool) -> list[str]:
    """The cards the enemy may play this round, as far as everyone can tell: his deck (by
    day or night, a vampire's, an agent's), never last round's card, a Repel's four, no
    Escape under Garlic or Rage."""
    kind = fight.get("enemy_kind", "dracula")
    if kind == "dracula":
        deck = list(DATA["dracula_night" if night else "dracula_day"])
    elif kind == "vampire":
        deck = list(DATA["new_vampire_night" if night else "new_vampire_day"])
    else:
        deck = sorted({c for agent in DATA["agents"].values() for c in agent})
    last_name = next((f.get("last") for f in fight.get("fighters", []) if f.get("enemy")), None)
    last = NAMES.get(last_name or "")
    if kind == "agent" and last_name:
        last = AGENT_NAMES.get(last_name.lower(), last)
    if fight.get("repel"):
        deck = [c for c in deck if c in AFTER_REPEL] or deck
    if fight.get("no_escape"):
        deck = [c for c in deck if c not in ESCAPES] or deck
    fresh = [c for c in deck if c != last]
    return fresh or deck


def round_value(card: str, enemy: str, hunter: dict[str, Any], blood: int, mine: int = 0,
                theirs: int = 0, going_on: float = 0.0) -> float | None:
    """The expected worth, for the hunters, of ``card`` (a hunter's tactic) met by the
    enemy's ``enemy``: None where the tables have no such pairing."""
    won = TABLES["hunters"].get(card, {}).get(enemy)
    lost = TABLES["enemy"].get(card, {}).get(enemy)
    if won is None or lost is None:
        return None
    chance = _win_chance(mine + (1 if card == "pistol" else 0), theirs)
    health, bites = int(hunter.get("health", 10)), int(hunter.get("bites", 0))
    left = int(hunter.get("bites_to_defeat", 2)) - bites
    items = int(hunter.get("item_count", 0))
    return (chance * result_value(won, health, bites, left, blood, items, card, going_on)
            + (1 - chance) * result_value(lost, health, bites, left, blood, items, card,
                                          going_on))


def tactic_value(card: str, against: list[str], hunter: dict[str, Any], blood: int,
                 mine: int = 0, theirs: int = 0, going_on: float = 0.0) -> float:
    """The expected worth of playing ``card`` (a kind) when the enemy plays any of
    ``against`` alike; ``mine`` and ``theirs``: the modifiers on each roll."""
    values = [v for v in (round_value(card, enemy, hunter, blood, mine, theirs, going_on)
                          for enemy in against) if v is not None]
    return sum(values) / len(values) if values else 0.0


# --- what Dracula can judge of a hunter's hand ---------------------------------------------

PREFERRED = ("stake", "holy_water", "crucifix", "knife", "sacred_bullets", "rifle", "pistol",
             "heavenly_host")
"""The weapons a hunter reaches for first against Dracula, best first."""
DECK = {kind: int(cards.ITEMS[kind]["count"]) for kind in cards.ITEMS}
DECK_SIZE = sum(DECK.values())
BASIC = ("punch", "dodge", "escape")
PLAIN = 0.25
"""The share of rounds a hunter plays a basic tactic although he holds a weapon."""
KEPT = 2
"""A hunter at his hand limit gives up his worst item: what he holds is judged as the best
of twice as many cards drawn from the deck."""


def _none_among(kinds: int, drawn: int) -> float:
    """The chance that ``drawn`` cards from the item deck hold none of ``kinds`` copies."""
    chance = 1.0
    for i in range(drawn):
        chance *= max(0.0, (DECK_SIZE - kinds - i) / (DECK_SIZE - i))
    return chance


def hunter_cards(item_count: int, shown: list[str] | None = None, last: str | None = None,
                 holy: bool = True) -> dict[str, float]:
    """The chance of each tactic a hunter plays, as Dracula can judge it from the count of
    his items (public), the items he has shown and the printed item deck: he reaches for
    the best weapon he holds, and now and then for a basic tactic. Never last round's card
    (unless he may hold a second copy: counted as not)."""
    known = [k for k in (shown or []) if k in PREFERRED and (holy or k not in HOLY)]
    weapons: dict[str, float] = {}
    none_better = 1.0
    unknown = max(0, item_count - len(known)) * KEPT
    for kind in PREFERRED:
        if kind in HOLY and not holy:
            continue
        have = 1.0 if kind in known else 1.0 - _none_among(DECK[kind], unknown)
        if kind == last:
            have = SECOND_COPY if item_count >= 2 else 0.0
        weapons[kind] = none_better * have
        none_better *= 1.0 - have
    armed = 1.0 - none_better
    basics = [b for b in BASIC if b != last]
    out = {b: (none_better + armed * PLAIN) / len(basics) for b in basics}
    for kind, chance in weapons.items():
        if chance > 0:
            out[kind] = chance * (1.0 - PLAIN)
    return out


HOLY = frozenset({"crucifix", "heavenly_host", "holy_water"})
SECOND_COPY = 0.5
"""The chance that a hunter who just played a weapon holds a second copy to play again
(„Если у охотника есть две одинаковых карты, то их можно играть одну за другой“): hunters
keep their best weapons."""


def danger(item_count: int, night: bool, shown: list[str] | None = None,
           likely: dict[str, float] | None = None) -> float:
    """The blood Dracula may expect to lose in one round against a hunter with this many
    items (or playing ``likely``), playing his own best card (0 for a hunter with none:
    Punch, Dodge and Escape hardly hurt him)."""
    deck = list(DATA["dracula_night" if night else "dracula_day"])
    hunter = {"health": 10, "bites": 0, "bites_to_defeat": 3, "item_count": item_count}
    likely = likely or hunter_cards(item_count, shown)
    best = None
    for enemy in deck:
        value = 0.0
        for card, chance in likely.items():
            v = round_value(card, enemy, hunter, 15)
            value += chance * (v if v is not None else 0.0)
        best = value if best is None else min(best, value)
    return max(0.0, best or 0.0)


def dracula_choice(options: list[str], hunter: dict[str, Any], blood: int,
                   likely: dict[str, float], mine: int = 0, theirs: int = 0,
                   going_on: float = 0.0, cost: dict[str, int] | None = None
                   ) -> list[tuple[float, str]]:
    """Dracula's cards valued for him (the hunters' worth turned round) against the
    hunter's likely tactics, best first; ``mine``: Dracula's modifiers, ``theirs`` the
    hunter's; ``cost``: blood a card costs him (Sister Agatha)."""
    out = []
    for enemy in options:
        value = 0.0
        for card, chance in likely.items():
            v = round_value(card, enemy, hunter, blood, theirs, mine, going_on)
            value += chance * (v if v is not None else 0.0)
        out.append((-value - (cost or {}).get(enemy, 0), enemy))
    return sorted(out, key=lambda item: (-item[0], item[1]))
