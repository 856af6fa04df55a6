"""Fury of Dracula: which actions a player may take back for free (issue 30, trust round 3).

A take-back is free only while the action showed nobody anything new — and "nothing
happened" is news when it could have been otherwise. „Поиск – Охотник объявляет своё
местоположение. Если соответствующая Локация … находится на Пути Дракулы или в Катакомбах,
то она должна быть раскрыта“: a hunter who walks into a city off the trail and takes it back
has learned that the trail is not there. Each test builds the position and asks the rules
whether the action comes back free (``Applied.revealed`` false and no die rolled).
"""

from __future__ import annotations

from typing import Any

from companion.games.fury import board, cards, rules, trail
from tests.games.fury.fury_positions import Table
from tests.playing import rng_for


def free(table: Table, seat: int, action: str, **params: Any) -> bool:
    """Would the referee let ``seat`` take this action back for free?"""
    rng = rng_for(table.step + 1, table.seed)
    applied = rules.apply(table.state, seat, {"action": action, "params": params}, rng)
    return not (applied.revealed or rng.used)


def off_the_trail(table: Table, here: str) -> str:
    on_trail = trail.places(table.state)
    return next(p for p in sorted(board.neighbours(here, ("road",)))
                if p not in on_trail and board.is_city(p) and p != board.HOSPITAL)


def test_a_road_into_a_city_off_the_trail_cannot_be_taken_back_for_free():
    """The search finds nothing — which the hunters could not have known before."""
    table = Table().start("munich")
    to = off_the_trail(table, "paris")
    assert not free(table, 1, "travel", to=to, by="road")


def test_staying_in_a_city_cannot_be_taken_back_for_free():
    """Staying is searched like arriving („Поиск“ follows every movement phase)."""
    table = Table().start("munich")
    assert not free(table, 1, "stay")


def test_sailing_out_to_sea_stays_free():
    """A sea is never searched and Dracula is never fought there: nothing hidden is asked,
    so a mistaken tap may still be taken back."""
    table = Table().start("munich", places={"godalming": "le_havre", "seward": "london",
                                            "van_helsing": "rome", "mina": "vienna"})
    assert free(table, 1, "travel", to="english_channel", by="sea")


def test_ending_the_turn_before_a_hunter_who_holds_a_card_is_free_and_tells_nothing():
    """Issue 40, a question's existence is public: whether the next hunter's turn waits at its
    start is read from the tablet (his hand holds cards), never from which cards — so ending
    the turn before him shows every screen the same whether his card is Money Trail („played
    at the start of your turn“) or Forewarned (for an encounter), and stays free to take back
    (issue 30 made it news while the pause hung on the card)."""
    table = Table(players=3).start("munich")
    assert table.seat_of("seward") == 1 and table.seat_of("van_helsing") == 2
    for hunter in ("godalming", "seward"):
        table.act(1, "stay")
        table.settle()
        if hunter == "seward":
            break
        table.act(1, "end_turn")
    assert table.state["turn"]["who"] == "seward"
    screens = []
    for kind in ("money_trail", "forewarned"):
        held = next(c for c in table.state["event_deck"] if cards.kind(c) == kind)
        table.state["event_deck"].remove(held)
        table.state["hunters"]["van_helsing"]["events"].append(held)
        assert free(table, 1, "end_turn")
        after = rules.apply(table.state, 1, {"action": "end_turn", "params": {}},
                            rng_for(table.step + 1, table.seed)).state
        assert after["turn"]["who"] == "van_helsing" and after["turn"]["stage"] == "start"
        screens.append([rules.view(after, seat) for seat in (None, 0, 1)])
        table.state["hunters"]["van_helsing"]["events"].remove(held)
        table.state["event_deck"].append(held)
    assert screens[0] == screens[1]


def test_quinceys_choice_shows_dracula_a_hunters_hand():
    """„choose 1 hunter…: he loses 1 health unless he shows you a Heavenly Host or a
    Crucifix“ — either way Dracula learns what the hunter holds."""
    table = Table().start("munich")
    copy = next(c for c in table.state["event_deck"] if cards.kind(c) == "quincey_p_morris")
    table.state["event_deck"].remove(copy)
    table.state["allies"]["dracula"] = copy
    while table.state["turn"]["who"] != "dracula":
        turn = table.state["turn"]
        table.idle_step(table.seat_of(turn["who"]), turn["stage"])
        table.settle() if table.state["queue"] and table.state["queue"][0].get(
            "question") != "quincey" else None
    assert table.state["queue"][0]["question"] == "quincey"
    assert not free(table, 0, "choose", key="seward")


def test_a_discard_named_to_everyone_is_news_to_the_other_players():
    """Customs Search: „he discards all his items“ — named in the log, so Van Helsing's
    player, passing on cancelling it, learns Lord Godalming's items."""
    table = Table(players=3)
    copy = next(c for c in table.state["event_deck"] if cards.kind(c) == "customs_search")
    table.state["event_deck"].remove(copy)
    table.state["dracula_events"].append(copy)
    table.state["hunters"]["godalming"]["items"] = ["knife:1", "pistol:1"]
    # Van Helsing's player holds an event card (Good Luck): he is asked whether he cancels.
    held = next(c for c in table.state["event_deck"] if cards.kind(c) == "good_luck")
    table.state["event_deck"].remove(held)
    table.state["hunters"]["van_helsing"]["events"].append(held)
    table.start("lisbon", places={"godalming": "munich", "seward": "london",
                                  "van_helsing": "rome", "mina": "madrid"})
    table.act(1, "travel", to="vienna", by="road")
    table.act(0, "play_event", **table.names(0, "play_event")[0])
    cancel = table.state["queue"][0]
    assert cancel["window"] == "cancel" and cancel["seats"] == [2]
    assert not free(table, 2, "pass")


def test_vampiric_influence_shows_dracula_the_bitten_hunters_cards():
    """„…look at all of his items and events“ (the Spy's effect): Dracula's choice of hunter
    is no longer his to take back."""
    table = Table().start("munich")
    state = table.state
    copy = next(c for c in state["event_deck"] if cards.kind(c) == "vampiric_influence")
    state["event_deck"].remove(copy)
    state["dracula_events"].append(copy)
    state["hunters"]["seward"]["bites"] = 1
    state["queue"].insert(0, {"kind": "choice", "question": "influence", "seat": 0,
                              "data": {"bitten": True, "always_ask": True}})
    assert {o["key"] for o in table.names(0, "choose")} >= {"mina", "seward"}
    assert not free(table, 0, "choose", key="seward")


def test_a_heavenly_host_over_an_empty_city_is_not_free():
    """Heavenly Host: „its encounters are discarded“ — and none discarded says that none of
    Dracula's encounters lay there."""
    table = Table()
    state = table.state
    host = next(c for c in state["item_deck"] if cards.kind(c) == "heavenly_host")
    state["item_deck"].remove(host)
    state["hunters"]["godalming"]["items"].append(host)
    table.start("munich")
    assert table.names(1, "use_item"), "Lord Godalming may bless Paris at the start of his turn"
    assert not free(table, 1, "use_item", hunter="godalming", card=host)


def test_a_storm_on_a_sea_without_dracula_is_not_free():
    """Stormy Seas: „If Dracula is there, his location is revealed“ — so a storm that
    catches nobody says he is not there."""
    table = Table().start("munich")
    table.state["queue"].insert(0, {"kind": "choice", "question": "storm", "seat": 1,
                                    "data": {"always_ask": True}})
    assert not free(table, 1, "choose", key="tyrrhenian_sea")
