"""The JSON API's bodies and answers as types, and their JSON Schemas made from those types.

The answers the API builds are annotated with these TypedDicts (``api.py``, ``render.py``),
so mypy holds the code to them, and ``openapi.py`` describes the API from them: the
document cannot drift from what the code sends. ``Doc`` adds what a type cannot say (a
sentence, a range, a pattern) as JSON Schema keywords.

A small generator rather than a library: it covers exactly the types used here (TypedDict,
Literal, unions, lists, dicts, ``Annotated``) in about sixty lines; pydantic would add four
packages to the server for the same output, and on Python 3.11 it refuses
``typing.TypedDict`` (it asks for ``typing_extensions``), so every type here would change.
"""

from __future__ import annotations

import types
import typing
from typing import Annotated, Any, Literal, NotRequired, Required, TypedDict, Union

from companion.fairplay import inputs


class Doc:
    """JSON Schema keywords for one field: ``Annotated[int, Doc("why", minimum=0)]``."""

    def __init__(self, description: str = "", **keywords: Any) -> None:
        self.keywords = dict(keywords, description=description) if description else keywords


def schema_of(kind: Any, components: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of a type; each TypedDict goes into ``components`` once, by name, and
    is referred to by ``$ref``."""
    origin = typing.get_origin(kind)
    if origin in (NotRequired, Required):     # which keys are required: ``__required_keys__``
        return schema_of(typing.get_args(kind)[0], components)
    if origin is Annotated:
        base, *extras = typing.get_args(kind)
        schema = dict(schema_of(base, components))
        for extra in extras:
            if isinstance(extra, Doc):
                if "$ref" in schema:    # 3.1 allows siblings of $ref; keep them apart anyway
                    schema = {"allOf": [schema]}
                schema.update(extra.keywords)
        return schema
    if typing.is_typeddict(kind):
        name = kind.__name__
        if name not in components:
            components[name] = {}               # a type that refers to itself stops here
            hints = typing.get_type_hints(kind, include_extras=True)
            components[name] = {
                "type": "object",
                "description": " ".join((kind.__doc__ or "").replace("``", "`").split()),
                "properties": {key: schema_of(hint, components)
                               for key, hint in hints.items()},
                # Read from the hints: under ``from __future__ import annotations`` Python
                # 3.11's ``__required_keys__`` does not see ``NotRequired``.
                "required": sorted(key for key, hint in hints.items()
                                   if typing.get_origin(hint) is not NotRequired),
            }
        return {"$ref": f"#/components/schemas/{name}"}
    if origin is Literal:
        return {"enum": list(typing.get_args(kind))}
    if origin in (Union, types.UnionType):
        options = [schema_of(arg, components) for arg in typing.get_args(kind)]
        if all(set(o) == {"type"} and isinstance(o["type"], str) for o in options):
            return {"type": [o["type"] for o in options]}
        return {"anyOf": options}
    if origin is list:
        (item,) = typing.get_args(kind)
        return {"type": "array", "items": schema_of(item, components)}
    if origin is dict:
        _, value = typing.get_args(kind)
        if value is Any:
            return {"type": "object"}
        return {"type": "object", "additionalProperties": schema_of(value, components)}
    simple = {str: "string", int: "integer", bool: "boolean", float: "number",
              type(None): "null"}
    if kind in simple:
        return {"type": simple[kind]}
    if kind is Any:
        return {}
    raise TypeError(f"no JSON Schema for {kind!r}")


# --- what clients send -----------------------------------------------------------------------

Lang = Literal["en", "cs", "ru"]
"""The languages every screen speaks (``inputs.LANGUAGES``)."""
HEX64 = Doc(pattern="^[0-9a-f]{64}$")
WholeText = Doc(pattern=r"^\s*[-+]?[0-9]{1,15}\s*$")
"""A whole number written as text (``inputs.whole_number``): digits 0–9 only."""


class NewSeat(TypedDict):
    """One seat of a new table."""

    name: NotRequired[Annotated[str | None, Doc(
        "At most 24 characters are kept; no control, bidi or zero-width characters; no two "
        "seats of a table with the same name (ignoring case and width). Empty: the role or "
        "#n.")]]
    role: NotRequired[Annotated[str, Doc("The game's role for this seat, or empty.")]]


class Act(TypedDict):
    """An action, as the seat's ``actions`` list offers it (``action`` and ``params``)."""

    action: Annotated[str, Doc("The action's name, as offered.")]
    params: NotRequired[Annotated[dict[str, str | int | bool | None], Doc(
        f"A flat object of at most {inputs.MAX_PARAMS} parameters (text of at most "
        f"{inputs.MAX_TEXT} characters, whole numbers, yes/no, null): an offer's fixed "
        "params plus its typed-in inputs. Which names an action takes depends on the game "
        "and the moment: the offers say.", maxProperties=inputs.MAX_PARAMS,
        propertyNames={"pattern": "^[A-Za-z_][A-Za-z0-9_]{0,39}$"})]]
    version: Annotated[int, Doc("The version the client saw (an older one: 409).", minimum=0,
                                maximum=inputs.MAX_NUMBER - 1)]
    key: NotRequired[Annotated[str | None, Doc(
        "Idempotency key: the same key again returns the first answer.",
        pattern="^[\\x20-\\x7e]{1,64}$")]]
    log_since: NotRequired[Annotated[int | str, Doc(
        "The version up to which this client keeps the log: the answer's `log` holds only "
        "the lines written after it (a whole number, or one written as text).")]]


class Join(TypedDict):
    """Claim a seat; while the game gathers, commit to this device's randomness."""

    commitment: NotRequired[Annotated[str | None, HEX64]]
    contribution: NotRequired[Annotated[str | None, HEX64]]


class Reveal(TypedDict):
    """The 32 bytes this phone committed to, in hex."""

    contribution: Annotated[str, HEX64]


class Start(TypedDict):
    """Deal now; ``force`` deals without the phones that committed and never revealed."""

    force: NotRequired[bool]


class Check(TypedDict):
    """The set-up check: the values the app is unsure of, corrected where the group's cards
    print another (by option name, among ``table.box.checks``); none: they are right."""

    options: NotRequired[dict[str, Any]]


# --- what the API answers ----------------------------------------------------------------------


class Error(TypedDict):
    """A refusal: one sentence in the asker's language, and nothing was changed."""

    error: str


class Input(TypedDict):
    """A parameter the player types or picks on the phone (an offer's ``inputs``)."""

    kind: Literal["text", "int", "choice"]
    label: NotRequired[str]
    default: NotRequired[str | int]
    examples: NotRequired[list[str | int]]
    min: NotRequired[int]
    max: NotRequired[int]
    max_length: NotRequired[int]
    choices: NotRequired[list[str | int]]


class Offer(TypedDict):
    """One legal action, ready to post as ``{"action", "params"}`` (plus its inputs)."""

    action: str
    params: dict[str, str | int | bool | None]
    label: Annotated[str, Doc("The button's text in the asker's language.")]
    inputs: NotRequired[dict[str, Input]]
    group: NotRequired[Annotated[str, Doc("Buttons of a group are shown together.")]]
    hint: NotRequired[Annotated[str, Doc("A one-line rules hint (message id).")]]


class LogLine(TypedDict):
    """One line of the log as this viewer may read it."""

    text: str
    id: Annotated[str, Doc("The line's message id (the same in every language).")]
    private: bool
    correction: bool
    undone: bool


class Outcome(TypedDict):
    """How a game ended."""

    text: str
    winners: Annotated[list[str], Doc("The winners' names.")]
    draw: bool


class DealSeat(TypedDict):
    """One seat's part in the deal: its phone's randomness, never its value before the end."""

    seat: int
    name: str
    joined: bool
    committed: bool
    revealed: bool
    short: Annotated[str | None, Doc("The first 8 hex digits of its commitment.")]
    app: Annotated[bool, Doc("The app plays this seat: no phone, no randomness of its own.")]


class Deal(TypedDict):
    """The deal's phase and each seat's randomness."""

    phase: Literal["gathering", "revealing", "dealt"]
    by: Annotated[str, Doc("How it was dealt (empty until then).")]
    seats: list[DealSeat]
    check: Annotated[bool, Doc("The deal waits for the host's set-up check "
                               "(POST /api/h/{token}/check).")]


class BoxLine(TypedDict):
    """A component of the box and where it goes, or why it stays in the box."""

    what: str
    where: str


class CardCheck(TypedDict):
    """A value the app is not sure of, to check once against the group's cards."""

    option: str
    label: str
    hint: str
    values: list[dict[str, Any]]


class TableBox(TypedDict):
    """The set-up from the box for this table's options (the game's ``box``)."""

    take_out: list[BoxLine]
    keep_in_box: list[BoxLine]
    checks: list[CardCheck]
    checked: Annotated[bool, Doc("The host has checked the values against the cards.")]
    fields: Annotated[list[dict[str, Any]], Doc("Each value's option, as in /api/games.")]
    now: Annotated[dict[str, Any], Doc("Each value as it stands (`opt_<name>`).")]


class RevealPart(TypedDict):
    """Once the game has ended: one part of what was hidden (the game's ``reveal``)."""

    title: str
    lines: list[dict[str, Any]]
    steps: NotRequired[Annotated[bool, Doc(
        "Turned over a line at a time on the end screen (face-down cards, a hidden route).")]]
    route: NotRequired[Annotated[dict[str, Any], Doc(
        "A hidden mover's route (Fury's chase): `steps`, each with its place on the game's "
        "map (`x`, `y`), the round and time of day, how he came, whether the hunters saw "
        "that card or fought him there, and what the table saw of that turn; the map's "
        "`frame`.")]]


class TableSeat(TypedDict):
    """A seat as everyone sees it."""

    seat: int
    name: str
    role: str
    joined: bool
    app: Annotated[bool, Doc("The app plays this seat (Fury's Dracula played by the app): "
                             "it has no link and nobody acts for it.")]


class Finished(TypedDict):
    """A finished game of the table, its seed public."""

    round: int
    result: Outcome | None
    seed: str
    commitment: str
    log_hash: str
    dealt: bool


class TableInfo(TypedDict):
    """Public facts about the table, on every screen."""

    code: str
    game: str
    title: str
    version: int
    round: int
    commitment: Annotated[str, Doc("SHA-256 of the seed, shown from the first second.")]
    seed: Annotated[str | None, Doc("Once this game is over.")]
    closed: bool
    over: bool
    result: Outcome | None
    rematch: bool
    ends_itself: Annotated[bool, Doc("False for a game with no end of its own (the kit): "
                                     "its seed waits for the host's end.")]
    seats: list[TableSeat]
    lang: Annotated[str, Doc(enum=["en", "cs", "ru"])]
    table_url: str
    dealt: bool
    deal: Deal
    log_hash: Annotated[str, Doc("The log chain's head.")]
    log_size: int
    again: Annotated[list[str], Doc(
        "The players who asked to play again (a seat's `again` starts the new game once "
        "every seat asked; the host's at once).")]
    finished: Annotated[list[Finished], Doc("This table's finished games, newest first.")]
    box: TableBox
    reveal: Annotated[list[RevealPart] | None, Doc(
        "Everything that was hidden, once the game is over or the table has ended.")]


class SavedTable(TypedDict):
    """A finished game of a saved export, as its tablet showed it at the end (the facts of
    ``TableInfo`` an end screen shows)."""

    code: str
    game: str
    title: str
    round: int
    commitment: str
    seed: str
    closed: Annotated[bool, Doc("Always true: the game ended.")]
    over: Annotated[bool, Doc("It ended by its rules (false: the host ended the table).")]
    result: Outcome | None
    ends_itself: bool
    seats: list[TableSeat]
    lang: Annotated[str, Doc(enum=["en", "cs", "ru"])]
    log_hash: Annotated[str, Doc("The log chain's final head: the fingerprint the screens "
                                 "showed at the end.")]
    again: Annotated[list[str], Doc("Always empty.")]
    actions: Annotated[int, Doc("Every action replayed, undone ones included.")]
    reveal: list[RevealPart]


View = Annotated[dict[str, Any] | None, Doc(
    "The game's own view for this viewer (its shape is the game's); null before the deal.")]


class TableAnswer(TypedDict):
    """The table view: public information only."""

    version: int
    table: TableInfo
    view: View
    log: list[LogLine]


class SeatAnswer(TypedDict):
    """A seat's private view and every legal action it may take now."""

    version: int
    seat: int
    table: TableInfo
    view: View
    actions: list[Offer]
    can_undo: Annotated[bool, Doc("This seat may take its last action back now.")]
    log: list[LogLine]
    error: NotRequired[Annotated[str, Doc("Why nothing was applied (409).")]]
    repeated: NotRequired[Annotated[bool, Doc("The key was seen: the first answer again.")]]


class SavedGame(TypedDict):
    """One game of a saved export, replayed to its end: what the tablet showed then."""

    table: SavedTable
    view: View
    log: Annotated[list[LogLine], Doc("The table's whole log, newest first.")]


class SavedGames(TypedDict):
    """A finished game's export opened again: every game replayed through the rules as
    `companion verify` replays it; nothing is stored."""

    code: str
    game: str
    title: str
    games: Annotated[list[SavedGame], Doc("Each game of the export, in the order played.")]


class NewLink(TypedDict):
    """A seat's new link (the old one no longer opens it)."""

    seat: int
    token: str
    url: str


class HostAnswer(TypedDict):
    """The table after the host's change."""

    version: int
    table: TableInfo
    view: View
    seat: NotRequired[NewLink]


class CreatedSeat(TypedDict):
    """A new seat and its link (shown once: only its hash is stored); a seat the app plays
    has no link."""

    role: str
    name: str
    app: Annotated[bool, Doc("The app plays this seat (Fury's Dracula played by the app): "
                             "it has no token and no link, and no phone opens it.")]
    token: NotRequired[Annotated[str, Doc("The seat's token; absent where `app` is true.")]]
    url: NotRequired[Annotated[str, Doc("The seat's link; absent where `app` is true.")]]


class CreatedTable(TypedDict):
    """A new table, its host link and its seat links."""

    code: str
    table_url: str
    host_url: str
    host_token: str
    commitment: Annotated[str, Doc("SHA-256 of the table's secret seed.")]
    dealt: bool
    seats: list[CreatedSeat]


class OptionChoice(TypedDict):
    value: str
    label: str


class OptionPair(TypedDict):
    """One number of a ``key=number`` option (Fury's initiative: one card)."""

    key: str
    name: str
    group: str


class GameOption(TypedDict):
    """A table option: a variant, a house rule or a card value to check."""

    name: str
    label: str
    default: str | int | bool
    kind: Literal["bool", "int", "choice", "text"]
    hint: str
    check_cards: bool
    choices: NotRequired[list[OptionChoice]]
    requires: NotRequired[str]
    min: NotRequired[int]
    max: NotRequired[int]
    pairs: NotRequired[Annotated[list[OptionPair], Doc(
        "A text option of key=number pairs: each key with its name and group (message ids).")]]


class GameCard(TypedDict):
    """A game: id, titles, seats, options with defaults."""

    id: str
    title: str
    blurb: str
    min: int
    max: int
    roles: list[str]
    by_players: Annotated[dict[str, Any], Doc(
        "For a game that names its seats by their count (Fury): per count, what each seat "
        "plays (named), the option that shares the roles and every sharing (shares).")]
    options: list[GameOption]


class Games(TypedDict):
    """Every game."""

    games: list[GameCard]


Export = Annotated[dict[str, Any], Doc(
    "What `companion verify` replays: options, seed, contributions and every event.")]
