#!/usr/bin/env python3
"""The two modes side by side, in one run (issue 43): the fast mode (``.venv``: gevent,
orjson, Flask-Compress) and the pure-Python mode (``.venv-pure``: waitress, the standard
library's JSON, no compression; ``make .venv-pure/.installed`` makes it), each server
started as ``companion serve`` starts it (``run.py --serve companion``) and given the same
load:

- **moves**: moves/s and a move's p50/p99 at 4 and 20 devices — the peer phase's game
  (``peer.run_companion``: kit tables, two phones each taking turns, each holding its event
  stream open), with propagation p95 (the move's call to the other phone's stream
  announcing it);
- **a table of six**: five phones and the tablet at one table, each holding its event
  stream and fetching its live fragment when the stream names a newer version, as a
  browser does, while an actor rolls at ``--actor-rate`` (``run.phase_devices``): from the
  actor's send to every other screen holding the new fragment, p50/p95;
- **memory**: each server's RSS after both (``VmRSS``) and its peak (``VmHWM``);
- **install**: the time from a new virtual environment and ``pip install`` of the wheel
  (built here by ``pip wheel``) to the first page answering 200 from ``companion serve`` —
  with no pip cache, every package downloaded as on a tablet; the pure-Python install as
  where no compiler is found (``CC=false``, MarkupSafe from its source, which then builds
  without its C speed-up).

    .venv/bin/python bench/modes.py                 # both modes, about 3 minutes
    .venv/bin/python bench/modes.py --skip-install  # the servers only

It prints the figures side by side with the pure-Python mode's goals and writes them to
``bench/results/modes.json``. Not a test: nothing fails on a slow figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from loadgen import ROOT, Server, free_port, say, wait_quiet
from peer import run_companion
from run import RESULTS, phase_devices

MODES = {"fast": ROOT / ".venv" / "bin" / "python",
         "pure": ROOT / ".venv-pure" / "bin" / "python"}
EXTRAS = {"fast": "[fast]", "pure": ""}
GOAL_PROPAGATION_MS = 100.0   # a table of six: every update on every screen, p95
GOAL_RSS_MB = 80.0
GOAL_INSTALL_S = 30.0         # install and start, without a compiler


async def measure_server(mode: str, args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    server = Server("companion", workdir, python=str(MODES[mode]), threads=args.threads)
    say(f"{mode} mode: server pid {server.pid} on port {server.port}")
    out: dict[str, Any] = {"moves": {}}
    try:
        for devices in args.devices:
            await wait_quiet([server], args.wait_quiet)
            say(f"{mode}: {devices // 2} tables x 2 phones taking turns, {args.seconds:g} s")
            out["moves"][str(devices)] = await run_companion(server, devices // 2, 2.0,
                                                             args.seconds)
        await wait_quiet([server], args.wait_quiet)
        say(f"{mode}: a table of six (five phones, the tablet), an actor at "
            f"{args.actor_rate:g}/s, {args.seconds:g} s")
        table = argparse.Namespace(live="push", ramp=1.0, quiet_seconds=2.0,
                                   device_seconds=args.seconds, actor_rate=args.actor_rate)
        out["table_of_six"] = await phase_devices(server, 6, table, seats=5)
        out["memory"] = server.memory()
    finally:
        server.stop()
    return out


def build_wheel(workdir: Path) -> Path:
    """The wheel, by the standard tools, from a copy of the checkout (the build writes its
    own folders beside the sources)."""
    source = workdir / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".venv*", ".git", "instance", "build", "*.egg-info", "__pycache__", "results",
        "screenshots", ".pytest_cache", ".ruff_cache", ".mypy_cache", ".hypothesis", "*.mo"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w",
                    str(workdir / "dist"), str(source)], check=True)
    return next((workdir / "dist").glob("table_companion-*.whl"))


def install_and_start(mode: str, wheel: Path, workdir: Path) -> dict[str, Any]:
    """A new virtual environment, the wheel installed into it with nothing cached, and
    ``companion serve`` from a folder outside the checkout until its first page answers."""
    venv, home = workdir / f"venv-{mode}", workdir / f"home-{mode}"
    home.mkdir()
    env = dict(os.environ, PIP_NO_CACHE_DIR="1")
    if mode == "pure":
        env.update(CC="false", CXX="false", PIP_NO_BINARY="markupsafe")
    python = getattr(sys, "_base_executable", sys.executable)
    started = time.perf_counter()
    subprocess.run([python, "-m", "venv", str(venv)], check=True)
    made = time.perf_counter()
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                          f"{wheel}{EXTRAS[mode]}"], env=env, cwd=home, capture_output=True,
                         text=True)
    if pip.returncode:
        raise SystemExit(f"{mode}: pip install failed:\n{pip.stdout}{pip.stderr}")
    installed = time.perf_counter()
    port = free_port()
    with (home / "serve.log").open("w") as log:
        process = subprocess.Popen(
            [str(venv / "bin" / "companion"), "serve", "--host", "127.0.0.1",
             "--port", str(port)], cwd=home, stdout=log, stderr=subprocess.STDOUT)
    try:
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    status = answer.status
                break
            except OSError as error:
                if process.poll() is not None or time.perf_counter() - installed > 120:
                    raise SystemExit(f"{mode}: the server did not start:\n"
                                     + (home / "serve.log").read_text()) from error
                time.sleep(0.05)
        served = time.perf_counter()
    finally:
        process.terminate()
        process.wait(timeout=30)
    return {"venv_s": round(made - started, 1), "pip_install_s": round(installed - made, 1),
            "start_s": round(served - installed, 2), "total_s": round(served - started, 1),
            "first_page_status": status,
            "compiled_files": sum(1 for _ in venv.rglob("*.so")) if mode == "pure" else None}


def report(res: dict[str, Any]) -> None:
    def moves(mode: str, devices: str, key: str) -> Any:
        return res[mode]["moves"][devices].get(key)

    rows: list[tuple[str, str, str, str]] = []
    for devices in res["fast"]["moves"]:
        for key, name in (("moves_per_s", "moves/s"), ("p99_ms", "move p99 ms"),
                          ("propagation_p95_ms", "propagation p95 ms")):
            rows.append((f"{devices} devices: {name}", str(moves("fast", devices, key)),
                         str(moves("pure", devices, key)), ""))
    for mode in ("fast", "pure"):
        six = res[mode]["table_of_six"]
        res[mode]["six_p95_ms"] = round(1000 * six["propagation"]["p95_s"], 1)
    rows.append(("a table of six: every update on every screen, p95 ms",
                 str(res["fast"]["six_p95_ms"]), str(res["pure"]["six_p95_ms"]),
                 f"≤ {GOAL_PROPAGATION_MS:g}"))
    rows.append(("a table of six: updates not seen", str(
        res["fast"]["table_of_six"]["propagation"]["not_seen"]), str(
        res["pure"]["table_of_six"]["propagation"]["not_seen"]), "0"))
    rows.append(("server RSS at the end / peak, MB",
                 f"{res['fast']['memory']['VmRSS']} / {res['fast']['memory']['VmHWM']}",
                 f"{res['pure']['memory']['VmRSS']} / {res['pure']['memory']['VmHWM']}",
                 f"≤ {GOAL_RSS_MB:g}"))
    rows.append(("server threads", str(res["fast"]["memory"]["Threads"]),
                 str(res["pure"]["memory"]["Threads"]), ""))
    if "install" in res:
        for key, name in (("pip_install_s", "pip install (nothing cached), s"),
                          ("start_s", "start to the first page, s"),
                          ("total_s", "new venv + install + start, s")):
            rows.append((name, str(res["install"]["fast"][key]),
                         str(res["install"]["pure"][key]),
                         f"≤ {GOAL_INSTALL_S:g}" if key == "total_s" else ""))
    width = max(len(r[0]) for r in rows)
    print(f"\n{'':<{width}}  {'fast':>14}  {'pure Python':>14}  goal (pure)")
    for name, fast, pure, goal in rows:
        print(f"{name:<{width}}  {fast:>14}  {pure:>14}  {goal}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--devices", type=int, nargs="+", default=[4, 20],
                        help="device counts of the moves phase (default 4 20)")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds per phase")
    parser.add_argument("--actor-rate", type=float, default=10.0,
                        help="the table of six's actions per second (default 10)")
    parser.add_argument("--wait-quiet", type=float, default=0.0, metavar="SECONDS",
                        help="wait up to this long for the machine to go quiet first")
    parser.add_argument("--skip-install", action="store_true",
                        help="no install timing (it downloads every package)")
    parser.add_argument("--threads", type=int,
                        help="the pure-Python server's threads (default: its own)")
    parser.add_argument("--modes", nargs="+", choices=list(MODES), default=list(MODES),
                        help="measure only these (the table needs both)")
    parser.add_argument("--output", type=Path, default=RESULTS / "modes.json")
    args = parser.parse_args(argv)
    for mode, python in MODES.items():
        if not python.exists():
            raise SystemExit(f"{python} is missing: `make .venv/.installed-test "
                             f".venv-pure/.installed` makes both environments ({mode} mode)")
    workdir = Path(tempfile.mkdtemp(prefix="companion-modes-"))
    started = time.time()
    res: dict[str, Any] = {}
    try:
        for mode in args.modes:
            res[mode] = asyncio.run(measure_server(mode, args, workdir))
        if not args.skip_install:
            say("building the wheel")
            wheel = build_wheel(workdir)
            res["install"] = {}
            for mode in args.modes:
                say(f"{mode}: a new venv, pip install {wheel.name}{EXTRAS[mode]} "
                    "(nothing cached), companion serve")
                res["install"][mode] = install_and_start(mode, wheel, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if all(mode in res for mode in MODES):
        report(res)
    res["meta"] = {"date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                   "run_seconds": round(time.time() - started, 1),
                   "loadavg_after": [round(x, 2) for x in os.getloadavg()],
                   "args": {k: str(v) for k, v in vars(args).items()}}
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(res, indent=1, default=str) + "\n")
    say(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
