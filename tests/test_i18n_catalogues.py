"""Every catalogue (the platform's and each game's) is complete in Czech and Russian.

For each catalogue found by ``companion.i18n.catalogues()`` and each language:

1. every message id the sources use (``companion.i18n.extract``) has a non-empty,
   non-fuzzy translation in the ``.po`` file (a fuzzy one is left out of the ``.mo``);
2. each translation keeps its message id's placeholders (``{name}`` and ``%(name)s``),
   none added or dropped, and still formats;
3. the ``.po`` compiles to a ``.mo`` that gettext can load.
"""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.web.i18n import catalogues, extract

LANGUAGES = ("cs", "ru")
CASES = [pytest.param(name, lang, id=f"{name}-{lang}")
         for name in catalogues() for lang in LANGUAGES]

BRACE = re.compile(r"\{(\w*)(?:[!:][^{}]*)?\}")
PERCENT = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")


def placeholders(text: str) -> set[tuple[str, str]]:
    """The ``{name}`` and ``%(name)s`` fields of a text (escaped ``{{`` and ``%%`` excluded)."""
    braces = BRACE.findall(text.replace("{{", "").replace("}}", ""))
    percents = PERCENT.findall(text.replace("%%", ""))
    return {("{}", name) for name in braces} | {("%()", name) for name in percents}


def po_path(name: str, lang: str) -> Path:
    return catalogues()[name] / lang / "LC_MESSAGES" / "messages.po"


def load(name: str, lang: str) -> Catalog:
    path = po_path(name, lang)
    if not path.exists():
        pytest.fail(f"{path} is missing")
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def by_id(catalog: Catalog) -> dict[str, Message]:
    """Each message under its id; a plural message under its singular and plural ids."""
    found: dict[str, Message] = {}
    for message in catalog:
        if not message.id:
            continue
        for msgid in message.id if isinstance(message.id, tuple) else (message.id,):
            found[msgid] = message
    return found


def strings(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_message_is_translated(name: str, lang: str) -> None:
    messages = by_id(load(name, lang))
    untranslated = sorted(
        msgid for msgid in extract(name)
        if msgid not in messages
        or messages[msgid].fuzzy
        or not all(s.strip() for s in strings(messages[msgid]))
    )
    assert not untranslated, (
        f"{po_path(name, lang)}: {len(untranslated)} untranslated: {untranslated}")


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_translations_keep_their_placeholders(name: str, lang: str) -> None:
    catalog = load(name, lang)
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        expected = set().union(*(placeholders(i) for i in ids))
        for translation in strings(message):
            if not translation:
                continue  # reported by test_every_message_is_translated
            if placeholders(translation) != expected:
                wrong.append((ids[0], translation))
                continue
            try:
                if any(kind == "{}" for kind, _ in expected):
                    translation.format(**{field: 1 for kind, field in expected if kind == "{}"})
                if any(kind == "%()" for kind, _ in expected):
                    _ = translation % {field: 1 for kind, field in expected if kind == "%()"}
            except (KeyError, IndexError, ValueError, TypeError):
                wrong.append((ids[0], translation))
    assert not wrong, f"{po_path(name, lang)}: placeholders differ: {wrong}"


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_catalogue_compiles(name: str, lang: str) -> None:
    catalog = load(name, lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    translations = gettext.GNUTranslations(buffer)
    assert translations.info().get("language") == lang
