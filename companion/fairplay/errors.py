"""Refusals: each one an HTTP status and a sentence a player understands.

``message`` is an English message id (translated by the web layer) with ``{name}`` fields
filled from ``args_``. A refusal always means nothing was changed.
"""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    """A refused request: ``status`` is the HTTP status, ``message`` a sentence id."""

    status = 400

    def __init__(self, message: str, **args: Any) -> None:
        super().__init__(message.format(**args))
        self.message = message
        self.args_ = args


class BadRequest(TableError):
    """Malformed: the request can never succeed as written."""

    status = 400


class Forbidden(TableError):
    status = 403


class NotFound(TableError):
    status = 404


class Stale(TableError):
    status = 409


class TooLarge(TableError):
    """More than the request may hold (a saved game's file beyond its bound)."""

    status = 413


class Refused(TableError):
    """Well-formed, but not allowed now."""

    status = 422


class TooMany(TableError):
    """Too many wrong codes or links from one device: wait, then try again."""

    status = 429


class TooManyConnections(TableError):
    """A device holds as many connections to the server as it may (its bound): answered at
    once with a sentence rather than left to wait."""

    status = 503


class AnswerFailed(TableError):
    """The action was stored, then its answer could not be built: it stands (it is never
    applied again), and the phone reloads to see it."""

    status = 500
