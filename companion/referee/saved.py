"""A finished game opened again from its export (issue 42, item 4: "the chase at the end …
in the export's viewer"): a group that downloaded the export at the table opens it later,
at home, and sees the end as the tablet showed it.

Nothing is stored and nothing in the file is taken on trust. The file is read with the
bounds of any input; ``companion verify``'s own code (``fairplay.verify``) replays every
action through the rules and checks every card, roll and log line; only a full export
whose games all verify and ended is opened, and what the web layer shows of it is the
final position as that replay made it, and the export's public lines (the replay found
them to be the rules' own).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.fairplay import inputs, verify
from companion.fairplay.errors import BadRequest, Refused, TooLarge
from companion.games import GAMES
from companion.games.base import N_, Game, Result, app_player
from companion.referee.log import export_log

NOT_AN_EXPORT = N_("This file is not a game's export. Open the file that “Download the "
                   "export” saved at the end of a game.")


class NotAnExport(BadRequest):
    """The file is not shaped like an export; ``problems``: what ``companion verify`` says
    of it, if it got that far."""

    def __init__(self, problems: list[str] | None = None) -> None:
        super().__init__(NOT_AN_EXPORT)
        self.problems = problems or []


class NotVerified(Refused):
    """The replay does not give what the export records: ``problems`` says where, in
    ``companion verify``'s words."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(N_("This export does not verify: replaying its actions through the "
                            "rules does not give what it records, so its end cannot be "
                            "shown."))
        self.problems = problems


@dataclass(frozen=True)
class SavedGame:
    """One game of the export, replayed to its end."""

    round: int
    state: Any
    """The final position, as the replay made it."""
    result: Result | None
    """None: the host ended the table before the game was over (or the game has no end of
    its own, as the referee kit)."""
    options: dict[str, Any]
    app_seats: dict[int, str]
    """The seats the app played, each with its level."""
    seed: str
    commitment: str
    log_hash: str
    actions: int
    """Every action replayed, undone ones included."""
    log: list[dict[str, Any]]
    """The table's log, newest first (``log.export_log``)."""


@dataclass(frozen=True)
class Saved:
    """A whole export, verified and replayed."""

    code: str
    game: Game
    seats: list[dict[str, Any]]
    """Each seat's number, role and name, in seat order."""
    games: list[SavedGame]

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.seats]


def read(data: bytes, max_bytes: int) -> Any:
    """A file's bytes as the JSON value they hold, refused with a sentence when the file
    is larger than ``max_bytes`` (413), not JSON, or nested deeper than an export can be
    (400)."""
    if len(data) > max_bytes:
        raise TooLarge(N_("This file is larger than a game's export can be (at most {mb} MB)."),
                       mb=max_bytes // (1024 * 1024))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise NotAnExport() from None
    if inputs.nesting(text) > verify.EXPORT_DEPTH:
        raise BadRequest(N_("This file is nested too deeply to be a game's export."))
    try:
        return inputs.parse_json(text, verify.EXPORT_DEPTH)
    except BadRequest:
        raise NotAnExport() from None


def open_export(export: Any) -> Saved:
    """The export replayed by ``verify``; refused (nothing opened) when it is no export
    (400), the public record (422: its actions are withheld), a game still being played
    (422) or a replay that does not give what it records (422)."""
    if not isinstance(export, dict) or export.get("format") not in verify.FORMATS:
        raise NotAnExport()
    seats = _seats(export.get("seats"))
    report = verify.verify(export)
    if report.malformed:
        raise NotAnExport(report.problems)
    if report.running:
        raise Refused(N_("This game was still being played when it was exported: only a "
                         "finished game can be opened."))
    if not report.ok:
        raise NotVerified(report.problems)
    if not report.replayed:
        raise Refused(N_("This is the public record of a game: its actions are withheld, "
                         "so it cannot be replayed. Open the export from the host's screen "
                         "or a player's phone."))
    played = export["games"]
    return Saved(code=str(export.get("table", ""))[:12], game=GAMES[export["game"]],
                 seats=seats, games=[_game(played[n], state, export["game"])
                                     for n, state in report.ends])


def _seats(seats: Any) -> list[dict[str, Any]]:
    """The export's seats by number, 0 to n-1, each named (a name is any text)."""
    if not isinstance(seats, list) or not seats or len(seats) > 64:
        raise NotAnExport()
    by_number: dict[int, dict[str, Any]] = {}
    for seat in seats:
        number = seat.get("seat") if isinstance(seat, dict) else None
        if not isinstance(number, int) or isinstance(number, bool) \
                or not 0 <= number < len(seats) or number in by_number:
            raise NotAnExport()
        role = seat.get("role")
        by_number[number] = {"seat": number, "name": str(seat.get("name") or "")[:40],
                             "role": role[:80] if isinstance(role, str) else ""}
    return [by_number[n] for n in range(len(seats))]


def _game(played: dict[str, Any], state: Any, name: str) -> SavedGame:
    game = GAMES[name]
    app = app_player(game)
    return SavedGame(
        round=played["round"], state=state, result=game.result(state),
        options=played["options"], seed=played["seed"], commitment=played["commitment"],
        app_seats=app.app_seats(played["options"]) if app is not None else {},
        log_hash=str(played.get("log_hash") or ""), actions=len(played["events"]),
        log=export_log(played["events"]))
