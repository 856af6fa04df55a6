"""Does the server keep answering while the app plays Dracula? (issue 33, item 5)

Starts ``companion serve`` on a temporary database (the app's pace 0 unless ``--pace``
says: the app's Dracula decides back to back, the hardest case), creates a Fury table
whose Dracula the app plays (Cunning) and a second, ordinary table. One thread plays the
four hunters of the first table through the JSON API (random legal actions) so that the
app's seat is busy the whole time; another reads the second table (``GET /api/t/<code>``)
as fast as it is answered. Prints the other table's answer times (min, p50, p95, max)
before the game and while the app plays, how many actions the app took, and the server's
memory (VmRSS, VmHWM).

With ``--pace 1.2`` (the table's pace) it also measures what a table sees: the pause from
each step to the app's action after it (min, p50, p95, max), from the times the referee
writes on every event — issues 40 and 42 ask that pause to be the pace, whatever the
decision took.

    .venv/bin/python bench/app_seat.py [--seconds 60] [--pace 1.2]

Not a test: nothing fails on a slow figure (bench/README.md).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime
from itertools import pairwise
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def call(base: str, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method="GET" if body is None
                                     else "POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def memory(pid: int) -> dict[str, int]:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pace", type=float, default=0.0,
                        help="the app's pace in seconds (COMPANION_APP_PACE; the table's "
                             "is 1.2); 0: the app decides back to back")
    args = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    folder = Path(tempfile.mkdtemp())
    server = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--db", str(folder / "c.db"), "--public-url", base,
         "--max-per-client", "1000"], cwd=ROOT, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True,
        env={**os.environ, "COMPANION_APP_PACE": str(args.pace)})
    try:
        for _ in range(300):
            try:
                call(base, "/api/games")
                break
            except OSError:
                time.sleep(0.1)
        other = call(base, "/api/tables", {"game": "kit", "deal": "now",
                                           "seats": [{"name": "A"}, {"name": "B"}]})
        quiet = read_for(base, other["code"], 5.0)
        stop = threading.Event()
        played: dict[str, Any] = {"hunter": 0, "games": 0, "versions": 0, "codes": set()}
        thread = threading.Thread(target=hunters, args=(base, stop, played))
        thread.start()
        busy = read_for(base, other["code"], args.seconds)
        stop.set()
        thread.join()
        rss = memory(server.pid)
        print(json.dumps({
            "other table, before the games (ms)": summary(quiet),
            "other table, while the app plays (ms)": summary(busy),
            "games begun": played["games"], "hunter actions": played["hunter"],
            "app actions (versions less hunter actions)": played["versions"]
            - played["hunter"], "server memory (kB)": rss,
            f"from a step to the app's action, pace {args.pace} s (ms)": summary(
                pauses(folder / "c.db", played["codes"]), "app actions")}, indent=1))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    return 0


def summary(times: list[float], what: str = "reads") -> dict[str, float]:
    if not times:
        return {what: 0}
    return {what: len(times), "min": round(1000 * min(times), 2),
            "p50": round(1000 * statistics.median(times), 2),
            "p95": round(1000 * pct(times, 0.95), 2), "max": round(1000 * max(times), 2)}


def pauses(database: Path, codes: set[str]) -> list[float]:
    """Seconds from each event at the app's tables to the app's action after it (Dracula,
    seat 0): the step that made his seat due, or his own action before."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        rows = db.execute("select table_code, seat, created from events "
                          "where undone_by is null order by table_code, id").fetchall()
    return [(datetime.fromisoformat(created) - datetime.fromisoformat(before)).total_seconds()
            for (code_before, _, before), (code, seat, created) in pairwise(rows)
            if seat == 0 and code == code_before and code in codes]


def read_for(base: str, code: str, seconds: float) -> list[float]:
    times = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.perf_counter()
        call(base, f"/api/t/{code}")
        times.append(time.perf_counter() - started)
    return times


def hunters(base: str, stop: threading.Event, played: dict[str, Any]) -> None:
    """One game after another against the app's Dracula, the hunters at random."""
    chooser = random.Random(7)
    while not stop.is_set():
        app = call(base, "/api/tables", {
            "game": "fury", "deal": "now", "options": {"dracula_by_app": "cunning"},
            "seats": [{"name": "Dracula"}, {"name": "Anna"}]})
        played["games"] += 1
        played["codes"].add(app["code"])
        play(base, app["seats"][1]["token"], stop, played, chooser)


def play(base: str, token: str, stop: threading.Event, played: dict[str, Any],
         chooser: random.Random) -> None:
    version = 0
    while not stop.is_set():
        seat = call(base, f"/api/s/{token}")
        played["versions"] += seat["version"] - version
        version = seat["version"]
        if seat["view"]["result"]:
            return
        offers = [a for a in seat["actions"] if not a["action"].startswith("hand_")]
        if not offers:
            time.sleep(0.02)     # the app's Dracula is deciding
            continue
        action = chooser.choice(offers)
        try:
            call(base, f"/api/s/{token}/act", {"action": action["action"],
                                               "params": action["params"],
                                               "version": seat["version"]})
            played["hunter"] += 1
        except urllib.error.HTTPError:
            time.sleep(0.02)     # stale: the app acted in between


if __name__ == "__main__":
    sys.exit(main())
