"""Updates pushed to the screens in real Chromium (issue 15: "Updates pushed, not polled:
the other screens of a table see an action … and a sleeping phone costs nothing"): each
screen holds its event stream and fetches its fragment only when the table changed."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import wait_for_the_deal

pytestmark = pytest.mark.browser

WAIT = 10_000  # ms: generous; how fast is measured in bench/, never here


def live_requests(device) -> list[str]:
    return [url for url in device.requests if re.search(r"/live(\?|$)", url)]


def test_a_quiet_table_makes_no_requests_and_a_roll_reaches_every_screen(server, devices):
    tablet = devices("host", "tablet")
    tablet.page.goto(server + "/new/kit")
    tablet.page.fill("input[name=seat0]", "Anna")
    tablet.page.fill("input[name=seat1]", "Bob")
    tablet.page.get_by_role("button", name="Create the table").click()
    links = tablet.page.locator(".qr-card .url code").all_inner_texts()
    anna, bob = devices("anna"), devices("bob")
    anna.page.goto(links[0])
    bob.page.goto(links[1])
    wait_for_the_deal(tablet, anna, bob)
    code = tablet.page.locator(".code").first.inner_text()
    table = devices("table", "tablet")
    table.page.goto(f"{server}/t/{code}")
    expect(table.page.locator("#live")).to_have_attribute("data-deal", "dealt", timeout=WAIT)
    for device in (anna, bob, table):
        assert any(url.endswith("/events") for url in device.requests), device.name

    # Nobody acts for three poll intervals: the open streams keep every screen current,
    # so no screen asks for its fragment.
    quiet = {device.name: len(live_requests(device)) for device in (anna, bob, table)}
    time.sleep(3.5)
    assert {device.name: len(live_requests(device)) for device in (anna, bob, table)} == quiet

    # Anna rolls openly: Bob's phone and the table show it, each after one fetch.
    anna.page.locator(".dice-buttons").first.get_by_role("button", name="2d6").click()
    expect(bob.page.locator(".rolls li").first).to_contain_text("2d6", timeout=WAIT)
    expect(table.page.locator(".rolls li").first).to_contain_text("2d6", timeout=WAIT)
    assert len(live_requests(bob)) - quiet["bob"] <= 2
    assert len(live_requests(table)) - quiet["table"] <= 2
