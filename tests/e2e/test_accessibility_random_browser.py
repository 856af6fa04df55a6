"""Every game's screens at random reachable states are accessible (issue 41): axe-core finds
no critical and no serious violation on the tablet, the host screen and every phone of a
random table of each game, at the deal, at random moments of a random game (in the light and
the dark theme, in English, Czech and Russian, taking turns) and after the host ends it.

tests/e2e/test_accessibility_browser.py reads a fixed set of screens (each game after a
fixed stretch of play); the colours of a card, a die or a notice that only some moments
show were never read there (Duel!, Dead Man's Draw and Drakula screens still had 24–73
serious contrast nodes per run of 208 random screens). axe is put into each browser
context once (an init script, run on every page it loads), as the fixed matrix does it.
``AXE_RANDOM_REPORT=path`` writes every violation found (every impact) as JSON;
``COMPANION_E2E_SALT=x`` plays other random tables (tests/e2e/conftest.py).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES
from tests import random_tables
from tests.e2e.conftest import PHONE, TABLET, Device
from tests.e2e.test_accessibility_browser import AXE, RUN_AXE

# A whole random game of each table in a browser, read by axe: `make test` only (README, Tests).
pytestmark = [pytest.mark.browser, pytest.mark.slow]

SPANS = ((1, 4), (5, 12), (13, 30), (31, 70), (71, 159))
"""A random moment of each span of steps is read (besides the deal and the end): a short game
(a duel) is read early and often, a long one (Fury) far into it too."""
MAX_STEPS = 160
LANGS = ("en", "cs", "ru")
THEMES = ("light", "dark")


class Auditor:
    """A phone and a tablet in each theme, axe in each; every screen's grave violations."""

    def __init__(self, browser: Any, server: str, name: str) -> None:
        self.server = server
        self.devices = {}
        for theme in THEMES:
            for kind, size in (("phone", PHONE), ("tablet", TABLET)):
                device = Device(browser, f"axe-random-{name}-{kind}-{theme}",
                                color_scheme=theme, bypass_csp=True, **size)
                device.context.add_init_script(AXE.read_text(encoding="utf-8"))
                self.devices[kind, theme] = device
        self.found: dict[str, list[dict[str, Any]]] = {}
        self.read = 0

    def audit(self, screens: list[tuple[str, str, str]], theme: str, lang: str,
              when: str) -> None:
        for label, path, kind in screens:
            page = self.devices[kind, theme].page
            page.goto(f"{self.server}{path}?lang={lang}", wait_until="load")
            violations = page.evaluate(RUN_AXE)
            self.read += 1
            if violations:
                self.found[f"{label} {when} ({lang}, {theme})"] = violations

    def close(self) -> None:
        for device in self.devices.values():
            device.close()


def _screens(created: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(label, path, device) of a table's screens: the tablet and the host on a tablet,
    every seat on a phone."""
    return [("tablet", f"/t/{created['code']}", "tablet"),
            ("host", f"/h/{created['host_token']}", "tablet")] + [
        (f"seat {i + 1}", f"/s/{s['token']}", "phone")
        for i, s in enumerate(created["seats"]) if not s["app"]]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_screen_of_a_random_table_has_a_grave_accessibility_violation(server, browser,
                                                                          name):
    api = browser.new_context()
    request = api.request
    chooser = random.Random(f"axe-random:{name}{os.environ.get('COMPANION_E2E_SALT', '')}")

    def post(path: str, body: dict[str, Any]) -> tuple[int, Any]:
        answer = request.post(f"{server}{path}", data=body)
        return answer.status, answer.json()

    created = random_tables.create(post, name, chooser.choice(LANGS), chooser)
    screens = _screens(created)
    tokens = [s["token"] for s in created["seats"] if not s["app"]]
    moments = {chooser.randint(low, high) for low, high in SPANS}
    auditor = Auditor(browser, server, name)
    try:
        auditor.audit(screens, "light", "en", "at the deal")
        for step in range(1, MAX_STEPS):
            answers = [request.get(f"{server}/api/s/{t}").json() for t in tokens]
            if step in moments:
                auditor.audit(screens, THEMES[step % 2], chooser.choice(LANGS),
                              f"at step {step}")
            move = random_tables.chosen(answers, chooser)
            if move is None or answers[0]["table"]["over"]:
                break
            seat, posted = move
            request.post(f"{server}/api/s/{tokens[seat]}/act", data=posted)
        auditor.audit(screens, "dark", chooser.choice(LANGS), f"at its end (step {step})")
        request.post(f"{server}/api/h/{created['host_token']}/end")
        auditor.audit(screens, "light", chooser.choice(LANGS), "after the host ended it")
    finally:
        auditor.close()
        api.close()
    report = os.environ.get("AXE_RANDOM_REPORT")
    if report:
        path = Path(report)
        kept = json.loads(path.read_text()) if path.exists() else {}
        kept[name] = auditor.found
        path.write_text(json.dumps(kept, ensure_ascii=False, indent=1))
    grave = {label: [v for v in violations if v["impact"] in ("critical", "serious")]
             for label, violations in auditor.found.items()}
    grave = {label: found for label, found in grave.items() if found}
    assert auditor.read >= 3 * len(screens), "the table's screens must have been read"
    assert grave == {}, json.dumps(grave, ensure_ascii=False, indent=1)
