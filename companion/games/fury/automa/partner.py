"""The app as a fair partner (issue 42): where both sides must agree on what the printed cards
say or on a correction by hand, the app's seat — Dracula or a hunter seat — agrees only with
what its data shows true; otherwise it disputes, as one player would another.

- **a tied roll**: its side reads first as its data reads it (the initiative values of the
  table's options, those the group checked at set-up); the other side's reading it agrees
  with only when those values say the same;
- **the result on the winning card**: it agrees only with the result its tables give;
- **a correction by hand**: one that only goes against the side that made it (a player who
  takes health from his own hunter, Dracula who gives up blood) changes nothing in that
  side's favour and is agreed; one in that side's favour is agreed only where the printed
  cards show it true — Great Strength discarded to cancel the one loss of health or the one
  bite its hunter suffered last („That bite, or that loss of health, is cancelled“); any
  other is disputed: it stands, marked disputed, as between people.
"""

from __future__ import annotations

from typing import Any

from companion.games.fury import cards

Offer = dict[str, Any]

FIRST_READING = ("A tied roll: which card has the higher initiative?",
                 "Check the result on the winning card")
"""Questions where the app's side reads the printed cards first: as its data does (the
answer labelled “As the app reads it”)."""
AS_THE_APP_READS = ("As the app reads it: {what}", "As the app reads it: {result}")
TIE_CHECK = "A tied roll: do you read the initiative the same way?"
RESULT_CHECK = "Do you read the winning card the same way?"
CORRECTION_CHECK = "A correction by hand: do you agree?"
OTHER_SIDE = (TIE_CHECK, RESULT_CHECK, CORRECTION_CHECK)
"""Questions where the app's side checks the other side's reading or correction."""

TIE = {"the hunters' card has the higher initiative": "hunters",
       "the enemy's card has the higher initiative": "enemy",
       "both cards have the same initiative: roll again": "again"}
"""A tie's readings as the rules word them (``combat_rounds._TIE``), back to their key."""

GREAT_STRENGTH = cards.event_name("great_strength")


def answer(offered: list[Offer], view: dict[str, Any],
           changes: tuple[tuple[str, dict[str, Any]], ...] = (),
           losses: dict[str, tuple[str, int]] | None = None) -> Offer | None:
    """The app's answer to a confirmation by both sides, or None for any other question."""
    heading = offered[0].get("group", "")
    if heading in FIRST_READING:
        return next((o for o in offered if o.get("label") in AS_THE_APP_READS), None)
    if heading not in OTHER_SIDE:
        return None
    keys = {o["params"]["key"]: o for o in offered}
    if heading == TIE_CHECK:
        agreed = TIE.get(str(keys["agree"].get("label_args", {}).get("what"))) == tie_reading(
            view)
    elif heading == RESULT_CHECK:
        reading = list(keys["agree"].get("label_args", {}).get("result") or [])
        shown = ((view.get("combat") or {}).get("shown") or {}).get("result")
        agreed = shown is not None and reading == list(shown)
    else:
        who = keys["agree"].get("label_args", {}).get("who") or {}
        agreed = correction_holds(int(who.get("seat", -1)), changes, losses or {})
    return keys["agree" if agreed else "dispute"]


def tie_reading(view: dict[str, Any]) -> str | None:
    """Who wins a tied roll by the initiative values on screen: the hunters' best card
    against the enemy's."""
    shown = (view.get("combat") or {}).get("shown") or {}
    enemy = [c["initiative"] for c in shown.get("cards", []) if c.get("enemy")]
    hunters = [c["initiative"] for c in shown.get("cards", []) if not c.get("enemy")]
    if not enemy or not hunters:
        return None
    best = max(hunters)
    return "hunters" if best > enemy[0] else "enemy" if best < enemy[0] else "again"


FAVOURS = {
    "Dracula loses {n} blood ({why}): {now} left.": "hunters",
    "Dracula +1 blood (by hand): {now}.": "dracula",
    "{hunter} loses {n} health ({why}): {now} left.": "dracula",
    "{hunter} gains {n} health ({why}): {now}.": "hunters",
    "{hunter} is bitten ({why}): {n} bite.": "dracula",
    "{hunter}: a bite is removed (by hand).": "hunters",
    "{hunter} discards {card} ({why}).": "dracula",
}
"""Each change by hand (its log line), and the side it favours."""


def correction_holds(seat: int, changes: tuple[tuple[str, dict[str, Any]], ...],
                     losses: dict[str, tuple[str, int]]) -> bool:
    """Whether the app can agree to the correction ``seat`` made: nothing in its own side's
    favour, or Great Strength cancelling its hunter's last loss."""
    side = "dracula" if seat == 0 else "hunters"
    favourable = [(text, args) for text, args in changes if FAVOURS.get(text) == side]
    if not favourable:
        return True
    if side != "hunters":
        return False
    strength = {args.get("hunter") for text, args in changes
                if text == "{hunter} discards {card} ({why})." and args.get("card") ==
                GREAT_STRENGTH}
    if len(strength) != 1:
        return False
    hunter = strength.pop()
    kind, amount = losses.get(str(hunter), ("", 0))
    healed = sum(int(args.get("n", 0)) for text, args in favourable
                 if text == "{hunter} gains {n} health ({why}): {now}.")
    unbitten = sum(1 for text, _ in favourable if text == "{hunter}: a bite is removed (by hand).")
    if any(args.get("hunter") != hunter for _, args in favourable):
        return False
    return (kind == "health" and unbitten == 0 and 0 < healed <= amount) or (
        kind == "bite" and healed == 0 and unbitten == 1)
