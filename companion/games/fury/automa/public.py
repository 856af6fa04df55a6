"""What the hunters may deduce from the public record, as a list of observations.

A *moment* is what one screen showed after one step of the game: its view (the table's, a
hunter's or Dracula's — only the public part is read here) and the log lines of that step.
From two moments in a row this module works out what the public learned: a card laid at
the head of the trail and how (a road or sea move or Hide, a power, Double Back from which
card, Evasion, the bat's flight), cards that left the trail or went into the catacombs,
cards turned face up, searches that found nothing, where Dracula was seen or cannot be.
Each observation is an :class:`Op` the belief applies; a brute-force enumeration in the
tests applies the same list, which is what "exact" is measured against.

Every log line read here is named by its English message id in ``LINES`` (a line with
plural forms keeps its singular id); a test checks
that each still occurs in the rules, so a reworded line fails loudly rather than blinding
the belief.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.fury import board

NAME_TO_ID = {place.name: pid for pid, place in board.PLACES.items()}
"""The log names a place by its English name (the message id)."""

LINES: dict[str, str | tuple[str, ...]] = {
    "start": "Dracula chooses where he starts, in secret.",
    "move": "Dracula moves: {back} is laid on his trail.",
    "power": "Dracula plays {power}.",
    "double_back": "Dracula plays Double Back: a card from {where} (space {n}) moves to the "
                   "front.",
    "teleport": "Dracula has no move left and reappears in Castle Dracula.",
    "evasion": "Dracula makes an extra move: a land card is laid on his trail.",
    "bat": "Dracula escapes as a bat: a face-down card takes the place of his newest one.",
    "ashore": "Dracula goes ashore in {place}.",
    "round": "Round {n}: Dracula's turn.",
    "attack": "Dracula reveals himself in {place} and attacks {hunters}.",
    "here": "Dracula is here, in {place}!",
    "hypnosis": "Hypnosis: Dracula is in {place}.",
    "caught": "Dracula is caught at sea in {place}!",
    "search_reveals": "The search reveals {place} on Dracula's trail.",
    "search_hide": "The search reveals Dracula's Hide card in {place}.",
    "found": "{n} encounter waits in {place}.",
    "travel": ("{hunters} travels by road to {place}.",
               "{hunters} travels by rail to {place}.",
               "{hunters} travels by sea to {place}."),
    "stay": "{hunters} stays in {place}.",
    "voyage_end": "{hunters} ends the voyage in {place}.",
    "sail": "{hunters} sails to {place}.",
    "hurry": "{hunter} hurries to {place}.",
    "bats": "The bats drive {hunter} to {place}.",
    "leaves": "The oldest card leaves Dracula's trail.",
    "let_go": "The card leaves play; its encounters return to the pool.",
    "mature": "Dracula keeps an encounter from that card to mature in his action phase.",
}
_KIND_OF_TEXT = {text: kind for kind, texts in LINES.items()
                 for text in ((texts,) if isinstance(texts, str) else texts)}
ARRIVALS = ("travel", "stay", "voyage_end", "sail", "hurry", "bats")
"""Lines after which the hunter's search follows („Поиск“): the place he ends his move in."""
LAYS = ("start", "move", "power", "double_back", "teleport", "evasion", "bat", "ashore")


# --- a screen's public part ------------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    """One trail or catacomb card as every screen shows it."""

    handle: int
    power: str | None
    has_card: bool
    back: str | None
    revealed: bool
    place: str | None
    """The place, once the card lies face up (a revealed Hide shows where it lies)."""
    tokens: int = 0


@dataclass(frozen=True)
class Snapshot:
    """The public table after one step."""

    trail: tuple[Slot, ...]
    catacombs: tuple[Slot | None, ...]
    hunters: tuple[tuple[str, str | None], ...]
    dracula_place: str | None
    who: str | None
    stage: str | None
    blocked: frozenset[str]
    night: bool
    over: bool

    def slots(self) -> list[Slot]:
        return [*self.trail, *(s for s in self.catacombs if s is not None)]

    def hunter_places(self) -> set[str]:
        return {place for _, place in self.hunters if place}


def _slot(data: dict[str, Any]) -> Slot:
    return Slot(int(data["handle"]), data["power"], bool(data["has_card"]), data["back"],
                bool(data["revealed"]), data["place"], int(data["tokens"]))


def snapshot(view: dict[str, Any]) -> Snapshot:
    """The public part of any seat's view: the same for the tablet, a hunter and Dracula
    (his secret block is never read)."""
    turn = view.get("turn") or {}
    markers = (view.get("map") or {}).get("markers", [])
    return Snapshot(
        trail=tuple(_slot(s) for s in view["trail"]),
        catacombs=tuple(None if s is None else _slot(s) for s in view["catacombs"]),
        hunters=tuple((h["id"], h["place"]) for h in view["hunters"]),
        dracula_place=view.get("dracula_place"),
        who=turn.get("who"),
        stage=turn.get("stage"),
        blocked=frozenset(m["place"] for m in markers
                          if m.get("kind") in ("consecrated", "heavenly_host")),
        night=bool(view["time"]["night"]),
        over=view.get("result") is not None,
    )


