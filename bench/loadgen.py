"""The benchmark's load generator: the server in a subprocess, a small HTTP/1.1 client on
raw keep-alive sockets (asyncio, standard library only), event streams as a browser's
EventSource holds them, statistics and CPU windows. Used by ``run.py`` and its phases."""

from __future__ import annotations

import asyncio
import gzip
import json
import math
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    import brotli
    from backports import zstd
except ImportError:     # .venv-pure, where only the server child runs (modes.py)
    brotli = zstd = None

ROOT = Path(__file__).resolve().parent.parent
RUN = Path(__file__).resolve().with_name("run.py")
HOST = "127.0.0.1"
CLK_TCK = os.sysconf("SC_CLK_TCK")
ROLL = {"action": "roll", "params": {"secret": False, "dice": "2d6"}}
USER_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/126.0 Mobile Safari/537.36")


def say(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", flush=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class Server:
    """A server subprocess: start, wait until it answers, read its CPU time and memory."""

    def __init__(self, kind: str, workdir: Path, profile_out: str = "",
                 preload: list[str] | None = None, python: str = sys.executable,
                 threads: int | None = None) -> None:
        """``python``: the environment's interpreter (``.venv-pure``'s serves the pure-Python
        mode, ``modes.py``)."""
        self.kind = kind
        self.port = free_port()
        self.db = str(workdir / f"{kind}-{self.port}.db")
        self.log_path = workdir / f"{kind}-{self.port}-server.log"
        cmd = [python, str(RUN), "--serve", kind, "--port", str(self.port),
               "--db", self.db, *(["--threads", str(threads)] if threads else [])]
        if profile_out:
            cmd += ["--profile-out", profile_out]
        if kind == "companion":
            for path in preload or []:
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
    """As the application wrote it (decoded when the server compressed it)."""
    seconds: float
    wire: int = 0
    """Bytes received for this answer: status line, headers and body as sent."""
    wire_body: int = 0
    """The body's bytes as sent (compressed or not)."""

    def json(self) -> Any:
        return json.loads(self.body)


DECODERS = {"gzip": gzip.decompress, "deflate": zlib.decompress,
            **({"br": brotli.decompress, "zstd": zstd.decompress} if brotli else {})}
ACCEPT_ENCODING = {"browser": "gzip, deflate, br", "api": ""}
"""What the simulated clients send as ``Accept-Encoding``: the browsers' pages and htmx's
fragments ("browser"), the phones' and bots' JSON calls ("api"; empty: none, as curl and
boardgame.io's socket frames). ``run.py --accept-encoding`` / ``--api-accept-encoding``."""


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
        wire = len(status_line)
        while True:
            line = await self.reader.readline()
            wire += len(line)
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
        sent = len(body)
        coding = headers.get("content-encoding", "").strip().lower()
        if coding and coding != "identity":
            if coding not in DECODERS:
                raise HTTPError(f"unknown Content-Encoding {coding!r}")
            body = DECODERS[coding](body)
        return Response(status, headers, cookies, body, seconds, wire + sent, sent)


def _accepting(headers: dict[str, str], who: str) -> dict[str, str]:
    if ACCEPT_ENCODING[who]:
        headers["Accept-Encoding"] = ACCEPT_ENCODING[who]
    return headers


def json_headers() -> dict[str, str]:
    return _accepting({"Content-Type": "application/json", "Accept": "application/json"},
                      "api")


def browser_headers() -> dict[str, str]:
    return _accepting({"User-Agent": USER_AGENT,
                       "Accept": "text/html,application/xhtml+xml,*/*;q=0.8",
                       "Accept-Language": "en-GB,en;q=0.9"}, "browser")


def htmx_headers(page_url: str, csrf: str) -> dict[str, str]:
    """What htmx 2 sends with a poll from ``<div id="live" hx-get=... hx-trigger="every 1s">``
    (plus the page's ``hx-headers`` CSRF token)."""
    return _accepting({"User-Agent": USER_AGENT, "Accept": "*/*",
                       "Accept-Language": "en-GB,en;q=0.9", "HX-Request": "true",
                       "HX-Current-URL": page_url, "HX-Target": "live", "HX-Trigger": "live",
                       "X-CSRFToken": csrf}, "browser")


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


async def create_tables(port: int, count: int, concurrency: int = 8,
                        seats: int = 2) -> list[TableRef]:
    names = [{"name": chr(ord("A") + i)} for i in range(seats)]
    body = json.dumps({"game": "kit", "seats": names}).encode()
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




class EventStream:
    """A screen's event stream (``/s/<token>/events`` and the like) held open as a
    browser's EventSource holds it: the newest version it announced, and when."""

    def __init__(self, port: int, path: str) -> None:
        self.port = port
        self.path = path
        self.version = 0
        self.seen: list[tuple[int, float]] = []     # (version, time it arrived)
        self.changed = asyncio.Event()
        self.errors = 0
        self._task: asyncio.Task[None] | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def open(self) -> bool:
        """Connect and read the response head; False if the server refused the stream."""
        try:
            reader, self._writer = await asyncio.open_connection(HOST, self.port)
            self._writer.write((f"GET {self.path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n"
                                f"User-Agent: {USER_AGENT}\r\nAccept: text/event-stream\r\n"
                                "Cache-Control: no-cache\r\n\r\n").encode())
            status = await reader.readline()
            chunked = False
            while (line := await reader.readline()) not in (b"\r\n", b""):
                chunked |= line.lower().startswith(b"transfer-encoding: chunked")
        except (OSError, asyncio.IncompleteReadError):
            self.errors += 1
            return False
        if b" 200 " not in status:
            self.errors += 1
            self.close()
            return False
        self._task = asyncio.create_task(self._read(reader, chunked))
        return True

    async def _read(self, reader: asyncio.StreamReader, chunked: bool) -> None:
        pending = b""
        try:
            while True:
                if chunked:
                    size = int((await reader.readline()).split(b";")[0] or b"0", 16)
                    if size == 0:
                        return
                    data = (await reader.readexactly(size + 2))[:-2]
                else:
                    data = await reader.read(4096)
                    if not data:
                        return
                pending += data
                while b"\n\n" in pending:
                    event, pending = pending.split(b"\n\n", 1)
                    for line in event.split(b"\n"):
                        if line.startswith(b"data:") and int(line[5:].split()[0]) > self.version:
                            self.version = int(line[5:].split()[0])
                            self.seen.append((self.version, time.perf_counter()))
                            self.changed.set()
        except (OSError, asyncio.IncompleteReadError, ValueError):
            self.errors += 1

    async def until(self, version: int, timeout: float) -> float | None:
        """When the stream announced ``version`` or newer (None: not within ``timeout``)."""
        deadline = time.perf_counter() + timeout
        while self.version < version:
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            try:
                await asyncio.wait_for(self.changed.wait(), timeout=left)
            except TimeoutError:
                return None
        # The first arrival at or past ``version``, looked for from the newest back: the
        # list grows all run long, and a scan from its start made the load generator's own
        # time per move grow with it (a sixth of its CPU by the end of a 10 s run).
        arrived = None
        for seen, at in reversed(self.seen):
            if seen < version:
                break
            arrived = at
        return arrived

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._writer is not None:
            self._writer.close()
        self._task = self._writer = None
