"""The start step: the phones' committed randomness, then the deal.

A game is dealt only after its commitment was on screen and the phones had their say:

1. *gathering* — each phone that opens its seat commits to 32 random bytes (their
   SHA-256). Nothing is revealed yet, so nobody — not even whoever runs the server and
   knows the seed — can fix a contribution knowing another's.
2. *revealing* — once every seat has committed, or the host starts, or a seat's first
   action arrives, commitments close and each phone reveals its bytes (checked against
   its commitment).
3. *dealt* — when every committed phone has revealed (or the host deals without one that
   never does), ``setup`` runs with every revealed contribution mixed into the key.

The functions here run inside the caller's write transaction (``store.writing``).
"""

from __future__ import annotations

from typing import Any

from companion import store
from companion.caches import Cache
from companion.fairplay import chain, fairness
from companion.fairplay.errors import BadRequest, Refused
from companion.games.base import N_, RuleError, app_player
from companion.referee.table import DEALT, GATHERING, REVEALING, Table
from companion.store import Database

BY_PLAYERS, BY_HOST, BY_FIRST_ACTION, AT_CREATION = "players", "host", "first action", "creation"


def hex32(value: Any, what: str) -> str:
    """32 bytes as 64 hex digits (lower case), or a 400 naming ``what``."""
    if isinstance(value, str) and len(value) == 64:
        try:
            bytes.fromhex(value)
            return value.lower()
        except ValueError:
            pass
    raise BadRequest(N_("The {what} must be 32 bytes written as 64 hex digits."), what=what)


_dealt: Cache[tuple[str, int, str], list[dict[str, Any]]] = Cache("dealt contributions", 1024)
"""Contributions of dealt games, which never change again (by table, round and seed
commitment); read with every action otherwise. Callers never change them."""


def contributions(db: Database, table: Table) -> list[dict[str, Any]]:
    if table.contributions is not None:
        return table.contributions
    # Kept across requests only from a table read as dealt: a deal made in this request
    # may still be rolled back (a refused first action), and phones commit again after it.
    final = table.dealt_when_read
    key = (table.code, table.round, table.row["commitment"])
    found = _dealt.get(key) if final else None
    if found is None:
        found = store.contributions(db, table.code, table.round)
        if final:
            _dealt.keep(key, found)
    if table.dealt:
        table.contributions = found
    return found


def mine(db: Database, table: Table, seat: int) -> dict[str, Any] | None:
    return next((c for c in contributions(db, table) if c["seat"] == seat), None)


def commit(db: Database, table: Table, seat: int, commitment: str,
           value: str | None = None) -> bool:
    """Record a seat's commitment (and its bytes, for the single-step join) while gathering.

    A phone that lost its bytes before any were revealed may commit again; once revealed,
    a contribution stays. Returns whether anything changed.
    """
    if table.row["deal_phase"] != GATHERING:
        return False
    row = mine(db, table, seat)
    if row is None:
        store.insert(db, "contributions", {
            "table_code": table.code, "round": table.round, "seat": seat,
            "before_step": 0, "commitment": commitment, "value": value,
        })
    elif row["value"] is None:
        store.update_contribution(db, row["id"], commitment=commitment, value=value)
    else:
        return False
    if all_committed(db, table) and not awaiting_check(db, table):
        close_gathering(db, table, BY_PLAYERS)
    return True


def people(table: Table) -> list[int]:
    """The seats a person holds: every seat but those the app plays (which have no phone
    and send no randomness of their own)."""
    game = app_player(table.game)
    played = game.app_seats(table.options) if game is not None else {}
    return [s["seat"] for s in table.seats if s["seat"] not in played]


def all_committed(db: Database, table: Table) -> bool:
    """Every seat a person holds has committed its randomness (the app's seats send none,
    so a table whose Dracula is the app waits for the hunters' phones only)."""
    return len({c["seat"] for c in contributions(db, table)}) == len(people(table))


