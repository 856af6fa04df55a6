"""Table lifecycle: create, seats and tokens, act, undo, play again, end, export.

The referee's checks run here once, in a fixed order (STYLE.md §5): the table exists, the
token holds a seat, the game is not over, the submitted version is current, the action
parses, the game accepts it. Each failure is its own exception with a status and a
sentence; a refused action changes nothing.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import ModuleType
from typing import Any

from sqlite_utils import Database

from companion import fairness, store
from companion.games import GAMES
from companion.games.base import N_, ActionSyntaxError, RuleError

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_NAME = 24
LANGUAGES = ("en", "cs", "ru")


class TableError(Exception):
    """A refused request: ``status`` is the HTTP status, ``message`` a sentence id."""

    status = 400

    def __init__(self, message: str, **args: Any) -> None:
        super().__init__(message.format(**args))
        self.message = message
        self.args_ = args


class BadRequest(TableError):
    status = 400


class Forbidden(TableError):
    status = 403


class NotFound(TableError):
    status = 404


class Stale(TableError):
    status = 409


class Refused(TableError):
    status = 422


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


@dataclass
class Table:
    """A table as loaded for one request: its row, its seats and the parsed state."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    state: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        self.state = store.loads(self.row["state"])

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
    def result(self) -> dict[str, Any] | None:
        return self.game.result(self.state)

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    def actions(self, seat: int) -> list[Any]:
        if self.closed or self.result is not None:
            return []
        return self.game.actions(self.state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
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
            number = int(value)
        except (TypeError, ValueError):
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
    if not isinstance(value, str) or len(value) > 4000:
        raise BadRequest(N_("“{option}” must be a text of at most 4000 characters."),
                         option=label)
    return value


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
    for i, entry in enumerate(raw):
        role = spec.roles[i] if spec.roles else ""
        name = entry.get("name") or ""
        if not isinstance(name, str):
            raise BadRequest(N_("A seat's name must be a text."))
        name = re.sub(r"\s+", " ", name).strip()[:MAX_NAME]
        if "role" in entry and spec.roles and entry["role"] not in ("", role):
            raise BadRequest(N_("Seat {n} is the role “{role}”."), n=i + 1, role=role)
        plan.append({"role": role, "name": name or role or f"#{i + 1}"})
    return plan


# --- creating and opening -----------------------------------------------------------------


def create(
    db: Database,
    game_id: Any,
    options: Any = None,
    seats: Any = None,
    lang: str = "en",
) -> dict[str, Any]:
    """A new table with a fresh committed seed; returns the code, the host token and the
    seat tokens (shown once: only their hashes are stored)."""
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise NotFound(N_("There is no game “{game}”."), game=str(game_id)[:40])
    game = GAMES[game_id]
    opts = validate_options(game, options)
    plan = seat_plan(game, opts, seats)
    opts["players"] = len(plan)
    if hasattr(game, "validate"):
        try:
            game.validate(opts)
        except RuleError as error:
            raise BadRequest(error.message, **error.args_) from None
    seed = fairness.new_seed()
    try:
        state = game.setup(opts, fairness.random_for(seed, [], 0))
    except RuleError as error:
        raise BadRequest(error.message, **error.args_) from None
    host_token = new_token()
    tokens = [seat_token(host_token, i, 0) for i in range(len(plan))]
    lang = lang if lang in LANGUAGES else "en"
    with store.writing(db):
        code = _free_code(db)
        store.insert(db, "tables", {
            "code": code, "game": game_id, "options": store.dumps(opts),
            "state": store.dumps(state), "version": 1, "round": 1, "seed": seed,
            "commitment": fairness.commitment(seed), "status": "playing",
            "host_hash": token_hash(host_token), "lang": lang, "public_url": "",
            "high_step": 0, "seat_versions": store.dumps([1] * len(plan)), "created": now(),
        })
        for i, (seat, token) in enumerate(zip(plan, tokens, strict=True)):
            store.insert(db, "seats", {
                "table_code": code, "seat": i, "role": seat["role"], "name": seat["name"],
                "token_hash": token_hash(token), "lang": lang, "claimed": 0,
                "generation": 0,
            })
        store.insert(db, "rounds", {
            "table_code": code, "round": 1, "options": store.dumps(opts), "seed": seed,
            "commitment": fairness.commitment(seed), "initial_state": store.dumps(state),
            "result": None, "closed": 0,
        })
    return {
        "code": code,
        "host_token": host_token,
        "commitment": fairness.commitment(seed),
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
    if not isinstance(token, str) or not 16 <= len(token) <= 64:
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
    digest = _check_token(token)
    seat = store.seat_by_hash(db, digest)
    if seat is None or not hmac.compare_digest(seat["token_hash"], digest):
        raise Forbidden(N_("This seat link is not valid any more. Ask the host for a new one."))
    table = _load(db, store.table(db, seat["table_code"]))
    return table, seat


# --- acting -----------------------------------------------------------------------------


@dataclass
class Acted:
    table: Table
    seat: dict[str, Any]
    repeated: bool = False


def act(
    db: Database,
    token: Any,
    action: Any,
    params: Any,
    version: Any,
    key: Any = None,
) -> Acted:
    """Apply one seat's action in one write transaction; a repeated key applies once."""
    if key is not None and (not isinstance(key, str) or not 1 <= len(key) <= 64):
        raise BadRequest(N_("The request key must be a short text."))
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise BadRequest(N_("The version must be a whole number."))
    with store.writing(db):
        table, seat = open_seat(db, token)
        if key is not None:
            seen = store.event_by_key(db, table.code, f"{seat['seat']}:{key}")
            if seen is not None:
                return Acted(table, seat, repeated=True)
        if table.closed:
            raise Refused(N_("This table has ended; the host can start a new one."))
        if table.result is not None:
            raise Refused(N_("The game is over."))
        seat_versions = store.loads(table.row["seat_versions"])
        if version is not None and version < seat_versions[seat["seat"]]:
            raise Stale(N_("The table changed before your action arrived; "
                           "nothing was done. Here is the table as it is now."))
        if not isinstance(action, str) or not action:
            raise BadRequest(N_("Say which action to take."))
        if params is None:
            params = {}
        if not isinstance(params, dict):
            raise BadRequest(N_("The action's parameters must be an object."))
        before = {s: _action_keys(table, s) for s in range(len(table.seats))}
        if not before[seat["seat"]]:
            raise Refused(N_("There is nothing for you to do right now; wait for your turn."))
        step = _live_count(db, table) + 1
        rng = fairness.random_for(table.row["seed"], _contributions(db, table), step)
        try:
            applied = table.game.apply(table.state, seat["seat"],
                                       {"action": action, "params": params}, rng)
        except ActionSyntaxError as error:
            raise BadRequest(error.message, **error.args_) from None
        except RuleError as error:
            raise Refused(error.message, **error.args_) from None
        new_version = table.version + 1
        table.state = applied.state
        for s, keys in before.items():
            if _action_keys(table, s) != keys:
                seat_versions[s] = new_version
        state_text = store.dumps(applied.state)
        store.insert(db, "events", {
            "table_code": table.code, "round": table.round, "step": step, "seat": seat["seat"],
            "action": store.dumps({"action": action, "params": params}),
            "key": None if key is None else f"{seat['seat']}:{key}",
            "log": store.dumps(applied.log), "revealed": int(applied.revealed or rng.used),
            "state": state_text, "version": new_version, "undone_version": None,
            "undone_by": None, "created": now(),
        })
        finished = table.game.result(applied.state)
        if finished is not None:
            store.close_round(db, table.code, table.round, finished)
        store.update_table(db, table.code, state=state_text, version=new_version,
                           high_step=max(table.row["high_step"], step),
                           seat_versions=store.dumps(seat_versions),
                           round_closed=int(finished is not None))
        table.row.update(version=new_version, state=state_text, round_closed=int(
            finished is not None), seat_versions=store.dumps(seat_versions))
    return Acted(table, seat)


def _action_keys(table: Table, seat: int) -> list[tuple[str, str]]:
    return [a.sort_key() for a in table.actions(seat)]


def _live_count(db: Database, table: Table) -> int:
    row = db.execute(
        "select count(*) from events where table_code = ? and round = ? "
        "and undone_version is null", [table.code, table.round]).fetchone()
    return row[0]


def _contributions(db: Database, table: Table) -> list[dict[str, Any]]:
    return store.contributions(db, table.code, table.round)


def join(db: Database, token: Any, contribution: Any) -> Table:
    """A phone opened its seat: claim it and mix its random contribution into later steps."""
    if not isinstance(contribution, str) or not re.fullmatch(r"[0-9a-f]{64}", contribution):
        raise BadRequest(N_("The contribution must be 32 random bytes as hex."))
    with store.writing(db):
        table, seat = open_seat(db, token)
        if not seat["claimed"]:
            store.insert(db, "contributions", {
                "table_code": table.code, "round": table.round, "seat": seat["seat"],
                "before_step": table.row["high_step"] + 1, "value": contribution,
            })
            store.update_seat(db, seat["id"], claimed=1)
            store.update_table(db, table.code, version=table.version + 1)
            table.row["version"] += 1
    return table


def set_seat_language(db: Database, token: Any, lang: Any) -> None:
    if lang not in LANGUAGES:
        raise BadRequest(N_("Choose English, Czech or Russian."))
    with store.writing(db):
        _, seat = open_seat(db, token)
        store.update_seat(db, seat["id"], lang=lang)


# --- the host's controls -------------------------------------------------------------------


def set_table_language(db: Database, host_token: Any, lang: Any) -> None:
    if lang not in LANGUAGES:
        raise BadRequest(N_("Choose English, Czech or Russian."))
    with store.writing(db):
        table = open_host(db, host_token)
        store.update_table(db, table.code, lang=lang, version=table.version + 1)


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
                          generation=seat["generation"] + 1)
        store.update_table(db, table.code, version=table.version + 1)
    return token


def undo_allowed(db: Database, table: Table, seat: int | None) -> dict[str, Any] | None:
    """The event this seat (None: the host) may undo now, or None.

    A seat may take back its own last action while it showed nobody anything new; the host
    may undo anything in the running game, as a correction everyone sees in the log.
    """
    if table.round_closed:
        return None
    rows = list(db.query(
        "select * from events where table_code = ? and round = ? and undone_version is null "
        "order by step desc limit 1", [table.code, table.round]))
    if not rows:
        return None
    last = rows[0]
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
        store.mark_undone(db, event["id"], new_version, who)
        previous = list(db.query(
            "select state from events where table_code = ? and round = ? and "
            "undone_version is null order by step desc limit 1", [table.code, table.round]))
        state_text = previous[0]["state"] if previous else store.rounds(db, table.code)[
            table.round - 1]["initial_state"]
        store.update_table(db, table.code, state=state_text, version=new_version,
                           seat_versions=store.dumps([new_version] * len(table.seats)))
        table.row.update(state=state_text, version=new_version)
        table.state = store.loads(state_text)
    return table


def close(db: Database, host_token: Any) -> Table:
    """End the table: no more actions, the seed is revealed for verification."""
    with store.writing(db):
        table = open_host(db, host_token)
        if table.closed:
            return table
        if not table.round_closed:
            store.close_round(db, table.code, table.round, table.result)
        store.update_table(db, table.code, status="closed", version=table.version + 1)
        table.row.update(status="closed", version=table.version + 1)
    return table


def play_again(db: Database, opener: Any, as_host: bool) -> Table:
    """Close the finished game (revealing its seed) and deal a new one at the same seats."""
    with store.writing(db):
        table = open_host(db, opener) if as_host else open_seat(db, opener)[0]
        if table.closed:
            raise Refused(N_("This table has ended; the host can start a new one."))
        if not getattr(table.game, "REMATCH", False):
            raise Refused(N_("This game has no rematch; the host can start a new table."))
        previous = table.result
        if previous is None:
            raise Refused(N_("Finish this game first."))
        options = table.options
        options["previous_result"] = previous
        seed = fairness.new_seed()
        state = table.game.setup(options, fairness.random_for(seed, [], 0))
        round_ = table.round + 1
        store.insert(db, "rounds", {
            "table_code": table.code, "round": round_, "options": store.dumps(options),
            "seed": seed, "commitment": fairness.commitment(seed),
            "initial_state": store.dumps(state), "result": None, "closed": 0,
        })
        for seat in table.seats:
            # Phones already joined keep mixing in: their contribution carries over.
            for c in store.contributions(db, table.code, table.round):
                if c["seat"] == seat["seat"]:
                    store.insert(db, "contributions", {
                        "table_code": table.code, "round": round_, "seat": seat["seat"],
                        "before_step": 1, "value": c["value"],
                    })
        new_version = table.version + 1
        store.update_table(db, table.code, state=store.dumps(state), version=new_version,
                           round=round_, seed=seed, commitment=fairness.commitment(seed),
                           high_step=0, round_closed=0,
                           seat_versions=store.dumps([new_version] * len(table.seats)))
    return open_table(db, table.code)


# --- the log and the export -----------------------------------------------------------------


def log_for(db: Database, table: Table, seat: int | None, limit: int = 40) -> list[dict]:
    """This game's log as ``seat`` may read it (None: public lines only), newest first."""
    entries: list[dict[str, Any]] = []
    # A screen shows the newest lines; an event gives a viewer at least one line unless all
    # of its lines are private to others, so a few times the limit is plenty.
    for event in store.log_events(db, table.code, table.round, limit * 4):
        if event["undone_version"] is not None:
            if event["undone_by"] == "host":
                entries.append({"text": N_("Host correction: an action was undone."),
                                "args": {}, "correction": True})
            else:
                entries.append({"text": N_("{who} took back an action."),
                                "args": {"who": {"seat": event["seat"]}}})
        else:
            lines = [dict(entry, private=entry.get("to") is not None)
                     for entry in store.loads(event["log"])
                     if entry.get("to") is None or (seat is not None and seat in entry["to"])]
            entries.extend(reversed(lines))
        if len(entries) >= limit:
            break
    return entries[:limit]


def export(db: Database, code: str) -> dict[str, Any]:
    """Every closed game of this table: options, seed, contributions and every event."""
    table = open_table(db, code)
    closed = [r for r in store.rounds(db, table.code) if r["closed"]]
    if not closed:
        raise Refused(N_("The seed is revealed when the game ends; export it then."))
    return {
        "format": "table-companion-export/1",
        "table": table.code,
        "game": table.row["game"],
        "seats": [{"seat": s["seat"], "role": s["role"], "name": s["name"]}
                  for s in table.seats],
        "games": [_export_round(db, table.code, r) for r in closed],
    }


def _export_round(db: Database, code: str, round_row: dict[str, Any]) -> dict[str, Any]:
    events = store.events(db, code, round_row["round"])
    live = [e for e in events if e["undone_version"] is None]
    final = live[-1]["state"] if live else round_row["initial_state"]
    return {
        "round": round_row["round"],
        "options": store.loads(round_row["options"]),
        "seed": round_row["seed"],
        "commitment": round_row["commitment"],
        "contributions": store.contributions(db, code, round_row["round"]),
        "events": [
            {
                "step": e["step"], "seat": e["seat"], "action": store.loads(e["action"]),
                "log": store.loads(e["log"]), "version": e["version"],
                "undone_version": e["undone_version"], "undone_by": e["undone_by"],
            }
            for e in events
        ],
        "result": store.loads(round_row["result"]),
        "final_state_sha256": hashlib.sha256(final.encode()).hexdigest(),
    }
