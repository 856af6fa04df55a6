"""Acting and taking back: one seat's action, and the undo of the last one.

An action goes one road, whoever takes it — a phone (:func:`act`, by its seat's token) or a
seat the app plays (:func:`take_action`, with the table it read) — in three steps:

1. **check** (STYLE.md §5, in a fixed order): the request's shape (the version a whole
   number, the key short text), the token holds a seat, the key is new, the table is open,
   the cards are dealt (the first action of a game nobody's phone holds up deals it), the
   game is not over, the version is current, the action is offered and its parameters fit;
2. **decide**: the rules apply it (a refusal of theirs is a 422 with their sentence), and
   the referee works out what records it: the event, the log chain's new head, which
   seats' screens went stale, the end of the game if it ended — nothing written yet;
3. **one store call** (``store.record_action``) writes it, and the table read for this
   request moves on with the very same fields.

Each refusal is its own exception with a status and a sentence; a refused action changes
nothing (the deal of a first action included: it is in the same transaction).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion import store
from companion.fairplay import chain, fairness, inputs
from companion.fairplay.errors import BadRequest, Refused, Stale
from companion.games.base import N_, Action, ActionSyntaxError, Result, RuleError, app_player
from companion.referee import deal
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
    ``LAST_EVENT``'s fields and its ``id``."""
    previous: dict[str, Any] | None = None
    """The last live event before it (``id``, ``version``), if any."""


LAST_EVENT = ("step", "seat", "revealed", "version", "label", "log", "undone_version",
              "undone_by")
"""What the referee keeps of the event an action stored (with its ``id``): what an undo,
the next step and the answer's log lines ask of the last live event."""


@dataclass(frozen=True)
class Move:
    """An action as the rules decided it, ready for the store: nothing written yet."""

    state: dict[str, Any]
    """The new state (parsed); ``event["state"]`` is its stored text."""
    event: dict[str, Any]
    """The ``events`` row that records it."""
    fields: dict[str, Any]
    """The ``tables`` row's new fields: version, step, each seat's version, the log's head
    and size, whether the game ended."""
    result: Result | None
    """The game's result at the new state (None: it goes on)."""
    ended: dict[str, Any] | None
    """The ``rounds`` row's end, when the action ended the game: ``result``, ``log_hash``."""
    offers: dict[int, list[Action]]
    """What each seat may do at the new position (asked once: the answer asks again)."""


def act(
    db: Database,
    token: Any,
    action: Any,
    params: Any,
    version: Any,
    key: Any = None,
) -> Acted:
    """A phone's action, by its seat's token, in one write transaction; a repeated key
    applies once. ``version``: the table's version the phone's screen was rendered at."""
    _check_request(version, key)
    with store.writing(db):
        table, seat, seen = open_seat_with_key(db, token, key)
        if seen is not None:
            return Acted(table, seat, repeated=True)
        if seat["seat"] in app_seats(table):
            raise Refused(N_("The app plays this seat; nobody acts for it."))
        return take_action(db, table, seat, action, params, version, key)


def act_for_app(db: Database, code: str, seat_number: int, action: dict[str, Any],
                at_version: int) -> Acted | None:
    """The app's seat takes ``action``, decided at version ``at_version`` of the table, by
    the same road as a phone's (``take_action``). None when the table moved on meanwhile
    (the app decides again from what it shows now)."""
    with store.writing(db):
        table = open_table(db, code)
        if table.version != at_version or seat_number not in app_seats(table):
            return None
        return take_action(db, table, table.seats[seat_number], action["action"],
                           action["params"], at_version)


def app_seats(table: Table) -> dict[int, str]:
    """The seats the app plays at this table, with their level."""
    game = app_player(table.game)
    return game.app_seats(table.options) if game is not None else {}