# --- observations ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Op:
    """One thing the public learned. ``what`` is one of:

    - ``lay``: a card laid at the head of the trail (``how``: start, move, power, wolf,
      double_back, evasion, bat, fixed, unknown), with its ``handle``, ``back``, the
      ``source`` card of a Double Back, the hunters' places and the protected cities then;
    - ``forget``: the card ``handle`` left the trail and catacombs;
    - ``order``: the trail (newest first) and the catacombs as they lie now;
    - ``not_hide``: the card ``handle`` is a location card (it went into the catacombs);
    - ``fix``: the card ``handle`` lies face up at ``place`` (``hide``: a Hide card);
    - ``not_at``: a search at ``place`` found none of the face-down ``handles`` there;
    - ``at``: Dracula is at ``place``; ``not_in``: he is in none of ``places``.
    """

    what: str
    handle: int = 0
    how: str = ""
    back: str | None = None
    source: int | None = None
    place: str | None = None
    hide: bool = False
    handles: tuple[int, ...] = ()
    places: frozenset[str] = frozenset()
    hunters: frozenset[str] = frozenset()
    blocked: frozenset[str] = frozenset()
    trail: tuple[int, ...] = ()
    catacombs: tuple[int, ...] = ()


def _place(args: dict[str, Any]) -> str | None:
    name = args.get("place")
    return NAME_TO_ID.get(name) if isinstance(name, str) else None


