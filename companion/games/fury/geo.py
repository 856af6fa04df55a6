"""From latitude and longitude to the map's drawing: the projection and the coastline.

The board is the project's own drawing of real geography, not a copy of the printed one:
each place keeps its latitude and longitude in ``data/map.json`` and is projected here
(Lambert conformal conic, the projection of most atlases' maps of Europe) into a
1280 × 800 frame, the tablet's screen. The coastline is Natural Earth's 1:50m land
(public domain), cut to Europe and simplified once by ``python -m companion.games.fury.geo
LAND_50M_TOPOJSON`` into ``data/coast.json``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
COAST_FILE = DATA / "coast.json"

WIDTH = 1280
HEIGHT = 800
LAT1, LAT2 = 40.0, 56.0
"""The standard parallels: true scale along them, little distortion between Cadiz and
Edinburgh."""
LAT0, LON0 = 47.0, 10.0
"""The map's centre meridian and the parallel the frame's centre is measured from."""
SCALE = 37.2 * 180 / math.pi
"""Frame units per radian on the standard parallels (37.2 units per degree)."""
CENTRE = (0.15, 0.3)
"""Where the frame's centre falls, in projected degrees from (LON0, LAT0)."""

Point = tuple[float, float]

_N = math.log(math.cos(math.radians(LAT1)) / math.cos(math.radians(LAT2))) / math.log(
    math.tan(math.pi / 4 + math.radians(LAT2) / 2) / math.tan(math.pi / 4 + math.radians(LAT1) / 2))
_F = math.cos(math.radians(LAT1)) * math.tan(math.pi / 4 + math.radians(LAT1) / 2) ** _N / _N
_RHO0 = _F / math.tan(math.pi / 4 + math.radians(LAT0) / 2) ** _N


def project(lat: float, lon: float) -> Point:
    """Frame coordinates (x right, y down) of a latitude and longitude, to 0.1 unit.

    >>> x, y = project(48.857, 2.352)  # Paris: left of the centre, above it
    >>> x < WIDTH / 2 and y < HEIGHT / 2
    True
    """
    rho = _F / math.tan(math.pi / 4 + math.radians(lat) / 2) ** _N
    theta = _N * math.radians(lon - LON0)
    east = rho * math.sin(theta)
    north = _RHO0 - rho * math.cos(theta)
    x = WIDTH / 2 + SCALE * east - SCALE * math.radians(CENTRE[0])
    y = HEIGHT / 2 - SCALE * north + SCALE * math.radians(CENTRE[1])
    return round(x, 1), round(y, 1)


NUDGES: dict[str, Point] = {"liverpool": (-6.0, 1.0), "manchester": (6.0, -1.0)}
"""Places drawn a few units off their projected point so that their dots do not touch:
Liverpool and Manchester lie 50 km apart."""


def projected(data: dict[str, Any]) -> dict[str, Any]:
    """The map data with every place's x, y (projected, then nudged) and the frame."""
    places = []
    for place in data["places"]:
        x, y = project(place["lat"], place["lon"])
        dx, dy = NUDGES.get(place["id"], (0.0, 0.0))
        places.append({**place, "x": round(x + dx, 1), "y": round(y + dy, 1)})
    return {**data, "frame": {"width": WIDTH, "height": HEIGHT}, "places": places}


