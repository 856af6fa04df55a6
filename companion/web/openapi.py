"""The OpenAPI 3.1 document of the JSON API, served at ``/api/openapi.json``, made from the
code itself: the paths from the API blueprint's routes, each operation's body and answer
from the TypedDicts the code builds them with (``schemas.py``), each game's table options
from the options the game declares, and each operation's refusals from ``OPERATIONS``. A
route with no entry there is an error, so a new route cannot go undescribed.

400 means "not what this document describes" — except where a sentence in the operation
says what else the game decides (a table's options as a whole, an action's parameters now).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flask import Flask

from companion.core import inputs
from companion.games import GAMES
from companion.games.base import Game, Option
from companion.referee.options import MAX_OPTION_TEXT
from companion.web import schemas


@dataclass(frozen=True)
class Operation:
    """What one API route takes and answers, beside its code."""

    summary: str
    answer: Any
    """The 200 (201) answer's type; None: any JSON object."""
    refusals: tuple[int, ...] = ()
    """Statuses besides 400 (any request may hold bytes that are not text)."""
    body: Any = None
    body_required: bool = True
    query: tuple[str, ...] = ()
    status: int = 200
    malformed: str = ""
    """What else a 400 means here: what the game, not this document, decides."""


LOOKUP = (403, 429)
"""A token in the path: wrong (403), or too many wrong ones from this device (429)."""
OPERATIONS: dict[str, Operation] = {
    "api.openapi": Operation("This document.", None),
    "api.games": Operation("Every game: id, titles, seats, options with defaults.",
                           schemas.Games, query=("lang",)),
    "api.create_table": Operation(
        "Create a table; the seed's commitment is returned at once.", schemas.CreatedTable,
        (404, 413), body="NewTable", status=201, malformed=(
            "Besides this document's rules, the game checks its options as a whole and in "
            "its own notation (a card's text, strengths that add up, a split of the hunters "
            "that fits the seats, a deck within its size), and no two seats may share a "
            "name: each such refusal is a 400 with the game's sentence.")),
    "api.table_view": Operation("The table view: public information only.",
                                schemas.TableAnswer, (404, 429), query=("lang",)),
    "api.export": Operation(
        "After the end, the public record: seed, commitment, contributions, every event "
        "with its private log lines and action parameters withheld.", schemas.Export,
        (404, 422, 429), query=("round",)),
    "api.seat_view": Operation("A seat's private view and every legal action it may take "
                               "now.", schemas.SeatAnswer, LOOKUP,
                               query=("lang", "log_since")),
    "api.seat_act": Operation(
        "Take an action. A repeated key applies once.", schemas.SeatAnswer,
        (*LOOKUP, 409, 413, 422), body=schemas.Act, query=("lang", "log_since"), malformed=(
            "An action's parameters are the game's: a name the game has no action of, or "
            "parameters that fit none of the seat's offers of that action, are a 400.")),
    "api.seat_undo": Operation("Take back this seat's last action while it showed nobody "
                               "anything new.", schemas.SeatAnswer, (*LOOKUP, 422)),
    "api.seat_join": Operation(
        "Claim the seat; while the game gathers (table.deal.phase), commit to this device's "
        "randomness: the SHA-256 of 32 random bytes it keeps. `contribution` alone commits "
        "and reveals at once (old clients).", schemas.SeatAnswer, (*LOOKUP, 413, 422),
        body=schemas.Join, body_required=False,
        malformed="A `contribution` whose SHA-256 is not the `commitment` sent is a 400."),
    "api.seat_reveal": Operation(
        "Once commitments are closed (table.deal.phase == revealing): the 32 bytes "
        "committed to. The last one deals the game.", schemas.SeatAnswer,
        (*LOOKUP, 413, 422), body=schemas.Reveal,
        malformed="Bytes whose SHA-256 is not this phone's commitment are a 400."),
    "api.seat_export": Operation("After the end: the full export (every action and log "
                                 "line) that `companion verify` replays.", schemas.Export,
                                 (*LOOKUP, 404, 422), query=("round",)),
    "api.seat_again": Operation("After the end of a game: a new game at the same seats.",
                                schemas.SeatAnswer, (*LOOKUP, 422)),
    "api.host_start": Operation(
        "Deal now: close the phones' commitments; the cards are dealt once every committed "
        "phone has revealed, or at once with {\"force\": true}.", schemas.HostAnswer,
        (*LOOKUP, 413, 422), body=schemas.Start, body_required=False),
    "api.host_check": Operation(
        "The set-up check, while the phones join: the values the app is unsure of "
        "(table.box.checks), corrected where the group's cards print another; the deal "
        "then goes on once every phone has joined.", schemas.HostAnswer,
        (*LOOKUP, 413, 422), body=schemas.Check, body_required=False, malformed=(
            "An option that is not a value to check, or a value its option refuses, is a "
            "400 with the game's sentence.")),
    "api.host_export": Operation("After the end: the full export, as for a seat.",
                                 schemas.Export, (*LOOKUP, 404, 422), query=("round",)),
    "api.host_undo": Operation("Host correction: undo the last action, shown in every log.",
                               schemas.HostAnswer, (*LOOKUP, 422)),
    "api.host_end": Operation("End the table and reveal the seed.", schemas.HostAnswer,
                              (*LOOKUP, 422)),
    "api.host_again": Operation("A new game at the same seats, with a new seed.",
                                schemas.HostAnswer, (*LOOKUP, 422)),
    "api.host_reissue": Operation("A new link for a seat; the old one stops working.",
                                  schemas.HostAnswer, (*LOOKUP, 404, 422)),
}

