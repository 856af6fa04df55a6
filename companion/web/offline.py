"""Offline: the service worker, served from the site's root, and the page it shows for a
screen this device never kept.

The worker (``companion/static/sw.js``) needs a secure context: https, or http on ``localhost`` /
``127.0.0.1``. Over plain http on the LAN the browser never registers it; the pages work as
before and companion.js still keeps a tap made offline in the device's storage. The
README's *Offline* section says what works where.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, render_template, request, url_for

from companion.caches import Cache
from companion.web.assets import asset, static_files

bp = Blueprint("offline", __name__)

SHELL_SUFFIXES = (".css", ".js", ".svg")
"""The static files a screen may need offline (styles, scripts, the icon, each game's
styles and images from its folder, such as Fury's map); the PNG icons are only for the
home screen."""

_worker: Cache[tuple[Any, ...], tuple[bytes, str]] = Cache("service worker", 8)
"""The worker's text and its hash, by the modification times of what it is built from."""


def _shell() -> list[tuple[str, Path]]:
    """The app's static files and every game's (its styles, Fury's map), by name."""
    return [(name, path) for name, path in static_files()
            if path.suffix in SHELL_SUFFIXES and name != "sw.js"]


def worker_text() -> tuple[bytes, str]:
    """The worker: its CONFIG (the shell's hashed URLs, the offline page) above
    ``companion/static/sw.js``; a changed static file changes its text, so phones update it."""
    files = _shell()
    source = Path(current_app.static_folder or "") / "sw.js"
    stamp = tuple((str(p), p.stat().st_mtime) for p in [source, *(p for _, p in files)])
    found = _worker.get(stamp)
    if found is None:
        shell = [asset(name) for name, _ in files]
        config: dict[str, Any] = {
            "shell": shell,
            "offline": url_for("offline.offline_page"),
            "pages": [url_for("lobby.index"), url_for("lobby.mine")],
            "static": url_for("static", filename=""),
        }
        version = hashlib.sha256(
            json.dumps(config).encode() + source.read_bytes()).hexdigest()[:16]
        config["version"] = version
        text = f"var CONFIG = {json.dumps(config)};\n{source.read_text()}".encode()
        found = _worker.keep(stamp, (text, version))
    return found


@bp.get("/sw.js")
def service_worker() -> Any:
    """At the root, so its scope covers every screen; never kept stale by a cache."""
    text, version = worker_text()
    response = Response(text, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.set_etag(version)
    return response.make_conditional(request)


@bp.get("/offline")
def offline_page() -> Any:
    """What a screen never kept on this device shows while offline (the worker keeps this
    page from its start): the screens this device opened, and a reload when back."""
    return render_template("offline.html")
