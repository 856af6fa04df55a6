"""orjson where the ``fast`` extra installed it, the standard library's ``json`` elsewhere:
the one place that asks which (the pure-Python mode has no compiled module, README "Two
modes"). Each caller keeps its own road for what orjson refuses, and that road is the
whole road in the pure-Python mode.

Any layer may import this module; it imports nothing of the project.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

try:
    import orjson
except ImportError:  # the pure-Python mode
    orjson = None  # type: ignore[assignment]

FAST = orjson is not None
"""Whether orjson writes and reads here."""

# What ``dumps`` writes (orjson's options; 0 where it is not installed).
AS_IS = 0
SORTED = orjson.OPT_SORT_KEYS if FAST else 0
"""Keys sorted (the log chain's spelling)."""
ANY_KEYS = SORTED | orjson.OPT_NON_STR_KEYS if FAST else 0
"""Keys sorted, a key that is not text written as text (an answer)."""
ANSWER = ANY_KEYS | orjson.OPT_APPEND_NEWLINE if FAST else 0
"""An answer's body, ending in a newline as Flask's does."""

loads: Callable[[bytes | str], Any] = orjson.loads if FAST else json.loads
"""JSON read by orjson where it is installed, else by the standard library (either raises
a ``ValueError`` for text that is not JSON)."""


def dumps(value: Any, option: int = SORTED) -> bytes | None:
    """``value`` as compact JSON bytes by orjson, text as UTF-8 (``option``: ``SORTED``,
    ``AS_IS``, ``ANY_KEYS``, ``ANSWER``), or None where orjson is not installed or refuses
    the value (a key that is not text, an integer beyond 64 bits): the caller writes it its
    own way then."""
    if orjson is None:
        return None
    try:
        return orjson.dumps(value, option=option)
    except TypeError:
        return None
