"""Experiment: every change of this folder at once (an upper bound of their gains)."""

from __future__ import annotations

import runpy
from pathlib import Path

HERE = Path(__file__).resolve().parent
for name in ("persistent_db.py", "log_columns.py", "lean_writes.py"):
    runpy.run_path(str(HERE / name), run_name="bench_preload")