def simplify(points: Sequence[Point], tolerance: float) -> list[Point]:
    """Douglas–Peucker: drop the points that lie within ``tolerance`` of the line kept."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = points[first], points[last]
        length = math.hypot(bx - ax, by - ay)
        worst, index = 0.0, 0
        for i in range(first + 1, last):
            px, py = points[i]
            if length:
                distance = abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length
            else:
                distance = math.hypot(px - ax, py - ay)
            if distance > worst:
                worst, index = distance, i
        if worst > tolerance:
            keep[index] = True
            stack += [(first, index), (index, last)]
    return [p for p, k in zip(points, keep, strict=True) if k]


def clip(ring: Sequence[Point], box: tuple[float, float, float, float]) -> list[Point]:
    """A closed ring cut to an axis-aligned box (Sutherland–Hodgman); the cut runs along
    the box's edges, so a box larger than the frame hides it."""
    left, top, right, bottom = box
    edges: tuple[tuple[Callable[[Point], bool], Callable[[Point, Point], Point]], ...] = (
        (lambda p: p[0] >= left, lambda p, q: _cross_x(p, q, left)),
        (lambda p: p[0] <= right, lambda p, q: _cross_x(p, q, right)),
        (lambda p: p[1] >= top, lambda p, q: _cross_y(p, q, top)),
        (lambda p: p[1] <= bottom, lambda p, q: _cross_y(p, q, bottom)),
    )
    out = list(ring)
    for inside, cross in edges:
        points, out = out, []
        for i, current in enumerate(points):
            previous = points[i - 1]
            if inside(current):
                if not inside(previous):
                    out.append(cross(previous, current))
                out.append(current)
            elif inside(previous):
                out.append(cross(previous, current))
        if not out:
            break
    return out


def _cross_x(p: Point, q: Point, x: float) -> Point:
    t = (x - p[0]) / (q[0] - p[0])
    return x, p[1] + t * (q[1] - p[1])


def _cross_y(p: Point, q: Point, y: float) -> Point:
    t = (y - p[1]) / (q[1] - p[1])
    return p[0] + t * (q[0] - p[0]), y


def area(ring: Sequence[Point]) -> float:
    """The unsigned area of a ring (shoelace)."""
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(ring, [*ring[1:], ring[0]],
                                                             strict=True))) / 2


def topojson_rings(topology: dict[str, Any]) -> Iterable[list[Point]]:
    """Every ring of every polygon in a TopoJSON topology, as (lon, lat) points."""
    (kx, ky), (dx, dy) = topology["transform"]["scale"], topology["transform"]["translate"]
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        points: list[Point] = []
        for step_x, step_y in arc:
            x, y = x + step_x, y + step_y
            points.append((x * kx + dx, y * ky + dy))
        arcs.append(points)
    for geometry in _geometries(topology):
        polygons = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for polygon in polygons:
            for ring in polygon:
                points = []
                for index in ring:
                    arc = arcs[index] if index >= 0 else arcs[~index][::-1]
                    points.extend(arc if not points else arc[1:])
                yield points


def _geometries(topology: dict[str, Any]) -> Iterable[dict[str, Any]]:
    for item in topology["objects"].values():
        stack = [item]
        while stack:
            geometry = stack.pop()
            if geometry["type"] == "GeometryCollection":
                stack.extend(geometry["geometries"])
            elif geometry["type"] in ("Polygon", "MultiPolygon"):
                yield geometry


EUROPE = (-25.0, 30.0, 45.0, 64.0)
"""The longitude and latitude box (west, south, east, north) kept of the world's land."""


def coast_from_topojson(topology: dict[str, Any]) -> list[list[Point]]:
    """Europe's land rings as (lon, lat) to 0.01°, cut to ``EUROPE`` and simplified;
    islands too small to see on the frame are dropped."""
    rings = []
    for ring in topojson_rings(topology):
        cut = clip(ring, EUROPE)
        if len(cut) < 3:
            continue
        drawn = [project(lat, lon) for lon, lat in cut]
        if area(drawn) < 6:
            continue
        kept = simplify(cut, 0.02)
        rings.append([(round(lon, 2), round(lat, 2)) for lon, lat in kept])
    return rings


def coast() -> list[list[Point]]:
    """The stored coastline: rings of (lon, lat)."""
    return [[(lon, lat) for lon, lat in ring]
            for ring in json.loads(COAST_FILE.read_text(encoding="utf-8"))["rings"]]


if __name__ == "__main__":
    import sys

    if len(sys.argv) != 2:
        sys.exit("usage: python -m companion.games.fury.geo LAND_50M_TOPOJSON")
    source = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    rings = coast_from_topojson(source)
    COAST_FILE.write_text(json.dumps({
        "source": "Natural Earth 1:50m land (public domain), from the world-atlas 2.0.2 "
                  "land-50m.json; cut to Europe and simplified by companion.games.fury.geo",
        "rings": rings,
    }, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{COAST_FILE}: {len(rings)} rings, {sum(map(len, rings))} points")
