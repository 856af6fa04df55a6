"""Fury of Dracula: the event cards do what they say, at the moment they say (the card's
text, quoted from ``data/events.json``, in each test)."""

from __future__ import annotations

from companion.games.fury import board, cards, rules, trail
from tests.games.fury.fury_positions import Table


def lay(table: Table, *places: str, tokens: int = 0) -> None:
    state = table.state
    state["trail"] = []
    for place in places:
        slot = trail.new_slot(state, place, place)
        for _ in range(tokens):
            slot["tokens"].append(state["pool"].pop())
        state["trail"].insert(0, slot)


def bottom(table: Table, kind: str) -> str:
    """Put a copy of ``kind`` at the bottom of the event deck (the next card drawn)."""
    deck = table.state["event_deck"]
    copy = next(c for c in deck + table.state["event_discard"] if cards.kind(c) == kind)
    if copy in deck:
        deck.remove(copy)
    else:
        table.state["event_discard"].remove(copy)
    deck.append(copy)
    return copy


def supply(table: Table, kind: str, **place: str) -> Table:
    """Lord Godalming gathers supplies in Paris and draws ``kind``."""
    bottom(table, kind)
    table.act(1, "stay")
    table.act(1, "supply", hunter="godalming", what="event")
    return table


def take_token(table: Table, token: str) -> None:
    for holder in (table.state["pool"], table.state["encounters"]):
        if token in holder:
            holder.remove(token)
            return


def public(table: Table) -> dict:
    return rules.view(table.state, None)


def hand(table: Table, hunter: str, *kinds: str) -> list[str]:
    """Give a hunter the event cards ``kinds`` (taken from the deck)."""
    held = []
    for kind in kinds:
        copy = next(c for c in table.state["event_deck"] if cards.kind(c) == kind)
        table.state["event_deck"].remove(copy)
        held.append(copy)
    table.state["hunters"][hunter]["events"] += held
    return held


def dracula_holds(table: Table, *kinds: str) -> list[str]:
    held = []
    for kind in kinds:
        copy = next(c for c in table.state["event_deck"] if cards.kind(c) == kind)
        table.state["event_deck"].remove(copy)
        held.append(copy)
    table.state["dracula_events"] += held
    return held


# --- hunters' cards played when drawn -------------------------------------------------------


def test_newspaper_reports_reveal_the_oldest_hidden_location():
    """„Reveal the oldest location in Dracula's trail that is not yet revealed, unless it is
    Dracula's current location.“"""
    table = Table().start("munich")
    lay(table, "madrid", "lisbon", "munich")
    supply(table, "newspaper_reports")
    assert [c["place"] for c in public(table)["trail"]] == [None, None, "madrid"]


def test_hired_scouts_reveal_two_named_cities_with_their_encounters():
    """„Name 2 cities. Each of them that is in Dracula's trail or catacombs is revealed at
    once, with its encounters.“"""
    table = Table().start("munich")
    lay(table, "madrid", "lisbon", "munich", tokens=1)
    supply(table, "hired_scouts")
    table.act(1, "choose", key="lisbon").act(1, "choose", key="rome")
    seen = public(table)["trail"]
    assert seen[1]["place"] == "lisbon" and len(seen[1]["shown"]) == 1
    assert seen[0]["place"] is None and seen[2]["place"] is None


def test_sensationalist_press_keeps_one_card_hidden():
    """Sensationalist Press: „When an event card would reveal 1 or more cards of your trail or
    catacombs: choose 1 of those locations: it is not revealed.“"""
    table = Table().start("munich")
    lay(table, "madrid", "lisbon", "munich")
    dracula_holds(table, "sensationalist_press")
    supply(table, "hired_scouts")
    queue = table.state["queue"]
    if queue and queue[0]["kind"] == "window" and queue[0]["window"] == "cancel":
        table.act(0, "pass")
    table.act(1, "choose", key="lisbon").act(1, "choose", key="madrid")
    press = [p for p in table.names(0, "play_event")]
    assert press and cards.kind(press[0]["card"]) == "sensationalist_press"
    table.act(0, "play_event", **press[0])
    slot_ids = {s["place"]: s["id"] for s in table.state["trail"]}
    table.act(0, "choose", key=str(slot_ids["madrid"]))
    seen = [c["place"] for c in public(table)["trail"]]
    assert seen == [None, "lisbon", None]


