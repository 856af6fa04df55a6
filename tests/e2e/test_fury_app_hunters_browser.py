"""One person as Dracula against the app's hunters, in real Chromium (issue 42, item 3): the
host gives the hunter seat to the app (Tracking), Vlad's phone plays Dracula — a scripted
player tapping what his phone shows — and the game is played to its end while the tablet
follows, telling each of his turns in one line that names no hidden place. At the end the
tablet (1280×800) draws his whole route, steps through it, and the export verifies every
decision of the app's hunters."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest
from playwright.sync_api import expect

from companion.fairplay import verify
from companion.games.fury import board
from tests.e2e.conftest import WAIT, check_the_cards, serve, step, wait_for_the_deal
from tests.e2e.fury_phone import play_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def server(request, tmp_path_factory):
    """The app's hunters wait 0.05 s between their actions here, not the table's 1.2 s."""
    yield from serve(request, tmp_path_factory, {"COMPANION_APP_PACE": "0.05"})


def test_one_player_plays_dracula_against_the_apps_hunters(server, devices):
    host = devices("fury-hunters-host", "tablet")
    host.page.goto(server + "/new/fury?players=2")
    host.page.fill("input[name=seat0]", "Vlad")
    host.page.select_option("select[name=opt_seat2_by_app]", "tracking")
    expect(host.page.locator("input[name=seat1]")).to_be_hidden()
    host.page.get_by_role("button", name="Create the table").click()
    expect(host.page.locator(".qr-card .app-seat")).to_have_text("played by the app",
                                                               timeout=WAIT)
    links = host.page.locator(".qr-card .url code").all_inner_texts()
    assert len(links) == 1, "only Vlad's seat has a link: nobody joins for the app"
    code = host.page.locator(".bar .code").first.inner_text().strip()
    check_the_cards(host)
    tablet = devices("fury-hunters-tablet", "tablet")
    tablet.page.goto(f"{server}/t/{code}")
    vlad = devices("fury-hunters-vlad")
    vlad.page.goto(links[0])
    wait_for_the_deal(tablet, vlad)

    told: set[str] = set()

    def look() -> None:
        line = tablet.page.evaluate(
            "() => document.querySelector('.fd-summary')?.textContent ?? ''")
        if line:
            if not told:
                tablet.shot("fury-summary", full_page=False)
            told.add(line.strip())

    play_to_the_end(vlad.page, random.Random(42), look)
    assert any("moved by" in line for line in told), told
    # the line names a place only where Dracula showed himself (an attack, his castle)
    names = {board.name(p) for p in board.PLACES}
    for line in told:
        if "attacked" not in line and "Castle Dracula" not in line:
            assert not [n for n in names if f" {n}" in line], line

    expect(tablet.page.locator(".result")).to_be_visible(timeout=WAIT)
    chase = tablet.page.locator(".fd-chase")
    expect(chase).to_be_visible(timeout=WAIT)
    steps = int(chase.get_attribute("data-steps") or 0)
    assert steps >= 2
    chase.scroll_into_view_if_needed()
    tablet.shot("fury-chase-all", full_page=False)
    step(chase, "first", f"1 / {steps}")
    step(chase, "next", f"2 / {steps}")
    assert chase.locator(".fd-chase-steps li.step-now").count() == 1
    assert chase.locator("g.fc-step.step-later").count() == steps - 2
    tablet.shot("fury-chase-step-2", full_page=False)
    step(chase, "all", f"1–{steps}")
    expect(vlad.page.locator(".fd-chase")).to_be_visible(timeout=WAIT)
    vlad.page.locator(".fd-chase [data-step-go=first]").click()
    vlad.page.locator(".fd-chase").scroll_into_view_if_needed()
    vlad.shot("fury-chase-phone", full_page=False)

    token = links[0].rstrip("/").rsplit("/", 1)[-1]
    with urllib.request.urlopen(f"{server}/api/s/{token}/export") as answer:
        report = verify.verify(json.load(answer))
    assert report.ok, report.problems
    assert report.app_decisions > 20
