"""Shared fixtures in the manner of Flask's tutorial: an app on a fresh database, a client,
and helpers to create a table and act as one of its seats through the JSON API."""

from __future__ import annotations

from typing import Any

import pytest

from companion import caches, create_app
from companion.fairplay import fairness
from tests import properties  # noqa: F401  (loads the hypothesis profile before any test)
from tests.seeds import fixed_seeds

collect_ignore = ["new_game"]
"""Odd or Even's folder and tests, as a new game adds them: tests/test_new_game.py puts them
in a copy of the project (a game under ``companion/games``, its tests under
``tests/games``), where they run; here they are only files."""


@pytest.fixture(autouse=True)
def fresh_caches():
    """Each test starts as a fresh server would: nothing kept from another test."""
    caches.reset_all()


@pytest.fixture(autouse=True)
def seeds_of_this_test(request, monkeypatch):
    """Tables made in a test get the same seeds on every run (each test its own sequence,
    from its name): a deal the suite met once it meets again, so `make test` answers the
    same twice. A test of the seeds themselves asks for ``real_seeds``."""
    if request.node.get_closest_marker("real_seeds"):
        return
    monkeypatch.setattr(fairness, "new_seed", fixed_seeds(request.node.nodeid))


@pytest.fixture
def app(tmp_path):
    app = create_app({
        "TESTING": True,
        "DATABASE": str(tmp_path / "companion.db"),
        "SECRET_KEY": "test",
        "PUBLIC_URL": "http://table.test:5000",
    })
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


class Tables:
    """Create tables and act as their seats over the JSON API (like ``AuthActions``)."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def create(self, game: str = "kit", names: tuple[str, ...] = ("Anna", "Bob"),
               options: dict | None = None, deal: str = "now",
               **extra: Any) -> dict[str, Any]:
        """A table dealt at once (``deal="now"``, as bots do) so that a test may read a seat's
        actions first; ``deal="join"`` waits for the phones (tests/test_deal.py)."""
        body = {"game": game, "seats": [{"name": n} for n in names], "deal": deal, **extra}
        if options is not None:
            body["options"] = options
        response = self.client.post("/api/tables", json=body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def seat(self, token: str) -> dict[str, Any]:
        response = self.client.get(f"/api/s/{token}")
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def act(self, token: str, action: str, params: dict | None = None,
            version: int | None = None, key: str | None = None) -> Any:
        if version is None:
            version = self.seat(token)["version"]
        body: dict[str, Any] = {"action": action, "params": params or {}, "version": version}
        if key is not None:
            body["key"] = key
        return self.client.post(f"/api/s/{token}/act", json=body)


@pytest.fixture
def tables(client):
    return Tables(client)


def pytest_addoption(parser):
    parser.addoption("--rewrite-playthroughs", action="store_true",
                     help="write the golden playthroughs (companion/games/*/playthroughs/*.txt) "
                          "again from a replay of their actions")
