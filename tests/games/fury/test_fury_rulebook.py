"""Fury's rulebook index (issue 44: „a newcomer finds each of Fog, Hypnosis, Wild Horses, Rats,
Heavenly Host, dawn and the catacombs from the index in one step“): INDEX.md is the list in
``rulebook.py`` rendered, every name in it is a function of the game, every card of ``data/``
is in it, and the rules that are not cards each have one home."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

from companion.games.fury import cards, combat_cards, registry, rulebook
from companion.games.fury.lookup import Question

FURY = Path(rulebook.__file__).parent
NAME = re.compile(r"\[`([a-z_.]+)`\]\(([a-z_/]+\.py)\)")


def _resolve(dotted: str) -> object:
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(f"companion.games.fury.{module}"), name)


def test_the_index_is_the_list_rendered():
    """INDEX.md is written from rulebook.py; a changed list or a renamed function shows here
    (run ``python -m companion.games.fury.rulebook``)."""
    assert rulebook.INDEX.read_text(encoding="utf-8") == rulebook.render()


def test_every_name_in_the_index_is_a_function_of_the_game():
    names = NAME.findall(rulebook.INDEX.read_text(encoding="utf-8"))
    assert len(names) > 300
    for dotted, path in set(names):
        assert (FURY / path).is_file(), path
        found = _resolve(dotted)
        if isinstance(found, Question):
            found = found.answer
        assert inspect.isfunction(found), dotted
        assert f"companion.games.fury.{dotted}" == f"{found.__module__}.{found.__qualname__}"


def test_every_printed_card_is_in_the_index_with_what_carries_it_out():
    sections = dict(rulebook.sections())
    listed = {title: [e.name for e in entries] for title, entries in sections.items()}
    assert sorted(listed["Event cards"]) == sorted(
        cards.en(c["names"]) for c in cards.EVENTS.values())
    assert sorted(listed["Encounters"]) == sorted(
        cards.en(c["names"]) for c in cards.ENCOUNTERS.values())
    assert sorted(listed["Items"]) == sorted(cards.en(c["names"]) for c in cards.ITEMS.values())
    assert sorted(listed["Dracula's powers"]) == sorted(
        cards.en(c["names"]) for c in cards.POWERS.values())
    assert len(listed["Combat cards"]) == len(set(listed["Combat cards"])) == len(
        [k for k in registry.COMBAT_CARDS if k in combat_cards.TACTICS])
    for entries in sections.values():
        for entry in entries:
            assert entry.does, entry.name


@pytest.mark.parametrize("word", ["Fog", "Hypnosis", "Wild Horses", "Rats", "Heavenly Host",
                                  "Dawn", "catacombs"])
def test_a_newcomer_finds_each_name_in_one_step(word):
    """The name's one line in INDEX.md is followed by the functions that carry it out."""
    lines = rulebook.INDEX.read_text(encoding="utf-8").splitlines()
    found = [i for i, line in enumerate(lines)
             if re.fullmatch(rf"- \*\*(The )?{word}\*\* .*", line, flags=re.IGNORECASE)]
    assert len(found) == 1, word
    assert lines[found[0] + 1].startswith("  - does: [`"), word


def test_a_standing_effect_is_listed_where_it_acts():
    """Each place the index says an effect acts reads what it is said to read."""
    acts = [a for entries in dict(rulebook.sections()).values() for e in entries for a in e.acts]
    assert len(acts) > 40
    for a in acts:
        by = a.by.answer if isinstance(a.by, Question) else a.by
        assert a.reads in inspect.getsource(by), (rulebook.dotted(a.by), a.reads)


@pytest.mark.parametrize(("key", "home", "allowed"), [
    ("time", "time_track.py", {}),
    ("catacombs", "catacombs.py", {
        "view.py": "the leak tests' redeal puts back a copy of the whole trail and catacombs"}),
])
def test_the_rules_that_are_not_cards_have_one_home(key, home, allowed):
    """The time track and the catacombs are read and changed in their own module only (issue
    44: dawn existed only as ``state["time"] == 0``; the catacombs were read in 18 files)."""
    raw = re.compile(rf'state\["{key}"\]')
    readers = sorted(p.name for p in FURY.rglob("*.py")
                     if p.name != home and raw.search(p.read_text(encoding="utf-8")))
    assert readers == sorted(allowed)
