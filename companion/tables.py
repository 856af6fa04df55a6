"""Table lifecycle: create, seats and tokens, the deal, act, undo, play again, end.

The referee's checks run here once, in a fixed order (STYLE.md §5): the table exists, the
token holds a seat, the game is not over, the submitted version is current, the action
parses, the game accepts it. Each failure is its own exception with a status and a
sentence; a refused action changes nothing.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import operator
import re
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import ModuleType
from typing import Any

from sqlite_utils import Database

from companion import chain, deal, fairness, inputs, joincodes, store
from companion.errors import (  # noqa: F401  (re-exported: callers catch tables.Refused…)
    BadRequest,
    Forbidden,
    NotFound,
    Refused,
    Stale,
    TableError,
)
from companion.games import GAMES
from companion.games.base import N_, ActionSyntaxError, RuleError

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_NAME = 24
MAX_OPTION_TEXT = 4000
_TOKEN = re.compile(r"[A-Za-z0-9_\-=]{16,64}")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def new_token() -> str:
    """192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_token(host_token: str, seat: int, generation: int) -> str:
    """A seat's token, derived from the host token so the host screen can always show its
    QR code while the database keeps only hashes. A re-issue moves to the next generation."""
    digest = hmac.new(host_token.encode(), f"seat:{seat}:{generation}".encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


OFFERS_KEPT = 256
"""Tables whose legal actions are kept in memory (the most recently used)."""


UNKNOWN: Any = object()


@dataclass
class Offers:
    """Every seat's legal actions at one position, filled as they are asked for."""

    position: tuple[str, int]
    actions: dict[int, list[Any]] = field(default_factory=dict)
    last: Any = UNKNOWN
    """The game's last live event at this position (None: no action yet), once known."""


_offers: OrderedDict[str, Offers] = OrderedDict()
_offers_lock = threading.Lock()


def _remembered(code: str, position: tuple[str, int]) -> Offers:
    """The actions kept for this table at this position (filled in by the caller)."""
    with _offers_lock:
        kept = _offers.get(code)
        if kept is not None and kept.position == position:
            _offers.move_to_end(code)
            return kept
        fresh = _offers[code] = Offers(position)
        while len(_offers) > OFFERS_KEPT:
            _offers.popitem(last=False)
        return fresh


@dataclass
class Table:
    """A table as loaded for one request: its row, its seats and the parsed state."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    state: dict[str, Any] | None = field(init=False)
    """None until the deal."""

    def __post_init__(self) -> None:
        self.state = store.loads(self.row["state"])
        self._offers: Offers | None = None
        self._result_of: Any = None
        self._names: list[str] | None = None
        self._result: dict[str, Any] | None = None
        self.dealt_when_read = self.row["deal_phase"] == deal.DEALT
        """The deal was made (and committed) before this request read the table."""
        self.contributions: list[dict[str, Any]] | None = None
        """The phones' randomness once read for this request after the deal (it is fixed
        from the deal on: the action and the answer's deal status share one read)."""

    @property
    def code(self) -> str:
        return self.row["code"]

    @property
    def game(self) -> ModuleType:
        return GAMES[self.row["game"]]

    @property
    def version(self) -> int:
        return self.row["version"]

    @property
    def round(self) -> int:
        return self.row["round"]

    @property
    def options(self) -> dict[str, Any]:
        return store.loads(self.row["options"])

    @property
    def closed(self) -> bool:
        """The host ended the table: nothing more can happen at it."""
        return self.row["status"] == "closed"

    @property
    def round_closed(self) -> bool:
        """The current game is over and its seed revealed (the table may play again)."""
        return self.closed or bool(self.row["round_closed"])

    @property
    def dealt(self) -> bool:
        """The game's setup has run (after the phones' randomness was in)."""
        return self.row["deal_phase"] == deal.DEALT

    @property
    def result(self) -> dict[str, Any] | None:
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

    def actions(self, seat: int) -> list[Any]:
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
        return offers.last

    def remember_last(self, event: dict[str, Any]) -> None:
        """The action just stored is the last live one at the position it made."""
        self._position_offers().last = event

    def _position_offers(self) -> Offers:
        if self._offers is None or self._offers.position != self.position:
            self._offers = _remembered(self.code, self.position)
        return self._offers

    def moved(self, parsed: dict[str, Any] | None, **fields: Any) -> None:
        """The new state and the row fields naming it (``log_hash``, ``version``), together:
        actions asked for after this belong to the new position."""
        self.row.update(fields)
        self.state = parsed

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """``view(state, seat)``; None before the deal (there is no position yet)."""
        if self.state is None:
            return None
        return self.game.view(self.state, seat)


# --- options ----------------------------------------------------------------------------


def validate_options(game: ModuleType, raw: Any) -> dict[str, Any]:
    """The game's options with defaults filled in, each value checked and coerced.

    :raises BadRequest: an unknown option or a value of the wrong kind or range.
    """
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise BadRequest(N_("Options must be an object."))
    known = {option.name: option for option in game.OPTIONS}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise BadRequest(N_("This game has no option “{name}”."), name=str(unknown[0])[:40])
    options: dict[str, Any] = {}
    for name, option in known.items():
        value = raw.get(name, option.default)
        options[name] = _coerce(option, value)
    return options


def _coerce(option: Any, value: Any) -> Any:
    label = option.label
    if option.kind == "bool":
        if isinstance(value, str) and value.lower() in ("on", "true", "1", "yes"):
            return True
        if isinstance(value, str) and value.lower() in ("", "off", "false", "0", "no"):
            return False
        if isinstance(value, bool):
            return value
        raise BadRequest(N_("“{option}” must be yes or no."), option=label)
    if option.kind == "int":
        try:
            number = inputs.whole_number(value) if isinstance(value, str) else int(value)
        except (TypeError, ValueError, OverflowError, BadRequest):
            raise BadRequest(N_("“{option}” must be a whole number."), option=label) from None
        if isinstance(value, bool) or isinstance(value, float) and value != number:
            raise BadRequest(N_("“{option}” must be a whole number."), option=label)
        low = option.min if option.min is not None else number
        high = option.max if option.max is not None else number
        if not low <= number <= high:
            raise BadRequest(N_("“{option}” must be between {min} and {max}."),
                             option=label, min=low, max=high)
        return number
    if option.kind == "choice":
        values = [v for v, _ in option.choices]
        if value not in values:
            raise BadRequest(N_("“{option}” has no choice “{value}”."), option=label,
                             value=str(value)[:40])
        return value
    if not isinstance(value, str) or len(value) > MAX_OPTION_TEXT:
        raise BadRequest(N_("“{option}” must be a text of at most 4000 characters."),
                         option=label)
    return inputs.check_text(value, MAX_OPTION_TEXT, label, newlines=True)


def seat_plan(game: ModuleType, options: dict[str, Any], raw: Any) -> list[dict[str, str]]:
    """Roles and names for the seats, checked against the game's seat rules."""
    spec = game.seats(options)
    if raw is None:
        raw = [{} for _ in range(max(spec.min, len(spec.roles)))]
    if not isinstance(raw, list) or not all(isinstance(s, dict) for s in raw):
        raise BadRequest(N_("Seats must be a list of objects with a name."))
    if spec.roles and len(raw) != len(spec.roles):
        raise BadRequest(N_("This game has exactly {count} seats."), count=len(spec.roles))
    if not spec.min <= len(raw) <= spec.max:
        raise BadRequest(N_("This game needs between {min} and {max} players."),
                         min=spec.min, max=spec.max)
    plan = []
    seen: set[str] = set()
    for i, entry in enumerate(raw):
        role = spec.roles[i] if spec.roles else ""
        name = inputs.clean_name(entry.get("name") or "", MAX_NAME) or role or f"#{i + 1}"
        if "role" in entry and spec.roles and entry["role"] not in ("", role):
            raise BadRequest(N_("Seat {n} is the role “{role}”."), n=i + 1, role=role)
        if inputs.name_key(name) in seen:
            raise BadRequest(N_("Two seats cannot both be called “{name}”: the log would "
                                "not tell them apart."), name=name)
        seen.add(inputs.name_key(name))
        plan.append({"role": role, "name": name})
    return plan


# --- creating and opening -----------------------------------------------------------------

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
    if hasattr(game, "validate"):
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
            "state": None, "version": 1, "round": 1, "seed": seed,
            "commitment": commitment, "status": "playing",
            "host_hash": token_hash(host_token), "lang": lang, "public_url": "",
            "high_step": 0, "seat_versions": store.dumps([1] * len(plan)), "created": now(),
            "deal_phase": deal.GATHERING, "deal_by": "",
            "log_hash": chain.start(code, 1, commitment), "log_size": 0,
        })
        for i, (seat, token) in enumerate(zip(plan, tokens, strict=True)):
            store.insert(db, "seats", {
                "table_code": code, "seat": i, "role": seat["role"], "name": seat["name"],
                "token_hash": token_hash(token), "lang": lang, "claimed": 0,
                "generation": 0,
            })
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
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if store.table(db, code) is None:
            return code


