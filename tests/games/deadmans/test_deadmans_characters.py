"""Dead Man's Draw: the 17 characters of the rulebook (pages 10–13), each ability mandatory
where possible („pokud je to možné, je využití schopnosti povinné“)."""

from __future__ import annotations

import json

import pytest

from companion.games.base import IllegalActionError
from companion.games.deadmans import core, rules
from tests.games.deadmans.test_deadmans import (
    STILL,
    act,
    bank,
    card,
    cards_of,
    names,
    row,
    table,
    texts,
)


def test_golden_scales_mermaids_are_worth_five_more():
    """„Zlaté šupiny, mořské panny Hodnota mořských panen je vyšší o 5.“"""
    state = table("golden_scales", "greedy",
                  banks={0: [card("mermaid", 8), card("mermaid", 5), card("key", 3)],
                         1: [card("mermaid", 8), card("key", 3)]})
    assert core.score(state, 0) == 8 + 5 + 3
    assert core.score(state, 1) == 8 + 3


def test_casanova_banks_a_flipped_mermaid_before_it_is_placed():
    """„Casanova … Má-li se ve vašem tahu dostat na hrací plochu mořská panna …, rovnou si ji
    berete do svého banku (pro účely efektu krakena se tak nepočítá!)“ (the Mermaid goes
    straight to your bank and does not count for the Kraken)."""
    state = table("casanova", "greedy", deck=[card("mermaid", 7), card("key", 3)],
                  row=[card("kraken", 4)])
    state["turn"]["kraken"] = 2
    done = act(state, "flip")
    assert row(done.state) == [("kraken", 4)]
    assert bank(done.state, 0) == [("mermaid", 7)]
    assert done.state["turn"]["kraken"] == 2


def test_casanova_takes_a_mermaid_from_a_map_and_it_cannot_bust():
    """„(z doplňovacího balíčku, odhazovacího balíčku či banku jakéhokoli hráče)“ — also a
    Mermaid brought by a Map; it never reaches the row, so it cannot bust."""
    state = table("casanova", "greedy", deck=[card("map", 6), card("key", 3)], flips=0,
                  discard=[card("mermaid", 4)], row=[card("mermaid", 9)])
    done = act(state, "flip")
    assert row(done.state) == [("mermaid", 9), ("map", 6)]
    assert bank(done.state, 0) == [("mermaid", 4)]


def test_casanova_does_not_act_in_other_pirates_turns():
    """„ani v tazích jiných hráčů“ (not in other players' turns)."""
    state = table("greedy", "casanova", deck=[card("mermaid", 7), card("key", 3)])
    done = act(state, "flip")
    assert row(done.state) == [("mermaid", 7)] and bank(done.state, 1) == []


def test_robber_takes_the_bonus_from_one_chosen_opponents_bank():
    """„Lupič, klíče a truhly Bonusové karty … si neberete z odhazovacího balíčku, ale z banku
    jednoho zvoleného spoluhráče. Nemá-li zvolený spoluhráč v banku dost karet, dostanete jich
    méně“ (the bonus comes from one chosen co-player's bank; fewer if not enough)."""
    state = table("robber", "greedy", "seer", row=[card("key", 5), card("chest", 6),
                                                  card("map", 2)],
                  banks={1: [card("anchor", 7), card("anchor", 4), card("sword", 3)],
                         2: [card("hook", 6), card("kraken", 3)]},
                  discard=[card("cannon", 2)])
    looted = act(state, "loot")
    assert looted.state["active"] == 0
    assert names(rules.actions(looted.state, 0)) == [("aim", {"seat": 1}),
                                                    ("aim", {"seat": 2})]
    aimed = act(looted.state, "aim", seat=2)
    # two cards in seat 2's bank, three wanted: the referee takes both, nothing to choose
    assert bank(aimed.state, 2) == []
    assert bank(aimed.state, 0) == [("chest", 6), ("hook", 6), ("key", 5), ("kraken", 3),
                                    ("map", 2)]
    assert aimed.state["discard"] == [card("cannon", 2)]
    assert aimed.state["active"] == 1


