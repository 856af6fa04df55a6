"""Where the hunters can be after their next move, and how far apart places are.

A hunter moves once a turn: one road, one sea link (from a port onto a sea, or on across
it), or a train as far as the train die allows („Если Охотник решит двигаться по железной
дороге, он бросает кубик поезда“), or stays. ``reach(place, faces)`` gives the chance of
each place being *within his reach* this turn (a train's destinations are reachable with
the chance the die allows them); ``steps`` counts the moves between two places.
"""

from __future__ import annotations

from collections import deque

from companion.games.fury import board

DEFAULT_FACES = (0, 1, 1, 2, 2, 3)


def _distances(graph: dict[str, set[str]]) -> dict[str, dict[str, int]]:
    out = {}
    for start in graph:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in graph[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        out[start] = seen
    return out


HUNTER_STEPS = _distances({p: set(board.ROAD[p]) | set(board.SEA[p]) | set(board.RAIL[p])
                           for p in board.PLACES})
"""Moves between every two places for a hunter: one move per road or sea link, one for a
railway link (a train may take him further in one move: a bound, not exact). Worked out
once from the map, like the map itself."""
DRACULA_STEPS = _distances({p: set(board.neighbours(p)) for p in board.PLACES})
"""Moves between places for Dracula: road and sea only."""


def steps(a: str, b: str) -> int:
    """A hunter's moves from ``a`` to ``b`` (99 when unreachable)."""
    return HUNTER_STEPS[a].get(b, 99)


def dracula_steps(a: str, b: str) -> int:
    return DRACULA_STEPS[a].get(b, 99)


def reach(place: str, faces: tuple[int, ...] = DEFAULT_FACES) -> dict[str, float]:
    """The chance that each place is within one move of a hunter at ``place`` (staying
    included); with the default train die, read from the table made at import."""
    if faces == DEFAULT_FACES and place in REACH:
        return REACH[place]
    return _reach(place, faces)


def _reach(place: str, faces: tuple[int, ...]) -> dict[str, float]:
    out: dict[str, float] = {place: 1.0}
    if place == board.HOSPITAL:
        return out
    for there in board.ROAD[place] | board.SEA[place]:
        out[there] = 1.0
    if board.is_city(place) and board.RAIL[place]:
        within = board.rail_within(place, max(faces))
        for there, distance in within.items():
            chance = sum(1 for f in faces if f >= distance) / len(faces)
            out[there] = max(out.get(there, 0.0), chance)
    return out


REACH = {p: _reach(p, DEFAULT_FACES) for p in board.PLACES}
"""Every place's reach with the default train die, worked out once from the map."""
