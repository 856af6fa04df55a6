"""The OpenAPI 3.1 document of the JSON API, served at ``/api/openapi.json``, made from the
code itself: the paths from the API blueprint's routes, each operation's body and answer
from the TypedDicts the code builds them with (``schemas.py``), each game's table options
from the options the game declares, and each operation's summary and refusals from its
entry in the route table (an :class:`Operation`). A route with no entry there is an error,
so a new route cannot go undescribed.

400 means "not what this document describes" — except where a sentence in the operation
says what else the game decides (a table's options as a whole, an action's parameters now).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flask import Flask

from companion.fairplay import inputs
from companion.games import GAMES
from companion.games.base import Game, Option
from companion.referee.options import MAX_OPTION_TEXT
from companion.web import schemas


@dataclass(frozen=True)
class Operation:
    """A route's entry in the OpenAPI document, beside its code."""

    summary: str
    answer: Any
    """The 200 (201) answer's type; None: any JSON object."""
    refusals: tuple[int, ...] = ()
    """Statuses besides 400 (any request may hold bytes that are not text)."""
    body: Any = None
    body_required: bool = True
    query: tuple[str, ...] = ()
    """The query parameters the JSON form reads (``lang``, ``log_since``, ``round``)."""
    status: int = 200
    malformed: str = ""
    """What else a 400 means here: what the game, not this document, decides."""
    max_body: int = 64 * 1024
    """The largest body taken (413 beyond it): 64 KiB, a saved game's export more."""


REASONS = {
    400: "Malformed: not what this document describes, or bytes that are not text (a "
         "sentence says what).",
    403: "The token opens no seat or table.",
    404: "Unknown game, table, seat or finished game.",
    409: "Stale version: nothing was applied; the fresh view with an error sentence.",
    413: "The body is larger than {max_body}.",
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


def openapi_document(app: Flask, documented: dict[str, Operation]) -> dict[str, Any]:
    """The whole document, made from ``app``'s API routes and each one's entry in the route
    table (``documented``, by endpoint)."""
    components: dict[str, Any] = {}
    error = schemas.schema_of(schemas.Error, components)
    components["NewTable"] = {"oneOf": [_new_table(game, components)
                                        for game in GAMES.values()]}
    paths: dict[str, Any] = {}
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if not rule.endpoint.startswith("api."):
            continue
        operation = documented[rule.endpoint]     # KeyError: a route nobody described
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
        reason = REASONS[status].format(max_body=_size(operation.max_body))
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


def _size(size: int) -> str:
    """``64 KiB``, ``4 MiB``."""
    return f"{size // 1024**2} MiB" if size % 1024**2 == 0 else f"{size // 1024} KiB"


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