def test_robber_picks_the_stacks_one_by_one():
    state = table("robber", "greedy", row=[card("key", 5), card("chest", 6)],
                  banks={1: [card("anchor", 7), card("anchor", 4), card("sword", 3)]})
    looted = act(state, "loot")
    assert names(rules.actions(looted.state, 0)) == [("rob", {"seat": 1, "suit": "anchor"}),
                                                    ("rob", {"seat": 1, "suit": "sword"})]
    first = act(looted.state, "rob", seat=1, suit="anchor")
    assert rules.view(first.state, None)["pending"]["left"] == 1
    second = act(first.state, "rob", seat=1, suit="anchor")
    assert bank(second.state, 1) == [("sword", 3)]
    assert ("anchor", 4) in bank(second.state, 0) and ("anchor", 7) in bank(second.state, 0)
    assert second.state["active"] == 1


def test_greedy_takes_twice_the_bonus():
    """„Chamtivec … vezměte jako bonus z odhazovacího balíčku dvojnásobné množství karet
    (je-li jich tam méně, pak všechny …)“ (twice as many; all if fewer)."""
    discard = [card(s, 2) for s in ("anchor", "hook", "cannon", "map", "ball", "sword")]
    state = table("greedy", "golden_scales", row=[card("key", 5), card("chest", 6)],
                  discard=discard)
    done = act(state, "loot")
    assert len(done.state["banks"][0]) == 2 + 4
    small = table("greedy", "golden_scales", row=[card("key", 5), card("chest", 6)],
                  discard=discard[:3])
    assert len(act(small, "loot").state["banks"][0]) == 5


def test_navigator_chooses_from_the_whole_discard_pile():
    """„Navigátor, mapy … si místo výběru ze tří náhodně určených karet z odhazovacího
    balíčku můžete vybrat ze všech karet v něm.“"""
    discard = [card(s, 2) for s in ("anchor", "hook", "cannon", "key", "sword")]
    state = table("navigator", "greedy", deck=[card("map", 6), STILL], flips=0, discard=discard)
    drawn = act(state, "flip")
    assert len(rules.actions(drawn.state, 0)) == 5
    assert len(rules.view(drawn.state, None)["pending"]["cards"]) == 5
    assert "Map: {who} draws random cards from the discard pile (cards: {count})." not in texts(
        drawn)
    done = act(drawn.state, "map", suit="anchor", value=2)
    assert row(done.state) == [("map", 6), ("anchor", 2)]
    assert [e["safe"] for e in done.state["row"]] == [True, False]


def test_gunner_discards_a_whole_stack():
    """„Dělmistr, kanóny Odhoďte na odhazovací balíček celý balíček karet zvolené barvy ze
    soupeřova banku, ne jen vrchní kartu.“"""
    state = table("gunner", "greedy", deck=[card("cannon", 5)], flips=0,
                  banks={1: [card("key", 3), card("key", 6), card("map", 7)]})
    drawn = act(state, "flip")
    done = act(drawn.state, "cannon", seat=1, suit="key")
    assert bank(done.state, 1) == [("map", 7)]
    assert cards_of(done.state, done.state["discard"]) == [("key", 3), ("key", 6)]


def test_vulture_banks_the_card_the_cannon_hits():
    """„Sup, kanóny Zvolenou soupeřovu kartu neodhazujte, ale uložte ji do svého banku.“"""
    state = table("vulture", "greedy", deck=[card("cannon", 5), card("key", 2)], flips=0,
                  banks={1: [card("key", 3), card("key", 6)]})
    done = act(state, "flip")
    assert bank(done.state, 1) == [("key", 3)]
    assert bank(done.state, 0) == [("key", 6)] and done.state["discard"] == []


