"""Bats in the viewport (issue 32, each phone at its question): when Dracula's Bats move a
hunter („at the start of his next turn Dracula moves him by road“), the phone of that
hunter's player shows, without its player scrolling, both what to do on the board (move the
figure) and the first button of what the player must answer now — even when the phone had
been left at the log below a finished combat's panel, as it was at the evening in issue 32.

The position is tests/e2e/fury_evening.py's evening, played through the JSON API up to the
Bats' move on a server that deals that evening's seed; only Anna's phone (Lord Godalming and
Dr. Seward), 360×740, is a browser. Screenshots: tests/e2e/screenshots/fury-bats-*.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

from tests.e2e import fury_evening as evening
from tests.e2e.conftest import WAIT, serve
from tests.e2e.test_question_in_view_browser import IN_VIEW, at_the_log

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BOARD = ".fd-seat .fd-board li[data-piece=godalming]"
OPTIONS = {k: v for k, v in evening.options().items() if k not in ("checked", "players")}
"""The evening's options as the API takes them (the players are the seats; "checked" is the
host's set-up check, which a table dealt at once does not wait for)."""
PROMPT = {"en": "Munich (Bats)", "cs": "Mnichov", "ru": "Мюнхен"}


@pytest.fixture(scope="module")
def server(request, tmp_path_factory):
    """A server dealing the seeds of the evening's own browser test, so that this module's
    first table is the evening's."""
    evening_module = SimpleNamespace(module=SimpleNamespace(__name__=evening.MODULE))
    yield from serve(evening_module, tmp_path_factory)


def play(request, server: str, tokens: list[str], steps: list) -> None:
    """The evening's steps through the JSON API (a step the rules now take by themselves is
    passed over, as the evening's own test does)."""
    for seat, action, params in steps:
        answer = request.get(f"{server}/api/s/{tokens[seat]}").json()
        offered = [a for a in answer["actions"]
                   if a["action"] == action and a["params"] == params]
        if not offered and evening.optional(action, params):
            continue
        assert offered, f"seat {seat} cannot {action} {params}: {answer['actions']}"
        done = request.post(f"{server}/api/s/{tokens[seat]}/act", data={
            "action": action, "params": params, "version": answer["version"]})
        assert done.ok, done.text()


def both_in_view(page) -> dict:
    """The board's instruction and the question's first button, where the phone shows them
    now (nothing scrolled by the test)."""
    prompt = page.locator(BOARD).bounding_box()
    shown = page.evaluate(IN_VIEW)
    assert prompt is not None and shown is not None, (prompt, shown)
    return {"prompt_top": prompt["y"], "prompt_bottom": prompt["y"] + prompt["height"],
            **shown}


def assert_in_view(found: dict) -> None:
    height = found["height"]
    assert found["prompt_top"] >= 0 and found["prompt_bottom"] <= height, found
    assert found["top"] >= 0 and found["bottom"] <= height, found


def test_the_bats_move_shows_the_board_and_the_question_without_scrolling(
        server, browser, devices):
    setup = devices("bats-setup", "tablet")
    request = setup.page.request
    made = request.post(f"{server}/api/tables", data={
        "game": "fury", "deal": "now", "options": OPTIONS,
        "seats": [{"name": n} for n in evening.NAMES]})
    assert made.status == 201, made.text()
    created = made.json()
    tokens = [s["token"] for s in created["seats"]]
    bats = next(i for i, (name, _) in enumerate(evening.PARTS)
                if name == "the bats move Godalming")
    for _name, part in evening.PARTS[:bats]:
        play(request, server, tokens, part)

    anna = devices("bats-anna")
    page = anna.page
    page.goto(f"{server}/s/{tokens[evening.ANNA]}")
    expect(page.locator(".fd-whose").first).to_contain_text("Lord Godalming", timeout=WAIT)
    expect(page.locator(".fd-combat").first).to_be_attached()  # the finished combat's panel
    at_the_log(page)
    before = page.locator("#live").get_attribute("data-version")

    play(request, server, tokens, evening.BATS_MOVE)
    expect(page.locator("#live")).not_to_have_attribute("data-version", before, timeout=WAIT)
    expect(page.locator(BOARD)).to_contain_text(PROMPT["en"], timeout=WAIT)
    page.wait_for_function(f"(() => {{ const q = ({IN_VIEW})(); return q && q.focused; }})",
                           timeout=WAIT)
    found = both_in_view(page)
    anna.shot("fury-bats-en", full_page=False)
    assert_in_view(found)

    # The same moment in Czech and Russian (longer words): the player switches her phone's
    # language, from the bottom of the page, and the page comes back at the same moment.
    for lang, button in (("cs", "Čeština"), ("ru", "Русский")):
        page.locator("form.langs").get_by_role("button", name=button).click()
        expect(page.locator(BOARD)).to_contain_text(PROMPT[lang], timeout=WAIT)
        page.wait_for_function(
            f"(() => {{ const q = ({IN_VIEW})(); return q && q.focused; }})", timeout=WAIT)
        found = both_in_view(page)
        anna.shot(f"fury-bats-{lang}", full_page=False)
        assert_in_view(found)
