"""A game's data files give message ids: each ``"names": {"en", "cs", "ru"}`` object.

The English name is the message id (what the rules engine hands the web layer) and the
Czech and Russian names fill the catalogue's empty translations, so a map's place names
reach the players' language like every other string.
"""

from __future__ import annotations

import json

import pytest
from babel.messages.pofile import read_po

from companion.web import i18n


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """A package tree with one game, ``toy``: a rules module and a data file of names."""
    package = tmp_path / "companion"
    game = package / "games" / "toy"
    (game / "data").mkdir(parents=True)
    (game / "__init__.py").write_text('"""Toy."""\n', encoding="utf-8")
    (game / "rules.py").write_text(
        'from companion.games.base import N_\n\nROLL = N_("Roll")\n', encoding="utf-8")
    places = {"places": [
        {"id": "harbour", "names": {"en": "Harbour", "cs": "Přístav", "ru": "Гавань"}},
        {"id": "tower", "names": {"en": "Tower", "cs": "Věž", "ru": "Башня"}},
    ], "seas": {"north": {"names": {"en": "North Sea", "cs": "Severní moře",
                                    "ru": "Северное море"}}}}
    (game / "data" / "board.json").write_text(
        json.dumps(places, ensure_ascii=False, indent=1), encoding="utf-8")
    (package / "templates" / "games").mkdir(parents=True)
    monkeypatch.setattr(i18n, "PACKAGE", package)
    return game


def translations(game, lang: str) -> dict[str, str]:
    with (game / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return {m.id: m.string for m in read_po(handle, locale=lang) if m.id}


def test_every_names_field_gives_its_english_name_as_a_message_id(toy):
    messages = i18n.extract_messages("toy")
    assert {"Roll", "Harbour", "Tower", "North Sea"} == set(messages)
    line = messages["Tower"][0]
    assert line.startswith("toy/data/board.json:")
    text = (toy / "data" / "board.json").read_text(encoding="utf-8").splitlines()
    assert '"Tower"' in text[int(line.rsplit(":", 1)[1]) - 1]


def test_update_fills_empty_translations_from_the_names_and_keeps_the_rest(toy):
    assert i18n.update("toy") == {"cs": 1, "ru": 1}  # only "Roll" is left to translate
    assert translations(toy, "cs") == {"Roll": "", "Harbour": "Přístav", "Tower": "Věž",
                                       "North Sea": "Severní moře"}
    assert translations(toy, "ru")["Harbour"] == "Гавань"

    po = toy / "translations" / "cs" / "LC_MESSAGES" / "messages.po"
    po.write_text(po.read_text(encoding="utf-8").replace('"Přístav"', '"Přístaviště"'),
                  encoding="utf-8")
    i18n.update("toy")
    assert translations(toy, "cs")["Harbour"] == "Přístaviště"


def test_the_platform_catalogue_takes_no_data_names():
    assert i18n.data_names("platform") == {}
