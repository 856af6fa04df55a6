#!/usr/bin/env python3
"""Table Companion benchmark: the real server (waitress, as ``companion serve`` starts it)
under a light load generator in this process (asyncio, raw HTTP/1.1 keep-alive sockets).

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
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
SSE_PRELOAD = ROOT / "bench" / "experiments" / "sse.py"
HOST = "127.0.0.1"
CLK_TCK = os.sysconf("SC_CLK_TCK")
MB = 1024 * 1024
ROLL = {"action": "roll", "params": {"secret": False, "dice": "2d6"}}
USER_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/126.0 Mobile Safari/537.36")

# Targets (ARCHITECTURE.md and the benchmark brief); printed beside each figure.
TARGET_RATIO = 0.50          # action throughput / bare Flask throughput
TARGET_P99_MS = 50.0         # actor p99 with 500 connected devices
TARGET_PROPAGATION_S = 1.0   # p95 from an action to another screen showing it
TARGET_PAGE_KB = 60.0        # seat page with its static assets
TARGET_RSS_MB = 80.0         # server RSS with 100 live tables


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
    """WSGI middleware: one cProfile profiler per waitress worker thread, merged at exit."""

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
            body = self.app(environ, start_response)
            try:
                return [b"".join(body)]
            finally:
                if hasattr(body, "close"):
                    body.close()
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
    serves it (``companion/serving.py``: gevent, its bounds); every simulated device
    shares this machine's address, so the per-client cap is lifted."""
    from companion import serving

    for preload in args.server_preload:
        # An experiment: a Python file run before the app is made, e.g. one that patches
        # companion.db to measure a proposed change without editing the app.
        import runpy

        runpy.run_path(preload, run_name="bench_preload")
    if args.serve == "companion":
        from companion import create_app

        app = create_app(overrides={"DATABASE": args.db,
                                    "PUBLIC_URL": f"http://{HOST}:{args.port}"})
    else:
        app = bare_app(args.db)
    wsgi = app
    if args.profile_out:
        wsgi = Profiled(app, args.profile_out)

        def stop(signum: int, frame: Any) -> None:
            wsgi.dump()
            os._exit(0)

        signal.signal(signal.SIGTERM, stop)
    serving.make_server(wsgi, HOST, args.port, per_client=100_000).run()
    return 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class Server:
    """A server subprocess: start, wait until it answers, read its CPU time and memory."""

    def __init__(self, kind: str, args: argparse.Namespace, workdir: Path,
                 profile_out: str = "", threads: int | None = None,
                 preload: str | None = None) -> None:
        self.kind = kind
        self.port = free_port()
        self.threads = threads or args.threads
        self.db = str(workdir / f"{kind}-{self.port}.db")
        self.log_path = workdir / f"{kind}-{self.port}-server.log"
        cmd = [sys.executable, str(Path(__file__).resolve()), "--serve", kind,
               "--port", str(self.port), "--threads", str(self.threads), "--db", self.db]
        if profile_out:
            cmd += ["--profile-out", profile_out]
        if args.use_poll:
            cmd.append("--use-poll")
        if kind == "companion":
            for path in [*args.server_preload, *([preload] if preload else [])]:
                cmd += ["--server-preload", str(Path(path).resolve())]
        with open(self.log_path, "w") as log:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        self.pid = self.proc.pid
        self._wait_ready("/api/games" if kind == "companion" else "/bare")

    def _wait_ready(self, path: str) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"the {self.kind} server exited:\n{self.log_path.read_text()}")
            try:
                with socket.create_connection((HOST, self.port), timeout=2) as sock:
                    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n"
                                 "Connection: close\r\n\r\n".encode())
                    if sock.recv(64).startswith(b"HTTP/1.1 200"):
                        return
            except OSError:
                pass
            time.sleep(0.1)
        raise SystemExit(f"the {self.kind} server did not answer within 60 s")

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK

    def memory(self) -> dict[str, float]:
        out = {}
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM", "Threads"):
                number = int(value.split()[0])
                out[name] = number if name == "Threads" else round(number / 1024, 1)
        return out

    def stop(self) -> None:
        if self.proc.poll() is not None:
            tail = self.log_path.read_text(errors="replace").splitlines()[-15:]
            say(f"the {self.kind} server had exited by itself (status {self.proc.returncode}):")
            print("\n".join("    " + line for line in tail), flush=True)
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# --- a small HTTP/1.1 client ------------------------------------------------------------


