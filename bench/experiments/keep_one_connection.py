"""Experiment: the app keeps one idle connection to its database open for its whole life
(per-request connections stay as they are). The smallest change: the WAL files are no
longer torn down and re-created whenever the last request's connection closes.
"""

from __future__ import annotations

from typing import Any

import companion.db
from companion import store

_init_app = companion.db.init_app
KEPT: list[Any] = []


def init_app(app: Any) -> None:
    _init_app(app)
    KEPT.append(store.connect(app.config["DATABASE"]))


companion.db.init_app = init_app
