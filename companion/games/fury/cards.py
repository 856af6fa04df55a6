"""The printed components: event cards, items, encounter tokens, Dracula's powers, hunters.

Facts come from the project's data files beside this module (``data/*.json``, each value
with its confidence mark); names and texts are ``{"en", "cs", "ru"}`` triples whose English
text is the message id the web layer translates.

A physical card in a deck is ``"<kind>:<n>"`` (``"newspaper_reports:3"``): the kind says
what it does, the number tells the copies apart. Only a seat that may see a card is ever
given its id.

>>> event("newspaper_reports:2")["side"]
'hunter'
>>> len(EVENT_DECK), len(ITEM_DECK), len(ENCOUNTER_POOL)
(75, 40, 45)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.games.base import N_

DATA = Path(__file__).parent / "data"


def _load(name: str) -> dict[str, Any]:
    with (DATA / name).open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def _copies(kinds: list[dict[str, Any]]) -> list[str]:
    return [f"{k['id']}:{n}" for k in kinds for n in range(1, k["count"] + 1)]


EVENTS: dict[str, dict[str, Any]] = {c["id"]: c for c in _load("events.json")["cards"]}
ITEMS: dict[str, dict[str, Any]] = {c["id"]: c for c in _load("items.json")["items"]}
ENCOUNTERS: dict[str, dict[str, Any]] = {
    c["id"]: c for c in _load("encounters.json")["tokens"]}
_DRACULA = _load("dracula.json")
POWERS: dict[str, dict[str, Any]] = {p["id"]: p for p in _DRACULA["powers"]}
TIME_TRACK: list[dict[str, Any]] = _DRACULA["time_track"]
_HUNTERS = _load("hunters.json")
HUNTER_DATA: dict[str, dict[str, Any]] = {h["id"]: h for h in _HUNTERS["hunters"]}
RESOLVE: dict[str, dict[str, Any]] = {r["id"]: r for r in _HUNTERS["resolve"]}

HUNTERS: tuple[str, ...] = tuple(HUNTER_DATA)
"""The four hunters in the rulebook's turn order: Godalming, Seward, Van Helsing, Mina."""

BLOOD: int = _DRACULA["blood"]
ENCOUNTER_HAND: int = _DRACULA["encounter_hand"]
ENCOUNTER_HAND_BRIDES: int = _DRACULA["encounter_hand_brides"]
EVENT_HAND: int = _DRACULA["event_hand"]
EVENT_HAND_HILDESHEIM: int = _DRACULA["event_hand_hildesheim"]
TRAIL_LENGTH: int = _DRACULA["trail"]
CATACOMBS: int = _DRACULA["catacombs"]
VAMPIRES_TO_WIN: int = _DRACULA["vampire_track_win"]

HUNTER_GROUPS: dict[str, str] = {
    "godalming": N_("Lord Godalming"),
    "seward": N_("Dr. Seward"),
    "van_helsing": N_("Van Helsing"),
    "mina": N_("Mina Harker"),
    "godalming seward": N_("Lord Godalming and Dr. Seward"),
    "godalming van_helsing": N_("Lord Godalming and Van Helsing"),
    "godalming mina": N_("Lord Godalming and Mina Harker"),
    "seward van_helsing": N_("Dr. Seward and Van Helsing"),
    "seward mina": N_("Dr. Seward and Mina Harker"),
    "van_helsing mina": N_("Van Helsing and Mina Harker"),
    "godalming seward van_helsing": N_("Lord Godalming, Dr. Seward and Van Helsing"),
    "godalming seward mina": N_("Lord Godalming, Dr. Seward and Mina Harker"),
    "godalming van_helsing mina": N_("Lord Godalming, Van Helsing and Mina Harker"),
    "seward van_helsing mina": N_("Dr. Seward, Van Helsing and Mina Harker"),
    "godalming seward van_helsing mina": N_("Lord Godalming, Dr. Seward, Van Helsing and "
                                            "Mina Harker"),
}
"""What a hunter player plays, by his hunters in turn order: one role name for each of the
fifteen ways (a sentence, so each language joins the names its own way)."""


EVENT_DECK: tuple[str, ...] = tuple(_copies(list(EVENTS.values())))
ITEM_DECK: tuple[str, ...] = tuple(_copies(list(ITEMS.values())))
ENCOUNTER_POOL: tuple[str, ...] = tuple(_copies(list(ENCOUNTERS.values())))
MATURING: frozenset[str] = frozenset(k for k, e in ENCOUNTERS.items() if e["can_mature"])


def kind(card: str) -> str:
    """The printed card a physical copy is: ``"fog:3"`` → ``"fog"``."""
    return card.split(":", 1)[0]


def _by_copy(cards: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each printed card under its own id and every copy's (``"fog"``, ``"fog:1"``…): the
    card of a copy is one lookup, with no cache to keep."""
    return {**cards, **{copy: cards[kind(copy)] for copy in _copies(list(cards.values()))}}


_EVENT_OF = _by_copy(EVENTS)
_ITEM_OF = _by_copy(ITEMS)
_ENCOUNTER_OF = _by_copy(ENCOUNTERS)


def event(card: str) -> dict[str, Any]:
    return _EVENT_OF[card]


def item(card: str) -> dict[str, Any]:
    return _ITEM_OF[card]


def encounter(token: str) -> dict[str, Any]:
    return _ENCOUNTER_OF[token]


def en(triple: dict[str, str] | None) -> str:
    """The English text of a triple: the message id the web layer translates."""
    return "" if triple is None else triple["en"]


def event_name(card: str) -> str:
    return en(event(card)["names"])


def item_name(card: str) -> str:
    return en(item(card)["names"])


def encounter_name(token: str) -> str:
    return en(encounter(token)["names"])


def power_name(power: str) -> str:
    return en(POWERS[power]["names"])


def hunter_name(hunter: str) -> str:
    return en(HUNTER_DATA[hunter]["names"])
