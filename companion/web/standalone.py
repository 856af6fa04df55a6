"""A saved game's page as one file (``companion show FILE --html OUT``): the page the app
shows at ``/saved``, rendered by the same templates from the same view dicts, with its
styles, its script and its pictures inside it, so that it opens from a disk with no server.
"""

from __future__ import annotations

import base64
import mimetypes
import re
from pathlib import Path

from flask import current_app, g, render_template

from companion.referee.saved import Saved
from companion.web import render
from companion.web.assets import static_path

_SCRIPT = re.compile(r'<script src="/static/[^"]*"[^>]*></script>\n?')
_STYLE = re.compile(r'<link rel="stylesheet" href="/static/([^"?]+)(?:\?v=\w+)?">')
_SERVER_ONLY = re.compile(r'<link rel="manifest"[^>]*>\n?|<meta name="tc-worker"[^>]*>\n?')
_FILE = re.compile(r'(href|src)="/static/([^"?]+)(?:\?v=\w+)?"')


def saved_page(saved: Saved, lang: str) -> str:
    """The page, in ``lang``: the step-throughs work (the app's own script, inline); the
    links back to a server are left out."""
    with current_app.test_request_context(f"/saved?lang={lang}"):
        g.lang = lang
        opened = render.saved_games(saved)
        page = render_template("saved.html", opened=opened, saved=True, standalone=True,
                               table=opened["games"][-1]["table"], error="", problems=[])
        script = _text("companion.js")
        page = _SERVER_ONLY.sub("", _SCRIPT.sub("", page))
        page = _STYLE.sub(lambda m: f"<style>\n{_text(m[1])}\n</style>", page)
        page = _FILE.sub(lambda m: f'{m[1]}="{_data_url(m[2])}"', page)
        return page.replace("</body>", f"<script>\n{script}\n</script>\n</body>", 1)


def _path(name: str) -> Path:
    found = static_path(name)
    if found is None:
        raise LookupError(f"no static file {name}")
    return Path(found)


def _text(name: str) -> str:
    return _path(name).read_text(encoding="utf-8").replace("</", "<\\/")


def _data_url(name: str) -> str:
    path = _path(name)
    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"data:{kind};base64,{base64.b64encode(path.read_bytes()).decode()}"
