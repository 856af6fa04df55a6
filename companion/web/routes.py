"""The route table: every request about a table — a screen, an action, a control, an
export — written once, with the one function that does it, and answered in the form the
client asked for (Datasette's way: one view per operation, one renderer per format).

A route's HTML form lives at its path and its JSON form at ``/api`` + the same path. The
view reads what was posted as one JSON-shaped object (a screen's form is read into that
shape first, by ``Route.form``), calls the referee and says what happened
(:class:`Answer`); it never builds an answer. ``screens.py`` renders the HTML form — the
page, its htmx fragment or a redirect, a refusal shown on the screen it came from — and
``api.py`` the JSON form — the answer object, a refusal as ``{"error": sentence}``. Each
route also carries its entry of the OpenAPI document (``openapi.py`` makes the document
from this table, so a route cannot go undescribed).

What is only a screen's plumbing — its live fragment and poll, its event stream, the QR
codes, the language switches that reload a page — is HTML alone and stays in
``screens.py``; the lobby is its own blueprint.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from flask import current_app, request, url_for

from companion import referee
from companion.fairplay import inputs
from companion.fairplay.errors import BadRequest
from companion.games import GAMES
from companion.games.base import N_
from companion.referee import export as exports
from companion.referee import saved
from companion.server.bounds import SAVED_GAME_BYTES
from companion.web import render, schemas
from companion.web.db import get_db
from companion.web.openapi import Operation, openapi_document

TABLE, SEAT, HOST, DATA, SAVED = "table", "seat", "host", "data", "saved"
"""What a route answers with: a screen of the table (the tablet's, a seat's, the host's),
data of its own (JSON only), or a saved game's end (its data, or the page that shows it)."""


@dataclass
class Answer:
    """What a view did, for a renderer to answer: the route's screen (as the view left it)
    or the view's own data."""

    done: str = ""
    """A message id the screen's page shows as its notice (the JSON answer does not)."""
    acted: referee.Acted | None = None
    """The table as the action left it (the answer needs no second read)."""
    new_link: tuple[int, str] | None = None
    """A seat's new link (seat, token): the JSON answer names it."""
    data: Any = None
    """A ``DATA`` route's answer."""


@dataclass(frozen=True)
class Route:
    """One operation: its path, its view, and the forms it is served in."""

    path: str
    view: Callable[..., Answer]
    """``view(posted, **path_arguments)``: ``posted`` the body as a JSON object ({} for a
    route that takes none)."""
    screen: str
    method: str = "GET"
    page: str | None = None
    """The HTML form's endpoint (``screens.<page>``); None: JSON only."""
    api: str | None = None
    """The JSON form's endpoint (``api.<api>``); None: HTML only."""
    form: Callable[[Any], dict[str, Any]] = field(default=lambda form: {})
    """A screen's posted form read as the JSON body."""
    script: bool = False
    """The HTML form is sent by the page's script, which needs no screen back (204); a
    refusal is an error page."""
    doc: Operation | None = None
    """The JSON form's entry in the OpenAPI document."""


# --- the views: one per operation ----------------------------------------------------------


def table_screen(posted: dict[str, Any], code: str) -> Answer:
    return Answer()


def seat_screen(posted: dict[str, Any], token: str) -> Answer:
    return Answer()


def host_screen(posted: dict[str, Any], token: str) -> Answer:
    return Answer()


def seat_act(posted: dict[str, Any], token: str) -> Answer:
    return Answer(acted=referee.act(get_db(), token, posted.get("action"),
                                    posted.get("params"), posted.get("version"),
                                    posted.get("key")))


def seat_undo(posted: dict[str, Any], token: str) -> Answer:
    referee.undo(get_db(), token, by_seat=True)
    return Answer(done=N_("Taken back."))


def seat_join(posted: dict[str, Any], token: str) -> Answer:
    """Claim the seat; while the game gathers, commit to this phone's randomness (the
    SHA-256 of 32 random bytes it keeps)."""
    referee.join(get_db(), token, posted.get("contribution"), posted.get("commitment"))
    return Answer()


def seat_reveal(posted: dict[str, Any], token: str) -> Answer:
    """Once commitments are closed: the 32 bytes themselves."""
    referee.reveal(get_db(), token, posted.get("contribution"))
    return Answer()


def seat_again(posted: dict[str, Any], token: str) -> Answer:
    referee.play_again(get_db(), token, as_host=False)
    return Answer()


def host_start(posted: dict[str, Any], token: str) -> Answer:
    """Deal now: close the phones' commitments (``force``: without the unrevealed ones)."""
    referee.start(get_db(), token, posted.get("force", False))
    return Answer(done=N_("The game is starting; the cards are dealt as soon as every "
                          "phone's randomness is in."))


def host_check(posted: dict[str, Any], token: str) -> Answer:
    """The set-up check: ``options`` corrects values the app is unsure of (none: they are
    confirmed as they are); the deal goes on once every phone has joined."""
    referee.check_cards(get_db(), token, posted.get("options", {}))
    return Answer(done=N_("The values are checked against the group's cards; the cards are "
                          "dealt once every phone has joined."))


def host_undo(posted: dict[str, Any], token: str) -> Answer:
    table = referee.undo(get_db(), token)
    if referee.undid_the_app(get_db(), table) is not None:
        return Answer(done=N_("The app's decision was undone; everyone sees the correction. "
                              "The app decides again in a moment, and the same: its decision "
                              "depends only on what it was shown and the step's "
                              "randomness."))
    return Answer(done=N_("The last action was undone; everyone sees the correction."))


def host_end(posted: dict[str, Any], token: str) -> Answer:
    referee.close(get_db(), token)
    return Answer(done=N_("The table has ended and its seed is revealed."))


def host_again(posted: dict[str, Any], token: str) -> Answer:
    referee.play_again(get_db(), token, as_host=True)
    return Answer(done=N_("A new game is dealt at the same seats."))


def host_reissue(posted: dict[str, Any], token: str, seat: int) -> Answer:
    new = referee.reissue(get_db(), token, seat)
    return Answer(done=N_("A new link was made for that seat; the old one no longer works."),
                  new_link=(seat, new))


def host_lang(posted: dict[str, Any], token: str) -> Answer:
    referee.set_table_language(get_db(), token, posted.get("lang"))
    return Answer(done=N_("The table view's language is changed."))


def host_public_url(posted: dict[str, Any], token: str) -> Answer:
    referee.set_public_url(get_db(), token, posted.get("url", ""))
    return Answer(done=N_("The QR codes now point to the new address."))


def openapi(posted: dict[str, Any]) -> Answer:

    return Answer(data=openapi_document(current_app, DOCUMENTED))


def games(posted: dict[str, Any]) -> Answer:
    from companion.web.lobby import game_card

    out = []
    for game in GAMES.values():
        card = game_card(game)
        card["title"] = render.translate(card["title"])
        card["blurb"] = render.translate(card["blurb"])
        out.append(card)
    return Answer(data={"games": out})


def create_table(posted: dict[str, Any]) -> Answer:
    created = referee.create(get_db(), posted.get("game"), posted.get("options"),
                             posted.get("seats"), lang=posted.get("lang", "en"),
                             deal_mode=posted.get("deal", "join"))
    table = referee.open_table(get_db(), created["code"])
    base = render.public_url(table)
    played = referee.app_seats(table)
    answer: schemas.CreatedTable = {
        "code": created["code"],
        "table_url": base + url_for("screens.table_page", code=created["code"]),
        "host_url": base + url_for("screens.host_page", token=created["host_token"]),
        "host_token": created["host_token"],
        "commitment": created["commitment"],
        "dealt": created["dealt"],
        "seats": [_created_seat(i, s, base, played) for i, s in enumerate(created["seats"])],
    }
    return Answer(data=answer)


def _created_seat(seat: int, made: dict[str, Any], base: str,
                  played: dict[int, str]) -> schemas.CreatedSeat:
    """A new seat as the answer names it: a seat the app plays says so and has no link (no
    phone opens it; a client that joined it was refused with a 422)."""
    if seat in played:
        return {"role": made["role"], "name": made["name"], "app": True}
    return {"role": made["role"], "name": made["name"], "app": False, "token": made["token"],
            "url": base + url_for("screens.seat_page", token=made["token"])}


def _round() -> int | None:
    """``?round=n``: one finished game of the table instead of all of them."""
    value = request.args.get("round")
    if value is None:
        return None
    try:
        return inputs.whole_number(value)
    except BadRequest:
        raise BadRequest(N_("“round” must be a whole number.")) from None


def export(posted: dict[str, Any], code: str) -> Answer:
    """The public record: private lines and action parameters withheld (see export.py)."""
    table = referee.open_table(get_db(), code)
    return Answer(data=exports.export(get_db(), table, exports.PUBLIC, _round()))


def seat_export(posted: dict[str, Any], token: str) -> Answer:
    table, _ = referee.open_seat(get_db(), token)
    return Answer(data=exports.export(get_db(), table, exports.FULL, _round()))


def host_export(posted: dict[str, Any], token: str) -> Answer:
    table = referee.open_host(get_db(), token)
    return Answer(data=exports.export(get_db(), table, exports.FULL, _round()))


def open_saved(posted: dict[str, Any]) -> Answer:
    """A finished game's export opened again (issue 42, item 4): replayed through the rules
    by ``companion verify``'s code, its end shown as the tablet showed it; nothing is
    stored."""
    return Answer(data=render.saved_games(_replayed(posted)))


_one_replay = threading.Lock()


def _replayed(export: dict[str, Any]) -> saved.Saved:
    """The replay takes a second or two of a core for a long game, one at a time: under
    gevent's loop (the fast mode) in a worker thread of its own, so that the tables'
    screens are answered meanwhile; in a thread of waitress's (the pure-Python mode), or a
    test's request, as it is."""
    if not current_app.config.get("APP_SEATS_IN_LOOP"):
        with _one_replay:
            return saved.open_export(export)
    from gevent.threadpool import ThreadPool

    pool = current_app.extensions.get("saved_games_replay")
    if pool is None:
        pool = current_app.extensions["saved_games_replay"] = ThreadPool(1)
    answer: tuple[saved.Saved | None, Exception | None] = pool.apply(_opened_or_refused,
                                                                    (export,))
    opened, refused = answer
    if opened is None:
        # Raised here, where the app answers it (the pool would print it as a crash).
        raise refused or RuntimeError("the replay gave nothing")
    return opened


def _opened_or_refused(export: dict[str, Any]) -> tuple[saved.Saved | None, Exception | None]:
    """In the worker thread: the saved game, or why it was not opened."""
    try:
        return saved.open_export(export), None
    except Exception as error:
        return None, error


# --- a screen's forms, read as the JSON body ------------------------------------------------


def action_form(form: Any) -> dict[str, Any]:
    """An action posted by a button: fixed params as JSON plus the typed-in inputs; the
    version as typed when it is no number (the referee refuses it, as any client's)."""
    params = inputs.parse_json(form.get("params") or "{}")
    if not isinstance(params, dict):
        raise BadRequest(N_("The action's parameters must be an object."))
    for name, value in form.items():
        if not name.startswith("in_"):
            continue
        kind = form.get(f"kind_{name[3:]}", "text")
        params[name[3:]] = inputs.whole_number(value) if kind == "int" else value
    version = form.get("version")
    with suppress(BadRequest):
        version = inputs.whole_number(version) if version is not None else None
    return {"action": form.get("action", ""), "params": params, "version": version,
            "key": form.get("key") or None}


def _join_form(form: Any) -> dict[str, Any]:
    return {"contribution": form.get("contribution") or None,
            "commitment": form.get("commitment") or None}


def _saved_form(form: Any) -> dict[str, Any]:
    """The export a person chose to open: the form's file, read as the API reads its body
    (``request.files``: a form's file is not among its fields)."""
    chosen = request.files.get("export")
    if chosen is None or not chosen.filename:
        raise BadRequest(N_("Choose the file of a game's export first."))
    try:
        data = chosen.stream.read(SAVED_GAME_BYTES + 1)
    finally:
        chosen.close()   # a large file is spooled to a temporary file: gone at once
    export = saved.read(data, SAVED_GAME_BYTES)
    if not isinstance(export, dict):
        raise saved.NotAnExport()
    return export


def _check_form(form: Any) -> dict[str, Any]:
    """The values the set-up check showed a field for (a box not ticked is not sent)."""
    corrections = {}
    for name in form.getlist("field")[:100]:
        value = render.option_posted(form, name, ())
        corrections[name] = "on" if value == "on" else (value if value is not None else "off")
    return {"options": corrections}


# --- the table -------------------------------------------------------------------------------

LOOKUP = (403, 429)
"""A token in the path: wrong (403), or too many wrong ones from this device (429)."""

ROUTES: tuple[Route, ...] = (
    Route("/openapi.json", openapi, DATA, api="openapi",
          doc=Operation("This document.", None)),
    Route("/games", games, DATA, api="games",
          doc=Operation("Every game: id, titles, seats, options with defaults.",
                        schemas.Games, query=("lang",))),
    Route("/tables", create_table, DATA, "POST", api="create_table", doc=Operation(
        "Create a table; the seed's commitment is returned at once.", schemas.CreatedTable,
        (404, 413), body="NewTable", status=201, malformed=(
            "Besides this document's rules, the game checks its options as a whole and in "
            "its own notation (a card's text, strengths that add up, a split of the hunters "
            "that fits the seats, a deck within its size), and no two seats may share a "
            "name: each such refusal is a 400 with the game's sentence."))),

    Route("/saved", open_saved, SAVED, "POST", page="saved_open", api="saved",
          form=_saved_form, doc=Operation(
              "A finished game's full export opened again: every game replayed through the "
              "rules as `companion verify` replays it, and shown as its tablet showed the "
              "end — the table's view of the final position, everything that was hidden "
              "(Fury's chase, the cards that lay face down), the whole public log. Nothing "
              "is stored.", schemas.SavedGames, (413, 422), body=schemas.Export,
              query=("lang",), max_body=SAVED_GAME_BYTES, malformed=(
                  "A body that is not a Table Companion export is a 400."))),

    Route("/t/<code>", table_screen, TABLE, page="table_page", api="table_view",
          doc=Operation("The table view: public information only.", schemas.TableAnswer,
                        (404, 429), query=("lang",))),
    Route("/t/<code>/export", export, DATA, api="export", doc=Operation(
        "After the end, the public record: seed, commitment, contributions, every event "
        "with its private log lines and action parameters withheld.", schemas.Export,
        (404, 422, 429), query=("round",))),

    Route("/s/<token>", seat_screen, SEAT, page="seat_page", api="seat_view",
          doc=Operation("A seat's private view and every legal action it may take now.",
                        schemas.SeatAnswer, LOOKUP, query=("lang", "log_since"))),
    Route("/s/<token>/act", seat_act, SEAT, "POST", page="seat_act", api="seat_act",
          form=action_form, doc=Operation(
              "Take an action. A repeated key applies once.", schemas.SeatAnswer,
              (*LOOKUP, 409, 413, 422), body=schemas.Act, query=("lang", "log_since"),
              malformed=("An action's parameters are the game's: a name the game has no "
                         "action of, or parameters that fit none of the seat's offers of "
                         "that action, are a 400."))),
    Route("/s/<token>/undo", seat_undo, SEAT, "POST", page="seat_undo", api="seat_undo",
          doc=Operation("Take back this seat's last action while it showed nobody anything "
                        "new.", schemas.SeatAnswer, (*LOOKUP, 422))),
    Route("/s/<token>/join", seat_join, SEAT, "POST", page="seat_join", api="seat_join",
          form=_join_form, script=True, doc=Operation(
              "Claim the seat; while the game gathers (table.deal.phase), commit to this "
              "device's randomness: the SHA-256 of 32 random bytes it keeps. `contribution` "
              "alone commits and reveals at once (old clients).", schemas.SeatAnswer,
              (*LOOKUP, 413, 422), body=schemas.Join, body_required=False,
              malformed="A `contribution` whose SHA-256 is not the `commitment` sent is a "
                        "400.")),
    Route("/s/<token>/reveal", seat_reveal, SEAT, "POST", page="seat_reveal",
          api="seat_reveal", form=lambda form: {"contribution": form.get("contribution")},
          script=True, doc=Operation(
              "Once commitments are closed (table.deal.phase == revealing): the 32 bytes "
              "committed to. The last one deals the game.", schemas.SeatAnswer,
              (*LOOKUP, 413, 422), body=schemas.Reveal,
              malformed="Bytes whose SHA-256 is not this phone's commitment are a 400.")),
    Route("/s/<token>/again", seat_again, SEAT, "POST", page="seat_again", api="seat_again",
          doc=Operation("After the end of a game: a new game at the same seats.",
                        schemas.SeatAnswer, (*LOOKUP, 422))),
    Route("/s/<token>/export", seat_export, DATA, api="seat_export", doc=Operation(
        "After the end: the full export (every action and log line) that `companion "
        "verify` replays.", schemas.Export, (*LOOKUP, 404, 422), query=("round",))),

    Route("/h/<token>", host_screen, HOST, page="host_page"),
    Route("/h/<token>/start", host_start, HOST, "POST", page="host_start", api="host_start",
          form=lambda form: {"force": form.get("force") == "1"}, doc=Operation(
              "Deal now: close the phones' commitments; the cards are dealt once every "
              "committed phone has revealed, or at once with {\"force\": true}.",
              schemas.HostAnswer, (*LOOKUP, 413, 422), body=schemas.Start,
              body_required=False)),
    Route("/h/<token>/check", host_check, HOST, "POST", page="host_check", api="host_check",
          form=_check_form, doc=Operation(
              "The set-up check, while the phones join: the values the app is unsure of "
              "(table.box.checks), corrected where the group's cards print another; the "
              "deal then goes on once every phone has joined.", schemas.HostAnswer,
              (*LOOKUP, 413, 422), body=schemas.Check, body_required=False, malformed=(
                  "An option that is not a value to check, or a value its option refuses, "
                  "is a 400 with the game's sentence."))),
    Route("/h/<token>/undo", host_undo, HOST, "POST", page="host_undo", api="host_undo",
          doc=Operation("Host correction: undo the last action, shown in every log.",
                        schemas.HostAnswer, (*LOOKUP, 422))),
    Route("/h/<token>/end", host_end, HOST, "POST", page="host_end", api="host_end",
          doc=Operation("End the table and reveal the seed.", schemas.HostAnswer,
                        (*LOOKUP, 422))),
    Route("/h/<token>/again", host_again, HOST, "POST", page="host_again", api="host_again",
          doc=Operation("A new game at the same seats, with a new seed.", schemas.HostAnswer,
                        (*LOOKUP, 422))),
    Route("/h/<token>/reissue/<int:seat>", host_reissue, HOST, "POST", page="host_reissue",
          api="host_reissue", doc=Operation(
              "A new link for a seat; the old one stops working.", schemas.HostAnswer,
              (*LOOKUP, 404, 422))),
    Route("/h/<token>/lang", host_lang, HOST, "POST", page="host_lang",
          form=lambda form: {"lang": form.get("lang")}),
    Route("/h/<token>/public-url", host_public_url, HOST, "POST", page="host_public_url",
          form=lambda form: {"url": form.get("url", "")}),
    Route("/h/<token>/export", host_export, DATA, api="host_export", doc=Operation(
        "After the end: the full export, as for a seat.", schemas.Export,
        (*LOOKUP, 404, 422), query=("round",))),
)
"""Every operation on a table, by screen: the API's own, the tablet's, a seat's, the
host's."""

DOCUMENTED: dict[str, Operation] = {f"api.{route.api}": route.doc for route in ROUTES
                                    if route.api and route.doc}
"""The OpenAPI entry of each JSON endpoint."""
