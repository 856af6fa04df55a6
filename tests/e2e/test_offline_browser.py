"""Issue 30, item 4, "Phones that survive a reload offline", in real Chromium: the service
worker (companion/static/sw.js) keeps each screen's last page for its own URL, and a tap
made offline waits in the phone's storage (companion.js) until the referee answers it.

A reload offline, a tab closed and reopened offline, a tap whose answer was lost and is sent
again (its request key applies it once), a tap the table overtook (refused with its reason),
what the table view's cache holds, and a phone on plain http over the LAN, where no worker
may register and the kept tap still gets through.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_FLAGS,
    PHONE,
    SHOTS,
    WAIT,
    Device,
    wait_for_the_deal,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def until(page, script: str) -> None:
    """Wait (generously) until a script run in the page answers true. The pages' CSP allows
    no eval, so Playwright's ``wait_for_function`` cannot run there: this asks again."""
    deadline = time.monotonic() + WAIT / 1000
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"still false: {script}"
        time.sleep(0.1)


KEPT = ("async () => { const c = await caches.open('tc-seat');"
        " return Boolean(await c.match(location.href)); }")
"""The worker controls the page and has kept it for its own URL."""


def kept_by_the_worker(device: Device) -> None:
    until(device.page, "navigator.serviceWorker.controller !== null")
    until(device.page, KEPT)


def waiting_taps(device: Device) -> list[dict]:
    return json.loads(device.page.evaluate(
        "localStorage.getItem('tc-unsent:' + location.pathname) || '[]'"))


def api(server: str, path: str, data: dict | None = None) -> dict:
    request = urllib.request.Request(
        server + path, data=None if data is None else json.dumps(data).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=WAIT / 1000) as answer:
        return json.load(answer)


def kit(server: str, devices, prefix: str) -> tuple[dict, Device, Device]:
    """A two-seat kit table (Eva, Filip), both phones on their seats, the cards dealt."""
    table = api(server, "/api/tables", {"game": "kit",
                                        "seats": [{"name": "Eva"}, {"name": "Filip"}]})
    eva, filip = devices(f"{prefix}-eva"), devices(f"{prefix}-filip")
    eva.page.goto(table["seats"][0]["url"])
    filip.page.goto(table["seats"][1]["url"])
    wait_for_the_deal(eva, filip)
    return table, eva, filip


def roll(device: Device, notation: str = "2d6") -> None:
    device.page.locator(".dice-buttons").first.get_by_role("button", name=notation).click()


def acts(device: Device) -> int:
    return sum(1 for url in device.requests if url.endswith("/act"))


def test_a_tap_whose_answer_was_lost_survives_a_reload_offline_and_applies_once(server,
                                                                               devices):
    table, eva, filip = kit(server, devices, "off-once")
    kept_by_the_worker(eva)

    # Eva rolls; the referee applies it, but the answer never reaches her phone (the Wi-Fi
    # dropped on the way back): her phone keeps the tap, as it cannot know.
    def answer_lost(route) -> None:
        route.fetch()
        route.abort("internetdisconnected")

    eva.page.route("**/act", answer_lost)
    roll(eva)
    expect(eva.page.locator(".unsent")).to_contain_text("Not sent yet: “2d6”", timeout=WAIT)
    eva.page.unroute("**/act")
    expect(filip.page.locator(".rolls li .dice")).to_have_count(1, timeout=WAIT)

    # Offline, she reloads: the worker serves her last screen, the tap still waits (in the
    # phone's storage, not the page's memory) and the banner names it.
    eva.context.set_offline(True)
    eva.page.reload()
    expect(eva.page.get_by_role("heading", name="Eva")).to_be_visible(timeout=WAIT)
    expect(eva.page.locator(".unsent")).to_contain_text("Not sent yet: “2d6”", timeout=WAIT)
    assert [tap["label"] for tap in waiting_taps(eva)] == ["2d6"]
    eva.shot("offline-1-reloaded-offline")

    # Back online: the tap is sent again with its key; the referee had applied it already
    # and does not apply it twice. Every screen shows one roll, Eva's at the table's version.
    sent_before = acts(eva)
    eva.context.set_offline(False)
    expect(eva.page.locator(".unsent")).to_be_hidden(timeout=WAIT)
    assert acts(eva) > sent_before
    assert waiting_taps(eva) == []
    expect(eva.page.locator(".rolls li .dice")).to_have_count(1, timeout=WAIT)
    expect(filip.page.locator(".rolls li .dice")).to_have_count(1, timeout=WAIT)
    version = api(server, f"/api/t/{table['code']}")["version"]
    expect(eva.page.locator("#live")).to_have_attribute("data-version", str(version),
                                                        timeout=WAIT)
    eva.shot("offline-2-back")