def test_seer_looks_at_three_cards_in_secret():
    """„Jasnovidec … si můžete prohlédnout až tři vrchní karty z doplňovacího balíčku, místo
    abyste otočili veřejně jednu vrchní kartu. Jejich pořadí však nesmíte změnit.“ (up to three
    top cards, privately, instead of one publicly; their order stays)."""
    deck = [card("ball", 4), card("map", 5), card("kraken", 6), card("key", 2), card("hook", 3)]
    state = table("seer", "greedy", "golden_scales", deck=deck, flips=0)
    looked = act(state, "flip")
    assert looked.revealed
    private = [e for e in looked.log if e.get("to")]
    assert [e["args"]["card"] for e in private] == ["Map", "Kraken", "Key"]
    assert all(e["to"] == [0] for e in private)
    assert not any(e["args"].get("card") in ("Map", "Kraken", "Key")
                   for e in looked.log if not e.get("to"))
    assert [c["suit"] for c in rules.view(looked.state, 0)["me"]["look"]] == [
        "map", "kraken", "key"]
    for other in (None, 1, 2):
        seen = rules.view(looked.state, other)
        assert seen["deck_top"] == []
        assert '"suit": "kraken"' not in json.dumps(seen)
    assert looked.state["deck"] == deck[1:]
    placed = act(looked.state, "ball", choice="place")
    assert row(placed.state) == [("ball", 4), ("map", 5)]
    assert [c["suit"] for c in rules.view(placed.state, 0)["me"]["look"]] == ["kraken", "key"]


def test_seer_sees_fewer_cards_near_the_end():
    state = table("seer", "greedy", deck=[card("ball", 4), card("map", 5)], flips=0)
    looked = act(state, "flip")
    assert len([e for e in looked.log if e.get("to")]) == 1


def test_swordswoman_may_take_a_suit_she_holds():
    """„Šermířka, meče Můžete vybrat soupeřovu kartu z libovolného balíčku, i toho v barvě,
    kterou již ve svém banku máte.“"""
    state = table("swordswoman", "greedy", deck=[card("sword", 5)], flips=0,
                  banks={0: [card("key", 2)], 1: [card("key", 6), card("map", 3)]})
    drawn = act(state, "flip")
    assert names(rules.actions(drawn.state, 0)) == [("sword", {"seat": 1, "suit": "key"}),
                                                   ("sword", {"seat": 1, "suit": "map"})]


def test_miser_example_hook_and_its_card_are_safe():
    """The rulebook's example: „Na hrací ploše je vyložen kanón, po něm aktivní hráč vyloží
    hák. Ze svého banku vyloží mořskou pannu. Další otočenou kartou je kanón. Hráč je TROP,
    ale hák i mořskou pannu může uložit do svého banku. Oba kanóny odcházejí na odhazovací
    balíček.“"""
    state = table("miser", "greedy", deck=[card("hook", 4), card("cannon", 6), card("key", 2)],
                  row=[card("cannon", 3)], banks={0: [card("mermaid", 8)]})
    hooked = act(state, "flip")
    assert row(hooked.state) == [("cannon", 3), ("hook", 4), ("mermaid", 8)]
    assert [e["safe"] for e in hooked.state["row"]] == [False, True, True]
    bust = act(hooked.state, "flip")
    assert bank(bust.state, 0) == [("hook", 4), ("mermaid", 8)]
    assert cards_of(bust.state, bust.state["discard"]) == [("cannon", 3), ("cannon", 6)]


def test_captain_hook_places_two_cards():
    """„Kapitán Hook, háky Při provádění efektu háku musíte ze svého banku umístit na hrací
    plochu 2 karty místo 1.“"""
    state = table("captain_hook", "greedy", deck=[card("hook", 4), card("key", 2)], flips=0,
                  banks={0: [card("map", 5), card("anchor", 3), card("sword", 7)]})
    hooked = act(state, "flip")
    first = act(hooked.state, "hook", suit="anchor")
    assert rules.view(first.state, 0)["pending"]["left"] == 1
    second = act(first.state, "hook", suit="sword")
    assert row(second.state) == [("hook", 4), ("anchor", 3), ("sword", 7)]
    assert bank(second.state, 0) == [("map", 5)]


