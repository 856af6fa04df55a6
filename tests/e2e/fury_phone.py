"""A scripted Fury player in the browser: taps what his phone offers, at random, until the
game ends (the app plays the other side meanwhile)."""

from __future__ import annotations

import random
from collections.abc import Callable

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import WAIT

TAPS = 3000
"""More taps than a whole game takes."""
MISSED = 5
"""Taps in a row that may miss their button before the phone counts as stuck. The version
this loop waits for may be another seat's step while its own tap's answer is still on the
way; it then looks at the old screen, and the answer replaces the button it taps (CI of
2026-12-07: a combat tactic chosen just before the round's result came in, the click
waiting 30 s for a button that was gone). A miss looks again."""


def version(page) -> str:
    return page.locator("#live").get_attribute("data-version") or ""


def controls(page):
    """What the phone offers now: a combat's tactics, a list to choose from, or the buttons
    of the action area (never a correction by hand)."""
    tactics = page.locator(".fd-combat .fd-tactics form button")
    if tactics.count():
        return "buttons", tactics
    area = page.locator(".fd-do")
    lists = area.locator("form.fd-choose")
    if lists.count():
        return "list", lists.first
    buttons = area.locator("form button").filter(has_not_text="by hand")
    return ("buttons", buttons) if buttons.count() else (None, None)


def wait_for_a_move(page) -> None:
    """Until the phone offers something or the game is over (the app is playing
    meanwhile)."""
    page.wait_for_function(
        "() => document.querySelector('.fd-do form button, .fd-tactics form button, .result')"
        " !== null", timeout=WAIT)


def play_to_the_end(page, chooser: random.Random,
                    after_tap: Callable[[], None] = lambda: None) -> None:
    """Tap what the phone offers, at random, until the result shows; ``after_tap`` looks
    around after each tap (the tablet, the phone)."""
    missed = 0
    for _ in range(TAPS):
        if page.locator(".result").count():
            return
        wait_for_a_move(page)
        if page.locator(".result").count():
            return
        kind, found = controls(page)
        if kind is None:
            continue
        before = version(page)
        # The live update may replace the area between looking and counting: look again.
        try:
            if kind == "list":
                options = found.locator("select option:not([disabled])")
                count = options.count()
                if not count:
                    continue
                value = options.nth(chooser.randrange(count)).get_attribute("value")
                found.locator("select").select_option(value=value, timeout=WAIT // 2)
                found.get_by_role("button").click(timeout=WAIT // 2)
            else:
                count = found.count()
                if not count:
                    continue
                found.nth(chooser.randrange(count)).click(timeout=WAIT // 2)
        except PlaywrightTimeout:
            missed += 1
            if missed >= MISSED:
                raise
            continue
        missed = 0
        page.wait_for_function(
            f"() => (document.querySelector('#live') || {{}}).dataset?.version !== '{before}'",
            timeout=WAIT)
        after_tap()
    raise AssertionError("the game did not end")
