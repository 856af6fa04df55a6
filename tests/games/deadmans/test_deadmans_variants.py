"""Dead Man's Draw: the variants as table options.

Strange Waters, the mermaid-effect variant (with the Siren and the changed Casanova) and the
party variant are printed in the Czech rulebook; the other variant cards' rules are inferred
from ``shared/data/dead_mans_draw.json`` (options marked "check against your cards").
"""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games.base import IllegalActionError
from companion.games.deadmans import core, rules
from companion.games.deadmans.data import SUIT_IDS
from tests.games.deadmans.test_deadmans import (
    act,
    bank,
    card,
    cards_of,
    names,
    rng,
    row,
    table,
    texts,
)
from tests.playing import playthrough


def mermaid(value: int) -> int:
    return card("mermaid", value, variant=True)


# --- Strange Waters -------------------------------------------------------------------------


def test_strange_waters_busts_on_an_equal_value_not_suit():
    """„Va r i a nty POdiVné VOdy Jste TROP, jakmile přijde karta stejné hodnoty, nikoliv
    barvy.“ (Strange Waters: you bust on a card of the same value, not the same suit)."""
    same_suit = table(deck=[card("key", 6), card("map", 2)], row=[card("key", 4)],
                      strange_waters=True)
    done = act(same_suit, "flip")
    assert row(done.state) == [("key", 4), ("key", 6)]
    same_value = table(deck=[card("map", 4), card("map", 2)], row=[card("key", 4)],
                       strange_waters=True)
    bust = act(same_value, "flip")
    assert bust.state["row"] == [] and bust.state["active"] == 1


def test_strange_waters_second_kraken_asks_again():
    """Two Krakens of different values may share the row; each asks for 2 more cards
    („vyložte nejméně 2 další karty“)."""
    state = table(deck=[card("kraken", 6), card("map", 2), card("key", 3)],
                  row=[card("kraken", 4)], strange_waters=True)
    state["turn"]["kraken"] = 1
    done = act(state, "flip")
    assert done.state["turn"]["kraken"] == 2


# --- the mermaid-effect variant -------------------------------------------------------------


def test_mermaid_variant_swaps_the_mermaids_8_and_9_for_2_and_3():
    """„odstraňte z balíčku karet kořisti karty mořských panen s hodnotami 8 a 9 a nahraďte je
    kartami s hodnotami 2 a 3“; the lowest Mermaid (now 2) goes to the discard pile, and the
    Siren joins the characters."""
    state = rules.setup({"players": 2, "mermaid_variant": True}, rng(0))
    everything = state["deck"] + state["discard"]
    mermaids = sorted(v for s, v in cards_of(state, everything) if s == "mermaid")
    assert mermaids == [2, 3, 4, 5, 6, 7]
    assert ("mermaid", 2) in cards_of(state, state["discard"])
    assert len(state["pool"]) + 4 == 18
    assert "siren" in state["pool"] + [c for pair in state["dealt"] for c in pair]


def test_mermaid_variant_example_moves_the_cannon_and_fires_again():
    """The rulebook's example: „Na hrací ploše je vyložena kotva a kanón. Jako další karta
    přijde mořská panna. Aktivní hráč ji vyloží a vybere si kanón. Přemístí ho za mořskou
    pannu a odhodí vrchní kartu z jednoho balíčku z banku jednoho ze soupeřů.“"""
    state = table(deck=[mermaid(5), card("key", 2)], row=[card("anchor", 3), card("cannon", 4)],
                  banks={1: [card("key", 6), card("map", 3)]}, mermaid_variant=True)
    placed = act(state, "flip")
    assert names(rules.actions(placed.state, 0)) == [("mermaid", {"position": 0}),
                                                    ("mermaid", {"position": 1})]
    moved = act(placed.state, "mermaid", position=1)
    assert row(moved.state) == [("anchor", 3), ("mermaid", 5), ("cannon", 4)]
    assert rules.view(moved.state, 0)["pending"]["kind"] == "cannon"
    fired = act(moved.state, "cannon", seat=1, suit="key")
    assert bank(fired.state, 1) == [("map", 3)]


def test_mermaid_variant_example_moves_the_anchor_to_protect_the_row():
    """„Pokud by si vybral kotvu, přemístil by ji za mořskou pannu, čímž by ochránil kanón a
    mořskou pannu před odhozením v případě, že by byl TROP.“ (moving the Anchor behind the
    Mermaid protects the Cannon and the Mermaid on a bust)."""
    state = table(deck=[mermaid(5), card("cannon", 6), card("key", 2)],
                  row=[card("anchor", 3), card("cannon", 4)], mermaid_variant=True)
    moved = act(act(state, "flip").state, "mermaid", position=0)
    assert row(moved.state) == [("cannon", 4), ("mermaid", 5), ("anchor", 3)]
    assert [e["safe"] for e in moved.state["row"]] == [True, True, False]
    bust = act(moved.state, "flip")
    assert bank(bust.state, 0) == [("cannon", 4), ("mermaid", 5)]
    assert cards_of(bust.state, bust.state["discard"]) == [("anchor", 3), ("cannon", 6)]


