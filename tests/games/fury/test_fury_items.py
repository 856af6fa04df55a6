"""Fury of Dracula: items used outside combat, and the bitten hunter's open cards (each
test quotes the card text of ``data/items.json`` or the rulebook)."""

from __future__ import annotations

from companion.games.fury import board, encounter_effects, rules, trail
from tests.games.fury.fury_fights import fight
from tests.games.fury.fury_positions import Table


def holding(*items: str, hunter: str = "godalming", **setup: object) -> Table:
    table = Table()
    table.state.update(setup)
    table.state["hunters"][hunter]["items"] = list(items)
    for item in items:
        table.state["item_deck"].remove(item)
    return table.start("munich")


def test_dogs_played_face_up_are_public_and_stop_rats():
    """„Play it face up in front of you. While it is face up, Rats, Saboteur and Thief
    encounters are discarded without effect.“"""
    table = holding("dogs:1")
    table.act(1, "use_item", hunter="godalming", card="dogs:1")
    assert table.state["hunters"]["godalming"]["up"] == ["dogs:1"]
    assert rules.view(table.state, 0)["hunters"][0]["up"] == ["Dogs"]
    assert not [a for a in table.names(1, "use_item") if a["card"] == "dogs:1"]


def test_fast_horse_rides_two_roads():
    """„Move up to 2 roads this turn.“"""
    table = holding("fast_horse:1")
    rides = {p["to"] for p in table.names(1, "ride")}
    assert "brussels" in rides and "amsterdam" in rides and "paris" not in rides
    table.act(1, "ride", card="fast_horse:1", to="amsterdam")
    assert table.state["hunters"]["godalming"]["place"] == "amsterdam"
    assert "fast_horse:1" in table.state["item_discard"]


def test_heavenly_host_protects_the_city_and_discards_its_encounters():
    """„Outside combat: put a Heavenly Host marker on your city (at most 2 in play); every
    encounter there is discarded and Dracula cannot enter it.“"""
    table = holding("heavenly_host:1")
    slot = trail.new_slot(table.state, "paris", "paris")
    slot["tokens"] = [table.state["pool"].pop()]
    table.state["catacombs"][0] = slot
    pool = len(table.state["pool"])
    table.act(1, "use_item", hunter="godalming", card="heavenly_host:1")
    assert table.state["blocked"] == {"paris": "heavenly_host"}
    assert slot["id"] and table.state["catacombs"][0]["tokens"] == []
    assert len(table.state["pool"]) == pool + 1


def test_local_rumors_reveal_the_encounters_of_one_card():
    """„Reveal the encounter(s) on one card of Dracula's trail or catacombs.“"""
    table = holding("local_rumors:1")
    table.state["trail"][0]["tokens"] = ["wolves:1"]
    if "wolves:1" in table.state["pool"]:
        table.state["pool"].remove("wolves:1")
    else:
        table.state["encounters"].remove("wolves:1")
    table.act(1, "stay")
    table.act(1, "use_item", hunter="godalming", card="local_rumors:1")
    table.act(1, "choose", key=str(table.state["trail"][0]["id"]))
    assert rules.view(table.state, 2)["trail"][0]["shown"] == ["Wolves"]
    assert rules.view(table.state, 2)["trail"][0]["place"] is None


def test_local_rumors_reveal_the_encounters_of_a_catacomb_card():
    """„Reveal the encounter(s) on one card of Dracula's trail or catacombs.“ The catacomb's
    answer names its own card (it named the trail's last card before issue 44)."""
    table = holding("local_rumors:1")
    for token in ("wolves:1", "rats:1"):
        for where in ("pool", "encounters"):
            if token in table.state[where]:
                table.state[where].remove(token)
    table.state["trail"][0]["tokens"] = ["wolves:1"]
    kept = trail.new_slot(table.state, "madrid", "madrid")
    kept["tokens"] = ["rats:1"]
    table.state["catacombs"][1] = kept
    table.act(1, "stay")
    table.act(1, "use_item", hunter="godalming", card="local_rumors:1")
    keys = {a["key"] for a in table.names(1, "choose")}
    assert keys == {str(table.state["trail"][0]["id"]), str(kept["id"])}
    table.act(1, "choose", key=str(kept["id"]))
    seen = rules.view(table.state, 2)
    assert seen["catacombs"][1]["shown"] == ["Rats"]
    assert seen["trail"][0]["shown"] == []


def test_holy_water_roll_cures_a_bite_on_five_or_six():
    """(uncertain, option ``holy_water_cure``) „roll a die to cure a bite — 1: lose 2 health,
    2–4: nothing, 5–6: one bite removed“."""
    seen = set()
    for seed in range(30):
        table = Table(seed=seed)
        table.state["hunters"]["godalming"].update(items=["holy_water:1"], bites=1)
        table.state["item_deck"].remove("holy_water:1")
        table.start("munich")
        table.settle()
        table.act(1, "use_item", hunter="godalming", card="holy_water:1")
        roll = next(e["args"]["roll"] for e in table.log if "roll" in e["args"])
        h = table.state["hunters"]["godalming"]
        expected = (10, 1) if roll == 1 else (12, 0) if roll >= 5 else (12, 1)
        assert (h["health"], h["bites"]) == expected
        seen.add(expected)
    assert len(seen) == 3


