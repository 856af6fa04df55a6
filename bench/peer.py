"""Phase ``peer``: Table Companion beside boardgame.io, in one run, at the same loads.

boardgame.io's server (the peer in ``../shared/peers/boardgame.io``: a secret-hand card
game, two players per match taking turns) runs as its README says, its npm folder made
once in ``bench/results/peer-boardgame.io/`` (git-ignored). ``peer_bgio.js`` is the peer's
``bench.js`` with one figure more (propagation). Table Companion plays the same game shape
on the referee kit: per table two phones, each with its event stream open and a keep-alive
connection for actions; the phone whose turn it is draws a card (or discards its oldest
once it holds five, or reshuffles an empty deck), and the other phone acts as soon as its
stream announces that version. A move's latency is the action's answer (it carries the
mover's new view, as boardgame.io's state update does); propagation is from the call to
the other phone's stream announcing it.

boardgame.io runs with each storage named by ``--peer-storage`` (both by default): its
in-memory one (a restart loses every match) and FlatFile, its one built-in durable storage
(``STORAGE=flatfile``: node-persist, a file per match rewritten on every move, after the
move was sent to the clients). Ours commits every move before it answers, so FlatFile is
the like-for-like peer; each pair of runs is then a triple, the peer's storages first, and
our figures are divided by each.

Each phone keeps the log lines it was sent and asks only for the new ones (``log_since``,
as boardgame.io's clients receive only the new log entries); ``--peer-log full`` has every
answer carry the newest 40 lines instead, as the API does when not asked.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import time
from pathlib import Path
from typing import Any

from loadgen import (
    HOST,
    ROOT,
    Conn,
    CPUWindow,
    EventStream,
    HTTPError,
    Keys,
    Server,
    create_tables,
    json_headers,
    latency_summary,
    pct,
    say,
    wait_quiet,
)

PEER = ROOT.parent / "shared" / "peers" / "boardgame.io"
PEER_FILES = ("package.json", "game.js", "server.js")
HARNESS = Path(__file__).resolve().with_name("peer_bgio.js")
HAND = 5
"""The peer's hand limit (``game.js``: the oldest card leaves past five)."""