def test_captain_hook_with_one_card_places_what_there_is():
    state = table("captain_hook", "greedy", deck=[card("hook", 4), card("key", 2)], flips=0,
                  banks={0: [card("map", 5)]}, discard=[card("anchor", 2), card("chest", 2)])
    hooked = act(state, "flip")
    done = act(hooked.state, "map", suit="anchor", value=2)
    assert row(done.state) == [("hook", 4), ("map", 5), ("anchor", 2)]
    assert "Hook: {who} has no card in the bank, no effect." in texts(done)


def test_safe_harbour_protects_the_anchor_and_the_next_two_cards():
    """„Bezpečný přístav, kotvy Kotva i dvě následující karty vyložené na hrací ploše jsou
    rovněž chráněny … karta, která způsobí, že jste TROP, se na hrací plochu nevykládá, takže
    taková chráněna nebude“ (the Anchor and the next two placed cards are safe; the busting
    card is never placed, so never safe)."""
    deck = [card("anchor", 4), card("key", 5), card("map", 6), card("chest", 3),
            card("key", 7), card("hook", 2)]
    state = table("safe_harbour", "greedy", deck=deck, flips=0, row=[card("sword", 3)])
    for _ in range(4):
        state = act(state, "flip").state
    assert [e["safe"] for e in state["row"]] == [True, True, True, True, False]
    bust = act(state, "flip")
    assert bank(bust.state, 0) == [("anchor", 4), ("key", 5), ("map", 6), ("sword", 3)]
    assert cards_of(bust.state, bust.state["discard"]) == [("chest", 3), ("key", 7)]


def test_fisherman_banks_a_kraken_from_a_hook():
    """„Rybář, krakeni Má-li se ve vašem tahu dostat na hrací plochu kraken (z doplňovacího
    balíčku, odhazovacího balíčku či banku jakéhokoli hráče), rovnou si ho berete do svého
    banku.“"""
    state = table("fisherman", "greedy", deck=[card("hook", 4), card("key", 2)], flips=0,
                  banks={0: [card("kraken", 6)]})
    done = act(state, "flip")
    assert row(done.state) == [("hook", 4)]
    assert bank(done.state, 0) == [("kraken", 6)]
    assert done.state["turn"]["kraken"] == 0
    flipped = act(table("fisherman", "greedy", deck=[card("kraken", 3), card("key", 2)],
                        flips=0), "flip")
    assert flipped.state["row"] == [] and names(rules.actions(flipped.state, 0)) == [
        ("flip", {}), ("loot", {})]


def test_monster_lord_makes_opponents_place_four():
    """„Pán nestvůr, krakeni Všichni soupeři musejí při vyhodnocování efektu krakena vyložit
    na hrací plochu 4 karty místo 2“ (every opponent must place 4 instead of 2)."""
    opponent = act(table("greedy", "monster_lord", deck=[card("kraken", 3), card("key", 2)],
                         flips=0), "flip")
    assert opponent.state["turn"]["kraken"] == 4
    holder = act(table("monster_lord", "greedy", deck=[card("kraken", 3), card("key", 2)],
                       flips=0), "flip")
    assert holder.state["turn"]["kraken"] == 2


