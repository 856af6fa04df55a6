"""Languages: English, Czech and Russian through Flask-Babel.

Each game keeps its own catalogue beside its rules
(``companion/games/<game>/translations``) and the platform keeps its own
(``companion/translations``); Flask-Babel merges them. The compiled ``.mo`` files are
built from the ``.po`` sources when the app starts, so a clean clone needs no extra step.
"""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

PACKAGE = Path(__file__).parent
LANGUAGES = {"en": "English", "cs": "Čeština", "ru": "Русский"}


def translation_directories() -> list[Path]:
    """The platform's catalogue first, then every game's."""
    dirs = [PACKAGE / "translations"]
    dirs += sorted(p for p in (PACKAGE / "games").glob("*/translations") if p.is_dir())
    return [d for d in dirs if d.is_dir()]


def compile_catalogues() -> int:
    """Compile every ``.po`` whose ``.mo`` is missing or older; returns how many were built."""
    built = 0
    for directory in translation_directories():
        for po_path in directory.glob("*/LC_MESSAGES/*.po"):
            mo_path = po_path.with_suffix(".mo")
            if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
                continue
            with po_path.open("rb") as po_file:
                catalog = read_po(po_file, locale=po_path.parent.parent.name)
            tmp = mo_path.with_name(f"{mo_path.name}.{os.getpid()}.tmp")
            with tmp.open("wb") as mo_file:
                write_mo(mo_file, catalog, use_fuzzy=False)
            tmp.replace(mo_path)
            built += 1
    return built
