"""A new game is one folder and its registry entry (issue 34, item 1; issue 44, item 1).

The throw-away game, Odd or Even (``tests/new_game/``: its folder as it would sit in
``companion/games/oddeven/``, and its own tests), is added the way the README's "Adding a
game" says. First the app serves it from a temporary package, registered for one test:
the lobby and the JSON API list it, a table is made, its seat, table and host pages render
its own templates, its secret choices are taken and shown; without styles of its own its
pages still load, with them every page of its tables links them and the offline shell
keeps them. Then, in a copy of the project with the folder, its tests and the two lines of
its registry entry added and nothing else edited, it meets every test a real game meets:
ruff and strict mypy (an untyped function in its folder fails), its golden playthroughs
written by a rewrite, and the whole suite but the browsers over it.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import GAMES

ROOT = Path(__file__).parents[1]
NAME = "oddeven"
FOLDER = ROOT / "tests" / "new_game" / NAME
OWN_TESTS = ROOT / "tests" / "new_game" / f"test_{NAME}.py"
PACKAGE = "throwaway_oddeven"
REGISTRY = (f"from companion.games.{NAME} import rules as {NAME}_rules\n",
            f"    {NAME}_rules,\n")
"""The registry entry: the rules module's import, and its place in the lobby's order."""
ALIKE = "duel"
"""A built-in game of two seats with secret choices: every test it meets outside its own
tests, the new game meets as well."""


def make_package(root: Path, styles: bool) -> Path:
    """Odd or Even's folder as package ``PACKAGE`` under ``root``."""
    folder = root / PACKAGE
    shutil.copytree(FOLDER, folder, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    if not styles:
        shutil.rmtree(folder / "static")
    return folder


@pytest.fixture
def new_game(tmp_path, monkeypatch):
    """Odd or Even, registered for this test only (its entry in the registry)."""

    def register(styles: bool) -> Path:
        folder = make_package(tmp_path, styles)
        monkeypatch.syspath_prepend(str(tmp_path))
        importlib.invalidate_caches()
        module = importlib.import_module(f"{PACKAGE}.rules")
        monkeypatch.setitem(GAMES, module.NAME, module)
        return folder

    yield register
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]


def _styles_link(page: str) -> str | None:
    found = re.search(r'<link rel="stylesheet" href="(/static/games/oddeven/[^"]+)">', page)
    return found[1] if found else None


@pytest.mark.parametrize("styles", [True, False], ids=["with styles", "without styles"])
def test_the_app_serves_a_game_that_is_one_folder(new_game, client, tables, styles):
    folder = new_game(styles)
    listed = client.get("/api/games").get_json()["games"]
    assert NAME in [game["id"] for game in listed]
    assert "Odd or Even" in client.get("/").get_data(as_text=True)
    assert client.get(f"/new/{NAME}").status_code == 200

    created = tables.create(NAME, ("Anna", "Bob"))
    anna, bob = (seat["token"] for seat in created["seats"])
    seat_page = client.get(f"/s/{anna}")
    assert seat_page.status_code == 200
    text = seat_page.get_data(as_text=True)
    # The game's own template, and its own partial imported by its usual name.
    assert '<ul class="oddeven-score">' in text and "Choose 5" in text
    table = f"/t/{created['code']}"
    assert client.get(table).status_code == 200
    assert client.get(f"/h/{created['host_token']}").status_code == 200

    assert tables.act(anna, "choose", {"number": 6}).status_code == 422
    assert tables.act(anna, "choose", {"number": 4}).status_code == 200
    assert tables.act(anna, "choose", {"number": 3}).status_code == 422  # once a round
    assert "You chose 4." in client.get(f"/s/{anna}").get_data(as_text=True)
    assert tables.seat(bob)["view"]["mine"] is None
    for page in (client.get(f"/s/{bob}"), client.get(table)):
        assert "has chosen" in page.get_data(as_text=True)
    assert tables.act(bob, "choose", {"number": 1}).status_code == 200
    table_text = client.get(table).get_data(as_text=True)
    assert "4 and 1: 5, a point for Anna" in table_text

    link = _styles_link(text)
    shell = json.loads(client.get("/sw.js").get_data(as_text=True)
                       .split("\n", 1)[0].removeprefix("var CONFIG = ").rstrip(";"))["shell"]
    if styles:
        assert link is not None and link == _styles_link(table_text)
        answer = client.get(link)
        assert answer.status_code == 200
        assert answer.get_data(as_text=True) == (folder / "static" / "game.css").read_text()
        assert link in shell
    else:
        assert link is None
        assert not [url for url in shell if "/games/oddeven/" in url]
    # Only a game's static/ folder is served: never its code, its data or its playthroughs.
    for path in ("rules.py", "../rules.py", "static/../rules.py", "playthroughs/oddeven-1.txt",
                 "templates/_seat.html"):
        assert client.get(f"/static/games/{NAME}/{path}").status_code == 404, path


# --- the whole suite over it, in a copy of the project --------------------------------------


