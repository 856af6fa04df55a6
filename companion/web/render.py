"""Turn a table into what a template or a JSON answer receives: view dicts only.

This is the one place that calls ``view(state, seat)`` for the web; templates never see
a game's state, a seed (until the game is closed) or another seat's token.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

from babel.support import Translations
from flask import current_app, g, request, url_for
from flask_babel import get_translations
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from companion import referee
from companion.caches import Cache
from companion.fairplay.errors import AnswerFailed, TableError
from companion.games.base import N_, PLURALS, Action, Result
from companion.referee import Table, deal, joincodes
from companion.referee.saved import Saved, SavedGame
from companion.server.addresses import loopback
from companion.web.i18n import LANGUAGES, translation_directories
from companion.web.presence import presence
from companion.web.schemas import (
    Deal,
    Finished,
    LogLine,
    Offer,
    Outcome,
    SavedGames,
    SavedTable,
    TableBox,
    TableInfo,
)

_said: Cache[tuple[Any, ...], str] = Cache("log lines said", 4096)
"""A log line as rendered in a language for a table's names: a line, once written, reads
the same forever."""
_labels: Cache[tuple[Any, ...], str] = Cache("button labels", 4096)
"""A button's text in a language: the same buttons come back on every version."""
_table_paths: Cache[str, str] = Cache("table paths", 4096)


@contextmanager
def answering_a_stored_action() -> Iterator[None]:
    """The answer to an action already committed: a failure to build it is told as that
    (500 with a sentence), never as a refusal and never by running the action again."""
    try:
        yield
    except TableError:
        raise
    except Exception:
        current_app.logger.exception("the answer to a stored action failed")
        raise AnswerFailed(N_("Your action was taken, but this screen could not show it; "
                              "reload the page.")) from None


def select_locale() -> str:
    """The language a screen asked for (seat or table), else the browser's, else English."""
    here = g._get_current_object()  # one lookup through the proxy, not one per name
    lang: str | None = here.get("lang")
    if lang in LANGUAGES:
        return lang
    browser: str | None = here.get("browser_lang")
    if browser is None:
        browser = here.browser_lang = _browser_language(request.headers.get("Accept-Language"))
    return browser


_browser_languages: Cache[str, str] = Cache("browser languages", 256)
"""The best of LANGUAGES for an ``Accept-Language`` header: a phone sends the same header
with every request, and parsing it was a twentieth of an action."""


def _browser_language(header: str | None) -> str:
    if not header:
        return "en"
    best = _browser_languages.get(header)
    if best is None:
        best = parse_accept_header(header, LanguageAccept).best_match(list(LANGUAGES)) or "en"
        if len(header) <= 256:
            _browser_languages.keep(header, best)
    return best


def _catalogue() -> Any:
    """This request's catalogue: Flask-Babel's, kept per language for the app's life (its
    own lookup took a fifth of a millisecond per request)."""
    here = g._get_current_object()  # one lookup through the proxy, not one per name
    catalogue = here.get("translations")
    if catalogue is None:
        language = select_locale()
        kept = current_app.extensions.setdefault("companion_catalogues", {})
        catalogue = kept.get(language)
        if catalogue is None:
            catalogue = kept[language] = get_translations()
        here.translations = catalogue
    return catalogue


_OPTION_WORD = re.compile(r"[^\W\d]\w*")
_read_back: dict[tuple[str, ...], dict[str, str]] = {}
"""Each option's words by how they read in any language (lower case): a fixed table per
option, made once."""


def option_shown(value: Any, words: list[str] | tuple[str, ...]) -> Any:
    """A text option's value with its words in the viewer's language („4/3/červená“)."""
    if not words or not isinstance(value, str):
        return value
    known = set(words)
    return _OPTION_WORD.sub(
        lambda m: translate(m.group(0)) if m.group(0) in known else m.group(0), value)


def option_pairs(value: Any) -> dict[str, str]:
    """A ``key=number`` option's value by key (what each of its fields shows)."""
    found = {}
    for part in str(value).split():
        key, sep, number = part.partition("=")
        if sep:
            found[key] = number
    return found