def _load(db: Database, row: dict[str, Any] | None) -> Table:
    if row is None:
        raise NotFound(N_("There is no such table."))
    return Table(row, store.seats(db, row["code"]))


def open_table(db: Database, code: str) -> Table:
    return _load(db, store.table(db, code.upper()))


def _check_token(token: Any) -> str:
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise Forbidden(N_("This link is not valid. Ask the host for a new one."))
    return token_hash(token)


def open_host(db: Database, token: Any) -> Table:
    """The table whose host token this is (403 if none)."""
    digest = _check_token(token)
    row = store.table_by_host(db, digest)
    if row is None or not hmac.compare_digest(row["host_hash"], digest):
        raise Forbidden(N_("This host link is not valid."))
    return _load(db, row)


def open_seat(db: Database, token: Any) -> tuple[Table, dict[str, Any]]:
    """The table and seat this token opens (403 if none, e.g. after a re-issue)."""
    table, seat, _ = _open_seat(db, token)
    return table, seat


def _open_seat(db: Database, token: Any, key: str | None = None
               ) -> tuple[Table, dict[str, Any], Any]:
    """…and the event a request key of this seat already made (its id, or None)."""
    digest = _check_token(token)
    row, seats, key_event = store.table_by_seat_with_seats(db, digest, key)
    seat = next((s for s in seats if s["token_hash"] == digest), None)
    if row is None or seat is None or not hmac.compare_digest(seat["token_hash"], digest):
        raise Forbidden(N_("This seat link is not valid any more. Ask the host for a new one."))
    return Table(row, seats), seat, key_event


