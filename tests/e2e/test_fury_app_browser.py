"""A group of one against the app's Dracula, in real Chromium (issue 33): the host creates a
Fury table whose Dracula the app plays, Anna's phone plays the four hunters — a scripted
player tapping the buttons her phone shows — and the game is played to its end while the
tablet follows. The app's Dracula acts through the same road as a phone: its turns appear on
the tablet and on Anna's phone, never where he hides; at the end the export verifies."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest
from playwright.sync_api import expect

from companion.fairplay import verify
from tests.e2e.conftest import WAIT, check_the_cards, serve, wait_for_the_deal
from tests.e2e.fury_phone import play_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.slow]

@pytest.fixture(scope="module")
def server(request, tmp_path_factory):
    """The app's Dracula waits 0.05 s between his actions here, not the table's 1.2 s."""
    yield from serve(request, tmp_path_factory, {"COMPANION_APP_PACE": "0.05"})


def test_one_player_plays_a_whole_game_against_the_apps_dracula(server, devices):
    host = devices("fury-app-host", "tablet")
    host.page.goto(server + "/new/fury?players=2")
    host.page.fill("input[name=seat0]", "Dracula")
    host.page.fill("input[name=seat1]", "Anna")
    host.page.select_option("select[name=opt_dracula_by_app]", "cunning")
    host.page.get_by_role("button", name="Create the table").click()
    expect(host.page.locator(".qr-card .app-seat")).to_have_text("played by the app",
                                                               timeout=WAIT)
    links = host.page.locator(".qr-card .url code").all_inner_texts()
    assert len(links) == 1, "only Anna's seat has a link: nobody joins for the app"
    code = host.page.locator(".bar .code").first.inner_text().strip()
    check_the_cards(host)
    host.shot("fury-app-host")
    tablet = devices("fury-app-tablet", "tablet")
    tablet.page.goto(f"{server}/t/{code}")
    anna = devices("fury-app-anna")
    anna.page.goto(links[0])
    wait_for_the_deal(tablet, anna)
    expect(tablet.page.locator(".seat-chips .app-seat")).to_have_text("played by the app")

    seen = {"draculas_turn": False, "figure": False}

    def look() -> None:
        figure = anna.page.evaluate("() => document.querySelector("
                                    "'.fd-board li[data-piece=dracula]')?.textContent ?? null")
        if figure is not None and not seen["figure"]:
            # nobody holds the app's Dracula's phone: the hunters' phone says where he goes
            assert "Dracula's figure" in figure
            seen["figure"] = True
            anna.shot("fury-app-figure")
        # read in one script run: a live update may replace the line between two reads
        whose = tablet.page.evaluate(
            "() => document.querySelector('.fd-whose')?.textContent ?? ''")
        if "Dracula" in whose:
            seen["draculas_turn"] = True

    play_to_the_end(anna.page, random.Random(33), look)

    expect(tablet.page.locator(".result")).to_be_visible(timeout=WAIT)
    anna.shot("fury-app-end")
    tablet.shot("fury-app-end")
    assert seen["draculas_turn"], "the tablet never showed the app's Dracula at his turn"
    # Anna's phone offers the export: every decision of the app replays from what it was shown.
    with urllib.request.urlopen(f"{server}/api/t/{code}") as answer:
        assert json.load(answer)["view"]["result"]
    token = links[0].rstrip("/").rsplit("/", 1)[-1]
    with urllib.request.urlopen(f"{server}/api/s/{token}/export") as answer:
        report = verify.verify(json.load(answer))
    assert report.ok, report.problems
    assert report.app_decisions > 20
