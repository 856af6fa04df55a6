"""A move's cost through the real server, without the machine's noise.

``instructions.py`` calls the app as a WSGI function; this one runs the server as
``companion serve`` does (gevent's WSGI server, its bounds, the app) under callgrind and
plays the peer phase's loop against it over keep-alive sockets: two kit tables, each
phone drawing (or discarding past five, or reshuffling) in turn and asking only for the
log lines since the version it holds. Only the measured moves are counted, so the figure
covers reading the request, Flask, the referee, SQLite and writing the answer, and does
not move with the load of a shared machine:

    .venv/bin/python bench/experiments/server_instructions.py --moves 300

prints the server's instructions per move (valgrind must be installed). ``--python
.venv-pure/bin/python`` measures the pure-Python mode's server (waitress, every thread's
instructions counted).
``--accept-encoding gzip`` has the phones accept compressed answers (a browser's fetch
does); ``--live`` has the other phone fetch its live fragment after each move, as a
browser's seat page does when its stream names the new version (with ``--accept-encoding``
that fragment is compressed too), so the figure is a move and the update it causes.
``--tables 50 --together 10`` has ten tables' moves arrive at once, as at a busy server
(the store's group commit then shares one COMMIT among them).
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import brotli
from backports import zstd

ROOT = Path(__file__).resolve().parents[2]
DECODERS = {"gzip": gzip.decompress, "br": brotli.decompress, "zstd": zstd.decompress}
_SERVE = """
import runpy, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # started in the background: ignored
split = sys.argv.index("--")
for path in sys.argv[1:split]:
    runpy.run_path(path, run_name="bench_preload")
