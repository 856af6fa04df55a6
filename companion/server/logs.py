"""Keep seat and host tokens out of every log line.

A seat or host link carries its token in the path (``/s/<token>``, ``/api/h/<token>/…``);
Flask logs the path of a request that failed and the server the path it was serving, so a
log file would otherwise hold working links to every seat. Every record passing through
the app's logger or the server's handlers has such paths cut to ``/s/…``.
"""

from __future__ import annotations

import logging
import re

_TOKEN_PATH = re.compile(r"(/(?:api/)?[sh]/)[A-Za-z0-9_\-=%]{4,}")


def redact(text: str) -> str:
    """``/s/<token>/act`` → ``/s/…/act``.

    >>> redact("Exception on /api/s/AbCdEf0123456789_-xyz/act [POST]")
    'Exception on /api/s/…/act [POST]'
    """
    return _TOKEN_PATH.sub(r"\1…", text)


class RedactTokens(logging.Filter):
    """A filter that rewrites a record's message, traceback and stack without tokens."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = redact(record.getMessage()), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


REDACT = RedactTokens()


def install(logger: logging.Logger) -> None:
    """Filter every record made through ``logger`` (the Flask app's)."""
    if REDACT not in logger.filters:
        logger.addFilter(REDACT)


def quiet_tokens() -> None:
    """Log to stderr through handlers that filter every record, the server's included."""
    logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for handler in logging.getLogger().handlers:
        if REDACT not in handler.filters:
            handler.addFilter(REDACT)
