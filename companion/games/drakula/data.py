"""The facts of Drakula (2 players): the board, the encounter cards and the action cards.

Copied from ``shared/data/drakula.json`` and the Czech rulebook into this project's own
format. Every name is kept in English (the message id), Czech (as printed in the Czech
rulebook) and German (the original). Values the sources do not confirm are only the
*defaults* of table options (see ``rules.OPTIONS``); the ``confidence`` field says which.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_

NAME = "drakula"
DRACULA = 0
VAN_HELSING = 1
ROLES = (N_("Dracula"), N_("Van Helsing"))

# --- the board: a 3 × 4 grid, harbour and coach station in opposite corners --------------

ROWS = 3
COLS = 4
LOCATIONS: tuple[str, ...] = (
    "harbour", "house_1", "house_2", "house_3",
    "house_4", "house_5", "house_6", "house_7",
    "house_8", "house_9", "house_10", "coach_station",
)
"""Location ids in reading order (row by row); position i sits at row i // 4, col i % 4."""

LOCATION_NAMES: dict[str, dict[str, str]] = {
    "harbour": {"en": N_("Harbour"), "cs": "Přístav", "de": "Hafen"},
    "house_1": {"en": N_("House 1"), "cs": "Dům 1", "de": "Haus 1"},
    "house_2": {"en": N_("House 2"), "cs": "Dům 2", "de": "Haus 2"},
    "house_3": {"en": N_("House 3"), "cs": "Dům 3", "de": "Haus 3"},
    "house_4": {"en": N_("House 4"), "cs": "Dům 4", "de": "Haus 4"},
    "house_5": {"en": N_("House 5"), "cs": "Dům 5", "de": "Haus 5"},
    "house_6": {"en": N_("House 6"), "cs": "Dům 6", "de": "Haus 6"},
    "house_7": {"en": N_("House 7"), "cs": "Dům 7", "de": "Haus 7"},
    "house_8": {"en": N_("House 8"), "cs": "Dům 8", "de": "Haus 8"},
    "house_9": {"en": N_("House 9"), "cs": "Dům 9", "de": "Haus 9"},
    "house_10": {"en": N_("House 10"), "cs": "Dům 10", "de": "Haus 10"},
    "coach_station": {"en": N_("Coach station"), "cs": "Stanice kočárů",
                      "de": "Kutschenstation"},
}
"""House numbers are this app's own (the printed board's numbering is not known)."""

HARBOUR = "harbour"
COACH_STATION = "coach_station"
START = (HARBOUR, COACH_STATION)
"""Dracula starts on the harbour, Van Helsing on the coach station."""


def position(location: str) -> tuple[int, int]:
    """(row, col) of a location.

    >>> position("coach_station")
    (2, 3)
    """
    index = LOCATIONS.index(location)
    return index // COLS, index % COLS


def _edges() -> tuple[tuple[str, str], ...]:
    found = []
    for i, loc in enumerate(LOCATIONS):
        row, col = divmod(i, COLS)
        if col + 1 < COLS:
            found.append((loc, LOCATIONS[i + 1]))
        if row + 1 < ROWS:
            found.append((loc, LOCATIONS[i + COLS]))
    return tuple(found)


EDGES: tuple[tuple[str, str], ...] = _edges()
"""The 17 orthogonal links of the grid (no diagonals); a barrier sits on one of them."""


def edge_id(a: str, b: str) -> str:
    """The id of the edge between two neighbours, in board order: ``house_1-house_5``."""
    first, second = sorted((a, b), key=LOCATIONS.index)
    return f"{first}-{second}"


EDGE_IDS: tuple[str, ...] = tuple(edge_id(a, b) for a, b in EDGES)
EDGE_ENDS: dict[str, tuple[str, str]] = {edge_id(a, b): (a, b) for a, b in EDGES}
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    loc: tuple(b if a == loc else a for a, b in EDGES if loc in (a, b)) for loc in LOCATIONS
}

# --- barriers --------------------------------------------------------------------------

BARRIER_COLOURS = ("red", "blue", "green", "yellow")
GREY = "grey"
"""A grey bar on an action card: the player picks any one of the four barriers."""
COLOUR_NAMES: dict[str, dict[str, str]] = {
    "red": {"en": N_("red"), "cs": "červená", "de": "rot", "ru": "красный"},
    "blue": {"en": N_("blue"), "cs": "modrá", "de": "blau", "ru": "синий"},
    "green": {"en": N_("green"), "cs": "zelená", "de": "grün", "ru": "зелёный"},
    "yellow": {"en": N_("yellow"), "cs": "žlutá", "de": "gelb", "ru": "жёлтый"},
    "grey": {"en": N_("grey"), "cs": "šedá", "de": "grau", "ru": "серый"},
}

# --- encounter cards -------------------------------------------------------------------

