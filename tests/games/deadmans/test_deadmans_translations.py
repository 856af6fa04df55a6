"""Dead Man's Draw in Czech and Russian: the Czech card names are those printed in the Czech
rulebook (completeness of the catalogues: tests/test_i18n_catalogues.py)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from companion.games.deadmans import data

PACKAGE = Path(data.__file__).parent
PRINTED = (
    "Kotva", "Hák", "Kanón", "Klíč", "Truhla", "Mapa", "Křišťálová koule", "Meč", "Kraken",
    "Mořská panna", "Zlaté šupiny", "Casanova", "Lupič", "Chamtivec", "Navigátor", "Dělmistr",
    "Sup", "Jasnovidec", "Šermířka", "Lakomec", "Kapitán Hook", "Bezpečný přístav", "Rybář",
    "Pán nestvůr", "Střelba do vlastních řad", "Živý štít", "Truhla Davy Jonese", "Siréna",
)
"""The names as the Czech rulebook prints them (rules/dead-mans-draw.cs.txt, outside this
repository; its PDF extraction splits two of them: „Bez pečný přístav“, „R ybář“)."""


def catalogue(lang: str) -> dict[str, str]:
    path = PACKAGE / "translations" / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return {m.id: m.string for m in read_po(handle, locale=lang) if m.id and not m.fuzzy}


def test_czech_card_names_are_the_rulebooks():
    """The Czech names in ``data.py`` are the rulebook's („Kotva“, „Křišťálová koule“, …) and
    the Czech catalogue translates each English card name to exactly that name."""
    czech = catalogue("cs")
    for card in (*data.SUITS, *data.CHARACTERS, data.SIREN):
        assert czech[card.name] == card.cs, card.id
        assert card.cs in PRINTED, card.cs


def test_czech_and_russian_names_differ_from_english():
    for lang in ("cs", "ru"):
        translated = catalogue(lang)
        changed = [s for s in data.SUITS if translated[s.name] != s.name]
        assert len(changed) >= 9, lang  # "Kraken" is "Kraken" in Czech too
