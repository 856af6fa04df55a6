"""What the hunters cannot rule out: a forward filter over merged states, with weights.

A *state* gives every card of the trail and the catacombs whose place the public does not
know a value: the place it lies at, and for a face-down land card whether it is Hide (Hide
is laid face down like a location). Cards known to everyone (face up, or Feed and Dark
Call, which lie where the card before them lay) are kept once, outside the states. Dracula
is where the newest card lies. Each state carries the share of the histories consistent
with the public record that lead to it (every consistent history weighs the same), so two
histories that differ only in a card that has left the trail merge into one state: the
size is bounded by the trails the hunters cannot tell apart, not by the paths.

The moves allowed from a state follow the rulebook as ``movement.dracula_moves`` does, but
over what the public knows (storms and the blood a sea crossing costs are left out: a
superset, so the filter stays sound). When the states would pass ``CAP`` (Dracula used
Evasion, the catacombs hold cards long laid), the oldest cards leave the joint states and
are kept each on its own, as the places it may lie at with their weights: a product of
marginals holds every joint assignment, so the belief stays sound and only loses some
precision; ``loosened`` counts how often. Soundness — the true trail is always among the
states — is checked at every step of random games (tests/games/fury/test_fury_belief.py);
exactness against a brute-force enumeration of histories on short games.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.fury import board
from companion.games.fury.automa.public import Op

IDS: tuple[str, ...] = tuple(sorted(board.PLACES))
INDEX = {pid: i for i, pid in enumerate(IDS)}
HIDE = 128
"""Added to a place's index: the card is Hide, lying at that place."""
PLACE = 127
SEA = frozenset(INDEX[p] for p in IDS if board.is_sea(p))
CITIES = frozenset(INDEX[p] for p in IDS if board.is_city(p))
HOSPITAL = INDEX[board.HOSPITAL]
CASTLE = INDEX[board.CASTLE]
NEIGHBOURS = tuple(tuple(sorted(INDEX[q] for q in board.neighbours(p, ("road", "sea"))))
                   for p in IDS)
"""Where Dracula may go in one move: by road or sea („Дракула… по дорогам или морям“)."""

State = tuple[int, ...]
CAP = 10_000
"""The most joint states kept; beyond it the oldest cards are kept each on its own."""
WIDE = {"evasion": 60, "unknown": 70, "fixed": 70, "start": 60}
"""Lays that may put the card almost anywhere, with how many places at most."""
PREVIEW = 4_000
"""The heaviest states a move's preview looks at (``head_after``)."""


def place_of(value: int) -> str:
    return IDS[value & PLACE]


def value_of(place: str, hide: bool = False) -> int:
    return INDEX[place] | (HIDE if hide else 0)


def _within_two_roads(here: int, barred: frozenset[int]) -> tuple[int, ...]:
    reach = board.road_within(IDS[here], 2, blocked=frozenset(IDS[b] for b in barred))
    return tuple(sorted(INDEX[p] for p in reach))


TWO_ROADS = tuple(_within_two_roads(i, frozenset({HOSPITAL})) for i in range(len(IDS)))
"""Wolf Form's and the bat's reach from each place when no city is protected (made once)."""


def _two_roads(here: int, barred: frozenset[int]) -> tuple[int, ...]:
    """Wolf Form's and the bat's reach: up to two roads, never through a barred place."""
    if barred == {HOSPITAL}:
        return TWO_ROADS[here]
    return _within_two_roads(here, barred)