# --- acting -----------------------------------------------------------------------------


@dataclass
class Acted:
    table: Table
    seat: dict[str, Any]
    repeated: bool = False
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
        table, seat, seen = _open_seat(db, token, key)
        if seen is not None:
            return Acted(table, seat, repeated=True)
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
        })
        fields = {"state": state_text, "version": new_version,
                  "high_step": max(table.row["high_step"], step)}
        table.moved(applied.state, **fields, log_hash=head,
                    log_size=table.row["log_size"] + 1)
        stored = {"id": event_id, "step": step, "seat": seat["seat"], "revealed": revealed,
                  "version": new_version}
        table.remember_last(stored)
        for s, offers in before.items():
            if not _same_offers(offers, table.actions(s)):
                seat_versions[s] = new_version
        fields["seat_versions"] = store.dumps(seat_versions)
        table.row["seat_versions"] = fields["seat_versions"]
        finished = table.result     # worked out once: the answer asks again
        if finished is not None:
            _end_round(db, table, finished)
        store.update_table(db, table.code, **fields, log_hash=table.row["log_hash"],
                           log_size=table.row["log_size"], round_closed=int(finished is not None))
        table.row.update(round_closed=int(finished is not None))
    return Acted(table, seat, last=dict(stored, log=log_text, undone_version=None,
                                        undone_by=None), previous=last)


def _same_offers(before: list[Any], after: list[Any]) -> bool:
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


def _end_round(db: Database, table: Table, result: Any) -> None:
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


# --- the phones' randomness and the deal -------------------------------------------------------


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


def set_seat_language(db: Database, token: Any, lang: Any) -> None:
    lang = inputs.check_lang(lang)
    with store.writing(db):
        _, seat = open_seat(db, token)
        store.update_seat(db, seat["id"], lang=lang)


