"""A tablet and two phones play with the referee kit in real Chromium (issue: the platform):
join by the seat link shown beside the QR, a secret roll, a simultaneous choice, a phone
reloaded mid-game, and the table following every move within a second."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import WAIT, wait_for_the_deal

pytestmark = [pytest.mark.browser, pytest.mark.slow]



def test_tablet_and_two_phones_play_with_the_referee_kit(server, devices):
    tablet = devices("tablet", "tablet")
    page = tablet.page
    page.goto(server + "/")
    page.get_by_role("link", name="New table").first.click()
    page.fill("input[name=seat0]", "Anna")
    page.fill("input[name=seat1]", "Bob")
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_text("Scan to take your seat")).to_be_visible()
    links = page.locator(".qr-card .url code").all_inner_texts()
    assert len(links) == 2 and all(re.match(r"http://127\.0\.0\.1:\d+/s/", u) for u in links)
    tablet.shot("1-host-waiting")

    anna, bob = devices("anna"), devices("bob")
    anna.page.goto(links[0])
    bob.page.goto(links[1])
    expect(anna.page.get_by_role("heading", name="Anna")).to_be_visible()
    # Both phones joined: the host screen hides their QR codes by itself.
    expect(page.locator(".qr-card img.qr")).to_have_count(0, timeout=WAIT)
    wait_for_the_deal(tablet, anna, bob)
    expect(page.get_by_text("Everyone is seated")).to_be_visible()

    table = devices("table", "tablet")
    table.page.goto(page.url.split("/h/")[0] + "/t/" + page.locator(".code").first.inner_text())
    commitment = table.page.locator(".fairness code").first.inner_text()
    assert len(commitment.rstrip("…")) >= 12

    # A secret roll: only Anna sees the dice until she shows them.
    anna.page.locator(".dice-buttons").nth(1).get_by_role("button", name="4dF").click()
    expect(anna.page.locator(".rolls .dice").first).to_be_visible()
    expect(table.page.locator(".rolls li").first).to_contain_text("secret", timeout=WAIT)
    expect(bob.page.locator(".rolls li").first).to_contain_text("secret", timeout=WAIT)
    assert bob.page.locator(".rolls .dice").count() == 0
    anna.shot("2-secret-roll")
    anna.page.get_by_role("button", name=re.compile("Show roll 4dF")).click()
    expect(table.page.locator(".rolls li .dice").first).to_be_visible(timeout=WAIT)
    faces = table.page.locator(".rolls li").first.locator(".die").count()
    assert faces == 4

    # A simultaneous secret choice, revealed when the last has chosen.
    bob.page.fill("input[name=in_question]", "Which door?")
    bob.page.fill("input[name=in_options]", "left, right")
    bob.page.get_by_role("button", name="Ask everyone to choose in secret").click()
    expect(anna.page.get_by_role("button", name="Choose left")).to_be_visible(timeout=WAIT)
    anna.page.get_by_role("button", name="Choose right").click()
    expect(anna.page.locator(".big-note")).to_contain_text("You chose right.")
    expect(table.page.locator(".choice .ok")).to_contain_text("has chosen", timeout=WAIT)
    assert "right" not in table.page.locator(".choice").inner_text()
    assert "chose right" not in bob.page.content()
    table.shot("3-choice-waiting")

    # Bob's phone reloads mid-choice: nothing is lost, the question is still there.
    bob.page.reload()
    expect(bob.page.get_by_role("button", name="Choose left")).to_be_visible()
    bob.page.get_by_role("button", name="Choose left").click()
    expect(table.page.locator(".choice .reveal")).to_have_count(2, timeout=WAIT)
    assert table.page.locator(".choice").inner_text().count("right") == 1
    table.shot("4-choice-revealed")
    anna.page.reload()
    expect(anna.page.locator(".choice .reveal")).to_have_count(2)
    anna.shot("5-after-reload")
    bob.shot("5-after-reload")

    # Cards: Bob draws; the table sees a count, never the card.
    bob.page.get_by_role("button", name="Draw from the top").click()
    card = bob.page.locator(".hand .card .name").first.inner_text()
    players = table.page.locator(".players").first
    expect(players).to_contain_text("Bob · 1 card in hand", timeout=WAIT)
    assert card not in players.inner_text()

    # Nothing was loaded from another host by any device.
    for device in (tablet, anna, bob, table):
        assert all(url.startswith(server) for url in device.requests), device.name


def test_phone_shows_reconnecting_when_the_server_is_unreachable(server, devices):
    tablet = devices("host", "tablet")
    tablet.page.goto(server + "/new/kit")
    tablet.page.fill("input[name=seat0]", "Cleo")
    tablet.page.get_by_role("button", name="Create the table").click()
    link = tablet.page.locator(".qr-card .url code").first.inner_text()
    phone = devices("cleo")
    phone.page.goto(link)
    expect(phone.page.locator(".connection")).to_be_hidden()
    phone.context.set_offline(True)
    # Its event stream falls silent (the server repeats the version every 4 s): after 10 s
    # of silence the phone says so.
    expect(phone.page.locator(".connection")).to_be_visible(timeout=20_000)
    phone.context.set_offline(False)
    expect(phone.page.locator(".connection")).to_be_hidden(timeout=WAIT)