def test_telegraph_ahead_reveals_trail_cities_one_road_away():
    """„Every city in Dracula's trail or catacombs that is one road away from your city is
    revealed at once.“"""
    table = Table().start("munich")
    lay(table, "brussels", "madrid", "munich")
    supply(table, "telegraph_ahead")
    seen = [c["place"] for c in public(table)["trail"]]
    assert seen == [None, None, "brussels"]


def test_mystic_research_shows_the_hunters_draculas_events():
    """„Look at Dracula's event cards and share what you learn with the other hunters.“"""
    table = Table(players=3).start("munich")
    dracula_holds(table, "roadblock", "trap")
    table.state["dracula_events"].sort()
    supply(table, "mystic_research")
    table.settle()
    told = [e for e in table.log if e["text"].startswith("Mystic Research")]
    assert told and told[0]["to"] == [1, 2]
    assert set(told[0]["args"]["cards"]) == {"Roadblock", "Trap"}


def test_consecrated_ground_protects_a_city_and_discards_its_encounters():
    """„Put the Consecrated Ground marker on any city except Castle Dracula, Galatz or
    Klausenburg… If that city is in Dracula's trail or catacombs, it and its encounters are
    revealed; then every encounter in the city is discarded. Dracula cannot enter it.“"""
    table = Table().start("munich")
    lay(table, "zurich", "munich", tokens=1)
    supply(table, "consecrated_ground")
    keys = {c["key"] for c in table.names(1, "choose")}
    assert "galatz" not in keys and board.CASTLE not in keys and "zurich" in keys
    table.act(1, "choose", key="zurich")
    assert table.state["blocked"] == {"zurich": "consecrated"}
    assert public(table)["trail"][1]["place"] == "zurich"
    assert table.state["trail"][1]["tokens"] == []


def test_re_equip_trades_an_item_for_any_item_in_the_deck():
    """„You may discard 1 of your items to take any 1 item of your choice from the item deck;
    then shuffle the item deck.“"""
    table = Table().start("munich")
    table.state["hunters"]["godalming"]["items"] = ["knife:1"]
    supply(table, "re_equip")
    table.act(1, "choose", key="knife:1").act(1, "choose", key="stake")
    items = table.state["hunters"]["godalming"]["items"]
    assert len(items) == 1 and cards.kind(items[0]) == "stake"
    assert "knife:1" in table.state["item_discard"]


def test_surprising_return_takes_a_hunters_card_back_from_the_discards():
    """„Take any hunter 'keep' event from the event discard pile, show it to Dracula and keep
    it.“"""
    table = Table().start("munich")
    lost = next(c for c in table.state["event_deck"] if cards.kind(c) == "forewarned")
    table.state["event_deck"].remove(lost)
    table.state["event_discard"].append(lost)
    supply(table, "surprising_return")
    table.act(1, "choose", key=lost)
    assert table.state["hunters"]["godalming"]["events"] == [lost]


# --- allies ------------------------------------------------------------------------------------


def test_jonathan_harker_keeps_the_sixth_trail_card_face_up():
    """„While in play, the sixth (oldest) card of Dracula's trail is always revealed.“"""
    table = Table().start("munich")
    lay(table, "madrid", "lisbon", "cadiz", "granada", "alicante", "munich")
    supply(table, "jonathan_harker")
    assert public(table)["trail"][5]["place"] == "madrid"
    assert public(table)["allies"]["hunters"]["name"] == "Jonathan Harker"


