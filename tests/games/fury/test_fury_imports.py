"""No import circle inside Fury's package (issue 34): every module of companion/games/fury
imports only modules that do not import it back, imports inside functions included.

The one way up is the card registry: the dispatchers (``event_cards``, ``encounters``,
``before_combat``, ``combat_in_progress``, ``choices``) look a card's handler up in ``registry``
inside a function, since the registry names the handlers and so sits above them."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parents[3] / "companion" / "games" / "fury"
PREFIX = "companion.games.fury"

LOOKUPS = {"companion.games.fury.registry"}
"""Imported inside a function by the modules below it, to find a card's handler."""

KNOWN: set[frozenset[str]] = set()
"""Circles not yet broken, each closed by an import inside a function (none left: the
options are a module of their own, below the rules and the set-up list; the automa's memory
is below its levels and its hunters)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    parts = parts[:-1] if parts[-1] == "__init__" else parts
    return ".".join((PREFIX, *parts))


def imports(path: Path) -> set[str]:
    """The package's modules this file imports, at any depth of its code; a lookup of the
    registry inside a function is not an import of the module's own."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
        else:
            continue
        for name in names:
            if name.startswith(PREFIX) and not (name in LOOKUPS and id(node) not in top):
                out.add(name)
    return out


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


def test_only_a_lookup_of_the_registry_inside_a_function_is_let_through(tmp_path):
    (tmp_path / "low.py").write_text(
        "def handler():\n    from companion.games.fury import registry\n")
    (tmp_path / "high.py").write_text("from companion.games.fury import registry\n")
    assert f"{PREFIX}.registry" not in imports(tmp_path / "low.py")
    assert f"{PREFIX}.registry" in imports(tmp_path / "high.py")
