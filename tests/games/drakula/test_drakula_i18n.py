"""Drakula in Czech and Russian: every message of the package is translated, the card
names are the Czech rulebook's own („Bližší vysvětlení k textům některých speciálních
akcí“ lists them), and the data's Czech names match the Czech catalogue."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from companion.games.drakula import data
from companion.web import i18n

# Quoted from the Czech rulebook (rules/drakula-2p.cs.txt, which is not part of this
# repository): the list of special actions and the encounter cards of the two sides.
RULEBOOK = """
• Bojovnost (Kampfeslust) • Bystrost (Scharfsinn) • Mámení (Täuschung)
• Obratnost (Wendigkeit) • Odpor (Widerstand) • Ostražitost (Wachsamkeit)
• Posila (Verstärkung) • Síla (Stärke) • Trpělivost (Gelassenheit) • Vnuknutí (Eingebung)
• Dech noci (Der Atem der Nacht) • Hloubka noci (Die Tiefe der Nacht)
• Křídla noci (Die Flügel der Nacht) • Oči noci (Die Augen der Nacht)
• Stín noci (Der Schatten der Nacht) • Šepot noci (Das Flüstern der Nacht)
• Šumění noci (Das Rauschen der Nacht) • Tajemství noci (Das Dunkel der Nacht)
• Tep noci (Der Puls der Nacht) • Ticho noci (Die Stille der Nacht)
9x upír, 1x amulet, 5x rakev … 9x lovec upírů, 1x krucifix, 5x oběť
… oběť nebo upíří rakev …
"""


def catalogue(lang):
    path = i18n.catalogues()["drakula"] / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return {m.id: m.string for m in read_po(handle, locale=lang) if m.id}


def test_the_czech_names_in_the_data_are_the_czech_translations():
    czech = catalogue("cs")
    names = [*data.ACTION_CARDS.values(), *data.ENCOUNTER.values(),
             *data.LOCATION_NAMES.values(), *data.COLOUR_NAMES.values()]
    for entry in names:
        assert czech[entry["en"]] == entry["cs"], entry["en"]


def test_the_action_cards_carry_the_czech_rulebook_titles_and_german_originals():
    """„• Bojovnost (Kampfeslust)“ … „• Ticho noci (Die Stille der Nacht)“."""
    text = RULEBOOK
    for card in data.ACTION_CARDS.values():
        assert re.search(rf"• {re.escape(card['cs'])}\s*\(\s*{re.escape(card['de'])}\s*\)",
                         text), card["cs"]


def test_the_encounter_card_names_are_those_of_the_czech_rulebook():
    """„9x upír, 1x amulet, 5x rakev … 9x lovec upírů, 1x krucifix, 5x oběť“."""
    text = RULEBOOK.lower()
    for card in data.ENCOUNTER.values():
        assert card["cs"].lower() in text, card["cs"]