KIND_TYPES = ("enemy", "power", "target")
"""enemy: vampire / vampire hunter (strength 1–3); power: amulet / crucifix (the sign of
power); target: coffin / victim (what the opponent hunts)."""

ENCOUNTER: dict[str, dict[str, Any]] = {
    "vampire": {"owner": DRACULA, "type": "enemy", "count": 9,
                "en": N_("Vampire"), "cs": "Upír", "de": "Vampir"},
    "amulet": {"owner": DRACULA, "type": "power", "count": 1,
               "en": N_("Amulet"), "cs": "Amulet", "de": "Amulett"},
    "coffin": {"owner": DRACULA, "type": "target", "count": 5,
               "en": N_("Vampire coffin"), "cs": "Upíří rakev", "de": "Vampirgruft"},
    "hunter": {"owner": VAN_HELSING, "type": "enemy", "count": 9,
               "en": N_("Vampire hunter"), "cs": "Lovec upírů", "de": "Vampirjäger"},
    "crucifix": {"owner": VAN_HELSING, "type": "power", "count": 1,
                 "en": N_("Crucifix"), "cs": "Krucifix", "de": "Kruzifix"},
    "victim": {"owner": VAN_HELSING, "type": "target", "count": 5,
               "en": N_("Victim"), "cs": "Oběť", "de": "Opfer"},
}
"""The 15 encounter cards of each side (confirmed by the rulebook)."""

ENEMY = ("vampire", "hunter")
POWER = ("amulet", "crucifix")
TARGET = ("coffin", "victim")
"""Indexed by owner: ``TARGET[DRACULA]`` is Dracula's own target card, the coffin."""

KINDS: dict[str, dict[str, Any]] = {}
"""Every distinct encounter card, by kind id: ``vampire2`` is a vampire of strength 2."""
KIND_LABELS: dict[str, str] = {
    "vampire1": N_("Vampire (strength 1)"),
    "vampire2": N_("Vampire (strength 2)"),
    "vampire3": N_("Vampire (strength 3)"),
    "amulet": N_("Amulet"),
    "coffin": N_("Vampire coffin"),
    "hunter1": N_("Vampire hunter (strength 1)"),
    "hunter2": N_("Vampire hunter (strength 2)"),
    "hunter3": N_("Vampire hunter (strength 3)"),
    "crucifix": N_("Crucifix"),
    "victim": N_("Victim"),
}
for _kind, _label in KIND_LABELS.items():
    _base = _kind.rstrip("123")
    KINDS[_kind] = {
        "base": _base,
        "owner": ENCOUNTER[_base]["owner"],
        "type": ENCOUNTER[_base]["type"],
        "strength": int(_kind[-1]) if _kind[-1].isdigit() else None,
        "label": _label,
    }

DEFAULT_ENEMY_STRENGTHS = "3/3/3"
"""How many enemies of strength 1 / 2 / 3 each side has: NOT found in any source; the
symmetric guess (confidence: unknown), so it is a table option."""

# --- action cards ----------------------------------------------------------------------

