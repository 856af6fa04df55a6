"""The bounds every connection is held to, whichever server serves (gevent's,
``serving.py``, or waitress, ``threaded.py``): one device cannot starve a table.

``MAX_CONNECTIONS_PER_CLIENT``
    open connections per client address, event streams included. A browser keeps about
    six per host and the tablet may show two screens, so 32 leaves room; a load test from
    one machine raises it (``companion serve --max-per-client``). A connection beyond it is
    served one request, which the app answers at once with a sentence (the environ's
    ``REFUSED``: 503, "close some pages"), and closed; beyond twice the bound (no browser
    opens so many: a flood) a connection is closed unanswered, so that a flood holds
    nothing for long.
``REQUEST_READ_SECONDS``
    a request's headers and body must arrive within this many seconds of its first byte;
    a request still incomplete then is dropped with its connection. An event stream is
    exempt once its request is in: from then on it only receives.
``CONNECTION_LIMIT`` / ``IDLE_SECONDS``
    all connections together, held ones included (past it the server stops accepting
    until one closes), and how long a keep-alive connection may wait for its next request.
``MAX_HEADER_BYTES`` / ``MAX_HEADERS`` / ``MAX_BODY_BYTES``
    refused before the application sees them (Flask's ``MAX_CONTENT_LENGTH`` of 64 KiB is
    the tighter body bound for the app itself).
``SAVED_GAME_BYTES`` / ``body_limit``
    a saved game's file, posted to open it again (the export's viewer), may be larger: the
    API's path takes ``SAVED_GAME_BYTES``, the page's that and room for the form around
    it, at the server and in the app alike; every other path ``MAX_BODY_BYTES``.
``THREADS`` / ``REQUEST_THREADS``
    the pure-Python mode's threads (``companion serve --threads``), and how many of them
    an event stream never takes (``threaded.py``: each open stream holds one).

The application-level bound — wrong table codes and links per client — is in
``companion/web/throttle.py``.
"""

from __future__ import annotations

from typing import Any

MAX_CONNECTIONS_PER_CLIENT = 32
REQUEST_READ_SECONDS = 10.0
CONNECTION_LIMIT = 2000
"""Two per device at most in practice (its event stream and its requests), for 1,000."""
IDLE_SECONDS = 30
MAX_HEADER_BYTES = 32 * 1024
MAX_HEADERS = 100
"""As many header lines as Python's own parser takes."""
MAX_BODY_BYTES = 256 * 1024
SAVED_GAME_BYTES = 4 * 1024 * 1024
"""The largest export the viewer opens (``referee/saved.py``). A whole Fury game's export
is 135–190 KB as the app sends it (300 KB as ``companion export`` writes it, 19–28 rounds,
two players): an evening of several long games fits."""
_LARGER_BODIES = {"/api/saved": SAVED_GAME_BYTES, "/saved": SAVED_GAME_BYTES + 64 * 1024}
THREADS = 32
REQUEST_THREADS = 8

REFUSED = "companion.refused"
"""The environ key of a request that came on a connection beyond its client's bound: its
value is the bound. The app answers it with a sentence; the server closes the
connection after that answer."""


def body_limit(path: str) -> int:
    """The largest body a request to ``path`` (its query left out) may send."""
    return _LARGER_BODIES.get(path.partition("?")[0], MAX_BODY_BYTES)


def client_of(address: Any) -> str:
    """A connection's client: its address without the port."""
    return str(address[0]) if isinstance(address, tuple) and address else str(address)


def beyond(open_now: int, per_client: int) -> str | None:
    """What becomes of a client's next connection while it holds ``open_now``: None (it is
    served), "refused" (one answer with a sentence, then closed) or "dropped" (closed at
    once, unanswered)."""
    if open_now < per_client:
        return None
    return "refused" if open_now < 2 * per_client else "dropped"