# --- the host's controls -------------------------------------------------------------------


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
    """A new token for a seat (the old link stops working); returns the new token."""
    with store.writing(db):
        table = open_host(db, host_token)
        if not isinstance(seat_number, int) or not 0 <= seat_number < len(table.seats):
            raise NotFound(N_("There is no such seat."))
        seat = table.seats[seat_number]
        token = seat_token(host_token, seat_number, seat["generation"] + 1)
        store.update_seat(db, seat["id"], token_hash=token_hash(token), claimed=0,
                          generation=seat["generation"] + 1, join_hash=joincodes.UNMADE,
                          join_box="")
        store.update_table(db, table.code, version=table.version + 1)
    return token


def join_codes(db: Database, table: Table, host_token: str,
               make: bool = True) -> dict[int, str]:
    """The typeable code of every seat not yet taken, made the first time the host screen
    shows it (``companion/joincodes.py``); ``make=False`` only lists those already made (an
    answer to a refused request changes nothing)."""
    codes = {s["seat"]: joincodes.code_for(host_token, s["seat"], s["generation"])
             for s in table.seats if not s["claimed"] and s["join_hash"] != joincodes.USED}
    unmade = [s for s in table.seats
              if s["seat"] in codes and s["join_hash"] == joincodes.UNMADE]
    if not make:
        return {n: code for n, code in codes.items()
                if n not in {s["seat"] for s in unmade}}
    if unmade:
        with store.writing(db):
            for s in unmade:
                token = seat_token(host_token, s["seat"], s["generation"])
                joincodes.make(db, table.code, s["id"], codes[s["seat"]], token)
                s["join_hash"] = "made"
    return codes


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
        fields = {"state": state_text, "version": new_version, "log_hash": head,
                  "log_size": table.row["log_size"] + 1,
                  "seat_versions": store.dumps([new_version] * len(table.seats))}
        store.update_table(db, table.code, **fields)
        table.row.update(fields)
        table.state = store.loads(state_text)
    return table


def close(db: Database, host_token: Any) -> Table:
    """End the table: no more actions, the seed is revealed for verification."""
    with store.writing(db):
        table = open_host(db, host_token)
        if table.closed:
            return table
        if not table.round_closed:
            _end_round(db, table, table.result)
        fields = {"status": "closed", "version": table.version + 1,
                  "log_hash": table.row["log_hash"], "log_size": table.row["log_size"]}
        store.update_table(db, table.code, **fields)
        table.row.update(fields)
    return table


def play_again(db: Database, opener: Any, as_host: bool) -> Table:
    """A new game at the same seats, once the host starts it or every seat asked for it (one
    phone's tap must not wipe the result from every screen). The new game's seed is made
    and its commitment shown first; the phones' randomness is gathered afresh (none carries
    over) and the deal waits for it. The finished game stays in ``rounds`` (its result,
    seed and export)."""
    with store.writing(db):
        if as_host:
            table, asking = open_host(db, opener), None
        else:
            table, seat = open_seat(db, opener)
            asking = seat["seat"]
        if table.closed:
            raise Refused(N_("This table has ended; the host can start a new one."))
        if not getattr(table.game, "REMATCH", False):
            raise Refused(N_("This game has no rematch; the host can start a new table."))
        previous = table.result
        if previous is None:
            raise Refused(N_("Finish this game first."))
        if asking is not None:
            asked = sorted(set(again_asked(table)) | {asking})
            if len(asked) < len(table.seats):
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
        store.update_table(db, table.code, state=None, version=new_version, round=round_,
                           seed=seed, commitment=commitment, high_step=0, round_closed=0,
                           seat_versions=store.dumps([new_version] * len(table.seats)),
                           deal_phase=deal.GATHERING, deal_by="", again="[]",
                           log_hash=chain.start(table.code, round_, commitment), log_size=0)
    return open_table(db, table.code)


def again_asked(table: Table) -> list[int]:
    """The seats that asked for a new game since this one ended."""
    return store.loads(table.row.get("again") or "[]")


