"""The folders of companion/ are its layers, and each imports only those below it (issue 23:
no import reaching up a layer). Each package's docstring says what it may import; this test
holds them to it, imports inside functions included."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "companion"

BENEATH_ALL = {"companion.caches", "companion.fastjson"}
"""Modules every layer may import, which import nothing of the project: the one cache
facility, and the one place that asks whether orjson is installed."""
MAY_IMPORT = {
    "companion.games": {"companion.games", *BENEATH_ALL},
    "companion.fairplay": {"companion.fairplay", "companion.games", *BENEATH_ALL},
    "companion.store": {"companion.store", "companion.fairplay", *BENEATH_ALL},
    "companion.referee": {"companion.referee", "companion.store", "companion.fairplay",
                          "companion.games", *BENEATH_ALL},
    "companion.server": {"companion.server", "companion.store", *BENEATH_ALL},
    "companion.web": {"companion.web", "companion.server", "companion.referee",
                      "companion.store", "companion.fairplay", "companion.games",
                      *BENEATH_ALL},
    "companion.caches": set(),
    "companion.fastjson": set(),
}
"""Bottom to top: the rules, fair play (pure: refusals, bounded input, the
randomness, the log chain, verify), the store, the referee, the server, the web.
``companion`` itself (the app factory) and ``companion.cli`` sit on top of them all."""


def layer_of(module: str) -> str | None:
    return next((layer for layer in MAY_IMPORT
                 if module == layer or module.startswith(layer + ".")), None)


def modules() -> list[tuple[str, Path]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found.append((name, path))
    return found


def imports(path: Path, name: str) -> set[str]:
    """Every module of the project this file imports, at any depth of its code."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                out.add(full if _is_module(full) else base)
    return {m for m in out if m == "companion" or m.startswith("companion.")}


def _is_module(name: str) -> bool:
    if not name.startswith("companion."):
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except (ModuleNotFoundError, AttributeError, ValueError):
        return False


@pytest.mark.parametrize("name, path", modules(), ids=[name for name, _ in modules()])
def test_a_module_imports_only_its_own_layer_and_those_below(name, path):
    layer = layer_of(name)
    if layer is None:
        return  # the app factory and the command line may use every layer
    allowed = MAY_IMPORT[layer] | {layer}
    for imported in imports(path, name):
        if imported == "companion":
            pytest.fail(f"{name} imports the top package (the app factory)")
        assert layer_of(imported) in allowed, f"{name} ({layer}) imports {imported}"


def test_every_layer_says_in_its_docstring_what_it_may_import():
    for layer in MAY_IMPORT:
        path = PACKAGE.joinpath(*layer.split(".")[1:])
        source = (path / "__init__.py") if path.is_dir() else path.with_suffix(".py")
        docstring = ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""
        assert "import" in docstring, f"{layer} does not say what it may import"


def _third_party(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}
    found |= {node.module.split(".")[0] for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module and not node.level}
    return found


@pytest.mark.parametrize("name, path", modules(), ids=[name for name, _ in modules()])
def test_only_the_store_touches_sqlite(name, path):
    """The store chose sqlite-utils for the schema and plain statements for requests
    (``companion/store/__init__.py``); nothing above it opens a way around that choice."""
    if layer_of(name) == "companion.store":
        return
    assert not _third_party(path) & {"sqlite3", "sqlite_utils"}, f"{name} uses SQLite itself"