class HTTPError(Exception):
    pass


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    cookies: dict[str, str]
    body: bytes
    seconds: float

    def json(self) -> Any:
        return json.loads(self.body)


class Conn:
    """One keep-alive connection, as a browser tab or an htmx poller holds one."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cookies: dict[str, str] = {}

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        sock = self.writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: bytes | None = None,
                      headers: dict[str, str] | None = None) -> Response:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
        for name, value in (headers or {}).items():
            lines.append(f"{name}: {value}")
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if body is not None:
            lines.append(f"Content-Length: {len(body)}")
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")
        for attempt in (0, 1):
            fresh = self.writer is None
            if fresh:
                await self._open()
            assert self.reader is not None and self.writer is not None
            start = time.perf_counter()
            try:
                self.writer.write(raw)
                response = await self._read(method, start)
            except (ConnectionError, asyncio.IncompleteReadError, HTTPError):
                self.close()
                if fresh or attempt:
                    raise
                continue  # the server closed an idle keep-alive connection: reopen once
            return response
        raise AssertionError("unreachable")

    async def _read(self, method: str, start: float) -> Response:
        assert self.reader is not None
        status_line = await self.reader.readline()
        if not status_line:
            raise HTTPError("connection closed")
        status = int(status_line.split(b" ", 2)[1])
        headers: dict[str, str] = {}
        cookies: dict[str, str] = {}
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                key, _, rest = value.partition("=")
                cookies[key] = rest.split(";", 1)[0]
            headers[name] = value
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            body = b""
        elif "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while True:
                size = int((await self.reader.readline()).split(b";")[0], 16)
                if size == 0:
                    await self.reader.readline()
                    break
                parts.append(await self.reader.readexactly(size))
                await self.reader.readline()
            body = b"".join(parts)
        else:
            body = await self.reader.read()
            headers["connection"] = "close"
        seconds = time.perf_counter() - start
        self.cookies.update(cookies)
        if headers.get("connection", "").lower() == "close":
            self.close()
        return Response(status, headers, cookies, body, seconds)


def json_headers() -> dict[str, str]:
    return {"Content-Type": "application/json", "Accept": "application/json"}


def browser_headers() -> dict[str, str]:
    return {"User-Agent": USER_AGENT, "Accept": "text/html,application/xhtml+xml,*/*;q=0.8",
            "Accept-Language": "en-GB,en;q=0.9", "Accept-Encoding": "gzip, deflate, br"}


def htmx_headers(page_url: str, csrf: str) -> dict[str, str]:
    """What htmx 2 sends with a poll from ``<div id="live" hx-get=... hx-trigger="every 1s">``
    (plus the page's ``hx-headers`` CSRF token)."""
    return {"User-Agent": USER_AGENT, "Accept": "*/*", "Accept-Language": "en-GB,en;q=0.9",
            "Accept-Encoding": "gzip, deflate, br", "HX-Request": "true",
            "HX-Current-URL": page_url, "HX-Target": "live", "HX-Trigger": "live",
            "X-CSRFToken": csrf}


VERSION_RE = re.compile(rb'data-version="(\d+)"')
CSRF_RE = re.compile(rb'"X-CSRFToken": "([^"]*)"')
ASSET_RE = re.compile(rb'<(?:link|script)\b[^>]*?(?:href|src)="(/[^"]+)"')


def page_version(body: bytes) -> int:
    found = VERSION_RE.search(body)
    if found is None:
        raise HTTPError("no data-version in the page")
    return int(found.group(1))


# --- statistics ---------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float | None:
    """The q-quantile (0..1) by linear interpolation; None for no samples."""
    if not values:
        return None
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    low, high = math.floor(k), math.ceil(k)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 2)


