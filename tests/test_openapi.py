"""The JSON API is what its OpenAPI document says (issue 30: "schemathesis, 26,350 cases, no
5xx but 19 distinct conformance failures per run ... The document is a hand-written 205-line
literal; action inputs and table options are untyped").

The document is made from the code (``companion/web/openapi.py``); schemathesis then sends
every operation bounded, derandomized examples — positive and negative, boundary values
first — to the app behind a real HTTP server, with real table codes and tokens of every
game in several states (dealt, waiting for the phones, ended), and runs all of its checks:
no 5xx, every status and header documented, every answer valid against its schema,
invalid requests refused, valid ones accepted.

"Valid ones accepted" needs a word: a schema says which requests are well formed, not
what the rules allow now, so a 422 (against the rules or not allowed now) and a 409 (stale)
count as accepted. A 400 does not, except on the six operations whose document says what
else the game decides there (a table's options as a whole and the values corrected at its
set-up check, an action's parameters, a phone's bytes against its commitment, whether an
object is a saved game's export).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from companion import create_app
from companion.games import GAMES
from tests.playing import table_seats
from tests.test_restart import free_port

MAX_EXAMPLES = 15
"""Per operation and phase; ≈ 2,000 cases, ≈ 20 s. `make soak` does not raise it: run the
command printed on a failure with ``-n 200`` to look further."""
ACCEPTED = ["2xx", "403", "404", "409", "422", "429"]
GAME_DECIDES = "^/api/(tables|saved|s/[^/]+/(act|join|reveal)|h/[^/]+/check)$"


@pytest.fixture
def served(tmp_path):
    """The app on a real HTTP server in this process (its throttle off: every request of a
    run comes from one address), and tables of every game in three states."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "api.db"),
                      "SECRET_KEY": "api", "LOOKUP_MISSES_BURST": 10**9})
    port = free_port()
    app.config["PUBLIC_URL"] = f"http://127.0.0.1:{port}"
    server = make_server("127.0.0.1", port, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    client = app.test_client()
    seats, hosts, codes = [], [], []
    for game in GAMES.values():
        seated = [{"name": name} for name in ("Anna", "Bob", "Cyril")[:table_seats(game)]]
        for deal, end in (("now", False), ("join", False), ("now", True)):
            created = client.post("/api/tables", json={
                "game": game.NAME, "deal": deal, "seats": seated})
            assert created.status_code == 201
            table = created.get_json()
            seats += [s["token"] for s in table["seats"] if not s["app"]]
            hosts.append(table["host_token"])
            codes.append(table["code"])
            if end:
                client.post(f"/api/h/{table['host_token']}/end")
    played = client.post("/api/tables", json={  # a table whose Dracula the app plays
        "game": "fury", "options": {"dracula_by_app": "cunning"},
        "seats": [{"name": "Anna"}, {"name": "Bob"}]}).get_json()
    seats.append(played["seats"][1]["token"])
    hosts.append(played["host_token"])
    codes.append(played["code"])
    yield {"base": f"http://127.0.0.1:{port}", "seats": seats, "hosts": hosts,
           "codes": codes, "app": app}
    server.shutdown()
    thread.join(timeout=10)


def config(served: dict, max_examples: int) -> str:
    def values(items: list[str]) -> str:
        return json.dumps(items)

    return f"""
[generation]
max-examples = {max_examples}
deterministic = true
database = "none"

[checks.positive_data_acceptance]
expected-statuses = {json.dumps(ACCEPTED)}

[dictionaries.seats]
values = {values(served["seats"])}
[dictionaries.hosts]
values = {values(served["hosts"])}
[dictionaries.codes]
values = {values(served["codes"])}

[[operations]]
include-path-regex = "{GAME_DECIDES}"
checks.positive_data_acceptance.expected-statuses = {json.dumps(["400", *ACCEPTED])}

[[operations]]
include-path-regex = "^/api/s/"
parameters = {{ "path.token" = {{ dictionary = "seats", probability = 0.9 }} }}
[[operations]]
include-path-regex = "^/api/h/"
parameters = {{ "path.token" = {{ dictionary = "hosts", probability = 0.9 }} }}
[[operations]]
include-path-regex = "^/api/t/"
parameters = {{ "path.code" = {{ dictionary = "codes", probability = 0.9 }} }}
"""


def test_every_api_route_is_in_the_document(client, app):
    """The paths come from the routes: none missing, none made up."""
    document = client.get("/api/openapi.json").get_json()
    routes = {
        (re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule), method.lower())
        for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    described = {(path, method) for path, item in document["paths"].items()
                 for method in item}
    assert described == routes


@pytest.mark.registry
def test_every_game_option_is_typed_in_the_document(client):
    """A table's options are typed per game as the game declares them (kind, range,
    choices, default), and nothing else is accepted."""
    document = client.get("/api/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    for game in client.get("/api/games").get_json()["games"]:
        options = schemas[f"Options_{game['id']}"]
        assert options["additionalProperties"] is False
        assert set(options["properties"]) == {o["name"] for o in game["options"]}
        for option in game["options"]:
            typed = options["properties"][option["name"]]
            assert typed["default"] == option["default"]
            if option["kind"] == "choice":
                assert typed["enum"] == [c["value"] for c in option["choices"]]
            if option["kind"] == "int" and "max" in option:
                assert typed["anyOf"][0]["maximum"] == option["max"]


def test_the_answer_that_makes_a_table_says_which_seat_the_app_plays(client):
    """Issue 41: `POST /api/tables` gave the app's seat a token and a link like any other,
    and only `GET /api/t/<code>` said the app plays it. The document says `app` for every
    seat, and that a seat the app plays has no token and no link; the answer is so."""
    import jsonschema_rs

    document = client.get("/api/openapi.json").get_json()
    seat = document["components"]["schemas"]["CreatedSeat"]
    assert seat["required"] == ["app", "name", "role"]
    assert "absent where `app` is true" in json.dumps(seat["properties"]["token"])
    created = client.post("/api/tables", json={
        "game": "fury", "options": {"dracula_by_app": "cautious"},
        "seats": [{"name": "Anna"}, {"name": "Bob"}]}).get_json()
    valid = jsonschema_rs.validator_for({"$ref": "#/components/schemas/CreatedTable",
                                         "components": document["components"]})
    assert valid.is_valid(created), list(valid.iter_errors(created))
    app, bob = created["seats"]
    assert app == {"role": "Dracula", "name": "Anna", "app": True}
    assert bob["app"] is False and bob["token"] and bob["url"]
    table = client.get(f"/api/t/{created['code']}").get_json()["table"]
    assert [s["app"] for s in table["seats"]] == [True, False]


@pytest.mark.registry
@pytest.mark.slow
def test_schemathesis_finds_nothing_wrong(served, tmp_path):
    """All of schemathesis's checks over every operation: 0 failures, 0 5xx."""
    (tmp_path / "schemathesis.toml").write_text(config(served, MAX_EXAMPLES))
    command = [str(Path(sys.executable).parent / "schemathesis"),
               "--config-file", str(tmp_path / "schemathesis.toml"), "run",
               served["base"] + "/api/openapi.json", "--workers", "1", "--no-color",
               "--phases", "examples,coverage,fuzzing"]
    run = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=600)
    output = run.stdout + run.stderr
    cases = re.search(r"(\d+) generated", output)
    assert run.returncode == 0 and cases, output[-6000:]
    assert int(cases.group(1)) > 1000, output[-2000:]
