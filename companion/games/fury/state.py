"""The game state's shape (plain JSON, typed: ``State`` and its parts; ``rules.setup`` makes
it) and small shared helpers over it: who controls whom, the log, the context of one action.
Everything here is about people and bookkeeping, not about a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, NotRequired, Required, TypedDict, cast

from companion.games.base import N_, Result
from companion.games.fury import cards
from companion.games.fury.cards import HUNTERS

Phase = Literal["setup", "play", "over"]
"""The hunters and Dracula choose where they start, the rounds, the end."""
Stage = Literal["begin", "start", "move", "moved", "act", "action", "search", "mature",
                "refill", "end", "time", "bats", "encounters", "dracula"]
"""How far the turn has gone (``order_of_play.advance`` moves it on)."""
QueueKind = Literal["ambush", "by_hand", "choice", "combat", "discard", "dropoff", "effect",
                    "go_anywhere", "keep_tokens", "window"]
"""What a queued step waits for: Dracula's ambush, an outcome by hand, a question, a fight,
a discard down to the hand limit, a trail card dropping off, an event's effect, a hunter
going anywhere, the tokens Dracula keeps, a window for event cards."""


class Hunter(TypedDict):
    """One hunter, whoever plays him."""

    place: str | None
    """None before he is placed."""
    health: int
    bites: int
    items: list[str]
    events: list[str]
    skip: bool
    """He misses his next turn."""
    shown: dict[str, str | None]
    """The card he last showed the table, of each kind ("item", "event"; None: none)."""
    up: list[str]
    """Cards face up in front of him (kept in play)."""
    held: list[str]
    bats: bool
    fog: int
    declared: str | None


class Origin(TypedDict):
    """Where a Double Back took its card from: the trail or the catacombs, and the index."""

    where: Literal["trail", "catacombs"]
    index: int


Slot = TypedDict("Slot", {
    "id": int,
    "place": str,
    "card": str | None,
    "power": str | None,
    "revealed": bool,
    "shown": list[str],
    "tokens": list[str],
    "from": NotRequired[Origin],
    "flown_from": NotRequired[str],
})
"""A card of Dracula's trail or catacombs: the place, the card (None: a power alone), the
power he used to get there (Double Back, Hide, Feed, Wolf Form…), the encounter tokens on it
and those the hunters have seen; while a Double Back is laid, where it came ``from``; the
card a bat's flight laid face down, the place of the fight he flew from (``flown_from``:
the table saw him there)."""


class Roadblock(TypedDict):
    road: list[str] | None
    rail: list[str] | None


class Turn(TypedDict):
    """The turn being played (``order_of_play.new_turn``)."""

    who: str
    """Whose turn: "dracula" or one of the four hunters (``cards.HUNTERS``)."""
    stage: Stage
    group: list[str]
    """The hunters who move together."""
    found: list[str]
    found_any: bool
    ended: bool
    moved: bool
    rail: int | None
    acted: str | None
    gives: int
    resolve_used: bool
    cure_tried: bool
    maturing: list[str]
    voyage: int
    start: str | None
    asked: list[str]
    passing: list[int]
    """The seats that said "no card until this turn ends" (``event_cards.do_pass``)."""
    extra_move: NotRequired[bool]
    """Dracula moves once more this turn (an event)."""


class QuestionData(TypedDict, total=False):
    """What a card's question carries (``choices.ask``): whom and what it is about. Each
    question (``registry.QUESTIONS``) reads the keys its ``ask`` gave it."""

    always_ask: bool
    """Asked even when one answer is possible (the player must see the moment)."""
    bitten: bool
    """Only bitten hunters may be chosen (Night Visit, Vampiric Influence)."""
    by: int
    """The seat that proposed what is being checked (a tie, a card applied, a scout)."""
    check: int
    """The seat asked to check it."""
    who: int
    """The seat whose correction is checked; the seat asked about the window (a combat)."""
    reading: str | list[str]
    """What is being checked: a tie's reading (a key of ``combat_rounds._TIE``) or the
    result codes read on the winning card."""
    proposal: str
    """A tie's proposed winner."""
    card: str
    given: str
    """The item Secret Weapon gave away."""
    first: str | None
    """Hired Scouts: the first city named."""
    group: list[str]
    hunter: str
    target: str
    """Hypnosis: the bitten hunter whose consent is asked."""
    kind: Literal["item", "event"]
    """What a hunter must show."""
    kinds: list[str]
    """What a hunter may discard: "items", "events"."""
    redraw: bool
    """Draw a new item after the discard (Saboteur)."""
    sea: str
    start: str
    """Roadblock: the first city of the road."""
    token: str
    why: str
    """The message id of what asks it (a card's name)."""


class WindowData(TypedDict, total=False):
    """What a window knows of its moment (``event_cards.open_window``), handed on to the card
    played there (``CardPlay["data"]``)."""

    card: str
    """The card a cancel window may cancel."""
    hunter: str | None
    """Who played that card (None: Dracula); the hunter the moment is about."""
    target: str
    """A hunter's card played at another hunter's moment (Hypnosis)."""
    group: list[str]
    kind: str
    """The agent's kind (Relentless Minion)."""
    slots: list[int]
    """The trail cards an event reveals (Sensationalist Press)."""
    token: str
    """The encounter met (Forewarned, Secret Weapon)."""
    health: int
    bite: bool
    why: str
    """The blow Great Strength may cancel."""


