"""Experiment: ``render.translate`` looks the request's translations up once and then calls
``ugettext`` directly. Through ``flask_babel.gettext`` every string pays for finding the
app context, the domain, the locale and the translations cache again; an action's answer
and a fragment translate every line of the log (up to 40) and every action's label.
Flask-Babel fixes the locale for the whole request at its first use, so this is the same.
"""

from __future__ import annotations

from typing import Any

from flask import g
from flask_babel import get_translations

from companion.web import render


def translate(text: Any) -> Any:
    if not isinstance(text, str) or not text:
        return text
    translations = g.get("_bench_translations")
    if translations is None:
        translations = g._bench_translations = get_translations()
    return translations.ugettext(text)


render.translate = translate
