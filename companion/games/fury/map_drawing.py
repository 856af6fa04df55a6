"""The base map as SVG, one file per language: coast, links, places and their names.

``python -m companion.games.fury.map_drawing`` projects every place's latitude and longitude into
``data/map.json`` (x, y and the frame), then writes ``static/map-{en,cs,ru}.svg``
and, in ``data/labels.json``, where each name lies in each language (the live overlay sets
its marks beside the names, never over them: ``board.beside``).
The tablet loads the file once (cached by its hash) and the live overlay of
``templates/_map.html`` is drawn over it in the same frame.
"""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path
from typing import Any

from companion.games.fury import board, geo

STATIC = Path(__file__).parent / "static"
LANGUAGES = ("en", "cs", "ru")

Box = tuple[float, float, float, float]
"""left, top, right, bottom"""

SEA_ROUTES: dict[frozenset[str], tuple[tuple[float, float], ...]] = {
    frozenset(pair): points for *pair, points in (
        ("atlantic_ocean", "north_sea", ((56.5, -10.0), (58.9, -6.5), (59.1, -2.0))),
        ("atlantic_ocean", "mediterranean_sea", ((36.7, -9.8), (35.95, -5.6), (36.4, -2.0))),
        ("atlantic_ocean", "cadiz", ((36.7, -9.8),)),
        ("atlantic_ocean", "galway", ((53.0, -10.4),)),
        ("atlantic_ocean", "english_channel", ((48.7, -6.0),)),
        ("atlantic_ocean", "irish_sea", ((51.7, -6.4),)),
        ("irish_sea", "swansea", ((51.3, -4.9),)),
        ("english_channel", "london", ((51.4, 1.3), (50.9, 1.2))),
        ("ionian_sea", "athens", ((37.3, 23.6), (36.2, 22.7))),
        ("ionian_sea", "salonica", ((39.9, 23.3), (38.6, 24.9), (37.3, 24.6), (36.2, 22.7))),
        ("ionian_sea", "black_sea", ((36.2, 22.7), (37.3, 24.6), (39.3, 25.4), (40.3, 26.3),
                                     (40.8, 28.0), (41.3, 29.1))),
        ("ionian_sea", "adriatic_sea", ((40.3, 18.9),)),
    )
}
"""Sea links that would cross land as a straight line go round by these
(latitude, longitude) points."""

SEA_COLOUR = "#cfe2ec"
LAND_COLOUR = "#f4ecd8"
INK = "#2b2116"
REGION_COLOUR = {"west": "#2f4a66", "east": "#8c2a1c"}
"""West and east are told apart by the dot's colour (minions fight better in the east)."""
PORT_RIM = "#3a7ca5"
LINK_STYLE = {
    "sea": 'stroke="#3a7ca5" stroke-dasharray=".1 5" stroke-linecap="round"',
    "road": 'stroke="#6e5b42"',
    "rail": f'stroke="{INK}" stroke-width="3.6"',
}
RAIL_TIES = f'stroke="{LAND_COLOUR}" stroke-width="1.6" stroke-dasharray="5 5"'
LAYERS = {
    "sea": f'fill="#3a6f94" stroke="{SEA_COLOUR}" font-style="italic" font-size="18" '
           'letter-spacing="1"',
    "small_city": f'fill="{INK}" stroke="{LAND_COLOUR}" font-size="14"',
    "large_city": f'fill="{INK}" stroke="{LAND_COLOUR}" font-size="16" font-weight="bold"',
    "castle": f'fill="{INK}" stroke="{LAND_COLOUR}" font-size="14" font-weight="bold" '
              'font-style="italic"',
}
"""Presentation attributes, not a style sheet: the page's Content-Security-Policy cannot
strip them. Labels get a halo in the colour beneath them (``paint-order``)."""

RADIUS = {"large_city": 8.0, "small_city": 5.5, "castle": 11.0, "hospital": 10.0, "sea": 0.0}
FONT = {"large_city": 16.0, "small_city": 14.0, "castle": 14.0, "hospital": 14.0, "sea": 18.0}
BOLD = ("large_city", "castle", "hospital")
GLYPHS = ((0.3, frozenset("iIjJlí.,' ")), (0.41, frozenset("frtťțř-")),
          (0.9, frozenset("mwMWЖжшщюфФыДдМ&")))
