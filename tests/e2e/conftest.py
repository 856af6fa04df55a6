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
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.seeds import fixed_seeds

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
SHOTS = Path(__file__).parent / "screenshots"
TAKE_SHOTS = os.environ.get("E2E_SCREENSHOTS", "1") != "0"
"""``E2E_SCREENSHOTS=0`` (`make check`) writes none: a full-page PNG is a third of the
narrow-phone test's CPU, and nothing asserts on one."""
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
def server(request, tmp_path_factory) -> Iterator[str]:
    """``companion serve`` itself (its event loop, push updates and connection bounds) on
    a fresh database, in its own process, dealing the same seeds on every run of the
    module (tests/e2e/fixed_seeds.py); ``COMPANION_E2E_SALT`` deals other ones."""
    yield from serve(request, tmp_path_factory)


def serve(request, tmp_path_factory, env: dict[str, str] | None = None) -> Iterator[str]:
    """The ``server`` fixture's work, with more environment for the server (a module's own
    fixture may pass some)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    folder = tmp_path_factory.mktemp("e2e")
    # Every browser context here is a device at the table, but all of them connect from
    # 127.0.0.1: the per-client cap is lifted (tests/test_serving.py tests the cap).
    with (folder / "server.log").open("w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.e2e.fixed_seeds", "serve", "--host", "127.0.0.1",
             "--port", str(port), "--db", str(folder / "companion.db"), "--public-url", base,
             "--max-per-client", "1000"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, **(env or {}),
                 "COMPANION_TEST_SEEDS": request.module.__name__
                 + os.environ.get("COMPANION_E2E_SALT", "")})
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/api/games", timeout=10):
                    break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, (
                    (folder / "server.log").read_text())
                time.sleep(0.1)
        yield base
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    # A screen that stopped updating in a test may be an answer that failed on the server:
    # the app's error (Flask's "Exception on <path>", or an answer to a stored action that
    # could not be built) is in the server's log, never on a screen.
    logged = (folder / "server.log").read_text()
    for failed in ("Exception on ", "the answer to a stored action failed"):
        assert failed not in logged, f"the app logged an error:\n{logged[-4000:]}"


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "Debian's chromium is needed: apt-get install chromium"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


# A page's own randomness (its device id, its contribution to a deal) drawn from a seed
# named by the test and the device, so a rerun deals what the first run dealt.
SEEDED_RANDOMNESS_JS = """(() => {
  let s = %d >>> 0 || 1;
  crypto.getRandomValues = function (array) {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
      bytes[i] = s & 0xff;
    }
    return array;
  };
})();"""
_device_seeds: dict[str, Callable[[], str]] = {}


class Device:
    """One device at the table: a browser context with one page, failing on script errors."""

    def __init__(self, browser, name: str, **context) -> None:
        self.name = name
        self.context = browser.new_context(**context)
        made = f"{os.environ.get('PYTEST_CURRENT_TEST', '')}|{name}"
        seed = _device_seeds.setdefault(made, fixed_seeds(made))()
        self.context.add_init_script(SEEDED_RANDOMNESS_JS % int(seed[:8], 16))
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
        path = SHOTS / f"{label}-{self.name}.png"
        if TAKE_SHOTS:
            SHOTS.mkdir(exist_ok=True)
            self.page.screenshot(path=str(path), full_page=full_page)
        return path

    def close(self) -> None:
        assert self.errors == [], f"{self.name}: script errors {self.errors}"
        self.context.close()


def check_the_cards(host: Device) -> None:
    """The host confirms the set-up check (the values the app is unsure of, as the group's
    cards print them): the deal waits for it once every phone has joined."""
    from playwright.sync_api import expect

    button = host.page.get_by_role("button", name="Our cards say the same")
    expect(button).to_be_visible(timeout=WAIT)
    button.click()
    expect(host.page.locator(".box-checks .checked")).to_be_visible(timeout=WAIT)


def step(stepper, go: str, shown: str) -> None:
    """One tap of a step-through's button (``[data-step-go]``: first, prev, next, all) and
    where it then says it stands (``1 / 14``, or ``1–14`` for all)."""
    from playwright.sync_api import expect

    stepper.locator(f"[data-step-go={go}]").click()
    expect(stepper.locator(".stepper-at")).to_have_text(shown)


def wait_for_the_deal(*devices: Device) -> None:
    """Every screen shows the dealt game (``data-deal`` on its live fragment)."""
    from playwright.sync_api import expect

    for device in devices:
        expect(device.page.locator("#live")).to_have_attribute("data-deal", "dealt",
                                                                timeout=WAIT)


@pytest.fixture
def devices(browser, request):
    made: list[Device] = []
    request.node.devices_made = made

    def make(name: str, kind: str = "phone") -> Device:
        device = Device(browser, name, **(PHONE if kind == "phone" else TABLET))
        made.append(device)
        return device

    yield make
    for device in made:
        device.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report ends with what each device's screen showed then: CI
    prints the report, never a screenshot."""
    outcome = yield
    report = outcome.get_result()
    made = getattr(item, "devices_made", None)
    if report.when != "call" or not report.failed or not made:
        return
    shown = []
    for device in made:
        try:
            text = device.page.locator("body").inner_text(timeout=WAIT)
        except Exception as error:  # a closed or hung page says so instead
            text = f"(not readable: {type(error).__name__})"
        shown.append(f"== {device.name} {device.page.url}\n{text[:1500]}")
    report.sections.append(("what each screen showed", "\n".join(shown)))
