"""Seat and host tokens, and table codes: who may open what.

Tokens carry 192 random bits (ARCHITECTURE.md asks 128) and only their SHA-256 is stored;
a seat's token is derived from the host token, so the host screen can always show a
seat's QR code while the database keeps hashes only.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from typing import Any

from companion.fairplay.errors import Forbidden
from companion.games.base import N_

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A table code's letters: no I, O, 0 or 1 to misread."""
CODE_LENGTH = 6
_TOKEN = re.compile(r"[A-Za-z0-9_\-=]{16,64}")


def new_token() -> str:
    """192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def new_code() -> str:
    """A table code (the caller checks it is free)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_token(host_token: str, seat: int, generation: int) -> str:
    """A seat's token, derived from the host token so the host screen can always show its
    QR code while the database keeps only hashes. A re-issue moves to the next generation."""
    digest = hmac.new(host_token.encode(), f"seat:{seat}:{generation}".encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def checked_hash(token: Any) -> str:
    """The hash of a token of the right shape (403 otherwise, before any lookup)."""
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise Forbidden(N_("This link is not valid. Ask the host for a new one."))
    return token_hash(token)
