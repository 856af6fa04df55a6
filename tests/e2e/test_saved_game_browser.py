"""A saved Fury game opened at home in real Chromium (issue 42, item 4: "the chase at the end
… in the export's viewer … with a step-through; the public log beside it"): on a 1280×800
laptop the home page's "Open a saved game" takes the export's file, and the chase steps
through Dracula's route with the public log following each step."""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import expect

from companion import create_app
from tests.conftest import Tables
from tests.e2e.conftest import TABLET, WAIT, Device, step
from tests.e2e.test_accessibility_browser import AXE, RUN_AXE
from tests.web.test_app_seat import _hunters_play

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def saved_fury(tmp_path):
    """The full export of a finished Fury game (one player's hunters against the app's
    Dracula), downloaded on the night and kept as a file."""
    app = create_app({"TESTING": True, "SECRET_KEY": "night",
                      "DATABASE": str(tmp_path / "night.db"), "PUBLIC_URL": "http://night"})
    tables = Tables(app.test_client())
    created = tables.create("fury", names=("Dracula", "Anna"),
                            options={"dracula_by_app": "cunning"})
    anna = created["seats"][1]["token"]
    _hunters_play(tables, anna, random.Random(1))
    path = tmp_path / "table-export.json"
    path.write_text(json.dumps(tables.client.get(f"/api/s/{anna}/export").get_json(),
                               ensure_ascii=False), encoding="utf-8")
    return path


def test_a_saved_fury_game_steps_through_the_chase(server, browser, saved_fury):
    """The page is read by axe too (no critical or serious violation), as every screen."""
    laptop = Device(browser, "saved-game", bypass_csp=True, **TABLET)
    laptop.context.add_init_script(path=AXE)
    try:
        steps_through(server, laptop, saved_fury)
    finally:
        laptop.close()


def steps_through(server: str, laptop: Device, saved_fury) -> None:
    laptop.page.goto(server + "/")
    laptop.page.get_by_role("link", name="Open a saved game").click()
    laptop.page.set_input_files("input[name=export]", str(saved_fury))
    laptop.page.get_by_role("button", name="Open the game").click()
    expect(laptop.page.locator(".result h2")).to_have_text(re.compile(r"\w+ won"), timeout=WAIT)
    chase = laptop.page.locator(".fd-chase")
    expect(chase).to_be_visible()
    steps = int(chase.get_attribute("data-steps") or 0)
    assert steps >= 10
    expect(chase.locator(".stepper-at")).to_have_text(f"1–{steps}")
    chase.scroll_into_view_if_needed()
    step(chase, "first", f"1 / {steps}")
    for at in range(2, 6):
        step(chase, "next", f"{at} / {steps}")
    now = chase.locator(".fd-chase-steps li.step-now")
    expect(now).to_have_count(1)
    expect(now).to_have_attribute("data-step", "5")
    assert chase.locator("g.fc-step.step-later").count() == steps - 5
    round_now = now.get_attribute("data-round")
    following = chase.locator(".fd-chase-log li.step-round")
    assert following.count() > 0, "the public log follows the step"
    assert {following.nth(i).get_attribute("data-round")
            for i in range(following.count())} == {round_now}
    laptop.shot("saved-fury-chase-step-5", full_page=False)
    step(chase, "prev", f"4 / {steps}")
    step(chase, "all", f"1–{steps}")
    assert chase.locator("g.fc-step.step-later").count() == 0
    laptop.page.evaluate("window.scrollTo(0, 0)")
    laptop.shot("saved-fury-top", full_page=False)
    grave = [v for v in laptop.page.evaluate(RUN_AXE) if v["impact"] in ("critical", "serious")]
    assert grave == [], grave
