"""Blitz und Donner (Hera and Zeus) in real Chromium: Hera's and Zeus's phones and the tablet
play a whole game.

The table is created through the lobby (a turn limit of 40, so that even an unlucky game ends
in time); the setup screen shows the whole deck with "check against your cards". The phones
open the seat links beside the QR codes. The seed is random per table, so the test plays as
a player would, reading the phone: answer what the game waits for, else challenge where a
button offers it, else use Pegasus, else play the first card of the hand to the first +
(tap the card, then the place), else draw, else the first button left. Along the way: the
first rows lie face down on the tablet and on the other phone (backs without text), a
challenge shows both cards on the tablet, the owner's phone names its own face-down cards,
no private line reaches the tablet; at the end every screen shows the result.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import WAIT, check_the_cards, wait_for_the_deal

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ("Helena", "Zenon")  # seat 0 Hera, seat 1 Zeus
PHONE_SIZE = {"width": 360, "height": 780}
MAX_ACTIONS = 400  # far more than a game with the turn limit of 40 can take


def test_hera_and_zeus_play_a_whole_game(server, devices):
    host = devices("hz-host", "tablet")
    host.page.goto(server + "/new/hera_zeus")
    expect(host.page.locator("input[name=opt_count_pegasus]")).to_have_value("5")
    # The uncertain counts wait, folded, in one section that names each default.
    values = host.page.locator("details.card-values")
    values.locator("summary").click()
    expect(values).to_contain_text("Card values (check against your box)")
    pegasus = values.locator(".option", has=host.page.locator("input[name=opt_count_pegasus]"))
    expect(pegasus.locator(".default")).to_have_text("default: 5")
    for i, name in enumerate(NAMES):
        host.page.fill(f"input[name=seat{i}]", name)
    host.page.fill("input[name=opt_turn_limit]", "40")
    host.page.get_by_role("button", name="Create the table").click()
    expect(host.page.get_by_text("Scan to take your seat")).to_be_visible()
    check_the_cards(host)
    links = host.page.locator(".qr-card .url code").all_inner_texts()
    assert len(links) == 2
    code = host.page.locator(".bar .code").first.inner_text().strip()

    phones = [devices("hz-helena"), devices("hz-zenon")]
    for phone, link in zip(phones, links, strict=True):
        phone.page.set_viewport_size(PHONE_SIZE)
        phone.page.goto(link)
    for phone, name in zip(phones, NAMES, strict=True):
        expect(phone.page.get_by_role("heading", name=name)).to_be_visible()
    expect(host.page.get_by_text("Everyone is seated")).to_be_visible(timeout=WAIT)
    table = devices("hz-table", "tablet")
    table.page.goto(f"{server}/t/{code}")
    tab = table.page
    wait_for_the_deal(table, *phones)

    def public() -> dict:
        answer = tab.request.get(f"{server}/api/t/{code}").json()
        return {"version": answer["version"], **answer["view"]}

    def settle(*devices) -> dict:
        """The public state, once the given screens (all: every screen) show it."""
        now = public()
        for device in devices or (*phones, table):
            expect(device.page.locator("#live")).to_have_attribute(
                "data-version", str(now["version"]), timeout=WAIT)
        return now

    def tap(device, locator) -> None:
        live = device.page.locator("#live")
        before = live.get_attribute("data-version")
        locator.click()
        expect(live).not_to_have_attribute("data-version", before or "", timeout=WAIT)
        notice = device.page.locator(".notice")
        if notice.count() and "nothing was done" in notice.first.inner_text():
            # Two phones tapped at the same moment: the platform refused the later tap with
            # the fresh table (nothing applied), as a player would see; he taps again.
            before = live.get_attribute("data-version")
            locator.click()
            expect(live).not_to_have_attribute("data-version", before or "", timeout=WAIT)
        assert notice.count() == 0, f"{device.name}: {notice.first.inner_text()}"

    def put_first_card(device, shot: str = "") -> None:
        """Tap the first card of the hand that may be played, then the first +."""
        page = device.page
        page.locator(".hz-pick").first.click()
        expect(page.locator(".hz-pick input").first).to_be_checked()
        if shot:  # the chosen card and the places it may go, as the player sees them
            page.evaluate("document.querySelector('.hz-mine').scrollIntoView()")
            device.shot(shot, full_page=False)
        tap(device, page.locator("#hz-put .hz-plus").first)

    def backs_are_blank(page, selector: str) -> None:
        texts = page.locator(selector).all_inner_texts()
        assert texts and all(t.strip() == "" for t in texts), texts

    # --- the first rows ---------------------------------------------------------------
    expect(tab.locator(".hz-turnline")).to_contain_text("Both lay three cards face down")
    for phone in phones:
        page = phone.page
        expect(page.locator(".hz-turnline")).to_contain_text("Lay three cards face down")
        expect(page.locator(".hz-hand .hz-handcard")).not_to_have_count(0)
    phones[0].shot("hz-1-first-row")
    for laid in range(1, 4):  # both lay at the same time, one card after the other
        for phone in phones:
            # The other phone's card brings a new version too, and a tap that lands while
            # that update replaces the screen is lost (the player taps again): the tap
            # counts as taken when this phone shows its own card laid.
            mine = phone.page.locator(".hz-mine .hz-back.known")
            for _attempt in range(3):
                if mine.count() >= laid:
                    break
                tap(phone, phone.page.locator(".hz-laybuttons form.act button").first)
                # Tapped again only when the first tap was truly lost: a slow screen gets
                # the whole generous wait (a second tap on a stale screen is refused anyway).
                deadline = time.monotonic() + WAIT / 1000
                while mine.count() < laid and time.monotonic() < deadline:
                    phone.page.wait_for_timeout(100)
            expect(mine).to_have_count(laid, timeout=WAIT)
    now = settle()
    assert now["phase"] == "play" and now["turn"]["seat"] == 0
    expect(tab.locator(".hz-field .hz-back")).to_have_count(6)
    backs_are_blank(tab, ".hz-field .hz-back")
    for phone in phones:
        page = phone.page
        backs_are_blank(page, ".hz-opp .hz-back")
        expect(page.locator(".hz-mine .hz-back.known")).to_have_count(3)  # own cards named
        assert all(t.strip() for t in page.locator(".hz-mine .hz-back.known").all_inner_texts())
    expect(phones[0].page.locator(".hz-turnline")).to_contain_text("Your turn")
    expect(phones[1].page.locator(".hz-turnline")).to_contain_text(f"{NAMES[0]}'s turn")
    table.shot("hz-2-first-rows", full_page=False)

    # --- the game ---------------------------------------------------------------------
    seen: set[str] = set()
    actions = 0
    while True:
        now = public()
        if now["result"] is not None:
            break
        assert actions < MAX_ACTIONS, "the game did not end"
        if actions % 10 == 0:  # every screen follows; the tablet shows no secret
            settle()
            assert tab.locator(".log li.private").count() == 0
            if tab.locator(".hz-field .hz-back").count():
                backs_are_blank(tab, ".hz-field .hz-back")
        pending = now["pending"]
        if pending is not None:
            seat = next(s for s in (0, 1) if pending["choosing"][s])
            phone = phones[seat]
            settle(phone, table)
            seen.add(pending["kind"])
            expect(tab.locator(".hz-pending")).to_be_visible()
            if pending["kind"] == "place":
                phone.shot("hz-5-place", full_page=False)
            tap(phone, phone.page.locator(".hz-reply form.act button").first)
            actions += 1
            continue
        seat = now["turn"]["seat"]
        phone, page = phones[seat], phones[seat].page
        settle(phone)
        expect(page.locator(".hz-turnline")).to_contain_text("Your turn")
        challenge = page.locator(".hz-frontcell form.hz-challenge button")
        strike = page.locator(".hz-frontcell form.hz-pegasus_strike button")
        blind = page.locator(".hz-actions form.hz-pegasus_pick button")
        if challenge.count():
            if "challenge" not in seen:
                phone.shot("hz-3-challenge", full_page=False)
            tap(phone, challenge.first)
            seen.add("challenge")
            settle(table)  # both cards of the challenge, face up, on the tablet
            expect(tab.locator(".hz-last[data-kind=challenge] .hz-fighter .hz-card")).to_have_count(
                2, timeout=WAIT)
            if now["round"] >= 3 and "tablet" not in seen:
                seen.add("tablet")
                table.shot("hz-docs", full_page=False)
        elif strike.count():
            tap(phone, strike.first)
            seen.add("pegasus")
        elif blind.count():
            tap(phone, blind.first)
            seen.add("pegasus")
        elif page.locator("#hz-put .hz-plus").count() and page.locator(".hz-pick").count():
            docs = now["round"] >= 3 and "phone" not in seen
            put_first_card(phone, "hz-docs" if docs else "")
            seen.update(("play", "phone") if docs else ("play",))
        elif page.locator(".hz-draw button").count():
            tap(phone, page.locator(".hz-draw button"))
            seen.add("draw")
        elif page.locator(".hz-actions form.act button").count():
            tap(phone, page.locator(".hz-actions form.act button").first)
            seen.add("myth")
        elif page.locator("#hz-move").count():
            page.locator(".hz-dionysus summary").click()
            page.locator(".hz-movable label").first.click()
            tap(phone, page.locator("#hz-move .hz-plus:visible").first)
            seen.add("dionysus")
        else:
            tap(phone, page.locator("form.act button").first)
        actions += 1
        if actions == 12:
            table.shot("hz-4-midgame", full_page=False)
            phone.shot("hz-4-midgame", full_page=False)

    # --- the end ------------------------------------------------------------------------
    now = settle()
    result = now["result"]
    assert "play" in seen and ("challenge" in seen or now["round"] < 3), seen
    for device in (*phones, table):
        expect(device.page.locator(".result")).to_be_visible(timeout=WAIT)
    if result["winners"]:
        winner = NAMES[result["winners"][0]]
        expect(tab.locator(".result")).to_contain_text(winner)
    for phone in phones:
        assert not phone.page.locator(".hz-plus").count()
        assert not phone.page.locator(".hz-frontcell form.act").count()
    table.shot("hz-6-over", full_page=False)
    for phone in phones:
        phone.shot("hz-6-over", full_page=False)
