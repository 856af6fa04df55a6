"""The game contract every rules engine follows (see ARCHITECTURE.md, "The game contract").

A game is a module of pure functions over plain JSON-serialisable state:

- ``seats(options) -> SeatSpec``
- ``setup(options, rng) -> state``
- ``actions(state, seat) -> list[Action]``
- ``apply(state, seat, action, rng) -> Applied``: the game's :class:`Moves` table,
  ``MOVES``, dispatches it (the shape checked once, by :meth:`Action.from_json`); each
  :class:`Move` says whether it is idle or a correction (the idle-prompt test reads it)
- ``view(state, seat | None) -> dict`` (``None`` is the table view)
- ``result(state) -> Result | None``
- ``redeal_hidden(state, seat | None, rng) -> state``: the same position as ``seat`` knows
  it (``None``: the tablet), with everything hidden from it dealt anew (the leak tests).
- ``empty_piles(state, chosen)``: the game's piles emptied in place (used by the
  conformance suite's empty-pile test).

A game also has ``validate(options)``, declares its metadata (``NAME``, ``TITLE``,
``OPTIONS``, ...) and its ``STATE_VERSION`` with ``upgrade`` (a state saved by an older
version of the game, brought up to date by :func:`upgraded`). :class:`Game` spells the
whole contract out; the registry holds each module as a ``Game``, so mypy checks every
game against it. A game's state is its own typed mapping (a ``TypedDict``), plain JSON.

Strings meant for people are English message ids marked with :func:`N_`; the web layer
translates them (Flask-Babel) in the viewer's language. Seats are numbered from 0; a log
line or message refers to a seat as ``{"seat": n}`` and the web layer prints its name.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Generic, NotRequired, Protocol, TypedDict, TypeVar

from companion import fastjson
from companion.caches import Cache

State = dict[str, Any]
"""A state as the layers above see it: plain JSON, each game's own shape (its TypedDict)."""
S = TypeVar("S")
"""A game's state type."""
H = TypeVar("H")
"""A game's handler type: what its moves' handlers take and give."""
_params_key = json.JSONEncoder(sort_keys=True).encode
"""``json.dumps(params, sort_keys=True)`` without building an encoder per call."""
_written_params: Cache[tuple[Any, ...], str] = Cache("action params written", 4096)
"""Flat params as ``_params_key`` writes them: the same few buttons are sorted again on
every version of every table."""


def N_(message: str) -> str:
    """Mark a message id for translation without translating it here (games are pure)."""
    return message


PLURALS: dict[str, tuple[str, str, str]] = {}
"""Each plural message, under its singular id and its plural id: (singular, plural, the
argument that counts). Filled by ``NP_`` as the game modules are imported."""


def NP_(singular: str, plural: str, count: str = "n") -> str:
    """Mark a message with plural forms (never "card or cards" on a screen): returns the
    singular id, the text a log line keeps. A screen picks the form through the catalogue's
    plural rules (Babel's for cs and ru) by the argument ``count``: a number, or a list (its
    length, e.g. the hunters who move together). Call it at a module's top level, so that the
    registry knows the message before any line is shown; Babel extracts it as ``ngettext``.
    """
    PLURALS[singular] = PLURALS[plural] = (singular, plural, count)
    return singular


class RuleError(ValueError):
    """An action the referee refuses; ``message`` is a sentence a player understands. Which
    HTTP status a refusal is, the layers above say (the referee by the subclass).

    :param message: an English message id (marked with ``N_``) with ``{name}`` fields.
    :param args: values for the fields; a ``{"seat": n}`` value prints as that seat's name.
    """

    def __init__(self, message: str, **args: Any) -> None:
        super().__init__(message.format(**{k: _plain(v) for k, v in args.items()}))
        self.message = message
        self.args_ = args


class IllegalActionError(RuleError):
    """Well-formed, but against the rules or not allowed now (the API's 422)."""


class ActionSyntaxError(RuleError):
    """Malformed: unknown action name or parameters of the wrong shape (the API's 400)."""


