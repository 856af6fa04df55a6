"""The tracking hunters (issue 42, item 1): hunters that play from what hunters may know —
the public belief and their own hands — keep what matters at the hand limit, play their
cards at their moments, fight by the printed tables, and let an optional offer pass once its
player declined it."""

from __future__ import annotations

from companion.games.fury import rules
from companion.games.fury.automa import fights
from companion.games.fury.automa.memory import remember
from companion.games.fury.automa.tracking import decide
from tests.games.fury.fury_positions import Table
from tests.playing import rng_for


def _memory(table: Table, seat: int):
    """What ``seat``'s phone shows, a question to it open."""
    view = rules.view(table.state, seat)
    view["waiting"] = {"seats": [seat], "kind": "discard", "text": "", "table_text": ""}
    return remember(None, view, [])


def test_at_the_hand_limit_the_card_worth_least_goes():
    """„…discard down to the limit“: the hunter keeps his Stake and Holy Water and gives up
    the Fast Horse."""
    table = Table(players=2).start("munich")
    mina = table.state["hunters"]["mina"]
    mina["items"] = ["stake:1", "holy_water:1", "fast_horse:1", "knife:1"]
    offered = [{"action": "discard", "params": {"card": c}, "label": "", "label_args": {}}
               for c in mina["items"]]
    picked = decide(_memory(table, 1), offered, rng_for(1, table.seed))
    assert picked["params"]["card"] == "fast_horse:1"


def test_a_stake_against_dracula_by_day():
    """By day Dracula has only Claws, Dodge and Escape (man): the Stake's Kill is the best a
    hunter can hope for, and the tables say so."""
    assert cards_worth("stake") > cards_worth("punch")
    assert cards_worth("stake") > cards_worth("knife")


def cards_worth(card: str) -> float:
    hunter = {"health": 10, "bites": 0, "bites_to_defeat": 3, "item_count": 3}
    return fights.tactic_value(card, fights.DATA["dracula_day"], hunter, 15)


def test_another_players_hunter_is_offered_hypnosis_once_a_round():
    """Issue 42, item 5: a player offered Hypnosis to another, who declined, for ever. The
    offer is optional (the game waits for the other player) and, once declined this round
    — a public line — it is not made again."""
    table = Table(players=3).start("munich")
    offered = [{"action": "play_event", "label": "", "label_args": {},
                "params": {"card": "hypnosis:1", "hunter": "godalming", "target": "mina"}}]
    view = rules.view(table.state, 1)
    # the start of Mina's turn: her player's (seat 3) moment, not this one's
    view["turn"] = {**(view["turn"] or {}), "seat": 2, "who": "mina"}
    view["waiting"] = None
    memory = remember(None, view, [])
    assert decide(memory, offered, rng_for(1, table.seed)) == offered[0]
    declined = {"text": "{target} declines {card}.",
                "args": {"target": "Mina Harker", "card": "Hypnosis"}}
    memory = remember(memory, memory.view, [declined])
    assert decide(memory, offered, rng_for(2, table.seed)) is None


def test_long_day_is_played_at_the_start_of_the_turn():
    """Long Day at once: every dawn later is a vampire fewer for Dracula's track."""
    table = Table(players=2).start("munich")
    offered = [{"action": "to_movement", "params": {}, "label": "", "label_args": {}},
               {"action": "play_event", "params": {"card": "long_day:1", "hunter": "godalming"},
                "label": "", "label_args": {}}]
    view = rules.view(table.state, 1)
    view["turn"] = {**(view["turn"] or {}), "seat": 1, "who": "godalming"}
    view["waiting"] = None
    picked = decide(remember(None, view, []), offered, rng_for(1, table.seed))
    assert picked["action"] == "play_event"
