"""Every game on a 360 px phone in every language: no horizontal scroll (issue 13: Russian
card names and counts pushed the Duel and Drakula phones to 391 px).

Each game is set up through the JSON API in each language, then played a stretch by random
legal actions (a fixed chooser); at checkpoints every seat's phone loads its page and must
fit its width. The lobby, the setup form, the join page and the host screen are checked too.
Screenshots land in tests/e2e/screenshots/narrow-<game>-<lang>-<step>-seat<n>-phone.png.

A class per language, so that workers share the matrix (``--dist loadscope`` sends each
class to a worker of its own); `make check` plays Russian (the longest words: issue 13's
overflow was Russian) and leaves English and Czech to `make test` (marked ``slow``).
"""

from __future__ import annotations

import random

import pytest

from companion.games import GAMES
from tests.e2e.conftest import PHONE, Device
from tests.playing import table_seats

pytestmark = pytest.mark.browser

CHECKPOINTS = (0, 12, 40)
WIDTH = PHONE["viewport"]["width"]
NAMES = ("Александра", "Bartoloměj", "Cora", "Dmitrij", "Eva")
# A mobile browser widens its layout viewport (innerWidth) to content that overflows, so
# the culprits are measured against the phone's own width; the innermost ones are named.
OVERFLOW_JS = """(width) => {
  const wide = document.documentElement.scrollWidth;
  const over = el => el.getBoundingClientRect().right > width + 1;
  const culprits = [...document.querySelectorAll('body *')]
    .filter(el => over(el) && ![...el.children].some(over))
    .slice(0, 5).map(el => el.tagName.toLowerCase() + '.' + el.className + ' in .' +
                           el.parentElement.className + ': ' + (el.innerText || '').slice(0, 40));
  return [wide, culprits];
}"""


def fits(device: Device, label: str) -> None:
    width, culprits = device.page.evaluate(OVERFLOW_JS, WIDTH)
    device.shot(label, full_page=True)
    assert width <= WIDTH, f"{label}: {width} px wide; {culprits}"


def params_for(action: dict, chooser: random.Random) -> dict:
    params = dict(action["params"])
    for name, spec in (action.get("inputs") or {}).items():
        if "examples" in spec:
            params[name] = chooser.choice(spec["examples"])
        elif spec["kind"] == "choice":
            params[name] = chooser.choice(spec["choices"])
        elif spec["kind"] == "int":
            params[name] = spec.get("min", 0)
        else:
            params[name] = spec.get("default", "")
    return params


@pytest.fixture(scope="module")
def phone(browser):
    device = Device(browser, "phone", **PHONE)
    yield device
    device.close()


class Phones:
    """Every screen on the phone in one language."""

    lang = "ru"

    def test_the_lobby_setup_join_and_host_screens_fit_a_360_px_phone(self, server, phone):
        lang = self.lang
        page = phone.page
        for path, label in (("/", "lobby"), ("/join", "join"), ("/me", "mine")):
            page.goto(f"{server}{path}?lang={lang}")
            fits(phone, f"narrow-{label}-{lang}")
        for name in GAMES:
            page.goto(f"{server}/new/{name}?lang={lang}")
            fits(phone, f"narrow-new-{name}-{lang}")
        created = page.request.post(f"{server}/api/tables", data={
            "game": "drakula", "lang": lang, "seats": [{"name": n} for n in NAMES[:2]]}).json()
        page.goto(created["host_url"])
        fits(phone, f"narrow-host-{lang}")

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_every_game_fits_a_360_px_phone(self, server, phone, name):
        lang = self.lang
        page = phone.page
        created = page.request.post(f"{server}/api/tables", data={
            "game": name, "lang": lang, "deal": "now",
            "seats": [{"name": n} for n in NAMES[:table_seats(GAMES[name])]]}).json()
        tokens = [s["token"] for s in created["seats"]]
        chooser = random.Random(f"{name}-{lang}")
        step = 0
        for checkpoint in CHECKPOINTS:
            while step < checkpoint:
                answers = [page.request.get(f"{server}/api/s/{t}").json() for t in tokens]
                movers = [(t, a) for t, a in zip(tokens, answers, strict=True) if a["actions"]]
                if not movers:
                    break
                token, answer = chooser.choice(movers)
                action = chooser.choice(answer["actions"])
                page.request.post(f"{server}/api/s/{token}/act", data={
                    "action": action["action"], "params": params_for(action, chooser),
                    "version": answer["version"]}, fail_on_status_code=False)
                step += 1
            for seat, token in enumerate(tokens):
                page.goto(f"{server}/s/{token}")
                fits(phone, f"narrow-{name}-{lang}-{checkpoint}-seat{seat}")
            page.goto(f"{server}/t/{created['code']}")
            fits(phone, f"narrow-{name}-{lang}-{checkpoint}-table")


class TestRussian(Phones):
    lang = "ru"


@pytest.mark.slow
class TestEnglish(Phones):
    lang = "en"


@pytest.mark.slow
class TestCzech(Phones):
    lang = "cs"
