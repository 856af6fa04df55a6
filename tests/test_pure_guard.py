"""The guard of the pure-Python run (issue 43: "a guard that fails if any compiled extension
module is imported"), shown to catch what it is for, here in the fast mode's environment
where the compiled modules are installed (tests/compiled.py, tests/pure_mode.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests import compiled
from tests.test_restart import free_port


def test_the_fast_extras_compiled_modules_are_seen_and_the_standard_librarys_are_not():
    pytest.importorskip("orjson", reason="the fast extra's orjson is what is looked for")
    import _sqlite3

    import orjson

    found = compiled.loaded()
    assert any(name.startswith("orjson") for name in found), found
    assert not compiled.outside_stdlib(_sqlite3.__file__)
    assert compiled.outside_stdlib(orjson.orjson.__file__)
    assert not any(name.startswith("orjson") for name in compiled.loaded(allowed=("orjson",)))


def test_a_server_under_the_guard_ends_at_its_first_compiled_import(tmp_path):
    """``companion serve`` with gevent installed, as the pure-Python run starts its servers:
    it stops before serving, naming the module."""
    pytest.importorskip("gevent", reason="gevent's compiled loop is what is refused")
    done = subprocess.run(
        [sys.executable, "-m", "tests.compiled", "serve", "--host", "127.0.0.1", "--port",
         str(free_port()), "--db", str(tmp_path / "c.db")],
        env={**os.environ, compiled.FORBID: "1"}, capture_output=True, text=True, timeout=120)
    assert done.returncode == 70
    assert f"{compiled.REFUSED}: " in done.stderr
    assert "Table Companion is running" not in done.stdout
