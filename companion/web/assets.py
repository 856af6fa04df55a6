"""Static files, compressed and cached: a phone loads htmx and the styles once. The app's
are in ``static/``, each game's in its own folder (``gamefiles``), served under
``/static/games/<game>/``.

The server does not compress. htmx alone is 52 KB; gzipped, the seat page with everything it
loads is about a third of that. URLs carry a hash of the file (``?v=``), so a browser may
keep a file for a year and still gets a changed one at once.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from pathlib import Path
from typing import Any

from flask import Flask, Response, abort, current_app, request, url_for
from werkzeug.security import safe_join

from companion.caches import Cache
from companion.web import gamefiles

COMPRESSIBLE = {".css", ".js", ".svg", ".json", ".webmanifest", ".txt", ".html"}


_loaded: Cache[tuple[str, float], tuple[bytes, bytes | None, str]] = Cache("static files", 128)
"""A static file's bytes, gzipped bytes and content hash, by path and modification time."""


def _load(path: str, mtime: float) -> tuple[bytes, bytes | None, str]:
    found = _loaded.get((path, mtime))
    if found is None:
        data = Path(path).read_bytes()
        packed = gzip.compress(data, 9, mtime=0) if Path(path).suffix in COMPRESSIBLE else None
        found = _loaded.keep((path, mtime), (data, packed, hashlib.sha256(data).hexdigest()[:16]))
    return found


def static_path(filename: str) -> str | None:
    """The file a static URL names: ``games/<game>/<file>`` in that game's own folder
    (``gamefiles``), anything else in the app's ``static/``; None outside them."""
    found = gamefiles.static_folder(filename)
    folder, name = found if found is not None else (current_app.static_folder or "", filename)
    path = safe_join(str(folder), name)
    return path if path is not None and Path(path).is_file() else None


def static_files() -> list[tuple[str, Path]]:
    """Every static file, the app's and each game's: its name (as ``asset`` takes it) and
    its path."""
    folder = Path(current_app.static_folder or "")
    files = [(p.relative_to(folder).as_posix(), p) for p in sorted(folder.rglob("*"))
             if p.is_file()]
    return files + gamefiles.static_files()


def _file(filename: str) -> tuple[bytes, bytes | None, str, str]:
    path = static_path(filename)
    if path is None:
        abort(404)
    data, packed, digest = _load(path, Path(path).stat().st_mtime)
    return data, packed, digest, path


def serve_static(filename: str) -> Any:
    data, packed, digest, path = _file(filename)
    use_gzip = packed is not None and "gzip" in request.headers.get("Accept-Encoding", "")
    mimetype = mimetypes.guess_type(path)[0] or "application/octet-stream"
    response = Response(packed if use_gzip else data, mimetype=mimetype)
    if use_gzip:
        response.headers["Content-Encoding"] = "gzip"
    response.headers["Vary"] = "Accept-Encoding"
    response.set_etag(digest + ("-gz" if use_gzip else ""))
    if request.args.get("v") == digest:
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    else:
        response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


def asset(filename: str) -> str:
    """The URL of a static file with its content hash, for templates."""
    return url_for("static", filename=filename, v=_file(filename)[2])


def game_styles(game: str) -> str | None:
    """The URL of a game's styles, for its pages; None for a game that has none."""
    name = gamefiles.styles(game)
    return asset(name) if name is not None else None


def init_assets(app: Flask) -> None:
    app.view_functions["static"] = serve_static
    app.jinja_env.globals["asset"] = asset
    app.jinja_env.globals["game_styles"] = game_styles
