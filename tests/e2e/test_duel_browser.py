"""Duel! in real Chromium: two duellists' phones and the tablet play whole duels.

The table is created through the lobby; the phones open the seat links shown beside the QR
codes. The seed is random per table, so the test plays as a player would: it reads each
phone and taps a playable card by a fixed rule (a joker first, then Aim, then Shot), answers
Mind Reading and Demon's Help by the first offered button, and checks on the tablet that a
card lies face down until both have chosen, that the rolls show four dice and their
modifiers, and that the result banner appears; then "Play again" deals a new duel.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import WAIT, check_the_cards, wait_for_the_deal

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RULE = ("mind", "demon", "wind", "wet_powder", "nerves", "mistress", "aim", "shot", "bluff")
NAMES = {"aim": "Aim", "bluff": "Bluff", "shot": "Shot", "wet_powder": "Wet Powder",
         "nerves": "Nerves of Steel", "demon": "Demon's Help", "wind": "Wind",
         "mind": "Mind Reading", "mistress": "Crying Mistress", "signal": "Confused Signal"}


class Duel:
    """A duel table: the host's tablet made it, the table view and two phones play it."""

    def __init__(self, server: str, devices, label: str, options: dict[str, str]) -> None:
        self.server, self.label = server, label
        host = devices("host", "tablet")
        host.page.goto(server + "/new/duel")
        host.page.fill("input[name=seat0]", "Anna")
        host.page.fill("input[name=seat1]", "Boris")
        if any(name.startswith("jokers_") for name in options):
            host.page.locator("details.card-values summary").click()  # the folded counts
        for name, value in options.items():
            host.page.locator(f"[name=opt_{name}]").select_option(value) \
                if name in ("extra_joker", "joker_deck") \
                else host.page.fill(f"input[name=opt_{name}]", value)
        host.page.get_by_role("button", name="Create the table").click()
        expect(host.page.get_by_text("Scan to take your seat")).to_be_visible()
        check_the_cards(host)
        links = host.page.locator(".qr-card .url code").all_inner_texts()
        assert len(links) == 2
        self.code = host.page.locator(".bar .code").first.inner_text().strip()
        self.anna, self.boris = devices("anna"), devices("boris")
        self.anna.page.goto(links[0])
        self.boris.page.goto(links[1])
        expect(self.anna.page.get_by_role("heading", name="Anna")).to_be_visible()
        expect(self.boris.page.get_by_role("heading", name="Boris")).to_be_visible()
        wait_for_the_deal(host, self.anna, self.boris)
        expect(host.page.get_by_text("Everyone is seated")).to_be_visible(timeout=WAIT)
        self.table = devices("table", "tablet")
        self.table.page.goto(f"{server}/t/{self.code}")
        self.field = self.table.page.locator(".duel-board .field")
        self.all = (host, self.anna, self.boris, self.table)
        self.seen: set[str] = set()

    def state(self) -> dict:
        answer = self.table.page.request.get(f"{self.server}/api/t/{self.code}").json()
        return {"version": answer["version"], **answer["view"]}

    def state_table(self) -> dict:
        """The public facts about the table (result, seed, finished games)."""
        return self.table.page.request.get(f"{self.server}/api/t/{self.code}").json()["table"]

    def settle(self) -> dict:
        """Wait until the phones and the table view show the table's latest version."""
        now = self.state()
        for device in (self.anna, self.boris, self.table):
            expect(device.page.locator("#live")).to_have_attribute(
                "data-version", str(now["version"]), timeout=WAIT)
        return now

    @staticmethod
    def tap(device, locator) -> None:
        """Tap a button and wait for the phone's answer (never a refusal)."""
        before = device.page.locator("#live").get_attribute("data-version")
        locator.click()
        expect(device.page.locator("#live")).not_to_have_attribute(
            "data-version", before, timeout=WAIT)
        notices = device.page.locator(".notice")
        assert notices.count() == 0, notices.first.inner_text()

    @staticmethod
    def pick_card(device) -> str:
        offered = device.page.locator(".hand-card.can-play").evaluate_all(
            "cards => cards.map(c => c.dataset.card)")
        assert offered, f"{device.name} has no card to play"
        return next((key for key in RULE if key in offered), offered[0])

    def choose(self, device, key: str, last: bool = False) -> None:
        self.tap(device, device.page.locator(f".hand-card.can-play[data-card={key}] button"))
        if last:  # the round turns at once: the card has left the hand
            return
        expect(device.page.locator(f".hand-card.chosen[data-card={key}]")).to_be_visible()
        expect(device.page.locator(".pending")).to_contain_text(NAMES[key])

    def signal_phase(self, only: str | None = None) -> None:
        """Before round 1 both answer in secret; a holder of Confused Signal plays it (only
        the duellist named ``only``, if given: the other may hold one and not play it)."""
        now = self.settle()
        assert now["phase"] == "signal"
        for device in (self.anna, self.boris):
            expect(device.page.locator(".signal button")).to_have_text(re.compile("Ready"))
        expect(self.field.locator(".slots .card.empty")).to_have_count(2)
        for number, device in enumerate((self.anna, self.boris)):
            self.settle()
            signal = device.page.locator(".hand-card.can-play[data-card=signal] button")
            if signal.count() and only in (None, device.name):
                self.seen.add("signal")
                device.shot(f"{self.label}-1-signal")
                self.tap(device, signal)
                answer = "Confused Signal"
            else:
                self.tap(device, device.page.locator(".signal button"))
                answer = "no signal"
            if number == 0:  # the second answer turns both at once
                expect(device.page.locator(".pending")).to_contain_text(answer)
                # The tablet sees that Anna has answered, never what.
                expect(self.field.locator(".slots .card.back")).to_have_count(1, timeout=WAIT)
                assert "Confused Signal" not in self.field.locator(".slots").inner_text()
        expect(self.table.page.locator(".field .phase")).to_contain_text("Round 1",
                                                                          timeout=WAIT)

    def demon(self) -> None:
        self.seen.add("demon")
        picker = self.anna if self.anna.page.locator(".demon button").count() else self.boris
        backs = picker.page.locator(".demon .card.back").all_inner_texts()
        assert backs == [str(i) for i in range(1, len(backs) + 1)], backs  # 1, 2 … 9, 10
        picker.shot(f"{self.label}-6-demon")
        self.tap(picker, picker.page.locator(".demon button").first)

    def mind(self, swap: bool) -> None:
        self.seen.add("mind")
        reader = self.anna if self.anna.page.locator(".mind button").count() else self.boris
        # The reader sees both cards turned before deciding.
        expect(reader.page.locator(".mind .played")).to_have_count(2)
        assert reader.page.locator(".mind .played .card.face").count() >= 1
        reader.shot(f"{self.label}-6-mind")
        if swap and reader.page.locator(".hand-card.can-play").count():
            self.seen.add("swap")
            self.tap(reader, reader.page.locator(".hand-card.can-play button").first)
        else:
            self.tap(reader, reader.page.locator(".mind button").first)

    def play(self, reload_once: bool = True, swap: bool = False) -> dict:
        """Play rounds until the duel is over; returns the last table view."""
        reloaded = False
        passes = 0
        while True:
            passes += 1  # a hang guard: a duel is a handful of rounds of a few passes each
            assert passes < 500, "the duel hangs"
            now = self.settle()
            if now["phase"] == "over":
                return now
            if now["phase"] == "demon":
                self.demon()
                continue
            if now["phase"] == "mind":
                self.mind(swap)
                continue
            assert now["phase"] == "choose"
            n = now["round"]
            players = [p for p in (self.anna, self.boris)
                       if p.page.locator(".hand-card.can-play").count()]
            if len(players) == 2:
                first, other = players if n % 2 else players[::-1]
            else:
                (first,), other = players, None
                self.seen.add("idle")
            assert self.field.locator(f".round[data-round='{n}']").count() == 0
            if other is not None:
                self.secret_choice(first, other, n, reload=reload_once and not reloaded)
                reloaded = True
                self.settle()
                self.choose(other, self.pick_card(other), last=True)
            else:
                self.choose(first, self.pick_card(first), last=True)
            self.turned(n, 2 if other is not None else 1, first)

    def secret_choice(self, first, other, n: int, reload: bool) -> None:
        """The first duellist chooses; nobody else learns which card, a reload keeps it."""
        opponent_before = other.page.locator(".side.them .laid").inner_text()
        log_before = other.page.locator(".log").inner_text()
        key = self.pick_card(first)
        self.choose(first, key)
        # The tablet shows one card face down and nothing face up for this round.
        expect(self.field.locator(".slots .card.back")).to_have_count(1, timeout=WAIT)
        assert self.field.locator(".slots .card.face").count() == 0
        assert self.field.locator(f".round[data-round='{n}']").count() == 0
        # The other phone learns "has chosen" and nothing more.
        expect(other.page.locator(".side.them .status-chip")).to_have_text(
            "has chosen", timeout=WAIT)
        assert other.page.locator(".side.them .laid").inner_text() == opponent_before
        assert other.page.locator(".pending").count() == 0
        assert other.page.locator(".hand-card.chosen").count() == 0
        old = log_before.splitlines()[1:]
        new = other.page.locator(".log").inner_text().splitlines()[1:]
        fresh = new[:new.index(old[0])] if old and old[0] in new else new
        assert fresh == [f"{first.name.split('-')[-1].title()} has chosen a card."], fresh
        if reload:
            self.seen.add("reload")
            self.table.shot(f"{self.label}-3-one-has-chosen")
            other.shot(f"{self.label}-3-one-has-chosen")
            first.page.reload()
            expect(first.page.locator(f".hand-card.chosen[data-card={key}]")).to_be_visible()
            expect(first.page.locator(".pending")).to_contain_text(NAMES[key])
            assert first.page.locator(".hand-card.can-play").count() == 0
            first.shot(f"{self.label}-4-reloaded-after-choosing")

    def turned(self, n: int, cards: int, phone) -> None:
        """Both cards turn at once on the tablet; the first roll shows its dice."""
        turned = self.field.locator(f".round[data-round='{n}']")
        expect(turned.locator(".played")).to_have_count(2, timeout=WAIT)
        assert turned.locator(".played .card.face").count() == cards
        if n == 1 and "turned" not in self.seen:
            self.seen.add("turned")
            self.table.shot(f"{self.label}-2-round-1-turned")
        rolls = turned.locator(".roll:not(.misfire)")
        if rolls.count() and "roll" not in self.seen:
            self.seen.add("roll")
            roll = rolls.first
            expect(roll.locator(".die")).to_have_count(4)
            mods = roll.locator(".mod").all_inner_texts()
            assert any(m.startswith("Aims ") for m in mods), mods
            if "Wind" in turned.inner_text():
                assert any(m.startswith("Wind −") for m in mods), mods
            expect(roll.locator(".verdict")).to_have_text(re.compile("Hit!|Miss"))
            for device in (self.table, phone):   # the dice landed: the shot shows them
                device.page.wait_for_function(
                    "() => document.getAnimations().every(a => a.playState === 'finished')",
                    timeout=WAIT)
            self.table.shot(f"{self.label}-5-roll")
            phone.shot(f"{self.label}-5-roll")

    def over(self) -> None:
        result = self.table.page.locator(".result")
        expect(result).to_be_visible(timeout=WAIT)
        assert re.search(r"won|draw|Game over", result.inner_text())
        for device in (self.anna, self.boris):
            expect(device.page.locator(".result")).to_be_visible(timeout=WAIT)
        self.table.shot(f"{self.label}-7-over")
        self.anna.shot(f"{self.label}-7-over")
        self.boris.shot(f"{self.label}-7-over")
        for device in (self.table, self.anna):  # a tablet or phone in dark mode
            device.page.emulate_media(color_scheme="dark")
            device.shot(f"{self.label}-7-over-dark")
            device.page.emulate_media(color_scheme="light")

    def no_other_hosts(self) -> None:
        for device in self.all:
            assert all(url.startswith(self.server) for url in device.requests), device.name


