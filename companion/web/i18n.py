"""Languages: English, Czech and Russian through Flask-Babel.

Each game keeps its own catalogue beside its rules
(``companion/games/<game>/translations``) and the platform keeps its own
(``companion/translations``); Flask-Babel merges them. The compiled ``.mo`` files are
built from the ``.po`` sources when the app starts, so a clean clone needs no extra step.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

PACKAGE = Path(__file__).parents[1]
"""The ``companion`` package: the platform's catalogue and every game's are found from it."""
LANGUAGES = {"en": "English", "cs": "Čeština", "ru": "Русский"}


def translation_directories() -> list[Path]:
    """The platform's catalogue first, then every game's."""
    dirs = [PACKAGE / "translations"]
    dirs += sorted(p for p in (PACKAGE / "games").glob("*/translations") if p.is_dir())
    return [d for d in dirs if d.is_dir()]


def compile_catalogues() -> int:
    """Compile every ``.po`` whose ``.mo`` is missing or older; returns how many were built.

    An installed package carries its ``.mo`` files (``setup.py`` compiles them into the
    wheel); where its folder cannot be written they are used as they are."""
    built = 0
    for directory in translation_directories():
        for po_path in directory.glob("*/LC_MESSAGES/*.po"):
            mo_path = po_path.with_suffix(".mo")
            if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
                continue
            try:
                compile_catalogue(po_path)
            except PermissionError:
                if not mo_path.exists():
                    raise
                continue
            built += 1
    return built


def compile_catalogue(po_path: Path) -> None:
    """Write the ``.mo`` beside one ``.po`` (``<lang>/LC_MESSAGES/messages.po``)."""
    mo_path = po_path.with_suffix(".mo")
    with po_path.open("rb") as po_file:
        catalog = read_po(po_file, locale=po_path.parent.parent.name)
    tmp = mo_path.with_name(f"{mo_path.name}.{os.getpid()}.tmp")
    with tmp.open("wb") as mo_file:
        write_mo(mo_file, catalog, use_fuzzy=False)
    tmp.replace(mo_path)


KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "lazy_gettext": None,
            "say": None, "tell": (2,), "NP_": (1, 2)}
"""``say`` and ``tell`` are the log lines of a rules engine (``ctx.say(message, **args)``)."""
METHODS = [("**.py", "python"), ("**.html", "jinja2.ext:babel_extract")]


def catalogues() -> dict[str, Path]:
    """Each catalogue's name and its translations directory: the platform and every game."""
    found = {"platform": PACKAGE / "translations"}
    for package in sorted((PACKAGE / "games").iterdir()):
        if (package / "__init__.py").exists():
            found[package.name] = package / "translations"
    return found


def _sources(name: str) -> list[tuple[Path, Path]]:
    """(directory, file) pairs whose strings belong to catalogue ``name``."""
    if name == "platform":
        roots = [PACKAGE]  # its code and the shared templates/
        skip = [p for p in (PACKAGE / "games").iterdir() if p.is_dir()]
    else:
        roots = [PACKAGE / "games" / name]  # its rules and its templates/
        skip = []
    pairs = []
    for root in roots:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.suffix not in (".py", ".html") or any(s in path.parents for s in skip):
                continue
            pairs.append((root, path))
    return pairs


def _names_fields(value: Any) -> Iterator[dict[str, str]]:
    """Every text in three languages: a ``{"en", "cs", "ru"}`` object (a name, a card's
    text) anywhere in the data."""
    if isinstance(value, dict):
        if isinstance(value.get("en"), str) and set(value) >= {"en", "cs", "ru"}:
            yield value
            return
        for item in value.values():
            yield from _names_fields(item)
    elif isinstance(value, list):
        for item in value:
            yield from _names_fields(item)


def data_names(name: str) -> dict[str, tuple[str, dict[str, str]]]:
    """The names a game's ``data/*.json`` files carry: each English name (a message id)
    with where it is and its names in the other languages."""
    if name == "platform":
        return {}
    found: dict[str, tuple[str, dict[str, str]]] = {}
    for path in sorted((PACKAGE / "games" / name / "data").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for names in _names_fields(json.loads(text)):
            quoted = json.dumps(names["en"], ensure_ascii=False)
            lineno = next((i for i, line in enumerate(lines, 1) if quoted in line), 1)
            where = f"{path.relative_to(PACKAGE / 'games')}:{lineno}"
            found.setdefault(names["en"], (where, names))
    return found


def extract_messages(name: str) -> dict[str | tuple[str, str], list[str]]:
    """Every message of a catalogue (a plural as its (singular, plural) pair), with where
    it is used."""
    from babel.messages.extract import extract_from_file

    found: dict[str | tuple[str, str], list[str]] = {}
    for root, path in _sources(name):
        method = "python" if path.suffix == ".py" else "jinja2.ext:babel_extract"
        for lineno, message, _comments, _context in extract_from_file(
            method, str(path), keywords=KEYWORDS, options={"trimmed": "true"}
        ):
            if isinstance(message, tuple):
                message = tuple(m for m in message if m)
                message = message[0] if len(message) == 1 else message
            if message:
                where = f"{path.relative_to(root.parent)}:{lineno}"
                found.setdefault(message, []).append(where)  # type: ignore[arg-type]
    for msgid, (where, _names) in data_names(name).items():
        found.setdefault(msgid, []).append(where)
    return found


def extract(name: str) -> dict[str, list[str]]:
    """Every message id of a catalogue (singular and plural ids apart), with where it is used."""
    flat: dict[str, list[str]] = {}
    for message, places in extract_messages(name).items():
        for msgid in message if isinstance(message, tuple) else (message,):
            flat.setdefault(msgid, []).extend(places)
    return flat


def update(name: str, languages: tuple[str, ...] = ("cs", "ru")) -> dict[str, int]:
    """Add new message ids to a catalogue's .po files, keeping every translation and the
    header (an empty translation of a data file's name is taken from that file); returns
    how many messages are still untranslated per language."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    messages = extract_messages(name)
    named = data_names(name)
    missing = {}
    for lang in languages:
        po_path = catalogues()[name] / lang / "LC_MESSAGES" / "messages.po"
        old = None
        if po_path.exists():
            with po_path.open("rb") as handle:
                old = read_po(handle, locale=lang)
        catalog = Catalog(locale=lang, project="Table Companion", charset="utf-8",
                          fuzzy=old.fuzzy if old else True)
        if old is not None:
            catalog.last_translator = old.last_translator
            catalog.language_team = old.language_team
        for msgid, locations in sorted(messages.items(), key=lambda m: str(m[0])):
            previous = old.get(msgid) if old is not None else None
            if previous is not None and previous.string:
                string = previous.string
            elif isinstance(msgid, tuple):
                string = ("",) * catalog.num_plurals
            else:
                string = named[msgid][1].get(lang, "") if msgid in named else ""
            places = [loc.rsplit(":", 1) for loc in locations[:3]]
            catalog.add(msgid, string, locations=[(path, int(n)) for path, n in places])
        po_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = po_path.with_name(f"messages.po.{os.getpid()}.tmp")
        with tmp.open("wb") as handle:
            write_po(handle, catalog, width=100, sort_output=True, include_previous=False)
        tmp.replace(po_path)
        missing[lang] = sum(
            1 for m in catalog if m.id and not all(
                m.string if isinstance(m.string, tuple) else (m.string,)))
    return missing


if __name__ == "__main__":
    import sys

    names = sys.argv[1:] or list(catalogues())
    for catalogue in names:
        print(catalogue, update(catalogue))
