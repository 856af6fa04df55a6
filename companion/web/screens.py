"""The three screens: the table view, the host view and a seat's private view.

Each screen is a full page built around a live fragment; the fragment is also the answer
to every htmx request (an action, or a fetch after the table changed) and carries the
version it was rendered at. Each screen learns of a change from its event stream
(``/events``: a ``data: <version>`` line the moment a write commits, ``companion/server/live.py``);
where a stream cannot be held (a buffering proxy, an old browser) the page polls its
fragment instead, and a poll at the current version answers 204 after one indexed read.
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
from companion.core import inputs
from companion.core.errors import BadRequest, Forbidden, TableError
from companion.games.base import N_
from companion.server import live
from companion.web import htmx, protect_forms, render
from companion.web.db import get_db
from companion.web.presence import device, presence

bp = Blueprint("screens", __name__)
bp.before_request(protect_forms)


def _unchanged(current: int | None) -> bool:
    """The poll's version is the table's: nothing to send (a wrong token never matches)."""
    seen = request.args.get("v", type=int)
    return current is not None and seen == current


# --- the table view ----------------------------------------------------------------------


@bp.get("/t/<code>")
def table_page(code: str) -> Any:
    db = get_db()
    table = referee.open_table(db, code)
    g.lang = _asked_lang() or table.row["lang"]
    return render_template("table.html", **render.table_context(db, table))


def _asked_lang() -> str | None:
    lang = request.args.get("lang")
    return None if lang is None else inputs.check_lang(lang)


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


def _events(code: str, current: Any, present: Any = None) -> Response:
    """A screen's event stream (``live.Stream``: what it says and when). It is left in the
    environ too, for a server that holds streams without a greenlet (``companion serve``).

    A seat's ``present()`` counts its device as present with each event it sends.
    """
    stream = live.Stream(code, current, present)
    request.environ[live.HELD] = stream
    return Response(stream, mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


# --- the host view -------------------------------------------------------------------------


def _host_lang(table: referee.Table) -> str:
    """The host screen's own language, else the table view's."""
    return str(table.row["host_lang"] or table.row["lang"])


def _host_answer(token: str, notice: str = "", status: int = 200) -> Any:
    db = get_db()
    table = referee.open_host(db, token)
    g.lang = _host_lang(table)
    context = render.host_context(db, table, token, notice)
    if htmx:
        return render_template("_host_live.html", **context), status
    if request.method == "POST" and status == 200:
        return redirect(url_for("screens.host_page", token=token), code=303)
    return render_template("host.html", **context), status


@bp.get("/h/<token>")
def host_page(token: str) -> Any:
    return _host_answer(token)


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


def _host_control(token: str, work: Any, done: str) -> Any:
    try:
        work()
    except TableError as error:
        return _host_answer(token, render.say(error.message, error.args_, []), error.status)
    return _host_answer(token, render.translate(done))


@bp.post("/h/<token>/undo")
def host_undo(token: str) -> Any:
    return _host_control(token, lambda: referee.undo(get_db(), token),
                         N_("The last action was undone; everyone sees the correction."))


@bp.post("/h/<token>/end")
def host_end(token: str) -> Any:
    return _host_control(token, lambda: referee.close(get_db(), token),
                         N_("The table has ended and its seed is revealed."))


@bp.post("/h/<token>/again")
def host_again(token: str) -> Any:
    return _host_control(token, lambda: referee.play_again(get_db(), token, as_host=True),
                         N_("A new game is dealt at the same seats."))


@bp.post("/h/<token>/start")
def host_start(token: str) -> Any:
    force = request.form.get("force") == "1"
    return _host_control(token, lambda: referee.start(get_db(), token, force),
                         N_("The game is starting; the cards are dealt as soon as every "
                            "phone's randomness is in."))


@bp.post("/h/<token>/check")
def host_check(token: str) -> Any:
    """The set-up check: the values the app is unsure of, as the group's cards print them
    (a field only for each value the form showed)."""
    fields = request.form.getlist("field")
    corrections = {}
    for name in fields[:100]:
        value = request.form.get(f"opt_{name}")
        corrections[name] = "on" if value == "on" else (value if value is not None else "off")
    return _host_control(token, lambda: referee.check_cards(get_db(), token, corrections),
                         N_("The values are checked against the group's cards; the cards are dealt "
                            "once every phone has joined."))


@bp.post("/h/<token>/reissue/<int:seat>")
def host_reissue(token: str, seat: int) -> Any:
    return _host_control(token, lambda: referee.reissue(get_db(), token, seat),
                         N_("A new link was made for that seat; the old one no longer works."))


@bp.post("/h/<token>/public-url")
def host_public_url(token: str) -> Any:
    return _host_control(
        token, lambda: referee.set_public_url(get_db(), token, request.form.get("url", "")),
        N_("The QR codes now point to the new address."))


@bp.post("/h/<token>/screen-lang")
def host_screen_lang(token: str) -> Any:
    """The host screen's own language switch (the table view keeps its own)."""
    referee.set_host_language(get_db(), token, request.form.get("lang"))
    return _reload(url_for("screens.host_page", token=token))