ACTION_CARDS: dict[str, dict[str, Any]] = {
    # Van Helsing -----------------------------------------------------------------------
    "bojovnost": {
        "side": VAN_HELSING, "en": N_("Battle Lust"), "cs": "Bojovnost", "de": "Kampfeslust",
        "default": "4/3/red", "confidence": "unknown",
        "special": N_("If you have just won a fight against a vampire, take one more whole "
                      "turn."),
    },
    "bystrost": {
        "side": VAN_HELSING, "en": N_("Acumen"), "cs": "Bystrost", "de": "Scharfsinn",
        "default": "5/2/blue", "confidence": "unknown",
        "special": N_("Look at all the encounter cards in Dracula's supply."),
    },
    "mameni": {
        "side": VAN_HELSING, "en": N_("Feint"), "cs": "Mámení", "de": "Täuschung",
        "default": "6/1/yellow", "confidence": "strength 1 and at least 4 steps confirmed",
        "special": N_("If you revealed none of Dracula's cards this turn, draw one card "
                      "from his supply and resolve it."),
    },
    "obratnost": {
        "side": VAN_HELSING, "en": N_("Agility"), "cs": "Obratnost", "de": "Wendigkeit",
        "default": "6/-/grey", "confidence": "unknown",
        "special": None,
    },
    "odpor": {
        "side": VAN_HELSING, "en": N_("Resistance"), "cs": "Odpor", "de": "Widerstand",
        "default": "5/2/green",
        "confidence": "steps 5 and strength 2 confirmed; green inferred from the example",
        "special": N_("Turn the card on one location by 90°: Dracula may not look at it in "
                      "his next turn."),
    },
    "ostrazitost": {
        "side": VAN_HELSING, "en": N_("Vigilance"), "cs": "Ostražitost", "de": "Wachsamkeit",
        "default": "4/3/red", "confidence": "unknown",
        "special": N_("Dracula may not use the special action of his next action card."),
    },
    "posila": {
        "side": VAN_HELSING, "en": N_("Reinforcements"), "cs": "Posila", "de": "Verstärkung",
        "default": "3/4/blue", "confidence": "unknown",
        "special": N_("Move to the coach station and take one vampire hunter back from your "
                      "discard pile into your supply."),
    },
    "sila": {
        "side": VAN_HELSING, "en": N_("Strength"), "cs": "Síla", "de": "Stärke",
        "default": "3/4/grey", "confidence": "steps 3 and strength 4 confirmed",
        "special": None,
    },
    "trpelivost": {
        "side": VAN_HELSING, "en": N_("Composure"), "cs": "Trpělivost", "de": "Gelassenheit",
        "default": "4/3/yellow", "confidence": "unknown",
        "special": N_("Take one of your played action cards (not Composure) back into your "
                      "hand."),
    },
    "vnuknuti": {
        "side": VAN_HELSING, "en": N_("Inspiration"), "cs": "Vnuknutí", "de": "Eingebung",
        "default": "6/1/green", "confidence": "unknown",
        "special": N_("Secretly look at the encounter card on any one location."),
    },
    # Dracula ---------------------------------------------------------------------------
    "dech": {
        "side": DRACULA, "en": N_("The Breath of the Night"), "cs": "Dech noci",
        "de": "Der Atem der Nacht", "default": "3/3/red", "confidence": "steps inferred",
        "special": N_("In Van Helsing's next turn every vampire he meets is one point "
                      "stronger."),
    },
    "hloubka": {
        "side": DRACULA, "en": N_("The Deep of the Night"), "cs": "Hloubka noci",
        "de": "Die Tiefe der Nacht", "default": "2/3/green", "confidence": "steps inferred",
        "special": N_("Swap the encounter cards of two locations without looking at them."),
    },
    "kridla": {
        "side": DRACULA, "en": N_("The Wings of the Night"), "cs": "Křídla noci",
        "de": "Die Flügel der Nacht", "default": "1/4/red", "confidence": "steps inferred",
        "special": N_("Move your figure to any location."),
    },
    "oci": {
        "side": DRACULA, "en": N_("The Eyes of the Night"), "cs": "Oči noci",
        "de": "Die Augen der Nacht", "default": "4/2/yellow",
        "confidence": "yellow confirmed; steps inferred",
        "special": N_("Besides the yellow barrier, move one more barrier of any colour."),
    },
    "stin": {
        "side": DRACULA, "en": N_("Shadow of the Night"), "cs": "Stín noci",
        "de": "Der Schatten der Nacht", "default": "6/-/grey", "confidence": "steps inferred",
        "special": None,
    },
    "sepot": {
        "side": DRACULA, "en": N_("The Whisper of the Night"), "cs": "Šepot noci",
        "de": "Das Flüstern der Nacht", "default": "5/1/yellow", "confidence": "unknown",
        "special": N_("Van Helsing may not move any barrier in his next turn."),
    },
    "sumeni": {
        "side": DRACULA, "en": N_("The Roar of the Night"), "cs": "Šumění noci",
        "de": "Das Rauschen der Nacht", "default": "3/2/blue", "confidence": "steps inferred",
        "special": N_("Move either figure to the harbour."),
    },
    "tajemstvi": {
        "side": DRACULA, "en": N_("The Darkness of the Night"), "cs": "Tajemství noci",
        "de": "Das Dunkel der Nacht", "default": "4/1/green", "confidence": "steps inferred",
        "special": N_("If you stepped on Van Helsing's crucifix this turn, you lose no life."),
    },
    "tep": {
        "side": DRACULA, "en": N_("The Pulse of the Night"), "cs": "Tep noci",
        "de": "Der Puls der Nacht", "default": "2/4/blue", "confidence": "steps inferred",
        "special": N_("Take any vampire back from your discard pile into your supply."),
    },
    "ticho": {
        "side": DRACULA, "en": N_("Quiet Night"), "cs": "Ticho noci", "de": "Die Stille der Nacht",
        "default": "3/3/grey", "confidence": "steps inferred",
        "special": None,
    },
}
"""The 10 action cards of each side. ``default`` is ``steps/strength/barrier`` (``-``: the
one card per side without a combat strength). Only what ``confidence`` names is sourced;
the rest is a guess made to fit the rulebook's constraints (one card per side without
strength, two grey cards per side, strength 0–4, "the stronger a card, the fewer steps")."""

SIDE_CARDS: tuple[tuple[str, ...], tuple[str, ...]] = (
    tuple(c for c, d in ACTION_CARDS.items() if d["side"] == DRACULA),
    tuple(c for c, d in ACTION_CARDS.items() if d["side"] == VAN_HELSING),
)
NO_SPECIAL = N_("No special action.")

LIVES = 4
"""Each side starts with four lives."""
RESERVE = 8
"""Eight more lives lie beside the board."""
