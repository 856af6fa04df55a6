"""Experiment: the proposed changes together (an upper bound of their gains): plain-SQL
writes and a JSON ``thaw`` (``lean_writes.py``), a lean log read (``log_columns.py``), one
translations lookup per request (``fast_translate.py``), and
persistent per-thread connections with in-memory versions for the 204 polls
(``version_cache.py``, which wraps the writes, so it comes last)."""

from __future__ import annotations

import runpy
from pathlib import Path

HERE = Path(__file__).resolve().parent
for name in ("lean_writes.py", "log_columns.py", "fast_translate.py", "version_cache.py"):
    runpy.run_path(str(HERE / name), run_name="bench_preload")
