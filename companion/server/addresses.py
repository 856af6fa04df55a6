"""This machine's address on the LAN, and whether an address is one a phone can open."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def loopback(url: str) -> bool:
    """An address no phone can open: this machine's own (127.x, localhost, ::1) or none."""
    host = (urlsplit(url).hostname or "").lower()
    return host in ("localhost", "::1", "0.0.0.0", "") or host.startswith("127.")