class CardPlay(TypedDict):
    """An event card played, as its effect receives it."""

    card: str
    hunter: str | None
    """The hunter who plays it, or None for Dracula."""
    data: WindowData
    """What the window knew: the train, the encounter, the blow…"""


class QueueItem(TypedDict, total=False):
    """A step the game waits for before the turn goes on, the first of ``state["queue"]``;
    which keys it has, its ``kind`` says (a fight keeps its rounds, a question its data)."""

    kind: Required[QueueKind]
    seat: int
    """Who answers it."""
    question: str
    """A choice's question (``choices.QUESTIONS``)."""
    data: QuestionData | WindowData
    """A choice's (``question_data``), a window's or an event's effect's (``window_data``)."""
    window: Any
    """A window's name; a fight's open windows."""
    do: str
    """An effect's step."""
    card: str
    cards: str
    hunter: str | None
    hunters: list[str]
    among: list[str]
    slot: Any
    """A dropoff's trail card (a :class:`Slot`), or its number."""
    slots: list[int]
    kept: list[str]
    token: str | None
    place: str
    enemy: str
    group: list[str]
    stage: Literal["window", "choose", "resolve"]
    round: int
    now: dict[str, Any] | None
    shown: dict[str, Any] | None
    last: dict[str, str | None]
    pending: dict[str, str | None]
    played: list[dict[str, Any]]
    agent: str | None
    aim: str | None
    ambush: bool
    asked: bool
    continues: int
    delayed: bool
    dodge: str | None
    express: bool
    forewarned: bool
    no_escape: int
    planning: bool
    plus: str | None
    repel: bool
    seduced: bool
    source: str | None
    tokens: bool
    trap: bool
    outcome: str
    """How a fight ended (``combat_in_progress.end``), for whoever listens to it."""
    why: str
    what: str
    """An outcome by hand: what the players settle (a message id with ``args``)."""
    args: dict[str, Any]
    seats: list[int]
    """Who still answers a window (asked all at once); who enters an outcome by hand
    (``done``: who has)."""
    done: list[int]
    changes: int
    own: int
    """The seat correcting something by hand on its own."""


Track = Literal["time", "vampires", "resolve"]
"""A track of the board the group may keep by hand (``figures.TRACKS``)."""


class Marker(TypedDict):
    """Where a track's marker was moved to, and in which turn (``figures.follow_tracks``)."""

    to: int
    at: int


class State(TypedDict):
    """The whole game (``State`` in this game's modules: this one, not the base's plain
    dict), as ``rules.setup`` makes it and every action keeps it (a test holds the states of
    random games to it)."""

    state_version: int
    """``rules.STATE_VERSION`` (2: windows ask all their seats at once, issue 40; 3: no window
    of entering Dracula's city, issue 44)."""
    game: str
    players: int
    options: dict[str, Any]
    control: dict[str, int]
    """The seat that plays each hunter."""
    phase: Phase
    setup: int
    """How many have chosen where they start (the hunters in turn order, then Dracula)."""
    round: int
    turn: Turn | None
    queue: list[QueueItem]
    time: int
    vampires: int
    resolve: int
    resolve_used: list[str]
    blood: int
    sea_run: int
    trail: list[Slot]
    """Dracula's trail, the newest first."""
    catacombs: list[Slot | None]
    next_slot: int
    encounters: list[str]
    """Dracula's encounter tokens in hand."""
    dracula_events: list[str]
    pool: list[str]
    event_deck: list[str]
    event_discard: list[str]
    item_deck: list[str]
    item_discard: list[str]
    allies: dict[str, str | None]
    """Each side's ally in play ("dracula", "hunters": an event card id, or None)."""
    storms: dict[str, int]
    dracula_declared: str | None
    blocked: dict[str, str]
    roadblock: Roadblock | None
    hunters: dict[str, Hunter]
    done: list[str]
    corrections: dict[str, int]
    """The round each seat last corrected a result by hand in, by seat."""
    board: list[dict[str, Any]]
    """What the players move on the physical board after this step (``figures``)."""
    result: Result | None
    fought: NotRequired[dict[str, Any] | None]
    """The last fight's result, for the screens."""
    just: NotRequired[dict[str, Any]]
    """The card or encounter just resolved, for the screens (``news``)."""
    route: NotRequired[list[dict[str, Any]]]
    """Every card Dracula laid, in order: the chase drawn at the end (``route``)."""
    summary: NotRequired[dict[str, Any]]
    """Dracula's latest turn in one line, from its public log lines (``summary``)."""
    disputed: NotRequired[list[dict[str, Any]]]
    """Results by hand the two sides read differently (``byhand``)."""
    markers: NotRequired[dict[Track, Marker]]
    """The track markers the table moves on the board (``figures``; a game saved before the
    ``board_tracks`` option has none)."""