def test_a_new_ally_replaces_the_old_one():
    """„Дракула и Охотники могут иметь только по одному Союзнику.“"""
    table = Table().start("munich")
    supply(table, "rufus_smith")
    old = table.state["allies"]["hunters"]
    assert cards.kind(old) == "rufus_smith"
    table.act(1, "stay")
    bottom(table, "sister_agatha")
    table.act(1, "supply", hunter="seward", what="event")
    assert cards.kind(table.state["allies"]["hunters"]) == "sister_agatha"
    assert old in table.state["event_discard"]


def test_draculas_brides_hold_seven_encounters():
    """„While in play, your encounter hand holds 7.“"""
    table = Table().start("munich")
    supply(table, "draculas_brides")
    assert len(table.state["encounters"]) == 7


def test_quincey_morris_costs_a_hunter_health_each_dracula_turn():
    """„While in play, choose 1 hunter at the start of each of your turns: he loses 1 health
    unless he shows you a Heavenly Host or a Crucifix.“"""
    table = Table().start("munich")
    copy = bottom(table, "quincey_p_morris")
    table.state["event_deck"].remove(copy)
    table.state["allies"]["dracula"] = copy
    table.state["hunters"]["seward"]["items"] = ["crucifix:1"]
    while table.state["turn"]["who"] != "dracula":
        turn = table.state["turn"]
        table.idle_step(table.seat_of(turn["who"]), turn["stage"])
    table.act(0, "choose", key="seward")
    assert table.state["hunters"]["seward"]["health"] == 10


# --- Dracula's cards played when drawn ---------------------------------------------------------


def test_night_visit_costs_a_bitten_hunter_two_health():
    """„Play it on any bitten hunter: he loses 2 health at once.“"""
    table = Table().start("munich")
    supply(table, "night_visit")
    assert [c["key"] for c in table.names(0, "choose")] == ["mina"]
    table.act(0, "choose", key="mina")
    assert table.state["hunters"]["mina"]["health"] == 6


def test_evasion_lays_a_card_anywhere_without_a_hunter():
    """„Make one extra move at once, to any city on the board (not a sea) without a hunter,
    whatever the distance.“"""
    table = Table().start("munich")
    supply(table, "evasion")
    keys = {c["key"] for c in table.names(0, "choose")}
    assert "athens" in keys and "paris" not in keys and "munich" not in keys
    assert not any(board.is_sea(k) for k in keys)
    table.act(0, "choose", key="athens")
    assert trail.dracula_place(table.state) == "athens"
    assert public(table)["trail"][0]["place"] is None


def test_vampiric_influence_shows_dracula_the_cards_of_a_bitten_hunter():
    """„Play it on any bitten hunter: look at his event and item cards; he must tell you his
    next move.“"""
    table = Table().start("munich")
    table.state["hunters"]["mina"]["items"] = ["knife:2"]
    supply(table, "vampiric_influence")
    table.act(0, "choose", key="mina")
    private = [e for e in table.log if e.get("to") == [0]]
    assert private and private[0]["args"]["cards"] == ["Knife"]
    assert table.names(table.seat_of("mina"), "choose")


def test_the_move_told_to_vampiric_influence_binds_the_next_movement():
    """„…he must tell you his next move“: at her movement Mina is offered that move only,
    not Stay beside it."""
    table = Table().start("munich")
    supply(table, "vampiric_influence")
    table.act(0, "choose", key="mina")
    seat = table.seat_of("mina")
    table.act(seat, "choose", key="road:prague")
    while table.state["turn"]["who"] != "mina":
        turn = table.state["turn"]
        table.idle_step(table.seat_of(turn["who"]), turn["stage"])
    table.go_on(seat)
    moves = [a for a in table.legal(seat) if a["action"] in ("travel", "train", "stay")]
    assert moves == [{"action": "travel", "to": "prague", "by": "road"}]


# --- a hunter's cards at the start of his turn -------------------------------------------------