class Belief:
    """The states the hunters cannot rule out, and their weights (summing to 1)."""

    def __init__(self) -> None:
        self.order: tuple[int, ...] = ()
        """The handles of the cards the states give a value, in the states' order."""
        self.states: dict[State, float] = {(): 1.0}
        self.known: dict[int, int] = {}
        """Handle → value of the cards every state agrees on."""
        self.loose: dict[int, dict[int, float]] = {}
        """Handle → its values and their weights, for the cards taken out of the joint
        states to keep them under ``CAP``."""
        self.loosened = 0
        self.trail: tuple[int, ...] = ()
        self.catacombs: tuple[int, ...] = ()
        self.cap = CAP
        self.broken = 0
        """Observations no state could explain (never, while the filter is sound)."""
        self.largest = 1

    # -- reading it ------------------------------------------------------------------------

    @property
    def size(self) -> int:
        return len(self.states)

    def value(self, state: State, handle: int) -> int:
        if handle in self.known:
            return self.known[handle]
        return state[self.order.index(handle)]

    def contains(self, truth: dict[int, int]) -> bool:
        """Is this assignment (handle → value, every card) among the states?"""
        if set(truth) != set(self.order) | set(self.known) | set(self.loose):
            return False
        if any(truth[h] != v for h, v in self.known.items()):
            return False
        if any(truth[h] not in values for h, values in self.loose.items()):
            return False
        return tuple(truth[h] for h in self.order) in self.states

    def where(self) -> dict[str, float]:
        """The chance of each place being Dracula's, as the hunters must see it."""
        if not self.trail:
            return {}
        return {IDS[i]: w for i, w in self._marginal(self.trail[0]).items()}

    def places(self) -> dict[str, float]:
        """For each place, the chance that a face-down card lies there (a search there
        would turn something up): the hunters' map of where to look."""
        hidden = [self.order.index(h) for h in self.order
                  if h in self.trail or h in self.catacombs]
        out: dict[int, float] = {}
        for state, weight in self.states.items():
            for p in {state[i] & PLACE for i in hidden}:
                out[p] = out.get(p, 0.0) + weight
        for handle, values in self.loose.items():
            if handle in self.trail or handle in self.catacombs:
                for value, weight in values.items():
                    p = value & PLACE
                    out[p] = 1.0 - (1.0 - out.get(p, 0.0)) * (1.0 - weight)
        return {IDS[p]: w for p, w in out.items()}

    def card_places(self) -> dict[int, dict[str, float]]:
        """Each card of the trail and the catacombs, and the chance of each place it may lie
        at: where a search would turn it up."""
        return {h: {IDS[i]: w for i, w in self._marginal(h).items()}
                for h in (*self.trail, *self.catacombs)
                if h in self.known or h in self.loose or h in self.order}

    def _marginal(self, handle: int) -> dict[int, float]:
        if handle in self.known:
            return {self.known[handle] & PLACE: 1.0}
        out: dict[int, float] = {}
        if handle in self.loose:
            for value, weight in self.loose[handle].items():
                out[value & PLACE] = out.get(value & PLACE, 0.0) + weight
            return out
        i = self.order.index(handle)
        for state, weight in self.states.items():
            p = state[i] & PLACE
            out[p] = out.get(p, 0.0) + weight
        return out

    # -- applying observations -------------------------------------------------------------

    def apply(self, ops: Iterable[Op]) -> None:
        for op in ops:
            if op.what == "lay" and op.how in WIDE and op.place is None:
                # a card that may lie almost anywhere: make room first rather than after
                while len(self.states) * WIDE[op.how] > 4 * self.cap and len(self.order) > 1:
                    self._loosen()
            getattr(self, "_" + op.what)(op)
            self.largest = max(self.largest, len(self.states))
            while len(self.states) > self.cap and len(self.order) > 1:
                self._loosen()

    def _loosen(self) -> None:
        """Take the oldest card (the catacombs first, then the trail's end) out of the
        joint states and keep its values on their own."""
        rank = {h: i for i, h in enumerate((*self.trail, *self.catacombs))}
        newest = max(self.trail, default=0)
        # a card laid this step is not in the trail's order yet: it is the newest
        handle = max(self.order, key=lambda h: rank.get(h, -1 if h > newest else len(rank)))
        values = self._marginal_values(handle)
        self._forget(Op("forget", handle=handle))
        self.loose[handle] = values
        self.loosened += 1

    def _marginal_values(self, handle: int) -> dict[int, float]:
        i = self.order.index(handle)
        out: dict[int, float] = {}
        for state, weight in self.states.items():
            out[state[i]] = out.get(state[i], 0.0) + weight
        return out

    def _loose_keep(self, handle: int, keep: object) -> None:
        values = {v: w for v, w in self.loose[handle].items() if keep(v)}  # type: ignore[operator]
        total = sum(values.values())
        if not values or total <= 0:
            self.broken += 1
            return
        self.loose[handle] = {v: w / total for v, w in values.items()}

    def _keep(self, states: dict[State, float]) -> None:
        """Replace the states, weights summing to 1; an observation nothing explains is
        counted and ignored rather than emptying the belief."""
        total = sum(states.values())
        if not states or total <= 0:
            self.broken += 1
            return
        self.states = {s: w / total for s, w in states.items()}

    def _filter(self, keep: object) -> None:
        kept = {s: w for s, w in self.states.items() if keep(s)}  # type: ignore[operator]
        if len(kept) != len(self.states):
            self._keep(kept)

    def _order(self, op: Op) -> None:
        self.trail, self.catacombs = op.trail, op.catacombs

    def _forget(self, op: Op) -> None:
        if op.handle in self.known:
            del self.known[op.handle]
            return
        if op.handle in self.loose:
            del self.loose[op.handle]
            return
        if op.handle in self.order:
            self._project(op.handle, None)

    def _project(self, handle: int, value: int | None) -> bool:
        """Drop ``handle`` from the joint states (keeping only those where it has
        ``value``, unless None), merging the states that then agree."""
        i = self.order.index(handle)
        merged: dict[State, float] = {}
        for state, weight in self.states.items():
            if value is None or state[i] == value:
                key = state[:i] + state[i + 1:]
                merged[key] = merged.get(key, 0.0) + weight
        if not merged:
            self.broken += 1
            return False
        self.order = self.order[:i] + self.order[i + 1:]
        self._keep(merged)
        return True

    def _fix(self, op: Op) -> None:
        assert op.place is not None, "a card turned face up shows its place"
        value = value_of(op.place, op.hide)
        if op.handle in self.known:
            if self.known[op.handle] != value:
                self.broken += 1
            return
        if op.handle in self.loose:
            if value not in self.loose.pop(op.handle):
                self.broken += 1
            self.known[op.handle] = value
            return
        if op.handle in self.order and self._project(op.handle, value):
            self.known[op.handle] = value

    def _not_hide(self, op: Op) -> None:
        if op.handle in self.loose:
            self._loose_keep(op.handle, lambda v: not v & HIDE)
        if op.handle in self.order:
            i = self.order.index(op.handle)
            self._filter(lambda s: not s[i] & HIDE)

    def _not_at(self, op: Op) -> None:
        assert op.place is not None, "a search has a place"
        p = INDEX[op.place]
        spots = [self.order.index(h) for h in op.handles if h in self.order]
        if any((self.known[h] & PLACE) == p for h in op.handles if h in self.known):
            self.broken += 1
            return
        for h in op.handles:
            if h in self.loose:
                self._loose_keep(h, lambda v: (v & PLACE) != p)
        self._filter(lambda s: all((s[i] & PLACE) != p for i in spots))

    def _at(self, op: Op) -> None:
        assert op.place is not None, "Dracula seen somewhere"
        self._where(lambda p: p == INDEX[op.place])

    def _not_in(self, op: Op) -> None:
        barred = {INDEX[p] for p in op.places}
        self._where(lambda p: p not in barred)

    def _where(self, keep: object) -> None:
        if not self.trail:
            return
        head = self.trail[0]
        if head in self.known:
            if not keep(self.known[head] & PLACE):  # type: ignore[operator]
                self.broken += 1
            return
        if head in self.loose:
            self._loose_keep(head, lambda v: keep(v & PLACE))  # type: ignore[operator]
            return
        i = self.order.index(head)
        self._filter(lambda s: keep(s[i] & PLACE))  # type: ignore[operator]

    # -- a card laid ---------------------------------------------------------------------

    def head_after(self, op: Op, hunters_stay: bool = True,
                   heaviest: int = PREVIEW) -> dict[str, float]:
        """Where the hunters will believe Dracula to be once the card ``op`` is laid (the
        new head's marginal), without building the new states, from the ``heaviest``
        states (an estimate when there are more: it values a move, it is not the belief).
        With ``hunters_stay`` the places of ``op.hunters`` are ruled out, as they are once
        his turn ends without an attack."""
        out: dict[int, float] = {}
        barred = frozenset(INDEX[p] for p in op.hunters) if hunters_stay else frozenset()
        items = list(self.states.items())
        if len(items) > heaviest:
            items = sorted(items, key=lambda item: -item[1])[:heaviest]
        for key, weight in self._laid_states(op, items):
            value = key[-1]
            p = value & PLACE
            if p not in barred or p in SEA:
                out[p] = out.get(p, 0.0) + weight
        total = sum(out.values())
        return {IDS[p]: w / total for p, w in out.items()} if total > 0 else {}

    def _lay(self, op: Op) -> None:
        new: dict[State, float] = {}
        for key, weight in self._laid_states(op):
            new[key] = new.get(key, 0.0) + weight
        self.order = (*self.order, op.handle)
        self._keep(new)

    def _laid_states(self, op: Op, items: Iterable[tuple[State, float]] | None = None
                     ) -> Iterable[tuple[State, float]]:
        head = self.trail[0] if self.trail else None
        barred = frozenset({HOSPITAL, *(INDEX[p] for p in op.blocked)})
        hunters = frozenset(INDEX[p] for p in op.hunters)
        known_places = {v & PLACE for v in self.known.values()}
        trail_spots = [self.order.index(h) for h in self.trail if h in self.order]
        known_hide = any(self.known.get(h, 0) & HIDE for h in self.trail)
        head_spot = self.order.index(head) if head in self.order else None
        head_known = self.known.get(head) if head is not None else None
        source_spot = self.order.index(op.source) if op.source in self.order else None
        source_known = self.known.get(op.source) if op.source is not None else None
        source_loose: dict[int | None, float] = {}
        if op.source is not None and op.source in self.loose:
            source_loose.update(self.loose[op.source].items())
        sea = op.back == "sea"
        shown = None if op.place is None else value_of(op.place, op.hide)
        for state, weight in (self.states.items() if items is None else items):
            if head_spot is not None:
                here = state[head_spot] & PLACE
            elif head_known is not None:
                here = head_known & PLACE
            else:
                here = -1
            taken = known_places | {v & PLACE for v in state}
            hide_used = known_hide or any(state[i] & HIDE for i in trail_spots)
            sources: dict[int | None, float] = (
                source_loose if source_loose else
                {state[source_spot] if source_spot is not None else source_known: 1.0})
            for source, share in sources.items():
                for value in _candidates(op.how, here, taken, hide_used, barred, hunters,
                                         sea, source):
                    if shown is None or value == shown:
                        yield (*state, value), weight * share


