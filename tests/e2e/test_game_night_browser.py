"""Issue 13, "Game night", in real Chromium: a first-time host and players on phones.

Joining by a typed code, a seat open on two phones, the host link kept and found again from
the lobby, a tap made offline and sent when the phone is back, the screen kept awake over
plain http, the setup form's folded card values and variant fields, and 44 px targets.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM, CHROMIUM_FLAGS, PHONE, WAIT, Device, wait_for_the_deal

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TAP = 44  # px: the smallest touch target a phone screen may offer (STYLE.md, the brief)


def create_kit(host: Device, server: str, names=("Anna", "Bob")) -> dict:
    page = host.page
    page.goto(server + "/new/kit")
    for i, name in enumerate(names):
        page.fill(f"input[name=seat{i}]", name)
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_text("Scan to take your seat")).to_be_visible(timeout=WAIT)
    return {
        "code": page.locator("header .code").first.inner_text().strip(),
        "links": page.locator(".qr-card .url code").all_inner_texts(),
        "seat_codes": page.locator(".qr-card .code-big").all_inner_texts()[1::2],
        "host_url": page.url,
    }


def test_a_player_types_the_seat_code_and_a_second_phone_on_one_seat_is_told(server,
                                                                             devices):
    host = devices("gn-host", "tablet")
    table = create_kit(host, server)
    assert len(table["seat_codes"]) == 2
    assert all(re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", c) for c in table["seat_codes"])
    host.shot("gn-1-host-codes")

    # Bob cannot scan: he types the table code and his seat code on the lobby's Join page.
    bob = devices("gn-bob")
    bob.page.goto(server + "/")
    bob.page.get_by_role("link", name="Join a table with a code").click()
    bob.page.fill("input[name=table]", table["code"].lower())
    bob.page.fill("input[name=seat]", table["seat_codes"][1])
    bob.shot("gn-2-join")
    bob.page.get_by_role("button", name="Take my seat").click()
    expect(bob.page.get_by_role("heading", name="Bob")).to_be_visible(timeout=WAIT)

    anna = devices("gn-anna")
    anna.page.goto(table["links"][0])
    wait_for_the_deal(host, anna, bob)

    # Anna's link also opened on a second phone: both are told, the host sees which seat.
    anna2 = devices("gn-anna-2")
    anna2.page.goto(table["links"][0])
    for phone in (anna, anna2):
        expect(phone.page.locator(".notice.devices")).to_contain_text(
            "This seat is open on 2 devices", timeout=WAIT)
    expect(bob.page.locator(".notice.devices")).to_have_count(0)
    card = host.page.locator(".qr-card").filter(has_text="Anna")
    expect(card.locator(".devices")).to_contain_text("open on 2 devices", timeout=WAIT)
    expect(host.page.locator(".qr-card").filter(has_text="Bob").locator(".devices")
           ).to_have_count(0)
    anna2.shot("gn-3-two-devices")
    host.shot("gn-3-two-devices")
    # The second phone closes: after a while both screens say nothing any more.
    anna2.context.close()
    anna2.errors = []
    anna2.close = lambda: None
    expect(anna.page.locator(".notice.devices")).to_have_count(0, timeout=30_000)


def test_the_host_keeps_the_host_link_and_the_lobby_reopens_it(server, devices):
    host = devices("gn-keeper", "tablet")
    table = create_kit(host, server, names=("Cleo", "Dan"))
    keep = host.page.locator("details.keep-host")
    expect(keep).to_have_attribute("open", "")
    assert keep.locator(".copy-source").input_value() == table["host_url"]
    keep.get_by_role("button", name="Copy the host link").click()
    expect(keep.get_by_role("button", name="Copied")).to_be_visible(timeout=WAIT)
    host.page.goto(server + "/")
    opened = host.page.locator(".mine-list")
    expect(opened).to_be_visible(timeout=WAIT)
    expect(opened.get_by_role("link", name=re.compile(table["code"]))).to_be_visible()
    host.shot("gn-4-lobby-opened")
    opened.get_by_role("link", name=re.compile(table["code"])).first.click()
    expect(host.page.get_by_role("heading", name="Host controls")).to_be_visible(timeout=WAIT)


def test_a_tap_made_offline_is_kept_and_sent_when_the_phone_is_back(server, devices):
    host = devices("gn-off-host", "tablet")
    table = create_kit(host, server, names=("Eva", "Filip"))
    eva, filip = devices("gn-eva"), devices("gn-filip")
    eva.page.goto(table["links"][0])
    filip.page.goto(table["links"][1])
    wait_for_the_deal(host, eva, filip)

    eva.context.set_offline(True)
    eva.page.locator(".dice-buttons").first.get_by_role("button", name="2d6").click()
    banner = eva.page.locator(".unsent")
    expect(banner).to_be_visible(timeout=WAIT)
    expect(banner).to_contain_text("Not sent yet")
    eva.shot("gn-5-offline")
    assert filip.page.locator(".rolls .dice").count() == 0
    eva.context.set_offline(False)
    expect(banner).to_be_hidden(timeout=WAIT)
    expect(filip.page.locator(".rolls li .dice")).to_have_count(1, timeout=WAIT)
    expect(eva.page.locator(".rolls li .dice")).to_have_count(1, timeout=WAIT)


def test_a_phone_on_plain_http_is_kept_awake_by_the_video_fallback(server, browser):
    """Over http on the LAN (not a secure context) there is no Wake Lock: NoSleep.js's
    silent video keeps the screen on once the player has tapped."""
    port = server.rsplit(":", 1)[1]
    flags = [*CHROMIUM_FLAGS, "--host-resolver-rules=MAP phone.lan 127.0.0.1",
             "--autoplay-policy=user-gesture-required"]
    lan = browser.browser_type.launch(executable_path=CHROMIUM, args=flags)
    try:
        phone = Device(lan, "gn-lan-phone", **PHONE)
        created = phone.page.request.post(f"{server}/api/tables", data={
            "game": "kit", "seats": [{"name": "Gita"}]}).json()
        phone.page.goto(f"http://phone.lan:{port}/s/{created['seats'][0]['token']}")
        assert phone.page.evaluate("window.isSecureContext") is False
        assert phone.page.evaluate("'wakeLock' in navigator") is False
        phone.page.get_by_role("heading", name="Gita").click()
        expect(phone.page.locator("body")).to_have_attribute("data-awake", "video",
                                                             timeout=WAIT)
        assert phone.page.evaluate(
            "!document.querySelector('video[title=\"No Sleep\"]').paused")
        phone.close()
    finally:
        lan.close()


def test_setup_forms_fold_card_values_and_show_variant_fields_only_when_on(server, devices):
    phone = devices("gn-setup")
    page = phone.page
    page.goto(server + "/new/drakula")
    values = page.locator("details.card-values")
    expect(values).to_have_count(1)
    assert values.get_attribute("open") is None
    assert page.locator("details.card-values .option").count() == 22
    assert page.locator(".check-cards:visible").count() == 0
    expect(values.locator("summary")).to_contain_text("Card values (check against your box)")
    values.locator("summary").click()
    expect(values.locator(".option").first).to_contain_text("default: 4/3/red")
    phone.shot("gn-6-drakula-setup")

    page.goto(server + "/new/deadmans")
    target = page.locator("input[name=opt_sudden_death_target]")
    expect(target).to_be_hidden()
    page.locator("input[name=opt_sudden_death]").check()
    expect(target).to_be_visible()
    page.locator("input[name=opt_sudden_death]").uncheck()
    expect(target).to_be_hidden()
    phone.shot("gn-6-deadmans-setup")


def small_targets(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all(
        f"els => els.filter(e => {{ const r = e.getBoundingClientRect();"
        f" return r.width > 0 && (r.width < {TAP} || r.height < {TAP}); }})"
        f".map(e => e.outerHTML.slice(0, 80))")


def test_lobby_language_links_are_44_px_targets(server, devices):
    phone = devices("gn-targets")
    phone.page.goto(server + "/")
    assert phone.page.locator(".langs a").count() == 3
    assert small_targets(phone.page, ".langs a") == []
    phone.page.goto(server + "/join")
    assert small_targets(phone.page, "button, .button, input") == []


def test_face_down_cards_keep_light_ink_in_the_light_colour_scheme(server, devices):
    """Issue 13: in light mode the kit's face-down cards had dark text on dark red."""
    host = devices("gn-light-host", "tablet")
    table = create_kit(host, server, names=("Hana",))
    hana = devices("gn-light")
    hana.page.emulate_media(color_scheme="light")
    hana.page.goto(table["links"][0])
    wait_for_the_deal(host, hana)
    hana.page.get_by_role("button", name="Deal face down to Centre").click()
    back = hana.page.locator(".card.back").first
    expect(back).to_be_visible(timeout=WAIT)
    inks = back.locator("button, .name").evaluate_all(
        "els => els.map(e => getComputedStyle(e).color)")
    assert inks and all(ink == "rgb(243, 234, 216)" for ink in inks), inks
    hana.shot("gn-7-light-face-down")
