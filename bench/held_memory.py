#!/usr/bin/env python3
"""What an open event stream costs the server: its RSS with 0, then 100, then 500 idle
streams (tables made first, so only the streams differ), and with ``--fetch`` the same
with each device also holding the keep-alive connection it fetched its page on, as a
phone does. ``--smaps`` splits the RSS into the malloc heap and anonymous mappings
(Python's small-object arenas and each greenlet's frame stack).

    .venv/bin/python bench/held_memory.py [--fetch] [--smaps] [--counts 100 500]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import tempfile
from pathlib import Path

from loadgen import Conn, EventStream, Server, browser_headers, create_tables


def smaps(pid: int) -> str:
    """Resident MB per kind of mapping: [heap], anonymous, files."""
    kinds: dict[str, int] = {}
    name = ""
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        parts = line.split()
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            name = parts[5] if len(parts) > 5 else "anonymous"
            name = "files" if name.startswith("/") else name
        elif parts[0] == "Rss:":
            kinds[name] = kinds.get(name, 0) + int(parts[1])
    return " ".join(f"{k} {v / 1024:.1f}" for k, v in sorted(kinds.items())
                    if k in ("[heap]", "anonymous", "files"))


async def measure(args: argparse.Namespace, workdir: Path) -> None:
    server = Server("companion", workdir, "", args.server_preload)
    try:
        tables = await create_tables(server.port, (max(args.counts) + 2) // 3)
        pages = [page for t in tables for page in
                 [*(f"/s/{s.token}" for s in t.seats), f"/t/{t.code}"]]
        await asyncio.sleep(1)
        rss = {0: server.memory()["VmRSS"]}
        if args.smaps:
            print(f"     0 streams: RSS {rss[0]} MB ({smaps(server.pid)})")
        streams: list[EventStream] = []
        conns: list[Conn] = []
        for count in args.counts:
            while len(streams) < count:
                page = pages[len(streams)]
                if args.fetch:
                    conn = Conn(server.port)
                    await conn.request("GET", page, None, browser_headers())
                    conns.append(conn)
                stream = EventStream(server.port, page + "/events")
                if not await stream.open():
                    raise SystemExit(f"{page}/events: refused")
                streams.append(stream)
            await asyncio.sleep(args.settle)
            rss[count] = server.memory()["VmRSS"]
            line = f"{count:6} streams: RSS {rss[count]} MB"
            print(line + (f" ({smaps(server.pid)})" if args.smaps else ""), flush=True)
        low, high = args.counts[0], args.counts[-1]
        if high > low:
            per = (rss[high] - rss[low]) * 1024 / (high - low)
            print(f"per {'device' if args.fetch else 'stream'}: {per:.1f} KB "
                  f"(from {low} to {high})")
        for stream in streams:
            stream.close()
        for conn in conns:
            conn.close()
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--counts", type=int, nargs="+", default=[100, 500])
    parser.add_argument("--fetch", action="store_true",
                        help="each device also fetches its page on a kept connection")
    parser.add_argument("--smaps", action="store_true")
    parser.add_argument("--settle", type=float, default=5.0,
                        help="seconds between opening the streams and reading the RSS")
    parser.add_argument("--server-preload", action="append", default=[])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="companion-held-") as workdir:
        asyncio.run(measure(args, Path(workdir)))


if __name__ == "__main__":
    main()