def test_two_phones_and_a_tablet_play_a_whole_duel(server, devices):
    duel = Duel(server, devices, "duel", {})
    duel.signal_phase()
    last = duel.play(reload_once=True)
    duel.over()
    print(f"duel over after round {last['round']}: {sorted(duel.seen)}")
    assert {"reload", "roll", "turned"} <= duel.seen

    # "Reload and duel again" is the platform's Play again: a new duel at the same seats,
    # once both duellists asked (one phone's tap does not wipe the result from every screen).
    seed = duel.state_table()["seed"]
    duel.anna.page.get_by_role("button", name="Play again (everyone must agree)").click()
    expect(duel.anna.page.locator(".again-wait")).to_contain_text("waiting for Boris",
                                                                   timeout=WAIT)
    expect(duel.table.page.locator(".result")).to_contain_text(
        "Asked to play again: Anna", timeout=WAIT)
    expect(duel.boris.page.locator(".result")).to_contain_text(seed, timeout=WAIT)
    duel.boris.page.get_by_role("button", name="Play again").click()
    # The new duel's commitment is shown first; both phones send fresh randomness for it.
    wait_for_the_deal(duel.anna, duel.boris, duel.table)
    table = duel.table.page
    expect(duel.anna.page.locator(".signal button")).to_be_visible(timeout=WAIT)
    expect(duel.boris.page.locator(".signal button")).to_be_visible(timeout=WAIT)
    expect(table.locator(".result")).to_have_count(0, timeout=WAIT)
    expect(table.locator(".field .phase")).to_contain_text("Before the duel")
    assert table.locator(".duellist h2").all_inner_texts() == ["Anna", "Boris"]
    expect(duel.anna.page.get_by_role("heading", name="Anna")).to_be_visible()
    expect(duel.boris.page.get_by_role("heading", name="Boris")).to_be_visible()
    again = duel.state()
    assert again["round"] == 0 and again["rounds"] == []
    assert [d["aims"] for d in again["duellists"]] == [1, 1]
    assert [d["pistols"] for d in again["duellists"]] == [2, 2]
    duel.table.shot("duel-8-again")
    # The finished duel stays reachable with its seed and export.
    earlier = duel.table.page.locator("details.finished")
    expect(earlier).to_contain_text("1 earlier game at this table", timeout=WAIT)
    earlier.locator("summary").click()
    expect(earlier).to_contain_text(seed)
    duel.no_other_hosts()


def test_jokers_signal_mind_reading_and_demons_help(server, devices):
    """Joker decks of exactly 1 Mind Reading, 1 Demon's Help and 1 Confused Signal each,
    Anna drawing three: she holds all three, so her signal, the swap after the reveal and the
    blind pick all happen (Boris keeps a Confused Signal he may hold: a dead card)."""
    options = {f"jokers_{key}": "0" for key in
               ("wet_powder", "nerves", "wind", "mistress")}
    options.update(jokers_mind="1", jokers_demon="1", jokers_signal="1", extra_joker="first",
                   joker_deck="own")
    duel = Duel(server, devices, "jokers", options)
    duel.signal_phase(only="anna")
    duel.play(reload_once=False, swap=True)
    duel.over()
    print(f"jokers duel: {sorted(duel.seen)}")
    assert {"signal", "idle", "mind", "demon"} <= duel.seen
    # Each phone picks its own language; the duel's words follow.
    duel.boris.page.emulate_media(reduced_motion="reduce")  # the dice stand still
    duel.boris.page.get_by_role("button", name="Русский").click()
    expect(duel.boris.page.locator(".phase-line")).to_have_text("Дуэль окончена")
    duel.boris.shot("jokers-9-russian")
    duel.no_other_hosts()
