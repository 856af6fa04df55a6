"""How many examples a property test draws, and from where: one place for every suite.

`make test` loads the ``ci`` profile: derandomized (each test draws the examples its own
name and code seed, the same on every machine and every run, with the pinned hypothesis)
and no example database, so a clean clone answers the same twice. `make check` loads
``check``: derandomized as well, with a quarter of the examples (the inner loop's gate;
`make test` still draws them all). `make soak` loads ``soak``: fresh random examples from
the seed it passes (``--hypothesis-seed``), and ``SOAK_FACTOR`` times as many of them; a
failure prints the blob that replays it.
"""

from __future__ import annotations

import math
import os

from hypothesis import settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
FACTOR = int(os.environ.get("SOAK_FACTOR", "1")) if PROFILE == "soak" else 1
CHECK_SHARE = 4
"""`make check` draws one example in this many (at least one)."""

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("check", derandomize=True, database=None, print_blob=True,
                          max_examples=100 // CHECK_SHARE)
settings.register_profile("soak", derandomize=False, database=None, print_blob=True)
settings.load_profile(PROFILE)


def examples(count: int) -> int:
    """``count`` examples under `make test`, a quarter under `make check`, ``SOAK_FACTOR``
    times as many under `make soak`."""
    if PROFILE == "check":
        return math.ceil(count / CHECK_SHARE)
    return count * FACTOR
