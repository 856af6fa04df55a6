"""Dracula's trail (six cards, newest first) and the three catacombs.

A *slot* is one card laid on the trail: a location card (``card``), a power card
(``power``), or a power card with a location card on it (Double Back, Wolf Form).
``place`` is where Dracula was while the slot was newest, so Hide, Feed and Dark Call,
which leave him where he was, carry the place of the card before them. Each slot holds the
encounter tokens laid on it; ``revealed`` says the location (or the Hide card) lies face
up. The slot's ``id`` is a public handle in the order the cards were laid, never derived
from what the card is.
"""

from __future__ import annotations

from typing import Any, Literal

from companion.games.fury import board, cards, catacombs
from companion.games.fury.cards import TRAIL_LENGTH
from companion.games.fury.state import Slot, State


def new_slot(state: State, place: str, card: str | None,
             power: str | None = None) -> Slot:
    state["next_slot"] += 1
    return {"id": state["next_slot"], "place": place, "card": card, "power": power,
            "tokens": [], "shown": [], "revealed": False}


def dracula_place(state: State) -> str | None:
    """Where Dracula is: the newest slot's place (None before he chose his start)."""
    return state["trail"][0]["place"] if state["trail"] else None


def dracula_here(state: State) -> str:
    """Where Dracula is, once he has chosen his start: from then on his trail is never empty
    (clearing keeps at least one card; Double Back and the bat lay a card where they take
    one away), so every step of play may ask it."""
    place = dracula_place(state)
    assert place is not None, "Dracula has not chosen his start yet"
    return place


def slots(state: State) -> list[Slot]:
    """Every card on the trail and in the catacombs."""
    return [*state["trail"], *(slot for _i, slot in catacombs.kept(state))]


def places(state: State) -> set[str]:
    """Places Dracula may not enter again except by Double Back: his trail and catacombs."""
    return {s["place"] for s in slots(state)}


def find(state: State, slot_id: int) -> tuple[Literal["trail", "catacombs"], int] | None:
    """Where a slot lies: ("trail", index) or ("catacombs", index)."""
    for i, slot in enumerate(state["trail"]):
        if slot["id"] == slot_id:
            return "trail", i
    kept = catacombs.find(state, slot_id)
    return None if kept is None else ("catacombs", kept)


def get(state: State, slot_id: int) -> Slot:
    where, index = find(state, slot_id) or (None, 0)
    slot = (state["trail"][index] if where == "trail" else
            catacombs.spaces(state)[index] if where == "catacombs" else None)
    if slot is None:
        raise KeyError(slot_id)
    return slot


def push(state: State, slot: Slot) -> Slot | None:
    """Lay a card at the head of the trail; the card pushed past the sixth comes back."""
    state["trail"].insert(0, slot)
    if len(state["trail"]) > TRAIL_LENGTH:
        return state["trail"].pop()
    return None


def remove(state: State, slot_id: int) -> Slot:
    """Take a slot out of the trail or the catacombs (the trail closes up)."""
    where, index = find(state, slot_id) or (None, 0)
    if where == "trail":
        return state["trail"].pop(index)
    if where is None:
        raise KeyError(slot_id)
    return catacombs.take(state, index)


def return_tokens(state: State, tokens: list[str]) -> None:
    """Encounter tokens go back into the opaque pool."""
    state["pool"].extend(tokens)


def holding(state: State, token: str) -> Slot | None:
    """The trail or catacomb card a token lies on."""
    for slot in slots(state):
        if token in slot["tokens"]:
            return slot
    return None


def clear_to(state: State, keep: int) -> list[Slot]:
    """"Путь очищается до N карт": the older cards leave the trail; their encounters go
    back to the pool (they neither mature nor enter the catacombs). What the hunters saw
    stays known: a face-up Feed or Dark Call kept on top of a face-up location card that
    leaves says he is still where they saw him, so the kept card is marked revealed."""
    known = hunters_know(state)["now"]
    removed = state["trail"][keep:]
    state["trail"] = state["trail"][:keep]
    if known is not None and state["trail"] and hunters_know(state)["now"] is None:
        state["trail"][0]["revealed"] = True
    for slot in removed:
        return_tokens(state, slot["tokens"])
        slot["tokens"], slot["shown"] = [], []
    return removed