def test_mermaid_variant_kraken_moved_asks_for_two_more_again():
    """„znovu proveďte její efekt“ (perform its effect again): a moved Kraken asks again for
    2 more cards („vyložit ještě nejméně 2 další karty“)."""
    state = table(deck=[mermaid(5), card("map", 2), card("key", 3)],
                  row=[card("kraken", 4), card("anchor", 6)], mermaid_variant=True)
    state["turn"]["kraken"] = 1
    moved = act(act(state, "flip").state, "mermaid", position=0)
    assert row(moved.state) == [("anchor", 6), ("mermaid", 5), ("kraken", 4)]
    assert moved.state["turn"]["kraken"] == 2
    with pytest.raises(IllegalActionError, match="Kraken"):
        act(moved.state, "loot")


def test_mermaid_first_in_the_row_has_no_effect():
    done = act(table(deck=[mermaid(5), card("key", 2)], flips=0, mermaid_variant=True), "flip")
    assert done.state["turn"]["pending"] == []
    assert "Mermaid: no card before it, no effect." in texts(done)


def test_mermaid_variant_single_card_is_moved_without_asking():
    state = table(deck=[mermaid(5), card("key", 2)], row=[card("map", 4)],
                  mermaid_variant=True)
    done = act(state, "flip")
    assert row(done.state) == [("mermaid", 5), ("map", 4)]


def test_siren_example_takes_the_sword_before_its_effect():
    """The rulebook's example: „Soupeř vyloží mořskou pannu a chce přesunout před ní ležící
    meč. Hráč s postavou Sirény si meč rovnou bere do svého banku, aniž by se efekt meče
    provedl.“"""
    state = table("greedy", "siren", deck=[mermaid(5), card("key", 2)],
                  row=[card("sword", 4), card("map", 3)], banks={1: [card("hook", 6)]},
                  mermaid_variant=True)
    placed = act(state, "flip")
    done = act(placed.state, "mermaid", position=0)
    assert row(done.state) == [("map", 3), ("mermaid", 5)]
    assert bank(done.state, 1) == [("hook", 6), ("sword", 4)]
    assert done.state["turn"]["pending"] == []


def test_siren_keeps_the_anchors_protection():
    """„Pokud si hráč s postavou Sirény nebo Casanovy vezme do banku kotvu …, karty, které byly
    kotvou chráněny, zůstávají chráněny i nadále.“ (cards the Anchor protected stay safe)."""
    state = table("greedy", "siren", deck=[mermaid(5), card("map", 6), card("key", 2)],
                  row=[(card("map", 4), True), card("anchor", 3)], mermaid_variant=True)
    done = act(act(state, "flip").state, "mermaid", position=1)
    assert bank(done.state, 1) == [("anchor", 3)]
    bust = act(done.state, "flip")
    assert bank(bust.state, 0) == [("map", 4)]


def test_casanova_in_the_mermaid_variant_keeps_the_anchors_protection():
    """„Pokud si hráč s postavou … Casanovy vezme do banku kotvu v důsledku využití vlastnosti
    těchto postav, karty, které byly kotvou chráněny, zůstávají chráněny i nadále.“"""
    state = table("casanova", "greedy", deck=[mermaid(5), card("map", 6), card("key", 2)],
                  row=[(card("map", 4), True), card("anchor", 3)], mermaid_variant=True)
    done = act(act(state, "flip").state, "mermaid", position=1)
    assert bank(done.state, 0) == [("anchor", 3)]
    assert [e["safe"] for e in done.state["row"]] == [True, False]
    bust = act(done.state, "flip")
    assert bank(bust.state, 0) == [("anchor", 3), ("map", 4)]


def test_casanova_in_the_mermaid_variant_banks_an_earlier_card():
    """„Při hře v této variantě se mění schopnost postavy Casanova takto: Vyložíte-li na hrací
    plochu mořskou pannu, můžete si jednu z karet ležících před ní vzít a uložit do svého
    banku. Její efekt se tak už neprovede.“ (read from the scrambled two-column text)."""
    state = table("casanova", "greedy", deck=[mermaid(5), card("key", 2)],
                  row=[card("cannon", 4), card("map", 3)], banks={1: [card("hook", 6)]},
                  mermaid_variant=True)
    placed = act(state, "flip")
    assert row(placed.state)[-1] == ("mermaid", 5)
    done = act(placed.state, "mermaid", position=0)
    assert bank(done.state, 0) == [("cannon", 4)]
    assert bank(done.state, 1) == [("hook", 6)]
    assert row(done.state) == [("map", 3), ("mermaid", 5)]


# --- the party variant ----------------------------------------------------------------------