REASONS = {
    400: "Malformed: not what this document describes, or bytes that are not text (a "
         "sentence says what).",
    403: "The token opens no seat or table.",
    404: "Unknown game, table, seat or finished game.",
    409: "Stale version: nothing was applied; the fresh view with an error sentence.",
    413: "The body is larger than 64 KiB.",
    422: "Well-formed, but against the rules or not allowed now (a sentence says why).",
    429: "Too many wrong table codes, links or malformed requests from this device: wait "
         "`Retry-After` seconds, then retry.",
}
WHOLE_MAX = 10**15 - 1
"""The largest number a query takes (``inputs.whole_number``: at most 15 digits)."""
QUERY = {
    "lang": {"schema": {"enum": list(inputs.LANGUAGES)},
             "description": "the language of the answer's sentences"},
    "log_since": {"schema": {"type": "integer", "minimum": 0, "maximum": WHOLE_MAX},
                  "description": "the version up to which this client keeps the log: `log` "
                                 "holds only the lines written after it"},
    "round": {"schema": {"type": "integer", "minimum": 1, "maximum": WHOLE_MAX},
              "description": "only this finished game of the table (see `table.finished`)"},
}
PATH = {
    "token": {"type": "string", "minLength": 1, "maxLength": 200},
    "code": {"type": "string", "minLength": 1, "maxLength": 200},
    "seat": {"type": "integer", "minimum": 0},
}


def openapi_document(app: Flask) -> dict[str, Any]:
    """The whole document, made from ``app``'s API routes."""
    components: dict[str, Any] = {}
    error = schemas.schema_of(schemas.Error, components)
    components["NewTable"] = {"oneOf": [_new_table(game, components)
                                        for game in GAMES.values()]}
    paths: dict[str, Any] = {}
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if not rule.endpoint.startswith("api."):
            continue
        operation = OPERATIONS[rule.endpoint]      # KeyError: a route nobody described
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            paths.setdefault(path, {})[method.lower()] = _operation(
                operation, rule.arguments, components, error)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Table Companion",
            "version": "1",
            "description": "A neutral referee for physical board games. Every screen has "
            "a JSON twin here. Tokens travel in the path; errors are sentences.",
        },
        "paths": paths,
        "components": {"schemas": dict(sorted(components.items()))},
    }