def copy_with_the_new_game(root: Path) -> Path:
    """The project as a clean clone has it, with Odd or Even added as the README says: its
    folder, its tests, its registry entry; nothing else is edited."""
    project = root / "project"
    skip = shutil.ignore_patterns("__pycache__", "*.mo", ".hypothesis", "screenshots")
    shutil.copytree(ROOT / "companion", project / "companion", ignore=skip)
    shutil.copytree(ROOT / "tests", project / "tests",
                    ignore=shutil.ignore_patterns("__pycache__", "new_game", "vendor",
                                                  "screenshots"))
    shutil.copy(ROOT / "pyproject.toml", project)
    shutil.copytree(FOLDER, project / "companion" / "games" / NAME, ignore=skip)
    (project / "tests" / "games" / NAME).mkdir()
    shutil.copy(OWN_TESTS, project / "tests" / "games" / NAME)
    registry = project / "companion" / "games" / "__init__.py"
    lines = registry.read_text(encoding="utf-8").splitlines(keepends=True)
    imports = [i for i, line in enumerate(lines) if line.startswith("from companion.games.")]
    lines.insert(imports[-1] + 1, REGISTRY[0])
    end = lines.index(")\n", lines.index("GAME_MODULES: tuple[Game, ...] = (\n"))
    lines.insert(end, REGISTRY[1])
    registry.write_text("".join(lines), encoding="utf-8")
    return project


def run(project: Path, *command: str) -> subprocess.CompletedProcess[str]:
    """A command in the copy, which imports its own ``companion``; options given to the
    outer pytest (``PYTEST_ADDOPTS``, a plugin on its path) are not the copy's."""
    env = {**os.environ, "PYTHONPATH": str(project)}
    for outer in ("PYTEST_XDIST_WORKER", "PYTEST_ADDOPTS"):
        env.pop(outer, None)
    return subprocess.run(command, cwd=project, env=env, capture_output=True, text=True,
                          timeout=1800, check=False)


def pytest_run(project: Path, *args: str) -> list[str]:
    """The tests that passed, by node id; fails on any other outcome."""
    done = run(project, sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA",
               "-q", *args)
    assert done.returncode == 0, done.stdout[-8000:] + done.stderr[-3000:]
    return [line.split(" ", 1)[1] for line in done.stdout.splitlines()
            if line.startswith("PASSED ")]


def function(node_id: str) -> str:
    """A test's file and function, its parameters left out."""
    return node_id.split("[", 1)[0]


@pytest.mark.slow
def test_a_new_game_meets_every_test_a_real_game_meets(tmp_path):
    """Every test that reaches a built-in game from the registry (the conformance suite, the
    leak tests on views and rendered HTML, the golden playthroughs, idle prompts, i18n
    catalogues and screens, the box and the end, take-backs, the API and its document,
    layers and typing) reaches Odd or Even too, and passes: the tests are written over the
    registry, and what they assume of a game the README says."""
    project = copy_with_the_new_game(tmp_path)
    bin_dir = Path(sys.executable).parent
    linted = run(project, str(bin_dir / "ruff"), "check", ".")
    assert linted.returncode == 0, linted.stdout[-3000:]
    typed = run(project, str(bin_dir / "mypy"), "--cache-dir", str(tmp_path / "mypy"))
    assert typed.returncode == 0, typed.stdout[-3000:]
    untyped = project / "companion" / "games" / NAME / "untyped.py"
    untyped.write_text("def score(points):\n    return points + 1\n")
    typed = run(project, str(bin_dir / "mypy"), "--cache-dir", str(tmp_path / "mypy"))
    assert typed.returncode == 1 and "untyped.py:1: error: Function is missing" in typed.stdout
    untyped.unlink()

    pytest_run(project, "tests/test_playthroughs.py", "-k", NAME, "--rewrite-playthroughs")
    golden = (project / "companion" / "games" / NAME / "playthroughs" / f"{NAME}-1.txt")
    assert golden.read_text().startswith("# Golden playthrough oddeven-1: Odd or Even, 2 seats.")
    assert "=== end: the game is over ===" in golden.read_text()

    collected = run(project, sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                    "--collect-only", "-q", "-m", "not browser", "-k", ALIKE,
                    "--ignore", f"tests/games/{ALIKE}", "--ignore", "tests/e2e").stdout.splitlines()
    alike = {function(t) for t in collected if "::" in t}
    # Duel's own tests outside its folder, and the positions other games once failed in.
    alike -= {f for f in alike if ALIKE in f} | {
        "tests/test_conformance.py::test_empty_piles_where_they_once_brought_an_error"}
    passed = pytest_run(project, "-m", "not browser", "-k", f"{NAME} or registry",
                        "--ignore", "tests/e2e", "-n", "2")
    ours = {function(t) for t in passed}
    assert {f.split("::")[0] for f in alike} >= {
        "tests/test_conformance.py", "tests/test_playthroughs.py", "tests/test_idle_prompts.py",
        "tests/web/test_box.py", "tests/test_i18n_screens.py", "tests/test_take_back.py"}
    assert alike - ours == set(), "tests that reach Duel! but not Odd or Even"
    assert f"tests/games/{NAME}/test_{NAME}.py" in {f.split("::")[0] for f in ours}
