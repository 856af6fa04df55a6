"""The JSON API: every screen's twin, for tests, bots and other clients (ARCHITECTURE.md) —
the renderer of the route table's JSON form (``routes.py``), served under ``/api``.

Errors are ``{"error": sentence}`` with 400 malformed, 403 wrong token, 404 unknown,
409 stale, 422 against the rules, 429 too many wrong codes or links. Tokens travel in the
path, so no cookie and no CSRF token is involved here.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, g, jsonify, request, url_for

from companion import referee
from companion.fairplay import inputs
from companion.fairplay.errors import BadRequest, Stale
from companion.games.base import N_
from companion.web import render
from companion.web.db import get_db
from companion.web.routes import HOST, ROUTES, SEAT, TABLE, Answer, Route
from companion.web.schemas import HostAnswer, SeatAnswer, TableAnswer

bp = Blueprint("api", __name__, url_prefix="/api")


def answer(route: Route, **args: Any) -> Any:
    """A route answered as JSON: its screen's answer object, or the view's own data. A
    stale action answers the seat's fresh screen with the reason (409)."""
    assert route.doc is not None, "a JSON route is in the OpenAPI document"
    query = route.doc.query
    asked = request.args if "lang" in query or "log_since" in query else None
    if "lang" in query:
        _lang(asked)
    posted = _posted(route)
    since = since_version(_log_since(asked, posted)) if "log_since" in query else None
    try:
        done = route.view(posted, **args)
    except Stale as stale:
        if route.screen != SEAT:
            raise
        return jsonify(seat_answer(args["token"], since=since, error=render.say(
            stale.message, stale.args_, []))), 409
    if route.method == "GET":
        return _answer(route, args, done, since)
    with render.answering_a_stored_action():
        return _answer(route, args, done, since)


def _answer(route: Route, args: dict[str, Any], done: Answer, since: int | None) -> Any:
    if route.screen == SEAT:
        return jsonify(seat_answer(args["token"], done.acted, since))
    if route.screen == HOST:
        return jsonify(host_answer(args["token"], done.new_link))
    if route.screen == TABLE:
        return jsonify(table_answer(args["code"]))
    assert route.doc is not None
    return jsonify(done.data), route.doc.status


def _served(route: Route) -> Any:
    def view(**args: Any) -> Any:
        return answer(route, **args)
    return view


for _route in ROUTES:
    if _route.api:
        bp.add_url_rule(_route.path, _route.api, _served(_route), methods=[_route.method])


def _posted(route: Route) -> dict[str, Any]:
    """The body the route takes, as a JSON object: required, or optional (an empty body is
    {}), or none read at all."""
    assert route.doc is not None
    if route.doc.body is None or (not route.doc.body_required
                                  and not request.get_data(cache=True)):
        return {}
    return _body()


def _body() -> dict[str, Any]:
    """The request's JSON object, refused (400) when malformed, too deep or not Unicode."""
    asked = request._get_current_object()  # type: ignore[attr-defined]  # (one proxy lookup)
    if not asked.is_json:
        raise BadRequest(N_("Send a JSON object."))
    data = inputs.parse_json(asked.get_data(cache=True))
    if not isinstance(data, dict):
        raise BadRequest(N_("Send a JSON object."))
    return data


def _lang(asked: Any) -> None:
    lang = asked.get("lang")
    if lang is not None:
        g.lang = inputs.check_lang(lang)


def _log_since(asked: Any, body: dict[str, Any]) -> Any:
    """``log_since`` as sent: the version up to which the client holds the log (the query's
    ``asked``, else the body's); ``since_version`` checks it."""
    value = asked.get("log_since")
    if value is None:
        value = body.get("log_since")
    return value


def since_version(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = inputs.whole_number(value)
        except BadRequest:
            value = None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadRequest(N_("“log_since” must be a whole number (a version of the table)."))
    return int(value)


def table_answer(code: str) -> TableAnswer:
    db = get_db()
    table = referee.open_table(db, code)
    return {
        "version": table.version,
        "table": render.table_info(db, table),
        "view": table.view(None),
        "log": render.log_lines(referee.log_for(db, table, None), table.names),
    }


def seat_answer(token: str, acted: referee.Acted | None = None, since: int | None = None,
                error: str | None = None) -> SeatAnswer:
    """The seat's view, its actions and its log (only the lines after version ``since``,
    when the client keeps the rest); after an action, of the table as the action left it
    (no second read, no second parse of the state)."""
    db = get_db()
    table, seat = (acted.table, acted.seat) if acted else referee.open_seat(db, token)
    answer: SeatAnswer = {
        "version": table.version,
        "seat": seat["seat"],
        "table": render.table_info(db, table),
        "view": table.view(seat["seat"]),
        "actions": render.api_actions(table, seat["seat"]),
        "can_undo": referee.undo_allowed(db, table, seat["seat"],
                                        acted.last if acted else None) is not None,
        "log": render.log_lines(_log(db, table, seat["seat"], acted, since), table.names),
    }
    if error is not None:
        answer["error"] = error
    if acted is not None:
        answer["repeated"] = acted.repeated
    return answer


def _log(db: Any, table: referee.Table, seat: int, acted: referee.Acted | None,
         since: int | None) -> list[dict[str, Any]]:
    if acted is not None and since is not None:
        lines = referee.log_after_action(table, acted, seat, since)
        if lines is not None:
            return lines
    return referee.log_for(db, table, seat, since=since)


def host_answer(token: str, new_link: tuple[int, str] | None = None) -> HostAnswer:
    """The table as the host sees it in JSON; after *New link*, the seat's new link."""
    db = get_db()
    table = referee.open_host(db, token)
    answer: HostAnswer = {"version": table.version, "table": render.table_info(db, table),
                          "view": table.view(None)}
    if new_link is not None:
        seat, new = new_link
        answer["seat"] = {"seat": seat, "token": new, "url": render.public_url(table)
                          + url_for("screens.seat_page", token=new)}
    return answer
