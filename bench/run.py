#!/usr/bin/env python3
"""Table Companion benchmark: the real server (as ``companion serve`` starts it: gevent,
``companion/server/serving.py``) under a light load generator in this process (asyncio, raw
HTTP/1.1 keep-alive sockets, ``loadgen.py``), beside boardgame.io when node is installed
(``peer.py``), and a late-game Fury of Dracula table beside a new one (``fury.py``).

Run ``.venv/bin/python bench/run.py`` (or ``make bench``; ``--quick`` for a short run,
``--help`` for the knobs). It prints a table of figures beside their targets and writes
them as JSON to ``bench/results/latest.json``. It is not a test: nothing here fails on a
slow figure. What each figure means and how it is measured: ``bench/README.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import math
import os
import platform
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fury import phase_fury
from loadgen import (
    ACCEPT_ENCODING,
    ASSET_RE,
    CSRF_RE,
    HOST,
    ROLL,
    ROOT,
    Conn,
    CPUWindow,
    EventStream,
    HTTPError,
    Keys,
    Response,
    Server,
    TableRef,
    act,
    browser_headers,
    create_tables,
    htmx_headers,
    json_headers,
    latency_summary,
    ms,
    page_version,
    pct,
    say,
    wait_quiet,
)
from peer import PEER, STORAGES, peer_name, phase_peer

RESULTS = ROOT / "bench" / "results"

# Targets (ARCHITECTURE.md and the benchmark brief); printed beside each figure.
TARGET_RATIO = 0.50          # action throughput / bare Flask throughput
TARGET_PEER_THROUGHPUT = 0.50  # Table Companion actions/s / boardgame.io moves/s
TARGET_PEER_P99 = 2.0        # Table Companion p99 / boardgame.io p99
TARGET_DURABLE_THROUGHPUT = 1.5  # the same against boardgame.io on FlatFile (durable)
TARGET_DURABLE_P99 = 0.5
PEER_TARGETS = {"memory": (TARGET_PEER_THROUGHPUT, TARGET_PEER_P99),
                "flatfile": (TARGET_DURABLE_THROUGHPUT, TARGET_DURABLE_P99)}
TARGET_P99_MS = 50.0         # actor p99 with 500 connected devices
TARGET_PUSH_S = 0.1          # p95 from an action to another screen showing it (pushed)
TARGET_POLL_S = 1.0          # the same with the polling fallback
TARGET_PAGE_KB = 60.0        # seat page with its static assets
TARGET_RSS_MB = 80.0         # server RSS with 100 live tables, and with 500 devices
TARGET_FURY = 1.25           # late-game Fury action CPU / new table's


# --- the server, in a subprocess ---------------------------------------------------------


def bare_app(database: str) -> Any:
    """The yardsticks: the smallest Flask app that answers a JSON POST (``/bare``), and the
    same plus one SQLite write transaction appending the posted body (``/bare-write``, one
    WAL connection per thread kept open, ``synchronous=NORMAL`` as in the app)."""
    import sqlite3
    import threading

    from flask import Flask, jsonify, request

    app = Flask("bare")
    local = threading.local()
    setup = sqlite3.connect(database)
    setup.execute("PRAGMA journal_mode = WAL")
    setup.execute("create table if not exists log (id integer primary key, body text)")
    setup.commit()
    setup.close()

    @app.route("/bare", methods=["GET", "POST"])
    def bare() -> Any:
        return jsonify({"ok": True, "version": 1})

    @app.post("/bare-write")
    def bare_write() -> Any:
        conn = getattr(local, "conn", None)
        if conn is None:
            conn = local.conn = sqlite3.connect(database, isolation_level=None, timeout=10)
            conn.execute("PRAGMA synchronous = NORMAL")
        body = request.get_json(silent=True)
        conn.execute("BEGIN IMMEDIATE")
        cursor = conn.execute("insert into log (body) values (?)", [json.dumps(body)])
        conn.execute("COMMIT")
        return jsonify({"ok": True, "version": cursor.lastrowid})

    return app


class Profiled:
    """WSGI middleware: one cProfile profiler per server thread (one: the event loop's),
    merged at exit."""

    def __init__(self, app: Any, out: str) -> None:
        import threading

        self.app = app
        self.out = out
        self.local = threading.local()
        self.profiles: list[Any] = []
        self.lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        import cProfile

        profile = getattr(self.local, "profile", None)
        if profile is None:
            profile = self.local.profile = cProfile.Profile()
            with self.lock:
                self.profiles.append(profile)
        profile.enable()
        try:
            # The body is handed on as it is: an event stream's never ends, so joining it
            # here held that request (and the load generator waiting on it) for ever.
            return self.app(environ, start_response)
        finally:
            profile.disable()

    def dump(self) -> None:
        import pstats

        with self.lock:
            if not self.profiles:
                return
            stats = pstats.Stats(self.profiles[0])
            for profile in self.profiles[1:]:
                stats.add(profile)
            stats.dump_stats(self.out)


def serve_child(args: argparse.Namespace) -> int:
    """The server process: the app (or the bare yardstick) served as ``companion serve``
    serves it (``companion/server/modes.py``: gevent and its bounds in the fast mode,
    waitress in the pure-Python one); every simulated device shares this machine's address,
    so the per-client cap is lifted."""
    from companion.server import modes

    for preload in args.server_preload:
        # An experiment: a Python file run before the app is made, e.g. one that patches
        # companion.db to measure a proposed change without editing the app.
        import runpy

        runpy.run_path(preload, run_name="bench_preload")
    if args.serve == "companion":
        from companion import create_app

        app = create_app(overrides={"DATABASE": args.db,  # as `companion serve` makes it
                                    "PUBLIC_URL": f"http://{HOST}:{args.port}",
                                    "APP_SEATS_IN_LOOP": modes.FAST,
                                    "APP_SEATS_IN_THREADS": not modes.FAST})
    else:
        app = bare_app(args.db)
    wsgi = app
    if args.profile_out:
        wsgi = Profiled(app, args.profile_out)

        def stop(signum: int, frame: Any) -> None:
            wsgi.dump()
            os._exit(0)

        signal.signal(signal.SIGTERM, stop)
    server = modes.make_server(wsgi, HOST, args.port, per_client=100_000, threads=args.threads)
    if args.serve == "companion":
        from companion import store

        store.keep_checkpointed(args.db)  # as `companion serve` does
    server.run()
    return 0


# --- phase: memory with 100 live tables, and page sizes ------------------------------------


async def phase_memory(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    idle = server.memory()
    tables = await create_tables(server.port, args.rss_tables)
    keys = Keys()

    async def worker(part: list[TableRef]) -> None:
        conn = Conn(server.port)
        page = Conn(server.port)
        for table in part:
            for i in range(args.rss_actions):
                answer = await act(conn, table.seats[i % 2], keys)
                if answer.status != 200:
                    raise HTTPError(f"act: {answer.status} {answer.body[:200]!r}")
            for seat in table.seats:
                await page.request("GET", f"/s/{seat.token}", None, browser_headers())
            await page.request("GET", f"/t/{table.code}", None, browser_headers())
        conn.close()
        page.close()

    await asyncio.gather(*(worker(tables[i::8]) for i in range(8)))
    loaded = server.memory()
    return {"tables": len(tables), "actions_per_table": args.rss_actions,
            "rss_idle_mb": idle["VmRSS"], "rss_mb": loaded["VmRSS"],
            "peak_rss_mb": loaded["VmHWM"], "threads": loaded["Threads"],
            "_tables": tables}


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6, mtime=0))


async def page_weight(port: int, table: TableRef) -> dict[str, Any]:
    """A seat's page with what it loads, its live fragment and the table's page: their
    bytes as the app wrote them ("bytes"), as sent ("wire_bytes": compressed where the
    browser's Accept-Encoding allowed), and as gzip level 6 would make them."""
    conn = Conn(port)
    seat = table.seats[0]
    page = await conn.request("GET", f"/s/{seat.token}", None, browser_headers())
    if page.status != 200:
        raise HTTPError(f"seat page: {page.status}")
    compressed_by_server = page.headers.get("content-encoding", "")
    csrf_found = CSRF_RE.search(page.body)
    csrf = csrf_found.group(1).decode() if csrf_found else ""
    assets = {}
    for raw_path in dict.fromkeys(ASSET_RE.findall(page.body)):
        path = raw_path.decode().replace("&amp;", "&")
        answer = await conn.request("GET", path, None, browser_headers())
        kind = path.split("?")[0].rsplit("/", 1)[-1]
        assets[kind] = {"path": path, "status": answer.status, "bytes": len(answer.body),
                        "wire_bytes": answer.wire_body, "gzip_bytes": gz(answer.body),
                        "server_encoding": answer.headers.get("content-encoding", "")}
    page_url = f"http://{HOST}:{port}/s/{seat.token}"
    live = await conn.request("GET", f"/s/{seat.token}/live", None, htmx_headers(page_url, csrf))
    table_page = await conn.request("GET", f"/t/{table.code}", None, browser_headers())
    conn.close()
    counted = {k: v for k, v in assets.items() if k.endswith((".css", ".js"))}
    total = len(page.body) + sum(a["bytes"] for a in counted.values())
    total_wire = page.wire_body + sum(a["wire_bytes"] for a in counted.values())
    total_gz = gz(page.body) + sum(a["gzip_bytes"] for a in counted.values())
    return {
        "accept_encoding": ACCEPT_ENCODING["browser"],
        "seat_html_bytes": len(page.body), "seat_html_wire_bytes": page.wire_body,
        "seat_html_gzip_bytes": gz(page.body),
        "server_encoding": compressed_by_server,
        "assets": assets,
        "page_with_assets_bytes": total, "page_with_assets_wire_bytes": total_wire,
        "page_with_assets_gzip_bytes": total_gz,
        "live_fragment_bytes": len(live.body), "live_fragment_wire_bytes": live.wire_body,
        "live_fragment_answer_wire_bytes": live.wire,
        "live_fragment_gzip_bytes": gz(live.body),
        "table_html_bytes": len(table_page.body),
        "table_html_wire_bytes": table_page.wire_body,
        "_csrf": csrf,
    }


async def phase_bytes(server: Server, tables: list[TableRef], args: argparse.Namespace
                      ) -> dict[str, Any]:
    fresh = await page_weight(server.port, tables[0])
    busy_table = (await create_tables(server.port, 1))[0]
    conn = Conn(server.port)
    keys = Keys()
    for i in range(args.busy_actions):
        await act(conn, busy_table.seats[i % 2], keys)
    conn.close()
    busy = await page_weight(server.port, busy_table)
    fresh.pop("_csrf")
    busy.pop("_csrf")
    return {"fresh": dict(fresh, actions=args.rss_actions),
            "busy": dict(busy, actions=args.busy_actions)}


# --- phase: closed-loop throughput -----------------------------------------------------------


async def closed_loop(servers: list[Server], clients: int, warmup: float, duration: float,
                      make: Any) -> dict[str, Any]:
    """``clients`` connections each sending its next request as soon as the last answered.
    ``make(i)`` returns (method, path, body, after(response)) for client i."""
    port = servers[0].port
    start = time.perf_counter()
    t_measure, t_end = start + warmup, start + warmup + duration
    latencies: list[float] = []
    statuses: Counter[int] = Counter()
    errors: Counter[str] = Counter()

    async def worker(i: int) -> None:
        conn = Conn(port)
        while time.perf_counter() < t_end:
            method, path, body, after = make(i)
            try:
                answer = await conn.request(method, path, body, json_headers())
            except (OSError, HTTPError, asyncio.IncompleteReadError) as error:
                errors[type(error).__name__] += 1
                conn.close()
                await asyncio.sleep(0.05)
                continue
            after(answer)
            done = time.perf_counter()
            if t_measure <= done <= t_end:
                latencies.append(answer.seconds)
                statuses[answer.status] += 1
        conn.close()

    async def sampler() -> dict[str, float]:
        await asyncio.sleep(max(0.0, t_measure - time.perf_counter()))
        window = CPUWindow(servers)
        await asyncio.sleep(max(0.0, t_end - time.perf_counter()))
        return window.done()

    results = await asyncio.gather(sampler(), *(worker(i) for i in range(clients)))
    rate = len(latencies) / duration
    return {"clients": clients, "seconds": duration,
            "requests_per_s": round(rate, 1),
            "server_cpu_ms_per_request": round(results[0]["server_cpu_pct"] * 10 / rate, 3)
            if rate else None,
            **latency_summary(latencies),
            "statuses": {str(k): v for k, v in sorted(statuses.items())},
            "errors": dict(errors), **results[0]}


async def phase_actions(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    tables = await create_tables(server.port, args.tables)
    seats = [seat for table in tables for seat in table.seats]
    random.shuffle(seats)
    owned = [seats[i::args.clients] for i in range(args.clients)]
    turn = [0] * args.clients
    keys = Keys()

    def make(i: int) -> tuple[str, str, bytes, Any]:
        mine = owned[i]
        seat = mine[turn[i] % len(mine)]
        turn[i] += 1
        body = json.dumps(dict(ROLL, version=seat.version, key=keys())).encode()

        def after(answer: Response) -> None:
            if answer.status in (200, 409):
                seat.version = answer.json()["version"]

        return "POST", f"/api/s/{seat.token}/act", body, after

    out = await closed_loop([server], args.clients, args.warmup, args.duration, make)
    out["tables"] = len(tables)
    out["mean_actions_per_table_at_end"] = round(keys.n / len(tables), 1)
    return out


async def phase_bare(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    """The same load on the yardsticks: ``/bare``, then (unless --quick) ``/bare-write``."""
    server = Server("bare", workdir)
    out = {}
    try:
        body = json.dumps(dict(ROLL, version=1, key="k")).encode()
        paths = ["/bare"] if args.quick else ["/bare", "/bare-write"]
        for path in paths:

            def make(i: int, path: str = path) -> tuple[str, str, bytes, Any]:
                return "POST", path, body, lambda answer: None

            out[path.strip("/").replace("-", "_")] = await closed_loop(
                [server], args.clients, args.warmup, args.duration, make)
        return out
    finally:
        server.stop()


# --- phase: connected devices, an actor, and update propagation -------------------------------


@dataclass
class Device:
    kind: str            # "seat" or "table"
    table: TableRef
    seat: int | None
    page: str
    live: str
    conn: Conn
    version: int = 0
    csrf: str = ""
    seen: list[tuple[int, float]] = field(default_factory=list)   # (version, time seen)
    stream: EventStream | None = None


async def phase_devices(server: Server, n_devices: int, args: argparse.Namespace,
                        seats: int = 2) -> dict[str, Any]:
    """``n_devices`` screens (``seats`` phones and the table tablet per table) while one actor
    acts on their tables. With ``--live push`` (the app's way) each screen holds its event
    stream open and fetches its live fragment when an event announces a newer version, as
    ``companion/static/companion.js`` does; with ``--live poll`` (the fallback) each polls
    its fragment every second as htmx does. A quiet window before the actor starts measures
    what the open screens cost while nothing happens."""
    live = args.live
    tables = await create_tables(server.port, math.ceil(n_devices / (seats + 1)), seats=seats)
    devices: list[Device] = []
    for table in tables:
        for seat in table.seats:
            devices.append(Device("seat", table, seat.seat, f"/s/{seat.token}",
                                  f"/s/{seat.token}/live", Conn(server.port)))
        devices.append(Device("table", table, None, f"/t/{table.code}",
                              f"/t/{table.code}/live", Conn(server.port)))
    devices = devices[:n_devices]
    ramp = args.ramp
    quiet = args.quiet_seconds
    polls: dict[str, list[float]] = {"204": [], "200": [], "other": []}
    updates: Counter[str] = Counter()
    """Live updates (fragments answered 200): their count, bytes on the wire (headers
    included) and bytes as the app wrote them."""
    counters: Counter[str] = Counter()
    actions: list[tuple[str, int, int, float]] = []   # (code, seat, new version, sent at)
    actor_latencies: list[float] = []
    actor_statuses: Counter[int] = Counter()
    streams: list[EventStream] = []

    async def open_page(device: Device, delay: float) -> None:
        await asyncio.sleep(delay)
        answer = await device.conn.request("GET", device.page, None, browser_headers())
        if answer.status != 200:
            raise HTTPError(f"{device.page}: {answer.status}")
        device.version = page_version(answer.body)
        found = CSRF_RE.search(answer.body)
        device.csrf = found.group(1).decode() if found else ""
        if live == "push":
            stream = EventStream(server.port, device.live.rsplit("/", 1)[0] + "/events")
            streams.append(stream)
            if await stream.open():
                device.stream = stream
            else:
                counters["stream_errors"] += 1

    await asyncio.gather(*(open_page(d, random.uniform(0, ramp * 0.8)) for d in devices))
    settle = time.perf_counter()
    window = {"quiet_start": settle + 1.0, "quiet_end": settle + 1.0 + quiet}
    t_measure = window["quiet_end"]
    t_end = t_measure + args.device_seconds
    t_actor_end = t_end - 2.0                       # leave time to see the last actions
    idle: dict[str, float] = {}

    async def fetch(device: Device, headers: dict[str, str], sent: float) -> None:
        try:
            answer = await asyncio.wait_for(
                device.conn.request("GET", f"{device.live}?v={device.version}", None, headers),
                timeout=8.0)   # htmx's configured timeout
        except (OSError, HTTPError, asyncio.IncompleteReadError, TimeoutError) as error:
            device.conn.close()
            if sent >= t_measure:
                counters["poll_errors"] += 1
                counters[f"error_{type(error).__name__}"] += 1
            return
        done = time.perf_counter()
        if answer.status == 200:
            device.version = max(device.version, page_version(answer.body))
            device.seen.append((device.version, done))
        if t_measure <= sent and done <= t_end:
            key = str(answer.status) if answer.status in (200, 204) else "other"
            polls[key].append(answer.seconds)
            if answer.status == 200:
                updates["wire"] += answer.wire
                updates["body"] += len(answer.body)
                updates["n"] += 1

    async def follow(device: Device) -> None:
        """Push: wait for the stream to announce a newer version, then fetch the fragment."""
        headers = htmx_headers(f"http://{HOST}:{server.port}{device.page}", device.csrf)
        stream = device.stream
        if stream is None:
            return
        while time.perf_counter() < t_end:
            if await stream.until(device.version + 1, t_end - time.perf_counter()) is None:
                return
            await fetch(device, headers, time.perf_counter())

    async def poll(device: Device) -> None:
        url = f"http://{HOST}:{server.port}{device.page}"
        headers = htmx_headers(url, device.csrf)
        tick = settle + random.uniform(0, 1.0)
        while tick < t_end:
            await asyncio.sleep(max(0.0, tick - time.perf_counter()))
            sent = time.perf_counter()
            before = device.version
            await fetch(device, headers, sent)
            done = time.perf_counter()
            # outerHTML swap: the new element starts its own "every 1s" timer.
            tick = done + 1.0 if device.version != before else tick + 1.0
            late = 0
            while tick < done:          # htmx drops a tick while its request is in flight
                tick += 1.0
                late += 1
            if sent >= t_measure:
                counters["late_ticks"] += late

    async def actor() -> None:
        conn = Conn(server.port)
        keys = Keys()
        order = [(table, seat) for seat_no in (0, 1) for table in tables
                 for seat in table.seats if seat.seat == seat_no]
        random.shuffle(order)
        period = 1.0 / args.actor_rate
        tick = t_measure
        i = 0
        while tick < t_actor_end:
            await asyncio.sleep(max(0.0, tick - time.perf_counter()))
            table, seat = order[i % len(order)]
            i += 1
            sent = time.perf_counter()
            answer = await act(conn, seat, keys)
            actor_latencies.append(answer.seconds)
            actor_statuses[answer.status] += 1
            if answer.status == 200:
                actions.append((table.code, seat.seat, seat.version, sent))
            tick += period
            if tick < time.perf_counter():      # closed loop: never queue up behind
                tick = time.perf_counter()
        conn.close()

    async def sampler() -> dict[str, float]:
        await asyncio.sleep(max(0.0, window["quiet_start"] - time.perf_counter()))
        still = CPUWindow([server])
        await asyncio.sleep(max(0.0, window["quiet_end"] - time.perf_counter()))
        idle.update(still.done())
        busy = CPUWindow([server])
        await asyncio.sleep(max(0.0, t_end - 0.5 - time.perf_counter()))
        memory = server.memory()
        await asyncio.sleep(max(0.0, t_end - time.perf_counter()))
        return dict(busy.done(), rss_mb=memory["VmRSS"], server_threads=memory["Threads"])

    watchers = [follow(d) if live == "push" else poll(d) for d in devices]
    results = await asyncio.gather(sampler(), actor(), *watchers)
    for device in devices:
        device.conn.close()
    for stream in streams:
        counters["stream_errors"] += stream.errors
        stream.close()

    # Propagation: from the actor sending an action to each *other* screen of that table
    # having the fragment of that version or newer.
    propagation: list[float] = []
    missed = 0
    by_table: dict[str, list[Device]] = {}
    for device in devices:
        by_table.setdefault(device.table.code, []).append(device)
    for code, seat_no, version, sent in actions:
        for device in by_table.get(code, []):
            if device.kind == "seat" and device.seat == seat_no:
                continue
            seen = next((t for v, t in device.seen if v >= version and t >= sent), None)
            if seen is None:
                missed += 1
            else:
                propagation.append(seen - sent)
    measured_polls = sum(len(v) for v in polls.values())
    per_s = (measured_polls + len(actor_latencies)) / args.device_seconds
    return {
        "live": live, "devices": len(devices), "tables": len(tables),
        "seconds": args.device_seconds,
        "streams_open": sum(1 for d in devices if d.stream is not None),
        "stream_errors": counters["stream_errors"],
        "idle_server_cpu_pct": idle["server_cpu_pct"], "idle_seconds": quiet,
        "fetches_per_s": round(measured_polls / args.device_seconds, 1),
        "expected_polls_per_s": len(devices) if live == "poll" else None,
        "fetch": latency_summary(polls["204"] + polls["200"] + polls["other"]),
        "fetch_204": latency_summary(polls["204"]),
        "fetch_200": latency_summary(polls["200"]),
        "fetch_other_status": len(polls["other"]),
        "accept_encoding": ACCEPT_ENCODING["browser"],
        "live_update_wire_bytes": round(updates["wire"] / updates["n"]) if updates["n"] else None,
        "live_update_body_bytes": round(updates["body"] / updates["n"]) if updates["n"] else None,
        "late_ticks": counters["late_ticks"],
        "fetch_errors": counters["poll_errors"],
        "actor_rate_per_s": args.actor_rate,
        "actor": dict(latency_summary(actor_latencies),
                      statuses={str(k): v for k, v in sorted(actor_statuses.items())}),
        "propagation": {"n": len(propagation), "not_seen": missed,
                        "p50_s": round(pct(propagation, 0.5) or 0, 3),
                        "p95_s": round(pct(propagation, 0.95) or 0, 3),
                        "max_s": round(max(propagation, default=0), 3)},
        **results[0],
        "server_cpu_ms_per_request": round(results[0]["server_cpu_pct"] * 10 / per_s, 3)
        if per_s else None,
    }


# --- phase: latency against the table's history ------------------------------------------------


async def phase_history(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """Sequential actions on one table: does an action get slower as its history grows?"""
    table = (await create_tables(server.port, 1))[0]
    conn = Conn(server.port)
    keys = Keys()
    latencies = []
    for i in range(args.history_actions):
        answer = await act(conn, table.seats[i % 2], keys)
        latencies.append(answer.seconds)
    live = await conn.request("GET", f"/s/{table.seats[0].token}/live", None,
                              htmx_headers("", ""))
    conn.close()
    window = 20
    return {"actions": len(latencies),
            "first_p50_ms": ms(pct(latencies[:window], 0.5)),
            "last_p50_ms": ms(pct(latencies[-window:], 0.5)),
            "window": window,
            "live_fragment_bytes_at_end": len(live.body)}


# --- report -------------------------------------------------------------------------------------


def fmt(value: Any, unit: str = "") -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        value = f"{value:.3f}" if abs(value) < 1 else f"{value:.1f}"
    return f"{value}{unit}"


def _over_runs(n: str, pairs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each ratio over several runs: its median and range, and in how many runs it met its
    goal (a single run at 100 devices scatters by ± 15 %: the median is the figure)."""
    out = []
    for storage, (least, most) in PEER_TARGETS.items():
        ratios = [pair.get("ratio" if storage == "memory" else f"ratio {storage}")
                  for pair in pairs]
        peer = peer_name(storage)
        for what, bound, at_least in (("throughput", least, True), ("p99", most, False)):
            values = sorted(r[what] for r in ratios if r and r.get(what) is not None)
            if not values:
                continue
            met = [v >= bound if at_least else v <= bound for v in values]
            middle = statistics.median(values)
            out.append({
                "figure": f"peer {n} devices, {len(values)} runs: {what} / {peer}, median "
                          "(lowest–highest), runs that met",
                "value": f"{fmt(middle)} ({fmt(values[0])}–{fmt(values[-1])}), "
                         f"{sum(met)} of {len(values)}",
                "target": f">= {bound:.2f}" if at_least else f"<= {bound:.1f}",
                "met": middle >= bound if at_least else middle <= bound})
    return out


def build_targets(res: dict[str, Any]) -> list[dict[str, Any]]:
    out = []

    def add(name: str, value: Any, target: str, met: bool | None) -> None:
        out.append({"figure": name, "value": value, "target": target, "met": met})

    for n, pairs in res.get("peer", {}).get("runs", {}).items():
        for i, pair in enumerate(pairs):
            label = f"{n} devices" + (f" (run {i + 1})" if len(pairs) > 1 else "")
            for storage, (least, most) in PEER_TARGETS.items():
                ratio = pair.get("ratio" if storage == "memory" else f"ratio {storage}")
                if not ratio:
                    continue
                peer = peer_name(storage)
                value = ratio["throughput"]
                add(f"peer {label}: throughput / {peer}", value, f">= {least:.2f}",
                    None if value is None else value >= least)
                value = ratio["p99"]
                add(f"peer {label}: p99 / {peer}", value, f"<= {most:.1f}",
                    None if value is None else value <= most)
        if len(pairs) > 1:
            out.extend(_over_runs(n, pairs))
    ratio = res.get("throughput_ratio")
    add("action throughput / bare Flask", ratio, f">= {TARGET_RATIO:.2f}",
        None if ratio is None else ratio >= TARGET_RATIO)
    for n, phase in sorted(res.get("devices", {}).items(), key=lambda kv: int(kv[0])):
        p99 = phase["actor"]["p99_ms"]
        big = int(n) >= 500
        add(f"actor p99 with {n} devices (ms)", p99, f"< {TARGET_P99_MS:.0f}" if big else "info",
            (p99 is not None and p99 < TARGET_P99_MS) if big else None)
        p95 = phase["propagation"]["p95_s"]
        limit = TARGET_PUSH_S if phase["live"] == "push" else TARGET_POLL_S
        add(f"propagation p95 with {n} devices (s)", p95, f"< {limit:g}", p95 < limit)
        add(f"server RSS with {n} devices (MB)", phase["rss_mb"], f"<= {TARGET_RSS_MB:.0f}",
            phase["rss_mb"] <= TARGET_RSS_MB)
    weight = res.get("page_bytes", {}).get("fresh")
    if weight:
        raw_kb = round(weight["page_with_assets_wire_bytes"] / 1024, 1)
        gz_kb = round(weight["page_with_assets_gzip_bytes"] / 1024, 1)
        add("seat page + assets as served (KB)", raw_kb, f"<= {TARGET_PAGE_KB:.0f}",
            raw_kb <= TARGET_PAGE_KB)
        add("seat page + assets, gzip (KB)", gz_kb, f"<= {TARGET_PAGE_KB:.0f}",
            gz_kb <= TARGET_PAGE_KB)
    memory = res.get("memory")
    if memory:
        add(f"server RSS, {memory['tables']} live tables (MB)", memory["rss_mb"],
            f"<= {TARGET_RSS_MB:.0f}", memory["rss_mb"] <= TARGET_RSS_MB)
    fury = res.get("fury")
    if fury and fury.get("late_over_new_cpu") is not None:
        add("Fury: late-game / new table, server CPU per action", fury["late_over_new_cpu"],
            f"<= {TARGET_FURY:.2f}", fury["late_over_new_cpu"] <= TARGET_FURY)
    return out


def cpu(phase: dict[str, Any]) -> str:
    return (f"{phase['server_cpu_pct']} / {phase['loadgen_cpu_pct']} / "
            f"{phase['other_cpu_pct']}")


def print_report(res: dict[str, Any]) -> None:
    rows: list[tuple[str, str, str, str]] = []
    targets = {t["figure"]: t for t in res["targets"]}

    def row(name: str, value: str, target: str = "", met: bool | None = None) -> None:
        rows.append((name, value, target, "" if met is None else ("met" if met else "MISSED")))

    def target_row(name: str, shown: str) -> None:
        t = targets.get(name)
        if t:
            row(name, shown, t["target"], t["met"])

    peer = res.get("peer")
    if peer:
        if peer.get("skipped"):
            row("boardgame.io", peer["skipped"])
        for n, pairs in peer["runs"].items():
            for i, pair in enumerate(pairs):
                label = f"peer {n} devices" + (f" (run {i + 1})" if len(pairs) > 1 else "")
                storages = peer.get("storages", ["memory"])
                for who in [*map(peer_name, storages), "companion"]:
                    f = pair.get(who)
                    if f:
                        row(f"{label}: {who} moves/s, p50 / p99 ms, propagation p95 ms",
                            f"{f['moves_per_s']}, {fmt(f['p50_ms'])} / {fmt(f['p99_ms'])}, "
                            f"{fmt(f.get('propagation_p95_ms'))}")
                for storage in storages:
                    ratio = pair.get("ratio" if storage == "memory" else f"ratio {storage}")
                    if ratio:
                        name = peer_name(storage)
                        target_row(f"{label}: throughput / {name}", fmt(ratio["throughput"]))
                        target_row(f"{label}: p99 / {name}", fmt(ratio["p99"]))
                        row(f"{label}: propagation p95 / {name}",
                            fmt(ratio["propagation_p95"]))
                row(f"{label}: CPU companion server / loadgen / others (%), load",
                    f"{cpu(pair['companion'])}, {pair['loadavg']}")
                row(f"{label}: server CPU per move (ms), "
                    + " / ".join([*map(peer_name, storages), "companion"]),
                    " / ".join(fmt((pair.get(who) or {}).get("server_cpu_ms_per_move"))
                               for who in [*map(peer_name, storages), "companion"]))
            for t in res["targets"]:
                if t["figure"].startswith(f"peer {n} devices, "):
                    row(t["figure"], t["value"], t["target"], t["met"])
    act = res.get("actions")
    bare = res.get("bare")
    if act:
        row("action: throughput (req/s)", fmt(act["requests_per_s"]))
        row("action: p50 / p99 (ms)", f"{fmt(act['p50_ms'])} / {fmt(act['p99_ms'])}")
        row("action: CPU server / loadgen / others (% of a core)", cpu(act))
        row("action: server CPU per action (ms)", fmt(act["server_cpu_ms_per_request"]))
        row("action: actions per table at the end", fmt(act["mean_actions_per_table_at_end"]))
    if bare:
        row("bare Flask: throughput (req/s)", fmt(bare["requests_per_s"]))
        row("bare Flask: p50 / p99 (ms)", f"{fmt(bare['p50_ms'])} / {fmt(bare['p99_ms'])}")
        row("bare Flask: CPU server / loadgen / others (%)", cpu(bare))
        row("bare Flask: server CPU per request (ms)", fmt(bare["server_cpu_ms_per_request"]))
    bare_write = res.get("bare_write")
    if bare_write:
        row("bare Flask + 1 SQLite write: throughput (req/s)",
            fmt(bare_write["requests_per_s"]))
        row("bare Flask + 1 SQLite write: p50 / p99 (ms)",
            f"{fmt(bare_write['p50_ms'])} / {fmt(bare_write['p99_ms'])}")
        row("bare Flask + 1 SQLite write: server CPU per request (ms)",
            fmt(bare_write["server_cpu_ms_per_request"]))
    target_row("action throughput / bare Flask", fmt(res.get("throughput_ratio")))
    if res.get("throughput_ratio_to_write") is not None:
        row("action throughput / bare Flask + 1 SQLite write",
            fmt(res["throughput_ratio_to_write"]))
    for n, d in sorted(res.get("devices", {}).items(), key=lambda kv: int(kv[0])):
        if d["live"] == "push":
            row(f"{n} devices: streams open / errors", f"{d['streams_open']} / "
                f"{d['stream_errors']}")
            row(f"{n} devices: quiet, server CPU (% of a core)", fmt(d["idle_server_cpu_pct"]))
            row(f"{n} devices: fragment fetches/s", f"{d['fetches_per_s']}")
        else:
            row(f"{n} devices: polls/s (expected {d['expected_polls_per_s']})",
                f"{d['fetches_per_s']}  (late ticks {d['late_ticks']}, "
                f"errors {d['fetch_errors']})")
            row(f"{n} devices: poll 204 p50 / 200 p50 (ms)",
                f"{fmt(d['fetch_204']['p50_ms'])} / {fmt(d['fetch_200']['p50_ms'])}")
        row(f"{n} devices: fetch p50 / p99 (ms)",
            f"{fmt(d['fetch']['p50_ms'])} / {fmt(d['fetch']['p99_ms'])}")
        row(f"{n} devices: bytes per live update, sent (headers included) / raw body",
            f"{fmt(d.get('live_update_wire_bytes'))} / {fmt(d.get('live_update_body_bytes'))}")
        target_row(f"server RSS with {n} devices (MB)", f"{d['rss_mb']}")
        row(f"{n} devices: server threads", f"{d['server_threads']}")
        row(f"{n} devices: actor p50 (ms)", fmt(d["actor"]["p50_ms"]))
        target_row(f"actor p99 with {n} devices (ms)", fmt(d["actor"]["p99_ms"]))
        row(f"{n} devices: propagation p50 (s)", f"{d['propagation']['p50_s']:.3f}")
        target_row(f"propagation p95 with {n} devices (s)", f"{d['propagation']['p95_s']:.3f}")
        row(f"{n} devices: CPU server / loadgen / others (%)", cpu(d))
        row(f"{n} devices: server CPU per request (ms)", fmt(d["server_cpu_ms_per_request"]))
    fury = res.get("fury")
    if fury:
        for name in ("new", "late"):
            f = fury[name]
            row(f"Fury {name} table ({f['events']} events, state {f['state_bytes']} B): "
                "CPU ms / p50 / p95 ms",
                f"{fmt(f['server_cpu_ms_per_action'])} / {fmt(f['p50_ms'])} / "
                f"{fmt(f['p95_ms'])}")
        target_row("Fury: late-game / new table, server CPU per action",
                   fmt(fury["late_over_new_cpu"]))
        row("Fury: late-game / new table, p50", fmt(fury["late_over_new_p50"]))
    weight = res.get("page_bytes", {})
    if weight:
        fresh, busy = weight["fresh"], weight["busy"]
        row("seat HTML, fresh table (bytes raw / sent / gzip 6)",
            f"{fresh['seat_html_bytes']} / {fresh['seat_html_wire_bytes']} / "
            f"{fresh['seat_html_gzip_bytes']}")
        for name, asset in fresh["assets"].items():
            row(f"  asset {name} (bytes raw / sent / gzip 6)",
                f"{asset['bytes']} / {asset['wire_bytes']} / {asset['gzip_bytes']}")
        target_row("seat page + assets as served (KB)",
                   fmt(round(fresh["page_with_assets_wire_bytes"] / 1024, 1)))
        target_row("seat page + assets, gzip (KB)",
                   fmt(round(fresh["page_with_assets_gzip_bytes"] / 1024, 1)))
        row("seat page + assets, uncompressed (KB)",
            fmt(round(fresh["page_with_assets_bytes"] / 1024, 1)))
        row(f"seat page's encoding (Accept-Encoding: {fresh['accept_encoding'] or 'none'})",
            fresh["server_encoding"] or "none")
        for label, found in (("fresh table", fresh), (f"{busy['actions']} actions", busy)):
            row(f"live fragment, {label} (bytes raw / sent / gzip 6; answer sent)",
                f"{found['live_fragment_bytes']} / {found['live_fragment_wire_bytes']} / "
                f"{found['live_fragment_gzip_bytes']}; "
                f"{found['live_fragment_answer_wire_bytes']}")
        row(f"seat HTML, {busy['actions']} actions (bytes raw / sent)",
            f"{busy['seat_html_bytes']} / {busy['seat_html_wire_bytes']}")
        row(f"table HTML, {busy['actions']} actions (bytes raw / sent)",
            f"{busy['table_html_bytes']} / {busy['table_html_wire_bytes']}")
    memory = res.get("memory")
    if memory:
        row("server RSS idle (MB)", fmt(memory["rss_idle_mb"]))
        target_row(f"server RSS, {memory['tables']} live tables (MB)", fmt(memory["rss_mb"]))
    if res.get("rss_end_mb"):
        row("server RSS / peak at the end of the run (MB)",
            f"{res['rss_end_mb']} / {res['peak_rss_end_mb']}")
    hist = res.get("history")
    if hist:
        row(f"action p50, first / last {hist['window']} of {hist['actions']} on one table (ms)",
            f"{fmt(hist['first_p50_ms'])} / {fmt(hist['last_p50_ms'])}")
    width = [max(len(r[i]) for r in rows + [("figure", "value", "target", "")])
             for i in range(4)]
    line = "  ".join("-" * w for w in width)
    print()
    print("  ".join(h.ljust(w) for h, w in zip(("figure", "value", "target", ""), width,
                                                  strict=True)))
    print(line)
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, width, strict=True)).rstrip())
    print()


# --- main -----------------------------------------------------------------------------------------


def git_commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


async def run(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    res: dict[str, Any] = {}
    profile_out = str(RESULTS / "server.prof") if args.profile else ""
    server = Server("companion", workdir, profile_out, args.server_preload)
    say(f"companion server pid {server.pid} on port {server.port}")
    try:
        if "memory" in args.phases or "bytes" in args.phases:
            say(f"memory: {args.rss_tables} tables, {args.rss_actions} actions each, "
                "their seat and table pages")
            memory = await phase_memory(server, args)
            tables = memory.pop("_tables")
            res["memory"] = memory
            if "bytes" in args.phases:
                say("page weight")
                res["page_bytes"] = await phase_bytes(server, tables, args)
        if "peer" in args.phases:
            await wait_quiet([server], args.wait_quiet)
            res["peer"] = await phase_peer(server, args, RESULTS, workdir / "flatfile")
        if "actions" in args.phases:
            await wait_quiet([server], args.wait_quiet)
            say(f"action throughput: {args.clients} clients, {args.tables} tables, "
                f"{args.warmup:g}+{args.duration:g} s")
            res["actions"] = await phase_actions(server, args)
        if "bare" in args.phases:
            await wait_quiet([server], args.wait_quiet)
            say("bare Flask throughput, same load" + ("" if args.quick else
                                                      "; then with one SQLite write"))
            res.update(await phase_bare(args, workdir))
        if res.get("actions") and res.get("bare") and res["bare"]["requests_per_s"]:
            res["throughput_ratio"] = round(
                res["actions"]["requests_per_s"] / res["bare"]["requests_per_s"], 3)
        if res.get("actions") and res.get("bare_write") and res["bare_write"]["requests_per_s"]:
            res["throughput_ratio_to_write"] = round(
                res["actions"]["requests_per_s"] / res["bare_write"]["requests_per_s"], 3)
        if "devices" in args.phases:
            res["devices"] = {}
            for n in args.devices:
                await wait_quiet([server], args.wait_quiet)
                how = ("event streams, a fragment fetched per announced version"
                       if args.live == "push" else "polling every 1 s")
                say(f"{n} connected devices on {how}, actor at {args.actor_rate:g}/s, "
                    f"{args.ramp:g}+{args.quiet_seconds:g}+{args.device_seconds:g} s")
                res["devices"][str(n)] = await phase_devices(server, n, args)
        if "fury" in args.phases:
            await wait_quiet([server], args.wait_quiet)
            say(f"Fury of Dracula: {args.fury_deep} actions deep, then {args.fury_measure} "
                "on it and on a new table")
            res["fury"] = await phase_fury(server, args.fury_deep, args.fury_measure, 1)
        if "history" in args.phases:
            await wait_quiet([server], args.wait_quiet)
            say(f"history: {args.history_actions} sequential actions on one table")
            res["history"] = await phase_history(server, args)
        end = server.memory()
        res["rss_end_mb"], res["peak_rss_end_mb"] = end["VmRSS"], end["VmHWM"]
    finally:
        server.stop()
    return res


PHASES = ("memory", "bytes", "peer", "actions", "bare", "devices", "fury", "history")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a ~1 min run with shorter phases")
    parser.add_argument("--clients", type=int, default=16,
                        help="concurrent connections in the throughput phases (default 16)")
    parser.add_argument("--tables", type=int, default=50,
                        help="tables (2 seats each) in the action throughput phase")
    parser.add_argument("--duration", type=float, help="seconds measured per throughput phase")
    parser.add_argument("--warmup", type=float, help="seconds of warm-up before measuring")
    parser.add_argument("--devices", type=int, nargs="+", help="device counts (default 100 500)")
    parser.add_argument("--device-seconds", type=float, help="seconds measured per device phase")
    parser.add_argument("--quiet-seconds", type=float,
                        help="seconds with every device connected and nobody acting")
    parser.add_argument("--ramp", type=float, help="seconds to open every device's page")
    parser.add_argument("--actor-rate", type=float, default=10.0,
                        help="actions per second by the actor in the device phases")
    parser.add_argument("--peer", default=str(PEER),
                        help="the boardgame.io peer's folder (its README has the commands)")
    parser.add_argument("--peer-devices", type=int, nargs="+", default=[4, 100],
                        help="devices (2 per table) in the side-by-side phase (default 4 100)")
    parser.add_argument("--peer-seconds", type=float, help="seconds measured per peer run")
    parser.add_argument("--peer-log", choices=("kept", "full"), default="kept",
                        help="our phones keep their log and ask for the new lines "
                             "(log_since, default) or get the newest 40 with every answer")
    parser.add_argument("--peer-storage", nargs="+", choices=STORAGES, default=list(STORAGES),
                        help="boardgame.io's storages to run beside ours: in memory, and "
                             "FlatFile, its durable one (default both, in that order)")
    parser.add_argument("--peer-rounds", type=int,
                        help="side-by-side pairs of runs per device count")
    parser.add_argument("--fury-deep", type=int, help="Fury actions before measuring")
    parser.add_argument("--fury-measure", type=int, help="Fury actions measured per table")
    parser.add_argument("--rss-tables", type=int, default=100)
    parser.add_argument("--rss-actions", type=int, default=3)
    parser.add_argument("--busy-actions", type=int, default=60,
                        help="actions on the 'busy' table whose page weight is also reported")
    parser.add_argument("--history-actions", type=int,
                        help="sequential actions on one table in the history phase")
    parser.add_argument("--wait-quiet", type=float, default=0.0, metavar="SECONDS",
                        help="before each phase, wait up to this long for other processes to "
                             "use under 20%% of a core (on a shared machine)")
    parser.add_argument("--nice", type=int, default=0,
                        help="scheduling priority of the server and the load generator "
                             "(negative needs root): on a shared machine, -10 keeps other "
                             "processes from distorting the figures as much")
    parser.add_argument("--phases", nargs="+", choices=PHASES, default=list(PHASES))
    parser.add_argument("--accept-encoding", default=ACCEPT_ENCODING["browser"],
                        help="Accept-Encoding of the simulated browsers' pages and fragments "
                             "(default %(default)r; '' sends none: every answer plain)")
    parser.add_argument("--api-accept-encoding", default=ACCEPT_ENCODING["api"],
                        help="Accept-Encoding of the JSON calls (phones in the peer phase, "
                             "the action and Fury phases; default none, as curl and "
                             "boardgame.io's socket frames; 'gzip' as a browser's fetch)")
    parser.add_argument("--live", choices=("push", "poll"), default="push",
                        help="how devices learn of a new version: their event streams, as the "
                             "app does (default), or polling every second (the fallback)")
    parser.add_argument("--server-preload", metavar="FILE", action="append", default=[],
                        help="experiment: run this Python file in the companion server before "
                             "the app is made (to patch in a proposed change and measure it); "
                             "may be given more than once")
    parser.add_argument("--profile", action="store_true",
                        help="cProfile the companion server; writes bench/results/server.prof "
                             "and server-profile.txt (slows the server: figures distorted)")
    parser.add_argument("--output", type=Path, default=RESULTS / "latest.json")
    # The server subprocess (internal).
    parser.add_argument("--serve", choices=("companion", "bare"), help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    parser.add_argument("--profile-out", default="", help=argparse.SUPPRESS)
    parser.add_argument("--threads", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    quick = args.quick
    defaults = {"duration": 4.0 if quick else 15.0, "warmup": 1.0 if quick else 2.0,
                "devices": [100, 500], "device_seconds": 5.0 if quick else 20.0,
                "quiet_seconds": 2.0 if quick else 5.0,
                "ramp": 2.0 if quick else 4.0, "history_actions": 60 if quick else 200,
                "peer_seconds": 4.0 if quick else 10.0, "peer_rounds": 1 if quick else 2,
                "fury_deep": 150 if quick else 500, "fury_measure": 50 if quick else 150}
    for name, value in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    return args


def profile_summary(path: Path, out: Path) -> None:
    import io
    import pstats

    text = io.StringIO()
    stats = pstats.Stats(str(path), stream=text)
    stats.strip_dirs()
    text.write("=== by own time ===\n")
    stats.sort_stats("tottime").print_stats(40)
    text.write("=== by cumulative time ===\n")
    stats.sort_stats("cumulative").print_stats(60)
    out.write_text(text.getvalue())


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.serve:
        return serve_child(args)
    ACCEPT_ENCODING.update(browser=args.accept_encoding, api=args.api_accept_encoding)
    RESULTS.mkdir(parents=True, exist_ok=True)
    if args.nice:
        os.setpriority(os.PRIO_PROCESS, 0, args.nice)   # the server subprocesses inherit it
    workdir = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    started = time.time()
    load_before = os.getloadavg()
    if load_before[0] > 1.0:
        say(f"warning: load average {load_before[0]:.1f} before the run: other processes "
            "compete for the CPU and the figures will be worse than the server's own")
    try:
        res = asyncio.run(run(args, workdir))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    res["targets"] = build_targets(res)
    res["meta"] = {
        "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "commit": git_commit(),
        "python": platform.python_version(), "cpus": os.cpu_count(),
        "quick": args.quick, "profiled": args.profile,
        "nice": os.getpriority(os.PRIO_PROCESS, 0),
        "live": args.live, "server_preload": args.server_preload,
        "run_seconds": round(time.time() - started, 1),
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in os.getloadavg()],
        "args": {k: v for k, v in vars(args).items()
                 if k not in ("serve", "port", "db", "profile_out", "output",
                              "server_preload")},
    }
    print_report(res)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(res, indent=1, default=str) + "\n")
    shown = args.output.relative_to(ROOT) if args.output.is_relative_to(ROOT) else args.output
    say(f"wrote {shown} ({res['meta']['run_seconds']} s)")
    if args.profile and (RESULTS / "server.prof").exists():
        profile_summary(RESULTS / "server.prof", RESULTS / "server-profile.txt")
        say("wrote bench/results/server.prof and server-profile.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
