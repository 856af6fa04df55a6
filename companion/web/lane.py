"""The action's own lane: a seat's ``POST /api/s/<token>/act`` answered without Flask's
request machinery.

Flask's request (its parsing, routing, session, the hooks for forms, CSRF, the throttle
and the headers, the response object) cost about a fifth of an action (bench/README.md).
A plain, well-formed action needs none of it: here it is answered by the very function the
Flask view answers with (``api.act_answer``) inside an app context, with the same bytes
and headers. Anything else goes to Flask as it came: another address, a query string,
another content type, a body too large, an htmx request, a device the throttle is
counting, a language whose catalogue is not loaded yet, the debug server, and every
refusal. A refusal changes nothing (``tables.act`` rolls back), so Flask runs it again
and answers it with its error handlers, throttle and all.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from typing import Any

import orjson
from flask import Flask, g
from flask.json.provider import _default
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import HTTP_STATUS_CODES, parse_accept_header

from companion.web import api
from companion.web.i18n import LANGUAGES

_ACT = re.compile(r"/api/s/([^/]+)/act")
_JSON_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS | orjson.OPT_APPEND_NEWLINE
_browser_langs: dict[str, str] = {}

StartResponse = Callable[..., Any]


class ActionLane:
    """WSGI middleware in front of Flask's ``wsgi_app``."""

    def __init__(self, app: Flask, headers: Iterable[tuple[str, str]]) -> None:
        self.app = app
        self.flask = app.wsgi_app
        self.headers = list(headers)
        self.answered = 0
        """Actions this lane answered itself (the tests ask)."""

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Any:
        found = _ACT.fullmatch(environ.get("PATH_INFO", "")) if environ.get(
            "REQUEST_METHOD") == "POST" else None
        if found is None or not self._plain(environ):
            return self.flask(environ, start_response)
        length = int(environ["CONTENT_LENGTH"])
        body = environ["wsgi.input"].read(length)
        environ["wsgi.input"] = io.BytesIO(body)    # Flask reads it again if it must
        answer = self._answer(environ, found.group(1), body)
        if answer is None:
            return self.flask(environ, start_response)
        status, data = answer
        self.answered += 1
        start_response(f"{status} {HTTP_STATUS_CODES[status].upper()}", [
            ("Content-Type", "application/json"), ("Content-Length", str(len(data))),
            *self.headers])
        return [data]

    def answer_action(self, environ: dict[str, Any], token: str, body: bytes
                      ) -> tuple[int, bytes] | None:
        """For a server that read the request itself (``companion/server/serving.py``): a plain
        action's status and JSON (sent with ``headers``), or None to serve it through Flask."""
        if not self._plain(environ):
            return None
        answer = self._answer(environ, token, body)
        if answer is not None:
            self.answered += 1
        return answer

    def _plain(self, environ: dict[str, Any]) -> bool:
        """An ordinary action: the lane answers it as Flask would."""
        app = self.app
        length = environ.get("CONTENT_LENGTH", "")
        return (app.config["ACTION_LANE"] and environ.get("CONTENT_TYPE") == "application/json"
                and not environ.get("QUERY_STRING") and "HTTP_HX_REQUEST" not in environ
                and length.isdigit() and int(length) <= (app.config["MAX_CONTENT_LENGTH"] or 0)
                and not app.debug and bool(app.config.get("PUBLIC_URL"))
                and not app.extensions["lookup_buckets"].empty(environ.get("REMOTE_ADDR") or ""))

    def _answer(self, environ: dict[str, Any], token: str, body: bytes
                ) -> tuple[int, bytes] | None:
        lang = _browser_lang(environ.get("HTTP_ACCEPT_LANGUAGE", ""))
        catalogue = self.app.extensions.get("companion_catalogues", {}).get(lang)
        if catalogue is None:
            return None
        with self.app.app_context():
            here = g._get_current_object()     # one look through the proxy, not three
            here.browser_lang = lang
            here.translations = catalogue
            here.environ = environ
            try:
                parsed = api.inputs.parse_json(body)
                if not isinstance(parsed, dict):
                    return None
                answer, status = api.act_answer(token, parsed, parsed.get("log_since"))
            except Exception:  # a refusal (nothing was done) or a failure: Flask answers
                return None
            try:
                data = orjson.dumps(answer, default=_default, option=_JSON_OPTIONS)
            except orjson.JSONEncodeError:
                data = self.app.json.response(answer).get_data()
        return status, data


def _browser_lang(header: str) -> str:
    """``request.accept_languages.best_match(LANGUAGES)`` for this header, once per header."""
    lang = _browser_langs.get(header)
    if lang is None:
        lang = parse_accept_header(header, LanguageAccept).best_match(list(LANGUAGES)) or "en"
        if len(_browser_langs) >= 256:
            _browser_langs.clear()
        _browser_langs[header] = lang
    return lang
