"""The OpenAPI 3.1 document of the JSON API, served at ``/api/openapi.json``."""

from __future__ import annotations

from typing import Any

ERROR = {"$ref": "#/components/schemas/Error"}


def _errors(*codes: int) -> dict[str, Any]:
    reasons = {
        400: "Malformed request (a sentence says what).",
        403: "The token opens no seat or table.",
        404: "Unknown game, table or seat.",
        409: "Stale version: nothing was applied; the fresh view is returned.",
        422: "Against the rules or not allowed now (a sentence says why).",
        429: "Too many wrong table codes or links from this device: wait, then retry.",
    }
    return {
        str(code): {"description": reasons[code],
                    "content": {"application/json": {"schema": ERROR}}}
        for code in codes
    }


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _token(name: str = "token") -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True,
            "schema": {"type": "string", "minLength": 16, "maxLength": 64}}


SEAT_VIEW = {"$ref": "#/components/schemas/SeatView"}
TABLE_INFO = {"$ref": "#/components/schemas/TableInfo"}
ROUND = {"name": "round", "in": "query", "required": False, "schema": {"type": "integer"},
         "description": "only this finished game of the table (see `table.finished`)"}
LOG_SINCE = {"name": "log_since", "in": "query", "required": False,
             "schema": {"type": "integer", "minimum": 0},
             "description": "the version up to which this client keeps the log: `log` holds "
                            "only the lines written after it (an undo does not resend the "
                            "lines it marks undone; its own line names the action)"}
HEX32 = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
HOST_VIEW = {"$ref": "#/components/schemas/HostView"}


