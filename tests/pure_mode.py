"""The pure-Python mode's test run (issue 43, "Tested here, both modes"), loaded by
``pytest -p tests.pure_mode`` in ``.venv-pure``: the Makefile's environment with only the
pure-Python dependencies (no ``fast`` extra; MarkupSafe built without its C speed-up, as
where no compiler is found). ``make test`` runs part of the suite there a second time —
the conformance suite with its leak tests, the JSON API, the server's bounds, a restart,
and a browser game night — against waitress and the standard library's JSON. This plugin
holds the run to what it claims:

- none of the ``fast`` extra's packages can be imported (else the run stops at once);
- after each test, no compiled extension module from outside the standard library is
  loaded in this process but the test tools' own (``TOOLS``): the app, the referee and
  the games loaded none (the test fails otherwise);
- every server a test starts holds itself to it strictly (``tests/compiled.py``: the
  first such import ends it, with a sentence in its log).
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator

import pytest

from tests import compiled

FAST_EXTRA = ("gevent", "orjson", "flask_compress", "brotli", "zstandard", "backports.zstd")
TOOLS = ("greenlet", "hypothesis", "playwright")
"""The test tools' compiled parts: playwright drives Chromium through greenlet, hypothesis
has a native part of its own. The app never imports them."""


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:     # its parent package is not there either
        return False


def pytest_configure(config: pytest.Config) -> None:
    present = [name for name in FAST_EXTRA if _importable(name)]
    if present:
        raise pytest.UsageError("tests.pure_mode: not the pure-Python environment, "
                                f"{', '.join(present)} can be imported (make .venv-pure)")
    os.environ[compiled.FORBID] = "1"       # every server the tests start


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    result = yield
    loaded = compiled.loaded(allowed=TOOLS)
    if loaded:
        raise AssertionError(f"{compiled.REFUSED}: {', '.join(loaded)}")
    return result
