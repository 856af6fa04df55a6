"""Fury of Dracula's combat in real Chromium: at night Dracula moves into Paris, where Lord
Godalming and Dr. Seward stand, and attacks them both. Each phone of the fight shows its
tactics as big buttons — Dracula's a row per card with a button per hunter, card and target
in one tap („а Дракула выбирает цель своей атаки“); the tablet shows who has chosen but never
what until all cards are in; then every screen shows the cards, Dracula's target, the dice
with their modifiers and the result, round after round, to the combat's end.

Seats: Vlad (Dracula), Anna (Lord Godalming and Dr. Seward), Boris (Van Helsing and Mina
Harker). Dracula starts in Bordeaux and walks Nantes → Le Havre → Paris, arriving on his
third turn, at Twilight (night).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.test_fury_browser import WAIT, choose, open_table, tap, wait_turn

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def hunters_stay(anna, boris) -> None:
    """A round of the hunters: everyone stays where he is."""
    for hunter, phone, place in (("Lord Godalming", anna, "Paris"), ("Dr. Seward", anna, "Paris"),
                                 ("Van Helsing", boris, "Rome"), ("Mina Harker", boris, "Vienna")):
        wait_turn(phone.page, hunter)
        tap(phone.page, f"Stay in {place}")
        tap(phone.page, "End the turn")


def dracula_moves(dracula, place: str) -> None:
    wait_turn(dracula.page, "Dracula")
    tap(dracula.page, f"Move to {place}")
    expect(dracula.page.locator(".fd-do h3").first).to_contain_text("Lay an encounter",
                                                                    timeout=WAIT)
    dracula.page.locator(".fd-do form.act button").first.click()


def tactic(page, fighter: str, card: str, round_no: int, at: str | None = None) -> None:
    """Tap a tactic; Dracula's against several hunters is the button of hunter ``at`` in
    the card's row. The tap is taken when this phone shows the fighter's choice made, or
    the round revealed (the last choice reveals it at once) — not merely a newer screen,
    which another player's choice arriving at the same moment would also bring."""
    panel = page.locator(f".fd-tactics[data-fighter={fighter}]")
    if at is not None:
        panel = panel.get_by_role("group", name=card, exact=True)
        button = panel.get_by_role("button", name=at, exact=True)
    else:  # a hunter's button names the card and the initiative printed on it
        button = panel.get_by_role("button", name=re.compile(rf"^{re.escape(card)} · "))
    expect(button).to_be_visible(timeout=WAIT)
    button.click()
    taken = page.locator(f".fd-fighters li[data-fighter={fighter}] .chosen, "
                         f".fd-combat .fd-round[data-round='{round_no}'], .fd-combat.over")
    expect(taken.first).to_be_visible(timeout=WAIT)


def sees_chosen(page, fighter: str) -> None:
    """This phone shows that ``fighter`` has chosen: an update that would replace the
    screen under the player's next tap has arrived before it."""
    expect(page.locator(f".fd-fighters li[data-fighter={fighter}] .chosen")).to_be_visible(
        timeout=WAIT)


def settle(phones, tablet, round_no: int) -> None:
    """Answer whatever the round asks (whose card applies, a tie, an uncertain result…)
    with the first answer, until the tablet shows the round settled or the combat over.

    A phone answers only while its own screen shows the combat still on and this round
    unsettled, and no screen has shown it settled: after the combat the first button is the
    game's next move (a hunter's road into another fight), which would take the ended combat
    off the tablet before its next look. Each answer waits for its phone's screen to move
    on; the whole round may take up to three times WAIT on a busy machine."""
    settled = f".fd-combat .fd-round[data-round='{round_no}'] .fd-result, .fd-combat.over"
    done = tablet.page.locator(settled)
    deadline = time.monotonic() + 3 * WAIT / 1000
    while not done.count():
        if time.monotonic() >= deadline:
            for device in (tablet, *phones):
                device.shot(f"fury-combat-unsettled-{round_no}")
            raise AssertionError(f"round {round_no} never settled")
        for phone in phones:
            if done.count() or phone.page.locator(settled).count():
                break
            if not phone.page.locator(".fd-combat:not(.over)").count():
                continue
            buttons = phone.page.locator(".fd-do form.act button")
            if buttons.count():
                if round_no == 1:
                    phone.page.locator(".fd-do").scroll_into_view_if_needed()
                    phone.shot("fury-combat-question", full_page=False)
                live = phone.page.locator("#live")
                before = live.get_attribute("data-version") or ""
                buttons.first.click()
                expect(live).not_to_have_attribute("data-version", before, timeout=WAIT)
        tablet.page.wait_for_timeout(250)  # pacing between looks, not a check


