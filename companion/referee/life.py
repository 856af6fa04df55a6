"""A table's life: created with a committed seed, dealt once the phones' randomness is in,
ended (its seed revealed), and played again at the same seats.

Each function is one write transaction (``store.writing``); a refusal changes nothing.
"""

from __future__ import annotations

from typing import Any

from companion import store
from companion.fairplay import chain, fairness, inputs
from companion.fairplay.errors import BadRequest, NotFound, Refused
from companion.games import GAMES
from companion.games.base import N_, RuleError
from companion.referee import deal, joincodes
from companion.referee.options import seat_plan, validate_options
from companion.referee.table import (
    GATHERING,
    Table,
    now,
    open_host,
    open_seat,
    open_table,
)
from companion.referee.tokens import new_code, new_token, seat_token, token_hash
from companion.store import Database

DEAL_MODES = ("join", "now")
"""When a new table deals: once the phones joined (the fair default), or at once from the
server's seed alone (bots and tests that read their actions before acting)."""


def create(
    db: Database,
    game_id: Any,
    options: Any = None,
    seats: Any = None,
    lang: Any = "en",
    deal_mode: Any = "join",
) -> dict[str, Any]:
    """A new table with a fresh committed seed; returns the code, the host token and the
    seat tokens (shown once: only their hashes are stored)."""
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise NotFound(N_("There is no game “{game}”."), game=str(game_id)[:40])
    game = GAMES[game_id]
    lang = inputs.check_lang(lang)
    if deal_mode not in DEAL_MODES:
        raise BadRequest(N_("“deal” is “join” (after the phones joined) or “now”."))
    opts = validate_options(game, options)
    plan = seat_plan(game, opts, seats)
    opts["players"] = len(plan)
    try:
        game.validate(opts)
    except RuleError as error:
        raise BadRequest(error.message, **error.args_) from None
    seed = fairness.new_seed()
    try:  # options a game cannot set up from are refused now, not at the deal
        game.setup(opts, fairness.random_for(seed, [], 0))
    except RuleError as error:
        raise BadRequest(error.message, **error.args_) from None
    host_token = new_token()
    tokens = [seat_token(host_token, i, 0) for i in range(len(plan))]
    commitment = fairness.commitment(seed)
    with store.writing(db):
        code = _free_code(db)
        store.insert(db, "tables", {
            "code": code, "game": game_id, "options": store.dumps(opts),
            "version": 1, "round": 1, "seed": seed,
            "commitment": commitment, "status": "playing",
            "host_hash": token_hash(host_token), "lang": lang, "public_url": "",
            "high_step": 0, "seat_versions": store.dumps([1] * len(plan)), "created": now(),
            "deal_phase": GATHERING, "deal_by": "",
            "log_hash": chain.start(code, 1, commitment), "log_size": 0,
        })
        for i, (seat, token) in enumerate(zip(plan, tokens, strict=True)):
            seat_id = store.insert(db, "seats", {
                "table_code": code, "seat": i, "role": seat["role"], "name": seat["name"],
                "token_hash": token_hash(token), "lang": lang, "claimed": 0,
                "generation": 0,
            })
            joincodes.make(db, code, seat_id, joincodes.code_for(host_token, i, 0), token)
        store.insert(db, "rounds", {
            "table_code": code, "round": 1, "options": store.dumps(opts), "seed": seed,
            "commitment": commitment, "initial_state": None, "result": None, "closed": 0,
        })
        if deal_mode == "now":
            deal.deal(db, open_table(db, code), deal.AT_CREATION)
    return {
        "code": code,
        "host_token": host_token,
        "commitment": commitment,
        "dealt": deal_mode == "now",
        "seats": [dict(seat, token=token) for seat, token in zip(plan, tokens, strict=True)],
    }


def _free_code(db: Database) -> str:
    while True:
        code = new_code()
        if store.table(db, code) is None:
            return code


