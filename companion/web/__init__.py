"""The web layer: the route table (``routes``: every operation on a table once, served as
HTML by the screens' blueprint and as JSON by the API's), the lobby, the rendering of view
dicts (``render``), languages, CSRF, security headers and error pages.

The top of the stack: it may import the referee, the store (for the request's connection,
``db``), the server's event streams (``companion.server.live``), ``companion.fairplay``,
``companion.games`` (the registry) and ``companion.caches``. Templates receive view dicts
only (``render``)."""

from __future__ import annotations

from typing import Any

from babel import Locale
from flask import (
    Flask,
    Request,
    Response,
    current_app,
    jsonify,
    make_response,
    render_template,
    request,
)
from flask.sessions import SecureCookieSessionInterface
from flask_babel import Babel
from flask_htmx import HTMX
from flask_wtf.csrf import CSRFError, CSRFProtect

from companion import store
from companion.fairplay import inputs
from companion.fairplay.errors import TableError, TooManyConnections
from companion.games.base import N_
from companion.server import live
from companion.server.bounds import MAX_BODY_BYTES, REFUSED, body_limit
from companion.web import render
from companion.web.answers import init_answers
from companion.web.gamefiles import with_game_templates
from companion.web.i18n import LANGUAGES, translation_directories
from companion.web.render import select_locale

csrf = CSRFProtect()
babel = Babel()
htmx = HTMX()
try:
    from flask_compress import Compress

    compress: Any = Compress()
except ImportError:  # the pure-Python mode: brotli and zstd are compiled; answers go plain
    compress = None
COMPRESSED = compress is not None
"""Whether answers are compressed (the ``fast`` extra's Flask-Compress is installed)."""

COMPRESSION = {
    # Pages, live fragments, JSON answers and the QR codes' SVG; never an event stream
    # (text/event-stream is not listed, and no streamed answer is compressed: each event
    # must leave when it is said, not when a compressor's buffer fills).
    "COMPRESS_MIMETYPES": ["text/html", "application/json", "image/svg+xml"],
    "COMPRESS_STREAMS": False,
    # Below about a kilobyte an answer fits one packet either way (socket.io, the peer's
    # transport, has the same threshold): compressing it would cost CPU and save nothing.
    "COMPRESS_MIN_SIZE": 1024,
    # The levels measured by bench/experiments/compression_levels.py on our own answers: a
    # 22 KB live fragment is 2.7 KB with gzip 1 (26 µs) and 2.4 KB with gzip 6 (73 µs); the
    # server's one core is the scarce thing at a full table, a few hundred bytes on Wi-Fi
    # are not. Brotli 1 is the cheapest of the three (callgrind, a 15 KB fragment: 317 k
    # instructions, zstd 3 462 k, gzip 1 535 k) for about gzip 1's bytes: preferred when a
    # browser offers several (over plain http browsers offer gzip and deflate only).
    "COMPRESS_ALGORITHM": ["br", "zstd", "gzip"],
    "COMPRESS_ZSTD_LEVEL": 3,
    "COMPRESS_BR_LEVEL": 1,
    "COMPRESS_LEVEL": 1,
    # Our answers carry no ETag: nothing to evaluate (werkzeug would add a second Date).
    "COMPRESS_EVALUATE_CONDITIONAL_REQUEST": False,
    # Registered by ``_compressed``, which keeps it away from answers without a body.
    "COMPRESS_REGISTER": False,
}
"""Flask-Compress's settings: an answer is compressed when the client's Accept-Encoding
allows it (brotli, zstd or gzip, in that order of preference when several are), it is one
of the types above, a success, not streamed and at least ``COMPRESS_MIN_SIZE`` bytes; every
answer says ``Vary: Accept-Encoding``. Static files compress themselves (``assets.py``)."""

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "img-src 'self' data:",
    "style-src 'self'",
    "script-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    # NoSleep.js keeps a phone awake over plain http with a silent video it holds inline.
    "media-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
])


SECURITY_HEADERS = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    # Seat and host links carry their token in the path: never send it as a referrer.
    ("Referrer-Policy", "no-referrer"),
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
)
_NOT_STORED = ("Cache-Control", "no-store")
"""Added to each answer but a static file's, where it does not set its own."""


class SecurityHeaders:
    """WSGI middleware around Flask: every answer the app sends — a view's, an error
    page's, a refusal's — carries ``SECURITY_HEADERS`` (and ``Cache-Control: no-store``
    unless it is a static file or says otherwise), whatever route or handler made it, and
    one ``Vary`` header naming ``Accept-Encoding`` (and ``HX-Request`` for htmx's requests:
    the same address answers a fragment then)."""

    def __init__(self, app: Any, static_path: str) -> None:
        self.app = app
        self.static = static_path.rstrip("/") + "/"

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        accepted = environ.get("HTTP_ACCEPT_ENCODING")
        if accepted and "q=0" in accepted:
            environ["HTTP_ACCEPT_ENCODING"] = without_refused(accepted)

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            present = {name.lower() for name, _ in headers}
            headers.extend(pair for pair in SECURITY_HEADERS if pair[0].lower() not in present)
            if "cache-control" not in present and not environ.get(
                    "PATH_INFO", "").startswith(self.static):
                headers.append(_NOT_STORED)
            vary = "Accept-Encoding, HX-Request" if environ.get(
                "HTTP_HX_REQUEST") == "true" else "Accept-Encoding"
            if "vary" not in present:
                headers.append(("Vary", vary))
            else:
                _vary(headers, vary)
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