def _candidates(how: str, here: int, taken: set[int], hide_used: bool,
                barred: frozenset[int], hunters: frozenset[int], sea: bool,
                source: int | None) -> list[int]:
    """The values a card laid ``how`` may have, from one state (``movement.dracula_moves``
    and the cards that move Dracula, over public knowledge)."""
    if how == "start":
        # „Дракула не может начинать игру, разместившись в море, Замке Дракулы или в
        # локации, в которой находится Охотник“
        return [p for p in CITIES if p not in hunters and p not in barred]
    if how == "move":
        out = [p for p in NEIGHBOURS[here] if (p in SEA) == sea and p not in taken
               and p not in barred]
        if not sea and not hide_used and here not in SEA and here not in barred:
            out.append(here | HIDE)
        return out
    if how == "stay":
        return [here] if here not in SEA and here not in barred else []
    if how in ("wolf", "bat"):
        if how == "wolf" and here in SEA:
            return []
        return [p for p in _two_roads(here, barred) if p not in taken and p not in barred
                and p not in SEA]
    if how == "double_back":
        if source is None or source & HIDE:
            return []
        to = source & PLACE
        ok = to in NEIGHBOURS[here] and to not in barred and to != here
        return [to] if ok else []
    if how == "evasion":
        return [p for p in CITIES if p not in taken and p not in barred and p not in hunters]
    # a card laid face up (the castle, a port ashore: the card shows which) or laid with
    # no line saying how: any place with its back
    return [p for p in range(len(IDS)) if (p in SEA) == sea] + [
        p | HIDE for p in range(len(IDS)) if how == "unknown" and not sea]
