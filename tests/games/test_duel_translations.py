"""Duel! in Czech and Russian: every message of the package is translated, keeps its
``{fields}``, and each card's Czech name is its title as printed in the Czech rulebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from companion.games.duel import cards

PACKAGE = Path(cards.__file__).parent
RULEBOOK = PACKAGE.parents[2].parent / "shared" / "rules" / "duel.cs.txt"
FIELD = re.compile(r"\{(\w+)\}")


def catalogue(lang: str) -> dict[str, str]:
    path = PACKAGE / "translations" / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return {m.id: m.string for m in read_po(handle, locale=lang) if m.id and not m.fuzzy}


def extracted() -> set[str]:
    return {message for _file, _line, message, _comments, _context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords={"N_": None})}


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_every_message_has_a_translation_with_the_same_fields(lang):
    translated = catalogue(lang)
    messages = extracted()
    assert len(messages) > 100
    missing = sorted(m for m in messages if not translated.get(m, "").strip())
    assert not missing, f"{lang}: untranslated {missing}"
    wrong = [m for m in messages if set(FIELD.findall(m)) != set(FIELD.findall(translated[m]))]
    assert not wrong, f"{lang}: fields differ in {wrong}"


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
    if RULEBOOK.exists():  # the transcript lives beside the repository, not in it
        text = RULEBOOK.read_text(encoding="utf-8")
        assert all(title in text for title in PRINTED)
