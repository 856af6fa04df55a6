"""The three screens — the table view, the host view and a seat's private view — as HTML:
the renderer of the route table's HTML form (``routes.py``), and each screen's plumbing.

Each screen is a full page built around a live fragment; the fragment is also the answer
to every htmx request (an action, a control, or a fetch after the table changed) and
carries the version it was rendered at. A control or an action sent without htmx is
answered by a redirect to the page (303); a refusal shows the screen it came from with its
reason, at the refusal's status. Each screen learns of a change from its event stream
(``/events``: a ``data: <version>`` line the moment a write commits,
``companion/server/live.py``); where a stream cannot be held (a buffering proxy, an old
browser) the page polls its fragment instead, and a poll at the current version answers
204 after one indexed read.
"""

from __future__ import annotations

import io
from typing import Any

import qrcode
import qrcode.image.svg
from flask import (
    Blueprint,
    Response,
    abort,
    g,
    redirect,
    render_template,
    request,
    url_for,
)

from companion import referee
from companion.fairplay import inputs
from companion.fairplay.errors import Forbidden, TableError
from companion.server import live
from companion.web import htmx, protect_forms, render
from companion.web.db import get_db
from companion.web.presence import device, presence
from companion.web.routes import HOST, ROUTES, SAVED, SEAT, TABLE, Answer, Route

bp = Blueprint("screens", __name__)
bp.before_request(protect_forms)


# --- the route table's HTML form -------------------------------------------------------------


def page(route: Route, **args: Any) -> Any:
    """A route answered as a screen: the page (its fragment under htmx), or after a POST a
    redirect to it; a refusal of a POST on the screen it came from (a wrong link stays a
    403 page, and so does a refusal of a page's script); a saved game's end, or its form
    with why it was not opened."""
    if route.screen == SAVED:
        return _saved(route)
    if route.method == "GET":
        return _screen(route.screen, args, route.view({}, **args))
    try:
        answer = route.view(route.form(request.form), **args)
    except TableError as error:
        if route.script or isinstance(error, Forbidden):
            raise
        return _screen(route.screen, args, Answer(),
                       render.say(error.message, error.args_, []), error.status)
    if route.script:
        return Response(status=204)
    with render.answering_a_stored_action():
        if route.screen == HOST:
            referee.ready_join_codes(get_db(), args["token"])
        return _screen(route.screen, args, answer,
                       render.translate(answer.done) if answer.done else "")


def _screen(screen: str, args: dict[str, Any], answer: Answer, notice: str = "",
            status: int = 200) -> Any:
    if screen == TABLE:
        return _table_page(args["code"])
    token = args["token"]
    endpoint = "screens.seat_page" if screen == SEAT else "screens.host_page"
    if not htmx and request.method == "POST" and status == 200:
        return redirect(url_for(endpoint, token=token), code=303)
    db = get_db()
    if screen == SEAT:
        acted = answer.acted
        table, seat = (acted.table, acted.seat) if acted else referee.open_seat(db, token)
        g.lang = seat["lang"]
        context = render.seat_context(db, table, seat, token, notice)
        fragment, whole = "_seat_live.html", "seat.html"
    else:
        table = referee.open_host(db, token)
        g.lang = _host_lang(table)
        context = render.host_context(db, table, token, notice)
        fragment, whole = "_host_live.html", "host.html"
    return render_template(fragment if htmx else whole, **context), status


def _table_page(code: str) -> Any:
    db = get_db()
    table = referee.open_table(db, code)
    g.lang = _asked_lang() or table.row["lang"]
    return render_template("table.html", **render.table_context(db, table))


def _saved(route: Route) -> Any:
    """A saved game opened: the end of each of its games, or the form again with why it
    was not opened (at the refusal's status). Nothing is stored either way."""
    _saved_lang()
    try:
        answer = route.view(route.form(request.form))
    except TableError as error:
        return render_template("saved.html", opened=None, problems=getattr(
            error, "problems", []), error=render.say(error.message, error.args_, [])), \
            error.status
    opened = answer.data
    return render_template("saved.html", opened=opened, table=opened["games"][-1]["table"],
                           saved=True, error="", problems=[])


@bp.get("/saved")
def saved_form() -> Any:
    """Open a saved game: the form that takes a finished game's export."""
    _saved_lang()
    return render_template("saved.html", opened=None, error="", problems=[])


def _saved_lang() -> None:
    """The language the page was opened in (``?lang=``), else the browser's."""
    lang = _asked_lang()
    if lang is not None:
        g.lang = lang


def _served(route: Route) -> Any:
    def view(**args: Any) -> Any:
        return page(route, **args)
    return view


for _route in ROUTES:
    if _route.page:
        bp.add_url_rule(_route.path, _route.page, _served(_route), methods=[_route.method])


def _unchanged(current: int | None) -> bool:
    """The poll's version is the table's: nothing to send (a wrong token never matches)."""
    seen = request.args.get("v", type=int)
    return current is not None and seen == current


def _asked_lang() -> str | None:
    lang = request.args.get("lang")
    return None if lang is None else inputs.check_lang(lang)


