"""A seat played by the app (issue 33: Fury's Dracula).

The app's seat acts at the same steps a person would and through the same road: its action
is checked, stored, chained and logged by ``acting.act_for_app`` exactly as a phone's by
``acting.act``, so the log, undo, the export and ``companion verify`` treat it like any
seat. What it decides from is only what that seat is shown — after each live step of the
game, the seat's own view and the log lines it may read (``game.app_moment``), folded into
a memory (``game.app_remember``) — plus the actions offered to it and its own step-tied
randomness (``fairness.seat_random_for``): the same inputs ``verify`` rebuilds from the
export to replay each decision.

A decision is worked out in three parts, so that the slow one holds no lock: ``prepare``
reads the table (no write transaction), ``decide`` is pure (the server runs it in a worker
thread), ``take`` stores the action in one write transaction — or gives up when the table
moved on meanwhile, and the app decides again from what it shows then.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from companion import store
from companion.caches import Cache
from companion.fairplay import fairness
from companion.fairplay.errors import NotFound
from companion.games.base import AppPlayer, app_player
from companion.referee import deal
from companion.referee.acting import act_for_app, app_seats
from companion.referee.table import Table, open_table
from companion.store import Database

_none: Cache[str, bool] = Cache("tables without an app seat", 4096)
"""Tables whose options give the app no seat (a table's options never change)."""
_memories: Cache[tuple[str, int], dict[int, Any]] = Cache("app seat memories", 64)
"""(the game's seed commitment, the seat) → the seat's memories after the last two live
events it was folded to (by event id, 0 for the deal): a live event names the whole history
before it for good, and the one before the last makes an undo cheap. A game that ended lets
go of its memories."""
KEEP = 2


@dataclass
class Turn:
    """One decision the app's seat must make now, with everything it may decide from."""

    code: str
    seat: int
    level: str
    version: int
    """The table's version the decision is made at; ``take`` stores it only at this one."""
    step: int
    memory: Any
    offered: list[dict[str, Any]]
    rng: fairness.StepRandom
    game: AppPlayer


def plays_none(code: str) -> bool:
    """Whether the app is known to play no seat at this table: nothing to schedule after
    its writes (under the server, a greenlet, a timer and a worker thread's read a move)."""
    return code in _none


def prepare(db: Database, code: str, after: int = -1) -> Turn | None:
    """The app's next decision at this table, for the first seat it plays beyond ``after``
    that may act; None when there is none."""
    if code in _none:
        return None
    try:
        table = open_table(db, code)
    except NotFound:    # a table of another database written in this process (the tests)
        return None
    if not app_seats(table):
        _none.keep(code, True)
        return None
    game = app_player(table.game)
    if game is None or table.closed or not table.dealt or table.result is not None:
        return None
    for seat, level in sorted(app_seats(table).items()):
        if seat <= after:
            continue
        offered = [a.to_json() for a in table.actions(seat)]
        if not [o for o in offered if o["action"] != "hand_open"]:
            continue
        last = table.last_live(db)
        step = last["step"] + 1 if last else 1
        rng = fairness.seat_random_for(table.row["seed"], deal.contributions(db, table), step,
                                       seat)
        return Turn(table.code, seat, level, table.version, step,
                    memory_now(db, table, game, seat), offered, rng, game)
    return None


DEADLINE = 0.8
"""Seconds a decision may take (issue 42: at most 1 s, even on a loaded machine); then the
best one found so far is taken."""


def decide(turn: Turn, seconds: float = DEADLINE) -> dict[str, Any] | None:
    """The action the app's seat takes (pure but for the clock: safe in a worker thread);
    None when the game does not wait for that seat and it lets what it may do pass (a
    hunter seat's card for another player's hunter), as a person who says nothing."""
    until = time.monotonic() + seconds
    return turn.game.app_decide(turn.memory, turn.offered, turn.rng, turn.level,
                                lambda: time.monotonic() > until)


def next_decision(db: Database, code: str) -> tuple[Turn, dict[str, Any]] | None:
    """The first decision one of the app's seats takes now, seat after seat: a seat that
    lets its offers pass leaves the turn to the next."""
    after = -1
    while True:
        turn = prepare(db, code, after)
        if turn is None:
            return None
        action = decide(turn)
        if action is not None:
            return turn, action
        after = turn.seat


def take(db: Database, turn: Turn, action: dict[str, Any]) -> bool:
    """Store the decided action; False when the table moved on since ``prepare``."""
    return act_for_app(db, turn.code, turn.seat, action, turn.version) is not None


def play_due(db: Database, code: str, limit: int = 10_000) -> int:
    """Every decision the app's seats have now, one after another (a table with no wait
    between them: the tests, the command line); returns how many it took."""
    taken = 0
    while taken < limit:
        decided = next_decision(db, code)
        if decided is None:
            break
        if take(db, *decided):
            taken += 1
    return taken


def undid_the_app(db: Database, table: Table) -> int | None:
    """The seat the app plays whose decision the host's last undo took back, or None: the
    app decides again at once, from the same view and the same step's randomness."""
    played = app_seats(table)
    newest = store.newest_events(db, table.code, table.round, 1) if played else []
    if newest and newest[0]["undone_by"] == "host" and newest[0]["seat"] in played:
        seat: int = newest[0]["seat"]
        return seat
    return None


def decided_again(db: Database, table: Table) -> int | None:
    """The seat the app plays whose last decision repeats the one the host undid just
    before it (the same step, the same action), or None: an undo alone does not change
    what the app decides."""
    played = app_seats(table)
    if not played or table.round_closed:
        return None
    newest = store.newest_events(db, table.code, table.round, 2)
    if len(newest) < 2:
        return None
    now, before = newest
    if now["undone_by"] is None and before["undone_by"] == "host" and now["seat"] in played \
            and (now["step"], now["seat"], now["action"]) == (
                before["step"], before["seat"], before["action"]):
        seat: int = now["seat"]
        return seat
    return None


def memory_now(db: Database, table: Table, game: AppPlayer, seat: int) -> Any:
    """The seat's memory after the game's last live step: what it was shown at the deal and
    after each live action since, folded from the newest one already kept."""
    kept = _memories.get((table.row["commitment"], seat)) or {}
    live = [0, *store.live_event_ids(db, table.code, table.round)]
    start = len(live)
    while start > 0 and live[start - 1] not in kept:
        start -= 1
    if start > 0:
        memory = kept[live[start - 1]]
    else:
        initial = store.loads(store.round_row(db, table.code, table.round)["initial_state"])
        memory = game.app_remember(None, *game.app_moment(initial, [], seat))
        start = 1
    todo = live[start:]
    for i in range(0, len(todo), 200):
        for event in store.events_with_state(db, todo[i:i + 200]):
            view, lines = game.app_moment(store.loads(event["state"]),
                                          store.loads(event["log"]), seat)
            memory = game.app_remember(memory, view, lines)
    last = live[-1]
    newest = {k: v for k, v in kept.items() if k in live[-KEEP:]}
    newest[last] = memory
    _memories.keep((table.row["commitment"], seat), newest)
    return memory
