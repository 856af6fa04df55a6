"""The map of Europe: 71 places and the road, rail and sea links between them.

The facts (ids, kinds, east/west, ports, links) are the second edition's board as
researched in ``shared/data/fury/map.json``; ``data/map.json`` copies them and adds this
project's geometry (latitude, longitude and the projected x, y of ``geo.py``) and the
place names in English, Czech and Russian. The English name is the message id.

>>> sorted(ROAD["paris"])
['brussels', 'clermont_ferrand', 'geneva', 'le_havre', 'nantes', 'strasbourg']
>>> road_within(CASTLE, 1)
{'castle_dracula': 0, 'galatz': 1, 'klausenburg': 1}
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.caches import Cache

MAP_FILE = Path(__file__).parent / "data" / "map.json"
_DATA: dict[str, Any] = json.loads(MAP_FILE.read_text(encoding="utf-8"))
LABELS_FILE = Path(__file__).parent / "data" / "labels.json"
LABELS: dict[str, dict[str, list[float]]] = (
    json.loads(LABELS_FILE.read_text(encoding="utf-8")) if LABELS_FILE.exists() else {})
"""Where each place's name is drawn on the base map, per language (``map_drawing.py`` writes it)."""

CASTLE = "castle_dracula"
HOSPITAL = "st_joseph_and_st_mary"
LINK_TYPES = ("road", "rail", "sea")
CITY_KINDS = ("small_city", "large_city")


@dataclass(frozen=True)
class Place:
    """One location of the board; ``name`` is the English name (the message id)."""

    id: str
    kind: str
    region: str | None
    port: bool
    x: float
    y: float
    name: str


PLACES: dict[str, Place] = {
    p["id"]: Place(p["id"], p["kind"], p["region"], p["port"], p["x"], p["y"], p["names"]["en"])
    for p in _DATA["places"]
}
LINKS: tuple[tuple[str, str, str], ...] = tuple(
    (link["a"], link["b"], link["type"]) for link in _DATA["links"])
"""Every link once, as (a, b, type), in the data's order."""


def _adjacency(kind: str) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {pid: set() for pid in PLACES}
    for a, b, link_type in LINKS:
        if link_type == kind:
            found[a].add(b)
            found[b].add(a)
    return {pid: frozenset(ends) for pid, ends in found.items()}


ROAD: dict[str, frozenset[str]] = _adjacency("road")
RAIL: dict[str, frozenset[str]] = _adjacency("rail")
SEA: dict[str, frozenset[str]] = _adjacency("sea")
_BY_TYPE: Mapping[str, dict[str, frozenset[str]]] = {"road": ROAD, "rail": RAIL, "sea": SEA}


def is_sea(pid: str) -> bool:
    return PLACES[pid].kind == "sea"


def is_city(pid: str) -> bool:
    """A small or a large city (not the castle, the hospital or a sea)."""
    return PLACES[pid].kind in CITY_KINDS


def is_land(pid: str) -> bool:
    return not is_sea(pid)


def neighbours(pid: str, types: Iterable[str] = ("road", "sea")) -> frozenset[str]:
    """The places one link of the given types away; Dracula moves by road or sea."""
    return frozenset().union(*(_BY_TYPE[t][pid] for t in types))


def _within(graph: Mapping[str, frozenset[str]], start: str, steps: int,
            blocked: Iterable[str]) -> dict[str, int]:
    barred = frozenset(blocked)
    distance = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if distance[here] == steps:
            continue
        for there in sorted(graph[here]):
            if there not in distance and there not in barred:
                distance[there] = distance[here] + 1
                queue.append(there)
    return distance


def road_within(start: str, steps: int, blocked: Iterable[str] = frozenset()) -> dict[str, int]:
    """Every place reachable by road in at most ``steps`` moves, with its distance (the
    start at 0). A blocked place is never entered, so no path runs through it either."""
    return _within(ROAD, start, steps, blocked)


def rail_within(start: str, steps: int, blocked: Iterable[str] = frozenset()) -> dict[str, int]:
    """Every city reachable in at most ``steps`` rail links, with its distance (the start
    at 0). Rails join only cities; a blocked city is never entered."""
    return _within(RAIL, start, steps, blocked)


def ports_of(sea: str) -> frozenset[str]:
    """The ports on a sea zone."""
    return frozenset(p for p in SEA[sea] if not is_sea(p))


