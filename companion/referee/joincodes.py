"""Short join codes: a seat opened by typing the table code and eight letters.

A seat link ends in a 32-character token nobody can type. Each seat also gets a code of
eight characters from the table code's alphabet (no I, O, 0 or 1): 40 random bits, typed
together with the table's code on the lobby's *Join* page. ARCHITECTURE.md asks 128 bits
of a token; a code is weaker, so it is held to three more rules:

- **rate-limited**: every wrong code costs the device a lookup token (``web/throttle.py``:
  30, refilled at 2 a second), so guessing one seat's code takes about 2^39 / 2 seconds;
- **single use**: it opens the seat once, and dies when the seat is taken (by its code or
  its link); *New link* on the host screen makes a new one;
- **combined with the table code**: a code only opens a seat of the table typed with it.

The code is derived from the host token (like the seat token), so the host screen can
show it; the database keeps only an scrypt hash of table code and seat code, and the seat
token sealed under a second scrypt output (the page needs the token to open the seat).
Codes are made with the table and with each new link (an scrypt each, ≈ 1.6 ms), so that
showing the host screen writes nothing.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from companion import store
from companion.store import Database

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
LENGTH = 8
UNMADE, USED = "", "-"
"""``seats.join_hash`` before the code was made (a table made before codes came with it),
and after it was used (or the seat was taken by its link)."""


def code_for(host_token: str, seat: int, generation: int) -> str:
    """The seat's join code for this link generation (40 bits from an HMAC)."""
    digest = hmac.new(host_token.encode(), f"join:{seat}:{generation}".encode(),
                      hashlib.sha256).digest()
    number = int.from_bytes(digest[:5], "big")
    return "".join(ALPHABET[(number >> (5 * i)) & 31] for i in reversed(range(LENGTH)))


def shown(code: str) -> str:
    """``ABCD-EFGH``: two groups of four are easier to read out and type."""
    return f"{code[:4]}-{code[4:]}"


def normal(typed: Any) -> str | None:
    """What the player typed, upper case without spaces and dashes; None if it cannot be
    a code (so it is refused without any hashing)."""
    if not isinstance(typed, str) or len(typed) > 40:
        return None
    code = "".join(ch for ch in typed.upper() if ch not in " -_.")
    if len(code) != LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code


def _keys(table_code: str, code: str) -> tuple[str, bytes]:
    """The lookup hash and the sealing pad (scrypt: a stolen database does not give up a
    code's seat token to a quick search of the 2^40 codes)."""
    out = hashlib.scrypt(code.encode(), salt=f"table-companion/join:{table_code}".encode(),
                         n=2**10, r=8, p=1, dklen=64)
    return out[:32].hex(), out[32:]


def _xor(data: bytes, pad: bytes) -> bytes:
    return bytes(a ^ b for a, b in zip(data, pad, strict=True))


def make(db: Database, table_code: str, seat_id: int, code: str, token: str) -> None:
    """Store a seat's code (its hash and the sealed token); inside ``store.writing``."""
    lookup, pad = _keys(table_code, code)
    sealed = _xor(token.encode().ljust(32, b"\0")[:32], pad)
    store.update_seat(db, seat_id, join_hash=lookup, join_box=sealed.hex())


def retire(db: Database, seat_id: int) -> None:
    """The code has been used or the seat taken: it opens nothing any more."""
    store.update_seat(db, seat_id, join_hash=USED, join_box="")


def redeem(db: Database, table_code: str, code: str) -> str | None:
    """The seat token this code opens (and the code is retired), or None; inside
    ``store.writing``."""
    lookup, pad = _keys(table_code, code)
    for seat in store.seats(db, table_code):
        if len(seat["join_hash"]) == 64 and hmac.compare_digest(seat["join_hash"], lookup):
            if seat["claimed"]:
                retire(db, seat["id"])
                return None
            token = _xor(bytes.fromhex(seat["join_box"]), pad).rstrip(b"\0").decode()
            retire(db, seat["id"])
            return token
    return None
