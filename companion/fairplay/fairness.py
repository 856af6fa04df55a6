"""The one source of randomness: a secret seed, committed up front, derived per step.

Derivation (published so anyone can check an export):

- ``commitment = SHA-256(seed)``, shown on the table view from the first second.
- Each phone commits to 32 random bytes (their SHA-256) when it joins, and reveals them
  once every commitment is in; the deal (step 0, ``setup``) waits for them. The key is
  ``seed`` folded with every revealed contribution, in the order committed:
  ``key = HMAC-SHA256(key, b"mix" || contribution)``.
- Random bytes for step ``n``: ``HMAC-SHA256(key, "step:n:counter")`` for counter 0, 1, 2…
- A seat the app plays (Fury's Dracula) draws its own choices from a key of its own,
  ``HMAC-SHA256(key, "seat:n")``, per step as above: replayable by ``verify``, and never the
  bytes the game itself draws at that step.
- Integers in ``[0, n)`` by rejection sampling on the smallest byte width (no modulo bias);
  shuffles by Fisher–Yates from the last position down.

Because a step's bytes depend only on the seed, the contributions and the step number,
undoing a draw and drawing again gives the same card: undo cannot be used to fish.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

FUDGE_FACES = (1, 1, -1, -1, 0, 0)
"""A FUDGE die: two plus, two minus, two blank faces."""


def new_seed() -> str:
    """A fresh 256-bit secret seed, as hex."""
    return secrets.token_hex(32)


def commitment(seed_hex: str) -> str:
    """SHA-256 of the seed bytes, as hex: published before any randomness is used."""
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def step_key(seed_hex: str, contributions: Iterable[str]) -> bytes:
    """Fold the phones' contributions (hex strings, in order received) into the seed."""
    key = bytes.fromhex(seed_hex)
    for contribution in contributions:
        key = hmac.new(key, b"mix" + bytes.fromhex(contribution), hashlib.sha256).digest()
    return key


class StepRandom:
    """Deterministic randomness for one step of one table.

    :param key: the step key from :func:`step_key`.
    :param step: the event number (0 is the setup).
    """

    def __init__(self, key: bytes, step: int) -> None:
        self._key = key
        self._step = step
        self._counter = 0
        self._buffer = b""
        self.draws = 0
        """How many random integers this step has drawn (0 means: no randomness used)."""

    @property
    def used(self) -> bool:
        return self.draws > 0

    def _bytes(self, n: int) -> bytes:
        while len(self._buffer) < n:
            message = f"step:{self._step}:{self._counter}".encode()
            self._buffer += hmac.new(self._key, message, hashlib.sha256).digest()
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection sampling.

        >>> r = StepRandom(b"k" * 32, 1)
        >>> all(0 <= r.randbelow(6) < 6 for _ in range(100))
        True
        """
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        self.draws += 1
        if n == 1:
            return 0
        width = ((n - 1).bit_length() + 7) // 8
        limit = (256**width // n) * n
        while True:
            value = int.from_bytes(self._bytes(width), "big")
            if value < limit:
                return value % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a uniformly random order (Fisher–Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.randbelow(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.randbelow(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items in random order."""
        return self.shuffle(items)[:k]

    def roll(self, sides: int) -> int:
        """One die with faces 1..sides."""
        return self.randbelow(sides) + 1

    def fudge(self) -> int:
        """One FUDGE die: +1, −1 or 0, each with probability 1/3."""
        return FUDGE_FACES[self.randbelow(6)]


def random_for(seed_hex: str, contributions: Sequence[dict[str, Any]], step: int) -> StepRandom:
    """The generator for ``step``, mixing in the revealed contributions that count for it.

    :param contributions: rows ``{"before_step": k, "value": hex | None}`` in the order they
        are mixed in; a revealed one with ``before_step <= step`` counts. Since the deal
        waits for the phones, every contribution has ``before_step`` 0 (exports of format 1
        mixed a late phone in from the step it arrived at).
    """
    values = [c["value"] for c in contributions if c.get("value") and c["before_step"] <= step]
    return StepRandom(step_key(seed_hex, values), step)


def seat_random_for(seed_hex: str, contributions: Sequence[dict[str, Any]], step: int,
                    seat: int) -> StepRandom:
    """The randomness of seat ``seat`` when the app plays it, for its decision at ``step``
    (the step its action becomes): derived from the table's key, so nobody can foresee it
    before the seed is revealed and anybody can replay it after."""
    values = [c["value"] for c in contributions if c.get("value") and c["before_step"] <= step]
    key = step_key(seed_hex, values)
    own = hmac.new(key, f"seat:{seat}".encode(), hashlib.sha256).digest()
    return StepRandom(own, step)


def contribution_commitment(contribution_hex: str) -> str:
    """What a phone commits to before any contribution is revealed: SHA-256 of its bytes."""
    return hashlib.sha256(bytes.fromhex(contribution_hex)).hexdigest()


def short(commitment_hex: str) -> str:
    """The short form a phone shows and ``verify`` lists: the first 8 hex digits."""
    return commitment_hex[:8]