def start_with(*kinds: str, hunter: str = "godalming", **setup: object) -> Table:
    table = Table()
    table.state.update(setup)
    hand(table, hunter, *kinds)
    return table.start("munich")


def test_long_day_turns_the_clock_back():
    """„Move the day/night marker back 1 space.“ (not at Dawn)"""
    table = start_with("long_day", time=3)
    card = table.names(1, "play_event")[0]
    table.act(1, "play_event", **card)
    assert table.state["time"] == 2


def test_long_day_not_at_dawn():
    table = start_with("long_day", time=0)
    assert not table.names(1, "play_event")


def test_money_trail_reveals_the_seas_of_the_trail():
    """„Every sea in Dracula's trail is revealed.“"""
    table = start_with("money_trail")
    lay(table, "black_sea", "varna", "munich")
    table.act(1, "play_event", **table.names(1, "play_event")[0])
    assert [c["place"] for c in public(table)["trail"]] == [None, None, "black_sea"]


def test_blood_transfusion_cures_a_bite_for_a_health():
    """„One of you loses 1 health; the other's bite is removed.“"""
    table = Table()
    hand(table, "godalming", "blood_transfusion")
    table.state["hunters"]["seward"]["bites"] = 1
    table.start("munich", places={"godalming": "paris", "seward": "paris",
                                  "van_helsing": "rome", "mina": "vienna"})
    table.act(1, "play_event", **table.names(1, "play_event")[0])
    table.act(1, "choose", key="godalming>seward")
    assert table.state["hunters"]["seward"]["bites"] == 0
    assert table.state["hunters"]["godalming"]["health"] == 11


def test_hypnosis_reveals_dracula_and_binds_his_next_move():
    """„3–6: Dracula's current location and every vampire in his trail and catacombs are
    revealed, and Dracula must declare his next move.“"""
    for seed in range(20):
        table = Table(seed=seed)
        hand(table, "mina", "hypnosis")
        table.start("munich")
        table.until_turn("mina")
        seat = table.seat_of("mina")
        table.act(seat, "play_event", **table.names(seat, "play_event")[0])
        roll = next(e["args"]["roll"] for e in table.log if "roll" in e["args"])
        if roll <= 2:
            assert table.state["turn"]["who"] != "mina"
            continue
        assert public(table)["dracula_place"] == "munich"
        table.act(0, "choose", key="move:zurich")
        table.pass_hunters()
        assert [p["to"] for p in table.names(0, "move")] == ["zurich"]
        return
    raise AssertionError("no seed rolled 3-6")


def test_hypnosis_by_a_hunter_not_bitten_at_a_bitten_hunters_turn():
    """Hypnosis: „At the start of any bitten hunter's turn (your own too), with that
    hunter's consent. That hunter rolls a hunter die…“ (the card's timing line, data/
    events.json, transcribed from the card). Lord Godalming, never bitten, holds it; at the
    start of Mina Harker's turn (she starts bitten: data/hunters.json, ``starting_bites``)
    his player offers it, Mina's player agrees, and Mina rolls — not Godalming."""
    for seed in range(20):
        table = Table(seed=seed)
        hand(table, "godalming", "hypnosis")
        table.start("munich")
        while table.state["turn"]["who"] != "mina":
            turn = table.state["turn"]
            assert not table.names(table.seat_of("godalming"), "play_event") or \
                turn["who"] == "godalming"
            table.idle_step(table.seat_of(turn["who"]), turn["stage"])
        assert table.state["turn"]["stage"] == "start"
        holder, bitten = table.seat_of("godalming"), table.seat_of("mina")
        assert holder != bitten
        offer = table.names(holder, "play_event")
        assert offer == [{"card": offer[0]["card"], "hunter": "godalming", "target": "mina"}]
        table.act(holder, "play_event", **offer[0])
        assert "hypnosis" in table.state["hunters"]["godalming"]["events"][0]
        table.act(bitten, "choose", key="yes")
        assert table.state["hunters"]["godalming"]["events"] == []
        roll = next(e for e in table.log if "roll" in e["args"])
        assert roll["args"]["hunter"] == "Mina Harker"
        if roll["args"]["roll"] <= 2:
            assert table.state["turn"]["who"] != "mina"
            continue
        assert public(table)["dracula_place"] == "munich"
        return
    raise AssertionError("no seed rolled 3-6")


