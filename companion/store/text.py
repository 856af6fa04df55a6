"""Stored JSON: written in the log chain's canonical spelling, read by orjson where it is
installed (``companion.fastjson``)."""

from __future__ import annotations

import json
from typing import Any

from companion import fastjson
from companion.fairplay import chain


def dumps(value: Any) -> str:
    """Stored JSON is the log chain's canonical spelling (a state's hash is of its text)."""
    return chain.canonical(value)


def loads(text: str | None) -> Any:
    """Stored JSON read by orjson (a state is read on every request), the rare text it
    refuses (NaN) by the standard library. Every number stored is a small integer (cards,
    counts, checked options), well inside the 64 bits orjson reads exactly."""
    if text is None:
        return None
    try:
        return fastjson.loads(text)
    except ValueError:
        return json.loads(text)
