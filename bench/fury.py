#!/usr/bin/env python3
"""Fury of Dracula: does an action on a late-game table cost more than one on a new table?

Starts the real server (``companion serve`` on a temporary database and a free port),
creates two Fury tables through the JSON API, plays one of them deep into the game with
random legal actions (the outcomes by hand left aside, as players mostly do), then plays
the same number of random actions on both, alternating, and reports per table: the server
CPU per action (``/proc/<pid>/stat``, which is what the issue asks), the client-side latency
p50 / p95, the number of events in the log and the size of the stored state.

    .venv/bin/python bench/fury.py [--deep 500] [--measure 150] [--seed 1]

Not a test: nothing fails on a slow figure.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLK_TCK = os.sysconf("SC_CLK_TCK")
TOOLS = {"hand_open", "hand_blood", "hand_health", "hand_bite", "hand_discard"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


class Client:
    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body: object = None) -> tuple[int, object]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data else {}
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        raw = response.read()
        return response.status, (json.loads(raw) if raw else None)


class Table:
    """One Fury table driven by random legal actions of whichever seat may act."""

    def __init__(self, client: Client, chooser: random.Random) -> None:
        self.client = client
        self.chooser = chooser
        status, created = client.call("POST", "/api/tables", {
            "game": "fury", "seats": [{"name": n} for n in ("Vlad", "Anna", "Boris")],
            "deal": "now"})
        if status != 201:
            status, created = client.call("POST", "/api/tables", {
                "game": "fury", "seats": [{"name": n} for n in ("Vlad", "Anna", "Boris")]})
        assert status == 201, created
        self.code = created["code"]
        self.tokens = [s["token"] for s in created["seats"]]
        self.actions = 0

    def step(self) -> float | None:
        """One random legal action; returns its latency, None when the game is over."""
        answers = []
        for token in self.tokens:
            status, answer = self.client.call("GET", f"/api/s/{token}")
            answers.append(answer)
        view = answers[0]["view"]
        if view and view.get("result"):
            return None
        movers = []
        for token, answer in zip(self.tokens, answers, strict=True):
            calm = [a for a in answer["actions"] if a["action"] not in TOOLS]
            if calm:
                movers.append((token, answer, calm))
        if not movers:
            return None
        token, answer, calm = self.chooser.choice(movers)
        action = self.chooser.choice(calm)
        started = time.perf_counter()
        status, _ = self.client.call("POST", f"/api/s/{token}/act", {
            "action": action["action"], "params": action["params"],
            "version": answer["version"], "key": f"k{self.actions}-{self.chooser.random()}"})
        elapsed = time.perf_counter() - started
        assert status == 200, (status, action)
        self.actions += 1
        return elapsed


def measure(table: Table, server: int, count: int) -> dict[str, float]:
    """``count`` actions; the server CPU is read around each POST only (the GETs that pick
    the action are not counted)."""
    latencies, cpu = [], 0.0
    for _ in range(count):
        before = cpu_seconds(server)
        latency = table.step()
        if latency is None:
            break
        cpu += cpu_seconds(server) - before
        latencies.append(latency)
    latencies.sort()
    return {"actions": len(latencies),
            "cpu_ms_per_action_upper": 1000 * cpu / max(1, len(latencies)),
            "p50_ms": 1000 * statistics.median(latencies),
            "p95_ms": 1000 * latencies[int(0.95 * (len(latencies) - 1))]}


def stored(db: str, code: str) -> dict[str, int]:
    with sqlite3.connect(db) as conn:
        state = conn.execute("select state from tables where code = ?", (code,)).fetchone()[0]
        events = conn.execute("select count(*) from events where table_code = ?",
                              (code,)).fetchone()[0]
    return {"state_bytes": len(state), "events": events}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deep", type=int, default=500, help="actions before measuring")
    parser.add_argument("--measure", type=int, default=150, help="actions measured per table")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        server = subprocess.Popen(
            [str(ROOT / ".venv" / "bin" / "companion"), "serve", "--host", "127.0.0.1",
             "--port", str(port), "--db", db], cwd=ROOT, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.1)
            client = Client(port)
            chooser = random.Random(args.seed)
            late = Table(client, chooser)
            print(f"playing {args.deep} actions on table {late.code}…", file=sys.stderr)
            for _ in range(args.deep):
                if late.step() is None:
                    break
            fresh = Table(client, random.Random(args.seed + 1))
            results = {"new": {}, "late": {}}
            halves = max(1, args.measure // 5)
            for _ in range(5):
                for name, table in (("new", fresh), ("late", late)):
                    part = measure(table, server.pid, halves)
                    for key, value in part.items():
                        results[name].setdefault(key, []).append(value)
            report = {}
            for name, table in (("new", fresh), ("late", late)):
                parts = results[name]
                report[name] = {
                    "actions measured": sum(parts["actions"]),
                    "server CPU per action, ms": round(statistics.mean(
                        parts["cpu_ms_per_action_upper"]), 2),
                    "latency p50, ms": round(statistics.median(parts["p50_ms"]), 2),
                    "latency p95, ms": round(max(parts["p95_ms"]), 2),
                    **stored(db, table.code),
                }
            print(json.dumps(report, indent=1))
        finally:
            server.terminate()
            server.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
