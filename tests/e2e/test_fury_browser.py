"""Fury of Dracula in real Chromium: the tablet, Dracula's phone and two hunter phones play
the setup and several rounds, including a search that reveals a card of Dracula's trail.

Seats: Dracula (Mina the player), Anna (Lord Godalming and Dr. Seward), Boris (Van Helsing
and Mina Harker). Dracula starts in Munich; Lord Godalming walks Paris → Strasbourg →
Munich and his search turns Dracula's first trail card up. Along the way: no hunter phone
and not the tablet may ever show where Dracula is hidden; Dracula's phone always does.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import WAIT, check_the_cards, wait_for_the_deal

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ("Vlad", "Anna", "Boris")


def choose(page, place: str, button: str = "Confirm") -> None:
    """Pick a place in the phone's list of places and confirm it."""
    select = page.locator("form.fd-choose select")
    expect(select).to_be_visible(timeout=WAIT)
    select.select_option(label=place)
    page.locator("form.fd-choose").get_by_role("button", name=button).click()


def tap(page, label: str) -> None:
    button = page.locator(".fd-do").get_by_role("button", name=label)
    expect(button.first).to_be_visible(timeout=WAIT)
    button.first.click()


def public_trail(page) -> str:
    """What a screen says of Dracula's trail and whereabouts (a hunter's own moves may name
    any place: they are public)."""
    parts = page.locator(".fd-trail, .fd-seen, .fd-status")
    return " ".join(parts.all_inner_texts()) + " ".join(
        page.locator(".fm-trail, .fm-dracula").evaluate_all(
            "els => els.map(e => e.getAttribute('data-place') || '')"))


def wait_turn(page, text: str) -> None:
    expect(page.locator(".fd-whose").first).to_contain_text(text, timeout=WAIT)


def open_table(server, devices, prefix: str = "fury") -> tuple:
    """The host creates the table; the tablet and the three phones open their links."""
    host = devices(f"{prefix}-host", "tablet")
    host.page.goto(server + "/new/fury")
    for i, name in enumerate(NAMES):
        host.page.fill(f"input[name=seat{i}]", name)
    host.page.get_by_role("button", name="Create the table").click()
    expect(host.page.get_by_text("Scan to take your seat")).to_be_visible(timeout=WAIT)
    check_the_cards(host)
    links = host.page.locator(".qr-card .url code").all_inner_texts()
    assert len(links) == 3
    code = host.page.locator(".bar .code").first.inner_text().strip()
    tablet = devices(f"{prefix}-tablet", "tablet")
    tablet.page.goto(f"{server}/t/{code}")
    dracula, anna, boris = (devices(f"{prefix}-{n.lower()}") for n in NAMES)
    for phone, link in zip((dracula, anna, boris), links, strict=True):
        phone.page.goto(link)
    wait_for_the_deal(tablet, dracula, anna, boris)
    return tablet, dracula, anna, boris


def test_dracula_and_two_hunter_phones_play_several_rounds(server, devices):
    tablet, dracula, anna, boris = open_table(server, devices)

    # Setup in the rulebook's order: the hunters place their figures, then Dracula in secret.
    choose(anna.page, "Lord Godalming starts in Paris")
    choose(anna.page, "Dr. Seward starts in Paris")
    choose(boris.page, "Van Helsing starts in Rome")
    choose(boris.page, "Mina Harker starts in Vienna")
    choose(dracula.page, "Start in Munich")
    expect(dracula.page.locator(".fd-where")).to_contain_text("Munich", timeout=WAIT)
    wait_turn(anna.page, "Lord Godalming")
    expect(tablet.page.locator(".fd-trail .fd-card.land")).to_have_count(1, timeout=WAIT)
    for device in (tablet, anna, boris):
        assert "Munich" not in public_trail(device.page)
    tablet.shot("fury-setup")

    # Round 1 (hunters first): Godalming by road to Strasbourg, the rest stay.
    tap(anna.page, "Road to Strasbourg")
    tap(anna.page, "End the turn")
    wait_turn(anna.page, "Dr. Seward")
    tap(anna.page, "Stay in Paris")
    tap(anna.page, "End the turn")
    wait_turn(boris.page, "Van Helsing")
    tap(boris.page, "Stay in Rome")
    tap(boris.page, "End the turn")
    tap(boris.page, "Stay in Vienna")
    tap(boris.page, "End the turn")

    # Round 2: Dracula leaves Munich for Nuremburg and lays an encounter there.
    wait_turn(dracula.page, "Dracula")
    expect(dracula.page.locator(".fm-ring").first).to_be_attached(timeout=WAIT)
    dracula.shot("fury-dracula-move", full_page=False)
    tap(dracula.page, "Move to Nuremburg")
    expect(dracula.page.locator(".fd-do h3").first).to_contain_text("Lay an encounter",
                                                                    timeout=WAIT)
    dracula.page.locator(".fd-do form.act button").first.click()
    wait_turn(anna.page, "Lord Godalming")
    expect(tablet.page.locator(".fd-trail .fd-card.land")).to_have_count(2, timeout=WAIT)
    expect(tablet.page.locator(".fd-trail .fd-card .fd-tokens").first).to_be_visible(
        timeout=WAIT)
    for device in (tablet, anna, boris):
        text = public_trail(device.page)
        assert "Nuremburg" not in text and "Munich" not in text

    # Godalming reaches Munich: the search turns Dracula's older trail card face up.
    tap(anna.page, "Road to Munich")
    expect(tablet.page.locator(".fd-trail .fd-card.up")).to_contain_text("Munich",
                                                                         timeout=WAIT)
    expect(tablet.page.locator(".fm-trail[data-place=munich]")).to_be_attached(timeout=WAIT)
    expect(anna.page.locator(".fd-trail .fd-card.up")).to_contain_text("Munich",
                                                                       timeout=WAIT)
    assert "Nuremburg" not in public_trail(tablet.page)
    anna.page.evaluate("window.scrollTo(0, 0)")
    anna.shot("fury-hunter-after-search", full_page=False)
    tap(anna.page, "End the turn")
    for hunter, phone, place in (("Dr. Seward", anna, "Paris"), ("Van Helsing", boris, "Rome"),
                                 ("Mina Harker", boris, "Vienna")):
        wait_turn(phone.page, hunter)
        tap(phone.page, f"Stay in {place}")
        tap(phone.page, "End the turn")

    # Round 3: Dracula moves on again; the tablet counts three cards on his trail.
    wait_turn(dracula.page, "Dracula")
    dracula.page.locator(".fd-do").get_by_role("button", name=re.compile("^Move to ")).first.click()
    expect(dracula.page.locator(".fd-do h3").first).to_contain_text("Lay an encounter",
                                                                    timeout=WAIT)
    dracula.page.locator(".fd-do form.act button").first.click()
    expect(tablet.page.locator(".fd-trail .fd-cards").first.locator(".fd-card:not(.empty)")
           ).to_have_count(3, timeout=WAIT)
    expect(dracula.page.locator(".fd-trail.secret .fd-card").first).to_be_visible()
    assert "Nuremburg" in dracula.page.locator(".fd-trail.secret").inner_text()
    for device in (dracula, boris):
        device.page.evaluate("window.scrollTo(0, 0)")
    tablet.shot("fury-table", full_page=False)
    dracula.shot("fury-dracula", full_page=False)
    boris.shot("fury-hunter", full_page=False)
