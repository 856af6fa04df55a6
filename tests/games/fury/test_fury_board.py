"""The map of Fury of Dracula (second edition): its data, its graph and its drawing.

The facts come from ``shared/data/fury/map.json`` (2nd edition, checked there against four
independent sources); ``companion/games/fury/data/map.json`` copies them and adds this
project's geometry and names. The rulebook (``shared/rules/fury-of-dracula.ru.txt``) names
the three ways to travel: "по Дорогам, не Морем и не Поездом" (by road, not by sea and
not by train).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.games.fury import board, geo, map_drawing

ROOT = Path(__file__).parents[3]
SHARED = ROOT.parent / "shared" / "data" / "fury" / "map.json"
OWN = json.loads(board.MAP_FILE.read_text(encoding="utf-8"))


def pairs(link_type: str | None = None) -> list[frozenset[str]]:
    return [frozenset((a, b)) for a, b, t in board.LINKS if link_type in (None, t)]


def test_counts_of_the_second_edition_board():
    """71 locations (30 large cities, 29 small, 10 seas, the castle, the hospital) and 198
    links (115 road, 43 rail, 40 sea); 29 ports."""
    kinds = Counter(p.kind for p in board.PLACES.values())
    assert kinds == {"large_city": 30, "small_city": 29, "sea": 10, "castle": 1, "hospital": 1}
    assert len(board.LINKS) == 198
    assert Counter(t for *_, t in board.LINKS) == {"road": 115, "rail": 43, "sea": 40}
    assert sum(p.port for p in board.PLACES.values()) == 29


RESEARCHED = "afae85fb40ad3c1f330b0d7aa7d4708b11c39ac826dc104cf99e378d8d1f1a9e"
"""SHA-256 of the researched facts (:func:`_digest` of ``shared/data/fury/map.json``): a
clone without the research data beside it still checks the board against them."""
FACTS = ("id", "kind", "region", "port")


def _digest(places: list[dict], names: list[str], links: list) -> str:
    document = {"places": [{k: p[k] for k in FACTS} for p in places], "names": names,
                "links": links}
    text = json.dumps(document, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_same_facts_as_the_researched_data():
    """Ids, kinds, regions, ports, English names and every link (with its type) equal the
    shared research file: compared line by line where it is beside this clone, and by its
    digest always."""
    own = _digest(OWN["places"], [p["names"]["en"] for p in OWN["places"]], OWN["links"])
    if SHARED.exists():
        shared = json.loads(SHARED.read_text(encoding="utf-8"))
        assert [{k: p[k] for k in FACTS} for p in OWN["places"]] == [
            {k: p[k] for k in FACTS} for p in shared["locations"]]
        assert [p["names"]["en"] for p in OWN["places"]] == [
            p["name"] for p in shared["locations"]]
        assert OWN["links"] == shared["connections"]
        assert _digest(shared["locations"], [p["name"] for p in shared["locations"]],
                       shared["connections"]) == RESEARCHED, "the research data changed"
    assert own == RESEARCHED


def test_every_link_joins_two_known_places_once():
    assert all(a in board.PLACES and b in board.PLACES for a, b, _ in board.LINKS)
    assert all(a != b for a, b, _ in board.LINKS)
    typed = [(frozenset((a, b)), t) for a, b, t in board.LINKS]
    assert len(set(typed)) == len(typed)


def test_sea_links_join_a_sea_to_a_port_or_two_seas():
    """A hunter sails "from a port": a sea link has a sea at one end at least, and its
    land end is a port."""
    for a, b, t in board.LINKS:
        if t != "sea":
            continue
        assert board.is_sea(a) or board.is_sea(b), (a, b)
        for end in (a, b):
            assert board.is_sea(end) or board.PLACES[end].port, (a, b)
    assert {p for p in board.PLACES.values() if p.port} == {
        board.PLACES[p] for s in board.PLACES if board.is_sea(s) for p in board.ports_of(s)}


def test_roads_and_rails_never_touch_a_sea():
    for a, b, t in board.LINKS:
        if t != "sea":
            assert board.is_land(a) and board.is_land(b), (a, b, t)


def test_rails_join_only_cities():
    """The castle and the hospital have no station; the train runs city to city."""
    for a, b in map(tuple, pairs("rail")):
        assert board.is_city(a) and board.is_city(b), (a, b)
    assert board.rail_within(board.CASTLE, 3) == {board.CASTLE: 0}


def test_every_place_is_reachable():
    reached = {board.CASTLE}
    frontier = [board.CASTLE]
    while frontier:
        here = frontier.pop()
        for there in board.neighbours(here, board.LINK_TYPES) - reached:
            reached.add(there)
            frontier.append(there)
    assert reached == set(board.PLACES)


def test_regions_and_kinds_fit_together():
    """Seas belong to no region; every land place is east or west."""
    for place in board.PLACES.values():
        assert (place.region is None) == board.is_sea(place.id), place
    assert board.PLACES[board.CASTLE].kind == "castle"
    assert board.PLACES[board.HOSPITAL].kind == "hospital"


def test_paris_by_road_and_by_rail():
    """Paris: roads to Brussels, Clermont-Ferrand, Geneva, Le Havre, Nantes and Strasbourg;
    rails to Bordeaux, Brussels, Le Havre and Marseilles; no sea."""
    assert board.ROAD["paris"] == {"brussels", "clermont_ferrand", "geneva", "le_havre",
                                   "nantes", "strasbourg"}
    assert board.RAIL["paris"] == {"bordeaux", "brussels", "le_havre", "marseilles"}
    assert board.SEA["paris"] == frozenset()
    assert board.neighbours("paris") == board.ROAD["paris"]


def test_road_within_counts_moves_and_goes_round_blocked_places():
    """Wolf Form moves Dracula up to two places by road; a place he may not enter (the
    hospital, a consecrated city) is not passed through either."""
    two = board.road_within("zagreb", 2)
    assert two["zagreb"] == 0
    assert {p for p, d in two.items() if d == 1} == board.ROAD["zagreb"]
    assert two["belgrade"] == 2  # by the hospital, Szeged or Sarajevo
    assert all(d <= 2 for d in two.values())
    around = board.road_within("zagreb", 2, blocked={board.HOSPITAL})
    assert board.HOSPITAL not in around
    assert around["belgrade"] == 2  # still by Szeged or Sarajevo
    walled = board.road_within("zagreb", 2, blocked=board.ROAD["zagreb"])
    assert walled == {"zagreb": 0}


def test_road_within_never_leaves_the_land():
    for start in ("london", "cagliari", "dublin"):
        reach = board.road_within(start, 10)
        assert all(board.is_land(p) for p in reach)
    assert set(board.road_within("london", 10)) == {
        "edinburgh", "liverpool", "london", "manchester", "plymouth", "swansea"}


def test_rail_within_follows_the_lines():
    """A train die result of 2 takes a hunter two rail links on."""
    one = board.rail_within("paris", 1)
    assert set(one) == {"paris", *board.RAIL["paris"]}
    two = board.rail_within("paris", 2)
    assert two["paris"] == 0 and two["bordeaux"] == 1
    assert two["saragossa"] == 2  # Paris – Bordeaux – Saragossa
    assert all(board.is_city(p) for p in two)
    assert "saragossa" not in board.rail_within("paris", 2, blocked={"bordeaux"})


def test_ports_and_their_seas():
    assert board.ports_of("black_sea") == {"constanta", "varna"}
    assert board.seas_of("cagliari") == {"mediterranean_sea", "tyrrhenian_sea"}
    assert board.seas_of("atlantic_ocean") >= {"north_sea", "bay_of_biscay"}
    assert board.seas_of("paris") == frozenset()


def test_castle_and_hospital():
    """"Нельзя размещать Охотников в моря, Замок Дракулы и Больница св. Иосифа и св.
    Марии": neither is a city; the hospital is joined by road to Zagreb, Szeged, Belgrade
    and Sarajevo, the castle to Klausenburg and Galatz."""
    assert not board.is_city(board.CASTLE) and not board.is_city(board.HOSPITAL)
    assert board.ROAD[board.HOSPITAL] == {"zagreb", "szeged", "belgrade", "sarajevo"}
    assert board.ROAD[board.CASTLE] == {"klausenburg", "galatz"}
    assert board.name(board.HOSPITAL) == "Hospital of St. Joseph & St. Mary"
    assert board.name(board.CASTLE) == "Castle Dracula"


def test_every_place_has_a_name_in_three_languages():
    for place in OWN["places"]:
        names = place["names"]
        assert set(names) == {"en", "cs", "ru"}, place["id"]
        assert all(n.strip() == n and n for n in names.values()), place["id"]
        assert any("\u0400" <= c <= "\u04ff" for c in names["ru"]), place["id"]
    assert len({p["names"]["en"] for p in OWN["places"]}) == len(OWN["places"])


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_the_catalogue_translates_each_place_as_the_map_names_it(lang):
    """The web layer translates ``board.name(pid)`` through the game's catalogue: the
    translation must be the name the map file gives (``python -m companion.i18n fury``
    copies it there)."""
    po = ROOT / "companion/games/fury/translations" / lang / "LC_MESSAGES/messages.po"
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    for place in OWN["places"]:
        message = catalog.get(board.name(place["id"]))
        assert message is not None and not message.fuzzy, place["id"]
        assert message.string == place["names"][lang], place["id"]


def test_positions_are_the_projected_geography():
    """Each x, y is its latitude and longitude projected; every place lies in the frame,
    and the map reads like Europe (Lisbon west of Paris, Edinburgh north of Madrid)."""
    assert geo.projected(OWN) == OWN
    frame = board.map_frame()
    assert frame == {"width": geo.WIDTH, "height": geo.HEIGHT}
    for place in board.PLACES.values():
        assert 0 < place.x < frame["width"] and 0 < place.y < frame["height"], place
        assert board.xy(place.id) == (place.x, place.y)
    assert board.xy("lisbon")[0] < board.xy("paris")[0] < board.xy("bucharest")[0]
    assert board.xy("edinburgh")[1] < board.xy("paris")[1] < board.xy("madrid")[1]


def test_the_hospital_lies_among_its_four_neighbours():
    xs, ys = zip(*(board.xy(p) for p in board.ROAD[board.HOSPITAL]), strict=True)
    x, y = board.xy(board.HOSPITAL)
    assert min(xs) < x < max(xs) and min(ys) < y < max(ys)


def test_a_phone_view_shows_the_places_it_is_asked_for():
    """A phone shows the region of the moves it offers, not the whole of Europe."""
    moves = ["szeged", *board.ROAD["szeged"]]
    view = board.view_around(moves, margin=50, aspect=0.75)
    for pid in moves:
        x, y = board.xy(pid)
        assert view["x"] + 50 <= x <= view["x"] + view["width"] - 50, pid
        assert view["y"] + 50 <= y <= view["y"] + view["height"] - 50, pid
    assert view["width"] == pytest.approx(0.75 * view["height"], abs=0.2)
    frame = board.map_frame()
    everything = board.view_around(list(board.PLACES), margin=20)
    assert everything["x"] >= 0 and everything["y"] >= 0
    assert everything["x"] + everything["width"] <= frame["width"]
    assert everything["y"] + everything["height"] <= frame["height"]
    assert board.view_around(["rome"])["width"] == 300


def test_spot_gives_an_overlay_entry():
    assert board.spot("paris", kind="fog") == {
        "place": "paris", "x": board.xy("paris")[0], "y": board.xy("paris")[1], "kind": "fog"}


# --- the drawing ------------------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("lang", map_drawing.LANGUAGES)
def test_the_committed_svg_is_drawn_from_the_data(lang):
    """``companion/games/fury/static/map-<lang>.svg`` is what
    ``python -m companion.games.fury.map_drawing`` makes of the map data now."""
    committed = (map_drawing.STATIC / f"map-{lang}.svg").read_text(encoding="utf-8")
    assert committed == map_drawing.europe_svg(map_drawing.names_in(lang)), (
        "run python -m companion.games.fury.map_drawing")


@pytest.mark.parametrize("lang", map_drawing.LANGUAGES)
def test_every_place_is_drawn_and_named_in_the_language(lang):
    path = map_drawing.STATIC / f"map-{lang}.svg"
    assert path.stat().st_size < 60_000
    root = ET.parse(path).getroot()
    assert root.get("viewBox") == f"0 0 {geo.WIDTH} {geo.HEIGHT}"
    drawn = {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("id")}
    for place in OWN["places"]:
        group = drawn[f"p-{place['id']}"]
        text = " ".join(t.text for t in group.iter(f"{SVG}tspan"))
        assert text == place["names"][lang]
    assert len(drawn) == len(OWN["places"])


def test_large_cities_are_bigger_and_the_castle_and_hospital_have_their_own_marks():
    root = ET.fromstring(map_drawing.europe_svg(map_drawing.names_in("en")))
    groups = {g.get("id")[2:]: g for g in root.iter(f"{SVG}g") if g.get("id")}
    radius = {pid: float(c.get("r")) for pid, g in groups.items() for c in g.iter(f"{SVG}circle")}
    assert min(r for pid, r in radius.items() if board.PLACES[pid].kind == "large_city") > max(
        r for pid, r in radius.items() if board.PLACES[pid].kind == "small_city")
    assert set(radius) == {pid for pid in board.PLACES if board.is_city(pid)}
    assert groups[board.CASTLE].find(f"{SVG}path") is not None
    assert groups[board.HOSPITAL].find(f"{SVG}rect") is not None


@pytest.mark.parametrize("lang", map_drawing.LANGUAGES)
def test_no_name_covers_another_name_or_a_dot(lang):
    """Readable on the tablet: every name inside the frame, none over another name or
    over another place's mark."""
    links = [map_drawing.route(a, b, t) for a, b, t in board.LINKS]
    boxes = map_drawing.place_labels(map_drawing.names_in(lang), [
        (p, q) for points in links for p, q in itertools.pairwise(points)])
    for a, b in itertools.combinations(boxes, 2):
        assert map_drawing.overlap(boxes[a], boxes[b]) == 0, (a, b)
    for pid, box in boxes.items():
        assert box[0] >= 0 and box[1] >= 0, pid
        assert box[2] <= geo.WIDTH and box[3] <= geo.HEIGHT, pid
        for place in board.PLACES.values():
            r = map_drawing.RADIUS[place.kind]
            dot = (place.x - r, place.y - r, place.x + r, place.y + r)
            assert place.id == pid or map_drawing.overlap(box, dot) == 0, (pid, place.id)