def seas_of(port: str) -> frozenset[str]:
    """The sea zones a port opens onto (a sea zone's neighbouring seas for a sea)."""
    return frozenset(p for p in SEA[port] if is_sea(p))


def name(pid: str) -> str:
    """The English name, which is the message id the web layer translates."""
    return PLACES[pid].name


def map_frame() -> dict[str, int]:
    """The drawing's size: the viewBox of the base map and of any overlay."""
    return {"width": _DATA["frame"]["width"], "height": _DATA["frame"]["height"]}


def xy(pid: str) -> tuple[float, float]:
    """Where a place is drawn on the map."""
    place = PLACES[pid]
    return place.x, place.y


def view_around(pids: Iterable[str], margin: float = 70.0, aspect: float = 1.0,
                smallest: float = 300.0) -> dict[str, float]:
    """The part of the map a phone should show (the overlay's ``view``): every given place
    with ``margin`` around it, at least ``smallest`` units across, ``aspect`` (width /
    height) wide unless the frame is too small for that. A 360 px phone cannot read the
    whole of Europe, but it can read a region.

    >>> view_around(["paris"])
    {'x': 299.4, 'y': 183.5, 'width': 300.0, 'height': 300.0}
    """
    frame = map_frame()
    points = [xy(pid) for pid in pids] or [(frame["width"] / 2, frame["height"] / 2)]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    width = max(max(xs) - min(xs) + 2 * margin, smallest)
    height = max(max(ys) - min(ys) + 2 * margin, smallest / aspect)
    width, height = max(width, height * aspect), max(height, width / aspect)
    width, height = min(width, frame["width"]), min(height, frame["height"])
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    x = min(max(cx - width / 2, 0), frame["width"] - width)
    y = min(max(cy - height / 2, 0), frame["height"] - height)
    return {"x": round(float(x), 1), "y": round(float(y), 1), "width": round(float(width), 1),
            "height": round(float(height), 1)}


def spot(pid: str, **extra: Any) -> dict[str, Any]:
    """An overlay entry for the map: the place with its drawing position, plus ``extra``."""
    x, y = xy(pid)
    return {"place": pid, "x": x, "y": y, **extra}


MARKS = {"dracula": (32.0, 32.0), "hunter": (26.0, 26.0), "trail": (28.0, 22.0),
         "marker": (22.0, 22.0)}
"""The size of each kind of overlay mark, in map units."""
_AROUND = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))


_beside: Cache[tuple[str, str, tuple[str, ...]], tuple[tuple[float, float], ...]] = Cache(
    "marks beside the names", 4096)
"""A place's marks in a language, by the kinds of marks there: the map never changes."""


def beside(pid: str, lang: str, kinds: tuple[str, ...]) -> tuple[tuple[float, float], ...]:
    """Where the overlay's marks at one place go (their centres, in ``kinds``' order):
    around the place's dot, never over a name of the base map in ``lang``, another place's
    dot or each other — the nearest free spot, a wider ring when the first is full.

    >>> len(beside("paris", "en", ("hunter", "trail")))
    2
    """
    kept = _beside.get((pid, lang, kinds))
    if kept is not None:
        return kept
    x, y = xy(pid)
    names = [tuple(b) for b in LABELS.get(lang, LABELS.get("en", {})).values()]
    dots = [(p.x - 9, p.y - 9, p.x + 9, p.y + 9) for p in PLACES.values()
            if p.id != pid and p.kind != "sea"]
    taken: list[tuple[float, float, float, float]] = []
    out = []
    for kind in kinds:
        w, h = MARKS[kind]
        best: tuple[float, tuple[float, float]] | None = None
        for ring in (1.0, 1.9, 2.8):
            for dx, dy in _AROUND:
                cx = x + dx * (9 + w / 2) * ring
                cy = y + dy * (9 + h / 2) * ring
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                cost = sum(_overlap(box, other) for other in (*names, *dots, *taken))
                if best is None or cost < best[0]:
                    best = (cost, (cx, cy))
                if cost == 0:
                    break
            if best is not None and best[0] == 0:
                break
        assert best is not None
        cx, cy = best[1]
        taken.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
        out.append((round(cx, 1), round(cy, 1)))
    return _beside.keep((pid, lang, kinds), tuple(out))


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0
