#!/usr/bin/env python3
"""Phase ``fury``: does an action on a late-game Fury of Dracula table cost more than one on
a new table?

Creates two Fury tables through the JSON API, plays one of them deep into the game with
random legal actions (the outcomes by hand left aside, as players mostly do), then plays
the same number of random actions on both, alternating in slices, and reports per table:
the server CPU per action (``/proc/<pid>/stat`` read around each POST only), the latency
p50 / p95, the events in the log and the size of the stored state. ``bench/run.py`` runs it
as a phase; alone:

    .venv/bin/python bench/fury.py [--deep 500] [--measure 150] [--seed 1]

Not a test: nothing fails on a slow figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from loadgen import Conn, Server, json_headers, say

TOOLS = {"hand_open", "hand_blood", "hand_health", "hand_bite", "hand_discard"}
SLICES = 5
LATE_ATTEMPTS = 4
"""Games played towards the late table: one that ends before it is deep enough is set
aside (a random Fury game ends after some 400 to 800 actions)."""


class FuryTable:
    """One Fury table driven by random legal actions of whichever seat may act."""

    def __init__(self, server: Server, chooser: random.Random) -> None:
        self.server = server
        self.conn = Conn(server.port)
        self.chooser = chooser
        self.code = ""
        self.tokens: list[str] = []
        self.actions = 0

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        answer = await self.conn.request(method, path, data, json_headers())
        return answer.status, (answer.json() if answer.body else None)

    async def create(self) -> FuryTable:
        status, created = await self.call("POST", "/api/tables", {
            "game": "fury", "seats": [{"name": n} for n in ("Vlad", "Anna", "Boris")],
            "deal": "now"})
        assert status == 201, created
        self.code = created["code"]
        self.tokens = [s["token"] for s in created["seats"]]
        return self

    async def step(self) -> tuple[float, float] | None:
        """One random legal action: (latency, server CPU seconds of its POST), or None
        when the game is over or nobody can act."""
        answers = [(await self.call("GET", f"/api/s/{token}"))[1] for token in self.tokens]
        if answers[0]["view"] and answers[0]["view"].get("result"):
            return None
        movers = [(token, answer, calm) for token, answer in zip(self.tokens, answers,
                                                                 strict=True)
                  if (calm := [a for a in answer["actions"] if a["action"] not in TOOLS])]
        if not movers:
            return None
        token, answer, calm = self.chooser.choice(movers)
        action = self.chooser.choice(calm)
        body = json.dumps({"action": action["action"], "params": action["params"],
                           "version": answer["version"],
                           "key": f"k{self.actions}-{self.chooser.random()}"}).encode()
        cpu = self.server.cpu_seconds()
        started = time.perf_counter()
        reply = await self.conn.request("POST", f"/api/s/{token}/act", body, json_headers())
        elapsed = time.perf_counter() - started
        cpu = self.server.cpu_seconds() - cpu
        assert reply.status == 200, (reply.status, action, reply.body[:300])
        self.actions += 1
        return elapsed, cpu


def stored(db: str, code: str) -> dict[str, int]:
    with sqlite3.connect(db) as conn:
        state = conn.execute(
            "select state from events where table_code = ? and undone_version is null "
            "order by id desc limit 1", (code,)).fetchone()[0]
        events = conn.execute("select count(*) from events where table_code = ?",
                              (code,)).fetchone()[0]
    return {"state_bytes": len(state), "events": events}


async def phase_fury(server: Server, deep: int, measure: int, seed: int) -> dict[str, Any]:
    late = None
    for attempt in range(LATE_ATTEMPTS):  # a random game may end before it is deep enough
        late = await FuryTable(server, random.Random(seed + 1000 * attempt)).create()
        for _ in range(deep):
            if await late.step() is None:
                break
        else:
            break
        late.conn.close()
    assert late is not None
    fresh = await FuryTable(server, random.Random(seed + 1)).create()
    samples: dict[str, list[tuple[float, float]]] = {"new": [], "late": []}
    per_slice = max(1, measure // SLICES)
    for _ in range(SLICES):           # alternate, so both tables see the same machine load
        for name, table in (("new", fresh), ("late", late)):
            for _ in range(per_slice):
                found = await table.step()
                if found is None:
                    break
                samples[name].append(found)
    report: dict[str, Any] = {}
    for name, table in (("new", fresh), ("late", late)):
        latencies = sorted(s[0] for s in samples[name])
        cpu = sum(s[1] for s in samples[name])
        report[name] = {
            "actions_before": table.actions - len(latencies),
            "actions_measured": len(latencies),
            "server_cpu_ms_per_action": round(1000 * cpu / max(1, len(latencies)), 2),
            "p50_ms": round(1000 * statistics.median(latencies), 2) if latencies else None,
            "p95_ms": round(1000 * latencies[int(0.95 * (len(latencies) - 1))], 2)
            if latencies else None,
            **stored(server.db, table.code),
        }
        table.conn.close()
    new, old = report["new"], report["late"]
    report["late_over_new_cpu"] = (round(old["server_cpu_ms_per_action"]
                                         / new["server_cpu_ms_per_action"], 2)
                                   if new["actions_measured"] and old["actions_measured"]
                                   else None)
    report["late_over_new_p50"] = (round(old["p50_ms"] / new["p50_ms"], 2)
                                   if new["p50_ms"] and old["p50_ms"] else None)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deep", type=int, default=500, help="actions before measuring")
    parser.add_argument("--measure", type=int, default=150, help="actions measured per table")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server("companion", Path(tmp))
        try:
            say(f"Fury: {args.deep} actions deep, then {args.measure} on each table")
            report = asyncio.run(phase_fury(server, args.deep, args.measure, args.seed))
        finally:
            server.stop()
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