"""Glyph widths of DejaVu Sans in ems, by class (within 10 % of the font's own widths for
every name on the map); other capitals 0.71, other letters 0.61."""


def text_width(text: str, kind: str) -> float:
    ems = sum(next((w for w, chars in GLYPHS if c in chars), 0.71 if c.isupper() else 0.61)
              for c in text)
    spacing = len(text) if kind == "sea" else 0
    return ems * FONT[kind] * (1.12 if kind in BOLD else 1) + spacing + 3


def lines_of(text: str, kind: str) -> list[str]:
    """A sea's or a long name's two lines, split at the space nearest the middle."""
    limit = 9 if kind == "sea" else 18
    if len(text) <= limit or " " not in text:
        return [text]
    middle = len(text) / 2
    cut = min((i for i, c in enumerate(text) if c == " "), key=lambda i: abs(i - middle))
    return [text[:cut], text[cut + 1:]]


def text_size(lines: Sequence[str], kind: str) -> tuple[float, float]:
    return max(text_width(line, kind) for line in lines), len(lines) * FONT[kind] * 1.15


def overlap(a: Box, b: Box) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def reach(box: Box, point: tuple[float, float]) -> float:
    """How far a point lies from a box (0 inside)."""
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return math.hypot(dx, dy)


def crosses(box: Box, p: tuple[float, float], q: tuple[float, float]) -> bool:
    """Whether the segment p–q passes through the box (Liang–Barsky)."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for edge_p, edge_q in ((-dx, p[0] - box[0]), (dx, box[2] - p[0]),
                           (-dy, p[1] - box[1]), (dy, box[3] - p[1])):
        if edge_p == 0:
            if edge_q < 0:
                return False
            continue
        t = edge_q / edge_p
        if edge_p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


ANCHORS = (("e", 1, 0), ("w", -1, 0), ("ne", 0.8, -0.8), ("se", 0.8, 0.8), ("nw", -0.8, -0.8),
           ("sw", -0.8, 0.8), ("n", 0, -1), ("s", 0, 1))


def label_box(x: float, y: float, kind: str, size: tuple[float, float],
              direction: tuple[float, float]) -> Box:
    """The box of a label set beside a dot, on the side ``direction`` points to."""
    width, height = size
    gap = RADIUS[kind] + 3
    dx, dy = direction
    left = x + dx * gap - (0 if dx > 0 else width if dx < 0 else width / 2)
    top = y + dy * gap - (0 if dy > 0 else height if dy < 0 else height / 2)
    return left, top, left + width, top + height


def place_labels(names: dict[str, str], segments: Sequence[tuple[tuple[float, float],
                 tuple[float, float]]]) -> dict[str, Box]:
    """Each name's box: seas centred on their point, every other name on the side of its
    dot that costs least (overlapping names or dots, crossing links, reading as a
    neighbour's name, leaving the frame), large places first, then a second look at each
    name once all are placed."""
    boxes: dict[str, Box] = {}
    for pid, place in board.PLACES.items():
        if place.kind == "sea":
            width, height = text_size(lines_of(names[pid], "sea"), "sea")
            boxes[pid] = (place.x - width / 2, place.y - height / 2,
                          place.x + width / 2, place.y + height / 2)
    land = sorted((p for p in board.PLACES.values() if p.kind != "sea"),
                  key=lambda p: (RADIUS[p.kind] < 8, p.id))
    dots = {p.id: (p.x - RADIUS[p.kind], p.y - RADIUS[p.kind], p.x + RADIUS[p.kind],
                   p.y + RADIUS[p.kind]) for p in land}

    def cost(place: board.Place, box: Box) -> float:
        total = 3 * sum(overlap(box, other) for pid, other in boxes.items() if pid != place.id)
        total += 3 * sum(overlap(box, dot) for dot in dots.values())
        total += 8 * sum(crosses(box, p, q) for p, q in segments)
        own = reach(box, (place.x, place.y))
        if any(reach(box, (p.x, p.y)) < own + 3 for p in land if p.id != place.id):
            total += 100  # the name would read as a neighbour's
        outside = (max(0, -box[0]) + max(0, box[2] - geo.WIDTH)
                   + max(0, -box[1]) + max(0, box[3] - geo.HEIGHT))
        return total + 100 * outside

    for _ in range(2):
        for place in land:
            size = text_size(lines_of(names[place.id], place.kind), place.kind)
            candidates = [label_box(place.x, place.y, place.kind, size, (dx, dy))
                          for _, dx, dy in ANCHORS]
            boxes[place.id] = min((cost(place, box) + rank, rank, box)
                                  for rank, box in enumerate(candidates))[2]
    return boxes


def route(a: str, b: str, link_type: str) -> list[tuple[float, float]]:
    """The points a link is drawn through; road and rail side by side where both run."""
    (ax, ay), (bx, by) = board.xy(a), board.xy(b)
    if link_type == "sea":
        via = SEA_ROUTES.get(frozenset((a, b)), ())
        points = [geo.project(lat, lon) for lat, lon in via]
        if via and math.dist(points[0], (bx, by)) < math.dist(points[0], (ax, ay)):
            points.reverse()
        return [(ax, ay), *points, (bx, by)]
    both = b in board.ROAD[a] and b in board.RAIL[a]
    if not both:
        return [(ax, ay), (bx, by)]
    length = math.dist((ax, ay), (bx, by))
    shift = 2.4 if link_type == "rail" else -2.4
    nx, ny = -(by - ay) / length * shift, (bx - ax) / length * shift
    if (a, b) > (b, a):
        nx, ny = -nx, -ny
    return [(ax + nx, ay + ny), (bx + nx, by + ny)]


def path(points: Iterable[tuple[float, float]]) -> str:
    return "M" + "L".join(f"{x:g} {y:g}" for x, y in ((round(x, 1), round(y, 1))
                                                     for x, y in points))


def coast_path() -> str:
    """The land as one path: rings projected, cut to the frame, simplified, in whole units
    relative to the previous point."""
    margin = 12
    frame = (-margin, -margin, geo.WIDTH + margin, geo.HEIGHT + margin)
    parts = []
    for ring in geo.coast():
        drawn = geo.clip([geo.project(lat, lon) for lon, lat in ring], frame)
        drawn = geo.simplify(drawn, 0.7) if len(drawn) > 3 else drawn
        if len(drawn) < 3 or geo.area(drawn) < 8:
            continue
        points = [(round(x), round(y)) for x, y in drawn]
        steps = [f"M{points[0][0]} {points[0][1]}"]
        for (px, py), (qx, qy) in zip(points, points[1:], strict=False):
            if (qx, qy) != (px, py):
                steps.append(f"{qx - px} {qy - py}")
        parts.append(steps[0] + "l" + " ".join(steps[1:]) + "z")
    return "".join(parts)


def symbol(place: board.Place) -> str:
    """The mark of a place: a dot for a city, a tower for the castle, a cross for the
    hospital."""
    x, y = place.x, place.y
    if place.kind == "castle":
        return (f'<path d="M{x - 10:g} {y + 9:g}v-14h4v4h4v-6h4v6h4v-4h4v14z" fill="#1e1412"'
                f' stroke="#fff" stroke-width="3"/>')
    if place.kind == "hospital":
        return (f'<rect x="{x - 10:g}" y="{y - 10:g}" width="20" height="20" rx="3" fill="#fff"'
                f' stroke="#b3261e" stroke-width="4"/><path d="M{x - 6:g} {y:g}h12M{x:g} '
                f'{y - 6:g}v12" stroke="#b3261e" stroke-width="4"/>')
    if place.kind == "sea":
        return ""
    rim = PORT_RIM if place.port else "#fff"
    return (f'<circle cx="{x:g}" cy="{y:g}" r="{RADIUS[place.kind]:g}" '
            f'fill="{REGION_COLOUR[place.region or "west"]}" stroke="{rim}" stroke-width="4"/>')


def label(place: board.Place, text: str, box: Box) -> str:
    lines = lines_of(text, place.kind)
    font = FONT[place.kind]
    centre = (box[0] + box[2]) / 2
    if place.kind == "sea" or abs(centre - place.x) < 1:
        anchor, x = "middle", centre
    elif centre > place.x:
        anchor, x = "start", box[0]
    else:
        anchor, x = "end", box[2]
    first = box[1] + font * 0.9
    spans = "".join(
        f'<tspan x="{x:.1f}" y="{first + i * font * 1.15:.1f}">{escape(line)}</tspan>'
        for i, line in enumerate(lines))
    align = "" if anchor == "start" else f' text-anchor="{anchor}"'
    return f"<text{align}>{spans}</text>"


def europe_svg(names: dict[str, str]) -> str:
    """The base map for one language (``names``: place id → the name to print)."""
    links = [(a, b, t, route(a, b, t)) for a, b, t in board.LINKS]
    boxes = label_boxes(names)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {geo.WIDTH} {geo.HEIGHT}" '
           f'width="{geo.WIDTH}" height="{geo.HEIGHT}">',
           f'<rect width="{geo.WIDTH}" height="{geo.HEIGHT}" fill="{SEA_COLOUR}"/>',
           f'<path d="{coast_path()}" fill="{LAND_COLOUR}" stroke="#a89878" stroke-width=".8"/>',
           '<g fill="none" stroke-width="2.2">']
    for link_type in ("sea", "road", "rail"):
        drawn = "".join(path(points) for a, b, t, points in links if t == link_type)
        out.append(f'<path {LINK_STYLE[link_type]} d="{drawn}"/>')
        if link_type == "rail":
            out.append(f'<path {RAIL_TIES} d="{drawn}"/>')
    out.append('</g>\n<g font-family="DejaVu Sans,Verdana,sans-serif" paint-order="stroke" '
               'stroke-width="3.5" stroke-linejoin="round">')
    for kinds in (("sea",), ("small_city",), ("large_city",), ("castle", "hospital")):
        out.append(f"<g {LAYERS[kinds[0]]}>")
        for place in board.PLACES.values():
            if place.kind in kinds:
                out.append(f'<g id="p-{place.id}">{symbol(place)}'
                           f"{label(place, names[place.id], boxes[place.id])}</g>")
        out.append("</g>")
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def map_json(data: dict[str, Any]) -> str:
    """``data/map.json`` as written: one place or link per line, so a diff shows what
    changed."""
    def line(item: dict[str, Any]) -> str:
        return json.dumps(item, ensure_ascii=False, separators=(", ", ": "))

    places = ",\n".join(f"  {line(p)}" for p in data["places"])
    links = ",\n".join(f"  {line(link)}" for link in data["links"])
    head = ",\n".join(f" {json.dumps(k)}: {line(data[k])}" for k in data
                      if k not in ("places", "links"))
    return f'{{\n{head},\n "places": [\n{places}\n ],\n "links": [\n{links}\n ]\n}}\n'


def names_in(lang: str) -> dict[str, str]:
    data = json.loads(board.MAP_FILE.read_text(encoding="utf-8"))
    return {p["id"]: p["names"][lang] for p in data["places"]}


def main() -> None:
    data = json.loads(board.MAP_FILE.read_text(encoding="utf-8"))
    text = map_json(geo.projected(data))
    if text != board.MAP_FILE.read_text(encoding="utf-8"):
        board.MAP_FILE.write_text(text, encoding="utf-8")
        importlib.reload(board)
        print(f"{board.MAP_FILE}: positions updated")
    STATIC.mkdir(parents=True, exist_ok=True)
    labels = {}
    for lang in LANGUAGES:
        target = STATIC / f"map-{lang}.svg"
        target.write_text(europe_svg(names_in(lang)), encoding="utf-8")
        print(f"{target}: {target.stat().st_size} bytes")
        labels[lang] = {pid: [round(v, 1) for v in box]
                        for pid, box in sorted(label_boxes(names_in(lang)).items())}
    board.LABELS_FILE.write_text(labels_json(labels), encoding="utf-8")
    print(f"{board.LABELS_FILE}: where each name lies")


def label_boxes(names: dict[str, str]) -> dict[str, Box]:
    """Where each name is drawn, as ``europe_svg`` places it."""
    links = [route(a, b, t) for a, b, t in board.LINKS]
    return place_labels(names, [(p, q) for points in links
                                for p, q in zip(points, points[1:], strict=False)])


def labels_json(labels: dict[str, dict[str, list[float]]]) -> str:
    """``data/labels.json`` as written: one language a block, one name a line."""
    blocks = []
    for lang, boxes in labels.items():
        lines = ",\n".join(f"  {json.dumps(pid)}: {json.dumps(box)}" for pid, box in boxes.items())
        blocks.append(f" {json.dumps(lang)}: {{\n{lines}\n }}")
    return "{\n" + ",\n".join(blocks) + "\n}\n"


if __name__ == "__main__":
    main()
