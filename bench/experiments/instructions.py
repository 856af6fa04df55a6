"""A move's cost without the machine's noise: the peer phase's loop in-process.

Two kit tables, each phone drawing (or discarding its oldest past five, or reshuffling an
empty deck) in turn through the JSON API and asking only for the log lines since the
version it holds, as the peer phase's phones do; the app is called as a WSGI function, no
server, no sockets. Plainly run, it prints the CPU time per move (the least of six slices).
Under callgrind it counts the instructions of the measured moves only, which do not move
with the load of a shared machine (bench/README.md has the figures commit by commit):

    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/experiments/instructions.py --moves 300 --callgrind

and divide ``Collected`` by the moves.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion import create_app  # noqa: E402

HAND = 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--callgrind", action="store_true",
                        help="count only the measured moves (run under callgrind)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="companion-instructions-")
    app = create_app(overrides={"DATABASE": os.path.join(folder, "c.db"),
                                "PUBLIC_URL": "http://table.test"})

    def call(method: str, path: str, body: Any = None) -> tuple[str, Any]:
        data = b"" if body is None else json.dumps(body).encode()
        environ = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "",
            "SERVER_NAME": "table.test", "SERVER_PORT": "80", "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(data), "CONTENT_LENGTH": str(len(data)),
            "CONTENT_TYPE": "application/json", "REMOTE_ADDR": "127.0.0.1",
            "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "table.test"}
        answer: dict[str, str] = {}
        body_bytes = b"".join(app(environ, lambda status, headers, exc=None:
                                  answer.update(status=status)))
        return answer["status"], json.loads(body_bytes)

    tables = []
    for _ in range(args.tables):
        _, created = call("POST", "/api/tables", {"game": "kit", "seats": [
            {"name": "Anna"}, {"name": "Bob"}]})
        tokens = [seat["token"] for seat in created["seats"]]
        version = call("GET", f"/api/s/{tokens[0]}")[1]["version"]
        tables.append({"tokens": tokens, "version": version, "held": [version, version],
                       "hands": [0, 0], "deck": 52, "turn": 0})
    keys = iter(range(10**9))

    def play(moves: int) -> None:
        for n in range(moves):
            table = tables[n % len(tables)]
            turn = table["turn"]
            if table["hands"][turn] >= HAND:
                move = {"action": "discard", "params": {"card": 0}}
            elif table["deck"]:
                move = {"action": "draw", "params": {"end": "top"}}
            else:
                move = {"action": "reshuffle", "params": {}}
            status, answer = call("POST", f"/api/s/{table['tokens'][turn]}/act", dict(
                move, version=table["version"], key=f"k{next(keys)}",
                log_since=table["held"][turn]))
            assert status.startswith("200"), (status, answer)
            table["version"] = table["held"][turn] = answer["version"]
            table["hands"][turn] = len(answer["view"]["hand"])
            table["deck"] = answer["view"]["deck_count"]
            table["turn"] = 1 - turn

    play(300)  # warm: caches, catalogues, the lane's first requests
    if args.callgrind:
        subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], check=False,
                       capture_output=True)
        play(args.moves)
        subprocess.run(["callgrind_control", "-i", "off", str(os.getpid())], check=False,
                       capture_output=True)
        print(f"{args.moves} moves counted")
        return
    slices = []
    for _ in range(6):
        started = time.process_time()
        play(args.moves // 6)
        slices.append(time.process_time() - started)
    print(f"{1000 * min(slices) / (args.moves // 6):.3f} ms CPU per move "
          f"(least of six slices; median {1000 * sorted(slices)[3] / (args.moves // 6):.3f})")


if __name__ == "__main__":
    main()