def option_posted(form: Any, name: str, words: list[str] | tuple[str, ...]) -> Any:
    """An option as a form posted it, None when the form has no field of it: its own field,
    or, for an option of ``key=number`` pairs, a field per key put back together (a field
    left empty keeps the game's default)."""
    prefix = f"opt_{name}."
    pairs = [(field[len(prefix):], str(value).strip()) for field, value in form.items()
             if field.startswith(prefix)]
    if pairs:
        return " ".join(f"{key}={value}" for key, value in pairs if value)
    if f"opt_{name}" in form:
        return option_read(form[f"opt_{name}"], words)
    return None


def option_read(value: Any, words: list[str] | tuple[str, ...]) -> Any:
    """A text option as typed on a form in any of the three languages, its words back to
    the game's own (``option_shown`` the other way)."""
    if not words or not isinstance(value, str):
        return value
    key = tuple(words)
    back = _read_back.get(key)
    if back is None:
        back = {}
        for directory in translation_directories():
            for lang in LANGUAGES:
                catalogue = Translations.load(str(directory), [lang])
                for word in words:
                    said = catalogue.ugettext(word)
                    if said != word:
                        back.setdefault(said.lower(), word)
        back.update({word.lower(): word for word in words})
        _read_back[key] = back
    return _OPTION_WORD.sub(lambda m: back.get(m.group(0).lower(), m.group(0)), value)


def translate(text: str) -> str:
    """A message id in the viewer's language (unknown texts, like names, pass unchanged).

    The request's catalogue is looked up once: an answer translates every log line and
    button label, and Flask-Babel's per-call lookup was a fifth of an action's time.
    """
    if not isinstance(text, str) or not text:
        return text
    translated: str = _catalogue().ugettext(text)
    return translated


def say(text: str, args: dict[str, Any] | None, names: list[str],
        catalogue: Any = None) -> str:
    """A message id with its fields filled: seats print as names, message ids translate.

    ``catalogue``: the request's, when the caller says many things (looked up once)."""
    catalogue = catalogue or _catalogue()
    gettext = catalogue.ugettext
    values = {}
    for key, value in (args or {}).items():
        if isinstance(value, dict) and "seat" in value:
            seat = value["seat"]
            values[key] = names[seat] if 0 <= seat < len(names) else "?"
        elif isinstance(value, str):
            values[key] = gettext(value) if value else value
        elif isinstance(value, list):
            values[key] = ", ".join(str(gettext(v) if isinstance(v, str) and v else v)
                                    for v in value)
        else:
            values[key] = value
    messages = [k for k, v in (args or {}).items() if isinstance(v, str) and "{" in v]
    if messages:
        values = _nested(values, messages)
    template = _plural(text, args or {}, catalogue) or (
        gettext(text) if isinstance(text, str) and text else text)
    try:
        said = template.format(**values)
    except (KeyError, IndexError, ValueError):
        said = text.format(**values) if text else ""
    # A name that ends a sentence itself ("Bang!") takes no second full stop.
    if "!." in said or "?." in said or "…." in said:
        return _DOUBLED_STOP.sub(r"\1", said)
    return said


_FIELD = re.compile(r"\{(\w+)\}")


def _nested(values: dict[str, Any], messages: list[str]) -> dict[str, Any]:
    """A message given as another's field (``messages``: their keys) fills its own fields
    from the same arguments (Fury's "Move {hunter}'s figure to {place} ({why})." with
    ``why`` "with {leader}"); a field it names that is not among them stays as it is."""
    def fill(match: re.Match[str]) -> str:
        return str(values[match[1]]) if match[1] in values else match[0]

    return {**values, **{key: _FIELD.sub(fill, str(values[key])) for key in messages}}


def _plural(text: str, args: dict[str, Any], catalogue: Any) -> str | None:
    """A plural message (``games.base.NP_``) in the form its count asks for, else None."""
    plural = PLURALS.get(text) if isinstance(text, str) else None
    if plural is None:
        return None
    singular, many, key = plural
    count = args.get(key)
    if isinstance(count, list):
        count = len(count)
    if not isinstance(count, int):
        return None
    return str(catalogue.ungettext(singular, many, count))


_DOUBLED_STOP = re.compile(r"([!?…])\.(?=\s|$)")


