"""Acting and taking back: one seat's action, and the undo of the last one.

The referee's checks run here once, in a fixed order (STYLE.md §5): the token holds a
seat, the request key is new, the table is open, the cards are dealt, the game is not
over, the submitted version is current, the action parses, the game accepts it. Each
failure is its own exception with a status and a sentence; a refused action changes
nothing. An accepted one is one write transaction: the event (its action, its log lines,
the new state) appended, the table row moved on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion import store
from companion.core import chain, fairness, inputs
from companion.core.errors import BadRequest, Refused, Stale
from companion.games.base import N_, Action, ActionSyntaxError, RuleError, app_player
from companion.referee import deal, life
from companion.referee.table import (
    Table,
    now,
    open_host,
    open_seat,
    open_seat_with_key,
    open_table,
)
from companion.store import Database


@dataclass
class Acted:
    """An action as the referee took it, for the answer built from the same read."""

    table: Table
    seat: dict[str, Any]
    repeated: bool = False
    """The request key had made an event already: nothing was done again."""
    last: dict[str, Any] | None = None
    """The event this action stored (what the seat may take back), when it stored one:
    ``seat``, ``revealed``, and for its log lines ``id``, ``log``, ``version``."""
    previous: dict[str, Any] | None = None
    """The last live event before it (``id``, ``version``), if any."""


def act(
    db: Database,
    token: Any,
    action: Any,
    params: Any,
    version: Any,
    key: Any = None,
) -> Acted:
    """Apply one seat's action in one write transaction; a repeated key applies once.

    The first action of a game nobody's phone is holding up deals it (bots and clients that
    act at once); a refused action changes nothing, that deal included.
    """
    inputs.check_request_key(key)
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise BadRequest(N_("The version must be a whole number."))
    with store.writing(db):
        table, seat, seen = open_seat_with_key(db, token, key)
        if seen is not None:
            return Acted(table, seat, repeated=True)
        if seat["seat"] in app_seats(table):
            raise Refused(N_("The app plays this seat; nobody acts for it."))
        return _act(db, table, seat, action, params, version, key)


def act_for_app(db: Database, code: str, seat_number: int, action: dict[str, Any],
                at_version: int) -> Acted | None:
    """The app's seat takes ``action``, decided at version ``at_version`` of the table:
    the same checks, event, log and chain as a person's action (``act``). None when the
    table moved on meanwhile (the app decides again from what it shows now)."""
    with store.writing(db):
        table = open_table(db, code)
        if table.version != at_version or seat_number not in app_seats(table):
            return None
        seat = table.seats[seat_number]
        return _act(db, table, seat, action["action"], action["params"], None, None)


def app_seats(table: Table) -> dict[int, str]:
    """The seats the app plays at this table, with their level."""
    game = app_player(table.game)
    return game.app_seats(table.options) if game is not None else {}


def _act(db: Database, table: Table, seat: dict[str, Any], action: Any, params: Any,
         version: Any, key: Any) -> Acted:
    """The checks after the seat is known, then the event (inside ``store.writing``)."""
    if table.closed:
        raise Refused(N_("This table has ended; the host can start a new one."))
    if not table.dealt:
        _deal_at_first_action(db, table)
    if table.result is not None:
        raise Refused(N_("The game is over."))
    seat_versions = store.loads(table.row["seat_versions"])
    if version is not None and version < seat_versions[seat["seat"]]:
        raise Stale(N_("The table changed before your action arrived; "
                       "nothing was done. Here is the table as it is now."))
    if not isinstance(action, str) or not action:
        raise BadRequest(N_("Say which action to take."))
    offered = table.actions(seat["seat"])
    params = inputs.check_params(action, {} if params is None else params, offered)
    if not offered:
        raise Refused(N_("There is nothing for you to do right now; wait for your turn."))
    before = {s: table.actions(s) for s in range(len(table.seats))}
    last = table.last_live(db)
    step = last["step"] + 1 if last else 1
    rng = fairness.random_for(table.row["seed"], deal.contributions(db, table), step)
    assert table.state is not None, "dealt above: a table offers actions only once dealt"
    try:
        applied = table.game.apply(table.state, seat["seat"],
                                   {"action": action, "params": params}, rng)
    except ActionSyntaxError as error:
        raise BadRequest(error.message, **error.args_) from None
    except RuleError as error:
        raise Refused(error.message, **error.args_) from None
    new_version = table.version + 1
    state_text = store.dumps(applied.state)
    posted = {"action": action, "params": params}
    head = chain.link(table.row["log_hash"], chain.action_entry({
        "step": step, "seat": seat["seat"], "version": new_version, "action": posted,
        "log": applied.log}))
    log_text = store.dumps(applied.log)
    revealed = int(applied.revealed or rng.used)
    event_id = store.insert(db, "events", {
        "table_code": table.code, "round": table.round, "step": step, "seat": seat["seat"],
        "action": store.dumps(posted),
        "key": None if key is None else f"{seat['seat']}:{key}",
        "log": log_text, "revealed": revealed,
        "state": state_text, "version": new_version, "undone_version": None,
        "undone_by": None, "created": now(), "chain": head,
        "label": label_of(offered, posted),
    })
    fields = {"version": new_version, "high_step": max(table.row["high_step"], step)}
    table.moved(applied.state, state=state_text, **fields, log_hash=head,
                log_size=table.row["log_size"] + 1)
    stored = {"id": event_id, "step": step, "seat": seat["seat"], "revealed": revealed,
              "version": new_version, "label": label_of(offered, posted)}
    table.remember_last(stored)
    for s, offers in before.items():
        if not same_offers(offers, table.actions(s)):
            seat_versions[s] = new_version
    fields["seat_versions"] = store.dumps(seat_versions)
    table.row["seat_versions"] = fields["seat_versions"]
    finished = table.result     # worked out once: the answer asks again
    if finished is not None:
        life.end_round(db, table, finished)
    store.update_table(db, table.code, **fields, log_hash=table.row["log_hash"],
                       log_size=table.row["log_size"], round_closed=int(finished is not None))
    table.row.update(round_closed=int(finished is not None))
    return Acted(table, seat, last=dict(stored, log=log_text, undone_version=None,
                                        undone_by=None), previous=last)


def same_offers(before: list[Action], after: list[Action]) -> bool:
    """Has what a seat may do stayed the same (its screen is not stale)? What each button
    stands for, its choices included (another seat's move that takes a choice away makes
    this seat's screen stale), compared as they are (no serialising); a button a game keeps
    from one version to the next is the same object and needs no comparing."""
    return len(before) == len(after) and all(
        old is new or (old.action, old.params, old.inputs) == (new.action, new.params, new.inputs)
        for old, new in zip(before, after, strict=True))


def _deal_at_first_action(db: Database, table: Table) -> None:
    deal.close_gathering(db, table, deal.BY_FIRST_ACTION)
    waiting = deal.waiting_for(db, table)
    if waiting:
        raise Refused(N_("The cards are not dealt yet: waiting for {names} to send their "
                         "phone's randomness."), names=", ".join(table.names[s] for s in waiting))
    deal.deal(db, table, table.row["deal_by"])


def undo_allowed(db: Database, table: Table, seat: int | None,
                 last: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The event this seat (None: the host) may undo now, or None.

    A seat may take back its own last action while it showed nobody anything new; the host
    may undo anything in the running game, as a correction everyone sees in the log.
    ``last``: the game's last live event when the caller has it (the action just stored).
    """
    if table.round_closed:
        return None
    if last is None:
        last = table.last_live(db)
    if last is None:
        return None
    if seat is None:
        return last
    if last["seat"] == seat and not last["revealed"]:
        return last
    return None


def label_of(offered: list[Any], posted: dict[str, Any]) -> str | None:
    """The label of the button a seat tapped (message id and arguments, as stored JSON): an
    undo names the action in the mover's own words, not by a line the game wrote after it."""
    for offer in offered:
        if offer.action == posted["action"] and all(
                posted["params"].get(k) == v for k, v in offer.params.items()):
            return store.dumps({"text": offer.label, "args": offer.label_args})
    return None


def undo(db: Database, table_opener: Any, by_seat: bool = False) -> Table:
    """Undo the last action: the seat's free take-back, or the host's correction."""
    with store.writing(db):
        if by_seat:
            table, seat = open_seat(db, table_opener)
            event = undo_allowed(db, table, seat["seat"])
            if event is None:
                raise Refused(N_("You can only take back your own last action, and only "
                                 "while it has shown nobody anything new."))
            who = f"seat:{seat['seat']}"
        else:
            table = open_host(db, table_opener)
            event = undo_allowed(db, table, None)
            if event is None:
                raise Refused(N_("There is nothing to undo."))
            who = "host"
        new_version = table.version + 1
        head = chain.link(table.row["log_hash"], chain.undo_entry(dict(
            event, undone_version=new_version, undone_by=who)))
        store.mark_undone(db, event["id"], new_version, who, head)
        state_text = store.live_state(db, table.code, table.round)
        if state_text is None:
            state_text = store.round_row(db, table.code, table.round)["initial_state"]
        fields = {"version": new_version, "log_hash": head,
                  "log_size": table.row["log_size"] + 1,
                  "seat_versions": store.dumps([new_version] * len(table.seats))}
        store.update_table(db, table.code, **fields)
        table.moved(table.game.upgrade(store.loads(state_text)), state=state_text, **fields)
    return table