from companion.cli import main
sys.exit(main(sys.argv[split + 1:]))
"""
HAND = 5


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--tables", type=int, default=2,
                        help="kit tables played in turn (the peer phase has 50 at 100 devices)")
    parser.add_argument("--accept-encoding", default="",
                        help="the phones' Accept-Encoding (default none)")
    parser.add_argument("--live", action="store_true",
                        help="after each move the other phone fetches its live fragment")
    parser.add_argument("--together", type=int, default=1,
                        help="this many tables send their moves at once (a busy server's "
                             "turn; with --tables as many or more)")
    parser.add_argument("--check", action="store_true",
                        help="play the moves without valgrind: the server's CPU per move "
                             "instead (kernel time included, the machine's load too)")
    parser.add_argument("--callgrind-out", metavar="FILE",
                        help="keep callgrind's output here (for callgrind_annotate: where, "
                        "in C, the instructions go)")
    parser.add_argument("--python", default=sys.executable,
                        help="the server's interpreter: .venv-pure/bin/python measures the "
                        "pure-Python mode (waitress, the standard library's JSON)")
    parser.add_argument("--server-preload", metavar="FILE", action="append", default=[],
                        help="a Python file run in the server before it starts (an "
                        "experiment, as bench/run.py's option)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="companion-server-instructions-")
    port = free_port()
    out = args.callgrind_out or os.path.join(folder, "callgrind.out")
    counting = [] if args.check else [
        "valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}"]
    server = subprocess.Popen(
        [*counting, args.python, "-c", _SERVE, *map(os.path.abspath, args.server_preload), "--",
         "serve", "--host", "127.0.0.1", "--port", str(port), "--db",
         os.path.join(folder, "c.db"), "--max-per-client", "1000"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        conn = _connect(port)

        accepted = {"Accept-Encoding": args.accept_encoding} if args.accept_encoding else {}

        def fetch(method: str, path: str, body: Any = None, **headers: str) -> tuple[int, bytes]:
            data = None if body is None else json.dumps(body)
            if data:
                headers["Content-Type"] = "application/json"
            conn.request(method, path, body=data, headers={**accepted, **headers})
            answer = conn.getresponse()
            raw = answer.read()
            coding = answer.getheader("Content-Encoding")
            return answer.status, DECODERS[coding](raw) if coding else raw

        def call(method: str, path: str, body: Any = None) -> tuple[int, Any]:
            status, raw = fetch(method, path, body)
            return status, json.loads(raw)

        tables = []
        for _ in range(args.tables):
            _, created = call("POST", "/api/tables", {"game": "kit", "deal": "now", "seats": [
                {"name": "Anna"}, {"name": "Bob"}]})
            tokens = [seat["token"] for seat in created["seats"]]
            version = call("GET", f"/api/s/{tokens[0]}")[1]["version"]
            tables.append({"tokens": tokens, "version": version, "held": [version, version],
                           "hands": [0, 0], "deck": 52, "turn": 0})
        keys = iter(range(10**9))

        def move_of(table: dict[str, Any]) -> tuple[str, dict[str, Any]]:
            turn = table["turn"]
            if table["hands"][turn] >= HAND:
                move = {"action": "discard", "params": {"card": 0}}
            elif table["deck"]:
                move = {"action": "draw", "params": {"end": "top"}}
            else:
                move = {"action": "reshuffle", "params": {}}
            return f"/api/s/{table['tokens'][turn]}/act", dict(
                move, version=table["version"], key=f"k{next(keys)}",
                log_since=table["held"][turn])

        def moved(table: dict[str, Any], status: int, raw: bytes) -> None:
            answer = json.loads(raw)
            assert status == 200, (status, answer)
            turn = table["turn"]
            table["version"] = table["held"][turn] = answer["version"]
            table["hands"][turn] = len(answer["view"]["hand"])
            table["deck"] = answer["view"]["deck_count"]
            table["turn"] = 1 - turn

        def play(moves: int) -> None:
            for n in range(moves):
                table = tables[n % len(tables)]
                path, body = move_of(table)
                moved(table, *fetch("POST", path, body))
                if args.live:
                    status, page = fetch("GET", f"/s/{table['tokens'][table['turn']]}/live?v=0",
                                         **{"HX-Request": "true"})
                    assert status == 200 and b"data-version" in page, status

        def play_together(moves: int) -> None:
            """``--together`` tables at a time send their moves at once, each on its own
            connection, then read the answers (the server sees them in one turn)."""
            for start in range(0, moves, args.together):
                batch = [tables[(start + i) % len(tables)] for i in range(args.together)]
                for table, link in zip(batch, links, strict=False):
                    path, body = move_of(table)
                    link.request("POST", path, body=json.dumps(body),
                                 headers={**accepted, "Content-Type": "application/json"})
                for table, link in zip(batch, links, strict=False):
                    answer = link.getresponse()
                    raw = answer.read()
                    coding = answer.getheader("Content-Encoding")
                    moved(table, answer.status, DECODERS[coding](raw) if coding else raw)

        run = play
        if args.together > 1:
            assert args.tables >= args.together and args.moves % args.together == 0
            links = [_connect(port) for _ in range(args.together)]   # after the tables:
            run = play_together             # the server closes a connection idle for 30 s

        run(args.warmup)
        if args.check:
            before = _cpu_seconds(server.pid)
            run(args.moves)
            spent = _cpu_seconds(server.pid) - before
            print(f"{args.moves} moves played after {args.warmup} of warm-up: "
                  f"{1000 * spent / args.moves:.3f} ms of server CPU per move (user and "
                  "system, which instructions do not count)")
            return
        subprocess.run(["callgrind_control", "-i", "on", str(server.pid)], check=True,
                       capture_output=True)
        run(args.moves)
        subprocess.run(["callgrind_control", "-i", "off", str(server.pid)], check=True,
                       capture_output=True)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            _, errors = server.communicate(timeout=900)
        except subprocess.TimeoutExpired:
            server.kill()
            _, errors = server.communicate()
    found = re.search(r"Collected : (\d+)", errors)
    if found is None:
        raise SystemExit(f"callgrind reported nothing:\n{errors[-2000:]}")
    print(f"{int(found.group(1)) / args.moves / 1000:,.0f} k instructions per move "
          f"in the server ({args.moves} moves after {args.warmup} of warm-up)")


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _connect(port: int) -> http.client.HTTPConnection:
    """A keep-alive connection once the server (slow under valgrind) is listening."""
    deadline = time.monotonic() + 300
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            conn.request("GET", "/api/games")
            conn.getresponse().read()
            return conn
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(1)


if __name__ == "__main__":
    main()
