"""The referee: tables, seats and their tokens, the deal, acting and undo, the log's lines
and the exports, over the store.

It may import ``companion.games`` (the rules), ``companion.fairplay`` (refusals, input, the
fairness derivation, the log chain), ``companion.store`` and ``companion.caches``; never
Flask, gevent, ``companion.web`` or ``companion.server``. The web layer calls the names
below; each lives in the module that says what it is:

- ``table``: the table as one request reads it (:class:`Table`, opened by code or token);
- ``acting``: one seat's action and the undo of the last one;
- ``appseat``: a seat the app plays (Fury's Dracula): its decision from what it is shown;
- ``life``: create, deal (the phones' randomness: ``deal``), end, play again;
- ``seats``: the host's controls over seats and screens, join codes;
- ``log``: what each viewer may read of the game's events;
- ``export``: a finished game's record, for ``companion verify``.
"""

from __future__ import annotations

from companion.referee.acting import Acted, act, app_seats, take_action, undo, undo_allowed
from companion.referee.appseat import decided_again, undid_the_app
from companion.referee.life import (
    check_cards,
    close,
    create,
    finished_games,
    join,
    play_again,
    reveal,
    start,
)
from companion.referee.log import log_after_action, log_for, undo_subject
from companion.referee.seats import (
    WRONG_JOIN_CODE,
    join_codes,
    ready_join_codes,
    redeem_join_code,
    reissue,
    set_host_language,
    set_public_url,
    set_seat_language,
    set_table_language,
)
from companion.referee.table import (
    Table,
    host_version,
    open_host,
    open_seat,
    open_table,
    seat_version,
    version_of,
)
from companion.referee.tokens import seat_token, token_hash

__all__ = [
    "WRONG_JOIN_CODE", "Acted", "Table", "act", "app_seats", "check_cards", "close", "create",
    "decided_again",
    "finished_games",
    "host_version", "join", "join_codes", "log_after_action", "log_for", "open_host",
    "open_seat", "open_table", "play_again", "ready_join_codes", "redeem_join_code",
    "reissue", "reveal", "seat_token", "seat_version", "set_host_language", "set_public_url",
    "set_seat_language", "set_table_language", "start", "take_action", "token_hash",
    "undid_the_app", "undo", "undo_allowed", "undo_subject", "version_of",
]
