"""Dead Man's Draw in real Chromium: a tablet and three pirates' phones play a whole game.

Each pirate chooses one of two secret characters on the phone; all are revealed together.
Then the active pirate's phone flips or takes the loot by a simple rule and answers every
effect's choice with the first button it offers, until the draw pile runs out. The tablet
must follow every move, and its final scores must equal the sum of the stack tops it shows.
No phone may ever show another pirate's secret (the dealt characters, the Seer's look).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import WAIT, wait_for_the_deal

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ["Anna", "Bart", "Cora"]
LOOT_AT = 3  # the simple rule: take the loot once the row holds this many cards


def text_of(device) -> str:
    return device.page.locator("#live").inner_text()


def act(device, locator) -> None:
    """Tap a button and wait until this phone shows the answer (a new version)."""
    live = device.page.locator("#live")
    version = live.get_attribute("data-version")
    locator.click()
    expect(live).not_to_have_attribute("data-version", version or "", timeout=WAIT)


def stack_sum(bank) -> int:
    """The score a player can add up from a bank on screen: the stack tops, plus bonuses."""
    tops = [int(t) for t in bank.locator(".dm-stack .dm-top .v").all_inner_texts()]
    bonuses = [int(b) for b in bank.locator(".dm-stack .dm-bonus").all_inner_texts()]
    return sum(tops) + sum(bonuses)


def test_three_pirates_play_dead_mans_draw_to_the_end(server, devices):
    started = time.monotonic()
    tablet = devices("tablet", "tablet")
    page = tablet.page
    page.goto(server + "/new/deadmans")
    for i, name in enumerate(NAMES):
        page.fill(f"input[name=seat{i}]", name)
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_text("Scan to take your seat")).to_be_visible()
    links = page.locator(".qr-card .url code").all_inner_texts()
    assert len(links) == 3 and all(re.match(r"http://127\.0\.0\.1:\d+/s/", u) for u in links)
    code = page.locator("header .code").first.inner_text()

    phones = [devices(name.lower()) for name in NAMES]
    for phone, link in zip(phones, links, strict=True):
        phone.page.goto(link)
    wait_for_the_deal(tablet, *phones)
    expect(page.get_by_text("Everyone is seated")).to_be_visible(timeout=WAIT)
    expect(page.locator(".dm-bank")).to_have_count(3)  # the host screen shows the table too
    tablet.shot("dm-0-host")
    page.goto(f"{server}/t/{code}")
    expect(page.locator(".dm-bank")).to_have_count(3)
    expect(page.locator(".dm-status")).to_contain_text("choose their characters in secret")

    # --- two characters dealt to each pirate, seen only on that pirate's phone ----------
    dealt = []
    for phone in phones:
        names = phone.page.locator(".dm-char-card .dm-char-name").all_inner_texts()
        assert len(names) == 2, phone.name
        dealt.append(names)
    phones[0].shot("dm-1-choose")
    for i, phone in enumerate(phones):
        for j, other in enumerate(phones):
            if i != j:
                for name in dealt[i]:
                    assert name not in text_of(other), f"{other.name} sees {phone.name}'s card"
        for name in dealt[i]:
            assert name not in text_of(tablet)

    chosen = []
    for i, phone in enumerate(phones):
        act(phone, phone.page.locator(".dm-choose button").first)
        if i < 2:
            expect(phone.page.locator(".dm-characters .big-note")).to_contain_text(
                f"You chose {dealt[i][0]}")
        else:  # the last choice reveals everyone's at once
            expect(phone.page.locator(".dm-mine .dm-char strong")).to_have_text(dealt[i][0])
        chosen.append(dealt[i][0])
        if i == 0:
            expect(page.locator(".dm-bank").first).to_contain_text("has chosen", timeout=WAIT)
            # Chosen, not revealed: nobody else learns which.
            assert dealt[0][0] not in text_of(tablet)
            assert dealt[0][0] not in text_of(phones[1])
            tablet.shot("dm-2-choosing")

    # Revealed all at once on the tablet; the characters not chosen stay secret.
    for i, name in enumerate(chosen):
        expect(page.locator(".dm-bank").nth(i).locator(".dm-char strong")).to_have_text(
            name, timeout=WAIT)
    for i in range(3):
        unchosen = dealt[i][1]
        assert unchosen not in text_of(tablet)
        for j, other in enumerate(phones):
            if i != j:
                expect(other.page.locator(".dm-others")).to_be_visible(timeout=WAIT)
                assert unchosen not in text_of(other), f"{other.name} sees {NAMES[i]}'s card"

    # --- play: the active phone flips or loots by a simple rule ------------------------
    shots: set[str] = set()
    turns_seen = 0
    actions = 0
    rounds = 0
    while page.locator(".result").count() == 0:
        rounds += 1  # a hang guard: a whole game takes a few hundred passes
        assert rounds < 5000, f"the game did not end ({actions} actions)"
        acted = False
        for phone in phones:
            p = phone.page
            choice = p.locator(".dm-turn .dm-choice button")
            flip = p.locator(".dm-turn-buttons .dm-flip button")
            loot = p.locator(".dm-turn-buttons .dm-loot button")
            if choice.count():
                kind = ("map" if p.locator(".dm-map").count() else "ball"
                        if p.locator(".dm-ball").count() else "stack"
                        if p.locator(".dm-others").count() else "davy")
                if kind not in shots:
                    shots.add(kind)
                    phone.shot(f"dm-4-effect-{kind}")
                    tablet.shot(f"dm-4-effect-{kind}")
                act(phone, choice.first)
            elif flip.count() or loot.count():
                row = p.locator(".dm-row-panel .dm-card").count()
                if row == 0:
                    turns_seen += 1
                if row >= 2 and "turn" not in shots:
                    shots.add("turn")
                    phone.shot("dm-3-turn")
                if loot.count() and (row >= LOOT_AT or not flip.count()):
                    act(phone, loot.first)
                else:
                    act(phone, flip.first)
            else:
                continue
            acted = True
            actions += 1
            # The Seer's look is on that pirate's phone only.
            if p.locator(".dm-look").count():
                for other in phones:
                    if other is not phone:
                        assert other.page.locator(".dm-look").count() == 0
                        assert "from the top is" not in text_of(other)
                assert tablet.page.locator(".dm-look").count() == 0
                if "seer" not in shots:
                    shots.add("seer")
                    phone.shot("dm-5-seer-look")
            break
        # One snapshot of the tablet: right after a bust, the emptied row shows the bust.
        board, bust_shown, row_cards = page.locator(".dm-play").evaluate(
            "el => [el.innerText, !!el.querySelector('.dm-row-empty.dm-bust'),"
            " el.querySelectorAll(':scope > .dm-row .dm-card').length]")
        lines = [line for line in board.splitlines() if line.strip()]
        if lines[-1].endswith("'s turn.") and any(x.startswith("BUST!") for x in lines[-4:]):
            assert bust_shown and row_cards == 0, board
            if "bust" not in shots:
                shots.add("bust")
                tablet.shot("dm-6-bust")
        if page.locator(".dm-play > .dm-row .dm-card").count() >= 3 and "row" not in shots:
            shots.add("row")
            tablet.shot("dm-3-row")
        if not acted:
            time.sleep(0.15)

    # --- the end: the tablet's scores are the sums of the stack tops it shows ------------
    expect(page.locator(".dm-status")).to_contain_text("The game is over")
    banks = page.locator(".dm-bank")
    scores = []
    for i in range(3):
        bank = banks.nth(i)
        score = int(bank.locator(".dm-score .num").inner_text())
        assert score == stack_sum(bank), f"{NAMES[i]}: {score} != the stack tops shown"
        scores.append(score)
    result = page.locator(".result").inner_text()
    assert str(max(scores)) in result
    assert "won" in result or "draw" in result.lower()
    assert page.locator(".dm-card.dm-back").count() == 0  # the draw pile is empty
    tablet.shot("dm-7-over")
    for phone in phones:
        expect(phone.page.locator(".result")).to_be_visible(timeout=WAIT)
        mine = int(phone.page.locator(".dm-mine .dm-score .num").inner_text())
        assert mine in scores
    phones[0].shot("dm-7-over")
    for device in (tablet, phones[0]):  # the same screens in the dark colour scheme
        device.page.emulate_media(color_scheme="dark")
        device.shot("dm-8-dark")
    for device in (tablet, *phones):
        assert all(url.startswith(server) for url in device.requests), device.name
    assert actions > 10 and turns_seen > 3
    print(f"\n{actions} actions, {turns_seen} turns, {time.monotonic() - started:.1f} s")
