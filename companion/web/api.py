"""The JSON API: every screen's twin, for tests, bots and other clients (ARCHITECTURE.md).

Errors are ``{"error": sentence}`` with 400 malformed, 403 wrong token, 404 unknown,
409 stale, 422 against the rules, 429 too many wrong codes or links. Tokens travel in the
path, so no cookie and no CSRF token is involved here.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, g, jsonify, request, url_for

from companion import referee
from companion.core import inputs
from companion.core.errors import BadRequest, Stale
from companion.games import GAMES
from companion.games.base import N_
from companion.referee import export as exports
from companion.web import render
from companion.web.db import get_db
from companion.web.lobby import game_card
from companion.web.openapi import openapi_document
from companion.web.schemas import CreatedTable, HostAnswer, NewLink, SeatAnswer, TableAnswer

bp = Blueprint("api", __name__, url_prefix="/api")


def _body() -> dict[str, Any]:
    """The request's JSON object, refused (400) when malformed, too deep or not Unicode."""
    if not request.is_json:
        raise BadRequest(N_("Send a JSON object."))
    data = inputs.parse_json(request.get_data(cache=True))
    if not isinstance(data, dict):
        raise BadRequest(N_("Send a JSON object."))
    return data


def _lang() -> None:
    lang = request.args.get("lang")
    if lang is not None:
        g.lang = inputs.check_lang(lang)


@bp.get("/openapi.json")
def openapi() -> Any:
    return jsonify(openapi_document(current_app))


@bp.get("/games")
def games() -> Any:
    _lang()
    out = []
    for game in GAMES.values():
        card = game_card(game)
        card["title"] = render.translate(card["title"])
        card["blurb"] = render.translate(card["blurb"])
        out.append(card)
    return jsonify({"games": out})


@bp.post("/tables")
def create_table() -> Any:
    body = _body()
    created = referee.create(get_db(), body.get("game"), body.get("options"),
                            body.get("seats"), lang=body.get("lang", "en"),
                            deal_mode=body.get("deal", "join"))
    table = referee.open_table(get_db(), created["code"])
    base = render.public_url(table)
    answer: CreatedTable = {
        "code": created["code"],
        "table_url": base + url_for("screens.table_page", code=created["code"]),
        "host_url": base + url_for("screens.host_page", token=created["host_token"]),
        "host_token": created["host_token"],
        "commitment": created["commitment"],
        "dealt": created["dealt"],
        "seats": [
            {"role": s["role"], "name": s["name"], "token": s["token"],
             "url": base + url_for("screens.seat_page", token=s["token"])}
            for s in created["seats"]
        ],
    }
    return jsonify(answer), 201


@bp.get("/t/<code>")
def table_view(code: str) -> Any:
    _lang()
    db = get_db()
    table = referee.open_table(db, code)
    answer: TableAnswer = {
        "version": table.version,
        "table": render.table_info(db, table),
        "view": table.view(None),
        "log": render.log_lines(referee.log_for(db, table, None), table.names),
    }
    return jsonify(answer)


def _log_since(body: dict[str, Any] | None = None) -> Any:
    """``log_since`` as sent: the version up to which the client holds the log (the query's,
    else the body's); ``since_version`` checks it."""
    value = request.args.get("log_since")
    if value is None and body is not None:
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


def _seat_answer(token: str, status: int = 200, acted: referee.Acted | None = None,
                 since: int | None = None) -> Any:
    return jsonify(seat_answer(token, acted, since)), status


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


@bp.get("/s/<token>")
def seat_view(token: str) -> Any:
    _lang()
    return _seat_answer(token, since=since_version(_log_since()))


@bp.post("/s/<token>/act")
def seat_act(token: str) -> Any:
    _lang()
    body = _body()
    answer, status = act_answer(token, body, _log_since(body))
    with render.answering_a_stored_action():
        return jsonify(answer), status


