"""A Fury of Dracula evening with the box on the table (issue 31), in real Chromium: two
tablets (1280×800 and 1024×768) show the table view, four 360 px phones play, the host's
screen made the table. The evening is tests/e2e/fury_evening.py's script.

What every screen must say, checked from the screens themselves: the role on every QR card
and at the top of every phone; the set-up list and the check of the card values before the
deal; an "on the board" instruction on the tablets' first screen and on the owner's phone
when Dracula is revealed, when Bats and Wild Horses move a hunter, when a hunter goes to
the hospital and when the day/night marker moves; the host screen's first screen shows the
same moment; the tablets never say "you" (a printed card's own words aside); a tied combat
roll decided by the initiative printed on screen; the end that says the table was abandoned
and then reveals Dracula's place, trail and hand. Screenshots in English, Czech and Russian
(tests/e2e/screenshots/fury-board-*).
"""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from companion.games.fury import board, cards
from tests.e2e import fury_evening as evening
from tests.e2e.conftest import WAIT, check_the_cards

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SMALL_TABLET = {"width": 1024, "height": 768}
ROLES = ("Dracula", "Lord Godalming and Dr. Seward", "Van Helsing", "Mina Harker")
CARD_WORDS = sorted({cards.en(entry[field]) for table in (cards.EVENTS, cards.ENCOUNTERS,
                                                          cards.ITEMS)
                     for entry in table.values() for field in ("text", "timing")
                     if isinstance(entry.get(field), dict)}, key=len, reverse=True)
"""The printed cards' own words, which a screen may quote (they say "you")."""


def params_json(params: dict) -> str:
    return json.dumps(params, ensure_ascii=False, sort_keys=True)


