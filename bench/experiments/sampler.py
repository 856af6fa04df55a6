"""A statistical profile of the bench server, for ``--server-preload``.

cProfile (``--profile``) measures nothing useful once greenlets switch and streams are held
by the event loop; this samples instead. Every millisecond of the process's CPU time
(``SIGPROF``) the interrupted Python frame and its callers are counted, and every 500
samples the counts are written to ``$SAMPLES_OUT`` (default
``bench/results/samples.txt``): own time and inclusive time per function.

    .venv/bin/python bench/run.py --phases peer --peer-devices 4 \\
        --server-preload bench/experiments/sampler.py

(The bench measured where an action's time goes this way, 2026-12-01: bench/README.md.)
"""

from __future__ import annotations

import collections
import os
import signal
from pathlib import Path
from typing import Any

OUT = Path(os.environ.get("SAMPLES_OUT", Path(__file__).parents[1] / "results" / "samples.txt"))
SITE = "/site-packages/"
own: collections.Counter[str] = collections.Counter()
inclusive: collections.Counter[str] = collections.Counter()
samples = [0]


def _name(frame: Any) -> str:
    path = frame.f_code.co_filename
    return f"{path.split(SITE)[-1]}:{frame.f_code.co_name}"


def _write() -> None:
    total = samples[0]
    lines = [f"samples {total}", "== own"]
    lines += [f"{n:7d} {100 * n / total:5.1f}% {k}" for k, n in own.most_common(45)]
    lines.append("== inclusive")
    lines += [f"{n:7d} {100 * n / total:5.1f}% {k}" for k, n in inclusive.most_common(70)]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n")


def _sample(signum: int, frame: Any) -> None:
    samples[0] += 1
    if frame is None:
        return
    own[_name(frame)] += 1
    seen = set()
    while frame is not None:
        name = _name(frame)
        if name not in seen:
            seen.add(name)
            inclusive[name] += 1
        frame = frame.f_back
    if samples[0] % 500 == 0:
        _write()


signal.signal(signal.SIGPROF, _sample)
signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)