def test_a_tap_made_offline_survives_a_restart_and_is_applied_when_back(server, devices):
    table, eva, filip = kit(server, devices, "off-tap")
    kept_by_the_worker(eva)
    eva.context.set_offline(True)
    roll(eva, "1d6")
    expect(eva.page.locator(".unsent")).to_contain_text("“1d6”", timeout=WAIT)
    # The phone restarts offline: the browser forgets its session cookie (the one the kept
    # tap's CSRF token belongs to) and opens the seat again from the worker's copy; back
    # online, the refused token is renewed from the seat's page and the tap goes through.
    eva.context.clear_cookies()
    eva.page.reload()
    expect(eva.page.locator(".unsent")).to_contain_text("Not sent yet: “1d6”", timeout=WAIT)
    assert filip.page.locator(".rolls li").count() == 0

    eva.context.set_offline(False)
    expect(filip.page.locator(".rolls li .dice")).to_have_count(1, timeout=WAIT)
    expect(filip.page.locator(".rolls li").first).to_contain_text("1d6")
    expect(eva.page.locator(".unsent")).to_be_hidden(timeout=WAIT)
    expect(eva.page.locator(".rolls li .dice")).to_have_count(1, timeout=WAIT)
    assert len(api(server, f"/api/t/{table['code']}")["view"]["rolls"]) == 1


def test_a_closed_tab_reopened_offline_shows_that_seats_last_screen_and_no_other(server,
                                                                                 devices):
    table, eva, filip = kit(server, devices, "off-tab")
    kept_by_the_worker(eva)
    # The page was kept at the deal; Filip's roll reaches Eva's screen afterwards, and her
    # phone keeps that newer screen beside the page.
    roll(filip, "1d20")
    expect(eva.page.locator(".rolls li").first).to_contain_text("1d20", timeout=WAIT)
    shown = eva.page.locator("#live").get_attribute("data-version")
    until(eva.page, "async () => { const c = await caches.open('tc-seat');"
                    " const f = await c.match(location.pathname + '/live');"
                    " return Boolean(f) &&"
                    f" (await f.text()).includes('data-version=\"{shown}\"'); }}")
    eva_url = eva.page.url
    eva.page.close()

    eva.context.set_offline(True)
    eva.page = eva.context.new_page()
    eva.page.on("pageerror", lambda error: eva.errors.append(str(error)))
    eva.page.goto(eva_url)
    expect(eva.page.get_by_role("heading", name="Eva")).to_be_visible(timeout=WAIT)
    expect(eva.page.locator(".rolls li").first).to_contain_text("1d20", timeout=WAIT)
    expect(eva.page.locator("#live")).to_have_attribute("data-version", shown or "",
                                                        timeout=WAIT)
    expect(eva.page.locator(".connection")).to_be_visible(timeout=WAIT)
    eva.shot("offline-3-reopened")

    # Filip's link was never opened on Eva's phone: offline it shows the offline page, never
    # Eva's kept screen (nor anything of Filip's).
    other = eva.context.new_page()
    other.goto(table["seats"][1]["url"])
    expect(other.get_by_role("heading", name="No connection")).to_be_visible(timeout=WAIT)
    expect(other.locator("#live")).to_have_count(0)
    assert "1d20" not in other.content()
    # Her own seat is listed there (from this phone's storage), and opens offline.
    expect(other.get_by_role("link", name=re.compile("Eva"))).to_be_visible(timeout=WAIT)
    SHOTS.mkdir(exist_ok=True)
    other.screenshot(path=str(SHOTS / "offline-4-never-opened-off-tab-eva.png"), full_page=True)
    other.close()

    eva.context.set_offline(False)
    expect(eva.page.locator(".connection")).to_be_hidden(timeout=WAIT)


