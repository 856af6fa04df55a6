"""No import circle inside Fury's package (issue 34): every module of companion/games/fury
imports only modules that do not import it back, imports inside functions included — and
there are none left (issue 44: twenty closed an 18-module loop, thirteen of them closing
nothing).

The card registry names the handlers, so it sits above them; it hands its tables down to
``lookup``, where the dispatchers (``event_cards``, ``encounters``, ``before_combat``,
``combat_in_progress``, ``choices``) read them."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[3] / "companion" / "games" / "fury"
PREFIX = "companion.games.fury"

KNOWN: set[frozenset[str]] = set()
"""Circles not yet broken, each closed by an import inside a function (none left: the
options are a module of their own, below the rules and the set-up list; the automa's memory
is below its levels and its hunters)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    parts = parts[:-1] if parts[-1] == "__init__" else parts
    return ".".join((PREFIX, *parts))


def imported(node: ast.AST) -> set[str]:
    """The package's modules one import statement names."""
    if isinstance(node, ast.Import):
        names = {alias.name for alias in node.names}
    elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
        names = {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    else:
        return set()
    return {name for name in names if name.startswith(PREFIX)}


def imports(path: Path) -> set[str]:
    """The package's modules this file imports, at any depth of its code."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return set().union(*(imported(node) for node in ast.walk(tree)))


def inside_functions(path: Path) -> list[int]:
    """The lines of this file that import a module of the package inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sorted(node.lineno for function in ast.walk(tree)
                  if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
                  for node in ast.walk(function) if imported(node))


def graph() -> dict[str, set[str]]:
    found = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
    return {name: imports(path) & set(found) - {name} for name, path in found.items()}


def circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                out.append(frozenset(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return out


def test_no_module_of_fury_imports_one_that_imports_it_back():
    found = set(circles(graph()))
    assert found - KNOWN == set()


def test_the_known_circles_are_still_there_or_the_list_says_too_much():
    """A circle broken is taken off ``KNOWN`` (so the list never hides a new one)."""
    assert set(circles(graph())) >= KNOWN


def test_a_hunters_turn_and_items_no_longer_import_each_other():
    edges = graph()
    assert f"{PREFIX}.hunter_turn" not in edges[f"{PREFIX}.items"]
    assert f"{PREFIX}.items" in edges[f"{PREFIX}.hunter_turn"]


def test_a_circle_is_found_also_through_an_import_inside_a_function(tmp_path):
    """The walk sees an import inside a function (as ``items.do_ride`` imported ``hunter_turn``)
    and a circle of three."""
    (tmp_path / "a.py").write_text("from companion.games.fury import b\n")
    (tmp_path / "b.py").write_text("def f():\n    from companion.games.fury import c\n")
    (tmp_path / "c.py").write_text("import companion.games.fury.a\n")
    edges = {f"{PREFIX}.{n}": imports(tmp_path / f"{n}.py") for n in "abc"}
    assert circles(edges) == [frozenset(edges)]


def test_no_module_of_fury_imports_the_package_inside_a_function():
    """An import inside a function hides an edge from the reader (and closed the loop of issue
    44): every import of the package's modules stands at the top of its file."""
    found = {module_name(path): lines for path in sorted(PACKAGE.rglob("*.py"))
             if (lines := inside_functions(path))}
    assert found == {}


def test_an_import_inside_a_function_is_found(tmp_path):
    (tmp_path / "low.py").write_text(
        "import sys\n\ndef handler():\n    import os\n"
        "    from companion.games.fury import registry\n")
    assert inside_functions(tmp_path / "low.py") == [5]


def test_the_registry_sits_above_the_dispatchers_which_read_it_through_lookup():
    """The dispatchers import ``lookup``; only the game's contract (``rules``) imports
    ``registry``, which hands its tables down as it is imported — and the rulebook's index,
    which names every function and which nothing of the game imports."""
    edges = graph()
    registry, lookup = f"{PREFIX}.registry", f"{PREFIX}.lookup"
    for name in ("event_cards", "encounters", "before_combat", "combat_in_progress", "choices"):
        assert lookup in edges[f"{PREFIX}.{name}"]
    assert sorted(name for name, to in edges.items() if registry in to) == [
        f"{PREFIX}.rulebook", f"{PREFIX}.rules"]
    assert not [name for name, to in edges.items() if f"{PREFIX}.rulebook" in to]
    assert edges[lookup] <= {f"{PREFIX}.state", f"{PREFIX}.cards"}


def test_the_contract_has_the_registrys_tables():
    """Whoever plays the game imports ``rules`` (alone, in a fresh interpreter); the tables
    the dispatchers read are then the registry's own."""
    script = ("from companion.games.fury import lookup, rules\n"
              "t = lookup.tables()\n"
              "from companion.games.fury import registry\n"
              "assert t.events is registry.EVENTS and t.questions is registry.QUESTIONS\n"
              "assert t.later is registry.LATER and t.before_combat is registry.BEFORE_COMBAT\n"
              "assert t.encounters is registry.ENCOUNTERS\n"
              "assert t.fight_ends is registry.FIGHT_ENDS\n"
              "assert t.start_combat is registry.START_COMBAT\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=PACKAGE.parents[2])
    assert done.returncode == 0, done.stderr


def test_before_the_registry_is_loaded_a_lookup_says_what_is_missing(monkeypatch):
    from companion.games.fury import lookup

    monkeypatch.setattr(lookup, "_registered", [])
    with pytest.raises(RuntimeError, match="import companion.games.fury.registry"):
        lookup.tables()
