"""Measurement only: how much a fast path for an action could save, for ``--server-preload``.

Issue 23 allows a path faster than Flask's full dispatch only if it *is* the view's
function, with every header and bound by construction. Before building one, this measures
its ceiling: ``POST /api/s/<token>/act`` answered inside Flask's own request context
(``app.request_context(environ)``: the request, ``g``, the URL already matched) but without
``full_dispatch_request`` — no before/after hooks, no signals, no session save — in one of
two depths (``FAST_PATH_DEPTH``):

``view``   the registered view function itself (``api.seat_act``: werkzeug reads the body,
           ``jsonify`` makes a werkzeug Response, which answers);
``answer`` ``referee.act`` and ``api.seat_answer`` with the body parsed by orjson from
           ``wsgi.input`` and the answer written by orjson straight to ``start_response``
           (no werkzeug Request body, no Response): a copy of the view, which issue 23
           rules out.

The security headers still come from ``SecurityHeaders`` around the app. Never imported by
the app; ``server_instructions.py --server-preload`` this file (bench/README.md has the
figures).
"""

from __future__ import annotations

import os
import re
from typing import Any

import orjson
from flask import Flask

_DEPTH = os.environ.get("FAST_PATH_DEPTH", "view")
_ACT = re.compile(r"^/api/s/([^/]+)/act$")
_full_dispatch = Flask.wsgi_app


def _wsgi_app(self: Flask, environ: dict[str, Any], start_response: Any) -> Any:
    found = _ACT.match(environ.get("PATH_INFO", ""))
    if found is None or environ["REQUEST_METHOD"] != "POST":
        return _full_dispatch(self, environ, start_response)
    from companion import referee
    from companion.web import api
    from companion.web.db import get_db

    with self.request_context(environ):
        if _DEPTH == "view":
            view: Any = self.view_functions["api.seat_act"]
            response = self.make_response(view(token=found.group(1)))
            return response(environ, start_response)
        body = orjson.loads(environ["wsgi.input"].read())
        token = found.group(1)
        acted = referee.act(get_db(), token, body.get("action"), body.get("params"),
                            body.get("version"), body.get("key"))
        answer = api.seat_answer(token, acted, api.since_version(body.get("log_since")))
        status = 200
        data = orjson.dumps(answer, option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE)
        start_response(f"{status} OK", [("Content-Type", "application/json"),
                                        ("Content-Length", str(len(data)))])
        return [data]


Flask.wsgi_app = _wsgi_app  # type: ignore[method-assign]