def inside(point: tuple[float, float], ring: list[tuple[float, float]]) -> bool:
    x, y = point
    crossings = 0
    for (x1, y1), (x2, y2) in zip(ring, [*ring[1:], ring[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            crossings += 1
    return crossings % 2 == 1


def distance_to(point: tuple[float, float], ring: list[tuple[float, float]]) -> float:
    best = float("inf")
    for (x1, y1), (x2, y2) in zip(ring, [*ring[1:], ring[0]], strict=True):
        dx, dy = x2 - x1, y2 - y1
        length = dx * dx + dy * dy
        t = max(0.0, min(1.0, ((point[0] - x1) * dx + (point[1] - y1) * dy) / length)) \
            if length else 0.0
        best = min(best, math.hypot(point[0] - x1 - t * dx, point[1] - y1 - t * dy))
    return best


def test_cities_stand_on_the_land_and_seas_lie_in_the_water():
    """The projected places and the coastline agree: a city is on land (a port may sit on
    the coast line itself), a sea zone's point is in the water."""
    rings = [[geo.project(lat, lon) for lon, lat in ring] for ring in geo.coast()]
    for place in board.PLACES.values():
        point = (place.x, place.y)
        on_land = sum(inside(point, ring) for ring in rings) % 2 == 1
        if board.is_sea(place.id):
            assert not on_land, place.id
        else:
            assert on_land or min(distance_to(point, r) for r in rings) < 2, place.id


def test_topojson_arcs_are_decoded_and_cut_to_a_box():
    """The coastline builder reads TopoJSON's delta-encoded, quantised arcs (a reversed arc
    by its one's complement) and cuts each ring to a box."""
    topology = {
        "transform": {"scale": [0.5, 0.5], "translate": [-10, 40]},
        "arcs": [[[0, 0], [20, 0], [0, 10]], [[0, 0], [0, 10], [20, 0]]],
        "objects": {"land": {"type": "GeometryCollection", "geometries": [
            {"type": "Polygon", "arcs": [[0, ~1]]}]}},
    }
    (ring,) = geo.topojson_rings(topology)
    assert ring == [(-10, 40), (0, 40), (0, 45), (-10, 45), (-10, 40)]
    cut = geo.clip(ring, (-5, 30, 20, 60))
    assert min(x for x, _ in cut) == -5 and max(x for x, _ in cut) == 0
    assert geo.area(cut) == 25
    assert geo.simplify([(0, 0), (1, 0.01), (2, 0)], 0.1) == [(0, 0), (2, 0)]


# --- the map on a screen: companion/games/fury/templates/_map.html ----------------------

def sample_map(dracula: bool = True) -> dict:
    """A view's ``map`` as the engine builds it from ``board.map_frame`` and ``board.spot``."""
    return {
        **board.map_frame(),
        "hunters": [
            board.spot("paris", id="godalming", name="Lord Godalming"),
            board.spot("paris", id="seward", name="Dr. Seward"),
            board.spot("vienna", id="van_helsing", name="Van Helsing"),
            board.spot("london", id="mina", name="Mina Harker"),
        ],
        "revealed": [
            board.spot("szeged", slot="1", newest=True),
            board.spot("belgrade", slot="3", newest=False),
            board.spot("sofia", slot="c2", newest=False),
        ],
        "dracula": board.spot("szeged") if dracula else None,
        "markers": [board.spot("rome", kind="consecrated"), board.spot("rome", kind="fog"),
                    board.spot("venice", kind="heavenly_host")],
        "highlight": [board.spot(p) for p in sorted(board.ROAD["szeged"])],
    }


def render_map(app, map_: dict, lang: str) -> ET.Element:
    from flask import g, render_template_string

    with app.test_request_context("/"):
        g.lang = lang
        html = render_template_string(
            '{% from "games/fury/_map.html" import europe %}{{ europe(map, lang) }}',
            map=map_, lang=lang)
    return ET.fromstring(html)


def test_the_map_macro_draws_the_public_overlay_on_the_base_map(app, client):
    """The tablet's map: the base map for the language, hunters as four coloured tokens
    (apart when they share a city), revealed trail cards as numbered badges with the newest
    marked, Dracula's figure, the markers and the ringed places."""
    root = render_map(app, sample_map(), "cs")
    assert root.get("viewBox") == f"0 0 {geo.WIDTH} {geo.HEIGHT}"
    assert root.get("aria-label") == "Mapa Evropy"
    (image,) = root.iter(f"{SVG}image")
    href = image.get("href")
    assert href.startswith("/static/games/fury/map-cs.svg?v=")
    served = client.get(href)
    assert served.status_code == 200 and served.mimetype == "image/svg+xml"
    assert "immutable" in served.headers["Cache-Control"]

    groups = [g for g in root.iter(f"{SVG}g")]
    hunters = [g for g in groups if "fm-hunter" in g.get("class", "")]
    tokens = {g.get("class").split()[1]: g.find(f"{SVG}circle") for g in hunters}
    assert set(tokens) == {"godalming", "seward", "van_helsing", "mina"}
    assert len({c.get("fill") for c in tokens.values()}) == 4
    assert tokens["godalming"].get("cx") != tokens["seward"].get("cx")
    marks = {g.get("class").split()[1]: g.find(f"{SVG}text").text for g in hunters}
    assert marks == {"godalming": "G", "seward": "S", "van_helsing": "VH", "mina": "M"}

    badges = {g.get("data-slot"): g for g in groups if "fm-trail" in g.get("class", "")}
    assert set(badges) == {"1", "3", "c2"}
    assert [s for s, g in badges.items() if "newest" in g.get("class")] == ["1"]
    assert badges["c2"].find(f"{SVG}text").text == "2"
    assert badges["c2"].find(f"{SVG}title").text == "Karta v katakombách 2"
    assert badges["1"].find(f"{SVG}rect").get("fill") != badges["3"].find(f"{SVG}rect").get("fill")

    (figure,) = [g for g in groups if g.get("class") == "fm-dracula"]
    assert figure.get("data-place") == "szeged"
    markers = [g.get("class").split()[1] for g in groups if "fm-marker" in g.get("class", "")]
    assert markers == ["consecrated", "fog", "heavenly_host"]
    rome = [float(g.find(f"{SVG}path").get("d").split()[0][1:])
            for g in groups if "fm-marker" in g.get("class", "") and g.get("data-place") == "rome"]
    assert rome[0] != rome[1]  # two markers on one city stand side by side
    rings = {g.get("data-place") for g in groups if g.get("class") == "fm-ring"}
    assert rings == set(board.ROAD["szeged"])


def test_the_map_macro_shows_a_phone_its_region(app):
    view = board.view_around(["szeged", *board.ROAD["szeged"]])
    root = render_map(app, {**sample_map(), "view": view}, "en")
    assert root.get("viewBox") == f"{view['x']} {view['y']} {view['width']} {view['height']}"
    (image,) = root.iter(f"{SVG}image")
    assert (image.get("width"), image.get("height")) == (str(geo.WIDTH), str(geo.HEIGHT))


def test_the_map_macro_without_dracula_and_in_an_unknown_language(app):
    root = render_map(app, {**sample_map(dracula=False), "markers": [], "highlight": []}, "xx")
    classes = [g.get("class", "") for g in root.iter(f"{SVG}g")]
    assert "fm-dracula" not in classes and "fm-ring" not in classes
    (image,) = root.iter(f"{SVG}image")
    assert image.get("href").startswith("/static/games/fury/map-en.svg?v=")


def test_the_phone_asked_to_place_a_figure_may_tap_its_start_on_the_map():
    """„каждый игрок-Охотник размещает свою фигурку в любом городе… Нельзя размещать
    Охотников в моря, Замок Дракулы и Больница“: Lord Godalming's player sees every city
    ringed on a map he may tap; the other phones and the tablet do not; Dracula's start is
    ringed on his phone only (never a hunter's city)."""
    from companion.games.fury import rules
    from tests.games.fury.fury_positions import Table

    table = Table()
    placer = table.seat_of("godalming")
    mine = rules.view(table.state, placer)["map"]
    assert mine["pick"] and {s["place"] for s in mine["highlight"]} == {
        p for p in board.PLACES if board.is_city(p)}
    other = 2 if placer == 1 else 1
    assert not rules.view(table.state, other)["map"]["pick"]
    assert not rules.view(table.state, None)["map"]["pick"]
    table.place_hunters()
    dracula = rules.view(table.state, 0)["map"]
    ringed = {s["place"] for s in dracula["highlight"]}
    assert dracula["pick"] and "paris" not in ringed and board.CASTLE not in ringed
    assert not rules.view(table.state, placer)["map"]["pick"]