def awaiting_check(db: Database, table: Table) -> bool:
    """The game has values to check against the group's cards and the host has not checked
    them yet: the phones' joining alone does not start the deal (the host's "Deal now"
    still does)."""
    options = store.loads(store.round_row(db, table.code, table.round)["options"])
    return not options.get("checked") and bool(table.game.box(options)["checks"])


def reveal(db: Database, table: Table, seat: int, value: str) -> bool:
    """Record a committed seat's bytes; returns whether anything changed."""
    row = mine(db, table, seat)
    if table.dealt:
        if row is not None and row["value"] == value:
            return False
        raise Refused(N_("The cards are already dealt; this phone's randomness came too late."))
    if row is None:
        raise Refused(N_("This phone has not committed to any randomness in this game."))
    if fairness.contribution_commitment(value) != row["commitment"]:
        raise BadRequest(N_("These bytes do not match what this phone committed to."))
    if table.row["deal_phase"] == GATHERING:
        raise Refused(N_("The phones reveal their randomness once every seat has committed; "
                         "wait a moment."))
    if row["value"] == value:
        return False
    store.update_contribution(db, row["id"], value=value)
    return True


def close_gathering(db: Database, table: Table, by: str) -> None:
    """No more commitments: the phones may reveal (``by`` is why the deal is starting)."""
    if table.row["deal_phase"] == GATHERING:
        store.update_table(db, table.code, deal_phase=REVEALING, deal_by=by)
        table.row.update(deal_phase=REVEALING, deal_by=by)


def waiting_for(db: Database, table: Table) -> list[int]:
    """Seats that committed and have not revealed yet."""
    return [c["seat"] for c in contributions(db, table) if c["value"] is None]


def advance(db: Database, table: Table, force: bool = False) -> bool:
    """Deal if commitments are closed and every committed phone revealed (or ``force``).
    Returns whether the cards were dealt now."""
    if table.row["deal_phase"] != REVEALING or (waiting_for(db, table) and not force):
        return False
    deal(db, table, table.row["deal_by"])
    return True


def deal(db: Database, table: Table, by: str) -> None:
    """Run ``setup`` with the seed and every revealed contribution; link it into the log."""
    round_row = store.round_row(db, table.code, table.round)
    options = store.loads(round_row["options"])
    mixed = [{"seat": c["seat"], "commitment": c["commitment"], "value": c["value"],
              "before_step": 0} for c in contributions(db, table)]
    try:
        state = table.game.setup(options, fairness.random_for(table.row["seed"], mixed, 0))
    except RuleError as error:
        raise BadRequest(error.message, **error.args_) from None
    entry = chain.deal_entry(by, options, mixed)
    head = chain.link(table.row["log_hash"], entry)
    state_text = store.dumps(state)
    store.update_round(db, table.code, table.round, initial_state=state_text,
                       deal=store.dumps({k: v for k, v in entry.items() if k != "kind"}),
                       deal_chain=head)
    fields = {"deal_phase": DEALT, "deal_by": by, "log_hash": head,
              "log_size": table.row["log_size"] + 1}
    store.update_table(db, table.code, **fields)
    table.moved(state, state=state_text, **fields)


def status(db: Database, table: Table) -> dict[str, Any]:
    """What every screen shows about the deal: the phase and each seat's randomness
    (its short hash; whether it was committed, revealed and used)."""
    found = {c["seat"]: c for c in contributions(db, table)}
    seats = []
    humans = people(table)
    for s in table.seats:
        row = found.get(s["seat"])
        seats.append({
            "seat": s["seat"], "name": s["name"], "joined": bool(s["claimed"]),
            "committed": row is not None, "revealed": bool(row and row["value"]),
            "short": fairness.short(row["commitment"]) if row else None,
            "app": s["seat"] not in humans,
        })
    check = not table.dealt and awaiting_check(db, table)
    return {"phase": table.row["deal_phase"], "by": table.row["deal_by"], "seats": seats,
            "check": check}