def reveal_place(state: State, place: str) -> list[Slot]:
    """Turn face up every trail and catacomb card (location or Hide) at ``place``; returns
    the slots turned up now."""
    turned = []
    for slot in slots(state):
        if slot["place"] == place and not slot["revealed"] and (
                slot["card"] is not None or slot["power"] == "hide"):
            slot["revealed"] = True
            turned.append(slot)
    return turned


STAYS = frozenset({"feed", "dark_call"})
"""Power cards laid face up that say he stayed where he was: the hunters read through them."""


def hunters_know(state: State) -> dict[str, Any]:
    """What the hunters know of Dracula's whereabouts, read from the public trail (newest
    first): ``now`` is his place when the newest card is face up, or when only face-up
    Feed or Dark Call cards lie on top of a face-up card (he stayed there); ``seen`` the
    newest face-up card's place, ``turns`` how many of his turns ago it was laid and
    ``card`` its trail position (1 = newest). A face-down card or a Hide (face down like a
    location) hides where he went. A face-down card a bat's flight laid says where he was
    seen last — the fight he flew from (``flew``: that card lies face down).

    >>> state = {"trail": [{"place": "zagreb", "card": None, "power": "dark_call",
    ...                     "revealed": False},
    ...                    {"place": "zagreb", "card": "zagreb", "power": None,
    ...                     "revealed": True}]}
    >>> hunters_know(state)
    {'now': 'zagreb', 'seen': 'zagreb', 'turns': 1, 'card': 2}
    """
    clear = True
    for index, slot in enumerate(state["trail"]):
        if slot["revealed"]:
            return {"now": slot["place"] if clear else None, "seen": slot["place"],
                    "turns": index, "card": index + 1}
        if "flown_from" in slot:
            return {"now": None, "seen": slot["flown_from"], "turns": index,
                    "card": index + 1, "flew": True}
        if slot["power"] not in STAYS or slot["card"] is not None:
            clear = False
    return {"now": None, "seen": None, "turns": None, "card": None}


def oldest_hidden_location(state: State) -> Slot | None:
    """The oldest face-down location card on the trail (Newspaper Reports)."""
    for slot in reversed(state["trail"]):
        if slot["card"] is not None and not slot["revealed"]:
            return slot
    return None


def powers_in_use(state: State) -> set[str]:
    """Power cards lying on the trail: Dracula cannot play them again until they leave."""
    return {s["power"] for s in state["trail"] if s["power"]}


def lands_on(slot: Slot) -> str:
    """What the back of a face-down card shows: ``sea`` or ``land``."""
    if slot["card"] is not None and board.is_sea(slot["card"]):
        return "sea"
    return "land"


def public(slot: Slot, newest_revealed: int | None = None) -> dict[str, Any]:
    """A slot as a hunter or the tablet sees it: power cards other than Hide face up, the
    back's land or sea, revealed cards and shown encounters; never a hidden identity."""
    visible_power = slot["power"] if slot["power"] and slot["power"] != "hide" else None
    if slot["power"] == "hide" and slot["revealed"]:
        visible_power = "hide"
    has_card = slot["card"] is not None or slot["power"] == "hide"
    out: dict[str, Any] = {
        "handle": slot["id"],
        "power": visible_power,
        "power_name": cards.power_name(visible_power) if visible_power else None,
        "has_card": has_card,
        "back": lands_on(slot) if has_card else None,
        "place": slot["card"] if slot["revealed"] and slot["card"] else None,
        "place_name": board.name(slot["card"]) if slot["revealed"] and slot["card"] else None,
        "revealed": slot["revealed"],
        "tokens": len(slot["tokens"]),
        "shown": [cards.encounter_name(t) for t in slot["shown"]],
        "newest": newest_revealed is not None and slot["id"] == newest_revealed,
    }
    if "flown_from" in slot:
        out["flown_from"] = board.name(slot["flown_from"])
    if slot["revealed"] and slot["power"] == "hide":
        out["place"] = slot["place"]
        out["place_name"] = board.name(slot["place"])
    return out


def secret(slot: Slot) -> dict[str, Any]:
    """A slot as Dracula sees it: everything."""
    return {
        "handle": slot["id"],
        "power": slot["power"],
        "power_name": cards.power_name(slot["power"]) if slot["power"] else None,
        "has_card": slot["card"] is not None or slot["power"] == "hide",
        "back": lands_on(slot),
        "place": slot["place"],
        "place_name": board.name(slot["place"]),
        "card": slot["card"],
        "revealed": slot["revealed"],
        "tokens": [{"token": t, "name": cards.encounter_name(t)} for t in slot["tokens"]],
    }
