"""The tablet's moment panel holds the largest fight whole (issue 41: "overflow hidden: 268 px
shown of 310 at 1280×800" — the round's result and the tracks line were cut off just when
they mattered). Four hunters travel together into Dracula's city; the round is revealed and
a question is open (whose card's result applies). At 1280×800 and 1024×768, in English,
Czech and Russian, the panel shows everything it holds: its content is no higher than the
panel, and no part of it ends below the panel's edge. Screenshots:
tests/e2e/screenshots/fury-moment-fight-*.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import TABLET, WAIT, Device

pytestmark = pytest.mark.browser

SIZES = {"1280": TABLET["viewport"], "1024": {"width": 1024, "height": 768}}
CARDS = {"godalming": "punch", "seward": "dodge", "van_helsing": "punch", "mina": "dodge"}
"""The hunters' tactics each round (mixed, so that a round they win asks whose card's
result applies); Dracula plays Claws when he may."""
MEASURE = """() => {
  const panel = document.querySelector('.fd-moment');
  const edge = panel.getBoundingClientRect().bottom;
  const cut = [...panel.querySelectorAll('*')]
    .filter(e => e.getClientRects().length && e.getBoundingClientRect().bottom > edge + 1)
    .map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'));
  return {scroll: panel.scrollHeight, client: panel.clientHeight, cut: cut.slice(0, 6)};
}"""


def call(base: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        found: dict[str, Any] = json.load(answer)
        return found


def act(base: str, token: str, action: str, params: dict[str, Any]) -> None:
    version = call(base, f"/api/s/{token}")["version"]
    call(base, f"/api/s/{token}/act", {"action": action, "params": params, "version": version})


def offers(base: str, token: str) -> list[dict[str, Any]]:
    return [a for a in call(base, f"/api/s/{token}")["actions"]
            if not a["action"].startswith("hand_")]


@pytest.fixture(scope="module")
def fight(server) -> str:
    """A table at the largest fight: Dracula against four hunters, a round revealed and a
    question open; returns the table's code."""
    created = call(server, "/api/tables", {"game": "fury", "deal": "now", "seats": [
        {"name": "Vlad"}, {"name": "Anna"}]})
    dracula, hunters = (s["token"] for s in created["seats"])
    for _ in range(4):
        act(server, hunters, "start_at", {"place": "paris"})
    act(server, dracula, "start_at", {"place": "brussels"})
    for hunter in ("seward", "van_helsing", "mina"):
        act(server, hunters, "join", {"hunter": hunter, "join": True})
    act(server, hunters, "travel", {"to": "brussels", "by": "road"})
    for _ in range(100):
        view = call(server, f"/api/t/{created['code']}")["view"]
        waiting = view.get("waiting")
        if waiting and waiting["kind"] == "choice":
            break
        chosen = [a for a in offers(server, dracula) if a["params"].get("card") == "claws"]
        chosen = chosen or offers(server, dracula)
        token = dracula
        if not chosen:
            mine = offers(server, hunters)
            chosen = [a for a in mine if a["action"] == "tactic"
                      and a["params"]["card"] == CARDS[a["params"]["fighter"]]] or mine
            token = hunters
        act(server, token, chosen[0]["action"], chosen[0]["params"])
    combat = view.get("combat") or {}
    assert waiting and waiting["kind"] == "choice" and combat.get("active"), view.get("waiting")
    assert len([f for f in combat["fighters"] if not f["enemy"]]) == 4 and combat["shown"]
    return str(created["code"])


@pytest.mark.parametrize("lang", ["ru", pytest.param("en", marks=pytest.mark.slow),
                                  pytest.param("cs", marks=pytest.mark.slow)])
@pytest.mark.parametrize("size", ["1024", pytest.param("1280", marks=pytest.mark.slow)])
def test_the_moment_holds_the_largest_fight_whole(server, browser, fight, size, lang):
    device = Device(browser, f"moment-{size}-{lang}", viewport=SIZES[size])
    try:
        page = device.page
        page.goto(f"{server}/t/{fight}?lang={lang}")
        expect(page.locator(".fd-moment .fd-ask")).to_be_visible(timeout=WAIT)
        expect(page.locator(".fd-moment .fd-combat .fd-round")).to_be_visible(timeout=WAIT)
        measured = page.evaluate(MEASURE)
        device.shot(f"fury-moment-fight-{size}-{lang}", full_page=False)
    finally:
        device.close()
    assert measured["scroll"] <= measured["client"] + 1 and measured["cut"] == [], measured
