"""The log's lines: what each viewer may read of a game's events, newest first.

An event's row never changes once it is undone, so what one viewer may read of it is
worked out once and kept (``companion/caches.py``); an action's own lines are kept for
every viewer as it is answered, so the other phones need not read it back.
"""

from __future__ import annotations

import operator
from typing import Any

from companion import store
from companion.caches import Cache
from companion.games.base import N_
from companion.referee.acting import Acted
from companion.referee.table import Table
from companion.store import Database

Moment = tuple[int, int, list[dict[str, Any]]]
"""When lines were written (version, 0 for an action's own lines or 1 for its undo's), and
the lines."""

_event_lines: Cache[tuple[str, int, Any, int | None], list[Moment]] = Cache("event lines", 2048)
"""What one viewer may read of one event: a screen's newest 40 lines of some fifty tables.
Larger, it held memory the allocator keeps after a clear (bench: 500 devices)."""


def log_for(db: Database, table: Table, seat: int | None, limit: int = 40,
            since: int | None = None) -> list[dict[str, Any]]:
    """This game's log as ``seat`` may read it (None: public lines only), newest first;
    with ``since``, only the lines written after that version of the table (a client that
    keeps the lines it was sent asks for the new ones).

    An undone action keeps its lines, marked undone, where it happened; the undo itself is
    a line at the moment it was made, naming the action it took back.

    Each entry's ``ref`` names its line for good, so that a screen can keep its rendering
    (``render.log_lines``). An event's row never changes once it is undone, so what one
    viewer may read of it is worked out once.

    Events are read newest first, ``limit`` of them, then more only if those did not give
    ``limit`` lines. An older event's undo line can be newer than a younger event only if
    that younger event was undone too (take-backs undo the newest first, so after several
    the newest line is the undo of the oldest): below the oldest live event read so far
    nothing older can interleave, so reading goes on, a page at a time, until ``limit``
    lines lie at or above such an event (or the game's events run out). There is no cap on
    the events read: a cap cut short after many take-backs gave a screen too few lines, or
    not the newest. Most events give every viewer a line (in the golden playthroughs at
    least four in five), so a read seldom goes much past ``limit`` events. A line already
    sent is not sent again when an undo marks it undone: the undo's own line names the
    action.
    """
    commitment = table.row["commitment"]
    moments: list[tuple[int, int, list[dict[str, Any]]]] = []
    before, floor = None, None
    # Each version after ``since`` wrote at most one event: no more can be newer.
    first = limit if since is None else max(1, min(limit, table.version - since + 1))
    while True:
        size = first if before is None else 3 * limit
        page = store.log_moments(db, table.code, table.round, size, before)
        named = {event_id: (commitment, event_id, undone, seat)
                 for event_id, _, undone in page}
        unread = [event_id for event_id, key in named.items() if key not in _event_lines]
        if unread:
            if len(_event_lines) + len(unread) > _event_lines.size:
                _event_lines.clear()
                unread = list(named)
            for event in store.log_events(db, unread):
                _event_lines[named[event["id"]]] = _readable(commitment, event, seat)
        for key in named.values():
            moments.extend(_event_lines[key])
        for _, version, undone in page:
            if undone is None:
                floor = version or 0
        if len(page) < size:
            break
        if floor is not None and (since is not None and floor <= since or sum(
                len(lines) for version, _, lines in moments if version >= floor) >= limit):
            break
        before = page[-1][0]
    if since is not None:
        moments = [moment for moment in moments if moment[0] > since]
    moments.sort(key=_moment_order, reverse=True)
    entries = [entry for _, _, lines in moments for entry in lines]
    return entries[:limit]


_moment_order = operator.itemgetter(0, 1)


def export_log(events: list[dict[str, Any]], seat: int | None = None) -> list[dict[str, Any]]:
    """A finished game's log as ``seat`` may read it (None: the table), newest first, from
    its export's events — the lines ``log_for`` gives a screen of the live table, undone
    actions and undo lines included. Nothing is kept: the lines name no ``ref``."""
    moments = []
    for event in events:
        moments.extend(_readable("", dict(event, id=None), seat, event["log"]))
    moments.sort(key=_moment_order, reverse=True)
    return [{key: value for key, value in entry.items() if key != "ref"}
            for _, _, lines in moments for entry in lines]


