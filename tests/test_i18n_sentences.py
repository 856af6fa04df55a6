"""Sentences right in English, Czech and Russian (issue 32).

- No "(s)" on any screen: a count is said through a plural message (``games.base.NP_``),
  whose forms the catalogue picks by Babel's plural rules for cs and ru.
- Every message a source marks is in its catalogue: Babel's extractor drops the messages of
  a ``say()`` that has a marked call inside its arguments ("no modifier" stayed English on
  every Czech and Russian screen), so such a call is marked apart.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.support import Translations

from companion.games import GAMES  # noqa: F401 (imports every game: NP_ fills the registry)
from companion.games.base import PLURALS
from companion.web.i18n import _sources, catalogues, compile_catalogues, extract_messages
from companion.web.render import say
from tests.test_playthroughs import goldens

S_IN_BRACKETS = re.compile(r"(?<!%)\(s\)")
"""„encounter(s)“, not a ``%(s)s`` placeholder."""
MARKERS = {"N_": (0,), "_": (0,), "say": (0,), "tell": (1,), "NP_": (0, 1)}


def _ids(name: str) -> set[str]:
    found: set[str] = set()
    for message in extract_messages(name):
        found.update(message if isinstance(message, tuple) else (message,))
    return found


def _marked(path: Path) -> list[tuple[int, str]]:
    """Every literal a Python source passes to a marker, with its line."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        for index in MARKERS.get(name or "", ()):
            if index < len(node.args):
                arg = node.args[index]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value:
                    out.append((node.lineno, arg.value))
    return out


@pytest.mark.parametrize("name", sorted(catalogues()))
def test_every_marked_message_reaches_its_catalogue(name: str) -> None:
    ids = _ids(name)
    lost = [f"{path.name}:{line} {text!r}" for root, path in _sources(name)
            if path.suffix == ".py" for line, text in _marked(path) if text not in ids]
    assert lost == [], "marked but not extracted (a marked call nested in say()?)"


@pytest.mark.parametrize("name", sorted(catalogues()))
def test_no_message_says_s_in_brackets(name: str) -> None:
    """„1 encounter(s)“: a count takes its plural form, never "(s)"."""
    assert [m for m in _ids(name) if S_IN_BRACKETS.search(m)] == []


@pytest.mark.registry
def test_no_recorded_screen_or_log_line_says_s_in_brackets() -> None:
    found = goldens()
    assert found
    for path in found.values():
        text = path.read_text(encoding="utf-8")
        assert not S_IN_BRACKETS.search(text), path.name


@pytest.mark.parametrize(("lang", "counts", "expected"), [
    ("en", (1, 3, 5), ["1 encounter waits in Zeta.", "3 encounters wait in Zeta.",
                       "5 encounters wait in Zeta."]),
    ("cs", (1, 3, 5), ["V lokaci Zeta čeká 1 střetnutí.", "V lokaci Zeta čekají 3 střetnutí.",
                       "V lokaci Zeta čeká 5 střetnutí."]),
    ("ru", (1, 3, 5, 21), ["В Локации Zeta ждёт 1 Засада.", "В Локации Zeta ждут 3 Засады.",
                           "В Локации Zeta ждут 5 Засад.", "В Локации Zeta ждёт 21 Засада."]),
])
def test_a_count_takes_its_languages_plural_form(lang, counts, expected) -> None:
    """Babel's plural rules: cs one / 2–4 / 5+, ru one (21…) / few / many."""
    compile_catalogues()
    catalogue = Translations.load(str(catalogues()["fury"]), [lang])
    text = "{n} encounter waits in {place}."
    assert text in PLURALS
    assert [say(text, {"n": n, "place": "Zeta"}, [], catalogue) for n in counts] == expected


def test_a_group_of_hunters_agrees_with_its_verb() -> None:
    """„Lord Godalming travel by road“: the verb follows how many hunters move together."""
    compile_catalogues()
    en = Translations.load(str(catalogues()["fury"]), ["en"])
    ru = Translations.load(str(catalogues()["fury"]), ["ru"])
    text = "{hunters} travels by road to {place}."
    one = {"hunters": ["Lord Godalming"], "place": "Zeta"}
    two = {"hunters": ["Lord Godalming", "Dr. Seward"], "place": "Zeta"}
    assert say(text, one, [], en) == "Lord Godalming travels by road to Zeta."
    assert say(text, two, [], en) == "Lord Godalming, Dr. Seward travel by road to Zeta."
    assert say(text, one, [], ru) == "Лорд Годалминг идёт по дороге в Локацию Zeta."
    assert say(text, two, [], ru) == "Лорд Годалминг, Доктор Сьюард идут по дороге в Локацию Zeta."
