"""Fury's time track on a 360 px phone and on the tablet, in English, Czech and Russian
(issue 32): every name of the day fits its cell whole — no word broken inside
("Полден|ь", "Podveče|r") and none running out of its cell ("Предрассветная")."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import PHONE, TABLET, Device

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CELLS = """() => [...document.querySelectorAll('.fd-time .tt')].map(cell => {
  const text = cell.firstChild;
  const broken = [];
  for (const m of text.textContent.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, m.index);
    range.setEnd(text, m.index + m[0].length);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (lines.size > 1) broken.push(m[0]);
  }
  return {name: text.textContent, broken, overflow: cell.scrollWidth > cell.clientWidth};
})"""


@pytest.mark.parametrize("lang", ["en", "cs", "ru"])
def test_the_time_track_names_fit_whole(server, browser, lang):
    made = []
    try:
        setup = Device(browser, f"time-setup-{lang}", **TABLET)
        made.append(setup)
        created = setup.page.request.post(f"{server}/api/tables", data={
            "game": "fury", "deal": "now", "lang": lang,
            "seats": [{"name": n} for n in ("Vlad", "Anna", "Boris")]}).json()
        for label, size, path in (("phone", PHONE, f"/s/{created['seats'][1]['token']}"),
                                  ("tablet", TABLET, f"/t/{created['code']}")):
            device = Device(browser, f"time-{lang}-{label}", **size)
            made.append(device)
            device.page.goto(f"{server}{path}?lang={lang}")
            cells = device.page.evaluate(CELLS)
            assert len(cells) == 6, cells
            bad = [c for c in cells if c["broken"] or c["overflow"]]
            device.shot(f"fury-time-{lang}-{label}", full_page=False)
            assert bad == [], f"{label}: {bad}"
    finally:
        for device in made:
            device.close()