def log_after_action(table: Table, acted: Acted, seat: int | None, since: int,
                     limit: int = 40) -> list[dict[str, Any]] | None:
    """``log_for(…, since=since)`` without reading the log, when the action just stored is
    the only thing newer than ``since`` (the client held the log up to the version before
    it): its own lines; or when the action before it made the version in between (the
    other phone's move, its lines kept when it was made): both actions' lines. None when
    the client is further behind (read the log).

    Either way the action's lines are kept for every viewer now: the other phones ask for
    them with their next action or fetch, and need not read the event back."""
    event = acted.last
    if event is None or "log" not in event or table.version != event["version"]:
        return None
    commitment = table.row["commitment"]
    viewers: list[int | None] = [None, *range(len(table.seats))]
    if any((commitment, event["id"], None, v) not in _event_lines for v in viewers):
        _event_lines.make_room(len(viewers))
        entries = store.loads(event["log"])
        for viewer in viewers:
            _event_lines[(commitment, event["id"], None, viewer)] = _readable(
                commitment, event, viewer, entries)
    if since >= event["version"]:
        return []
    own = _event_lines[(commitment, event["id"], None, seat)][0][2]
    if since == event["version"] - 1:
        return own[:limit]
    previous = acted.previous
    if since != event["version"] - 2 or previous is None or (
            previous["version"] != event["version"] - 1):
        return None
    # Each version wrote at most one event, and an undo or another change in between would
    # have left an older last live event: the version before was this one's alone.
    before = _event_lines.get((commitment, previous["id"], None, seat))
    if before is None:
        return None
    return [*own, *before[0][2]][:limit]


def _readable(commitment: str, event: dict[str, Any], seat: int | None,
              entries: list[dict[str, Any]] | None = None
              ) -> list[tuple[int, int, list[dict[str, Any]]]]:
    """What ``seat`` may read of one event: its lines (newest first) at its version, and
    if it was undone, the undo's line at the version that undid it (``entries``: its log,
    when the caller has parsed it)."""
    if entries is None:
        entries = store.loads(event["log"])
    undone = event["undone_version"] is not None
    lines = [dict(entry, private=entry.get("to") is not None, undone=undone,
                  ref=(commitment, event["id"], i, undone))
             for i, entry in enumerate(entries)
             if entry.get("to") is None or (seat is not None and seat in entry["to"])]
    moments = [(event["version"] or 0, 0, lines[::-1])]
    if undone:
        moments.append((event["undone_version"], 1, [
            dict(_undo_line(event, lines, seat), ref=(commitment, event["id"], "undo", seat))]))
    return moments


def undo_subject(db: Database, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What an undo of ``event`` would name for ``seat`` (None: the table, the host), as
    a message id and its arguments: asked before the host's undo, so he knows what he
    takes back."""
    full = store.log_events(db, [event["id"]])[0]
    entries = store.loads(full["log"])
    lines = [dict(entry, private=entry.get("to") is not None) for entry in entries
             if entry.get("to") is None or (seat is not None and seat in entry["to"])]
    return dict(_undo_line(full, lines, seat)["undid"])


def _undo_line(event: dict[str, Any], lines: list[dict[str, Any]],
               seat: int | None) -> dict[str, Any]:
    """The log line of an undo: who undid it and what. The mover reads the button he
    tapped ("Boris took back “End the turn”"); everyone else the action's first line he
    saw, since a button's words may name what only the mover knows (Dracula's move)."""
    label = event.get("label")
    if label and seat is not None and seat == event["seat"]:
        undid = store.loads(label)
        private = bool(lines) and lines[0]["private"]
    else:
        undid = {"text": lines[0]["text"], "args": lines[0].get("args", {})} if lines else {
            "text": N_("an action you did not see"), "args": {}}
        private = bool(lines) and lines[0]["private"]
    if event["undone_by"] == "host":
        return {"text": N_("Host correction: undone — “{action}”."), "args": {},
                "undid": undid, "correction": True, "private": private}
    return {"text": N_("{who} took back “{action}”."), "args": {"who": {"seat": event["seat"]}},
            "undid": undid, "private": private}