def latency_summary(values: list[float]) -> dict[str, Any]:
    return {"n": len(values), "p50_ms": ms(pct(values, 0.5)), "p95_ms": ms(pct(values, 0.95)),
            "p99_ms": ms(pct(values, 0.99)), "max_ms": ms(max(values) if values else None)}


def machine_busy_seconds() -> float:
    """CPU seconds spent by every process on the machine since boot (all cores)."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / CLK_TCK


class CPUWindow:
    """CPU used over a time window by the server process, by this load generator, and by
    everything else on the machine (other people's tests compete for the same 2 cores)."""

    def __init__(self, servers: list[Server]) -> None:
        self.servers = servers
        self.start_wall = time.perf_counter()
        self.start_server = sum(s.cpu_seconds() for s in servers)
        self.start_client = time.process_time()
        self.start_machine = machine_busy_seconds()

    def done(self) -> dict[str, float]:
        wall = time.perf_counter() - self.start_wall
        server = sum(s.cpu_seconds() for s in self.servers) - self.start_server
        client = time.process_time() - self.start_client
        machine = machine_busy_seconds() - self.start_machine
        return {"server_cpu_pct": round(100 * server / wall, 1),
                "loadgen_cpu_pct": round(100 * client / wall, 1),
                "other_cpu_pct": round(max(0.0, 100 * (machine - server - client) / wall), 1)}


async def wait_quiet(servers: list[Server], max_wait: float, threshold: float = 20.0) -> None:
    """Wait (at most ``max_wait`` s) until the rest of the machine uses under ``threshold``
    % of a core, so that a phase does not start during someone else's test run."""
    if max_wait <= 0:
        return
    deadline = time.perf_counter() + max_wait
    while True:
        window = CPUWindow(servers)
        await asyncio.sleep(2.0)
        other = window.done()["other_cpu_pct"]
        if other < threshold:
            return
        if time.perf_counter() >= deadline:
            say(f"the machine is still busy ({other:.0f} % of a core used by others): "
                "measuring anyway")
            return


# --- building tables through the JSON API --------------------------------------------------


@dataclass
class Seat:
    token: str
    seat: int
    version: int = 1


@dataclass
class TableRef:
    code: str
    host_token: str
    seats: list[Seat] = field(default_factory=list)


class Keys:
    """Idempotency keys: unique per run, at most 64 characters."""

    def __init__(self) -> None:
        self.prefix = f"b{os.getpid():x}{random.getrandbits(24):x}-"
        self.n = 0

    def __call__(self) -> str:
        self.n += 1
        return f"{self.prefix}{self.n}"


async def create_tables(port: int, count: int, concurrency: int = 8) -> list[TableRef]:
    body = json.dumps({"game": "kit", "seats": [{"name": "A"}, {"name": "B"}]}).encode()
    made: list[TableRef] = []

    async def worker(n: int) -> None:
        conn = Conn(port)
        for _ in range(n):
            answer = await conn.request("POST", "/api/tables", body, json_headers())
            if answer.status != 201:
                raise HTTPError(f"create table: {answer.status} {answer.body[:200]!r}")
            data = answer.json()
            made.append(TableRef(data["code"], data["host_token"],
                                 [Seat(s["token"], i) for i, s in enumerate(data["seats"])]))
        conn.close()

    share = [count // concurrency + (1 if i < count % concurrency else 0)
             for i in range(concurrency)]
    await asyncio.gather(*(worker(n) for n in share if n))
    conn = Conn(port)
    for table in made:
        for seat in table.seats:
            answer = await conn.request("GET", f"/api/s/{seat.token}", None, json_headers())
            seat.version = answer.json()["version"]
    conn.close()
    return made


async def act(conn: Conn, seat: Seat, keys: Keys) -> Response:
    """One roll, posted as the JSON API's clients post it; keeps the seat's version."""
    body = json.dumps(dict(ROLL, version=seat.version, key=keys())).encode()
    answer = await conn.request("POST", f"/api/s/{seat.token}/act", body, json_headers())
    if answer.status in (200, 409):
        seat.version = answer.json()["version"]
    return answer


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
    conn = Conn(port)
    seat = table.seats[0]
    page = await conn.request("GET", f"/s/{seat.token}", None, browser_headers())
    if page.status != 200:
        raise HTTPError(f"seat page: {page.status}")
    compressed_by_server = page.headers.get("content-encoding", "") == "gzip"
    csrf_found = CSRF_RE.search(page.body)
    csrf = csrf_found.group(1).decode() if csrf_found else ""
    assets = {}
    for raw_path in dict.fromkeys(ASSET_RE.findall(page.body)):
        path = raw_path.decode().replace("&amp;", "&")
        answer = await conn.request("GET", path, None, browser_headers())
        kind = path.split("?")[0].rsplit("/", 1)[-1]
        assets[kind] = {"path": path, "status": answer.status, "bytes": len(answer.body),
                        "gzip_bytes": gz(answer.body),
                        "server_gzip": answer.headers.get("content-encoding") == "gzip"}
    page_url = f"http://{HOST}:{port}/s/{seat.token}"
    live = await conn.request("GET", f"/s/{seat.token}/live", None, htmx_headers(page_url, csrf))
    table_page = await conn.request("GET", f"/t/{table.code}", None, browser_headers())
    conn.close()
    counted = {k: v for k, v in assets.items() if k.endswith((".css", ".js"))}
    total = len(page.body) + sum(a["bytes"] for a in counted.values())
    total_gz = gz(page.body) + sum(a["gzip_bytes"] for a in counted.values())
    return {
        "seat_html_bytes": len(page.body), "seat_html_gzip_bytes": gz(page.body),
        "server_compresses": compressed_by_server,
        "assets": assets,
        "page_with_assets_bytes": total, "page_with_assets_gzip_bytes": total_gz,
        "live_fragment_bytes": len(live.body), "live_fragment_gzip_bytes": gz(live.body),
        "table_html_bytes": len(table_page.body),
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
    server = Server("bare", args, workdir)
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


async def phase_devices(server: Server, n_devices: int, args: argparse.Namespace,
                        live: str = "poll") -> dict[str, Any]:
    """``n_devices`` screens (two seat phones and the table tablet per table) each polling its
    live fragment every second as htmx does, while one actor acts on their tables.

    With ``live="sse"`` (the server runs ``experiments/sse.py``) each device instead holds an
    event stream open and fetches its fragment when an event announces a new version."""
    tables = await create_tables(server.port, math.ceil(n_devices / 3))
    devices: list[Device] = []
    for table in tables:
        for seat in table.seats:
            devices.append(Device("seat", table, seat.seat, f"/s/{seat.token}",
                                  f"/s/{seat.token}/live", Conn(server.port)))
        devices.append(Device("table", table, None, f"/t/{table.code}",
                              f"/t/{table.code}/live", Conn(server.port)))
    devices = devices[:n_devices]
    loop_start = time.perf_counter()
    ramp = args.ramp
    t_poll = loop_start + ramp                      # every device polls from here on
    t_measure = t_poll + 1.0                        # first second: phases still settling
    t_end = t_measure + args.device_seconds
    t_actor_end = t_end - 2.0                       # leave time to see the last actions
    polls: dict[str, list[float]] = {"204": [], "200": [], "other": []}
    counters: Counter[str] = Counter()
    actions: list[tuple[str, int, int, float]] = []   # (code, seat, new version, sent at)
    actor_latencies: list[float] = []
    actor_statuses: Counter[int] = Counter()

    async def open_page(device: Device, delay: float) -> None:
        await asyncio.sleep(delay)
        answer = await device.conn.request("GET", device.page, None, browser_headers())
        if answer.status != 200:
            raise HTTPError(f"{device.page}: {answer.status}")
        device.version = page_version(answer.body)
        found = CSRF_RE.search(answer.body)
        device.csrf = found.group(1).decode() if found else ""

    if live == "poll":
        await asyncio.gather(*(open_page(d, random.uniform(0, ramp * 0.8)) for d in devices))
        late = time.perf_counter() - t_poll
        if late > 0:        # opening every page took longer than the ramp: start from now
            say(f"opening {len(devices)} pages overran the ramp by {late:.1f} s")
            t_poll, t_measure, t_end, t_actor_end = (t + late for t in
                                                     (t_poll, t_measure, t_end, t_actor_end))

    async def fetch(device: Device, headers: dict[str, str]) -> None:
        """An event announced a newer version: get the fragment, as htmx would on the event."""
        sent = time.perf_counter()
        try:
            answer = await asyncio.wait_for(
                device.conn.request("GET", f"{device.live}?v={device.version}", None, headers),
                timeout=8.0)
        except (OSError, HTTPError, asyncio.IncompleteReadError, TimeoutError) as error:
            device.conn.close()
            counters["poll_errors"] += 1
            counters[f"error_{type(error).__name__}"] += 1
            return
        done = time.perf_counter()
        if answer.status == 200:
            device.version = page_version(answer.body)
            device.seen.append((device.version, done))
        if t_measure <= sent and done <= t_end:
            key = str(answer.status) if answer.status in (200, 204) else "other"
            polls[key].append(answer.seconds)

    async def listen(device: Device, delay: float) -> None:
        """Open the page, then its event stream, and read events until the phase ends."""
        await open_page(device, delay)
        headers = htmx_headers(f"http://{HOST}:{server.port}{device.page}", device.csrf)
        path = device.live.rsplit("/", 1)[0] + "/events"
        reader, writer = await asyncio.open_connection(HOST, server.port)
        writer.write((f"GET {path} HTTP/1.1\r\nHost: {HOST}:{server.port}\r\n"
                      f"User-Agent: {USER_AGENT}\r\nAccept: text/event-stream\r\n"
                      "Cache-Control: no-cache\r\n\r\n").encode())
        try:
            status = await reader.readline()
            if b" 200 " not in status:
                counters["stream_errors"] += 1
                return
            chunked = False
            while (line := await reader.readline()) not in (b"\r\n", b""):
                chunked |= line.lower().startswith(b"transfer-encoding: chunked")
            counters["streams_open"] += 1
            pending = b""
            while (remaining := t_end - time.perf_counter()) > 0:
                if chunked:
                    size_line = await asyncio.wait_for(reader.readline(), timeout=remaining)
                    size = int(size_line.split(b";")[0] or b"0", 16)
                    if size == 0:
                        break
                    data = (await reader.readexactly(size + 2))[:-2]
                else:
                    data = await asyncio.wait_for(reader.read(4096), timeout=remaining)
                    if not data:
                        break
                pending += data
                while b"\n\n" in pending:
                    event, pending = pending.split(b"\n\n", 1)
                    for field_line in event.split(b"\n"):
                        if (field_line.startswith(b"data:")
                                and int(field_line[5:]) > device.version):
                            await fetch(device, headers)
        except TimeoutError:
            pass
        except (OSError, asyncio.IncompleteReadError, ValueError):
            counters["stream_errors"] += 1
        finally:
            writer.close()

    async def poll(device: Device) -> None:
        url = f"http://{HOST}:{server.port}{device.page}"
        headers = htmx_headers(url, device.csrf)
        tick = t_poll + random.uniform(0, 1.0)
        while tick < t_end:
            await asyncio.sleep(max(0.0, tick - time.perf_counter()))
            sent = time.perf_counter()
            try:
                answer = await asyncio.wait_for(
                    device.conn.request("GET", f"{device.live}?v={device.version}", None,
                                        headers), timeout=8.0)   # htmx's configured timeout
            except (OSError, HTTPError, asyncio.IncompleteReadError, TimeoutError) as error:
                device.conn.close()
                if sent >= t_measure:
                    counters["poll_errors"] += 1
                    counters[f"error_{type(error).__name__}"] += 1
                tick += 1.0
                continue
            done = time.perf_counter()
            measured = t_measure <= sent and done <= t_end
            if answer.status == 200:
                device.version = page_version(answer.body)
                device.seen.append((device.version, done))
                # outerHTML swap: the new element starts its own "every 1s" timer.
                tick = done + 1.0
            else:
                tick += 1.0
            if measured:
                key = str(answer.status) if answer.status in (200, 204) else "other"
                polls[key].append(answer.seconds)
            late = 0
            while tick < done:          # htmx drops a tick while its request is in flight
                tick += 1.0
                late += 1
            if measured:
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
        await asyncio.sleep(max(0.0, t_measure - time.perf_counter()))
        window = CPUWindow([server])
        await asyncio.sleep(max(0.0, t_end - 0.5 - time.perf_counter()))
        memory = server.memory()
        await asyncio.sleep(max(0.0, t_end - time.perf_counter()))
        return dict(window.done(), rss_mb=memory["VmRSS"], server_threads=memory["Threads"])

    if live == "sse":
        watchers = [listen(d, random.uniform(0, ramp * 0.8)) for d in devices]
    else:
        watchers = [poll(d) for d in devices]
    results = await asyncio.gather(sampler(), actor(), *watchers)
    for device in devices:
        device.conn.close()

    # Propagation: from the actor sending an action to each *other* screen of that table
    # first showing a version at least as new.
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
        "live": live, "waitress_threads": server.threads,
        "devices": len(devices), "tables": len(tables), "seconds": args.device_seconds,
        "streams_open": counters["streams_open"], "stream_errors": counters["stream_errors"],
        "polls_per_s": round(measured_polls / args.device_seconds, 1),
        "expected_polls_per_s": len(devices) if live == "poll" else None,
        "poll": latency_summary(polls["204"] + polls["200"] + polls["other"]),
        "poll_204": latency_summary(polls["204"]),
        "poll_200": latency_summary(polls["200"]),
        "poll_other_status": len(polls["other"]),
        "late_ticks": counters["late_ticks"],
        "poll_errors": counters["poll_errors"],
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


def build_targets(res: dict[str, Any]) -> list[dict[str, Any]]:
    out = []

    def add(name: str, value: Any, target: str, met: bool | None) -> None:
        out.append({"figure": name, "value": value, "target": target, "met": met})

    ratio = res.get("throughput_ratio")
    add("action throughput / bare Flask", ratio, f">= {TARGET_RATIO:.2f}",
        None if ratio is None else ratio >= TARGET_RATIO)
    for n, phase in sorted(res.get("devices", {}).items(), key=lambda kv: int(kv[0])):
        p99 = phase["actor"]["p99_ms"]
        big = int(n) >= 500
        add(f"actor p99 with {n} devices (ms)", p99, f"< {TARGET_P99_MS:.0f}" if big else "info",
            (p99 is not None and p99 < TARGET_P99_MS) if big else None)
        p95 = phase["propagation"]["p95_s"]
        add(f"propagation p95 with {n} devices (s)", p95, f"< {TARGET_PROPAGATION_S:.0f}",
            p95 < TARGET_PROPAGATION_S)
    weight = res.get("page_bytes", {}).get("fresh")
    if weight:
        raw_kb = round(weight["page_with_assets_bytes"] / 1024, 1)
        gz_kb = round(weight["page_with_assets_gzip_bytes"] / 1024, 1)
        add("seat page + assets, raw as served (KB)", raw_kb, f"<= {TARGET_PAGE_KB:.0f}",
            raw_kb <= TARGET_PAGE_KB)
        add("seat page + assets, gzip (KB)", gz_kb, f"<= {TARGET_PAGE_KB:.0f}",
            gz_kb <= TARGET_PAGE_KB)
    memory = res.get("memory")
    if memory:
        add(f"server RSS, {memory['tables']} live tables (MB)", memory["rss_mb"],
            f"<= {TARGET_RSS_MB:.0f}", memory["rss_mb"] <= TARGET_RSS_MB)
    return out


def cpu(phase: dict[str, Any]) -> str:
    return (f"{phase['server_cpu_pct']} / {phase['loadgen_cpu_pct']} / "
            f"{phase['other_cpu_pct']}")


def print_report(res: dict[str, Any]) -> None:
    rows: list[tuple[str, str, str, str]] = []

    def row(name: str, value: str, target: str = "", met: bool | None = None) -> None:
        rows.append((name, value, target, "" if met is None else ("met" if met else "MISSED")))

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
    targets = {t["figure"]: t for t in res["targets"]}

    def target_row(name: str, shown: str) -> None:
        t = targets.get(name)
        if t:
            row(name, shown, t["target"], t["met"])

    ratio = res.get("throughput_ratio")
    target_row("action throughput / bare Flask", fmt(ratio))
    if res.get("throughput_ratio_to_write") is not None:
        row("action throughput / bare Flask + 1 SQLite write",
            fmt(res["throughput_ratio_to_write"]))
    for n, d in sorted(res.get("devices", {}).items(), key=lambda kv: int(kv[0])):
        if d["live"] == "sse":
            row(f"{n} devices: SSE streams open / errors ({d['waitress_threads']} threads)",
                f"{d['streams_open']} / {d['stream_errors']}")
            row(f"{n} devices: fragment fetches/s", f"{d['polls_per_s']}")
            row(f"{n} devices: fetch p50 / p99 (ms)",
                f"{fmt(d['poll']['p50_ms'])} / {fmt(d['poll']['p99_ms'])}")
        else:
            row(f"{n} devices: polls/s (expected {d['expected_polls_per_s']})",
                f"{d['polls_per_s']}  (late ticks {d['late_ticks']}, errors {d['poll_errors']})")
            row(f"{n} devices: poll p50 / p99 (ms)",
                f"{fmt(d['poll']['p50_ms'])} / {fmt(d['poll']['p99_ms'])}")
            row(f"{n} devices: poll 204 p50 / 200 p50 (ms)",
                f"{fmt(d['poll_204']['p50_ms'])} / {fmt(d['poll_200']['p50_ms'])}")
        row(f"{n} devices: server RSS (MB) / threads", f"{d['rss_mb']} / {d['server_threads']}")
        row(f"{n} devices: actor p50 (ms)", fmt(d["actor"]["p50_ms"]))
        target_row(f"actor p99 with {n} devices (ms)", fmt(d["actor"]["p99_ms"]))
        row(f"{n} devices: propagation p50 (s)", f"{d['propagation']['p50_s']:.3f}")
        target_row(f"propagation p95 with {n} devices (s)", f"{d['propagation']['p95_s']:.3f}")
        row(f"{n} devices: CPU server / loadgen / others (%)", cpu(d))
        row(f"{n} devices: server CPU per request (ms)", fmt(d["server_cpu_ms_per_request"]))
    weight = res.get("page_bytes", {})
    if weight:
        fresh, busy = weight["fresh"], weight["busy"]
        row("seat HTML, fresh table (bytes raw / gzip)",
            f"{fresh['seat_html_bytes']} / {fresh['seat_html_gzip_bytes']}")
        for name, asset in fresh["assets"].items():
            row(f"  asset {name} (bytes raw / gzip)", f"{asset['bytes']} / {asset['gzip_bytes']}")
        target_row("seat page + assets, raw as served (KB)",
                   fmt(round(fresh["page_with_assets_bytes"] / 1024, 1)))
        target_row("seat page + assets, gzip (KB)",
                   fmt(round(fresh["page_with_assets_gzip_bytes"] / 1024, 1)))
        row("server compresses responses", "yes" if fresh["server_compresses"] else "no")
        row("live fragment, fresh table (bytes raw / gzip)",
            f"{fresh['live_fragment_bytes']} / {fresh['live_fragment_gzip_bytes']}")
        row(f"live fragment, {busy['actions']} actions (bytes raw / gzip)",
            f"{busy['live_fragment_bytes']} / {busy['live_fragment_gzip_bytes']}")
        row(f"seat HTML, {busy['actions']} actions (bytes raw)", str(busy["seat_html_bytes"]))
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


def say(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", flush=True)


async def run(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    res: dict[str, Any] = {}
    profile_out = str(RESULTS / "server.prof") if args.profile else ""
    server = Server("companion", args, workdir, profile_out)
    say(f"companion server pid {server.pid} on port {server.port}, {args.threads} threads")
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
                if args.live == "sse":
                    say(f"{n} connected devices on event streams (experiments/sse.py, "
                        f"{n + args.threads} threads), actor at {args.actor_rate:g}/s, "
                        f"{args.ramp:g}+{args.device_seconds:g} s")
                    streams = Server("companion", args, workdir, threads=n + args.threads,
                                     preload=str(SSE_PRELOAD))
                    try:
                        res["devices"][str(n)] = await phase_devices(streams, n, args, "sse")
                    finally:
                        streams.stop()
                    continue
                say(f"{n} connected devices polling every 1 s, actor at {args.actor_rate:g}/s, "
                    f"{args.ramp:g}+{args.device_seconds:g} s")
                res["devices"][str(n)] = await phase_devices(server, n, args)
        if "history" in args.phases:
            await wait_quiet([server], args.wait_quiet)
            say(f"history: {args.history_actions} sequential actions on one table")
            res["history"] = await phase_history(server, args)
        end = server.memory()
        res["rss_end_mb"], res["peak_rss_end_mb"] = end["VmRSS"], end["VmHWM"]
    finally:
        server.stop()
    return res


PHASES = ("memory", "bytes", "actions", "bare", "devices", "history")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a ~30 s run with shorter phases")
    parser.add_argument("--threads", type=int, default=8,
                        help="waitress threads (default 8, as `companion serve`)")
    parser.add_argument("--clients", type=int, default=16,
                        help="concurrent connections in the throughput phases (default 16)")
    parser.add_argument("--tables", type=int, default=50,
                        help="tables (2 seats each) in the action throughput phase")
    parser.add_argument("--duration", type=float, help="seconds measured per throughput phase")
    parser.add_argument("--warmup", type=float, help="seconds of warm-up before measuring")
    parser.add_argument("--devices", type=int, nargs="+", help="device counts (default 100 500)")
    parser.add_argument("--device-seconds", type=float, help="seconds measured per device phase")
    parser.add_argument("--ramp", type=float, help="seconds to open every device's page")
    parser.add_argument("--actor-rate", type=float, default=10.0,
                        help="actions per second by the actor in the device phases")
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
    parser.add_argument("--live", choices=("poll", "sse"), default="poll",
                        help="how devices learn of a new version: poll every second as the app "
                             "does (default), or experiment: event streams (experiments/sse.py,"
                             " on a server with devices + --threads threads)")
    parser.add_argument("--use-poll", action="store_true",
                        help="experiment: waitress asyncore_use_poll=True (not the CLI's)")
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
    args = parser.parse_args(argv)
    quick = args.quick
    defaults = {"duration": 4.0 if quick else 15.0, "warmup": 1.0 if quick else 2.0,
                "devices": [100, 500], "device_seconds": 5.0 if quick else 25.0,
                "ramp": 2.0 if quick else 4.0, "history_actions": 60 if quick else 200}
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
        "threads": args.threads, "quick": args.quick, "profiled": args.profile,
        "nice": os.getpriority(os.PRIO_PROCESS, 0),
        "live": args.live, "use_poll": args.use_poll, "server_preload": args.server_preload,
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