def without_refused(accept_encoding: str) -> str:
    """``Accept-Encoding`` without the codings it refuses (``;q=0``, RFC 9110 §12.5.3).

    Flask-Compress ranks codings by their weight but takes one weighted 0 as the least
    wanted rather than as refused; a client that cannot decode gzip and says so
    (``gzip;q=0``) must get the answer plain.

    >>> without_refused("gzip;q=0, br;q=0.5, identity")
    'br;q=0.5, identity'
    """
    kept = []
    for part in accept_encoding.split(","):
        _, _, weight = part.partition(";")
        name, _, value = weight.partition("=")
        if name.strip().lower() == "q":
            try:
                if float(value) <= 0:
                    continue
            except ValueError:
                continue
        kept.append(part.strip())
    return ", ".join(kept)


def _compressed(response: Response) -> Response:
    """After each request: Flask-Compress's choice when the client accepts a coding (its
    header work was 2 % of an action's instructions: not spent for a client that accepts
    none; ``SecurityHeaders`` says ``Vary: Accept-Encoding`` on every answer either way),
    and never for an answer that has no body by its status (a live poll's 204 "nothing
    new": it would compress the empty body and announce 20 bytes a 204 may not carry)."""
    if response.status_code in (204, 304) or not request.environ.get("HTTP_ACCEPT_ENCODING"):
        return response
    compressed: Response = compress.after_request(response)
    return compressed



def _vary(headers: list[tuple[str, str]], vary: str) -> None:
    """Add what ``vary`` names to the answer's ``Vary`` header (a static file's names
    Accept-Encoding already)."""
    for i, (name, value) in enumerate(headers):
        if name.lower() == "vary":
            if "accept-encoding" in value.lower():
                vary = vary.replace("Accept-Encoding", "").lstrip(", ")
            if vary:
                headers[i] = (name, f"{value}, {vary}")
            return


_LOCALES = {code: Locale.parse(code) for code in LANGUAGES}


def refuse_before_the_view() -> None:
    """Before every view (one hook and one proxy lookup for both: each is a part of an
    action's instructions):

    - a request that came on a connection beyond its device's bound
      (``companion/server/bounds.py``) is answered at once, in the device's language, with
      what to do (a page left waiting with no word was the alternative); the server closes
      that connection after the answer;
    - a query string or a form that is not UTF-8 is malformed (400). A browser
      percent-encodes both; a crafted client may send raw bytes, which Werkzeug fails to
      read in a query as soon as a view asks for any argument (a 500 with a traceback in
      the log) and drops from a form (which then reads as one posted without its CSRF
      token);
    - a saved game's file may be larger than any other body (``bounds.body_limit``), and
      is bounded before its form is read."""
    asked = request._get_current_object()  # type: ignore[attr-defined]  # (one proxy lookup)
    limit = asked.environ.get(REFUSED)
    if limit is not None:
        raise TooManyConnections(N_(
            "This device has {limit} connections open to the referee, as many as it may: "
            "close some of its pages of the table, then reload this one."), limit=limit)
    inputs.check_utf8(asked.query_string)
    limit = body_limit(asked.path)
    if limit != MAX_BODY_BYTES:
        asked.max_content_length = limit
    if asked.mimetype == "application/x-www-form-urlencoded":
        inputs.check_utf8(asked.get_data(cache=True))


