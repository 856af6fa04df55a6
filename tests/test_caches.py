"""The one cache facility (companion/caches.py): every cache is named and bounded, a full
one empties itself, and the tests can empty them all (issue 23)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion.web.api  # noqa: F401  (imports every layer, so every cache is made)
import companion.web.assets  # noqa: F401
from companion import caches


def test_every_cache_the_server_keeps_is_named_and_bounded():
    found = caches.every_cache()
    assert {"offers", "event lines", "dealt contributions", "log lines said",
            "button labels", "button forms", "table paths", "static files",
            "action params written", "kit buttons"} <= set(found)
    for name, cache in found.items():
        assert cache.name == name and 0 < cache.size <= 10_000, cache


def test_a_full_cache_empties_itself_and_keeps_a_batch_together():
    cache = caches.Cache("test: small", 3)
    try:
        for n in range(3):
            cache.keep(n, str(n))
        assert len(cache) == 3
        cache.keep(1, "one again")          # a key it holds: nothing is dropped
        assert len(cache) == 3 and cache[1] == "one again"
        cache.keep(9, "nine")
        assert dict(cache) == {9: "nine"}
        cache.make_room(3)                   # 1 + 3 > 3: emptied for the batch
        assert not cache
    finally:
        del caches._ALL["test: small"]


def test_two_caches_cannot_share_a_name():
    with pytest.raises(ValueError, match="exists already"):
        caches.Cache("offers", 10)


def test_reset_all_empties_every_cache():
    for cache in caches.every_cache().values():
        cache.keep(("a key",), "a value")
    caches.reset_all()
    assert not any(caches.every_cache().values())


@pytest.mark.registry
def test_no_module_keeps_a_cache_of_its_own():
    """Every cache goes through the facility: no ``functools`` cache decorator anywhere in
    the package (each would be one more unnamed cache the tests cannot empty)."""
    caching = {"lru_cache", "cache"}
    for path in Path(caches.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                assert (node.value.id, node.attr in caching) != ("functools", True), path
            if isinstance(node, ast.ImportFrom) and node.module == "functools":
                assert not {alias.name for alias in node.names} & caching, path
