"""The server's one cache facility: named, bounded, and reset together by the tests.

What a request works out and later requests may reuse (a table's legal actions at one
position, an event's log lines for one viewer, a log line in one language…) is kept in a
:class:`Cache`. Every key names what it holds for good — a position by its log hash, an
event by its id and its table's commitment — so a kept value is never stale and each
server process may keep its own. A full cache is emptied rather than trimmed one entry
at a time: the simplest bound, and the allocator keeps less than with a slow churn
(bench/README.md, 500 devices).

Any layer may import this module; it imports nothing of the project.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")

_ALL: dict[str, Cache] = {}  # type: ignore[type-arg]


class Cache(dict[K, V]):
    """A dict (lookups at its own speed) that empties itself when it reaches ``size``."""

    def __init__(self, name: str, size: int) -> None:
        super().__init__()
        if name in _ALL:
            raise ValueError(f"a cache named {name!r} exists already")
        self.name = name
        self.size = size
        _ALL[name] = self

    def keep(self, key: K, value: V) -> V:
        """Keep ``value`` under ``key`` (emptying the cache first if it is full)."""
        if len(self) >= self.size and key not in self:
            self.clear()
        self[key] = value
        return value

    def make_room(self, count: int) -> None:
        """Empty the cache unless ``count`` more entries fit: a batch kept together (its
        caller reads every one of them back)."""
        if len(self) + count > self.size:
            self.clear()

    def __repr__(self) -> str:
        return f"<Cache {self.name}: {len(self)} of {self.size}>"


def every_cache() -> dict[str, Cache]:  # type: ignore[type-arg]
    """Each cache by name (the tests list them; a benchmark may report their sizes)."""
    return dict(_ALL)


def reset_all() -> None:
    """Empty every cache: a test starts as a fresh server would."""
    for cache in _ALL.values():
        cache.clear()