def protect_forms() -> None:
    """Before each request of a blueprint that takes forms: Flask-WTF's CSRF check (off
    only where the config turns CSRF off, as some tests do)."""
    if current_app.config["WTF_CSRF_ENABLED"]:
        csrf.protect()


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie session, made once per app instead of once per request.

    Only the screens' forms (their CSRF token) use the session; an API call, an event
    stream or a poll sends no cookie and needs no signer (it was a tenth of an action).
    """

    def __init__(self) -> None:
        self._signers: dict[Any, Any] = {}

    def get_signing_serializer(self, app: Flask) -> Any:
        key = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        signer = self._signers.get(key)
        if signer is None:
            signer = self._signers[key] = super().get_signing_serializer(app)
        return signer

    def open_session(self, app: Flask, request: Any) -> Any:
        if app.secret_key and ("HTTP_COOKIE" not in request.environ
                               or self.get_cookie_name(app) not in request.cookies):
            return self.session_class()     # no cookie sent: nothing to parse or verify
        return super().open_session(app, request)


def _babel_locale() -> Locale:
    """The same, parsed once per language (Flask-Babel would parse the code per request)."""
    return _LOCALES[select_locale()]


class WholeBodyRequest(Request):
    """Flask's request, reading a body the server has already bounded in one piece.

    Werkzeug wraps ``wsgi.input`` to stop at ``MAX_CONTENT_LENGTH`` and reads it through
    64 KiB buffers, each allocated and zeroed for a body of a hundred bytes (2 % of an
    action's instructions). When the server says it ends the input itself
    (``wsgi.input_terminated``: gevent's, and ours, which has read the whole body first)
    and the body's declared length is within the limit, there is nothing left to stop:
    the input is read as it is, to its end. A longer body is refused (413) as before.
    """

    @property
    def max_content_length(self) -> int | None:
        limit = super().max_content_length
        length = self.content_length
        if (limit is not None and length is not None and length <= limit
                and self.environ.get("wsgi.input_terminated")):
            return None
        return limit

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value


class CompanionFlask(Flask):
    """Flask, with the request above and each hook's and view's sync check made once.

    Flask asks ``inspect`` whether a function is a coroutine every time it calls a hook or
    a view (four times a request here, 1 % of an action's instructions); a function's
    kind does not change, so the answer is kept."""

    request_class = WholeBodyRequest

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sync: dict[Any, Any] = {}

    def ensure_sync(self, func: Any) -> Any:
        sync = self._sync.get(func)
        if sync is None:
            sync = self._sync[func] = super().ensure_sync(func)
        return sync


def init_web(app: Flask) -> None:
    app.config.setdefault(
        "BABEL_TRANSLATION_DIRECTORIES", ";".join(str(d) for d in translation_directories()))
    app.session_interface = CookieSessions()
    store.on_commit(live.published)
    init_answers(app)
    babel.init_app(app, locale_selector=_babel_locale)
    csrf.init_app(app)
    htmx.init_app(app)
    if compress is not None:
        for name, value in COMPRESSION.items():
            app.config.setdefault(name, value)
        compress.init_app(app)
        app.after_request(_compressed)

    from companion.web import api, appseats, lobby, offline, screens
    from companion.web.assets import init_assets
    from companion.web.presence import init_presence
    from companion.web.throttle import init_throttle

    init_assets(app)
    appseats.init_app(app)
    init_throttle(app)
    init_presence(app)
    app.before_request(refuse_before_the_view)

    # CSRF where a request needs it: the screens' and the lobby's forms check it themselves
    # (``csrf.protect`` before each of their requests). The JSON API carries its token in
    # the path and takes no cookie (api.py), so it runs no check.
    app.config["WTF_CSRF_CHECK_DEFAULT"] = False
    app.register_blueprint(lobby.bp)
    app.register_blueprint(screens.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(offline.bp)

    # A game's templates are in its own folder (gamefiles), under their usual names.
    app.jinja_env.loader = with_game_templates(app.jinja_env.loader)
    app.jinja_env.filters["t"] = render.translate
    app.jinja_env.globals["say"] = render.say
    app.jinja_env.globals["option_shown"] = render.option_shown
    app.jinja_env.globals["option_pairs"] = render.option_pairs
    app.jinja_env.globals["languages"] = LANGUAGES
    app.jinja_env.globals["current_lang"] = select_locale

    app.wsgi_app = SecurityHeaders(  # type: ignore[method-assign]
        app.wsgi_app, app.static_url_path or "/static")

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> Any:
        message = render.translate(
            N_("This page is too old to act from; reload it and try again."))
        return _error_page(400, message)

    @app.errorhandler(TableError)
    def table_error(error: TableError) -> Any:
        message = render.say(error.message, error.args_, [])
        if request.path.startswith("/api/"):
            return jsonify({"error": message}), error.status
        return _error_page(error.status, message)

    for status in (400, 403, 404, 405, 413, 500):
        app.register_error_handler(status, _http_error)


_HTTP_MESSAGES = {
    400: N_("The request was not understood."),
    403: N_("This link is not valid."),
    404: N_("There is nothing at this address."),
    405: N_("This address does not take that kind of request."),
    413: N_("The request is too large."),
    500: N_("Something went wrong on the referee's side; nothing was changed."),
}


def _http_error(error: Any) -> Any:
    status = getattr(error, "code", 500) or 500
    message = render.translate(_HTTP_MESSAGES.get(status, N_("The request failed.")))
    if request.path.startswith("/api/"):
        response = jsonify({"error": message})
    else:
        response = make_response(_error_page(status, message))
    response.status_code = status
    allowed = getattr(error, "valid_methods", None)
    if status == 405 and allowed:
        response.headers["Allow"] = ", ".join(allowed)
    return response


def _error_page(status: int, message: str) -> Any:
    return render_template("error.html", message=message, status=status), status
