"""The log chain: one SHA-256 hash over everything that happened in a game, in order.

Every entry — the deal, each action (undone ones too), each undo or host correction and
the end — is hashed onto the previous head, so deleting, inserting, reordering or editing
any of them changes the final hash that every screen shows when the game ends. The
referee stores the head after each entry; ``companion verify`` recomputes them all.

- ``start = SHA-256("table-companion/log:<code>:<round>:<commitment>")``
- ``next = SHA-256(previous head bytes || canonical JSON of the entry)``

Pure: no Flask, no database.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from companion import fastjson

_SPELLED_OTHERWISE = re.compile(rb"e-\d(?!\d)|\.0000")
"""Where orjson may spell a number unlike Python's ``repr`` (``2.5e-7`` for ``2.5e-07``,
``0.00001`` for ``1e-05``): text holding this is written the slow way."""


def canonical(value: Any) -> str:
    """The one JSON spelling hashed and compared everywhere (keys sorted, no spaces):
    ``json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)``.

    Written by orjson when it spells it byte for byte the same (strings, integers, keys
    sorted by code point; a state was written ten times faster), by the standard library
    when orjson refuses the value (a key that is not text, an integer beyond 64 bits), the
    text holds a number it may spell otherwise, or orjson is not installed
    (``companion.fastjson``).
    """
    text = fastjson.dumps(value)
    if text is None or (b"e-" in text or b".0000" in text) and _SPELLED_OTHERWISE.search(text):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.decode()


def start(code: str, round_: int, commitment: str) -> str:
    """The head before anything happened in this game: bound to the table and its seed."""
    return hashlib.sha256(f"table-companion/log:{code}:{round_}:{commitment}".encode()).hexdigest()


def link(head: str, entry: dict[str, Any]) -> str:
    """The head after ``entry``."""
    return hashlib.sha256(bytes.fromhex(head) + canonical(entry).encode()).hexdigest()


def deal_entry(by: str, options: dict[str, Any], contributions: list[dict[str, Any]]
               ) -> dict[str, Any]:
    """The deal: who started it, the options and every contribution (revealed or not)."""
    return {"kind": "deal", "by": by, "options": options, "contributions": contributions}


def action_entry(event: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "action", "step": event["step"], "seat": event["seat"],
            "version": event["version"], "action": event["action"], "log": event["log"]}


def undo_entry(event: dict[str, Any]) -> dict[str, Any]:
    """The undo of ``event``: by the host (a correction) or by its own seat."""
    return {"kind": "undo", "step": event["step"], "version": event["undone_version"],
            "by": event["undone_by"]}


def state_sha256(state_text: str) -> str:
    """The fingerprint of a position as stored (its canonical JSON)."""
    return hashlib.sha256(state_text.encode()).hexdigest()


def end_entry(result: Any, final_state_sha256: str) -> dict[str, Any]:
    return {"kind": "end", "result": result, "final_state_sha256": final_state_sha256}


def moments(events: Iterable[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each action and each undo in the order they happened (by version), as
    ``("action" | "undo", event)``; events as exported (``action`` and ``log`` parsed)."""
    found: list[tuple[int, int, str, dict[str, Any]]] = []
    for event in events:
        found.append((event["version"], 1, "action", event))
        if event.get("undone_version") is not None:
            found.append((event["undone_version"], 0, "undo", event))
    for _, _, kind, event in sorted(found, key=lambda m: (m[0], m[1])):
        yield kind, event