def test_hypnosis_waits_for_the_bitten_hunters_consent():
    """„…with that hunter's consent“: Mina Harker's player declines; Lord Godalming keeps
    the card and nothing is rolled."""
    table = Table(seed=3)
    hand(table, "godalming", "hypnosis")
    table.start("munich")
    table.until_turn("mina")
    holder = table.seat_of("godalming")
    table.act(holder, "play_event", **table.names(holder, "play_event")[0])
    table.act(table.seat_of("mina"), "choose", key="no")
    assert len(table.state["hunters"]["godalming"]["events"]) == 1
    assert not any("roll" in e["args"] for e in table.log)
    assert table.state["turn"]["who"] == "mina"


def test_hypnosis_is_not_offered_at_an_unbitten_hunters_turn():
    """„At the start of any bitten hunter's turn“: at Dr. Seward's turn (not bitten) Lord
    Godalming's Hypnosis is not offered, and his own turn does not wait for it."""
    table = Table(seed=3)
    hand(table, "godalming", "hypnosis")
    table.start("munich")
    table.until_turn("seward")
    assert table.state["turn"]["stage"] == "move"
    assert table.names(table.seat_of("godalming"), "play_event") == []

def test_stormy_seas_closes_a_sea_and_drives_dracula_ashore():
    """„Choose a sea with no hunter in it: nobody may enter it for 2 full rounds. If Dracula
    is there, his location is revealed and he must at once go ashore in an adjacent port.“"""
    table = Table()
    hand(table, "godalming", "stormy_seas")
    table.start("varna")
    table.state["trail"][0].update(place="black_sea", card="black_sea")
    table.act(1, "play_event", **table.names(1, "play_event")[0])
    table.act(1, "choose", key="black_sea")
    assert {c["key"] for c in table.names(0, "choose")} == {"varna", "constanta"}
    table.act(0, "choose", key="constanta")
    assert public(table)["dracula_place"] == "constanta"
    assert "black_sea" in table.state["storms"]


def test_good_luck_cancels_an_event_just_played():
    """Good Luck: „Cancel the effect of an event card just played.“"""
    table = Table().start("munich")
    hand(table, "seward", "good_luck")
    supply(table, "night_visit")
    assert table.state["queue"][0]["window"] == "cancel"
    table.act(1, "play_event", **table.names(1, "play_event")[0])
    assert table.state["hunters"]["mina"]["health"] == 8
    assert {"text": "{card} is cancelled.", "args": {"card": "Night Visit"}} in table.log
    assert not table.state["queue"]


def test_devilish_power_removes_the_hunters_ally_at_the_start_of_draculas_turn():
    """„…OR discard the hunters' current ally.“"""
    table = Table().start("munich")
    supply(table, "rufus_smith")
    dracula_holds(table, "devilish_power")
    while table.state["turn"]["who"] != "dracula":
        turn = table.state["turn"]
        table.idle_step(table.seat_of(turn["who"]), turn["stage"])
    table.act(0, "play_event", **table.names(0, "play_event")[0])
    table.act(0, "choose", key="ally")
    assert table.state["allies"]["hunters"] is None