def take_action(db: Database, table: Table, seat: dict[str, Any], action: Any, params: Any,
                version: Any, key: Any = None) -> Acted:
    """The one road into an action once the seat is known (a phone's, or a seat the app
    plays): check, decide, one store call. Inside ``store.writing``; ``version`` as read by
    whoever decided (checked as a phone's)."""
    _check_request(version, key)
    offered, params = _check(db, table, seat, action, params, version)
    previous = table.last_live(db)
    move = _decide(db, table, seat["seat"], offered, {"action": action, "params": params},
                   key, previous)
    event_id = store.record_action(db, table.code, table.round, move.event, move.fields,
                                   move.ended)
    table.moved(move.state, state=move.event["state"], offers=move.offers, result=move.result,
                **move.fields)
    last = {"id": event_id, **{name: move.event[name] for name in LAST_EVENT}}
    table.remember_last(last)
    return Acted(table, seat, last=last, previous=previous)


def _check_request(version: Any, key: Any) -> None:
    """What a request must be before anything is read: the version a whole number (the one
    place it is checked, for every client), the key a short text."""
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadRequest(N_("The version must be a whole number."))
    inputs.check_request_key(key)


def _check(db: Database, table: Table, seat: dict[str, Any], action: Any, params: Any,
           version: int) -> tuple[list[Action], dict[str, Any]]:
    """The referee's checks after the seat is known, in their order; the seat's offers and
    the parameters as checked."""
    if table.closed:
        raise Refused(N_("This table has ended; the host can start a new one."))
    if not table.dealt:
        _deal_at_first_action(db, table)
    if table.result is not None:
        raise Refused(N_("The game is over."))
    if version < store.loads(table.row["seat_versions"])[seat["seat"]]:
        raise Stale(N_("The table changed before your action arrived; "
                       "nothing was done. Here is the table as it is now."))
    if not isinstance(action, str) or not action:
        raise BadRequest(N_("Say which action to take."))
    offered = table.actions(seat["seat"])
    params = inputs.check_params(action, {} if params is None else params, offered)
    if not offered:
        raise Refused(N_("There is nothing for you to do right now; wait for your turn."))
    return offered, params


def _decide(db: Database, table: Table, seat: int, offered: list[Action],
            posted: dict[str, Any], key: Any, previous: dict[str, Any] | None) -> Move:
    """The rules apply the action; what records it, worked out and not written."""
    step = previous["step"] + 1 if previous else 1
    rng = fairness.random_for(table.row["seed"], deal.contributions(db, table), step)
    assert table.state is not None, "dealt by the checks: a table offers actions only once dealt"
    try:
        applied = table.game.apply(table.state, seat, posted, rng)
    except ActionSyntaxError as error:
        raise BadRequest(error.message, **error.args_) from None
    except RuleError as error:
        raise Refused(error.message, **error.args_) from None
    version = table.version + 1
    state_text = store.dumps(applied.state)
    head = chain.link(table.row["log_hash"], chain.action_entry({
        "step": step, "seat": seat, "version": version, "action": posted,
        "log": applied.log}))
    result = table.game.result(applied.state)
    seats = range(len(table.seats))
    offers = {s: [] if result is not None else table.game.actions(applied.state, s)
              for s in seats}
    seat_versions = store.loads(table.row["seat_versions"])
    for s in seats:
        if not same_offers(table.actions(s), offers[s]):
            seat_versions[s] = version
    fields = {"version": version, "high_step": max(table.row["high_step"], step),
              "seat_versions": store.dumps(seat_versions), "log_hash": head,
              "log_size": table.row["log_size"] + 1, "round_closed": int(result is not None)}
    ended = None
    if result is not None:
        fields["log_hash"] = chain.link(head, chain.end_entry(result,
                                                              chain.state_sha256(state_text)))
        fields["log_size"] += 1
        ended = {"result": result, "log_hash": fields["log_hash"]}
    event = {
        "table_code": table.code, "round": table.round, "step": step, "seat": seat,
        "action": store.dumps(posted), "key": None if key is None else f"{seat}:{key}",
        "log": store.dumps(applied.log), "revealed": int(applied.revealed or rng.used),
        "state": state_text, "version": version, "undone_version": None,
        "undone_by": None, "created": now(), "chain": head,
        "label": label_of(offered, posted),
    }
    return Move(applied.state, event, fields, result, ended, offers)


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