def table_info(db: Any, table: Table) -> TableInfo:
    """Public facts about the table shown on every screen: the game, the seed's commitment
    (the seed once the game is over), the deal and its phones' randomness, the log hash."""
    result = table.result
    game = table.game
    played = referee.app_seats(table)
    return {
        "code": table.code,
        "game": game.NAME,
        "title": game.TITLE,
        "version": table.version,
        "round": table.round,
        "commitment": table.row["commitment"],
        "seed": table.row["seed"] if table.round_closed else None,
        "closed": table.closed,
        "over": result is not None,
        "result": _result(result, table.names),
        "rematch": game.REMATCH and (result is not None or table.closed),
        "ends_itself": game.MAX_TURNS is not None,
        "seats": [
            {"seat": s["seat"], "name": s["name"], "role": s["role"], "joined": bool(s["claimed"]),
             "app": s["seat"] in played}
            for s in table.seats
        ],
        "lang": table.row["lang"],
        "table_url": public_url(table) + _table_path(table.code),
        "dealt": table.dealt,
        "deal": cast(Deal, deal.status(db, table)),
        "log_hash": table.row["log_hash"],
        "log_size": table.row["log_size"],
        "again": [table.names[s] for s in table.again_asked()],
        "finished": finished_games(db, table),
        "box": box_info(game, table.options),
        "reveal": game.reveal(table.state) if (result is not None or table.round_closed)
        and table.state is not None else None,
    }


def box_info(game: Any, options: dict[str, Any]) -> TableBox:
    """The game's set-up list for the table's options, with what the host's set-up check
    needs: whether it was made, and each value's field as it stands now."""
    box = game.box(options)
    names = {check["option"] for check in box["checks"]}
    fields = [option.to_json() for option in game.OPTIONS if option.name in names]
    now = {}
    for field in fields:
        value = options.get(field["name"], field["default"])
        now[f"opt_{field['name']}"] = ("on" if value else "off") if field["kind"] == "bool" \
            else value
    return {"take_out": box["take_out"], "keep_in_box": box["keep_in_box"],
            "checks": box["checks"], "checked": bool(options.get("checked")),
            "fields": fields, "now": now}


def _table_path(code: str) -> str:
    """The table page's path (asked for with every answer; routes do not change)."""
    path = _table_paths.get(code)
    if path is None:
        path = _table_paths.keep(code, url_for("screens.table_page", code=code))
    return path


def finished_games(db: Any, table: Table) -> list[Finished]:
    """This table's finished games with their result, seed and log hash, newest first."""
    if table.round == 1 and not table.round_closed:
        return []  # the first game of a table, still being played: nothing finished yet
    return [cast(Finished, dict(game, result=_result(game["result"], table.names)))
            for game in referee.finished_games(db, table)]


def _result(result: Result | None, names: list[str]) -> Outcome | None:
    if result is None:
        return None
    return {
        "text": say(result.get("text", ""), result.get("args"), names),
        "winners": [names[w] for w in result.get("winners", [])],
        "draw": bool(result.get("draw")),
    }


def public_url(table: Table | None = None) -> str:
    """The address phones should use: the host's override, the server's, or this request's."""
    if table is not None and table.row["public_url"]:
        return str(table.row["public_url"])
    configured = current_app.config.get("PUBLIC_URL")
    return (configured or request.host_url).rstrip("/")


def log_lines(entries: list[dict[str, Any]], names: list[str]) -> list[LogLine]:
    """Log entries in the viewer's language; an undo's line quotes the action it took back,
    an undone action's own lines are marked ``undone``. A line, once written, reads the same
    in a language forever, so each is rendered once (every screen shows the newest 40 after
    every action; they were a third of an action's time)."""
    language = select_locale()
    seats = tuple(names)
    lines: list[LogLine] = []
    for e in entries:
        key = (language, seats, e["ref"]) if "ref" in e else None
        text = _said.get(key) if key else None
        if text is None:
            args = e.get("args") or {}
            if "undid" in e:
                undid = e["undid"]
                args = dict(args, action=say(undid["text"], undid.get("args"), names)
                            .rstrip("."))
            text = say(e["text"], args, names)
            if key:
                _said.keep(key, text)
        lines.append({"text": text, "private": e.get("private", False),
                      "correction": e.get("correction", False),
                      "undone": e.get("undone", False), "id": e["text"]})
    return lines


