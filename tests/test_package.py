"""The package (issue 43, "A package"): a wheel built by the standard tools from the checkout,
installed into a new virtual environment outside the repository, serves a whole game — its
pages (the templates, static files and compiled catalogues it carries: a wheel of the
checkout once answered every page 500) and its JSON API. Installed without the fast extra
and with no compiler to be found, as on a tablet (MarkupSafe from its source then builds
without its C speed-up)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.test_restart import call, free_port

# A wheel built, a new venv installed and a real server: `make test` only (README, Tests).
pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[1]
LEFT_OUT = shutil.ignore_patterns(".venv*", ".git", "instance", "build", "*.egg-info",
                                  "__pycache__", "results", "screenshots", ".*_cache",
                                  ".hypothesis", "*.mo")
"""What a clone would not carry, and what the build writes itself."""


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A new venv (outside the checkout) with the wheel installed: its ``bin`` folder."""
    work = tmp_path_factory.mktemp("package")
    shutil.copytree(ROOT, work / "source", ignore=LEFT_OUT)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w",
                    str(work / "dist"), str(work / "source")], check=True, timeout=600)
    wheel = next((work / "dist").glob("table_companion-*-py3-none-any.whl"))
    venv = work / "venv"
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", str(venv)], check=True, timeout=120)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                    str(wheel)], check=True, timeout=600, cwd=work,
                   env={**env, "CC": "false", "CXX": "false", "PIP_NO_BINARY": "markupsafe"})
    return venv / "bin"


def test_the_wheel_carries_the_shell_and_every_catalogue_compiled(installed):
    where = subprocess.run(
        [str(installed / "python"), "-c", "import companion, pathlib; "
         "print(pathlib.Path(companion.__file__).parent)"],
        capture_output=True, text=True, check=True, cwd=installed.parent).stdout.strip()
    package = Path(where)
    assert package.is_relative_to(installed.parent)             # not the checkout's
    assert (package / "templates" / "seat.html").is_file()
    assert (package / "static" / "companion.js").is_file()
    catalogues = sorted(p.relative_to(package).as_posix()
                        for p in package.rglob("LC_MESSAGES/messages.mo"))
    assert "translations/cs/LC_MESSAGES/messages.mo" in catalogues
    assert "games/fury/translations/ru/LC_MESSAGES/messages.mo" in catalogues
    assert len(catalogues) == len(list(package.rglob("LC_MESSAGES/messages.po")))
    assert not list(package.rglob("playthroughs/*"))            # test data stays out
    compiled = [p.name for p in installed.parent.rglob("*") if p.suffix in (".so", ".pyd")]
    assert compiled == []                 # nothing was compiled, nothing came prebuilt


def test_the_installed_package_serves_a_game_from_outside_the_repository(installed,
                                                                         tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with (tmp_path / "serve.log").open("w") as log:
        server = subprocess.Popen(
            [str(installed / "python"), "-m", "companion", "serve", "--host", "127.0.0.1",
             "--port", str(port)], cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/", timeout=5) as lobby:
                    assert lobby.status == 200
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, (
                    (tmp_path / "serve.log").read_text())
                time.sleep(0.2)
        status, table = call(base, "POST", "/api/tables", {
            "game": "kit", "deal": "now", "seats": [{"name": "Anna"}, {"name": "Bob"}]})
        assert status == 201
        anna = table["seats"][0]["token"]
        status, moved = call(base, "POST", f"/api/s/{anna}/act", {
            "action": "roll", "params": {"secret": False, "dice": "2d6"}, "version": 1,
            "key": "first"})
        assert status == 200 and moved["version"] == 2
        assert "2d6" in page(f"{base}/s/{anna}", "en")
        assert "2d6" in page(f"{base}/t/{table['code']}", "en")
        lobby = page(base + "/", "cs")       # the catalogues compiled into the wheel
        assert '<html lang="cs"' in lobby and "Připojit se ke stolu kódem" in lobby
        assert "{" in page(base + "/static/site.css", "en")       # the package's own
    finally:
        server.terminate()
        server.wait(timeout=30)
    said = (tmp_path / "serve.log").read_text()
    assert "Mode: pure-Python mode — served by waitress" in said
    assert "Exception on" not in said
    assert (tmp_path / "instance" / "companion.db").is_file()  # beside the group, not the venv
    assert subprocess.run([str(installed / "companion"), "serve", "--help"], cwd=tmp_path,
                          capture_output=True, timeout=60).returncode == 0


def page(url: str, lang: str) -> str:
    request = urllib.request.Request(url, headers={"Accept-Language": lang})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 200
        return answer.read().decode()