DRACULA = 0
"""Dracula's seat; the hunter players sit at 1.. in the order the host wrote them."""


@dataclass
class Ctx:
    """One action being applied: the new state, the log it writes, the step's randomness and
    whether it showed anybody something new."""

    state: State
    log: list[dict[str, Any]] = field(default_factory=list)
    rng: Any = None
    revealed: bool = False
    seat: int | None = None
    """The seat whose action this is (None: the deal)."""

    def consult(self, owner: int) -> None:
        """This step's public outcome depends on what ``owner`` keeps secret (Dracula's
        trail, catacombs, encounters and hand; a hunter player's cards). Whatever it turns
        out to be — "nothing found" too — the table learns something, so the action is no
        longer free to take back (issue 30: no fishing by take-back). That holds when the
        mover is the owner too: he learns nothing, but the tablet and the other phones do
        (issue 40), and a take-back would let them unsee it."""
        self.revealed = True

    def say(self, message: str, /, **args: Any) -> None:
        """A public log line."""
        self.log.append({"text": message, "args": args})

    def tell(self, seats: list[int], message: str, /, **args: Any) -> None:
        """A log line only ``seats`` read."""
        self.log.append({"text": message, "args": args, "to": sorted(set(seats))})


def turn_of(state: State) -> Turn:
    """The turn being played: there is one from the first turn on (none while the players
    choose where they start)."""
    turn = state["turn"]
    assert turn is not None, "no turn is played before the first"
    return turn


def place_of(state: State, hunter: str) -> str:
    """Where a hunter is: every hunter has a place from the first turn on."""
    place = state["hunters"][hunter]["place"]
    assert place is not None, "the hunters are placed before the first turn"
    return place


def controller(state: State, hunter: str) -> int:
    """The seat that plays ``hunter``."""
    return state["control"][hunter]


def hunters_of(state: State, seat: int | None) -> list[str]:
    """The hunters this seat plays, in turn order (none for Dracula or the tablet)."""
    if seat is None or seat == DRACULA:
        return []
    return [h for h in HUNTERS if state["control"][h] == seat]


def seat_name(seat: int) -> dict[str, int]:
    return {"seat": seat}


def hunter_label(hunter: str) -> str:
    return cards.hunter_name(hunter)


def hunters_at(state: State, place: str) -> list[str]:
    return [h for h in HUNTERS if state["hunters"][h]["place"] == place]


def max_health(hunter: str) -> int:
    health: int = cards.HUNTER_DATA[hunter]["health"]
    return health


def over(state: State) -> bool:
    return state["result"] is not None


def finish(state: State, winner: str, text: str, **args: Any) -> None:
    """The game ends: ``winner`` is "dracula" or "hunters"."""
    seats = [DRACULA] if winner == "dracula" else sorted(set(state["control"].values()))
    state["result"] = {"winners": seats, "side": winner, "text": text, "args": args}
    state["phase"] = "over"


def add_vampires(ctx: Ctx, n: int, why: str) -> None:
    """Move the vampire track; at 6 Dracula wins („Победа Дракулы: трек Вампиров достиг
    значения 6“)."""
    state = ctx.state
    state["vampires"] = max(0, min(cards.VAMPIRES_TO_WIN, state["vampires"] + n))
    ctx.say("Vampire track {sign}{n} ({why}): now {now} of 6.", sign="+" if n >= 0 else "−",
            n=abs(n), why=why, now=state["vampires"])
    if state["vampires"] >= cards.VAMPIRES_TO_WIN and not over(state):
        finish(state, "dracula", N_("The vampire track reached 6: Dracula wins."))


def lose_blood(ctx: Ctx, n: int, why: str) -> None:
    """Dracula loses blood; at 0 the hunters win („Пункты Крови Дракулы уменьшены до 0“)."""
    state = ctx.state
    state["blood"] = max(0, state["blood"] - n)
    ctx.say("Dracula loses {n} blood ({why}): {now} left.", n=n, why=why, now=state["blood"])
    if state["blood"] <= 0 and not over(state):
        finish(state, "hunters", N_("Dracula's blood reached 0: the hunters win."))


def gain_blood(ctx: Ctx, n: int, why: str) -> None:
    state = ctx.state
    before = state["blood"]
    state["blood"] = min(cards.BLOOD, state["blood"] + n)
    if state["blood"] != before:
        ctx.say("Dracula gains {n} blood ({why}): {now}.", n=state["blood"] - before, why=why,
                now=state["blood"])


def played_by(play: CardPlay) -> str:
    """The hunter who played a hunter's card."""
    hunter = play["hunter"]
    assert hunter is not None, f"{play['card']} is a hunter's card"
    return hunter


def question_data(item: QueueItem) -> QuestionData:
    """A question's data: a ``choice`` item carries what ``choices.ask`` gave it."""
    assert item["kind"] == "choice", item["kind"]
    return cast(QuestionData, item["data"])


def window_data(item: QueueItem) -> WindowData:
    """A window's data, or the data an event's effect was played with."""
    assert item["kind"] in ("window", "effect"), item["kind"]
    return cast(WindowData, item["data"])
