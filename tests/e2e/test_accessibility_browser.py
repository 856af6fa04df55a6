"""Every screen of every game is accessible (issue 32): axe-core finds no critical and no
serious violation, in English and Russian, on a 360 px phone and a 1280 px tablet, in the
light and the dark theme.

axe-core 4.14.1 is vendored beside this file (``vendor/``, with its licence) and handed to
each browser context once, as a script every page it opens runs first; it never ships with
the app. The screens: the lobby, the join page, this device's list, the page that opens a
saved game, every game's set-up form, and for every game a table dealt and played a
stretch by a fixed chooser — its tablet view, its host screen and every seat's phone. What
the rules cover is axe's default set (WCAG 2.0–2.2 A and AA, and its best practices); a
violation names its rule, its impact and the first elements it found.

``AXE_REPORT=path`` writes every violation of every impact (moderate and minor too) as
JSON, for the issue's before/after counts.

The matrix is a class per language, so that two workers share it (``--dist loadscope``
sends each class to a worker of its own); `make check` audits Russian on the phone in the
light theme (the language `tests/e2e/test_narrow_phones_browser.py` checks there too) and
leaves the rest to `make test` (marked ``slow``).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES
from tests.e2e.conftest import PHONE, TABLET, Device
from tests.playing import table_seats

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "vendor" / "axe-4.14.1.min.js"
SIZES = {"phone": PHONE, "tablet": TABLET}
THEMES = ("light", "dark")
STEPS = 14
"""Random legal actions each game is played before its screens are checked: past the
set-up, into the first turns (Fury's trail, Drakula's board, Duel's first round…)."""
NAMES = ("Anna", "Boris", "Cyril")
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.length,
    targets: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' — ' +
                                        (n.failureSummary || '').split('\\n')[1])}));
}"""


def _params(action: dict[str, Any], chooser: random.Random) -> dict[str, Any]:
    params = dict(action["params"])
    for name, spec in (action.get("inputs") or {}).items():
        if "examples" in spec:
            params[name] = chooser.choice(spec["examples"])
        elif spec["kind"] == "choice":
            params[name] = chooser.choice(spec["choices"])
        elif spec["kind"] == "int":
            params[name] = spec.get("min", 0)
        else:
            params[name] = spec.get("default", "")
    return params


@pytest.fixture(scope="module")
def screens(server, browser) -> list[tuple[str, str]]:
    """(label, path) of every screen: the platform's pages, then each game's table played
    a stretch (the same tables for every language, size and theme)."""
    device = Device(browser, "setup", **TABLET)
    request = device.page.request
    found = [("lobby", "/"), ("join", "/join"), ("mine", "/me"), ("saved", "/saved")]
    found += [(f"new-{name}", f"/new/{name}") for name in GAMES]
    for name, game in GAMES.items():
        created = request.post(f"{server}/api/tables", data={
            "game": name, "deal": "now",
            "seats": [{"name": n} for n in NAMES[:table_seats(game)]]}).json()
        tokens = [s["token"] for s in created["seats"]]
        chooser = random.Random(f"axe:{name}")
        for _ in range(STEPS):
            answers = [request.get(f"{server}/api/s/{t}").json() for t in tokens]
            movers = [i for i, a in enumerate(answers)
                      if [x for x in a["actions"] if not x["action"].startswith("hand_")]]
            if not movers or answers[0]["view"].get("result"):
                break
            seat = chooser.choice(movers)
            offered = [x for x in answers[seat]["actions"]
                       if not x["action"].startswith("hand_")]
            action = chooser.choice(offered)
            request.post(f"{server}/api/s/{tokens[seat]}/act", data={
                "action": action["action"], "params": _params(action, chooser),
                "version": answers[seat]["version"]})
        found.append((f"{name}-table", f"/t/{created['code']}"))
        found.append((f"{name}-host", f"/h/{created['host_token']}"))
        found += [(f"{name}-seat{i}", f"/s/{t}") for i, t in enumerate(tokens)]
    device.close()
    return found


def audit(device: Device, server: str, screens: list[tuple[str, str]],
          lang: str) -> dict[str, list[dict[str, Any]]]:
    """Every screen's violations, by the screen's label."""
    page = device.page
    out = {}
    for label, path in screens:
        page.goto(f"{server}{path}?lang={lang}", wait_until="load")
        out[label] = page.evaluate(RUN_AXE)
    return out


def no_grave_violation(server, browser, screens, lang: str, size: str, theme: str) -> None:
    """axe over every screen in one language, size and theme: no critical or serious
    violation."""
    device = Device(browser, f"axe-{lang}-{size}-{theme}", color_scheme=theme, bypass_csp=True,
                    **SIZES[size])
    device.context.add_init_script(path=AXE)
    try:
        found = audit(device, server, screens, lang)
    finally:
        device.close()
    report = os.environ.get("AXE_REPORT")
    if report:
        path = Path(report)
        kept = json.loads(path.read_text()) if path.exists() else {}
        kept[f"{lang}-{size}-{theme}"] = found
        path.write_text(json.dumps(kept, ensure_ascii=False, indent=1))
    grave = {label: [v for v in violations if v["impact"] in ("critical", "serious")]
             for label, violations in found.items()}
    grave = {label: v for label, v in grave.items() if v}
    assert grave == {}, json.dumps(grave, ensure_ascii=False, indent=1)


SIZE = pytest.mark.parametrize("size", ["phone", pytest.param("tablet", marks=pytest.mark.slow)])
THEME = pytest.mark.parametrize(
    "theme", [pytest.param(t, marks=() if t == "light" else pytest.mark.slow) for t in THEMES])


class Audit:
    """The matrix in one language: each size and theme."""

    lang = "ru"

    @THEME
    @SIZE
    def test_no_screen_has_a_critical_or_serious_accessibility_violation(
            self, server, browser, screens, size, theme):
        no_grave_violation(server, browser, screens, self.lang, size, theme)


class TestRussian(Audit):
    lang = "ru"


@pytest.mark.slow
class TestEnglish(Audit):
    lang = "en"