class Evening:
    """The table's devices and the script's taps."""

    def __init__(self, server: str, devices) -> None:
        self.server = server
        self.host = devices("fury-board-host", "tablet")
        self.devices = devices

    def open(self) -> None:
        page = self.host.page
        page.goto(self.server + "/new/fury")
        page.get_by_role("button", name="4", exact=True).click()
        expect(page.locator(".seat-role")).to_have_text(list(ROLES), timeout=WAIT)
        for i, name in enumerate(evening.NAMES):
            page.fill(f"input[name=seat{i}]", name)
        page.get_by_role("button", name="Create the table").click()
        expect(page.get_by_text("Scan to take your seat")).to_be_visible(timeout=WAIT)
        self.code = page.locator(".bar .code").first.inner_text().strip()
        self.links = page.locator(".qr-card .url code").all_inner_texts()
        tablet = self.devices("fury-board-tablet", "tablet")
        small = self.devices("fury-board-tablet-1024", "tablet")
        small.page.set_viewport_size(SMALL_TABLET)
        self.tablets = (tablet, small)
        for device in self.tablets:
            device.page.goto(f"{self.server}/t/{self.code}")

    def phones(self) -> None:
        self.seat = [self.devices(f"fury-board-{name.lower()}") for name in evening.NAMES]
        for phone, link in zip(self.seat, self.links, strict=True):
            phone.page.goto(link)
        for phone in self.seat:
            expect(phone.page.locator("#live")).to_have_attribute("data-deal", "dealt",
                                                                  timeout=WAIT)

    def table(self) -> dict:
        """The table as the server has it now (its JSON twin)."""
        with urllib.request.urlopen(f"{self.server}/api/t/{self.code}", timeout=30) as answer:
            return json.load(answer)

    def version(self) -> str:
        return str(self.table()["version"])

    def tap(self, seat: int, action: str, params: dict) -> None:
        """The phone of ``seat`` takes the action — its button, or its place in a list —
        once it shows the table's newest version (a tap on an older screen is refused)."""
        page = self.seat[seat].page
        live = page.locator("#live")
        before = self.version()
        expect(live).to_have_attribute("data-version", before, timeout=WAIT)
        value = params_json(params)
        if evening.optional(action, params) and not page.locator("form.act").filter(
                has=page.locator(f"input[name=action][value='{action}']")).filter(
                has=page.locator(f"input[name=params][value='{value}']")).count():
            return  # a step the rules now take by themselves
        listed = page.locator(f"form.fd-choose select option[value='{value}']")
        form = page.locator("form.act").filter(
            has=page.locator(f"input[name=action][value='{action}']")).filter(
            has=page.locator(f"input[name=params][value='{value}']"))
        for attempt in range(3):
            # A live update may replace the screen under a tap: the tap is made again on
            # the new screen (its version is checked, so it never counts twice).
            expect(listed.or_(form).first).to_be_attached(timeout=WAIT)
            if listed.count():
                page.locator("form.fd-choose select").select_option(value=value)
                page.locator("form.fd-choose button[type=submit]").click()
            else:
                form.first.evaluate("f => { const d = f.closest('details'); "
                                    "if (d) d.open = true; }")
                form.first.locator("button").click()
            try:
                expect(live).not_to_have_attribute("data-version", before, timeout=WAIT // 3)
                return
            except AssertionError:
                if attempt == 2:
                    raise

    def play(self, part: list) -> None:
        for seat, action, params in part:
            self.tap(seat, action, params)

    def told(self, piece: str, tablet_text: str, owner: int, phone_text: str,
             label: str) -> None:
        """After a move the app made, the tablets' first screen and the phone of the
        figure's owner tell the table what to do on the board."""
        for tablet in self.tablets:
            tablet_says(tablet, piece, tablet_text)
            never_you(tablet)
        phone_says(self.seat[owner], piece, phone_text)
        self.settled()
        self.tablets[0].shot(label, full_page=False)
        self.seat[owner].shot(label, full_page=False)

    def settled(self) -> None:
        """Every screen has caught up with the table's newest version."""
        version = self.version()
        for device in (*self.tablets, *self.seat):
            expect(device.page.locator("#live")).to_have_attribute(
                "data-version", version, timeout=WAIT)


def shown_whole(device, locator) -> None:
    """The element lies wholly inside the moment panel (which hides what overflows it)."""
    # both boxes read in one script run: a live update arriving between two reads would
    # replace the panel under the test
    bottoms = locator.evaluate("""element => {
        const panel = document.querySelector('.fd-moment');
        return panel && [element.getBoundingClientRect().bottom,
                         panel.getBoundingClientRect().bottom];
    }""")
    assert bottoms and bottoms[0] <= bottoms[1] + 1, f"{device.name}: cut off at the panel's edge"


def tablet_says(device, piece: str, text: str) -> None:
    """The tablet's first screen (no scrolling) tells the table to move ``piece``."""
    prompt = device.page.locator(f".fd-moment .fd-board li[data-piece={piece}]")
    expect(prompt).to_contain_text(text, timeout=WAIT)
    expect(prompt).to_be_in_viewport()
    shown_whole(device, prompt)
    assert device.page.evaluate("window.scrollY") == 0


def phone_says(device, piece: str, text: str) -> None:
    """The owner's phone says it at its top."""
    prompt = device.page.locator(f".fd-seat .fd-board li[data-piece={piece}]")
    expect(prompt).to_contain_text(text, timeout=WAIT)
    device.page.evaluate("window.scrollTo(0, 0)")
    expect(prompt).to_be_in_viewport()


def never_you(device) -> None:
    """The shared screen never says "you" — a printed card quoted aside."""
    text = device.page.locator("body").inner_text()
    for words in CARD_WORDS:
        text = text.replace(words, "")
    found = re.findall(r"[^.\n]*\byour?\b[^.\n]*", text, re.IGNORECASE)
    assert not found, f"{device.name} says: {found}"


def the_moment_fits(device) -> None:
    """At this tablet's size, without scrolling: the step, the newest log lines, the trail;
    the map's names at 11 px and more."""
    page = device.page
    for part in (".fd-moment .fd-whose", ".fd-news", ".fd-trail.compact"):
        expect(page.locator(part).first).to_be_in_viewport(timeout=WAIT)
    width = page.evaluate(
        "document.querySelector('.fd-mapbox svg').getBoundingClientRect().width")
    assert width / 1280 * 14 >= 11, f"{device.name}: the map is {width:.0f} px wide"


def table_language(table: Evening, lang: str) -> None:
    """The host sets the table view's language; the tablets load it."""
    host = table.host.page
    form = host.locator("form.inline", has=host.locator("select[name=lang]"))
    form.locator("select[name=lang]").select_option(lang)
    form.get_by_role("button").click()
    deadline = time.monotonic() + WAIT / 1000
    while table.table()["table"]["lang"] != lang:
        assert time.monotonic() < deadline, f"the table view's language is not {lang}"
        time.sleep(0.2)
    for tablet in table.tablets:
        tablet.page.reload()
        expect(tablet.page.locator("html")).to_have_attribute("lang", lang, timeout=WAIT)
        expect(tablet.page.locator(".fd-moment")).to_be_visible(timeout=WAIT)


def test_an_evening_with_the_box_on_the_table(server, devices):
    table = Evening(server, devices)
    table.open()
    host = table.host.page

    # Roles: every QR card says what its seat plays; the set-up list, and the card values
    # checked once against the group's cards, before the deal.
    roles = host.locator(".qr-card-title .role")
    expect(roles).to_have_text(list(ROLES))
    out = host.locator(".box-out")
    expect(out).to_contain_text("Dracula's figure")
    expect(out).to_contain_text("Set aside beside the board")
    expect(host.locator(".box-in")).to_contain_text("encounter tokens")
    expect(host.locator(".check-values").last).to_contain_text("Escape (mist)")
    for tablet in table.tablets:
        expect(tablet.page.locator(".box-out")).to_contain_text("The four hunter figures",
                                                                timeout=WAIT)
        expect(tablet.page.locator(".seat-chips .role")).to_have_text(list(ROLES))
    host.locator(".box").scroll_into_view_if_needed()
    table.host.shot("fury-board-1-setup", full_page=False)
    check_the_cards(table.host)
    host.get_by_role("button", name=re.compile("^Deal without")).click()
    expect(host.locator("#live")).to_have_attribute("data-deal", "dealt", timeout=WAIT)

    table.phones()
    for phone, role in zip(table.seat, ROLES, strict=True):
        expect(phone.page.locator(".bar.me .role")).to_have_text(role)
    for phone, lang in ((table.seat[evening.DRACULA], "Русский"),
                        (table.seat[evening.BORIS], "Čeština")):
        phone.page.locator("form.langs").get_by_role("button", name=lang).click()
    expect(table.seat[evening.DRACULA].page.locator(".bar.me .role")).to_have_text(
        "Дракула", timeout=WAIT)
    expect(table.seat[evening.BORIS].page.locator(".bar.me .role")).to_have_text(
        "Van Helsing", timeout=WAIT)

    # Set-up: Lord Godalming placed by tapping the map, the others from the list.
    anna = table.seat[evening.ANNA].page
    picker = anna.locator("svg[data-pick-map]")
    expect(picker).to_be_visible(timeout=WAIT)

    def tap_map(x: float, y: float) -> None:
        picker.scroll_into_view_if_needed()
        box = [float(v) for v in picker.get_attribute("viewBox").split()]
        frame = picker.bounding_box()
        anna.mouse.click(frame["x"] + (x - box[0]) / box[2] * frame["width"],
                         frame["y"] + (y - box[1]) / box[3] * frame["height"])

    munich = board.xy("munich")
    tap_map(*munich)  # the first tap brings the region near
    expect(anna.locator(".fd-map-whole")).to_be_visible()
    tap_map(*munich)
    expect(anna.locator("form.fd-choose select")).to_have_value(
        params_json({"place": "munich"}))
    table.seat[evening.ANNA].shot("fury-board-2-phone-picks-on-the-map", full_page=False)
    table.play(evening.SETUP)
    for tablet in table.tablets:
        the_moment_fits(tablet)
        never_you(tablet)

    table.play(evening.ROUND_0)
    table.play(evening.DRACULA_LAYS_BATS)
    expect(table.seat[evening.DRACULA].page.locator(".fd-known")).to_contain_text(
        "ещё не видели", timeout=WAIT)
    # His time phase moved the day/night marker: the group keeps the board's tracks, so the
    # tablets and Dracula's phone say where it goes; a hunter's phone does not.
    for tablet in table.tablets:
        tablet_says(tablet, "time", "Move the day/night marker to Noon")
    phone_says(table.seat[evening.DRACULA], "time", "Полдень")
    expect(anna.locator(".fd-seat .fd-board li[data-piece=time]")).to_have_count(0)

    # Lord Godalming walks into Nuremburg: the trail card turns up — Dracula is revealed.
    table.play(evening.GODALMING_MEETS_BATS)
    table.told("dracula", "Put Dracula's figure on Nuremburg", evening.DRACULA, "Нюрнберг",
               "fury-board-3-dracula-revealed")
    for tablet in table.tablets:
        expect(tablet.page.locator(".fd-just[data-kind=encounter]")).to_contain_text("Bats")
    expect(table.seat[evening.DRACULA].page.locator(".fd-known")).to_contain_text(
        "знают", timeout=WAIT)
    table.tablets[1].shot("fury-board-3-dracula-revealed", full_page=False)
    # The host screen shows the same moment first, at the tablet's size.
    table.host.page.evaluate("window.scrollTo(0, 0)")
    tablet_says(table.host, "dracula", "Put Dracula's figure on Nuremburg")
    table.host.shot("fury-board-3-dracula-revealed", full_page=False)

    # Dr. Seward follows him in: Wild Horses carry him to Leipzig.
    table.play(evening.SEWARD_ENTERS)
    for tablet in table.tablets:
        ask = tablet.page.locator(".fd-moment .fd-ask")
        expect(ask).to_contain_text("Vlad answers on the phone", timeout=WAIT)
        expect(ask).to_be_in_viewport()
        shown_whole(tablet, ask)
        never_you(tablet)
    table.play(evening.WILD_HORSES)
    table.told("seward", "Move Dr. Seward's figure to Leipzig (Wild Horses)", evening.ANNA,
               "Leipzig (Wild Horses)", "fury-board-4-wild-horses")

    # Mina Harker's player enters a bite by hand: she goes to the hospital.
    table.play(evening.MINA_TO_HOSPITAL)
    table.told("mina", "Move Mina Harker's figure to Hospital of St. Joseph", evening.CYRIL,
               "(defeated)", "fury-board-5-hospital")

    # Dracula attacks Dr. Seward in Leipzig; round 2 ties and the printed initiative decides.
    table.play(evening.DRACULA_ATTACKS)
    table.play(evening.COMBAT_ROUND_1)
    table.play(evening.COMBAT_ROUND_2)
    for tablet in table.tablets:
        shown = tablet.page.locator(".fd-moment .fd-combat .fd-round[data-round='2']")
        expect(shown.locator(".fd-tie")).to_contain_text("Tie: initiative 5 against 4",
                                                        timeout=WAIT)
        expect(shown).to_be_in_viewport()
        chips = {side: int(shown.locator(f".fd-played li.{side} .fd-ini").inner_text())
                 for side in ("hunter", "enemy")}
        winner = "hunter" if chips["hunter"] > chips["enemy"] else "enemy"
        assert winner == "hunter" and chips == {"hunter": 5, "enemy": 4}
        expect(shown.locator(".fd-winner")).to_contain_text("The hunters win the round.")
        shown_whole(tablet, shown.locator(".fd-tie"))
        shown_whole(tablet, shown.locator(".fd-winner"))
        never_you(tablet)
    table.tablets[0].shot("fury-board-6-tie", full_page=False)
    table.tablets[1].shot("fury-board-6-tie", full_page=False)

    # Lord Godalming's turn: Dracula moves him, as the Bats allow.
    table.play(evening.BATS_MOVE)
    table.told("godalming", "Move Lord Godalming's figure to Munich (Bats)", evening.ANNA,
               "Munich (Bats)", "fury-board-7-bats")

    # Dracula vanishes: his figure comes off the board.
    table.play(evening.DRACULA_VANISHES)
    for tablet in table.tablets:
        tablet_says(tablet, "dracula", "Take Dracula's figure off the board")
        the_moment_fits(tablet)
        never_you(tablet)
    table.settled()
    table.tablets[0].shot("fury-board-8-en", full_page=False)
    table.tablets[1].shot("fury-board-8-en", full_page=False)
    for seat in (evening.BORIS, evening.DRACULA):
        table.seat[seat].page.evaluate("window.scrollTo(0, 0)")
    table.seat[evening.BORIS].shot("fury-board-8-phone-cs", full_page=False)
    table.seat[evening.DRACULA].shot("fury-board-8-phone-ru", full_page=False)
    for lang in ("cs", "ru"):
        table_language(table, lang)
        table.tablets[0].shot(f"fury-board-8-{lang}", full_page=False)
        table.tablets[1].shot(f"fury-board-8-{lang}", full_page=False)

    # The host ends the table: abandoned, then everything hidden, then the seed.
    table_language(table, "en")
    host.get_by_role("button", name="End the table").click()
    for device in (*table.tablets, *table.seat):
        result = device.page.locator(".result")
        expect(result).to_be_visible(timeout=WAIT)
        expect(result.locator(".reveal-all")).to_be_visible()
        assert "New link (lost phone)" not in device.page.content()
    for tablet in table.tablets:
        told = tablet.page.locator(".result")
        expect(told.locator("h2")).to_have_text("Abandoned")
        expect(told).to_contain_text("Dracula was in Hamburg.")
        expect(told).to_contain_text("1. Hamburg: Fog")
        expect(told).to_contain_text("Nuremburg: no encounter")
        text = told.inner_text()
        assert text.index("Everything that was hidden") < text.index("Seed, now revealed")
        expect(tablet.page.locator(".fd-moment")).to_have_count(0)
        never_you(tablet)
    expect(table.seat[evening.DRACULA].page.locator(".result h2")).to_have_text(
        "Игра прервана")
    expect(table.seat[evening.BORIS].page.locator(".result h2")).to_have_text(
        "Hra opuštěna")
    table.tablets[0].page.evaluate("window.scrollTo(0, 0)")
    table.tablets[0].shot("fury-board-9-end-en", full_page=False)
    table.seat[evening.DRACULA].shot("fury-board-9-end-ru", full_page=True)
    table.seat[evening.BORIS].shot("fury-board-9-end-cs", full_page=True)
