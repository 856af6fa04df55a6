"""Duel! in Czech and Russian: each card's Czech name is its title as printed in the Czech
rulebook (completeness of the catalogues: tests/test_i18n_catalogues.py)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from companion.games.duel import cards

PACKAGE = Path(cards.__file__).parent


def catalogue(lang: str) -> dict[str, str]:
    path = PACKAGE / "translations" / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return {m.id: m.string for m in read_po(handle, locale=lang) if m.id and not m.fuzzy}


def test_card_names_in_the_data_are_the_catalogues():
    """Each card's Czech and Russian name in ``cards.py`` is the translation of its English
    name, so the phone, the tablet and the log agree."""
    for lang in ("cs", "ru"):
        translated = catalogue(lang)
        for card in cards.CARDS:
            assert translated[card.name] == getattr(card, lang), (lang, card.key)


PRINTED = ("MÍŘENÍ", "BLAF. -2", "VÝSTŘEL! 4+", "MOKRÝ PRACH!", "NERVY Z OCELE.",
           "POMOC DÉMONA!", "VÍTR!", "ČTENÍ MYŠLENEK.", "PLAČÍCÍ MILENKA.", "ZMATENÝ SIGNÁL!")
"""The card titles as the rulebook prints them (in capitals, with the card's value)."""


def test_czech_card_titles_are_printed_in_the_rulebook():
    """„MOKRÝ PRACH!“, „NERVY Z OCELE.“, „POMOC DÉMONA!“, „VÍTR!“, „ČTENÍ MYŠLENEK.“, …: each
    Czech name is a printed title (the trailing „.“ of some titles only ends the title)."""
    titles = [title.split(" 4+")[0].split(" -2")[0].rstrip(".") for title in PRINTED]
    assert sorted(card.cs.upper() for card in cards.CARDS) == sorted(titles)