def end_round(db: Database, table: Table, result: Any) -> None:
    """Close the current game (its seed is revealed) with the last entry of its log; the
    caller stores the table row's new ``log_hash`` and ``log_size``."""
    entry = chain.end_entry(result, chain.state_sha256(table.row["state"] or "null"))
    head = chain.link(table.row["log_hash"], entry)
    store.close_round(db, table.code, table.round, result, head)
    table.row.update(log_hash=head, log_size=table.row["log_size"] + 1)


def _changed(db: Database, table: Table, was_dealt: bool) -> None:
    """One more version for every screen; a deal just made gives every seat new actions."""
    fields: dict[str, Any] = {"version": table.version + 1}
    if table.dealt and not was_dealt:
        fields["seat_versions"] = store.dumps([table.version + 1] * len(table.seats))
    store.update_table(db, table.code, **fields)
    table.row.update(fields)


# --- the phones' randomness and the deal --------------------------------------------------


def join(db: Database, token: Any, contribution: Any = None, commitment: Any = None) -> Table:
    """A phone opened its seat: claim it and, while the game is gathering, record its
    commitment (``contribution`` alone commits and reveals in one step, for old clients)."""
    if commitment is not None:
        commitment = deal.hex32(commitment, N_("commitment"))
    if contribution is not None:
        contribution = deal.hex32(contribution, N_("contribution"))
        digest = fairness.contribution_commitment(contribution)
        if commitment is not None and commitment != digest:
            raise BadRequest(N_("These bytes do not match what this phone committed to."))
        commitment = digest
    with store.writing(db):
        table, seat = open_seat(db, token)
        if seat["seat"] not in deal.people(table):
            raise Refused(N_("The app plays this seat; nobody acts for it."))
        was_dealt = table.dealt
        changed = not seat["claimed"]
        if changed:
            store.update_seat(db, seat["id"], claimed=1)
            seat["claimed"] = 1
            joincodes.retire(db, seat["id"])
        if commitment is not None and deal.commit(db, table, seat["seat"], commitment,
                                                  contribution):
            deal.advance(db, table)
            changed = True
        if changed:
            _changed(db, table, was_dealt)
    return table


def reveal(db: Database, token: Any, contribution: Any) -> Table:
    """A committed phone's 32 bytes, once commitments are closed; the last one deals."""
    value = deal.hex32(contribution, N_("contribution"))
    with store.writing(db):
        table, seat = open_seat(db, token)
        was_dealt = table.dealt
        if deal.reveal(db, table, seat["seat"], value):
            deal.advance(db, table)
            _changed(db, table, was_dealt)
    return table


def start(db: Database, host_token: Any, force: bool = False) -> Table:
    """The host starts the game: commitments close; the cards are dealt once every phone
    that committed has revealed, or at once with ``force`` (the missing ones are shown)."""
    if not isinstance(force, bool):
        raise BadRequest(N_("“force” must be true or false."))
    with store.writing(db):
        table = open_host(db, host_token)
        if table.round_closed:
            raise Refused(N_("This game is over."))
        if table.dealt:
            return table
        deal.close_gathering(db, table, deal.BY_HOST)
        deal.advance(db, table, force=force)
        _changed(db, table, was_dealt=False)
    return table


