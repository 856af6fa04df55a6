"""Which server ``companion serve`` runs: gevent's (``serving.py``), the fast mode, where the
``fast`` extra installed it; else waitress (``threaded.py``), pure Python. Both serve the
same WSGI app within the same bounds (``bounds.py``): the same road into an action, the
same screens. What each mode costs: README, "Two modes".
"""

from __future__ import annotations

import gc
import importlib.util
from typing import Any, Protocol

from companion.server.bounds import THREADS

FAST = importlib.util.find_spec("gevent") is not None
"""gevent is installed: its event loop serves."""


class Server(Protocol):
    """A bound, listening server."""

    def run(self) -> None:
        """Serve until interrupted (Ctrl+C)."""

    def stop(self, timeout: float | None = None) -> None:
        """Close every connection and stop."""


def make_server(app: Any, host: str, port: int, *, per_client: int,
                threads: int | None = None) -> Server:
    """This mode's server, listening on ``host``:``port`` (OSError if it is taken).
    ``threads``: the pure-Python mode's threads (None: its default); gevent's one event
    loop has none."""
    if FAST:
        from companion.server import serving

        return serving.make_server(app, host, port, per_client=per_client)
    from companion.server import threaded

    return threaded.make_server(app, host, port, per_client=per_client,
                                threads=threads or THREADS)


def described(threads: int | None = None) -> str:
    """The server, as ``companion serve`` names it when it starts."""
    return "gevent's event loop" if FAST else f"waitress, {threads or THREADS} threads"


def freeze_loaded() -> None:
    """What is loaded by now (modules, game data, catalogues, the app) lives as long as the
    server: out of the collector's full passes, which otherwise walked it all again (a
    13 ms pause with the games imported, measured; an action's p99 pays for such pauses)."""
    gc.collect()
    gc.freeze()