def act_answer(token: str, body: dict[str, Any], since_value: Any
               ) -> tuple[SeatAnswer, int]:
    """One action from a seat's JSON body and the seat's answer."""
    version = body.get("version")
    if version is None:
        raise BadRequest(N_("The version must be a whole number."))
    since = since_version(since_value)
    try:
        acted = referee.act(get_db(), token, body.get("action"), body.get("params"), version,
                           body.get("key"))
    except Stale as stale:
        return seat_answer(token, since=since,
                           error=render.say(stale.message, stale.args_, [])), 409
    with render.answering_a_stored_action():
        return seat_answer(token, acted=acted, since=since), 200


@bp.post("/s/<token>/undo")
def seat_undo(token: str) -> Any:
    referee.undo(get_db(), token, by_seat=True)
    return _seat_answer(token)


@bp.post("/s/<token>/join")
def seat_join(token: str) -> Any:
    """Claim the seat; while the game gathers, commit to this phone's randomness."""
    body = _body() if request.get_data(cache=True) else {}
    referee.join(get_db(), token, body.get("contribution"), body.get("commitment"))
    return _seat_answer(token)


@bp.post("/s/<token>/reveal")
def seat_reveal(token: str) -> Any:
    referee.reveal(get_db(), token, _body().get("contribution"))
    return _seat_answer(token)


def _round() -> int | None:
    """``?round=n``: one finished game of the table instead of all of them."""
    value = request.args.get("round")
    if value is None:
        return None
    try:
        return inputs.whole_number(value)
    except BadRequest:
        raise BadRequest(N_("“round” must be a whole number.")) from None


@bp.get("/s/<token>/export")
def seat_export(token: str) -> Any:
    table, _ = referee.open_seat(get_db(), token)
    return jsonify(exports.export(get_db(), table, exports.FULL, _round()))


@bp.post("/s/<token>/again")
def seat_again(token: str) -> Any:
    referee.play_again(get_db(), token, as_host=False)
    return _seat_answer(token)


def _host_answer(token: str, seat: NewLink | None = None) -> Any:
    db = get_db()
    table = referee.open_host(db, token)
    answer: HostAnswer = {"version": table.version, "table": render.table_info(db, table),
                          "view": table.view(None)}
    if seat is not None:
        answer["seat"] = seat
    return jsonify(answer)


@bp.post("/h/<token>/start")
def host_start(token: str) -> Any:
    """Deal now: close the phones' commitments (``force``: without the unrevealed ones)."""
    body = _body() if request.get_data(cache=True) else {}
    referee.start(get_db(), token, body.get("force", False))
    return _host_answer(token)


@bp.post("/h/<token>/check")
def host_check(token: str) -> Any:
    """The set-up check: ``{"options": {...}}`` corrects values the app is unsure of (an
    empty body confirms them as they are); the deal goes on once every phone has joined."""
    body = _body() if request.get_data(cache=True) else {}
    referee.check_cards(get_db(), token, body.get("options", {}))
    return _host_answer(token)


@bp.get("/h/<token>/export")
def host_export(token: str) -> Any:
    table = referee.open_host(get_db(), token)
    return jsonify(exports.export(get_db(), table, exports.FULL, _round()))


@bp.post("/h/<token>/undo")
def host_undo(token: str) -> Any:
    referee.undo(get_db(), token)
    return _host_answer(token)


@bp.post("/h/<token>/end")
def host_end(token: str) -> Any:
    referee.close(get_db(), token)
    return _host_answer(token)


@bp.post("/h/<token>/again")
def host_again(token: str) -> Any:
    referee.play_again(get_db(), token, as_host=True)
    return _host_answer(token)


@bp.post("/h/<token>/reissue/<int:seat>")
def host_reissue(token: str, seat: int) -> Any:
    new = referee.reissue(get_db(), token, seat)
    table = referee.open_host(get_db(), token)
    url = render.public_url(table) + url_for("screens.seat_page", token=new)
    return _host_answer(token, seat={"seat": seat, "token": new, "url": url})


@bp.get("/t/<code>/export")
def export(code: str) -> Any:
    """The public record: private lines and action parameters withheld (see export.py)."""
    table = referee.open_table(get_db(), code)
    return jsonify(exports.export(get_db(), table, exports.PUBLIC, _round()))