def test_friendly_fire_turns_an_opponents_cannon_on_their_own_bank():
    """„Střelba do vlastních řad, kanóny Při provádění efektu kanónu ve svém tahu musí každý
    soupeř do odhazovacího balíčku odhodit vrchní kartu z jednoho balíčku ze svého banku,
    nikoliv z banku soupeře.“ (an opponent firing a Cannon discards from their own bank)."""
    state = table("greedy", "friendly_fire", deck=[card("cannon", 5), STILL], flips=0,
                  banks={0: [card("key", 6), card("map", 4)], 1: [card("hook", 7)]})
    drawn = act(state, "flip")
    assert names(rules.actions(drawn.state, 0)) == [("cannon", {"seat": 0, "suit": "key"}),
                                                   ("cannon", {"seat": 0, "suit": "map"})]
    with pytest.raises(IllegalActionError):
        act(drawn.state, "cannon", seat=1, suit="hook")
    done = act(drawn.state, "cannon", seat=0, suit="key")
    assert bank(done.state, 0) == [("map", 4)] and bank(done.state, 1) == [("hook", 7)]
    own = act(table("friendly_fire", "greedy", deck=[card("cannon", 5), card("key", 2)],
                    flips=0, banks={1: [card("hook", 7)]}), "flip")
    assert bank(own.state, 1) == []


def test_living_shield_forces_a_kraken_or_nothing():
    """„Živý štít, meče Provádí-li kterýkoli soupeř efekt meče, musí si vybrat kartu v barvě
    krakena. Nemá-li žádný z jeho soupeřů ve svém banku žádného krakena, nemá meč žádný
    efekt.“ (an opponent's Sword must take a Kraken; none anywhere: no effect)."""
    state = table("greedy", "living_shield", "golden_scales", deck=[card("sword", 5), STILL],
                  flips=0, banks={1: [card("key", 6)], 2: [card("kraken", 4),
                                                           card("map", 3)]})
    done = act(state, "flip")
    assert row(done.state) == [("sword", 5), ("kraken", 4)]
    none = act(table("greedy", "living_shield", deck=[card("sword", 5), card("key", 2)],
                     flips=0, banks={1: [card("key", 6)]}), "flip")
    assert none.state["turn"]["pending"] == [] and bank(none.state, 1) == [("key", 6)]
    assert "Sword: no card to take, no effect." in texts(none)


def test_davy_jones_chooses_an_opponent_at_the_start():
    """„Truhla Davy Jonese Na začátku partie si zvolte jednoho soupeře.“"""
    state = rules.setup({"players": 3}, rng_for_setup())
    state["dealt"] = [["davy_jones", "greedy"], ["seer", "miser"], ["gunner", "vulture"]]
    for seat in range(3):
        state = act(state, "choose", by=seat, character=0).state
    assert state["phase"] == "davy"
    assert names(rules.actions(state, 0)) == [("target", {"seat": 1}), ("target", {"seat": 2})]
    assert rules.actions(state, 1) == []
    done = act(state, "target", by=0, seat=2)
    assert done.state["phase"] == "play" and done.state["davy"][0] == 2
    assert rules.view(done.state, None)["banks"][0]["davy_target"] == 2


def test_davy_jones_with_two_pirates_needs_no_choice():
    state = rules.setup({"players": 2}, rng_for_setup())
    state["dealt"] = [["seer", "miser"], ["davy_jones", "greedy"]]
    state = act(state, "choose", by=0, character=0).state
    state = act(state, "choose", by=1, character=0).state
    assert state["phase"] == "play" and state["davy"][1] == 0


def test_davy_jones_collects_the_targets_bust():
    """„Všechny karty, které bude tento soupeř v průběhu partie nucen odhodit v důsledku toho,
    že je TROP, si smíte vzít do svého banku.“ (the target's bust cards go into your bank)."""
    state = table("greedy", "golden_scales", "davy_jones", davy={2: 0},
                  deck=[card("key", 6), card("map", 2)], row=[card("key", 3), card("anchor", 4)])
    done = act(state, "flip")
    assert bank(done.state, 2) == [("anchor", 4), ("key", 3), ("key", 6)]
    assert done.state["discard"] == []
    other = table("greedy", "golden_scales", "davy_jones", davy={2: 0}, active=1,
                  deck=[card("key", 6), card("map", 2)], row=[card("key", 3)])
    assert bank(act(other, "flip").state, 2) == []


def rng_for_setup():
    from tests.games.deadmans.test_deadmans import rng

    return rng(0)