def action_forms(actions: list[Any], names: list[str]) -> list[dict[str, Any]]:
    """A seat's legal actions as forms: translated labels, inputs and a one-tap key each."""
    forms = []
    catalogue = _catalogue()
    for action in actions:
        data = action.to_json()
        forms.append({
            "action": data["action"],
            "params": data["params"],
            "params_json": json.dumps(data["params"], ensure_ascii=False, sort_keys=True),
            "label": label(action, names, catalogue),
            "label_args": data["label_args"],
            "hint": say(action.hint, action.label_args, names, catalogue) if action.hint
            else "",
            "group": translate(action.group) if action.group else "",
            "group_id": action.group,
            "inputs": [
                dict(spec, name=name, label=translate(spec.get("label", name)))
                for name, spec in action.inputs.items()
            ],
            "key": secrets.token_hex(8),
            # Stable across renders, so a typed-in value survives a live update (hx-preserve).
            "uid": hashlib.sha1(f"{data['action']}{data['params']}".encode()).hexdigest()[:10],
        })
    return forms


def grouped(forms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Forms under their group headings, groups in order of first appearance."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for form in forms:
        groups.setdefault(form["group"], []).append(form)
    return [{"title": title, "forms": items} for title, items in groups.items()]


def label(action: Any, names: list[str], catalogue: Any) -> str:
    """A button's text in the catalogue's language. The same buttons come back on every
    version (a card's name, a place), so each is written once; a label naming a seat
    depends on the names and is written each time."""
    args = action.label_args
    key = (catalogue, action.label or action.action, *args.items())
    try:
        said = _labels.get(key)
    except TypeError:  # a seat or a list among the values
        return say(action.label or action.action, args, names, catalogue)
    if said is None:
        said = _labels.keep(key, say(action.label or action.action, args, names, catalogue))
    return said


_forms: Cache[tuple[int, Any], tuple[Action, dict[str, Any]]] = Cache("button forms", 4096)
"""A button's API form in a language, by the offer's identity: a game that keeps an offer
from one version to the next (a fixed button, a card's button made once) offers the very
same object, so its form is made once. The entry holds the offer itself, so its id cannot
be taken by another object while the entry lives (and the lookup checks it is the same)."""


def api_actions(table: Table, seat: int) -> list[Offer]:
    """A seat's legal actions as the API sends them: ready to post, labelled in the
    viewer's language (callers do not change them)."""
    catalogue = _catalogue()
    names = table.names
    out: list[Offer] = []
    for action in table.actions(seat):
        key = (id(action), catalogue)
        kept = _forms.get(key)
        if kept is not None and kept[0] is action:
            out.append(cast(Offer, kept[1]))
            continue
        data = action.to_json()
        data["label"] = label(action, names, catalogue)
        del data["label_args"]
        if all(isinstance(value, (str, int)) for value in action.label_args.values()):
            _forms.keep(key, (action, data))   # a label naming a seat is the table's own
        out.append(cast(Offer, data))
    return out


STANDING = frozenset({"Corrections"})
"""Groups of offers that stand all game (Fury's "Correct something by hand"): no question."""


def _question(forms: list[dict[str, Any]]) -> str:
    """What the seat is asked now, as a short signature (empty: nothing): the phone scrolls
    to a question whose signature it has not seen (``companion/static/question.js``)."""
    asked = [f["action"] + f["params_json"] for f in forms if f["group_id"] not in STANDING]
    return hashlib.sha1("|".join(asked).encode()).hexdigest()[:12] if asked else ""


def seat_context(db: Any, table: Table, seat_row: dict[str, Any], token: str,
                 notice: str = "") -> dict[str, Any]:
    seat = seat_row["seat"]
    forms = action_forms(table.actions(seat), table.names)
    return {
        "table": table_info(db, table),
        "me": {"seat": seat, "name": seat_row["name"], "role": seat_row["role"],
               "lang": seat_row["lang"], "joined": bool(seat_row["claimed"])},
        "view": table.view(seat),
        "names": table.names,
        "forms": forms,
        "groups": grouped(forms),
        "ask": _question(forms),
        "can_undo": referee.undo_allowed(db, table, seat) is not None,
        "log": log_lines(referee.log_for(db, table, seat), table.names),
        "notice": notice,
        "token": token,
        "languages": LANGUAGES,
        "devices": presence().count(seat_row["token_hash"]),
    }


WHOLE_LOG = 20_000
"""Once the game is over the tablet shows its whole public log (beside Fury's chase)."""


def _log_limit(table: Table) -> int:
    return WHOLE_LOG if table.result is not None or table.round_closed else 40


def table_context(db: Any, table: Table, notice: str = "") -> dict[str, Any]:
    return {
        "table": table_info(db, table),
        "view": table.view(None),
        "names": table.names,
        "log": log_lines(referee.log_for(db, table, None, limit=_log_limit(table)),
                         table.names),
        "notice": notice,
        "languages": LANGUAGES,
    }


def saved_games(saved: Saved) -> SavedGames:
    """A saved export's games as their tablet showed each at its end: the table's view of
    the final position the replay made, what was hidden, the whole public log."""
    return {"code": saved.code, "game": saved.game.NAME, "title": saved.game.TITLE,
            "games": [{"table": _saved_table(saved, played),
                       "view": saved.game.view(played.state, None),
                       "log": log_lines(played.log, saved.names)}
                      for played in saved.games]}


def _saved_table(saved: Saved, played: SavedGame) -> SavedTable:
    game = saved.game
    return {
        "code": saved.code, "game": game.NAME, "title": game.TITLE, "round": played.round,
        "commitment": played.commitment, "seed": played.seed, "closed": True,
        "over": played.result is not None, "result": _result(played.result, saved.names),
        "ends_itself": game.MAX_TURNS is not None,
        "seats": [{"seat": s["seat"], "name": s["name"], "role": s["role"], "joined": True,
                   "app": s["seat"] in played.app_seats} for s in saved.seats],
        "lang": select_locale(), "log_hash": played.log_hash, "again": [],
        "actions": played.actions, "reveal": game.reveal(played.state),
    }


def _undo_what(db: Any, table: Table, last: dict[str, Any] | None) -> dict[str, str]:
    """The host's undo asks first, naming what it takes back as the table saw it, and whose
    action it was."""
    if last is None:
        return {}
    names = [s["name"] for s in table.seats]
    subject = referee.undo_subject(db, last, None)
    return {"action": say(subject["text"], subject.get("args"), names).rstrip("."),
            "who": names[last["seat"]] if 0 <= last["seat"] < len(names) else ""}


def _app_again(db: Any, table: Table) -> str | None:
    """The role of the seat the app plays that decided the same again after the host undid
    its decision (the host saw nothing change), else None."""
    seat = referee.decided_again(db, table)
    return None if seat is None else str(table.seats[seat]["role"] or table.names[seat])


def host_context(db: Any, table: Table, host_token: str, notice: str = "") -> dict[str, Any]:
    context = table_context(db, table, notice)
    base = public_url(table)
    last = referee.undo_allowed(db, table, None)
    codes = {} if table.closed else referee.join_codes(table, host_token)
    watch = presence()
    watch.seats_of(table.row["host_hash"], [s["token_hash"] for s in table.seats])
    played = referee.app_seats(table)
    context.update({
        "host_token": host_token,
        "host_url": base + url_for("screens.host_page", token=host_token),
        "public_url": table.row["public_url"],
        "base_url": base,
        "unreachable": loopback(base),
        "join_url": base + url_for("lobby.join", t=table.code),
        "host_lang": table.row["host_lang"] or table.row["lang"],
        "devices_signature": watch.signature(table.row["host_hash"]),
        "can_undo": last is not None,
        "undo_is_correction": bool(last and last["revealed"]),
        "undo_what": _undo_what(db, table, last),
        "app_again": _app_again(db, table) if played else None,
        "seat_links": [
            {
                "seat": s["seat"], "name": s["name"], "role": s["role"],
                "joined": bool(s["claimed"]) or s["seat"] in played,
                "app": played.get(s["seat"], ""),
                "devices": watch.count(s["token_hash"]),
                "join_code": joincodes.shown(codes[s["seat"]]) if s["seat"] in codes else "",
                "url": base + url_for("screens.seat_page", token=referee.seat_token(
                    host_token, s["seat"], s["generation"])),
            }
            for s in table.seats
        ],
    })
    return context
