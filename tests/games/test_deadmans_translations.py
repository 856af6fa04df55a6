"""Dead Man's Draw in Czech and Russian: every message of the package is translated, keeps its
``{fields}``, and the Czech card names are those printed in the Czech rulebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from companion.games.deadmans import data

PACKAGE = Path(data.__file__).parent
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
    assert len(messages) > 150
    missing = sorted(m for m in messages if not translated.get(m, "").strip())
    assert not missing, f"{lang}: untranslated {missing}"
    wrong = [m for m in messages if set(FIELD.findall(m)) != set(FIELD.findall(translated[m]))]
    assert not wrong, f"{lang}: fields differ in {wrong}"


def test_czech_card_names_are_the_rulebooks():
    """The Czech names in ``data.py`` are the rulebook's („Kotva“, „Křišťálová koule“, …) and
    the Czech catalogue translates each English card name to exactly that name."""
    czech = catalogue("cs")
    rulebook = (PACKAGE.parents[2].parent / "shared" / "rules" / "dead-mans-draw.cs.txt")
    text = rulebook.read_text(encoding="utf-8").lower() if rulebook.exists() else None
    for card in (*data.SUITS, *data.CHARACTERS, data.SIREN):
        assert czech[card.name] == card.cs, card.id
        if text is not None and card.id not in ("safe_harbour", "fisherman"):
            # two names are split by the PDF extraction („Bez pečný“, „R ybář“)
            assert card.cs.lower() in text, card.cs


def test_czech_and_russian_names_differ_from_english():
    for lang in ("cs", "ru"):
        translated = catalogue(lang)
        changed = [s for s in data.SUITS if translated[s.name] != s.name]
        assert len(changed) >= 9, lang  # "Kraken" is "Kraken" in Czech too