def check_cards(db: Database, host_token: Any, corrections: Any = None) -> Table:
    """The host checked the values the app is unsure of against the group's own cards
    (``corrections``: the options found different, by name). From now on they are fixed
    for this game; the deal goes on once every phone has joined. Only while the phones are
    still joining: once their randomness is being revealed, nothing that shapes the deal
    may change."""
    if corrections is None:
        corrections = {}
    if not isinstance(corrections, dict):
        raise BadRequest(N_("The corrections must be an object of option values."))
    with store.writing(db):
        table = open_host(db, host_token)
        if table.round_closed:
            raise Refused(N_("This game is over."))
        if table.dealt or table.row["deal_phase"] != GATHERING:
            raise Refused(N_("The cards are already being dealt: the values can no longer "
                             "change."))
        game = table.game
        options = store.loads(store.round_row(db, table.code, table.round)["options"])
        checkable = {o.name for o in game.OPTIONS if o.check_cards}
        for name in corrections:
            if name not in checkable:
                raise BadRequest(N_("“{name}” is not a value to check against the cards."),
                                 name=str(name)[:40])
        known = {o.name for o in game.OPTIONS}
        merged = validate_options(game, {**{k: v for k, v in options.items() if k in known},
                                         **corrections})
        merged.update({k: v for k, v in options.items() if k not in known})
        merged.update({o.name: True for o in game.OPTIONS if o.set_when_checked})
        merged["checked"] = True
        try:
            game.validate(merged)
            game.setup(merged, fairness.random_for(table.row["seed"], [], 0))
        except RuleError as error:
            raise BadRequest(error.message, **error.args_) from None
        fields = {"options": store.dumps(merged), "version": table.version + 1}
        store.update_round(db, table.code, table.round, options=fields["options"])
        store.update_table(db, table.code, **fields)
        table.row.update(fields)
        if deal.all_committed(db, table):
            deal.close_gathering(db, table, deal.BY_PLAYERS)
    return table


# --- the end and the next game ----------------------------------------------------------


def close(db: Database, host_token: Any) -> Table:
    """End the table: no more actions, the seed is revealed for verification."""
    with store.writing(db):
        table = open_host(db, host_token)
        if table.closed:
            return table
        if not table.round_closed:
            end_round(db, table, table.result)
        fields = {"status": "closed", "version": table.version + 1,
                  "log_hash": table.row["log_hash"], "log_size": table.row["log_size"]}
        store.update_table(db, table.code, **fields)
        table.row.update(fields)
    return table


def play_again(db: Database, opener: Any, as_host: bool) -> Table:
    """A new game at the same seats, once the host starts it or every seat asked for it (one
    phone's tap must not wipe the result from every screen); also after the host ended the
    table, which it opens again (an abandoned game hands on no result). The new game's
    seed is made and its commitment shown first; the phones' randomness is gathered afresh
    (none carries over) and the deal waits for it. The finished game stays in ``rounds``
    (its result, seed and export)."""
    with store.writing(db):
        if as_host:
            table, asking = open_host(db, opener), None
        else:
            table, seat = open_seat(db, opener)
            asking = seat["seat"]
        if not table.game.REMATCH:
            raise Refused(N_("This game has no rematch; the host can start a new table."))
        previous = table.result
        if previous is None and not table.closed:
            raise Refused(N_("Finish this game first."))
        if asking is not None:
            asked = sorted(set(table.again_asked()) | {asking})
            if len(asked) < len(deal.people(table)):
                store.update_table(db, table.code, again=store.dumps(asked),
                                   version=table.version + 1)
                table.row.update(again=store.dumps(asked), version=table.version + 1)
                return table
        options = table.options
        options["previous_result"] = previous
        seed = fairness.new_seed()
        commitment = fairness.commitment(seed)
        round_ = table.round + 1
        store.insert(db, "rounds", {
            "table_code": table.code, "round": round_, "options": store.dumps(options),
            "seed": seed, "commitment": commitment, "initial_state": None, "result": None,
            "closed": 0,
        })
        new_version = table.version + 1
        store.update_table(db, table.code, status="playing", version=new_version, round=round_,
                           options=store.dumps(options),
                           seed=seed, commitment=commitment, high_step=0, round_closed=0,
                           seat_versions=store.dumps([new_version] * len(table.seats)),
                           deal_phase=GATHERING, deal_by="", again="[]",
                           log_hash=chain.start(table.code, round_, commitment), log_size=0)
    return open_table(db, table.code)


def finished_games(db: Database, table: Table) -> list[dict[str, Any]]:
    """This table's finished games, newest first: round, result, seed and final log hash
    (a finished game's seed is public)."""
    return [{"round": r["round"], "result": store.loads(r["result"]), "seed": r["seed"],
             "commitment": r["commitment"], "log_hash": r["log_hash"],
             "dealt": bool(r["deal"])}
            for r in reversed(store.rounds(db, table.code)) if r["closed"]]