def test_time_runs_short_and_unearthly_swiftness():
    """Time Runs Short: „Move the day/night marker forward 1 space.“ Unearthly Swiftness:
    „Make two moves in a row, each by the usual rules.“"""
    table = Table().start("munich")
    dracula_holds(table, "time_runs_short", "unearthly_swiftness")
    while table.state["turn"]["who"] != "dracula":
        turn = table.state["turn"]
        table.idle_step(table.seat_of(turn["who"]), turn["stage"])
    plays = {cards.kind(p["card"]): p for p in table.names(0, "play_event")}
    table.act(0, "play_event", **plays["time_runs_short"])
    assert table.state["time"] == 1
    table.act(0, "play_event", **table.names(0, "play_event")[0])
    assert not table.names(0, "to_time"), "no card left for the start: on by itself"
    table.act(0, "move", to="zurich", power="")
    assert table.state["turn"]["stage"] == "move"
    table.act(0, "move", to="geneva", power="")
    assert [s["place"] for s in table.state["trail"][:3]] == ["geneva", "zurich", "munich"]


def test_roadblock_closes_a_road_to_the_hunters():
    """„Put the Roadblock marker on one road or railway between two places…: hunters cannot
    travel along it.“"""
    table = Table(first_turn="dracula")
    dracula_holds(table, "roadblock")
    table.start("munich")
    table.act(0, "play_event", **table.names(0, "play_event")[0])
    table.act(0, "choose", key="paris").act(0, "choose", key="road:brussels")
    table.act(0, "move", to="zurich", power="")
    table.act(0, "place", token=table.names(0, "place")[0]["token"])
    roads = {p["to"] for p in table.names(1, "travel") if p["by"] == "road"}
    assert "brussels" not in roads and "nantes" in roads


# --- cards played at a moment of somebody else's turn ----------------------------------------


def test_false_tip_off_and_chartered_carriage():
    """False Tip-off: „He does not roll the train die: he is delayed over papers… He may cancel
    this card with Chartered Carriage.“"""
    table = Table(train_die="1,1,1,1,1,1")
    hand(table, "godalming", "chartered_carriage")
    dracula_holds(table, "false_tip_off")
    table.start("munich")
    table.act(1, "train", carriage="")
    table.act(0, "play_event", **table.names(0, "play_event")[0])
    # Godalming's player holds an event card, so he is asked whether he cancels False
    # Tip-off as if he held Good Luck (issue 40); Chartered Carriage cannot cancel.
    assert table.state["queue"][0]["window"] == "cancel"
    assert not table.names(1, "play_event")
    table.act(1, "pass")
    assert table.state["queue"][0]["window"] == "tip_off"
    table.act(1, "play_event", **table.names(1, "play_event")[0])
    assert table.state["turn"]["rail"] == 1
    assert table.names(1, "travel")


def test_forewarned_discards_the_encounter():
    """„After Dracula reveals an encounter in your location, before it takes effect: discard
    that encounter without effect.“"""
    table = Table().start("munich")
    hand(table, "godalming", "forewarned")
    lay(table, "brussels", "munich")
    take_token(table, "plague:1")
    table.state["trail"][1]["tokens"] = ["plague:1"]
    table.act(1, "travel", to="brussels", by="road")
    table.act(1, "play_event", **table.names(1, "play_event")[0])
    assert table.state["hunters"]["godalming"]["health"] == 12
    assert "plague:1" in table.state["pool"]


def new_vampire_met_at_night() -> Table:
    """Lord Godalming walks at Midnight into Brussels, where a New Vampire lies on Dracula's
    trail; Dracula holds Seduction."""
    table = Table()
    table.state["time"] = 4
    dracula_holds(table, "seduction")
    table.start("munich")
    lay(table, "brussels", "munich")
    take_token(table, "new_vampire:1")
    table.state["trail"][1]["tokens"] = ["new_vampire:1"]
    table.act(1, "travel", to="brussels", by="road")
    return table


def test_seduction_bites_and_takes_the_new_vampire_back():
    """„Instead of the usual resolution, the New Vampire bites the hunter. The New Vampire
    then returns to your encounter hand.“"""
    table = new_vampire_met_at_night()
    table.act(0, "play_event", **table.names(0, "play_event")[0])
    table.settle()
    assert table.state["hunters"]["godalming"]["bites"] == 1
    assert "new_vampire:1" in table.state["encounters"] or "new_vampire:1" in table.state["pool"]