def prepare(peer: Path, folder: Path) -> str | None:
    """The peer's npm folder ready to run; a sentence why not (no node, install failed)."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "node and npm are not installed: boardgame.io is not run"
    if not (peer / "server.js").exists():
        return f"no boardgame.io peer at {peer}"
    folder.mkdir(parents=True, exist_ok=True)
    for name in PEER_FILES:
        shutil.copyfile(peer / name, folder / name)
    shutil.copyfile(HARNESS, folder / HARNESS.name)
    if not (folder / "node_modules" / "boardgame.io").exists():
        say(f"npm install in {folder} (once)")
        import subprocess

        done = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"],
                              cwd=folder, capture_output=True, text=True, timeout=600)
        if done.returncode:
            return f"npm install failed: {done.stderr.strip()[-300:]}"
    return None


def free_pair() -> int:
    """A port whose next port is free too (the peer's lobby API listens on port + 1)."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind((HOST, 0))
            port = probe.getsockname()[1]
        with socket.socket() as probe:
            try:
                probe.bind((HOST, port + 1))
            except OSError:
                continue
        return port
    raise OSError("no two free ports in a row")


def process_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


STORAGES = ("memory", "flatfile")
"""boardgame.io's storages: its default in memory, and FlatFile (durable, on disk)."""


async def run_bgio(folder: Path, tables: int, warmup: float, seconds: float,
                   storage: str = "memory", files: Path | None = None) -> dict[str, Any]:
    """One run of the peer: its server (``storage`` "memory" or "flatfile", the matches
    then in ``files``, emptied first), then the harness with TABLES x 2 clients."""
    port = free_pair()
    env = dict(os.environ, PORT=str(port), TABLES=str(tables), SECONDS=str(seconds),
               WARMUP=str(warmup), STORAGE=storage)
    if storage == "flatfile":
        files = files or folder / "matches"
        shutil.rmtree(files, ignore_errors=True)
        files.mkdir(parents=True)
        env["DIR"] = str(files)
    server = await asyncio.create_subprocess_exec(
        "node", "server.js", cwd=folder, env=env, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT)
    try:
        assert server.stdout is not None
        deadline = time.perf_counter() + 60
        line = b""
        while not line.startswith(b"ready"):
            line = await asyncio.wait_for(server.stdout.readline(),
                                          timeout=max(0.1, deadline - time.perf_counter()))
            if not line:
                raise HTTPError("the boardgame.io server exited")
        started = process_cpu(server.pid)
        wall = time.perf_counter()
        harness = await asyncio.create_subprocess_exec(
            "node", HARNESS.name, cwd=folder, env=env, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(harness.communicate(), timeout=seconds + 120)
        cpu = process_cpu(server.pid) - started
        wall = time.perf_counter() - wall
        lines = [x for x in out.decode().splitlines() if x.startswith("{")]
        if not lines:
            raise HTTPError(f"boardgame.io harness: {err.decode()[-300:]}")
        found = json.loads(lines[-1])
        found["storage"] = storage
        found["server_cpu_pct"] = round(100 * cpu / wall, 1)
        if found["moves_per_s"]:
            found["server_cpu_ms_per_move"] = round(
                1000 * cpu / wall / found["moves_per_s"], 3)
        return found
    finally:
        server.terminate()
        await server.wait()
        if storage == "flatfile" and files is not None:
            shutil.rmtree(files, ignore_errors=True)


async def run_companion(server: Server, tables: int, warmup: float, seconds: float,
                        log: str = "kept") -> dict[str, Any]:
    """Table Companion at the same load: ``tables`` x 2 phones taking turns (``log``:
    "kept", each phone asks for the lines since the version it holds, or "full")."""
    made = await create_tables(server.port, tables)
    latencies: list[float] = []
    propagation: list[float] = []
    statuses: dict[str, int] = {}
    keys = Keys()
    ready = asyncio.Event()
    clock: dict[str, float] = {}

    async def play(table: Any) -> int:
        conns = [Conn(server.port), Conn(server.port)]
        streams = [EventStream(server.port, f"/s/{seat.token}/events") for seat in table.seats]
        try:
            if not all(await asyncio.gather(*(s.open() for s in streams))):
                statuses["stream refused"] = statuses.get("stream refused", 0) + 1
                return 0
            await ready.wait()
            hands, deck, version, turn, moves = [0, 0], 52, table.seats[0].version, 0, 0
            held = [version, version]
            while time.perf_counter() < clock["end"]:
                seat = table.seats[turn]
                if hands[turn] >= HAND:
                    move = {"action": "discard", "params": {"card": 0}}
                elif deck:
                    move = {"action": "draw", "params": {"end": "top"}}
                else:
                    move = {"action": "reshuffle", "params": {}}
                asked = dict(move, version=version, key=keys())
                if log == "kept":
                    asked["log_since"] = held[turn]
                body = json.dumps(asked).encode()
                sent = time.perf_counter()
                answer = await conns[turn].request("POST", f"/api/s/{seat.token}/act", body,
                                                   json_headers())
                statuses[str(answer.status)] = statuses.get(str(answer.status), 0) + 1
                if answer.status != 200:
                    if answer.status == 409:
                        version = answer.json()["version"]
                        continue
                    raise HTTPError(f"act: {answer.status} {answer.body[:200]!r}")
                data = answer.json()
                version = held[turn] = data["version"]
                hands[turn] = len(data["view"]["hand"])
                deck = data["view"]["deck_count"]
                latencies.append(answer.seconds)
                moves += 1
                turn = 1 - turn
                seen = await streams[turn].until(version, timeout=10.0)
                if seen is None:
                    statuses["not announced"] = statuses.get("not announced", 0) + 1
                    return moves
                propagation.append(seen - sent)
            return moves
        finally:
            for conn in conns:
                conn.close()
            for stream in streams:
                stream.close()

    async def referee() -> dict[str, float]:
        await asyncio.sleep(warmup)          # every stream opened meanwhile, as the peer's
        clock["end"] = time.perf_counter() + seconds
        window = CPUWindow([server])
        ready.set()
        await asyncio.sleep(seconds)
        return window.done()

    results = await asyncio.gather(referee(), *(play(t) for t in made))
    moves = sum(results[1:])
    lat = latency_summary(latencies)
    window = results[0]
    if moves and window.get("server_cpu_pct") is not None:
        window["server_cpu_ms_per_move"] = round(
            10 * window["server_cpu_pct"] / (moves / seconds), 3)
    return {"tables": tables, "devices": 2 * tables, "seconds": seconds, "moves": moves,
            "moves_per_s": round(moves / seconds, 1), "p50_ms": lat["p50_ms"],
            "p99_ms": lat["p99_ms"],
            "propagation_p50_ms": round(1000 * (pct(propagation, 0.5) or 0), 2),
            "propagation_p95_ms": round(1000 * (pct(propagation, 0.95) or 0), 2),
            "statuses": statuses, **results[0]}


def ratios(ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, float | None]:
    def div(a: Any, b: Any) -> float | None:
        return round(a / b, 3) if a is not None and b else None

    return {"throughput": div(ours["moves_per_s"], theirs["moves_per_s"]),
            "p99": div(ours["p99_ms"], theirs["p99_ms"]),
            "propagation_p95": div(ours["propagation_p95_ms"], theirs.get("propagation_p95_ms"))}


def peer_name(storage: str) -> str:
    """A peer run's name in the results: "boardgame.io" (in memory), "boardgame.io
    flatfile"."""
    return "boardgame.io" if storage == "memory" else f"boardgame.io {storage}"


async def phase_peer(server: Server, args: Any, results: Path,
                     files: Path | None = None) -> dict[str, Any]:
    """At each device count, ``--peer-rounds`` runs of the peer with each of its storages
    then ours, back to back (the machine's load drifts: only runs made side by side
    compare). ``files``: where FlatFile keeps its matches (a temporary folder)."""
    folder = results / "peer-boardgame.io"
    why_not = prepare(Path(args.peer), folder)
    if why_not:
        say(why_not)
    storages = list(getattr(args, "peer_storage", None) or ["memory"])
    out: dict[str, Any] = {"skipped": why_not, "storages": storages, "runs": {}}
    for devices in args.peer_devices:
        tables = max(1, devices // 2)
        pairs = []
        for _ in range(args.peer_rounds):
            await wait_quiet([server], getattr(args, "wait_quiet", 0.0))
            theirs: dict[str, Any] = {}
            loads = [round(os.getloadavg()[0], 2)]
            for storage in [] if why_not else storages:
                say(f"boardgame.io ({storage}): {tables} tables x 2 clients, "
                    f"{args.peer_seconds:g} s")
                theirs[storage] = await run_bgio(folder, tables, 2.0, args.peer_seconds,
                                                 storage, files)
            say(f"Table Companion: {tables} tables x 2 phones, {args.peer_seconds:g} s")
            ours = await run_companion(server, tables, 2.0, args.peer_seconds, args.peer_log)
            loads.append(round(os.getloadavg()[0], 2))
            pair: dict[str, Any] = {"companion": ours, "loadavg": loads[-1],
                                    "loadavg_before": loads[0]}
            for storage in storages:
                found = theirs.get(storage)
                pair[peer_name(storage)] = found
                pair["ratio" if storage == "memory" else f"ratio {storage}"] = (
                    ratios(ours, found) if found else None)
            pairs.append(pair)
        out["runs"][str(devices)] = pairs
    return out
