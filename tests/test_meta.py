"""Meta-tests of STYLE.md: pure rules engines, and every game has tests and a README."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.games import GAMES

ROOT = Path(__file__).parents[1]
FORBIDDEN = ("flask", "werkzeug", "sqlite3", "sqlite_utils", "companion.web", "companion.store",
             "companion.referee", "companion.server", "companion.fairplay", "random", "time",
             "datetime")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", sorted((ROOT / "companion" / "games").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_engines_import_no_web_database_clock_or_global_random(path):
    for name in imported_modules(path):
        assert not any(name == f or name.startswith(f + ".") for f in FORBIDDEN), (
            f"{path.name} imports {name}")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_tests_and_a_readme(name):
    module = GAMES[name]
    package = Path(module.__file__).parent
    assert (package / "README.md").exists(), f"{name} has no README.md"
    assert list((ROOT / "tests" / "games" / name).glob("test_*.py")), f"no tests for {name}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_registry_leaves_every_game_package_a_package(name):
    """``import companion.games.duel.rules as r`` reads ``companion.games.duel`` as an
    attribute: the registry must not bind a rules module to the package's name (issue 44)."""
    import companion.games

    rules = GAMES[name]
    package = getattr(companion.games, rules.__name__.split(".")[2])
    assert hasattr(package, "__path__"), f"companion.games holds {package} as its package"
    assert package.rules is rules


@pytest.mark.registry
def test_templates_never_receive_state():
    """Templates get view dicts only: no template mentions a game's ``state`` (the app's
    templates and every game's own)."""
    found = [*(ROOT / "companion" / "templates").rglob("*.html"),
             *(ROOT / "companion" / "games").glob("*/templates/**/*.html")]
    assert len(found) > len(list((ROOT / "companion" / "templates").rglob("*.html")))
    for path in found:
        assert "state." not in path.read_text(encoding="utf-8"), path
