"""orjson where the ``fast`` extra installed it, the standard library's ``json`` elsewhere:
the one place that asks which (the pure-Python mode has no compiled module, README "Two
modes"). Each caller keeps its own road for what orjson refuses, and that road is the
whole road in the pure-Python mode.

Any layer may import this module; it imports nothing of the project.
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # the pure-Python mode
    orjson = None  # type: ignore[assignment]

FAST = orjson is not None
"""Whether orjson writes and reads here."""


def dumps(value: Any, *, sort_keys: bool = True, any_keys: bool = False,
          newline: bool = False) -> bytes | None:
    """``value`` as compact JSON bytes by orjson (text as UTF-8; keys sorted unless told
    not to; ``any_keys``: a key that is not text written as text), or None where orjson
    is not installed or refuses the value (a key that is not text, an integer beyond 64
    bits): the caller writes it its own way then."""
    if orjson is None:
        return None
    option = ((orjson.OPT_SORT_KEYS if sort_keys else 0)
              | (orjson.OPT_NON_STR_KEYS if any_keys else 0)
              | (orjson.OPT_APPEND_NEWLINE if newline else 0))
    try:
        return orjson.dumps(value, option=option)
    except TypeError:
        return None


def loads(data: bytes | str) -> Any:
    """JSON read by orjson where it is installed, else by the standard library (either
    raises a ``ValueError`` for text that is not JSON)."""
    if orjson is None:
        return json.loads(data)
    return orjson.loads(data)
