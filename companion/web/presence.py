"""Which devices have a seat open: a seat link open on two phones is told on both, and the
host sees it.

Every page's script keeps a random device id in localStorage and sends it with each poll
(``X-Device``) and names it when it opens its event stream (``?device=``). A device counts
while it has polled within ``WINDOW`` seconds (a phone polls every second while awake) or
holds its stream open (the stream counts it at each event, at least every
``live.HEARTBEAT_SECONDS``). In memory, per process, like the lookup buckets: after
a restart the counts come back with the next polls.
"""

from __future__ import annotations

import re
import threading
import time

from flask import Flask, current_app, request

WINDOW = 12.0
_DEVICE = re.compile(r"[0-9a-f]{16,32}")
_MAX_SEATS = 20_000


class Presence:
    """Devices seen per seat token hash, and each host's seats (for its poll)."""

    def __init__(self, window: float = WINDOW) -> None:
        self.window = window
        self._lock = threading.Lock()
        self._seen: dict[str, dict[str, float]] = {}
        self._hosts: dict[str, tuple[str, ...]] = {}

    def saw(self, seat_hash: str, device: str | None) -> None:
        if device is None:
            return
        now = time.monotonic()
        with self._lock:
            if len(self._seen) >= _MAX_SEATS:
                self._seen = {k: v for k, v in self._seen.items()
                              if any(now - t < self.window for t in v.values())}
            devices = self._seen.setdefault(seat_hash, {})
            devices[device] = now
            if len(devices) > 8:
                for old in sorted(devices, key=devices.__getitem__)[:-8]:
                    del devices[old]

    def devices(self, seat_hash: str) -> set[str]:
        """The devices counted for this seat now."""
        now = time.monotonic()
        with self._lock:
            devices = self._seen.get(seat_hash, {})
            return {d for d, t in devices.items() if now - t < self.window}

    def count(self, seat_hash: str) -> int:
        now = time.monotonic()
        with self._lock:
            devices = self._seen.get(seat_hash, {})
            return sum(1 for t in devices.values() if now - t < self.window)

    def seats_of(self, host_hash: str, seat_hashes: list[str]) -> None:
        """Remember a host's seats, so its poll can tell when a count changed."""
        with self._lock:
            self._hosts[host_hash] = tuple(seat_hashes)

    def signature(self, host_hash: str) -> str:
        """Each seat's device count, e.g. ``1.2.0`` (what the host screen shows)."""
        with self._lock:
            seats = self._hosts.get(host_hash, ())
        return ".".join(str(self.count(s)) for s in seats)


def device() -> str | None:
    """This request's device id, if it sent a well-formed one (an event stream, which
    cannot send a header, names it in its query)."""
    value = request.headers.get("X-Device") or request.args.get("device", "")
    return value if _DEVICE.fullmatch(value) else None


def presence() -> Presence:
    found: Presence = current_app.extensions["presence"]
    return found


def init_presence(app: Flask) -> None:
    app.extensions["presence"] = Presence(app.config.get("PRESENCE_WINDOW", WINDOW))
