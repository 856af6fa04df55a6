"""The lobby: the list of games and the new-table form."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, g, jsonify, redirect, render_template, request, url_for

from companion import referee
from companion.fairplay import inputs
from companion.fairplay.errors import NotFound, TableError
from companion.games import GAMES
from companion.games.base import N_, Game
from companion.referee.options import MAX_NAME
from companion.web import protect_forms
from companion.web.db import get_db
from companion.web.render import option_posted, say, translate
from companion.web.throttle import count_miss, refuse_if_guessing

bp = Blueprint("lobby", __name__)
bp.before_request(protect_forms)


def game_card(game: Game) -> dict[str, Any]:
    """What the lobby and the setup form show about a game (no state involved); for a game
    that names its seats by their count (Fury), what each seat plays at each count."""
    defaults = {option.name: option.default for option in game.OPTIONS}
    spec = game.seats(defaults)
    by_players = {}
    if not spec.roles:
        for count in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1):
            named = game.seats({**defaults, "players": count})
            if named.named:
                by_players[count] = {
                    "named": list(named.named), "option": named.share_option,
                    "shares": [{"value": v, "roles": list(r)} for v, r in named.shares]}
    return {
        "id": game.NAME,
        "title": game.TITLE,
        "blurb": game.BLURB,
        "min": game.MIN_PLAYERS,
        "max": game.MAX_PLAYERS,
        "roles": list(spec.roles),
        "by_players": by_players,
        "options": [option.to_json() for option in game.OPTIONS],
    }


def _players_asked(card: dict[str, Any], value: Any) -> int:
    """The count the form names the seats for (``?players=``), within the game's range."""
    try:
        count = int(value)
    except (TypeError, ValueError):
        count = card["min"] + 1
    low: int = card["min"]
    high: int = card["max"]
    return min(max(count, low), high)


def _app_name(card: dict[str, Any], form: Any, seat: int, n: int) -> str:
    """A seat the app plays is called by the role it plays where that is short (Dracula),
    else "The app" in the table's language (numbered when the app plays several)."""
    players = _players_asked(card, form.get("players"))
    named = card["by_players"].get(players, {}).get("named") or card["roles"]
    role = translate(named[seat]) if seat < len(named) else ""
    if role and len(role) <= MAX_NAME:
        return role
    app = translate(N_("The app"))
    return app if n == 0 else f"{app} {n + 1}"


def _language_from_query() -> None:
    if request.args.get("lang") is not None:
        g.lang = inputs.check_lang(request.args["lang"])


@bp.get("/")
def index() -> Any:
    _language_from_query()
    return render_template("lobby.html", games=[game_card(g) for g in GAMES.values()])


@bp.route("/new/<game_id>", methods=["GET", "POST"])
def new_table(game_id: str) -> Any:
    if game_id not in GAMES:
        raise NotFound("There is no game “{game}”.", game=game_id[:40])
    card = game_card(GAMES[game_id])
    if request.method == "GET":
        _language_from_query()
        players = _players_asked(card, request.args.get("players"))
        return render_template("new_table.html", game=card, form={}, error="",
                               players=players)
    form = request.form
    g.lang = form.get("lang", "en")
    if "players_to" in form:
        # another count: the same form again, with everything filled in kept
        return render_template("new_table.html", game=card, form=form, error="",
                               players=_players_asked(card, form.get("players_to")))
    names = [form.get(f"seat{i}", "") for i in range(card["max"])]
    for option in card["options"]:
        if "app_seat" in option and form.get(f"opt_{option['name']}", "no") != "no" \
                and option["app_seat"] < len(names):
            # the app's seat: no name is asked; it is called what it plays, or "The app"
            names[option["app_seat"]] = ""
    played = [option["app_seat"] for option in card["options"] if "app_seat" in option
              and form.get(f"opt_{option['name']}", "no") != "no"]
    for n, seat in enumerate(sorted(played)):
        names[seat] = _app_name(card, form, seat, n)
    players = _players_asked(card, form.get("players"))
    if card["roles"]:
        seats = [{"name": n} for n in names[: len(card["roles"])]]
    elif card["by_players"]:
        seats = [{"name": n} for n in names[:players]]
    else:
        seats = [{"name": n} for n in names if n.strip()]
    options: dict[str, Any] = {}
    for option in card["options"]:
        if option["kind"] == "bool":
            options[option["name"]] = form.get(f"opt_{option['name']}") == "on"
        elif (posted := option_posted(form, option["name"], option.get("words", ()))) \
                is not None:
            options[option["name"]] = posted
    try:
        created = referee.create(get_db(), game_id, options, seats, lang=g.lang)
    except TableError as error:
        message = say(error.message, error.args_, [])
        return render_template("new_table.html", game=card, form=form,
                               error=message, players=players), error.status
    return redirect(url_for("screens.host_page", token=created["host_token"]), code=303)


@bp.route("/join", methods=["GET", "POST"])
def join() -> Any:
    """Open a seat by typing the table's code and the seat's code (companion/referee/joincodes.py).
    Every wrong pair costs a lookup token, like a wrong link."""
    _language_from_query()
    if request.method == "GET":
        return render_template("join.html", table_code=request.args.get("t", "")[:12],
                               error="")
    form = request.form
    refuse_if_guessing()
    try:
        token = referee.redeem_join_code(get_db(), form.get("table"), form.get("seat"))
    except TableError as error:
        count_miss()
        return render_template("join.html", table_code=str(form.get("table", ""))[:12],
                               error=say(error.message, error.args_, [])), error.status
    return redirect(url_for("screens.seat_page", token=token), code=303)


@bp.get("/me")
def mine() -> Any:
    """This device's seats and tables (kept in its own storage by the pages it opened): the
    home-screen icon's start, so it still leads somewhere after the host made a new link."""
    _language_from_query()
    return render_template("mine.html")


def _local_path(path: str) -> str:
    """A path on this server, else ``/``: ``//host`` is another site (protocol-relative)."""
    return path if re.fullmatch(r"/(?![/\\])[A-Za-z0-9/_\-]{0,80}", path) else "/"


@bp.get("/manifest.webmanifest")
def manifest() -> Any:
    """The web app manifest, so a seat view can be added to the home screen."""
    data = {
        "name": "Table Companion",
        "short_name": "Companion",
        "description": translate("A neutral referee for your board game table."),
        "start_url": _local_path(request.args.get("start", "/")),
        "display": "standalone",
        "background_color": "#1d1b18",
        "theme_color": "#1d1b18",
        "icons": [
            {"src": url_for("static", filename="icon.svg"), "sizes": "any",
             "type": "image/svg+xml"},
            {"src": url_for("static", filename="icon-192.png"), "sizes": "192x192",
             "type": "image/png"},
            {"src": url_for("static", filename="icon-512.png"), "sizes": "512x512",
             "type": "image/png"},
            {"src": url_for("static", filename="icon-512.png"), "sizes": "512x512",
             "type": "image/png", "purpose": "maskable"},
        ],
    }
    response = jsonify(data)
    response.mimetype = "application/manifest+json"
    return response
