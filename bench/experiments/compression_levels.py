"""Which compression level: bytes saved against CPU spent, on the app's own answers.

Builds, in-process, a kit table 60 actions deep and a new Fury of Dracula table, takes the
answers a phone and the tablet receive (a seat's page and live fragment, the table's, an
action's JSON answer with the log kept and with the newest 40 lines), and compresses each
with gzip, brotli and zstd at several levels: the bytes, and the CPU per answer (the least
of seven batches of ``process_time``, so other processes on the machine distort it less)::

    .venv/bin/python bench/experiments/compression_levels.py

``companion/web/__init__.py`` (``COMPRESSION``) took its levels from this table.
"""

from __future__ import annotations

import gzip
import os
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import brotli
from backports import zstd

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion import create_app  # noqa: E402

HAND = 5
CODECS: dict[str, Callable[[bytes], bytes]] = {
    **{f"gzip {n}": partial(gzip.compress, compresslevel=n, mtime=0) for n in (1, 4, 6, 9)},
    **{f"br {n}": partial(brotli.compress, quality=n) for n in (0, 1, 4, 5)},
    **{f"zstd {n}": partial(zstd.compress, level=n) for n in (1, 3)},
}


def answers() -> dict[str, bytes]:
    folder = tempfile.mkdtemp(prefix="companion-compression-")
    app = create_app(overrides={"DATABASE": os.path.join(folder, "c.db"),
                                "PUBLIC_URL": "http://table.test", "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    created = client.post("/api/tables", json={"game": "kit", "deal": "now", "seats": [
        {"name": "Anna"}, {"name": "Bob"}]}).get_json()
    tokens = [seat["token"] for seat in created["seats"]]
    version = client.get(f"/api/s/{tokens[0]}").get_json()["version"]
    held, hands, turn = [version, version], [0, 0], 0
    out: dict[str, bytes] = {}
    for n in range(61):
        move = ({"action": "discard", "params": {"card": 0}} if hands[turn] >= HAND
                else {"action": "draw", "params": {"end": "top"}})
        body = dict(move, version=version, key=f"k{n}")
        if n < 60:
            body["log_since"] = held[turn]
        answer = client.post(f"/api/s/{tokens[turn]}/act", json=body)
        data = answer.get_json()
        version = held[turn] = data["version"]
        hands[turn], turn = len(data["view"]["hand"]), 1 - turn
        key = "kit: action's JSON answer, log kept" if n < 60 else \
            "kit: action's JSON answer, newest 40 lines"
        out[key] = answer.data
    out["kit: seat page"] = client.get(f"/s/{tokens[0]}").data
    out["kit: seat live fragment"] = client.get(f"/s/{tokens[0]}/live",
                                                headers={"HX-Request": "true"}).data
    out["kit: table live fragment"] = client.get(f"/t/{created['code']}/live").data
    fury = client.post("/api/tables", json={"game": "fury", "deal": "now", "seats": [
        {"name": name} for name in ("Dracula", "Lord", "Seward", "Van", "Mina")]}).get_json()
    out["fury: seat page (new game)"] = client.get(f"/s/{fury['seats'][1]['token']}").data
    out["fury: seat live fragment"] = client.get(f"/s/{fury['seats'][1]['token']}/live").data
    out["fury: table live fragment"] = client.get(f"/t/{fury['code']}/live").data
    return out


def cpu_us(codec: Callable[[bytes], bytes], body: bytes, rounds: int = 200) -> float:
    best = float("inf")
    for _ in range(7):
        started = time.process_time()
        for _ in range(rounds):
            codec(body)
        best = min(best, (time.process_time() - started) / rounds)
    return best * 1e6


def main() -> None:
    found = answers()
    print(f"{'answer':42} {'raw':>7}  " + "  ".join(f"{name:>15}" for name in CODECS))
    for name, body in found.items():
        cells = [f"{len(codec(body)):>6} {cpu_us(codec, body):>5.0f}us"
                 for codec in CODECS.values()]
        print(f"{name:42} {len(body):>7}  " + "  ".join(f"{cell:>15}" for cell in cells))


if __name__ == "__main__":
    main()