def _plain(value: Any) -> Any:
    if isinstance(value, dict) and "seat" in value:
        return f"seat {value['seat'] + 1}"
    return value


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a table of this game."""

    min: int
    """The fewest seats a table may have."""
    max: int
    """The most seats a table may have."""
    roles: tuple[str, ...] = ()
    """Fixed roles in seat order (message ids); empty when seats are just players."""
    named: tuple[str, ...] = ()
    """What each seat plays once the count is known (``options["players"]``), when that
    depends on the count and the options (message ids, one a seat: Fury's "Dracula", "Lord
    Godalming and Dr. Seward"). Unlike ``roles`` they do not fix the count."""
    shares: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Every way the roles may be shared at this count: (a value of the option
    ``share_option``, the role of each seat); the setup form offers them beside the seats."""
    share_option: str = ""
    """The option that chooses among ``shares`` (Fury: ``hunters``)."""


@dataclass(frozen=True)
class Option:
    """A table option: a variant, a house rule or an uncertain card value."""

    name: str
    """Key in the options dict."""
    label: str
    """Message id shown on the setup screen."""
    default: Any
    """Value used when the host does not change it."""
    kind: str = "bool"
    """``bool``, ``int``, ``choice`` or ``text``."""
    choices: tuple[tuple[str, str], ...] = ()
    """For ``choice``: (value, label message id) pairs."""
    min: int | None = None
    max: int | None = None
    hint: str = ""
    """A rules hint beside the field (message id)."""
    check_cards: bool = False
    """The value is inferred or unknown: the setup screen says "check against your cards"
    (a number or text goes into the folded "Card values" section with its default named)."""
    requires: str = ""
    """The yes/no option (a variant) this one belongs to: the setup form shows it only
    while that variant is on."""
    set_when_checked: bool = False
    """A yes/no option the set-up check turns on: the group has checked the uncertain values
    against its own cards (Fury: the initiative printed on the combat cards)."""
    words: tuple[str, ...] = ()
    """A text option's words (``auto``, ``red``, ``punch``…), each also its message id: the
    setup form shows them in the reader's language and reads them back from any of the
    three, so a Czech or Russian form shows no raw English value."""
    pairs: tuple[tuple[str, str, str], ...] = ()
    """A text option of ``key=number`` pairs (Fury's initiative, card by card): each key with
    its name and its group (message ids). The setup form and the host's correction show a
    number field per key, named and grouped, instead of the text."""
    app_seat: int | None = None
    """A choice that lets the app play this seat (0-based; the value "no": a person plays
    it): the setup form shows it beside that seat's name, and asks no name while the app
    plays the seat."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "label": self.label,
            "default": self.default,
            "kind": self.kind,
            "hint": self.hint,
            "check_cards": self.check_cards,
        }
        if self.choices:
            data["choices"] = [{"value": v, "label": lbl} for v, lbl in self.choices]
        if self.requires:
            data["requires"] = self.requires
        if self.set_when_checked:
            data["set_when_checked"] = True
        if self.words:
            data["words"] = list(self.words)
        if self.pairs:
            data["pairs"] = [{"key": key, "name": name, "group": group}
                             for key, name, group in self.pairs]
        if self.app_seat is not None:
            data["app_seat"] = self.app_seat
        if self.min is not None:
            data["min"] = self.min
        if self.max is not None:
            data["max"] = self.max
        return data


@dataclass(frozen=True)
class Action:
    """One thing a seat may do now, ready to post as ``{"action", "params"}``.

    ``inputs`` names parameters the player types or picks on the phone
    (e.g. a number or a dice expression); each is a small schema
    ``{"kind": "int"|"text"|"choice", "min", "max", "choices", "default", "label"}``.
    Frozen: an offer a game keeps (a fixed button) is handed to every table.
    """

    action: str
    """Machine name of the move, e.g. ``"choose"``."""
    params: dict[str, Any] = field(default_factory=dict)
    """Fixed parameters (the choice this button stands for)."""
    label: str = ""
    """Message id of the button text, with ``{name}`` fields from ``label_args``."""
    label_args: dict[str, Any] = field(default_factory=dict)
    inputs: dict[str, dict[str, Any]] = field(default_factory=dict)
    group: str = ""
    """Buttons of one group are shown together under this heading (message id)."""
    hint: str = ""
    """A one-line rules hint shown beside the button (message id)."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "action": self.action,
            "params": self.params,
            "label": self.label,
            "label_args": self.label_args,
        }
        if self.inputs:
            data["inputs"] = self.inputs
        if self.group:
            data["group"] = self.group
        if self.hint:
            data["hint"] = self.hint
        return data

    @classmethod
    def from_json(cls, data: object, moves: Mapping[str, Move[Any]]) -> Action:
        """The action posted as ``{"action": name, "params": {...}}``, checked against the
        game's declared moves: a known name, every required parameter of its type, an
        optional one only of its type, no other. The one check of a posted action's shape;
        whether it is legal now is the game's to say.

        >>> Action.from_json({"action": "draw", "params": {"end": "top"}},
        ...                  {"draw": Move(None, {"end": str})}).params
        {'end': 'top'}
        >>> Action.from_json({"action": "draw", "params": {"end": 1}},
        ...                  {"draw": Move(None, {"end": str})})
        Traceback (most recent call last):
        companion.games.base.ActionSyntaxError: The parameter “end” has the wrong type.
        """
        if not isinstance(data, Mapping):
            raise ActionSyntaxError(N_("An action must be an object."))
        name = data.get("action")
        move = moves.get(name) if isinstance(name, str) else None
        if move is None:
            raise ActionSyntaxError(N_("There is no action “{name}” here."), name=str(name)[:30])
        params = data.get("params", {})
        if not isinstance(params, dict):
            raise ActionSyntaxError(N_("The action's parameters must be an object."))
        for key, kind in move.params.items():
            if key not in params:
                raise ActionSyntaxError(N_("The action needs the parameter “{name}”."),
                                        name=key)
            _check_type(key, params[key], kind)
        if len(params) > len(move.params):
            for key, value in params.items():
                if key in move.params:
                    continue
                optional = move.optional.get(key)
                if optional is None:
                    raise ActionSyntaxError(
                        N_("The action “{action}” takes no parameter “{name}”."),
                        action=name, name=str(key)[:30])
                _check_type(key, value, optional)
        return cls(str(name), params)

    def sort_key(self) -> tuple[str, str]:
        """Orders a seat's buttons (``sorted(offers, key=Action.sort_key)``)."""
        return self._order

    @cached_property
    def _order(self) -> tuple[str, str]:
        """Worked out once per offer: every game sorts its offers on every version, and an
        offer a game keeps is sorted again each time."""
        params = self.params
        if not params:
            return (self.action, "{}")
        try:
            if len(params) == 1:
                ((name, value),) = params.items()
                flat: tuple[Any, ...] = (name, value, type(value))
            else:  # the type too: 1 and True are equal keys otherwise
                flat = tuple([(name, value, type(value))
                              for name, value in sorted(params.items())])
            written = _written_params.get(flat)
        except TypeError:  # a list or dict among the values: written out each time
            return (self.action, _params_key(self.params))
        if written is None:
            written = _written_params.keep(flat, _params_key(self.params))
        return (self.action, written)


def line(text: str, to: list[int] | None = None, **args: Any) -> dict[str, Any]:
    """A log line: public when ``to`` is None, else seen only by the seats in ``to``."""
    entry: dict[str, Any] = {"text": text, "args": args}
    if to is not None:
        entry["to"] = sorted(to)
    return entry


@dataclass(frozen=True)
class Applied(Generic[S]):
    """What ``apply`` returns: the new state and what the table learned."""

    state: S
    log: list[dict[str, Any]] = field(default_factory=list)
    revealed: bool = False
    """True when the action showed a seat something it did not know before
    (a face-down card, a secret choice, another seat's hand). Such an action can only
    be undone as a host correction; an action that used randomness counts as revealing."""


Kind = type | tuple[type, ...]
"""A parameter's JSON type (``int``, ``str``, ``bool``), or the types it may have."""


def _check_type(name: str, value: object, kind: Kind) -> None:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise ActionSyntaxError(N_("The parameter “{name}” has the wrong type."), name=name)


@dataclass(frozen=True)
class Move(Generic[H]):
    """One move a game declares: its handler and the shape of its parameters (checked by
    :meth:`Action.from_json` before the handler runs, so a handler reads them as given)."""

    handler: H
    """The game's function that carries the move out (its signature is the game's own)."""
    params: Mapping[str, Kind] = field(default_factory=dict)
    """The parameters it always takes, by name."""
    optional: Mapping[str, Kind] = field(default_factory=dict)
    """The parameters it takes only sometimes (Fury: the hunter a tactic strikes)."""
    when: str = ""
    """The game's own word for when the move may be posted and what it costs (Blitz und
    Donner: ``setup``, ``paid``, ``free``, ``reply``); :attr:`Moves.allowed` reads it."""
    idle: bool = False
    """The move only says "nothing", "go on" or "end": offered alone it is a tap without a
    choice, which the game should spare its players (issue 32; tests/test_idle_prompts.py
    plays every game at random and fails on one)."""
    correction: bool = False
    """Always on offer beside the question, never the question itself (Fury's "Correct
    something by hand"): left out when a test asks whether a prompt offers a choice."""


def needed(params: Mapping[str, Any], name: str) -> Any:
    """A parameter a move declared optional but needs in this case (Drakula's special action
    takes a place, a figure or a card as the card played says); its type is checked already.
    """
    if name not in params:
        raise ActionSyntaxError(N_("The action needs the parameter “{name}”."), name=name)
    return params[name]


@dataclass(frozen=True)
class Moves(Generic[S, H]):
    """A game's moves and the checks every move makes, in the order STYLE.md §5 gives them:
    the action parses (:meth:`Action.from_json`), the seat plays, the game is not over, the
    move may be posted now (``allowed``); then the game's ``run`` carries it out. A game's
    ``apply`` is its table's :meth:`apply`, so no game writes these checks itself.
    """

    moves: Mapping[str, Move[H]]
    run: Callable[[S, int, Move[H], dict[str, Any], Random], Applied[S]]
    """Carry out a checked move: thaw the state, call the handler, the game's follow-ups."""
    seated: Callable[[S, int], bool]
    """Does this seat play (a seat number the state knows)?"""
    over: Callable[[S], bool]
    """Is the game over (no move is taken then)?"""
    not_seated: str = N_("There is no such seat at this table.")
    game_over: str = N_("The game is over.")
    allowed: Callable[[S, int, Move[H]], None] | None = None
    """Who may post the move, when: raises :class:`IllegalActionError` with the reason."""

    def parse(self, action: object) -> Action:
        return Action.from_json(action, self.moves)

    def apply(self, state: S, seat: int, action: object, rng: Random) -> Applied[S]:
        """Apply one posted action (``{"action": name, "params": {...}}``, or an
        :class:`Action` already parsed).

        :raises ActionSyntaxError: an unknown action or malformed parameters.
        :raises IllegalActionError: a well-formed action the rules do not allow now.
        """
        parsed = action if isinstance(action, Action) else self.parse(action)
        if not self.seated(state, seat):
            raise IllegalActionError(self.not_seated)
        if self.over(state):
            raise IllegalActionError(self.game_over)
        move = self.moves[parsed.action]
        if self.allowed is not None:
            self.allowed(state, seat, move)
        return self.run(state, seat, move, parsed.params, rng)


def thaw(state: S) -> S:
    """A private deep copy to build the next state from, so ``apply`` never mutates its input.

    State is plain JSON, so orjson writing and reading it back is a copy (twice as fast as
    copying each dict and list in Python, eight times ``copy.deepcopy``). A tuple comes
    back a list, as it does from the database. What orjson does not take (a key that is
    not text, an integer beyond 64 bits), and every state where orjson is not installed
    (``companion.fastjson``), is copied dict by dict.

    >>> original = {"hand": [1, 2]}
    >>> copy = thaw(original); copy["hand"].append(3); original
    {'hand': [1, 2]}
    """
    text = fastjson.dumps(state, fastjson.AS_IS)
    copy: S = _copy(state) if text is None else fastjson.loads(text)
    return copy


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {key: _copy(item) for key, item in value.items()}
    if kind is list:
        return [_copy(item) for item in value]
    return value


class Random(Protocol):
    """The randomness a game may use; ``companion.fairness.StepRandom`` provides it."""

    def randbelow(self, n: int) -> int: ...

    def shuffle(self, items: list[Any]) -> list[Any]: ...

    def choice(self, items: list[Any]) -> Any: ...

    def sample(self, items: list[Any], k: int) -> list[Any]: ...

    def roll(self, sides: int) -> int: ...

    def fudge(self) -> int: ...


class Result(TypedDict):
    """What ``result(state)`` returns once the game is over (None while it runs); the referee
    stores it with the finished game and the web layer prints it."""

    winners: list[int]
    """The winning seats; empty when nobody wins."""
    text: str
    """Message id of the sentence that says how the game ended, with ``{name}`` fields."""
    args: dict[str, Any]
    """Values for the fields (a ``{"seat": n}`` value prints as that seat's name)."""
    draw: NotRequired[bool]
    """The game ended in a draw (a game without draws may leave it out)."""
    side: NotRequired[str]
    """The side that won, in a game of sides (Fury of Dracula: "dracula" or "hunters")."""


class Termination(enum.Enum):
    """How a game ended, for a program (a bot, a statistic) rather than a reader."""

    WIN = "win"
    """One seat, or the seats of one side, won."""
    DRAW = "draw"
    """A draw: the winners named (if any) share it."""
    NO_WINNER = "no_winner"
    """The game ended and nobody won (every pirate sank, both duellists fell)."""


@dataclass(frozen=True)
class Outcome:
    """A finished game's result as a value: the :class:`Result` dict a state keeps and the
    screens, the API and the exports print, read once.

    >>> Outcome.of({"winners": [1], "text": "{who} wins.", "args": {"who": {"seat": 1}}})
    Outcome(termination=<Termination.WIN: 'win'>, winners=(1,), text='{who} wins.', \
args={'who': {'seat': 1}}, side='')
    """

    termination: Termination
    winners: tuple[int, ...]
    text: str
    args: Mapping[str, Any]
    side: str = ""

    @classmethod
    def of(cls, result: Mapping[str, Any]) -> Outcome:
        winners = tuple(result.get("winners") or ())
        termination = (Termination.DRAW if result.get("draw") else
                       Termination.WIN if winners else Termination.NO_WINNER)
        return cls(termination, winners, str(result.get("text", "")),
                   dict(result.get("args") or {}), str(result.get("side", "")))

    def to_result(self) -> Result:
        """The dict as a state keeps it (``draw`` always written, as the small games do)."""
        result: Result = {"winners": list(self.winners), "draw": self.termination is
                          Termination.DRAW, "text": self.text, "args": dict(self.args)}
        if self.side:
            result["side"] = self.side
        return result


def upgraded(state: Mapping[str, Any], version: int,
             steps: Mapping[int, Callable[[dict[str, Any]], None]]) -> dict[str, Any]:
    """A state saved by an older version of its game, brought to ``version``: each step
    ``steps[n]`` takes a state of version ``n`` to ``n + 1`` in place. A state carries its
    version as ``state_version`` from version 2 on; one without it is version 1, so the
    states a game saved before it had versions need no rewriting. A state already current
    is returned as it is (no copy).

    >>> upgraded({"deck": [1]}, 2, {1: lambda s: s.update(decks=[s.pop("deck")])})
    {'decks': [[1]], 'state_version': 2}
    """
    found = state.get("state_version", 1)
    if found == version:
        return state  # type: ignore[return-value]  # JSON: a dict as the store reads it
    if not isinstance(found, int) or not 1 <= found < version:
        raise ValueError(f"a state of version {found!r}: this game knows 1 to {version}")
    new = thaw(dict(state))
    for step in range(found, version):
        steps[step](new)
        new["state_version"] = step + 1
    return new


class BoxItem(TypedDict):
    """One line of a set-up list: a component of the box and where it goes, or why it stays
    in the box (the app keeps it)."""

    what: str
    """Message id: the component or components, in the rulebook's words."""
    where: str
    """Message id: where it goes on the table, or what the app does instead."""


class CardCheck(TypedDict):
    """A value the app is not sure of, checked once at set-up against the group's cards."""

    option: str
    """The option that holds it (``Option.check_cards``)."""
    label: str
    """Message id: the option's label."""
    hint: str
    """Message id: what to look at on the card."""
    values: list[dict[str, Any]]
    """What the app will use, each ``{"name": message id, "value": text}``; empty for a
    rule that is simply on (a variant read from an implementation)."""


class Box(TypedDict):
    """What a game needs from its box at set-up, for the options chosen."""

    take_out: list[BoxItem]
    """What to take out of the box and where it goes."""
    keep_in_box: list[BoxItem]
    """What stays in the box because the app keeps it."""
    checks: list[CardCheck]
    """Values to check against the group's own cards before the deal."""


def card_checks(options: tuple[Option, ...], chosen: dict[str, Any],
                values: dict[str, list[dict[str, Any]]] | None = None) -> list[CardCheck]:
    """The uncertain values in force at a table: each ``check_cards`` option that is on (a
    yes/no one) or whose variant is on, with the value the app will use (``values``
    describes an option's value card by card).

    >>> card_checks((Option("die", "Die faces", "1,2", kind="text", check_cards=True),),
    ...             {"die": "1,3"})[0]["values"]
    [{'name': 'Die faces', 'value': '1,3'}]
    """
    found: list[CardCheck] = []
    for option in options:
        if not option.check_cards:
            continue
        value = chosen.get(option.name, option.default)
        if option.requires and not chosen.get(option.requires):
            continue
        if option.kind == "bool" and not value:
            continue
        shown = (values or {}).get(option.name)
        if shown is None:
            shown = [] if option.kind == "bool" else [{"name": option.label,
                                                       "value": str(value)}]
        found.append({"option": option.name, "label": option.label, "hint": option.hint,
                      "values": shown})
    return found


class RevealSection(TypedDict):
    """One part of what was hidden, shown to everyone once the game has ended."""

    title: str
    """Message id of the heading."""
    lines: list[dict[str, Any]]
    """Each a ``line(text, **args)`` (a message id with its fields; a list value is read as
    names joined)."""
    steps: NotRequired[bool]
    """Turned over one line at a time on the end screen (a step-through): face-down cards,
    a hidden route."""
    route: NotRequired[dict[str, Any]]
    """A hidden mover's route: ``steps``, each with its place on the game's map, and the
    map's ``frame`` (Fury's chase: ``fury/route.py``); its lines tell the same steps in
    words."""


class GameOf(Protocol[S]):
    """The game contract as the layers above use it: a rules module implements it by its
    module-level names and functions, with its own state type ``S`` (the registry,
    ``companion.games.GAMES``, holds each module as a :data:`Game`, so mypy checks every
    game against it). The metadata is read-only."""

    @property
    def NAME(self) -> str:
        """The game's id: its key in the registry and in a table's row."""
    @property
    def TITLE(self) -> str:
        """Message id of the game's name."""
    @property
    def BLURB(self) -> str:
        """Message id of the lobby's one-line description."""
    @property
    def MIN_PLAYERS(self) -> int: ...
    @property
    def MAX_PLAYERS(self) -> int: ...
    @property
    def HAS_HIDDEN_INFO(self) -> bool:
        """Some seat may not see everything (a hand, a face-down card, a secret choice)."""
    @property
    def HAS_CHANCE(self) -> bool:
        """The game shuffles or rolls."""
    @property
    def MAX_TURNS(self) -> int | None:
        """The most actions a game can take; None when it never ends by itself (the host
        ends it)."""
    @property
    def REMATCH(self) -> bool:
        """A finished game may be played again at the same table and seats."""
    @property
    def OPTIONS(self) -> tuple[Option, ...]:
        """The table options, in the order the setup form shows them."""
    @property
    def STATE_VERSION(self) -> int:
        """The version of the states ``setup`` and ``apply`` make (1: no ``state_version``
        in them); ``upgrade`` brings an older one up to it."""

    def upgrade(self, state: Any) -> S:
        """A state as the store saved it, perhaps by an older version of the game, as this
        version plays it (:func:`upgraded`)."""

    def seats(self, options: dict[str, Any]) -> SeatSpec: ...

    def validate(self, options: dict[str, Any]) -> None:
        """Refuse options that cannot go together with a :class:`RuleError`; the referee has
        already coerced each to its ``Option``'s kind and range, and set ``players``."""

    def setup(self, options: dict[str, Any], rng: Random) -> S: ...

    def actions(self, state: S, seat: int) -> list[Action]: ...

    @property
    def MOVES(self) -> Moves[S, Any]:
        """Every move the game declares: its handler, its parameters and what kind of
        question it is (:attr:`Move.idle`, :attr:`Move.correction`)."""

    def apply(self, state: S, seat: int, action: Any, rng: Random) -> Applied[S]:
        """``action`` is ``{"action": name, "params": {...}}`` as posted, or an
        :class:`Action` already parsed: ``MOVES.apply``."""

    def view(self, state: S, seat: int | None) -> dict[str, Any]: ...

    def result(self, state: S) -> Result | None: ...

    def redeal_hidden(self, state: S, seat: int | None, rng: Random) -> S:
        """The same position as ``seat`` knows it (``None``: the tablet, which knows only
        what is public), everything hidden from it dealt anew (the leak tests)."""

    def empty_piles(self, state: S, chosen: Callable[[int], bool]) -> None:
        """Empty, in place, the piles ``chosen(i)`` names by their number (decks, discards,
        supplies, hands), leaving everything else as it was (used by the conformance suite:
        an empty pile brings a refusal, never an error)."""

    def box(self, options: dict[str, Any]) -> Box:
        """What to take out of the box for these options, what stays in it because the app
        keeps it, and the values to check against the group's cards (``card_checks``)."""

    def reveal(self, state: S) -> list[RevealSection]:
        """Everything that was hidden (hands, face-down cards, the decks' order, secret
        places), for every screen once the game is over or the table has ended — never
        before: the web layer asks only then."""


class AppPlayer(Protocol):
    """A game some of whose seats the app may play (Fury's Dracula, issue 33). The app's
    seat decides from what that seat is shown — ``app_moment``: its own view and the log
    lines it may read — folded into a memory, and picks one of its offered actions with
    its own step-tied randomness (``fairness.seat_random_for``); ``verify`` replays it."""

    def app_seats(self, options: dict[str, Any]) -> dict[int, str]:
        """The seats the app plays at these options, each with its level."""
    def app_moment(self, state: State, log: list[dict[str, Any]], seat: int
                   ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """What ``seat`` is shown after a step: its view and the lines it may read."""
    def app_remember(self, memory: Any, view: dict[str, Any],
                     lines: list[dict[str, Any]]) -> Any: ...
    def app_decide(self, memory: Any, offered: list[dict[str, Any]], rng: Random,
                   level: str, deadline: Callable[[], bool] | None = None
                   ) -> dict[str, Any] | None:
        """One of ``offered``; None when the game does not wait for this seat and it lets
        what it may do pass. ``deadline`` says whether the time for the decision is up:
        the best found so far is taken then; ``verify`` passes none and, where the action
        differs, checks it against one taken with the time already up."""


def app_player(game: Any) -> AppPlayer | None:
    """The game as an :class:`AppPlayer`, if the app can play any of its seats."""
    return game if hasattr(game, "app_seats") else None


Game = GameOf[Any]
"""A game as the layers above hold it: its state is the game's business (they store it as
JSON and hand it back)."""