def test_the_table_views_cache_holds_no_seats_data(server, devices):
    table, eva, filip = kit(server, devices, "off-view")
    roll(eva, "2d6")
    tablet = devices("off-view-table", "tablet")
    tablet.page.goto(f"{server}/t/{table['code']}")
    until(tablet.page, "navigator.serviceWorker.controller !== null")
    until(tablet.page, "async () => { const c = await caches.open('tc-table');"
                       " return Boolean(await c.match(location.href)); }")
    roll(filip, "1d20")
    expect(tablet.page.locator(".rolls li").first).to_contain_text("1d20", timeout=WAIT)
    until(tablet.page, "async () => { const c = await caches.open('tc-table');"
                       " return Boolean(await c.match(location.pathname + '/live')); }")
    kept = tablet.page.evaluate("""async () => {
        const found = {};
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            const body = name.startsWith('tc-shell') ? ''
              : await (await cache.match(request)).text();
            found[request.url] = [name, body];
          }
        }
        return found;
      }""")
    screens = {url: name for url, (name, _) in kept.items() if not name.startswith("tc-shell")}
    assert screens == {f"{server}/t/{table['code']}": "tc-table",
                       f"{server}/t/{table['code']}/live": "tc-table"}
    seat_tokens = [seat["token"] for seat in table["seats"]]
    for url, (_, body) in kept.items():
        assert not any(token in url or token in body for token in seat_tokens), url
        assert "/s/" not in url and "/h/" not in url


def test_a_tap_the_table_overtook_is_refused_with_its_reason_after_a_restart(server,
                                                                              devices):
    table, eva, filip = kit(server, devices, "off-stale")
    kept_by_the_worker(eva)
    eva.context.set_offline(True)
    roll(eva, "2d6")
    expect(eva.page.locator(".unsent")).to_contain_text("Not sent yet: “2d6”", timeout=WAIT)
    eva_url = eva.page.url
    eva.page.close()                 # the phone is switched off with the tap unsent

    # Meanwhile Filip asks everyone to choose: Eva's buttons change, her roll is now stale.
    filip_token = table["seats"][1]["token"]
    seen = api(server, f"/api/s/{filip_token}")
    api(server, f"/api/s/{filip_token}/act", {
        "action": "ask", "params": {"question": "Where to?", "options": "yes, no"},
        "version": seen["version"]})
    expect(filip.page.locator(".choice")).to_be_visible(timeout=WAIT)

    # Eva's phone starts again, online, and she opens her seat: the kept tap goes out, the
    # referee refuses it with its reason, and the banner names the tap.
    eva.context.set_offline(False)
    eva.page = eva.context.new_page()
    eva.page.on("pageerror", lambda error: eva.errors.append(str(error)))
    eva.page.goto(eva_url)
    expect(eva.page.locator("#live .notice")).to_contain_text(
        "The table changed before your action arrived", timeout=WAIT)
    expect(eva.page.locator(".unsent")).to_contain_text("“2d6” was not sent", timeout=WAIT)
    expect(eva.page.locator(".unsent-retry")).to_be_hidden()
    expect(eva.page.locator(".choice")).to_be_visible()
    eva.shot("offline-5-refused")
    assert waiting_taps(eva) == []
    assert api(server, f"/api/t/{table['code']}")["view"]["rolls"] == []
    assert filip.page.locator(".rolls li").count() == 0


def test_on_plain_http_over_the_lan_no_worker_registers_and_a_kept_tap_still_arrives(
        server, browser):
    """Chromium registers a service worker only in a secure context: http on a LAN name is
    not one. The page works as before, and a tap made offline waits in the phone's storage,
    so closing the tab loses it no more than on localhost."""
    port = server.rsplit(":", 1)[1]
    flags = [*CHROMIUM_FLAGS, "--host-resolver-rules=MAP phone.lan 127.0.0.1"]
    lan = browser.browser_type.launch(executable_path=CHROMIUM, args=flags)
    try:
        table = api(server, "/api/tables", {"game": "kit", "seats": [{"name": "Gita"}]})
        phone = Device(lan, "off-lan-phone", **PHONE)
        url = f"http://phone.lan:{port}/s/{table['seats'][0]['token']}"
        phone.page.goto(url)
        wait_for_the_deal(phone)
        assert phone.page.evaluate("window.isSecureContext") is False
        assert phone.page.evaluate("'serviceWorker' in navigator") is False
        assert phone.page.evaluate("typeof caches") == "undefined"

        phone.context.set_offline(True)
        roll(phone, "2d6")
        expect(phone.page.locator(".unsent")).to_contain_text("Not sent yet: “2d6”",
                                                              timeout=WAIT)
        assert [tap["label"] for tap in waiting_taps(phone)] == ["2d6"]
        phone.page.close()
        phone.context.set_offline(False)
        phone.page = phone.context.new_page()
        phone.page.on("pageerror", lambda error: phone.errors.append(str(error)))
        phone.page.goto(url)
        expect(phone.page.locator(".rolls li .dice")).to_have_count(1, timeout=WAIT)
        expect(phone.page.locator(".unsent")).to_be_hidden(timeout=WAIT)
        assert waiting_taps(phone) == []
        assert len(api(server, f"/api/t/{table['code']}")["view"]["rolls"]) == 1
        phone.close()
    finally:
        lan.close()
