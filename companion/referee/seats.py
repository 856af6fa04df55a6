"""The host's controls over seats and screens: languages, the address the QR codes point
to, a seat's new link, and the typeable join codes.

Each function is one write transaction (``store.writing``); a refusal changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

from companion import store
from companion.fairplay import inputs
from companion.fairplay.errors import BadRequest, Forbidden, NotFound
from companion.games.base import N_
from companion.referee import joincodes
from companion.referee.table import Table, open_host, open_seat
from companion.referee.tokens import CODE_ALPHABET, CODE_LENGTH, seat_token, token_hash
from companion.store import Database


def set_seat_language(db: Database, token: Any, lang: Any) -> None:
    lang = inputs.check_lang(lang)
    with store.writing(db):
        _, seat = open_seat(db, token)
        store.update_seat(db, seat["id"], lang=lang)


def set_table_language(db: Database, host_token: Any, lang: Any) -> None:
    lang = inputs.check_lang(lang)
    with store.writing(db):
        table = open_host(db, host_token)
        store.update_table(db, table.code, lang=lang, version=table.version + 1)


def set_host_language(db: Database, host_token: Any, lang: Any) -> None:
    """The host screen's own language (the table view keeps the table's)."""
    lang = inputs.check_lang(lang)
    with store.writing(db):
        table = open_host(db, host_token)
        store.update_table(db, table.code, host_lang=lang)


def set_public_url(db: Database, host_token: Any, url: Any) -> None:
    """The address the QR codes point to, when the machine's own address is not reachable."""
    if not isinstance(url, str) or len(url) > 200:
        raise BadRequest(N_("The address must be a short text."))
    url = url.strip().rstrip("/")
    if url and not re.fullmatch(r"https?://[A-Za-z0-9.\-\[\]:]+(/[\w\-./]*)?", url):
        raise BadRequest(N_("Write the address like http://192.168.1.20:5000"))
    with store.writing(db):
        table = open_host(db, host_token)
        store.update_table(db, table.code, public_url=url, version=table.version + 1)


def reissue(db: Database, host_token: Any, seat_number: Any) -> str:
    """A new token for a seat (the old link stops working) and its new typeable code, made
    at once so that the host screen answering this shows it beside the new QR code; returns
    the new token."""
    with store.writing(db):
        table = open_host(db, host_token)
        if not isinstance(seat_number, int) or not 0 <= seat_number < len(table.seats):
            raise NotFound(N_("There is no such seat."))
        seat = table.seats[seat_number]
        generation = seat["generation"] + 1
        token = seat_token(host_token, seat_number, generation)
        store.update_seat(db, seat["id"], token_hash=token_hash(token), claimed=0,
                          generation=generation, join_hash=joincodes.UNMADE, join_box="")
        if not table.closed:
            joincodes.make(db, table.code, seat["id"],
                           joincodes.code_for(host_token, seat_number, generation), token)
        store.update_table(db, table.code, version=table.version + 1)
    return token


def join_codes(table: Table, host_token: str) -> dict[int, str]:
    """The typeable code of every seat not yet taken, as the host screen shows it: only
    codes already made (with the table, a new link, or ``ready_join_codes``), so that showing
    the screen writes nothing."""
    return {s["seat"]: joincodes.code_for(host_token, s["seat"], s["generation"])
            for s in table.seats if not s["claimed"]
            and s["join_hash"] not in (joincodes.USED, joincodes.UNMADE)}


def ready_join_codes(db: Database, host_token: Any) -> None:
    """On the host's request: make the codes a table made before the codes came with the
    table still lacks (one read, and a write only when one is missing)."""
    if not _unmade(open_host(db, host_token)):
        return
    with store.writing(db):
        table = open_host(db, host_token)
        for s in _unmade(table):
            token = seat_token(host_token, s["seat"], s["generation"])
            joincodes.make(db, table.code, s["id"],
                           joincodes.code_for(host_token, s["seat"], s["generation"]), token)


def _unmade(table: Table) -> list[dict[str, Any]]:
    if table.closed:
        return []
    return [s for s in table.seats if not s["claimed"] and s["join_hash"] == joincodes.UNMADE]


WRONG_JOIN_CODE = N_("That table code and seat code do not open a seat. Check both, or ask "
                     "the host for the seat's QR code or a new link.")


def redeem_join_code(db: Database, code: Any, typed: Any) -> str:
    """The seat link's token for a table code and a seat's join code; the code is used up.

    :raises Forbidden: no such table, or no live code of that table (the caller counts it
        as a wrong guess).
    """
    seat_code = joincodes.normal(typed)
    table_code = code.strip().upper() if isinstance(code, str) else ""
    if seat_code is None or not re.fullmatch(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}", table_code):
        raise Forbidden(WRONG_JOIN_CODE)
    with store.writing(db):
        token = joincodes.redeem(db, table_code, seat_code)
    if token is None:
        raise Forbidden(WRONG_JOIN_CODE)
    return token