@dataclass
class Tracker:
    """Reads moments one after another and says what each taught the public."""

    previous: Snapshot | None = None
    high: int = 0
    """The newest handle seen: a higher one is a card laid now."""
    pending_search: tuple[str, str] | None = None
    """(hunter whose turn it is, place) when a search is still to come."""
    dracula_turn: dict[str, Any] = field(default_factory=lambda: {
        "attacked": False, "hunters": None})
    limbo: set[int] = field(default_factory=set)
    """Cards pushed off the trail with encounters on them: Dracula still decides whether
    they enter the catacombs, so they are not forgotten yet."""
    unexplained: int = 0
    """Cards laid with no line saying how (counted; the belief then allows any place)."""

    def step(self, view: dict[str, Any], lines: list[dict[str, Any]]) -> list[Op]:
        snap = snapshot(view)
        said = [(_KIND_OF_TEXT.get(line.get("text", "")), line.get("args") or {})
                for line in lines if "to" not in line]
        said = [(kind, args) for kind, args in said if kind is not None]
        kinds = {kind for kind, _ in said}
        prev = self.previous
        ops: list[Op] = []
        if "round" in kinds:
            self.dracula_turn = {"attacked": False, "hunters": None}
        if "attack" in kinds:
            self.dracula_turn["attacked"] = True
        new = [s for s in snap.slots() if s.handle > self.high]
        if new:
            ops.append(self._lay(prev, snap, new[0], said))
            self.high = max(s.handle for s in new)
            if snap.who == "dracula":
                self.dracula_turn["hunters"] = {
                    p for p in snap.hunter_places()
                    if board.is_city(p) or p == board.CASTLE}
        moved = next((op.source for op in ops if op.how == "double_back"), None)
        ops += self._structure(prev, snap, {kind for kind, _ in said}, moved)
        ops += self._reveals(prev, snap)
        ops += self._searches(prev, snap, said)
        ops += self._whereabouts(prev, snap, said)
        self.previous = snap
        return ops

    # -- a card laid ---------------------------------------------------------------------

    def _lay(self, prev: Snapshot | None, snap: Snapshot, slot: Slot,
             said: list[tuple[str | None, dict[str, Any]]]) -> Op:
        kinds = dict(said)
        hunters = frozenset(prev.hunter_places() if prev else ())
        blocked = prev.blocked if prev else frozenset()

        def laid(how: str, source: int | None = None) -> Op:
            return Op("lay", handle=slot.handle, how=how, back=slot.back, source=source,
                      hunters=hunters, blocked=blocked,
                      place=slot.place if slot.revealed else None,
                      hide=slot.power == "hide")

        if "start" in kinds:
            return laid("start")
        if "double_back" in kinds and prev is not None:
            args = kinds["double_back"]
            row = prev.catacombs if args.get("where") == "the catacombs" else prev.trail
            index = int(args.get("n", 0)) - 1
            source = row[index] if 0 <= index < len(row) else None
            if source is not None:
                return laid("double_back", source.handle)
        if "teleport" in kinds or "ashore" in kinds:
            return laid("fixed")
        if "bat" in kinds:
            return laid("bat")
        if "evasion" in kinds:
            return laid("evasion")
        if "power" in kinds and slot.power in ("feed", "dark_call"):
            return laid("stay")
        if "power" in kinds and slot.power == "wolf_form":
            return laid("wolf")
        if "move" in kinds:
            return laid("move")
        self.unexplained += 1
        return laid("unknown")

    # -- cards leaving, moving, turning up --------------------------------------------------

    def _structure(self, prev: Snapshot | None, snap: Snapshot, kinds: set[str | None],
                   moved: int | None) -> list[Op]:
        """Cards gone, cards in the catacombs. A card pushed off the trail with encounters
        on it (not the one Double Back just took them from) waits for Dracula's choice."""
        now = {s.handle for s in snap.slots()}
        ops = []
        gone = {s.handle for s in prev.slots()} - now if prev is not None else set()
        if prev is not None and prev.trail and "leaves" in kinds:
            oldest = prev.trail[-1]
            if oldest.handle in gone and oldest.tokens and oldest.handle != moved:
                self.limbo.add(oldest.handle)
        if kinds & {"let_go", "mature"}:
            gone |= self.limbo - now
            self.limbo = set()
        self.limbo -= now
        for handle in sorted(gone - self.limbo):
            ops.append(Op("forget", handle=handle))
        ops.append(Op("order", trail=tuple(s.handle for s in snap.trail),
                      catacombs=tuple(s.handle for s in snap.catacombs if s is not None)))
        before = {s.handle for s in prev.catacombs if s is not None} if prev else set()
        for s in snap.catacombs:
            if s is not None and s.handle not in before:
                ops.append(Op("not_hide", handle=s.handle))
        return ops

    def _reveals(self, prev: Snapshot | None, snap: Snapshot) -> list[Op]:
        seen = {s.handle: s for s in prev.slots()} if prev else {}
        ops = []
        for s in snap.slots():
            if s.revealed and s.place is not None:
                old = seen.get(s.handle)
                if old is None or not (old.revealed and old.place == s.place):
                    ops.append(Op("fix", handle=s.handle, place=s.place,
                                  hide=s.power == "hide"))
        return ops

    # -- searches -------------------------------------------------------------------------

    def _searches(self, prev: Snapshot | None, snap: Snapshot,
                  said: list[tuple[str | None, dict[str, Any]]]) -> list[Op]:
        """A hunter ending his move searches where he is („Поиск“): every card there turns
        up, so the cards still face down are elsewhere; and unless the search turned
        something up, met encounters or met Dracula, Dracula is elsewhere too."""
        ops: list[Op] = []
        kinds = {kind for kind, _ in said}
        arrival = None
        if prev is not None and prev.who not in (None, "dracula"):
            for kind, args in said:
                if kind in ARRIVALS:
                    arrival = (prev.who, _place(args))
        if arrival is not None and arrival[1] is not None:
            self.pending_search = (arrival[0], arrival[1])
        if self.pending_search is None:
            return ops
        who, place = self.pending_search
        if snap.who == who and snap.stage == "search" and not snap.over:
            return ops      # held up by a question; the search is still to come
        self.pending_search = None
        if not board.is_city(place) and place != board.CASTLE:
            return ops
        hidden = tuple(s.handle for s in snap.slots() if s.has_card and not s.revealed)
        ops.append(Op("not_at", place=place, handles=hidden))
        if arrival is not None and not kinds & {"search_reveals", "search_hide", "found",
                                                "here"}:
            ops.append(Op("not_in", places=frozenset({place})))
        return ops

    # -- where Dracula is, or is not ------------------------------------------------------

    def _whereabouts(self, prev: Snapshot | None, snap: Snapshot,
                     said: list[tuple[str | None, dict[str, Any]]]) -> list[Op]:
        ops = []
        for kind, args in said:
            if kind in ("attack", "here", "hypnosis", "caught"):
                place = _place(args)
                if place is not None:
                    ops.append(Op("at", place=place))
        if snap.dracula_place is not None:
            ops.append(Op("at", place=snap.dracula_place))
        turn = self.dracula_turn
        if (prev is not None and prev.who == "dracula" and snap.who != "dracula"
                and not turn["attacked"] and turn["hunters"]):
            # „Если в Локации Дракулы находится 1 или более Охотников, Дракула должен
            # напасть на них“: a turn that ended without an attack was not in their city.
            ops.append(Op("not_in", places=frozenset(turn["hunters"])))
        if prev is not None and prev.who == "dracula" and snap.who != "dracula":
            self.dracula_turn = {"attacked": False, "hunters": None}
        return ops
