"""Every pairing of the two result tables that the data marks confirmed, played as a real
round: „Победивший игрок находит в своей карте карту побежденного, и происходит описанный
эффект.“ Each code of the cell is checked by what a player sees change: health, blood,
bites, the hunter's cards, whether the combat goes on, and what Dracula may play next."""

from __future__ import annotations

import pytest

from companion.games.fury import cards, combat_cards, trail
from tests.games.fury.fury_fights import fight

HUNTER_CARDS = (*combat_cards.HUNTER_BASIC, *combat_cards.HUNTER_ITEMS)
ENEMY_CARDS = [t for t, d in combat_cards.TACTICS.items() if d["side"] in ("dracula", "agent")]
CONFIRMED = [(winner, h, e) for winner in ("hunters", "enemy") for h in HUNTER_CARDS
             for e in ENEMY_CARDS
             if combat_cards.TABLES[winner][h][e] is not None
             and (winner, h, e) not in combat_cards.SUSPICIOUS]


def test_every_legal_pairing_is_either_confirmed_or_listed_uncertain():
    legal = [(w, h, e) for w in ("hunters", "enemy") for h in HUNTER_CARDS for e in ENEMY_CARDS
             if combat_cards.TABLES[w][h][e] is not None]
    assert len(CONFIRMED) + len(combat_cards.SUSPICIOUS) == len(legal) == 256


@pytest.mark.parametrize(("winner", "hunter_card", "enemy_card"), CONFIRMED,
                         ids=["-".join(c) for c in CONFIRMED])
def test_a_confirmed_cell_does_what_the_table_says(winner, hunter_card, enemy_card):
    agent = enemy_card.endswith("_agent")
    items = ["dogs"] + ([hunter_card] if hunter_card in combat_cards.HUNTER_ITEMS else [])
    table = fight("assassin" if agent else "dracula", hunters=("seward",),
                  items={"seward": items}, events={"seward": ["escape_route"]})
    token = table.fight["token"]
    card = next((c for c in table.hunter("seward")["items"]
                 if cards.kind(c) == hunter_card), hunter_card)
    table.round(enemy_card, dice=(6, 1) if winner == "hunters" else (1, 6),
                seward=hunter_card)
    result = combat_cards.TABLES[winner][hunter_card][enemy_card]
    hurt = {"bite"} & set(result) or any(c.startswith("hunter_loses_health") for c in result)
    strength = [q for q in table.state["queue"] if q.get("window") == "great_strength"]
    # Seward holds an event card: a blow brings the question of Great Strength (issue 41)
    assert bool(strength) == bool(hurt)
    if strength:
        table.act(table.seat_of("seward"), "pass")
    amounts = {code.partition(":")[0]: int(code.partition(":")[2] or 0) for code in result}
    seward = table.hunter("seward")

    assert seward["health"] == 10 - amounts.get("hunter_loses_health", 0)
    assert seward["bites"] == ("bite" in result)
    if "kill" in result:
        assert table.state["blood"] == 10
    else:
        assert table.state["blood"] == 15 - amounts.get("enemy_loses_blood", 0)
    ends = {"bite", "kill_agent", "escape_bat"} & set(result) or (
        "end" in result and "kill" not in result)
    assert (table.fight is None) == bool(ends)
    if table.fight is not None:
        assert table.fight["repel"] == ("repel" in result)
        assert table.fight["continues"] == ("continue" in result)
        bonus = winner in (table.fight["dodge"], table.fight["plus"])
        assert bonus == (combat_cards.PLUS[winner] in result)
    if hunter_card in combat_cards.HUNTER_ITEMS:
        destroyed = "hunter_item_destroyed" in result or "hunter_discards_all_items" in result
        assert (card in table.state["item_discard"]) == destroyed
    assert (seward["items"] == []) == ("hunter_discards_all_items" in result)
    asked = [q["question"] for q in table.state["queue"] if q["kind"] == "choice"]
    # Seward's only event card goes without a question: nothing to choose (issue 41)
    discarded = any(cards.kind(c) == "escape_route" for c in table.state["event_discard"])
    assert discarded == ("hunter_discards_event" in result) and "discard_one" not in asked
    assert ("combat_bat" in asked) == ("escape_bat" in result)
    if agent:
        assert (token in table.state["pool"]) == ("kill_agent" in result)
        assert (trail.holding(table.state, token) is None) == ("kill_agent" in result)
