"""The table as one request reads it: its row, its seats, the game's state, and what each
seat may do at this position.

A table is opened by its code (the tablet), its host token or a seat token; a wrong
token is a 403 before anything else is read. What the game is asked about a position
(legal actions, the last live event) is kept across requests in a cache keyed by that
position, so every screen of a table asks the game once per version.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from companion import store
from companion.caches import Cache
from companion.fairplay.errors import Forbidden, NotFound
from companion.games import GAMES
from companion.games.base import N_, Action, Game, Result
from companion.referee.tokens import checked_hash
from companion.store import Database

GATHERING, REVEALING, DEALT = "gathering", "revealing", "dealt"
"""A game's deal phase (``companion/referee/deal.py``)."""

UNKNOWN: Any = object()


def now() -> str:
    """When a row was written, as the store keeps it."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass
class Offers:
    """Every seat's legal actions at one position, filled as they are asked for."""

    position: tuple[str, int]
    actions: dict[int, list[Action]] = field(default_factory=dict)
    last: Any = UNKNOWN
    """The game's last live event at this position (None: no action yet), once known."""


_offers: Cache[str, Offers] = Cache("offers", 256)
"""By table code: the position its screens were last served at."""


def _remembered(code: str, position: tuple[str, int]) -> Offers:
    kept = _offers.get(code)
    if kept is not None and kept.position == position:
        return kept
    return _offers.keep(code, Offers(position))


@dataclass
class Table:
    """A table as loaded for one request: its row, its seats and the parsed state."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    state: dict[str, Any] | None = field(init=False)
    """None until the deal."""

    def __post_init__(self) -> None:
        stored = store.loads(self.row["state"])
        self.state = None if stored is None else self.game.upgrade(stored)
        """As this version of the game plays it (a state saved by an older one upgraded)."""
        self._offers: Offers | None = None
        self._result_of: Any = None
        self._names: list[str] | None = None
        self._result: Result | None = None
        self.dealt_when_read = self.row["deal_phase"] == DEALT
        """The deal was made (and committed) before this request read the table."""
        self.contributions: list[dict[str, Any]] | None = None
        """The phones' randomness once read for this request after the deal (it is fixed
        from the deal on: the action and the answer's deal status share one read)."""

    @property
    def code(self) -> str:
        code: str = self.row["code"]
        return code

    @property
    def game(self) -> Game:
        return GAMES[self.row["game"]]

    @property
    def version(self) -> int:
        version: int = self.row["version"]
        return version

    @property
    def round(self) -> int:
        round_: int = self.row["round"]
        return round_

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = store.loads(self.row["options"])
        return options

    @property
    def closed(self) -> bool:
        """The host ended the table: nothing more can happen at it."""
        return bool(self.row["status"] == "closed")

    @property
    def round_closed(self) -> bool:
        """The current game is over and its seed revealed (the table may play again)."""
        return self.closed or bool(self.row["round_closed"])

    @property
    def dealt(self) -> bool:
        """The game's setup has run (after the phones' randomness was in)."""
        return bool(self.row["deal_phase"] == DEALT)

    @property
    def result(self) -> Result | None:
        """The game's result at this state (asked by every check and answer; worked out
        once per state)."""
        if self.state is None:
            return None
        if self._result_of is not self.state:
            self._result = self.game.result(self.state)
            self._result_of = self.state
        return self._result

    @property
    def names(self) -> list[str]:
        """The seats' names (a seat's name never changes; every log line asks)."""
        if self._names is None:
            self._names = [s["name"] for s in self.seats]
        return self._names

    @property
    def position(self) -> tuple[str, int]:
        """What names this table's state exactly: the log chain's head and the version."""
        return (self.row["log_hash"], self.row["version"])

    def actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now: the game is asked once per version of the table.

        Kept per position, across requests, for the acting phone's answer, the next
        action's stale check and every other screen's fragment. Callers never change it.
        """
        if self.closed or self.state is None or self.result is not None:
            return []
        offers = self._position_offers()
        found = offers.actions.get(seat)
        if found is None:
            found = offers.actions[seat] = self.game.actions(self.state, seat)
        return found

    def last_live(self, db: Database) -> dict[str, Any] | None:
        """The game's last action not undone (the next step follows it; an undo takes it),
        read once per position: the log's hash names every event up to it."""
        offers = self._position_offers()
        if offers.last is UNKNOWN:
            offers.last = store.last_live_event(db, self.code, self.round)
        last: dict[str, Any] | None = offers.last
        return last

    def remember_last(self, event: dict[str, Any]) -> None:
        """The action just stored is the last live one at the position it made."""
        self._position_offers().last = event

    def _position_offers(self) -> Offers:
        if self._offers is None or self._offers.position != self.position:
            self._offers = _remembered(self.code, self.position)
        return self._offers

    def moved(self, parsed: dict[str, Any] | None, offers: dict[int, list[Action]] | None = None,
              result: Any = UNKNOWN, **fields: Any) -> None:
        """The new state and the row fields naming it (``state`` as stored, ``log_hash``,
        ``version``), together: actions asked for after this belong to the new position.
        ``offers`` and ``result``: what the game was already asked at the new position."""
        self.row.update(fields)
        self.state = parsed
        if result is not UNKNOWN:
            self._result, self._result_of = result, parsed
        if offers is not None:
            self._position_offers().actions.update(offers)

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """``view(state, seat)``; None before the deal (there is no position yet)."""
        if self.state is None:
            return None
        return self.game.view(self.state, seat)

    def again_asked(self) -> list[int]:
        """The seats that asked for a new game since this one ended."""
        asked: list[int] = store.loads(self.row.get("again") or "[]")
        return asked


def _load(db: Database, row: dict[str, Any] | None) -> Table:
    if row is None:
        raise NotFound(N_("There is no such table."))
    return Table(row, store.seats(db, row["code"]))


def open_table(db: Database, code: str) -> Table:
    return _load(db, store.table(db, code.upper()))


def open_host(db: Database, token: Any) -> Table:
    """The table whose host token this is (403 if none)."""
    digest = checked_hash(token)
    row = store.table_by_host(db, digest)
    if row is None or not hmac.compare_digest(row["host_hash"], digest):
        raise Forbidden(N_("This host link is not valid."))
    return _load(db, row)


def open_seat(db: Database, token: Any) -> tuple[Table, dict[str, Any]]:
    """The table and seat this token opens (403 if none, e.g. after a re-issue)."""
    table, seat, _ = open_seat_with_key(db, token)
    return table, seat


def open_seat_with_key(db: Database, token: Any, key: str | None = None
                       ) -> tuple[Table, dict[str, Any], Any]:
    """…and the event a request ``key`` of this seat already made (its id, or None)."""
    digest = checked_hash(token)
    row, seats, key_event = store.table_by_seat_with_seats(db, digest, key)
    seat = next((s for s in seats if s["token_hash"] == digest), None)
    if row is None or seat is None or not hmac.compare_digest(seat["token_hash"], digest):
        raise Forbidden(N_("This seat link is not valid any more. Ask the host for a new one."))
    return Table(row, seats), seat, key_event


def version_of(db: Database, code: str) -> int | None:
    """The table's version in one indexed read (a poll, an event stream)."""
    return store.version(db, code.upper())


def host_version(db: Database, host_hash: str) -> int | None:
    """The version of the table a host token's hash opens (None: no such table)."""
    return store.host_version(db, host_hash)


def seat_version(db: Database, seat_hash: str) -> int | None:
    """The version of the table a seat token's hash opens (None: re-issued, or none)."""
    return store.seat_version(db, seat_hash)