def finished_games(db: Database, table: Table) -> list[dict[str, Any]]:
    """This table's finished games, newest first: round, result, seed and final log hash
    (a finished game's seed is public)."""
    return [{"round": r["round"], "result": store.loads(r["result"]), "seed": r["seed"],
             "commitment": r["commitment"], "log_hash": r["log_hash"],
             "dealt": bool(r["deal"])}
            for r in reversed(store.rounds(db, table.code)) if r["closed"]]


# --- the log and the export -----------------------------------------------------------------


LOG_EVENTS_KEPT = 2048
"""Events whose readable lines are kept per viewer: a screen's newest 40 lines of some fifty
tables. Larger, they held memory the allocator keeps after a clear (bench: 500 devices)."""
_event_lines: dict[tuple[str, int, Any, int | None], list[tuple[int, int, list[dict]]]] = {}


def log_for(db: Database, table: Table, seat: int | None, limit: int = 40,
            since: int | None = None) -> list[dict]:
    """This game's log as ``seat`` may read it (None: public lines only), newest first;
    with ``since``, only the lines written after that version of the table (a client that
    keeps the lines it was sent asks for the new ones).

    An undone action keeps its lines, marked undone, where it happened; the undo itself is
    a line at the moment it was made, naming the action it took back.

    Each entry's ``ref`` names its line for good, so that a screen can keep its rendering
    (``render.log_lines``). An event's row never changes once it is undone, so what one
    viewer may read of it is worked out once.

    Events are read newest first, ``limit`` of them, then more only if those did not give
    ``limit`` lines (an event gives a viewer at least one line unless all its lines are
    private to others; at most ``4 * limit`` events are read). An older event's undo line
    can be newer than a younger event only if that younger event was undone too: below the
    oldest live event read so far nothing older can interleave. A line already sent is not
    sent again when an undo marks it undone: the undo's own line names the action.
    """
    commitment = table.row["commitment"]
    moments: list[tuple[int, int, list[dict[str, Any]]]] = []
    read, before, floor = 0, None, None
    # Each version after ``since`` wrote at most one event: no more can be newer.
    first = limit if since is None else max(1, min(limit, table.version - since + 1))
    while read < 4 * limit:
        size = first if before is None else 3 * limit
        page = store.log_moments(db, table.code, table.round, size, before)
        named = {event_id: (commitment, event_id, undone, seat)
                 for event_id, _, undone in page}
        unread = [event_id for event_id, key in named.items() if key not in _event_lines]
        if unread:
            if len(_event_lines) + len(unread) > LOG_EVENTS_KEPT:
                _event_lines.clear()
                unread = list(named)
            for event in store.log_events(db, unread):
                _event_lines[named[event["id"]]] = _readable(commitment, event, seat)
        for key in named.values():
            moments.extend(_event_lines[key])
        for _, version, undone in page:
            if undone is None:
                floor = version or 0
        read += len(page)
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


def log_after_action(table: Table, acted: Acted, seat: int | None, since: int,
                     limit: int = 40) -> list[dict] | None:
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
        if len(_event_lines) + len(viewers) > LOG_EVENTS_KEPT:
            _event_lines.clear()
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
            dict(_undo_line(event, lines), ref=(commitment, event["id"], "undo", seat))]))
    return moments


def _undo_line(event: dict[str, Any], lines: list[dict[str, Any]]) -> dict[str, Any]:
    """The log line of an undo: who undid it and the action's first line this viewer saw."""
    undid = {"text": lines[0]["text"], "args": lines[0].get("args", {})} if lines else {
        "text": N_("an action you did not see"), "args": {}}
    private = bool(lines) and lines[0]["private"]
    if event["undone_by"] == "host":
        return {"text": N_("Host correction: undone — “{action}”."), "args": {},
                "undid": undid, "correction": True, "private": private}
    return {"text": N_("{who} took back “{action}”."), "args": {"who": {"seat": event["seat"]}},
            "undid": undid, "private": private}


def export(db: Database, code: str, scope: str = "full") -> dict[str, Any]:
    """Every finished game of this table (see ``companion/export.py`` for who gets what)."""
    from companion import export as exports  # it builds on this module

    return exports.export(db, open_table(db, code), scope)