def openapi_document() -> dict[str, Any]:
    host_post = {
        "parameters": [_token()],
        "responses": {"200": _json(HOST_VIEW, "The table after the change."),
                      **_errors(403, 404, 422)},
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Table Companion",
            "version": "1",
            "description": "A neutral referee for physical board games. Every screen has "
            "a JSON twin here. Tokens travel in the path; errors are sentences.",
        },
        "paths": {
            "/api/games": {"get": {
                "summary": "Every game: id, title, seats, options with defaults.",
                "parameters": [{"name": "lang", "in": "query", "required": False,
                                "schema": {"enum": ["en", "cs", "ru"]}}],
                "responses": {"200": _json({"type": "object", "properties": {
                    "games": {"type": "array", "items": {"$ref": "#/components/schemas/Game"}}
                }}, "The games.")},
            }},
            "/api/tables": {"post": {
                "summary": "Create a table; the seed's commitment is returned at once.",
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/NewTable"}}}},
                "responses": {"201": _json({"$ref": "#/components/schemas/CreatedTable"},
                                           "The table, its host link and seat links."),
                              **_errors(400, 404)},
            }},
            "/api/t/{code}": {"get": {
                "summary": "The table view: public information only.",
                "parameters": [{"name": "code", "in": "path", "required": True,
                                "schema": {"type": "string"}}],
                "responses": {"200": _json({"$ref": "#/components/schemas/TableView"},
                                           "The table view."), **_errors(404)},
            }},
            "/api/t/{code}/export": {"get": {
                "summary": "After the end, the public record: seed, commitment, "
                "contributions, every event with its private log lines and action "
                "parameters withheld (see README, Exports).",
                "parameters": [{"name": "code", "in": "path", "required": True,
                                "schema": {"type": "string"}}, ROUND],
                "responses": {"200": _json({"type": "object"}, "The export for "
                                           "`companion verify`."), **_errors(404, 422)},
            }},
            "/api/s/{token}": {"get": {
                "summary": "A seat's private view and every legal action it may take now.",
                "parameters": [_token(), LOG_SINCE],
                "responses": {"200": _json(SEAT_VIEW, "The seat view."), **_errors(403)},
            }},
            "/api/s/{token}/act": {"post": {
                "summary": "Take an action. A repeated key applies once.",
                "parameters": [_token()],
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Act"}}}},
                "responses": {"200": _json(SEAT_VIEW, "The new seat view."),
                              "409": _json(SEAT_VIEW, "Stale version: nothing applied; "
                                           "the fresh view with an error sentence."),
                              **_errors(400, 403, 422)},
            }},
            "/api/s/{token}/undo": {"post": {
                "summary": "Take back this seat's last action while it showed nobody "
                "anything new.",
                "parameters": [_token()],
                "responses": {"200": _json(SEAT_VIEW, "The seat view."),
                              **_errors(403, 422)},
            }},
            "/api/s/{token}/join": {"post": {
                "summary": "Claim the seat; while the game gathers (table.deal.phase), "
                "commit to this device's randomness: the SHA-256 of 32 random bytes it "
                "keeps. `contribution` alone commits and reveals at once (old clients).",
                "parameters": [_token()],
                "requestBody": {"required": False, "content": {"application/json": {
                    "schema": {"type": "object", "properties": {
                        "commitment": HEX32, "contribution": HEX32}}}}},
                "responses": {"200": _json(SEAT_VIEW, "The seat view."),
                              **_errors(400, 403)},
            }},
            "/api/s/{token}/reveal": {"post": {
                "summary": "Once commitments are closed (table.deal.phase == revealing): "
                "the 32 bytes committed to. The last one deals the game.",
                "parameters": [_token()],
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"type": "object", "required": ["contribution"],
                               "properties": {"contribution": HEX32}}}}},
                "responses": {"200": _json(SEAT_VIEW, "The seat view."),
                              **_errors(400, 403, 422)},
            }},
            "/api/s/{token}/export": {"get": {
                "summary": "After the end: the full export (every action and log line) "
                "that `companion verify` replays.",
                "parameters": [_token(), ROUND],
                "responses": {"200": _json({"type": "object"}, "The full export."),
                              **_errors(403, 422)},
            }},
            "/api/h/{token}/export": {"get": {
                "summary": "After the end: the full export, as for a seat.",
                "parameters": [_token(), ROUND],
                "responses": {"200": _json({"type": "object"}, "The full export."),
                              **_errors(403, 422)},
            }},
            "/api/h/{token}/start": {"post": dict(host_post, summary="Deal now: close "
                                                  "the phones' commitments; the cards are "
                                                  "dealt once every committed phone has "
                                                  "revealed, or at once with "
                                                  "{\"force\": true}.")},
            "/api/h/{token}/check": {"post": dict(host_post, summary="The set-up check, "
                                                  "before the phones' randomness is "
                                                  "revealed: {\"options\": {...}} corrects "
                                                  "the values the app is unsure of (see the "
                                                  "table's box.checks); the deal then goes "
                                                  "on once every phone has joined.")},
            "/api/s/{token}/again": {"post": {
                "summary": "After the end of a game: a new game at the same seats.",
                "parameters": [_token()],
                "responses": {"200": _json(SEAT_VIEW, "The seat view."),
                              **_errors(403, 422)},
            }},
            "/api/h/{token}/undo": {"post": dict(host_post, summary="Host correction: undo "
                                                 "the last action, shown in every log.")},
            "/api/h/{token}/end": {"post": dict(host_post, summary="End the table and "
                                                "reveal the seed.")},
            "/api/h/{token}/again": {"post": dict(host_post, summary="A new game at the "
                                                  "same seats, with a new seed.")},
            "/api/h/{token}/reissue/{seat}": {"post": {
                "summary": "A new link for a seat; the old one stops working.",
                "parameters": [_token(), {"name": "seat", "in": "path", "required": True,
                                          "schema": {"type": "integer", "minimum": 0}}],
                "responses": {"200": _json(HOST_VIEW, "The table and the new seat link."),
                              **_errors(403, 404)},
            }},
            "/api/openapi.json": {"get": {
                "summary": "This document.",
                "responses": {"200": {"description": "OpenAPI 3.1"}},
            }},
        },
        "components": {"schemas": {
            "Error": {"type": "object", "required": ["error"],
                      "properties": {"error": {"type": "string"}}},
            "Game": {"type": "object", "properties": {
                "id": {"type": "string"}, "title": {"type": "string"},
                "blurb": {"type": "string"}, "min": {"type": "integer"},
                "max": {"type": "integer"},
                "roles": {"type": "array", "items": {"type": "string"}},
                "by_players": {"type": "object", "description": "For a game that names its "
                               "seats by their count (Fury): per count, what each seat "
                               "plays (named), the option that shares the roles and every "
                               "sharing (shares: value, roles)."},
                "options": {"type": "array", "items": {"type": "object"}}}},
            "NewTable": {"type": "object", "required": ["game"], "properties": {
                "game": {"type": "string"},
                "options": {"type": "object"},
                "lang": {"enum": ["en", "cs", "ru"]},
                "deal": {"enum": ["join", "now"], "description": "join (default): deal "
                         "once the phones joined, or at the first action; now: deal at "
                         "once from the server's seed alone (bots, tests)."},
                "seats": {"type": "array", "items": {"type": "object", "properties": {
                    "role": {"type": "string"}, "name": {"type": "string"}}}}}},
            "CreatedTable": {"type": "object", "properties": {
                "code": {"type": "string"}, "table_url": {"type": "string"},
                "host_url": {"type": "string"}, "host_token": {"type": "string"},
                "commitment": {"type": "string"}, "dealt": {"type": "boolean"},
                "seats": {"type": "array", "items": {"type": "object", "properties": {
                    "role": {"type": "string"}, "name": {"type": "string"},
                    "url": {"type": "string"}, "token": {"type": "string"}}}}}},
            "Act": {"type": "object", "required": ["action", "version"], "properties": {
                "action": {"type": "string"}, "params": {"type": "object"},
                "version": {"type": "integer"},
                "key": {"type": "string", "maxLength": 64},
                "log_since": {"type": "integer", "minimum": 0, "description":
                              "the version up to which this client keeps the log: the "
                              "answer's `log` holds only the lines written after it"}}},
            "Action": {"type": "object", "properties": {
                "action": {"type": "string"}, "params": {"type": "object"},
                "label": {"type": "string"}, "inputs": {"type": "object"},
                "group": {"type": "string"}, "hint": {"type": "string"}}},
            "TableView": {"type": "object", "properties": {
                "version": {"type": "integer"}, "table": TABLE_INFO,
                "view": {"type": ["object", "null"], "description": "null before the deal"},
                "log": {"type": "array"}}},
            "TableInfo": {"type": "object", "properties": {
                "commitment": {"type": "string"},
                "seed": {"type": ["string", "null"], "description": "once the game is over"},
                "dealt": {"type": "boolean"},
                "deal": {"type": "object", "properties": {
                    "phase": {"enum": ["gathering", "revealing", "dealt"]},
                    "by": {"type": "string"},
                    "seats": {"type": "array", "items": {"type": "object", "properties": {
                        "seat": {"type": "integer"}, "name": {"type": "string"},
                        "joined": {"type": "boolean"}, "committed": {"type": "boolean"},
                        "revealed": {"type": "boolean"},
                        "short": {"type": ["string", "null"]}}}}}},
                "log_hash": {"type": "string", "description": "the log chain's head"},
                "log_size": {"type": "integer"},
                "again": {"type": "array", "items": {"type": "string"}, "description":
                          "the players who asked to play again (a seat's `again` starts "
                          "the new game once every seat asked; the host's at once)"},
                "finished": {"type": "array", "description": "this table's finished games, "
                             "newest first: round, result, seed, commitment, log_hash, dealt",
                             "items": {"type": "object"}},
                "ends_itself": {"type": "boolean", "description": "false for a game with no "
                                "end of its own (the kit): its seed waits for the host's end"}}},
            "SeatView": {"type": "object", "properties": {
                "version": {"type": "integer"}, "seat": {"type": "integer"},
                "table": TABLE_INFO, "view": {"type": ["object", "null"]},
                "actions": {"type": "array", "items": {"$ref": "#/components/schemas/Action"}},
                "can_undo": {"type": "boolean"}, "log": {"type": "array"},
                "error": {"type": "string"}, "repeated": {"type": "boolean"}}},
            "HostView": {"type": "object", "properties": {
                "version": {"type": "integer"}, "table": {"type": "object"},
                "view": {"type": "object"}, "seat": {"type": "object"}}},
        }},
    }
