"""Browser tests: a real server on a free port and Debian's Chromium driven by Playwright.

A tablet and each phone are separate browser contexts (separate cookies and storage), as
separate devices at a table would be.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
SHOTS = Path(__file__).parent / "screenshots"
WAIT = 20_000
"""ms a test waits for what must appear (an update, the deal, a result): a hang guard for a
busy machine, never a speed check; how fast screens update is bench/'s question."""
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 1280, "height": 800}}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    """``companion serve`` itself (its event loop, push updates and connection bounds) on
    a fresh database, in its own process."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    folder = tmp_path_factory.mktemp("e2e")
    # Every browser context here is a device at the table, but all of them connect from
    # 127.0.0.1: the per-client cap is lifted (tests/test_serving.py tests the cap).
    with (folder / "server.log").open("w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1",
             "--port", str(port), "--db", str(folder / "companion.db"), "--public-url", base,
             "--max-per-client", "1000"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/api/games", timeout=2):
                    break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, (
                    (folder / "server.log").read_text())
                time.sleep(0.1)
        yield base
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "Debian's chromium is needed: apt-get install chromium"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


class Device:
    """One device at the table: a browser context with one page, failing on script errors."""

    def __init__(self, browser, name: str, **context) -> None:
        self.name = name
        self.context = browser.new_context(**context)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        """Every confirmation asked on this device; the player says yes to each."""
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("dialog", self._confirm)
        self.page.on("request", lambda request: self.requests.append(request.url))

    def _confirm(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.accept()

    def shot(self, label: str, full_page: bool = True) -> Path:
        """A PNG in tests/e2e/screenshots/ (git-ignored); prefix labels with the game."""
        SHOTS.mkdir(exist_ok=True)
        path = SHOTS / f"{label}-{self.name}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        return path

    def close(self) -> None:
        assert self.errors == [], f"{self.name}: script errors {self.errors}"
        self.context.close()


def wait_for_the_deal(*devices: Device) -> None:
    """Every screen shows the dealt game (``data-deal`` on its live fragment)."""
    from playwright.sync_api import expect

    for device in devices:
        expect(device.page.locator("#live")).to_have_attribute("data-deal", "dealt",
                                                                timeout=WAIT)


@pytest.fixture
def devices(browser):
    made: list[Device] = []

    def make(name: str, kind: str = "phone") -> Device:
        device = Device(browser, name, **(PHONE if kind == "phone" else TABLET))
        made.append(device)
        return device

    yield make
    for device in made:
        device.close()
