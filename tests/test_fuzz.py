"""Fuzzing the JSON API and the forms (issue 12, "Must hold": "hypothesis over the JSON
API and form parameters: no 5xx, no state change on a refused request").

Every request is random — bodies of any JSON shape, nesting and text (lone surrogates,
bidi controls, 5,000-digit numbers, ``²``), form fields of any text — sent to a table
that is being played, as well as a few thousand characters of raw body. The referee must
answer each with a status below 500, and every refusal (4xx) must leave every row of the
database as it was.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import create_app, store
from companion.fairplay import inputs
from companion.fairplay.errors import TableError
from tests.properties import examples

FUZZ = settings(max_examples=examples(120), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

NASTY = st.sampled_from([
    "\ud800", "\udfff", "An\u202ena", "\u2066x", "zero\u200bwidth", "²", "٣", "9" * 5000,
    "9" * 5000 + "d6", "1e400", "NaN", "-0", "", " ", "\x00", "\x1b[31m", "🃏", "2d6",
    "4dF", "top", "bottom", "kit", "duel", "deadmans", "drakula", "en", "cs", "ru", "now",
    "join", "custom", "0" * 64, "ab" * 32, "a" * 600,
])
TEXT = st.text(max_size=20) | NASTY | st.text(
    alphabet=st.characters(categories=["Cs", "Cc", "Cf", "No", "Nd"]), max_size=8)
NUMBER = st.integers(min_value=-(2**70), max_value=2**70) | st.sampled_from(
    [0, 1, 2, -1, 2**53, 10**300]) | st.floats(allow_nan=False)
SCALAR = st.none() | st.booleans() | NUMBER | TEXT
JSON = st.recursive(SCALAR, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    TEXT, inner, max_size=4), max_leaves=12)
KEYS = st.sampled_from(["game", "options", "seats", "lang", "deal", "action", "params",
                        "version", "key", "contribution", "commitment", "force", "name",
                        "role", "deck", "cards", "places", "end", "dice", "secret", "card",
                        "place", "question", "value", "roll"]) | TEXT
BODY = st.dictionaries(KEYS, JSON, max_size=6)


def deep(depth: int, inner: str = "1") -> str:
    return "[" * depth + inner + "]" * depth


RAW = st.one_of(
    BODY.map(lambda body: json.dumps(body, ensure_ascii=True)),
    st.integers(min_value=30, max_value=3000).map(deep),
    st.integers(min_value=30, max_value=3000).map(
        lambda n: '{"action": "roll", "version": 1, "params": {"a": ' + deep(n) + "}}"),
    st.text(max_size=200),
    st.sampled_from(["[NaN]", '{"a": Infinity}', "1" * 5000, '"\\ud800"', "{", "null",
                     '{"game": "kit", "seats": [{"name": "\\ud83d"}]}']),
)


@pytest.fixture
def app(tmp_path):
    app = create_app({
        "TESTING": True, "DATABASE": str(tmp_path / "fuzz.db"), "SECRET_KEY": "fuzz",
        "PUBLIC_URL": "http://table.test", "WTF_CSRF_ENABLED": False,
        "LOOKUP_MISSES_BURST": 10**9,
    })
    yield app
    if "fuzz_reader" in app.extensions:
        app.extensions["fuzz_reader"].conn.close()


@pytest.fixture
def table(app) -> dict[str, Any]:
    """A kit table in play (dealt, a card drawn, a secret choice asked) and a duel one."""
    client = app.test_client()
    kit = client.post("/api/tables", json={
        "game": "kit", "deal": "now", "seats": [{"name": "Anna"}, {"name": "Bob"}]}).get_json()
    anna = kit["seats"][0]["token"]
    client.post(f"/api/s/{anna}/act", json={"action": "draw", "params": {"end": "top"},
                                             "version": 1})
    client.post(f"/api/s/{anna}/act", json={"action": "ask", "version": 2, "params": {
        "question": "?", "options": ""}})
    duel = client.post("/api/tables", json={
        "game": "duel", "seats": [{"name": "Anna"}, {"name": "Bob"}]}).get_json()
    return {"kit": kit, "duel": duel}


def snapshot(app) -> str:
    """Every row of every table, read through one kept connection."""
    db = app.extensions.get("fuzz_reader")
    if db is None:
        db = app.extensions["fuzz_reader"] = store.connect(app.config["DATABASE"])
    return "\n".join(db.conn.iterdump())


def check(app, send) -> None:
    """Send one request: never a 5xx, and a refusal changes no row."""
    before = snapshot(app)
    response = send(app.test_client())
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if response.status_code >= 400:
        assert snapshot(app) == before, f"a {response.status_code} changed the database"


def targets(table: dict[str, Any]) -> list[str]:
    kit, duel = table["kit"], table["duel"]
    seat, host = kit["seats"][0]["token"], kit["host_token"]
    other, other_host = duel["seats"][1]["token"], duel["host_token"]
    return [
        "/api/tables", f"/api/s/{seat}/act", f"/api/s/{seat}/join", f"/api/s/{seat}/reveal",
        f"/api/s/{seat}/undo", f"/api/h/{host}/start", f"/api/h/{host}/undo",
        f"/api/h/{host}/reissue/1", f"/api/s/{other}/join", f"/api/s/{other}/reveal",
        f"/api/s/{other}/act", f"/api/h/{other_host}/start", "/api/saved",
    ]


@FUZZ
@given(data=st.data())
def test_json_api_never_fails_and_refusals_change_nothing(app, table, data):
    url = data.draw(st.sampled_from(targets(table)))
    raw = data.draw(RAW)
    check(app, lambda c: c.post(url, data=raw, content_type="application/json"))


@FUZZ
@given(data=st.data())
def test_actions_with_random_parameters(app, table, data):
    """Well-formed bodies aimed at the act endpoint: known action names, random params."""
    seat = table["kit"]["seats"][data.draw(st.integers(0, 1))]["token"]
    body = {
        "action": data.draw(st.sampled_from(["roll", "draw", "pick", "ask", "deal", "show",
                                             "discard", "peek", "take", "turn_up",
                                             "reshuffle", "show_roll"]) | TEXT),
        "params": data.draw(st.dictionaries(KEYS, SCALAR, max_size=4) | JSON),
        "version": data.draw(st.sampled_from([None, 1, 2, 3, 4, 10**6]) | JSON),
    }
    if data.draw(st.booleans()):
        body["key"] = data.draw(TEXT)
    check(app, lambda c: c.post(f"/api/s/{seat}/act",
                                data=json.dumps(body, ensure_ascii=True),
                                content_type="application/json"))


@pytest.fixture
def finished(app) -> dict[str, Any]:
    """A Drakula game's full export, its first moves played and the table ended."""
    client = app.test_client()
    made = client.post("/api/tables", json={
        "game": "drakula", "deal": "now", "seats": [{"name": "Anna"}, {"name": "Bob"}]})
    table = made.get_json()
    for _ in range(6):
        for seat in table["seats"]:
            answer = client.get(f"/api/s/{seat['token']}").get_json()
            if answer["actions"]:
                offer = answer["actions"][0]
                client.post(f"/api/s/{seat['token']}/act", json={
                    "action": offer["action"], "params": offer["params"],
                    "version": answer["version"]})
    client.post(f"/api/h/{table['host_token']}/end")
    export: dict[str, Any] = client.get(f"/api/h/{table['host_token']}/export").get_json()
    assert client.post("/api/saved", json=export).status_code == 200, "it opens as it is"
    return export


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, as the keys and indexes that lead to it."""
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _places(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _places(inner, (*path, index))
    return found


@FUZZ
@given(data=st.data())
def test_a_saved_game_with_any_part_changed_is_refused_cleanly(app, finished, data):
    """Issue 42, item 4: a saved game's export with one part replaced by anything (a
    tampered, truncated or foreign file) is opened or refused with a sentence, never a
    5xx, and changes nothing."""
    changed = json.loads(json.dumps(finished))
    places = _places(changed)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(places[1:]))
        holder = changed
        try:
            for step in path[:-1]:
                holder = holder[step]
            holder[path[-1]] = data.draw(JSON)
        except (KeyError, IndexError, TypeError):
            continue    # an earlier change took that place away
    check(app, lambda c: c.post("/api/saved", data=json.dumps(changed, ensure_ascii=True),
                                content_type="application/json"))


FORM_TEXT = st.text(max_size=30) | NASTY | RAW


def form_targets(table: dict[str, Any]) -> list[str]:
    kit = table["kit"]
    seat, host = kit["seats"][1]["token"], kit["host_token"]
    return [f"/s/{seat}/act", f"/s/{seat}/join", f"/s/{seat}/reveal", f"/s/{seat}/lang",
            f"/s/{seat}/undo", f"/h/{host}/public-url", f"/h/{host}/lang", f"/h/{host}/start",
            f"/h/{host}/reissue/0", "/new/kit", "/new/duel", "/new/drakula"]


@FUZZ
@given(data=st.data())
def test_forms_never_fail_and_refusals_change_nothing(app, table, data):
    url = data.draw(st.sampled_from(form_targets(table)))
    names = st.sampled_from(["action", "params", "version", "key", "in_dice", "kind_dice",
                             "in_value", "kind_value", "contribution", "commitment", "lang",
                             "url", "force", "seat0", "seat1", "seat2", "opt_deck",
                             "opt_cards", "opt_places", "opt_first_to", "opt_turn_limit"])
    fields = data.draw(st.dictionaries(names | st.text(max_size=10), FORM_TEXT, max_size=8))
    headers = {"HX-Request": "true"} if data.draw(st.booleans()) else {}
    check(app, lambda c: c.post(url, data=urlencoded(fields), headers=headers,
                                content_type="application/x-www-form-urlencoded"))


def urlencoded(fields: dict[str, str]) -> bytes:
    """A form body as any client may send it: a lone surrogate goes out as the bytes a
    careless encoder makes of it (``%ED%A0%80``), not valid UTF-8."""
    def quoted(text: str) -> str:
        return quote(text.encode("utf-8", "surrogatepass"), safe="")

    return "&".join(f"{quoted(k)}={quoted(v)}" for k, v in fields.items()).encode()


@FUZZ
@given(path=st.sampled_from(["/api/games", "/", "/new/kit", "/api/t/{code}", "/t/{code}",
                             "/t/{code}/live", "/api/s/{seat}", "/s/{seat}/live",
                             "/h/{host}/live"]),
       lang=st.none() | TEXT, version=st.none() | TEXT)
def test_query_parameters_never_fail(app, table, path, lang, version):
    kit = table["kit"]
    url = path.format(code=kit["code"], seat=kit["seats"][0]["token"], host=kit["host_token"])
    query = {k: v for k, v in (("lang", lang), ("v", version)) if v is not None}
    check(app, lambda c: c.get(url + "?" + urlencoded(query).decode()))


def _careful(text: str) -> Any:
    """``parse_json`` as it was before orjson read bodies: the standard library's parser."""
    try:
        value = json.loads(text, parse_constant=inputs._no_constant)
    except (ValueError, RecursionError):
        return "refused"
    try:
        inputs.check_structure(value)
    except TableError:
        return "refused"
    return value


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(
    st.recursive(st.none() | st.booleans() | st.integers(-2**80, 2**80) | st.floats()
                 | st.text(), lambda inner: st.lists(inner, max_size=3)
                 | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                 max_leaves=12).map(json.dumps),
    st.text(alphabet='[]{}"\\:,0123456789.eE-+ nulrtfasN\ud800', max_size=40),
    st.integers(25, 40).map(lambda n: "[" * n + "]" * n)))
def test_a_body_reads_as_the_standard_library_reads_it(text):
    """Security boundary (ARCHITECTURE.md "bad input"): orjson reads bodies now, and every
    body still parses to the same value, or is refused, as with the standard library: a
    huge integer stays exact, NaN and deep nesting are refused with a sentence."""
    try:
        ours: Any = inputs.parse_json(text.encode("utf-8", "surrogatepass"))
    except TableError as refused:
        assert refused.status == 400
        ours = "refused"
    expected = _careful(text)
    if expected == "refused" or ours == "refused":
        assert ours == expected
    else:
        assert json.dumps(ours) == json.dumps(expected)
