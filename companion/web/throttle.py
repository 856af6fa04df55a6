"""Wrong table codes and links are rationed per device, so codes cannot be guessed fast.

Every answer to a URL that names a table code or a token and finds nothing (403, 404),
and every malformed request anywhere (400: bytes that are not text, a body that is not
the API's), costs the asking address one token from its bucket; buckets refill at
``LOOKUP_MISSES_PER_SECOND`` up to ``LOOKUP_MISSES_BURST``. An empty bucket answers every
code or token lookup from that address with 429 until it refills, hits included (else a
guesser could tell a hit from a 429). A phone left on a re-issued link polls once a
second and misses once a second: the default refill of 2 per second never runs it dry.

In memory, per process; behind a reverse proxy every device has the proxy's address
(say so in the README before deploying one).
"""

from __future__ import annotations

import threading
import time
from typing import Any

from flask import Flask, current_app, request

from companion.fairplay.errors import TooMany
from companion.games.base import N_

LOOKUP_MISSES_BURST = 30
LOOKUP_MISSES_PER_SECOND = 2.0
_LOOKUP_ARGS = ("code", "token")
_MAX_ADDRESSES = 10_000


class Buckets:
    """Token buckets per client address."""

    def __init__(self, burst: float, per_second: float) -> None:
        self.burst = burst
        self.per_second = per_second
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}

    def _level(self, key: str, now: float) -> float:
        level, then = self._buckets.get(key, (self.burst, now))
        return min(self.burst, level + (now - then) * self.per_second)

    def empty(self, key: str) -> bool:
        with self._lock:
            return self._level(key, time.monotonic()) < 1

    def spend(self, key: str) -> None:
        now = time.monotonic()
        with self._lock:
            if len(self._buckets) >= _MAX_ADDRESSES:
                self._buckets = {k: v for k, v in self._buckets.items()
                                 if self._level(k, now) < self.burst}
            self._buckets[key] = (max(0.0, self._level(key, now) - 1), now)

    def retry_after(self, key: str) -> int:
        with self._lock:
            missing = 1 - self._level(key, time.monotonic())
        return max(1, int(missing / self.per_second + 0.999))


def _looks_up(asked: Any) -> bool:
    found = asked.view_args
    if not found:
        return False
    return any(k in found for k in _LOOKUP_ARGS)


def _buckets() -> Buckets:
    buckets: Buckets = current_app.extensions["lookup_buckets"]
    return buckets


def refuse_if_guessing(buckets: Buckets | None = None, address: str | None = None) -> None:
    """For a lookup whose code is in the form, not the URL (the join code page); before
    every request that names a code or a token, with the app's buckets and the address."""
    if buckets is None:
        buckets = _buckets()
    if address is None:
        address = request.remote_addr or ""
    if buckets.empty(address):
        raise TooMany(N_("Too many wrong codes or links from this device; wait "
                         "{seconds} s and try again."),
                      seconds=buckets.retry_after(address))


def count_miss() -> None:
    """A wrong code typed in a form costs a lookup token like a wrong link."""
    _buckets().spend(request.remote_addr or "")


def init_throttle(app: Flask) -> None:
    buckets = Buckets(app.config.get("LOOKUP_MISSES_BURST", LOOKUP_MISSES_BURST),
                      app.config.get("LOOKUP_MISSES_PER_SECOND", LOOKUP_MISSES_PER_SECOND))
    app.extensions["lookup_buckets"] = buckets

    @app.before_request
    def refuse_guessers() -> None:
        asked = request._get_current_object()  # type: ignore[attr-defined]  # (one lookup)
        if _looks_up(asked):
            refuse_if_guessing(buckets, asked.remote_addr or "")

    @app.after_request
    def count_misses(response: Any) -> Any:
        status = response.status_code
        if status == 400 or status in (403, 404) and _looks_up(request):
            buckets.spend(request.remote_addr or "")
        if response.status_code == 429:
            response.headers.setdefault("Retry-After", str(
                buckets.retry_after(request.remote_addr or "")))
        return response
