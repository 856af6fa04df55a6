"""Seeds named by a test: tables made under the same name get the same seeds, in order,
so `make test` deals on every run what it dealt the first time."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable


def fixed_seeds(name: str) -> Callable[[], str]:
    """A stand-in for ``fairness.new_seed``: the n-th seed is SHA-256 of ``name#n``."""
    count = itertools.count()
    return lambda: hashlib.sha256(f"{name}#{next(count)}".encode()).hexdigest()