def test_holy_water_option_off():
    table = Table(holy_water_cure=False)
    table.state["hunters"]["godalming"].update(items=["holy_water:1"], bites=1)
    table.state["item_deck"].remove("holy_water:1")
    table.start("munich")
    assert not table.names(1, "use_item")


def test_a_bitten_hunter_keeps_an_item_and_an_event_face_up():
    """„Охотник должен держать открытыми одну карту Вещи (не считая карты «Псы») и одну
    карту События.“ Mina starts bitten."""
    table = Table(players=5)
    table.state["hunters"]["mina"]["items"] = ["knife:1", "pistol:1", "dogs:1"]
    for item in ("knife:1", "pistol:1", "dogs:1"):
        table.state["item_deck"].remove(item)
    table.start("munich")
    seat = table.seat_of("mina")
    choices = {c["key"] for c in table.names(seat, "choose")}
    assert choices == {"knife:1", "pistol:1"}
    table.act(seat, "choose", key="pistol:1")
    public = rules.view(table.state, None)["hunters"][3]
    assert public["shown"] == [{"card": "pistol:1", "name": "Pistol"}]
    assert rules.view(table.state, None)["hunters"][0]["shown"] == []



# --- what leaves a hand leaves the table -------------------------------------------------


def dogs_up(*items: str, **setup: object) -> Table:
    """Lord Godalming in Paris plays his Dogs face up at the start of his turn."""
    table = holding("dogs:1", *items, **setup)
    table.act(1, "use_item", hunter="godalming", card="dogs:1")
    assert table.state["hunters"]["godalming"]["up"] == ["dogs:1"]
    return table


def dogs_gone(table: Table) -> None:
    """No Dogs lie before him any more: the tablet shows none and Rats are not chased away."""
    assert table.state["hunters"]["godalming"]["up"] == []
    assert rules.view(table.state, None)["hunters"][0]["up"] == []
    assert not encounter_effects.has_dogs(table.state, "godalming")


def test_a_defeated_hunters_dogs_leave_the_table_with_his_hand():
    """„Поверженные Охотники… сбрасывает все свои карты Вещей и Событий“: the Dogs played
    face up are among them („While it is face up, Rats… are discarded“ — no longer)."""
    table = dogs_up()
    table.state["hunters"]["godalming"]["health"] = 2
    plague = "plague:1"
    (table.state["pool"] if plague in table.state["pool"] else table.state["encounters"]).remove(
        plague)
    slot = trail.new_slot(table.state, "brussels", "brussels")
    slot["tokens"] = [plague]
    table.state["trail"].append(slot)
    table.act(1, "travel", to="brussels", by="road")
    assert table.state["hunters"]["godalming"]["place"] == board.HOSPITAL
    assert "dogs:1" in table.state["item_discard"]
    dogs_gone(table)


def test_dogs_discarded_with_all_items_by_mesmerize_leave_the_table():
    """Mesmerize's result „Охотник сбрасывает все Вещи“ (``hunter_discards_all_items``)
    takes the face-up Dogs too."""
    table = fight("dracula", hunters=("godalming",), items={"godalming": ["dogs"]})
    dogs = table.hunter("godalming")["items"][0]
    table.hunter("godalming")["up"] = [dogs]
    table.round("mesmerize", dice=(1, 6), godalming="escape")
    assert table.hunter("godalming")["items"] == [] and dogs in table.state["item_discard"]
    assert table.hunter("godalming")["up"] == []
    assert not encounter_effects.has_dogs(table.state, "godalming")


def test_dogs_given_in_a_trade_leave_the_givers_table():
    """„Охотники могут обмениваться картами Вещей, находясь в одной Локации“: the Dogs go
    to Dr. Seward's hand; they no longer lie face up before Lord Godalming, and Dr. Seward
    must play them himself."""
    table = Table()
    table.state["hunters"]["godalming"]["items"] = ["dogs:1"]
    table.state["item_deck"].remove("dogs:1")
    table.start("munich", places={"godalming": "paris", "seward": "paris",
                                  "van_helsing": "rome", "mina": "vienna"})
    table.act(1, "use_item", hunter="godalming", card="dogs:1")
    table.act(1, "stay")
    table.act(1, "give", **{"from": "godalming", "to": "seward", "card": "dogs:1"})
    assert table.state["hunters"]["seward"]["items"] == ["dogs:1"]
    dogs_gone(table)
    assert table.state["hunters"]["seward"]["up"] == []