def wild_horses_to_amsterdam() -> Table:
    """Lord Godalming walks into Brussels, where Dracula is; Wild Horses send him on."""
    table = Table()
    dracula_holds(table, "wild_horses")
    table.start("brussels")
    table.act(1, "travel", to="brussels", by="road")
    horses = next(p for p in table.names(0, "choose") if cards.kind(p["key"]) == "wild_horses")
    table.act(0, "choose", **horses)
    table.act(0, "choose", key="amsterdam")
    return table


def test_wild_horses_send_the_hunter_away_before_the_fight():
    """„Move that hunter to any city one road away; the combat does not take place. He may
    still rest, supply or trade.“"""
    table = wild_horses_to_amsterdam()
    assert table.state["hunters"]["godalming"]["place"] == "amsterdam"
    assert table.state["turn"]["stage"] == "act"


def test_customs_search_takes_the_items_of_a_hunter_crossing_the_border():
    """„When a hunter enters a port, or ends a movement phase in which he crossed the border
    between East and West: his turn ends at once and he discards all his items.“"""
    table = Table()
    dracula_holds(table, "customs_search")
    table.state["hunters"]["godalming"]["items"] = ["knife:1", "pistol:1"]
    table.start("lisbon", places={"godalming": "munich", "seward": "london",
                                  "van_helsing": "rome", "mina": "madrid"})
    assert board.PLACES["munich"].region != board.PLACES["vienna"].region
    table.act(1, "travel", to="vienna", by="road")
    table.act(0, "play_event", **table.names(0, "play_event")[0])
    assert table.state["hunters"]["godalming"]["items"] == []
    assert table.state["turn"]["who"] == "seward"


def test_control_storms_washes_a_hunter_at_sea_into_a_port():
    """„Instead of their move, you put them in any port within 3 sea moves.“"""
    table = Table()
    dracula_holds(table, "control_storms")
    table.place_hunters({"godalming": "le_havre", "seward": "london", "van_helsing": "rome",
                         "mina": "vienna"})
    table.state["hunters"]["godalming"]["place"] = "english_channel"
    table.act(0, "start_at", place="munich")
    queue = table.state["queue"]
    assert queue and queue[0]["window"] == "at_sea"
    table.act(0, "play_event", **table.names(0, "play_event")[0])
    ports = {c["key"] for c in table.names(0, "choose")}
    assert "le_havre" in ports and "plymouth" in ports
    table.act(0, "choose", key="plymouth")
    assert table.state["hunters"]["godalming"]["place"] == "plymouth"


def test_excellent_weather_sails_up_to_four_sea_moves():
    """„Make up to 4 sea moves instead of 1; embarking, sailing and disembarking each count
    as one.“"""
    table = Table()
    hand(table, "godalming", "excellent_weather")
    table.start("munich", places={"godalming": "le_havre", "seward": "london",
                                  "van_helsing": "rome", "mina": "vienna"})
    card = table.names(1, "set_sail")[0]
    table.act(1, "set_sail", **card)
    table.act(1, "travel", to="english_channel", by="sea")
    assert table.state["turn"]["stage"] == "move"
    table.act(1, "travel", to="atlantic_ocean", by="sea")
    table.act(1, "travel", to="bay_of_biscay", by="sea")
    table.act(1, "travel", to="bordeaux", by="sea")
    assert table.state["hunters"]["godalming"]["place"] == "bordeaux"
    assert table.state["turn"]["stage"] == "act"


def test_rufus_smith_makes_every_sea_cost_a_blood():
    """„While in play, Dracula pays 1 blood for every sea he moves through, instead of every
    other one.“"""
    table = Table().start("varna", places={"godalming": "paris", "seward": "paris",
                                           "van_helsing": "paris", "mina": "paris"})
    copy = bottom(table, "rufus_smith")
    table.state["event_deck"].remove(copy)
    table.state["allies"]["hunters"] = copy
    table.pass_hunters()
    table.act(0, "move", to="black_sea", power="")
    assert table.state["blood"] == 14