def _operation(operation: Operation, arguments: Any, components: dict[str, Any],
               error: dict[str, Any]) -> dict[str, Any]:
    answer = ({"type": "object"} if operation.answer is None
              else schemas.schema_of(operation.answer, components))
    responses: dict[str, Any] = {str(operation.status): _json(answer, "The answer.")}
    for status in (400, *operation.refusals):
        reason = REASONS[status]
        if status == 400 and operation.malformed:
            reason += " " + operation.malformed
        schema = answer if status == 409 else error
        responses[str(status)] = _json(schema, reason)
        if status == 429:
            responses["429"]["headers"] = {"Retry-After": {
                "description": "Seconds until this device may look up again.",
                "schema": {"type": "string", "pattern": "^[0-9]+$"}}}
    out: dict[str, Any] = {
        "summary": operation.summary,
        "parameters": [
            *({"name": name, "in": "path", "required": True, "schema": PATH[name]}
              for name in sorted(arguments)),
            *({"name": name, "in": "query", "required": False, **QUERY[name]}
              for name in operation.query),
        ],
        "responses": responses,
    }
    if operation.body is not None:
        body = ({"$ref": "#/components/schemas/NewTable"} if operation.body == "NewTable"
                else schemas.schema_of(operation.body, components))
        out["requestBody"] = {"required": operation.body_required,
                              "content": {"application/json": {"schema": body}}}
    return out


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _new_table(game: Game, components: dict[str, Any]) -> dict[str, Any]:
    """The body that creates a table of ``game``: its options typed as the game declares."""
    options = f"Options_{game.NAME}"
    components[options] = {
        "type": "object",
        "description": f"The table options of {game.TITLE}.",
        "additionalProperties": False,
        "properties": {option.name: option_schema(option) for option in game.OPTIONS},
    }
    spec = game.seats({option.name: option.default for option in game.OPTIONS})
    fewest, most = (len(spec.roles),) * 2 if spec.roles else (spec.min, spec.max)
    seat = schemas.schema_of(schemas.NewSeat, components)
    name = f"NewTable_{game.NAME}"
    components[name] = {
        "type": "object",
        "description": f"A new table of {game.TITLE}.",
        "required": ["game"],
        "properties": {
            "game": {"const": game.NAME},
            "options": {"anyOf": [{"$ref": f"#/components/schemas/{options}"},
                                  {"type": "null"}]},
            "seats": {"anyOf": [{"type": "array", "items": seat, "minItems": fewest,
                                 "maxItems": most}, {"type": "null"}],
                      "description": "One per player"
                      + (f" in the order of the roles {list(spec.roles)}" if spec.roles
                         else "") + "; null: the fewest seats, unnamed."},
            "lang": {"enum": list(inputs.LANGUAGES)},
            "deal": {"enum": ["join", "now"], "description": "join (default): deal once "
                     "the phones joined, or at the first action; now: deal at once from "
                     "the server's seed alone (bots, tests)."},
        },
    }
    return {"$ref": f"#/components/schemas/{name}"}


def _any_case(word: str) -> str:
    return "".join(f"[{c.upper()}{c}]" if c.isalpha() else c for c in word)


YES_NO_TEXT = "^(" + "|".join(_any_case(w) for w in (
    "on", "true", "1", "yes", "", "off", "false", "0", "no")) + ")$"
"""The texts a yes/no option also takes (``referee.options``), in any case."""


def option_schema(option: Option) -> dict[str, Any]:
    """One option's schema: what ``referee.options`` accepts for it."""
    about = {"description": option.hint, "default": option.default} if option.hint else {
        "default": option.default}
    if option.kind == "bool":
        return {"anyOf": [{"type": "boolean"}, {"type": "string", "pattern": YES_NO_TEXT}],
                **about}
    if option.kind == "int":
        number: dict[str, Any] = {"type": "integer"}
        if option.min is not None:
            number["minimum"] = option.min
        if option.max is not None:
            number["maximum"] = option.max
        return {"anyOf": [number, {"type": "string", **schemas.WholeText.keywords}], **about}
    if option.kind == "choice":
        return {"enum": [value for value, _ in option.choices], **about}
    return {"type": "string", "maxLength": MAX_OPTION_TEXT, **about}
