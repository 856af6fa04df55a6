"""Issue 43, "Tested here, both modes": a game night against the server this environment
runs — gevent's in the main suite, waitress's under `make test`'s pure-Python run
(``.venv-pure``, ``tests/pure_mode.py``): the host's screen, the tablet, three phones; a
phone reloaded, a phone offline and back, a tap made offline. Every screen shows every
roll, through the same road into an action."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import WAIT, Device, wait_for_the_deal
from tests.e2e.test_game_night_browser import create_kit

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def roll(phone: Device) -> None:
    phone.page.locator(".dice-buttons").first.get_by_role("button", name="2d6").click()


def everyone_sees(rolls: int, *screens: Device) -> None:
    for screen in screens:
        expect(screen.page.locator(".rolls li .dice")).to_have_count(rolls, timeout=WAIT)


def test_an_evening_with_a_tablet_three_phones_a_reload_and_a_phone_offline(server, devices):
    host = devices("ev-host", "tablet")
    table = create_kit(host, server, names=("Anna", "Bob", "Cecil"))
    anna, bob, cecil = devices("ev-anna"), devices("ev-bob"), devices("ev-cecil")
    for phone, link in zip((anna, bob, cecil), table["links"], strict=True):
        phone.page.goto(link)
    tablet = devices("ev-tablet", "tablet")
    tablet.page.goto(f"{server}/t/{table['code']}")
    wait_for_the_deal(host, tablet, anna, bob, cecil)
    screens = (host, tablet, anna, bob, cecil)

    roll(anna)
    everyone_sees(1, *screens)

    # Bob's phone reloads: the roll is there, and his screen is live again.
    bob.page.reload()
    everyone_sees(1, bob)
    roll(cecil)
    everyone_sees(2, *screens)

    # Cecil's phone loses the Wi-Fi while Anna and Bob roll; back, it catches up.
    cecil.context.set_offline(True)
    roll(anna)
    everyone_sees(3, host, tablet, anna, bob)
    roll(bob)
    everyone_sees(4, host, tablet, anna, bob)
    assert cecil.page.locator(".rolls li .dice").count() == 2
    cecil.context.set_offline(False)
    everyone_sees(4, cecil)

    # A tap made offline waits on the phone and reaches every screen once it is back.
    cecil.context.set_offline(True)
    roll(cecil)
    expect(cecil.page.locator(".unsent")).to_contain_text("Not sent yet", timeout=WAIT)
    cecil.context.set_offline(False)
    expect(cecil.page.locator(".unsent")).to_be_hidden(timeout=WAIT)
    everyone_sees(5, *screens)
    assert [screen.page.locator(".rolls li .dice").count() for screen in screens] == [5] * 5
