"""What Flask's own dispatch of one request costs, for comparison with a move.

A bare Flask app with one route shaped as the action's (``POST /api/s/<token>/act``, the
body read, a fixed JSON answer) called as a WSGI function in-process, as
``instructions.py`` calls ours; under callgrind it counts the measured requests only:

    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/experiments/bare_flask.py --requests 1000 --callgrind

and divide ``Collected`` by the requests (2026-12-03: 407 k per request, bench/README.md).
Plainly run, it prints the CPU time per request.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import time
from typing import Any

from flask import Flask, request

app = Flask(__name__)
BODY = b'{"action":"draw","params":{"end":"top"},"version":3,"key":"k1","log_since":2}'


@app.post("/api/s/<token>/act")
def act(token: str) -> Any:
    request.get_data()
    return app.response_class(b'{"ok":true}', mimetype="application/json")


def call() -> None:
    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": "/api/s/abcdefghijklmnopqrstuvwxyz012345/act",
        "QUERY_STRING": "", "SERVER_NAME": "table.test", "SERVER_PORT": "80",
        "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(BODY),
        "CONTENT_LENGTH": str(len(BODY)), "CONTENT_TYPE": "application/json",
        "REMOTE_ADDR": "127.0.0.1", "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "table.test"}
    b"".join(app(environ, lambda status, headers, exc=None: None))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--callgrind", action="store_true")
    args = parser.parse_args()
    for _ in range(500):
        call()
    if args.callgrind:
        subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], check=False,
                       capture_output=True)
    started = time.process_time()
    for _ in range(args.requests):
        call()
    spent = time.process_time() - started
    if args.callgrind:
        subprocess.run(["callgrind_control", "-i", "off", str(os.getpid())], check=False,
                       capture_output=True)
    print(f"{1e6 * spent / args.requests:.1f} µs CPU per request")


if __name__ == "__main__":
    main()