def _host_lang(table: referee.Table) -> str:
    """The host screen's own language, else the table view's."""
    return str(table.row["host_lang"] or table.row["lang"])


def _events(code: str, current: Any, present: Any = None) -> Response:
    """A screen's event stream (``live.Stream``: what it says and when). It is left in the
    environ too, for a server that holds streams without a greenlet (``companion serve``),
    unless the server has no room for one more (``live.ROOM``).

    A seat's ``present()`` counts its device as present with each event it sends.
    """
    stream = live.Stream(code, current, present)
    room = request.environ.get(live.ROOM)
    if room is not None and not room.take():
        # Every thread a stream may hold is held: 204 tells the browser not to reconnect,
        # and the page polls its live fragment instead (companion/static/companion.js).
        stream.close()
        return Response(status=204)
    request.environ[live.HELD] = stream
    return Response(stream, mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def _reload(page: str) -> Any:
    """After a language change: the whole page again, in the new language."""
    if htmx:
        response = Response(status=204)
        response.headers["HX-Refresh"] = "true"
        return response
    return redirect(page, code=303)


# --- the table view's plumbing ---------------------------------------------------------------


@bp.get("/t/<code>/live")
def table_live(code: str) -> Any:
    db = get_db()
    current = referee.version_of(db, code)
    if current is None:
        abort(404)
    if _unchanged(current):
        return Response(status=204)
    table = referee.open_table(db, code)
    g.lang = _asked_lang() or table.row["lang"]
    return render_template("_table_live.html", **render.table_context(db, table))


@bp.get("/t/<code>/events")
def table_events(code: str) -> Any:
    db = get_db()
    code = code.upper()
    if referee.version_of(db, code) is None:
        abort(404)
    return _events(code, lambda: referee.version_of(db, code))


# --- the host view's plumbing ----------------------------------------------------------------


@bp.get("/h/<token>/live")
def host_live(token: str) -> Any:
    db = get_db()
    host_hash = referee.token_hash(token)
    if _unchanged(referee.host_version(db, host_hash)) and \
            request.args.get("d", "") in ("", presence().signature(host_hash)):
        return Response(status=204)
    table = referee.open_host(db, token)
    g.lang = _host_lang(table)
    return render_template("_host_live.html", **render.host_context(db, table, token))


@bp.get("/h/<token>/events")
def host_events(token: str) -> Any:
    db = get_db()
    table = referee.open_host(db, token)
    digest = referee.token_hash(token)
    watching = presence()
    watching.seats_of(digest, [s["token_hash"] for s in table.seats])
    return _events(table.code, lambda: referee.host_version(db, digest),
                   lambda: watching.signature(digest))


@bp.get("/h/<token>/qr/<int:seat>.svg")
def seat_qr(token: str, seat: int) -> Any:
    """The QR code of a seat's link, for the host screen only."""
    db = get_db()
    table = referee.open_host(db, token)
    if not 0 <= seat < len(table.seats):
        abort(404)
    row = table.seats[seat]
    url = render.public_url(table) + url_for(
        "screens.seat_page", token=referee.seat_token(token, seat, row["generation"]))
    return Response(qr_svg(url), mimetype="image/svg+xml")


@bp.get("/h/<token>/qr.svg")
def host_qr(token: str) -> Any:
    """The host link's own QR code: scan it with a second device to keep the controls."""
    url = render.public_url(referee.open_host(get_db(), token)) + url_for(
        "screens.host_page", token=token)
    return Response(qr_svg(url), mimetype="image/svg+xml")


def qr_svg(text: str) -> bytes:
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    out = io.BytesIO()
    image.save(out)
    return out.getvalue()


@bp.post("/h/<token>/screen-lang")
def host_screen_lang(token: str) -> Any:
    """The host screen's own language switch (the table view keeps its own)."""
    referee.set_host_language(get_db(), token, request.form.get("lang"))
    return _reload(url_for("screens.host_page", token=token))


# --- a seat's plumbing -----------------------------------------------------------------------


@bp.get("/s/<token>/live")
def seat_live(token: str) -> Any:
    db = get_db()
    seat_hash = referee.token_hash(token)
    presence().saw(seat_hash, device())
    if _unchanged(referee.seat_version(db, seat_hash)) and \
            request.args.get("n") in (None, str(presence().count(seat_hash))):
        return Response(status=204)
    table, seat = referee.open_seat(db, token)
    g.lang = seat["lang"]
    return render_template("_seat_live.html", **render.seat_context(db, table, seat, token))


@bp.get("/s/<token>/events")
def seat_events(token: str) -> Any:
    db = get_db()
    table, _ = referee.open_seat(db, token)
    digest = referee.token_hash(token)
    watching, this = presence(), device()

    def present() -> str:
        watching.saw(digest, this)
        return str(watching.count(digest))

    if this is not None and this not in watching.devices(digest):
        watching.saw(digest, this)
        live.nudge(table.code)        # the other screens of the table count it now
    return _events(table.code, lambda: referee.seat_version(db, digest), present)


@bp.post("/s/<token>/lang")
def seat_lang(token: str) -> Any:
    referee.set_seat_language(get_db(), token, request.form.get("lang"))
    return _reload(url_for("screens.seat_page", token=token))