def test_party_variant_plays_two_sets_for_up_to_eight():
    """„Chcete-li si zahrát až v osmi hráčích, můžete zkombinovat dvě sady hry dohromady. Na
    začátku partie budete mít v odhazovacím balíčku 20 karet a v doplňovacím 100. Všechny
    karty postav smíchejte dohromady“."""
    state = rules.setup({"players": 8, "party": True}, rng(0))
    assert len(state["discard"]) == 20 and len(state["deck"]) == 100
    assert len(state["pool"]) + 16 == 34
    assert Counter(cards_of(state, state["discard"]))[("anchor", 2)] == 2


def test_party_variant_identical_cards_still_bust():
    state = table(deck=[card("key", 5, copy=1), card("map", 2)], row=[card("key", 5)],
                  party=True)
    assert act(state, "flip").state["row"] == []


def test_party_variant_game_conserves_120_cards():
    for step in playthrough(rules, 7, players=6):
        found = (step.applied.state["deck"] + step.applied.state["discard"]
                 + [e["card"] for e in step.applied.state["row"]]
                 + [c for b in step.applied.state["banks"] for c in b])
        assert sorted(found) == list(range(120))


# --- the other variant cards (inferred from the data file) -----------------------------------


def test_thieves_island_gives_the_bust_to_the_next_pirate():
    """Inferred (data file, „Thieves Island“): a busting pirate's lost cards go into the bank
    of the pirate on the left (clockwise next)."""
    state = table("greedy", "golden_scales", "seer", deck=[card("key", 6), card("map", 2)],
                  row=[card("key", 3), (card("anchor", 4), True)], thieves_island=True)
    done = act(state, "flip")
    assert bank(done.state, 0) == [("anchor", 4)]
    assert bank(done.state, 1) == [("key", 3), ("key", 6)]
    assert done.state["discard"] == []


def test_davy_jones_comes_before_thieves_island():
    state = table("greedy", "golden_scales", "davy_jones", davy={2: 0}, thieves_island=True,
                  deck=[card("key", 6), card("map", 2)], row=[card("key", 3)])
    done = act(state, "flip")
    assert bank(done.state, 2) == [("key", 3), ("key", 6)] and bank(done.state, 1) == []


def test_pile_o_treasure_counts_every_card():
    """Inferred („Pile O' Treasure“): every banked card scores."""
    banks = {0: [card("key", 3), card("key", 6), card("map", 2)]}
    assert core.score(table(banks=banks), 0) == 8
    assert core.score(table(banks=banks, pile_o_treasure=True), 0) == 11


def test_sudden_death_ends_the_game_at_the_target():
    """Inferred („Sudden Death“): the first pirate whose score reaches the target wins at
    once."""
    state = table(row=[card("mermaid", 9), card("key", 7)], banks={0: [card("map", 6)]},
                  sudden_death=True, sudden_death_target=20)
    done = act(state, "loot")
    assert done.state["phase"] == "over"
    assert rules.result(done.state)["winners"] == [0]
    short = table(row=[card("key", 7)], banks={0: [card("map", 6)]}, sudden_death=True,
                  sudden_death_target=20)
    assert act(short, "loot").state["phase"] == "play"


def test_all_hands_on_deck_costs_points_per_missing_suit():
    """Inferred („All Hands on Deck“): points lost for each of the 10 suits you lack."""
    banks = {0: [card(s, 5) for s in SUIT_IDS[:8]]}
    assert core.score(table(banks=banks, all_hands=True), 0) == 40 - 2 * 5
    assert core.score(table(banks=banks, all_hands=True, all_hands_penalty=3), 0) == 40 - 6


def test_beneath_the_waves_highest_below_the_limit_wins():
    """Inferred („Beneath the Waves“): the highest score below 60 wins; 60 or more cannot."""
    state = table(deck=[], banks={0: [card("key", 7)], 1: [card("map", 3)]},
                  beneath_the_waves=True, beneath_limit=7)
    state["phase"], state["end"] = "over", "deck"
    assert rules.result(state)["winners"] == [1]
    state["banks"][1] = [card("map", 7)]
    sunk = rules.result(state)
    assert sunk["winners"] == [] and sunk["draw"]


def test_bottom_feeder_cannon_and_sword_take_the_bottom_card():
    """Inferred (a web variant, „Bottom Feeder“): Sword and Cannon take the lowest card of a
    stack."""
    state = table(deck=[card("cannon", 5), card("key", 2)], flips=0, bottom_feeder=True,
                  banks={1: [card("map", 3), card("map", 7)]})
    done = act(state, "flip")
    assert bank(done.state, 1) == [("map", 7)]
    sword = table(deck=[card("sword", 5), card("key", 2)], flips=0, bottom_feeder=True,
                  banks={1: [card("map", 3), card("map", 7)]})
    assert row(act(sword, "flip").state) == [("sword", 5), ("map", 3)]


def test_variants_are_listed_in_the_view():
    state = table(strange_waters=True, thieves_island=True)
    assert rules.view(state, None)["variants"] == ["Strange Waters", "Thieves Island"]