def _reload(page: str) -> Any:
    """After a language change: the whole page again, in the new language."""
    if htmx:
        response = Response(status=204)
        response.headers["HX-Refresh"] = "true"
        return response
    return redirect(page, code=303)


@bp.post("/h/<token>/lang")
def host_lang(token: str) -> Any:
    return _host_control(
        token, lambda: referee.set_table_language(get_db(), token, request.form.get("lang")),
        N_("The table view's language is changed."))


# --- a seat's private view -------------------------------------------------------------------


def _seat_answer(token: str, notice: str = "", status: int = 200,
                 acted: referee.Acted | None = None) -> Any:
    db = get_db()
    table, seat = (acted.table, acted.seat) if acted else referee.open_seat(db, token)
    g.lang = seat["lang"]
    context = render.seat_context(db, table, seat, token, notice)
    if htmx:
        return render_template("_seat_live.html", **context), status
    if request.method == "POST" and status == 200:
        return redirect(url_for("screens.seat_page", token=token), code=303)
    return render_template("seat.html", **context), status


@bp.get("/s/<token>")
def seat_page(token: str) -> Any:
    return _seat_answer(token)


def _seat_control(token: str, work: Any, done: str = "") -> Any:
    """Run a seat's request; a refusal answers with the fresh screen and its reason
    (a wrong token stays a 403 page). An action answers with the table it left."""
    try:
        acted = work()
    except Forbidden:
        raise
    except TableError as error:
        return _seat_answer(token, render.say(error.message, error.args_, []), error.status)
    with render.answering_a_stored_action():
        return _seat_answer(token, render.translate(done) if done else "",
                            acted=acted if isinstance(acted, referee.Acted) else None)


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


def parse_action_form(form: Any) -> dict[str, Any]:
    """An action posted by a button: fixed params as JSON plus the typed-in inputs."""
    params = inputs.parse_json(form.get("params") or "{}")
    if not isinstance(params, dict):
        raise BadRequest(N_("The action's parameters must be an object."))
    for name, value in form.items():
        if not name.startswith("in_"):
            continue
        kind = form.get(f"kind_{name[3:]}", "text")
        params[name[3:]] = inputs.whole_number(value) if kind == "int" else value
    version = form.get("version")
    try:
        version_number = inputs.whole_number(version) if version is not None else None
    except BadRequest:
        raise BadRequest(N_("The version must be a whole number.")) from None
    return {
        "action": form.get("action", ""),
        "params": params,
        "version": version_number,
        "key": form.get("key") or None,
    }


@bp.post("/s/<token>/act")
def seat_act(token: str) -> Any:
    def work() -> referee.Acted:
        posted = parse_action_form(request.form)
        if posted["version"] is None:
            raise BadRequest(N_("The version must be a whole number."))
        return referee.act(get_db(), token, posted["action"], posted["params"],
                          posted["version"], posted["key"])

    return _seat_control(token, work)


@bp.post("/s/<token>/undo")
def seat_undo(token: str) -> Any:
    return _seat_control(token, lambda: referee.undo(get_db(), token, by_seat=True),
                         N_("Taken back."))


@bp.post("/s/<token>/again")
def seat_again(token: str) -> Any:
    return _seat_control(token, lambda: referee.play_again(get_db(), token, as_host=False))


@bp.post("/s/<token>/join")
def seat_join(token: str) -> Any:
    """Sent by the page's script: claim the seat and, while the game gathers, commit to
    this phone's randomness (the SHA-256 of 32 random bytes it keeps)."""
    form = request.form
    referee.join(get_db(), token, form.get("contribution") or None,
                form.get("commitment") or None)
    return Response(status=204)


@bp.post("/s/<token>/reveal")
def seat_reveal(token: str) -> Any:
    """Sent by the page's script once commitments are closed: the 32 bytes themselves."""
    referee.reveal(get_db(), token, request.form.get("contribution"))
    return Response(status=204)


@bp.post("/s/<token>/lang")
def seat_lang(token: str) -> Any:
    referee.set_seat_language(get_db(), token, request.form.get("lang"))
    return _reload(url_for("screens.seat_page", token=token))