def test_immanuel_hildesheim_lets_dracula_hold_six_events():
    """„While in play, you may hold 6 event cards. If this ally leaves play, discard down to
    4 at once.“"""
    table = Table().start("munich")
    dracula_holds(table, "trap", "trap", "roadblock", "rage", "seduction")
    supply(table, "immanuel_hildesheim")
    assert not [q for q in table.state["queue"] if q["kind"] == "discard"]
    from companion.games.fury import event_cards
    from companion.games.fury.state import Ctx
    ctx = Ctx(table.state, [], None)
    event_cards.set_ally(ctx, "dracula", None)
    assert [q["kind"] for q in table.state["queue"]] == ["discard"]


def test_good_luck_removes_the_roadblock_at_the_start_of_a_turn():
    """Good Luck: „…OR discard the Roadblock marker, OR discard Dracula's current ally.“"""
    table = Table()
    hand(table, "godalming", "good_luck")
    table.state["roadblock"] = {"road": ["brussels", "paris"], "rail": None}
    table.start("munich")
    table.act(1, "play_event", **table.names(1, "play_event")[0])
    table.act(1, "choose", key="roadblock")
    assert table.state["roadblock"] is None


def test_good_luck_is_not_offered_at_the_start_of_a_turn_with_nothing_to_remove():
    """Good Luck at the start of a turn: „…OR discard the Roadblock marker, OR discard
    Dracula's current ally.“ With neither in play it would be spent on nothing, so it is not
    offered and the hunter's turn goes straight to his move, the card kept (as Devilish Power
    is not offered without a Heavenly Host or an ally; with the Roadblock laid, see above).
    The turn waits at its start all the same — his hand might hold another card for it, as
    far as the tablet knows (issue 40) — with his moves beside it, so it costs no tap."""
    table = Table()
    hand(table, "godalming", "good_luck")
    table.start("munich")
    assert table.state["turn"]["who"] == "godalming"
    assert table.state["turn"]["stage"] == "start"
    assert table.names(1, "play_event") == [] and table.names(1, "travel")
    assert not table.names(1, "to_movement")
    assert cards.kind(table.state["hunters"]["godalming"]["events"][0]) == "good_luck"


def test_sense_of_emergency_card_costs_health_and_goes_anywhere():
    """„Lose as much health as the number of vampires Dracula still needs to win (6 minus the
    vampire track), then move to any location on the board.“"""
    table = Table()
    hand(table, "godalming", "sense_of_emergency")
    table.state["vampires"] = 2
    table.start("munich")
    table.act(1, "play_event", **table.names(1, "play_event")[0])
    assert table.state["hunters"]["godalming"]["health"] == 8
    table.act(1, "go", place="athens")
    assert table.state["hunters"]["godalming"]["place"] == "athens"


def test_secret_weapon_swaps_an_item_for_one_from_the_discards():
    """„Discard 1 item to take any 1 item from the item discard pile.“"""
    table = Table().start("munich")
    hand(table, "godalming", "secret_weapon")
    table.state["hunters"]["godalming"]["items"] = ["knife:1"]
    table.state["item_deck"].remove("knife:1")
    table.state["item_deck"].remove("stake:1")
    table.state["item_discard"] = ["stake:1"]
    lay(table, "brussels", "munich")
    take_token(table, "plague:1")
    table.state["trail"][1]["tokens"] = ["plague:1"]
    table.act(1, "travel", to="brussels", by="road")
    table.act(1, "play_event", **table.names(1, "play_event")[0])
    table.act(1, "choose", key="knife:1").act(1, "choose", key="stake:1")
    assert table.state["hunters"]["godalming"]["items"] == ["stake:1"]