def test_a_night_combat_between_dracula_and_two_hunters_to_its_end(server, devices):
    tablet, dracula, anna, boris = open_table(server, devices, "fury-combat")
    choose(anna.page, "Lord Godalming starts in Paris")
    choose(anna.page, "Dr. Seward starts in Paris")
    choose(boris.page, "Van Helsing starts in Rome")
    choose(boris.page, "Mina Harker starts in Vienna")
    choose(dracula.page, "Start in Bordeaux")
    hunters_stay(anna, boris)
    dracula_moves(dracula, "Nantes")
    hunters_stay(anna, boris)
    dracula_moves(dracula, "Le Havre")
    hunters_stay(anna, boris)

    # Twilight: Dracula enters Paris and must attack both hunters there; with no choice
    # to make, the attack follows the move by itself (rulebook p. 9, "Dracula's action").
    wait_turn(dracula.page, "Dracula")
    tap(dracula.page, "Move to Paris")
    panel = tablet.page.locator(".fd-combat")
    expect(panel).to_contain_text("Combat in Paris", timeout=WAIT)
    expect(panel).to_contain_text("night", timeout=WAIT)
    expect(dracula.page.locator(".fd-tactics[data-fighter=enemy] .fd-aim")).to_have_count(
        8, timeout=WAIT)
    expect(dracula.page.locator(".fd-tactics[data-fighter=enemy] form.act")).to_have_count(
        16, timeout=WAIT)
    expect(anna.page.locator(".fd-tactics")).to_have_count(2, timeout=WAIT)
    expect(boris.page.locator(".fd-tactics")).to_have_count(0)
    dracula.shot("fury-combat-dracula-tactics", full_page=False)
    anna.shot("fury-combat-hunter-tactics")

    # Round 1: Dracula's Claws, aimed at Dr. Seward, stays secret until both hunters have
    # chosen; his own phone shows card and target.
    tactic(dracula.page, "enemy", "Claws", 1, at="Dr. Seward")
    expect(dracula.page.locator(".fd-fighters li[data-fighter=enemy] .fd-mine")).to_contain_text(
        "Claws", timeout=WAIT)
    expect(dracula.page.locator(".fd-fighters li[data-fighter=enemy] .fd-mine")).to_contain_text(
        "Dr. Seward")
    expect(tablet.page.locator(".fd-fighters li[data-fighter=enemy] .chosen")).to_be_visible(
        timeout=WAIT)
    expect(tablet.page.locator(".fd-fighters li[data-fighter=godalming] .waiting")
           ).to_be_visible(timeout=WAIT)
    expect(anna.page.locator(".fd-fighters li[data-fighter=enemy] .chosen")).to_be_visible(
        timeout=WAIT)
    for device in (tablet, anna, boris):
        assert "Claws" not in device.page.locator("body").inner_text(), device.name
        assert device.page.locator(".fd-aim-shown").count() == 0, device.name
    tablet.shot("fury-combat-tablet-choosing", full_page=False)
    tactic(anna.page, "godalming", "Punch", 1)
    assert "Claws" not in tablet.page.locator("body").inner_text()
    tactic(anna.page, "seward", "Dodge", 1)

    expect(tablet.page.locator(".fd-combat .fd-round[data-round='1']")).to_be_visible(
        timeout=WAIT)
    played = tablet.page.locator(".fd-combat .fd-round[data-round='1'] .fd-played")
    for card in ("Claws", "Punch", "Dodge"):
        expect(played).to_contain_text(card, timeout=WAIT)
    expect(played.locator("li.enemy .fd-aim-shown")).to_contain_text("Dr. Seward",
                                                                      timeout=WAIT)
    expect(tablet.page.locator(".fd-combat .fd-played .die").first).to_be_visible(timeout=WAIT)
    settle((dracula, anna, boris), tablet, 1)
    tablet.shot("fury-combat-tablet-round", full_page=False)
    anna.page.locator(".fd-combat .fd-round").scroll_into_view_if_needed()
    anna.shot("fury-combat-hunter-round", full_page=False)

    # Round 2: Dracula turns to mist, the hunters run: whoever wins, the combat ends.
    tactic(dracula.page, "enemy", "Escape (mist)", 2, at="Lord Godalming")
    sees_chosen(anna.page, "enemy")
    tactic(anna.page, "godalming", "Escape", 2)
    tactic(anna.page, "seward", "Escape", 2)
    settle((dracula, anna, boris), tablet, 2)
    over = tablet.page.locator(".fd-combat.over")
    expect(over).to_contain_text("The combat in Paris is over", timeout=WAIT)
    expect(over.locator(".fd-played")).to_contain_text("Escape (mist)", timeout=WAIT)
    expect(over.locator(".fd-result")).to_contain_text("End", timeout=WAIT)
    wait_turn(anna.page, "Lord Godalming")
    expect(anna.page.locator(".fd-combat.over")).to_be_visible(timeout=WAIT)
    assert re.search(r"\d+/12", anna.page.locator(".fd-hunter.h-godalming").inner_text())
    tablet.shot("fury-combat-tablet-over", full_page=False)
    anna.page.locator(".fd-combat.over").scroll_into_view_if_needed()
    anna.shot("fury-combat-hunter-over", full_page=False)
