"""Each phone at its question (issue 32): after Supply, a take-back and a correction by hand
the first button of what the phone's player must answer now lies in the phone's viewport,
and has the focus — even when the player had scrolled down to the log.

Every step is tapped the way a finger does it on a phone scrolled to its log: the button is
clicked where it lies (``element.click()``, no scrolling to it first), so only the page
itself can bring the next question into view.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import WAIT
from tests.e2e.test_fury_browser import choose, open_table, wait_turn

pytestmark = [pytest.mark.browser, pytest.mark.slow]

IN_VIEW = """() => {
  const live = document.getElementById('live');
  const first = [...live.querySelectorAll('form.act button:not([disabled])')]
    .find(b => b.offsetParent !== null && !b.closest('details:not([open])'));
  if (!first) return null;
  const box = first.getBoundingClientRect();
  return {text: first.innerText.trim(), top: box.top, bottom: box.bottom,
          height: window.innerHeight, focused: document.activeElement === first};
}"""


def at_the_log(page) -> None:
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")


def tap_from_afar(page, name: str) -> None:
    """Tap a button without scrolling to it (the phone stays where its player left it)."""
    button = page.locator("#live").get_by_role("button", name=name).first
    expect(button).to_be_attached(timeout=WAIT)
    at_the_log(page)
    button.evaluate("b => b.click()")


def question_in_view(page, first_button: str) -> None:
    expect(page.locator("#live form.act button").filter(has_text=first_button).first
           ).to_be_attached(timeout=WAIT)
    page.wait_for_function(f"(() => {{ const q = ({IN_VIEW})(); return q && q.focused; }})",
                           timeout=WAIT)
    shown = page.evaluate(IN_VIEW)
    assert shown is not None and shown["top"] >= 0 and shown["bottom"] <= shown["height"], shown


def test_the_phone_brings_its_question_into_view(server, devices):
    _tablet, dracula, anna, boris = open_table(server, devices, prefix="question")
    choose(anna.page, "Lord Godalming starts in Paris")
    choose(anna.page, "Dr. Seward starts in Paris")
    choose(boris.page, "Van Helsing starts in Rome")
    choose(boris.page, "Mina Harker starts in Vienna")
    choose(dracula.page, "Start in Munich")
    wait_turn(anna.page, "Lord Godalming")

    # Supply: Godalming stays and draws an event; his turn ends by itself, and Anna's phone
    # is at Dr. Seward's move.
    tap_from_afar(anna.page, "Stay in Paris")
    tap_from_afar(anna.page, "Lord Godalming: draw an event")
    wait_turn(anna.page, "Dr. Seward")
    question_in_view(anna.page, "Stay in Paris")

    # A take-back: Seward stays and Anna ends his turn by mistake, then takes it back from
    # the bottom of her phone; his action phase is asked again and in view.
    tap_from_afar(anna.page, "Stay in Paris")
    tap_from_afar(anna.page, "End the turn")
    wait_turn(anna.page, "Van Helsing")
    tap_from_afar(anna.page, "Take back my last action")
    question_in_view(anna.page, "End the turn")

    # A correction by hand: the panel of what to correct is the question now.
    anna.page.locator("details.fd-corrections summary").click()
    tap_from_afar(anna.page, "Correct something by hand")
    question_in_view(anna.page, "Done: the outcome is entered")
    tap_from_afar(anna.page, "Done: the outcome is entered")
    question_in_view(anna.page, "End the turn")
