"""Dead Man's Draw: setup, the turn, the suit effects, chains and the end of the game.

Every test cites the Czech rulebook (``shared/rules/dead-mans-draw.cs.txt``) with an
English gloss. The helpers at the top build hand-made positions; the character and variant
tests (``test_deadmans_characters.py``, ``test_deadmans_variants.py``) import them.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from companion.fairplay.fairness import StepRandom
from companion.games.base import ActionSyntaxError, IllegalActionError
from companion.games.deadmans import core, rules
from companion.games.deadmans.cards import sort_cards, suit_of, value_of
from companion.games.deadmans.data import MERMAID_VARIANT_VALUES, SUIT_BY_ID, SUIT_IDS

# --- helpers --------------------------------------------------------------------------------


def rng(step: int = 1) -> StepRandom:
    return StepRandom(b"dead man's draw tests".ljust(32, b"."), step)


def card(suit: str, value: int, copy: int = 0, variant: bool = False) -> int:
    """The card id of ``suit`` ``value`` (``variant``: the mermaid-effect Mermaids 2–7)."""
    values = MERMAID_VARIANT_VALUES if suit == "mermaid" and variant else SUIT_BY_ID[suit].values
    return copy * 60 + SUIT_IDS.index(suit) * 6 + values.index(value)


def table(*chars: str, deck=None, row=(), banks=None, discard=(), active=0, flips=1,
          davy=None, **options):
    """A game in play: seat ``i`` is ``chars[i]`` (revealed), the active pirate has flipped
    ``flips`` cards this turn, the row holds ``row`` (a card, or ``(card, safe)``)."""
    chars = chars or ("golden_scales", "greedy")
    players = len(chars)
    state = rules.setup({"players": players, **options}, rng(0))
    state.update(
        phase="play", characters_shown=True, active=active, pool=[],
        dealt=[[c, "greedy" if c == "golden_scales" else "golden_scales"] for c in chars],
        chosen=[0] * players,
        deck=list(deck) if deck is not None else [card("key", 7), card("chest", 7),
                                                   card("map", 7)],
        discard=sort_cards(list(discard)),
        row=[{"card": c, "safe": False} if isinstance(c, int) else {"card": c[0], "safe": c[1]}
             for c in row],
        banks=[sort_cards(list((banks or {}).get(s, []))) for s in range(players)],
    )
    state["turn"]["flips"] = flips
    if davy:
        for holder, target in davy.items():
            state["davy"][holder] = target
    return state


STILL = card("mermaid", 8)
"""A card left in the draw pile, so the turn goes on after the flip the test is about (with
the pile empty the loot would be taken by itself)."""


def act(state, action: str, by: int | None = None, step: int = 1, **params):
    """Post ``action`` with ``params`` for seat ``by`` (default: the active pirate)."""
    by = state["active"] if by is None else by
    return rules.apply(state, by, {"action": action, "params": params}, rng(step))


def texts(applied) -> list[str]:
    return [entry["text"] for entry in applied.log]


def cards_of(state, cards) -> list[tuple[str, int]]:
    return sorted((suit_of(c), value_of(state, c)) for c in cards)


def bank(state, seat) -> list[tuple[str, int]]:
    return cards_of(state, state["banks"][seat])


def row(state) -> list[tuple[str, int]]:
    return [(suit_of(e["card"]), value_of(state, e["card"])) for e in state["row"]]


def names(actions) -> list[tuple[str, dict]]:
    return [(a.action, a.params) for a in actions]


def everywhere(state) -> list[int]:
    return (state["deck"] + state["discard"] + [e["card"] for e in state["row"]]
            + [c for b in state["banks"] for c in b])


# --- setup ----------------------------------------------------------------------------------


def test_setup_discard_pile_is_the_lowest_card_of_each_suit():
    """„z karet kořisti vytřídíte všechny karty s nejnižšími hodnotami tedy kartu Mořských
    panen s hodnotou 4 a karty s hodnotou 2 ve všech ostatních barvách. Těchto 10 karet …
    odhazovací balíček lícem nahoru“ (the 10 lowest cards, Mermaid 4 and the 2s, are the
    face-up discard pile); „Doplňovací balíček tvoří všech 50 zbylých karet“ (50 draw)."""
    state = rules.setup({"players": 3}, rng(0))
    assert len(state["discard"]) == 10 and len(state["deck"]) == 50
    assert sorted(cards_of(state, state["discard"])) == sorted(
        [(s, 2) for s in SUIT_IDS if s != "mermaid"] + [("mermaid", 4)])
    assert sorted(state["deck"] + state["discard"]) == list(range(60))
    assert len(rules.view(state, None)["discard"]) == 10


def test_setup_shuffles_the_draw_pile_and_picks_a_random_starter():
    """„Zamíchejte je, vytvořte balíček lícem dolů“ (shuffle the 50 face down); the starting
    player card is dealt at random („ten, kdo dostal kartu s nápisem Začínající hráč“)."""
    decks = {tuple(rules.setup({"players": 4}, rng(s))["deck"]) for s in range(5)}
    starters = {rules.setup({"players": 4}, rng(s))["start"] for s in range(40)}
    assert len(decks) == 5
    assert starters == {0, 1, 2, 3}


def test_setup_deals_two_different_characters_to_each_pirate():
    """„Na začátku partie rozdejte každému hráči po dvou kartách postav“ (two characters
    each, from the 17 character cards)."""
    state = rules.setup({"players": 4}, rng(0))
    dealt = [c for pair in state["dealt"] for c in pair]
    assert len(dealt) == 8 and len(set(dealt)) == 8
    assert len(dealt + state["pool"]) == 17
    assert "siren" not in dealt + state["pool"]


def test_seats_allow_two_to_eight_but_more_than_four_need_the_party_variant():
    """„Hra je určena jen pro 2 4 hráče. Chcete-li si zahrát až v osmi hráčích, můžete
    zkombinovat dvě sady hry“ (2–4 players; up to 8 by combining two sets)."""
    spec = rules.seats({"party": False})
    assert (spec.min, spec.max) == (2, 8)
    with pytest.raises(ActionSyntaxError):
        rules.validate({"players": 5, "party": False})
    rules.validate({"players": 5, "party": True})
    rules.validate({"players": 4, "party": False})


def test_validate_refuses_an_out_of_range_number():
    with pytest.raises(ActionSyntaxError):
        rules.validate({"players": 2, "sudden_death_target": 0})


# --- choosing the characters ----------------------------------------------------------------


def test_characters_are_chosen_in_secret_and_revealed_together():
    """„Každý si z nich tajně vybere jednu, poté všichni současně zvolenou kartu postavy
    vyloží lícem nahoru“ (each chooses one in secret, then all reveal at once)."""
    state = rules.setup({"players": 3}, rng(0))
    assert names(rules.actions(state, 0)) == [("choose", {"character": 0}),
                                             ("choose", {"character": 1})]
    first = act(state, "choose", by=0, character=1)
    assert not first.revealed
    mine = state["dealt"][0][1]
    private = [e for e in first.log if e.get("to")]
    assert private and all(e["to"] == [0] for e in private)
    public = json.dumps([e for e in first.log if not e.get("to")])
    assert mine not in public
    for seat in (None, 1, 2):
        seen = json.dumps(rules.view(first.state, seat))
        assert f'"{mine}"' not in seen
    assert rules.view(first.state, None)["banks"][0]["chosen"] is True
    assert rules.view(first.state, 0)["me"]["character"]["id"] == mine
    with pytest.raises(IllegalActionError):
        act(first.state, "choose", by=0, character=0)
    second = act(first.state, "choose", by=1, character=0)
    last = act(second.state, "choose", by=2, character=0)
    assert last.revealed
    assert last.state["phase"] == "play"
    table_view = rules.view(last.state, None)
    assert [b["character"]["id"] for b in table_view["banks"]] == [
        last.state["dealt"][0][1], last.state["dealt"][1][0], last.state["dealt"][2][0]]
    assert last.state["active"] == last.state["start"]


def test_nobody_flips_before_every_character_is_chosen():
    """The characters are chosen „Na začátku partie“ (at the start of the game)."""
    state = rules.setup({"players": 2}, rng(0))
    with pytest.raises(IllegalActionError):
        act(state, "flip", by=state["start"])


def test_unchosen_character_stays_secret_after_the_reveal():
    """„Nepoužité karty postav můžete vrátit do krabice“ (unused characters go back into
    the box, unseen)."""
    state = rules.setup({"players": 2}, rng(0))
    state = act(state, "choose", by=0, character=0).state
    state = act(state, "choose", by=1, character=0).state
    hidden = state["dealt"][1][1]
    assert f'"{hidden}"' not in json.dumps(rules.view(state, 0))
    assert f'"{hidden}"' in json.dumps(rules.view(state, 1))


# --- the turn -------------------------------------------------------------------------------


def test_flip_places_the_top_card_and_the_pirate_goes_on():
    """„otočí vrchní kartu kořisti z doplňovacího balíčku a vyloží ji na hrací plochu“
    (flip the top card into the row); „Poté můžete … pokračovat“ (then go on or loot)."""
    state = table(deck=[card("key", 4), card("chest", 5)], flips=0)
    assert names(rules.actions(state, 0)) == [("flip", {})]
    assert rules.actions(state, 1) == []
    done = act(state, "flip")
    assert done.revealed
    assert row(done.state) == [("key", 4)]
    assert done.state["deck"] == [card("chest", 5)]
    assert names(rules.actions(done.state, 0)) == [("flip", {}), ("loot", {})]


def test_loot_banks_the_row_as_stacks_highest_on_top():
    """„Vezměte si všechny karty z hrací plochy a uložte je do svého banku … setříděných
    sestupně podle hodnot karta s nejvyšší hodnotou bude nahoře“ (bank the row, stacks by
    suit, highest on top); „Po něm následuje soused po směru hodinových ručiček“."""
    state = table(row=[card("key", 3), card("map", 6)], banks={0: [card("key", 6)]})
    done = act(state, "loot")
    assert bank(done.state, 0) == [("key", 3), ("key", 6), ("map", 6)]
    stacks = rules.view(done.state, None)["banks"][0]["stacks"]
    assert [(s["suit"], s["values"]) for s in stacks] == [("key", [6, 3]), ("map", [6])]
    assert done.state["row"] == [] and done.state["active"] == 1
    assert core.score(done.state, 0) == 12


def test_loot_needs_a_flip_first():
    """„Místo otáčení další karty se můžete rozhodnout brát kořist“ (instead of flipping
    another card): a turn starts with a flip."""
    state = table(flips=0)
    with pytest.raises(IllegalActionError, match="Flip a card first"):
        act(state, "loot")


def test_a_second_card_of_a_suit_busts_and_its_effect_is_not_performed():
    """„Pokud však je otočená karta stejné barvy jako některá z karet … jste TROP. Všechny
    karty … odhoďte … Efekt karty, jež způsobila, že jste TROP, se neprovádí“ (a card of a
    suit already in the row busts: all go to the discard pile, its effect is not done)."""
    state = table(deck=[card("cannon", 6), card("key", 2)],
                  row=[card("cannon", 4), card("map", 5)], banks={1: [card("hook", 7)]})
    done = act(state, "flip")
    assert done.state["row"] == []
    assert cards_of(done.state, done.state["discard"]) == [
        ("cannon", 4), ("cannon", 6), ("map", 5)]
    assert bank(done.state, 1) == [("hook", 7)]
    assert done.state["active"] == 1
    assert "BUST! {card} {value} matches the row: {who}'s turn ends." in texts(done)


def test_only_the_active_pirate_may_act():
    """„Hráč na řadě (dále též aktivní hráč)“ — only the player whose turn it is flips."""
    state = table()
    with pytest.raises(IllegalActionError, match="not your turn"):
        act(state, "flip", by=1)


def test_malformed_actions_are_syntax_errors():
    state = table()
    with pytest.raises(ActionSyntaxError):
        act(state, "teleport")
    with pytest.raises(ActionSyntaxError):
        rules.apply(state, 0, {"action": "hook", "params": {"suit": 3}}, rng())
    with pytest.raises(ActionSyntaxError):
        rules.apply(state, 0, {"action": "flip", "params": []}, rng())


def test_a_choice_nobody_asked_for_is_refused():
    state = table()
    with pytest.raises(IllegalActionError, match="No effect asks"):
        act(state, "hook", suit="key")


def test_game_ends_after_the_turn_that_flips_the_last_card():
    """„Hráč, který otočí poslední kartu z doplňovacího balíčku, dokončí svůj tah normálně
    buď je TROP, nebo provede braní kořisti. Tím partie končí.“ (who flips the last card
    finishes the turn, bust or loot; then the game ends). Not bust, the loot is all that is
    left, so the turn takes it by itself (issue 32: no tap without a choice)."""
    state = table(deck=[card("map", 6)], flips=0, banks={1: [card("key", 7)]})
    done = act(state, "flip")
    assert any(line["text"] == "Nothing left to flip: {who} takes the loot."
               for line in done.log)
    assert done.state["banks"][0] == [card("map", 6)]
    outcome = rules.result(done.state)
    assert outcome is not None and outcome["winners"] == [1] and not outcome["draw"]
    assert rules.actions(done.state, 0) == rules.actions(done.state, 1) == []
    with pytest.raises(IllegalActionError, match="over"):
        act(done.state, "flip")


def test_score_is_the_top_card_of_each_stack():
    """„V každé barvě platí jen získaná karta s nejvyšší hodnotou. Každý tedy sečte hodnoty
    vrchních karet balíčků“ (only the highest card of each suit counts)."""
    state = table("navigator", "greedy", banks={
        0: [card("key", 3), card("key", 6), card("mermaid", 9), card("anchor", 2)]})
    assert core.score(state, 0) == 6 + 9 + 2
    assert rules.view(state, None)["banks"][0]["score"] == 17


def test_tie_goes_to_more_cards_then_a_draw():
    """„Dosáhne-li více hráčů shodného nejvyššího skóre, je vítězem ten, kdo má ve svém banku
    celkově více karet. Trvá-li shoda i nadále, končí partie remízou.“ (tie: more cards wins;
    still tied: a draw)."""
    state = table(deck=[], banks={0: [card("key", 7), card("key", 3)], 1: [card("map", 7)]})
    state["phase"], state["end"] = "over", "deck"
    outcome = rules.result(state)
    assert outcome["winners"] == [0] and not outcome["draw"]
    assert outcome["args"]["cards"] == 2
    state["banks"][1].append(card("map", 2))
    outcome = rules.result(state)
    assert outcome["draw"] and outcome["winners"] == [0, 1]


# --- suit effects ---------------------------------------------------------------------------


def test_anchor_example_with_a_second_mermaid():
    """The rulebook's Anchor example: „Na hrací ploše jsou již vyloženy dvě karty mořská
    panna a kanón. Aktivní hráč otočí a vyloží kotvu a jako další kartu pak otočí další
    mořskou pannu, čímž je TROP. První mořskou pannu a kanón si i tak může uložit do svého
    banku, kotva a druhá mořská panna putují do odhazovacího balíčku.“"""
    state = table(deck=[card("anchor", 5), card("mermaid", 7), card("key", 3)],
                  row=[card("mermaid", 6), card("cannon", 3)])
    anchored = act(state, "flip")
    assert [e["safe"] for e in anchored.state["row"]] == [True, True, False]
    assert [e["safe"] for e in rules.view(anchored.state, None)["row"]] == [True, True, False]
    bust = act(anchored.state, "flip")
    assert bank(bust.state, 0) == [("cannon", 3), ("mermaid", 6)]
    assert cards_of(bust.state, bust.state["discard"]) == [("anchor", 5), ("mermaid", 7)]


def test_hook_places_the_top_card_of_a_chosen_own_stack():
    """„Hák Vyberte vrchní kartu z libovolného balíčku ve svém banku a vyložte ji na hrací
    plochu (nejste-li tím TROP, její efekt se samozřejmě provede)“ (place the top card of
    any of your stacks; its effect is performed)."""
    state = table(deck=[card("hook", 5), STILL], flips=0,
                  banks={0: [card("key", 3), card("key", 6), card("kraken", 4)],
                         1: [card("map", 3)]})
    hooked = act(state, "flip")
    assert names(rules.actions(hooked.state, 0)) == [("hook", {"suit": "key"}),
                                                    ("hook", {"suit": "kraken"})]
    assert rules.view(hooked.state, 0)["pending"]["kind"] == "hook"
    done = act(hooked.state, "hook", suit="kraken")
    assert row(done.state) == [("hook", 5), ("kraken", 4)]
    assert done.state["turn"]["kraken"] == 2
    assert bank(done.state, 0) == [("key", 3), ("key", 6)]


def test_hook_must_be_done_even_when_it_busts():
    """„Musíte tak učinit i v případě, že tím způsobíte, že budete TROP. Jste-li TROP, nic
    nezískáte, ani tuto kartu zpět“ (you must, even if it busts you; you lose that card)."""
    state = table(deck=[card("hook", 5), card("map", 3)], flips=0, row=[card("key", 4)],
                  banks={0: [card("key", 6)]})
    done = act(state, "flip")
    assert bank(done.state, 0) == []
    assert cards_of(done.state, done.state["discard"]) == [("hook", 5), ("key", 4), ("key", 6)]
    assert done.state["active"] == 1


def test_hook_with_an_empty_bank_has_no_effect():
    """„Nemáte-li ve svém banku žádnou [kartu]…“ (a sentence cut off in the extracted text:
    with nothing in your bank the Hook has no effect)."""
    state = table(deck=[card("hook", 5), card("key", 2)], flips=0)
    done = act(state, "flip")
    assert done.state["turn"]["pending"] == []
    assert "Hook: {who} has no card in the bank, no effect." in texts(done)


def test_cannon_discards_the_top_card_of_an_opponents_stack():
    """„Kanón Vyberte vrchní kartu z libovolného balíčku z banku jednoho libovolného soupeře
    a odhoďte ji na odhazovací balíček.“ (discard the top card of any opponent's stack)."""
    state = table("navigator", "greedy", "seer", deck=[card("cannon", 5)], flips=0,
                  banks={1: [card("key", 3), card("key", 6)], 2: [card("map", 4)]})
    aimed = act(state, "flip")
    assert names(rules.actions(aimed.state, 0)) == [("aim", {"seat": 1}), ("aim", {"seat": 2})]
    aimed = rules.apply(aimed.state, 0, {"action": "aim", "params": {"seat": 1}}, rng())
    # one stack left to hit at that pirate: the referee hits it (effects are mandatory)
    assert aimed.state["turn"]["pending"] == []
    assert bank(aimed.state, 1) == [("key", 3)]
    assert cards_of(aimed.state, aimed.state["discard"]) == [("key", 6)]
    assert "Cannon: {who} discards {card} {value} from {whom}." in texts(aimed)


def test_cannon_asks_for_the_stack_when_there_are_several():
    state = table(deck=[card("cannon", 5)], flips=0,
                  banks={1: [card("key", 3), card("map", 6)]})
    aimed = act(state, "flip")
    assert names(rules.actions(aimed.state, 0)) == [("cannon", {"seat": 1, "suit": "key"}),
                                                   ("cannon", {"seat": 1, "suit": "map"})]
    with pytest.raises(IllegalActionError):
        act(aimed.state, "cannon", seat=1, suit="anchor")
    with pytest.raises(IllegalActionError):
        act(aimed.state, "cannon", seat=0, suit="key")
    done = act(aimed.state, "cannon", seat=1, suit="map")
    assert bank(done.state, 1) == [("key", 3)]
    assert not done.revealed


def test_cannon_without_opponent_cards_has_no_effect():
    """„Nemá-li ve svém banku žádný ze soupeřů žádnou kartu, nemá kanón žádný efekt.“"""
    state = table(deck=[card("cannon", 5), card("key", 4)], flips=0,
                  banks={0: [card("map", 7)]})
    done = act(state, "flip")
    assert done.state["turn"]["pending"] == []
    assert bank(done.state, 0) == [("map", 7)]
    assert "Cannon: no card to hit, no effect." in texts(done)


def test_key_and_chest_example_with_five_cards():
    """The rulebook's example: „Na hrací ploše je 5 vyložených karet, mezi nimi klíč i
    truhla. Aktivní hráč se rozhodne brát kořist, vezme si všechny karty z plochy, zamíchá
    odhazovací balíček a náhodně si z něj vezme dalších 5 karet.“"""
    discard = [card(s, 2) for s in SUIT_IDS if s != "mermaid"] + [card("mermaid", 4)]
    state = table(row=[card("key", 5), card("chest", 6), card("map", 3), card("sword", 4),
                       card("anchor", 7)], discard=discard)
    done = act(state, "loot")
    assert done.revealed
    assert len(done.state["banks"][0]) == 10
    assert len(done.state["discard"]) == 5
    bonus = set(done.state["banks"][0]) - {e["card"] for e in state["row"]}
    assert len(bonus) == 5 and bonus <= set(discard)
    others = [act(state, "loot", step=s).state["banks"][0] for s in range(2, 8)]
    assert len({tuple(b) for b in others}) > 1, "the bonus cards are random"


def test_key_alone_brings_no_bonus():
    """„Samotný klíč nebo samotná truhla nemají žádný efekt.“ (a Key or a Chest alone does
    nothing)."""
    state = table(row=[card("key", 5), card("map", 3)], discard=[card("anchor", 2)])
    done = act(state, "loot")
    assert bank(done.state, 0) == [("key", 5), ("map", 3)]
    assert done.state["discard"] == [card("anchor", 2)]


def test_key_and_chest_take_what_the_discard_pile_has():
    """The bonus is „stejný počet karet z odhazovacího balíčku“; a smaller pile gives all."""
    state = table(row=[card("key", 5), card("chest", 3), card("map", 4)],
                  discard=[card("anchor", 2)])
    done = act(state, "loot")
    assert bank(done.state, 0) == [("anchor", 2), ("chest", 3), ("key", 5), ("map", 4)]
    assert done.state["discard"] == []


def test_map_shows_three_random_discards_and_places_the_chosen_one():
    """„Mapa Zamíchejte odhazovací balíček a vyberte z něj náhodně 3 karty. Jednu z nich
    musíte vybrat, vyložit na hrací plochu a provést její efekt … Zbylé 2 karty vraťte“."""
    discard = [card(s, 2) for s in ("anchor", "key", "chest", "sword", "kraken")]
    state = table(deck=[card("map", 6), STILL], flips=0, discard=discard)
    drawn = act(state, "flip")
    assert drawn.revealed
    pending = rules.view(drawn.state, None)["pending"]
    assert pending["kind"] == "map" and len(pending["cards"]) == 3
    offered = names(rules.actions(drawn.state, 0))
    assert len(offered) == 3 and {a for a, _ in offered} == {"map"}
    choice = offered[0][1]
    done = act(drawn.state, "map", **choice)
    assert row(done.state)[1] == (choice["suit"], choice["value"])
    assert len(done.state["discard"]) == 4
    missing = {(s, 2) for s in ("anchor", "key", "chest", "sword", "kraken")} - {
        (p["suit"], p["value"]) for p in pending["cards"]}
    with pytest.raises(IllegalActionError):
        act(drawn.state, "map", suit=sorted(missing)[0][0], value=2)


def test_map_with_fewer_than_three_discards_chooses_among_them():
    """„je-li v odhazovacím balíčku méně karet než 3, musíte si vybrat jednu z nich“; with
    one card the choice is forced."""
    state = table(deck=[card("map", 6), STILL], flips=0, discard=[card("key", 2), card("chest", 2)])
    drawn = act(state, "flip")
    assert names(rules.actions(drawn.state, 0)) == [("map", {"suit": "chest", "value": 2}),
                                                   ("map", {"suit": "key", "value": 2})]
    single = act(table(deck=[card("map", 6), STILL], flips=0, discard=[card("key", 2)]), "flip")
    assert row(single.state) == [("map", 6), ("key", 2)]


def test_map_with_an_empty_discard_pile_has_no_effect():
    """„Není-li v odhazovacím balíčku žádná karta, nemá mapa žádný efekt“."""
    done = act(table(deck=[card("map", 6), card("key", 4)], flips=0), "flip")
    assert row(done.state) == [("map", 6)] and done.state["turn"]["pending"] == []


def test_map_card_may_bust():
    """„nebo karta způsobí, že jste TROP (jako obvykle)“ (or the card busts you)."""
    state = table(deck=[card("map", 6), card("sword", 3)], flips=0, row=[card("key", 5)],
                  discard=[card("key", 2)])
    done = act(state, "flip")
    assert done.state["row"] == [] and done.state["active"] == 1
    assert cards_of(done.state, done.state["discard"]) == [("key", 2), ("key", 5), ("map", 6)]


def test_crystal_ball_shows_the_top_card_to_everyone_then_place_it():
    """„Křišťálová koule Otočte vrchní kartu z doplňovacího balíčku. Teprve poté se můžete
    rozhodnout, zda ji vyložíte na hrací plochu, nebo ji vrátíte zpět a provedete raději
    braní kořisti.“ (turn the top card up, then place it or put it back and loot)."""
    state = table(deck=[card("ball", 4), card("map", 5), card("key", 2)], flips=0)
    seen = act(state, "flip")
    assert seen.revealed
    assert rules.view(seen.state, None)["deck_top"] == [
        {"suit": "map", "name": "Map", "value": 5}]
    assert names(rules.actions(seen.state, 0)) == [("ball", {"choice": "place"}),
                                                  ("ball", {"choice": "return"})]
    placed = act(seen.state, "ball", choice="place")
    assert row(placed.state) == [("ball", 4), ("map", 5)]
    assert rules.view(placed.state, None)["deck_top"] == []


def test_crystal_ball_put_back_and_loot():
    state = table(deck=[card("ball", 4), card("map", 5), card("key", 2)], flips=0,
                  row=[card("anchor", 3)])
    seen = act(state, "flip")
    done = act(seen.state, "ball", choice="return")
    assert bank(done.state, 0) == [("anchor", 3), ("ball", 4)]
    assert done.state["deck"][0] == card("map", 5) and done.state["active"] == 1
    assert rules.view(done.state, None)["deck_top"][0]["suit"] == "map"


def test_crystal_ball_as_the_last_card_has_no_effect():
    """„Je-li křišťálová koule poslední kartou z doplňovacího balíčku, nemá žádný efekt.“"""
    done = act(table(deck=[card("ball", 4)], flips=0), "flip")
    assert done.state["turn"]["pending"] == []
    assert bank(done.state, 0) == [("ball", 4)], "nothing left to flip: the loot is taken"


def test_sword_takes_a_suit_you_do_not_hold_and_places_it():
    """„Meč Vyberte vrchní kartu z jednoho balíčku z banku jednoho libovolného soupeře a
    vyložte ji … Musí to být balíček v barvě, kterou ve svém vlastním banku doposud NEMÁTE“."""
    state = table(deck=[card("sword", 5), STILL], flips=0, banks={
        0: [card("key", 2)], 1: [card("key", 6), card("map", 3), card("anchor", 4)]})
    drawn = act(state, "flip")
    assert names(rules.actions(drawn.state, 0)) == [("sword", {"seat": 1, "suit": "anchor"}),
                                                   ("sword", {"seat": 1, "suit": "map"})]
    with pytest.raises(IllegalActionError):
        act(drawn.state, "sword", seat=1, suit="key")
    done = act(drawn.state, "sword", seat=1, suit="map")
    assert row(done.state) == [("sword", 5), ("map", 3)]
    assert bank(done.state, 1) == [("anchor", 4), ("key", 6)]


def test_sword_card_may_bust():
    """„i kdyby měla způsobit, že budete TROP“ (even if it busts you)."""
    state = table(deck=[card("sword", 5), card("key", 3)], flips=0, row=[card("map", 6)],
                  banks={1: [card("map", 3)]})
    done = act(state, "flip")
    assert done.state["active"] == 1 and bank(done.state, 1) == []
    assert cards_of(done.state, done.state["discard"]) == [
        ("map", 3), ("map", 6), ("sword", 5)]


def test_sword_with_nothing_to_take_has_no_effect():
    state = table(deck=[card("sword", 5), card("key", 3)], flips=0,
                  banks={0: [card("map", 2)], 1: [card("map", 3)]})
    done = act(state, "flip")
    assert "Sword: no card to take, no effect." in texts(done)
    assert done.state["turn"]["pending"] == []


def test_kraken_needs_two_more_cards_before_loot():
    """„Kraken Musíte na hrací plochu vyložit ještě nejméně 2 další karty, než budete smět
    provést braní kořisti.“ (place at least 2 more cards before you may loot)."""
    state = table(deck=[card("kraken", 5), card("key", 3), card("chest", 4), card("map", 7)],
                  flips=0)
    state = act(state, "flip").state
    assert names(rules.actions(state, 0)) == [("flip", {})]
    assert rules.view(state, None)["kraken_left"] == 2
    with pytest.raises(IllegalActionError, match="Kraken"):
        act(state, "loot")
    state = act(state, "flip").state
    assert rules.view(state, None)["kraken_left"] == 1
    state = act(state, "flip").state
    assert names(rules.actions(state, 0)) == [("flip", {}), ("loot", {})]


def test_kraken_with_an_empty_draw_pile_lets_the_pirate_loot():
    """„dokončí svůj tah normálně buď je TROP, nebo provede braní kořisti“: with no card
    left to flip the last turn still ends with a loot."""
    state = table(deck=[card("kraken", 5)], flips=0)
    state = act(state, "flip").state
    assert bank(state, 0) == [("kraken", 5)], "the loot is all that is left: taken by itself"
    assert rules.result(state) is not None


def test_mermaid_has_no_effect():
    """„Mořská panna Tato barva nemá žádný efekt“ (the Mermaid suit has no effect)."""
    done = act(table(deck=[card("mermaid", 9), card("key", 3)], flips=0), "flip")
    assert done.state["turn"]["pending"] == [] and row(done.state) == [("mermaid", 9)]


# --- chains ---------------------------------------------------------------------------------


def test_chain_hook_places_a_map_that_places_a_sword_that_busts():
    """„Kdykoliv jakýmkoliv způsobem vyložíte nějakou kartu na hrací plochu (ať už z
    doplňovacího balíčku, z odhazovacího balíčku či z banku některého z hráčů), vždy MUSÍTE
    provést efekt dané barvy“ (every card placed from anywhere performs its effect)."""
    state = table(deck=[card("hook", 5), card("chest", 7)], flips=0, row=[card("key", 4)],
                  banks={0: [card("map", 6), card("anchor", 3)], 1: [card("key", 7),
                                                                      card("chest", 5)]},
                  discard=[card("sword", 2), card("kraken", 2)])
    hooked = act(state, "flip")
    mapped = act(hooked.state, "hook", suit="map")
    assert rules.view(mapped.state, 0)["pending"]["kind"] == "map"
    sworded = act(mapped.state, "map", suit="sword", value=2)
    assert row(sworded.state) == [("key", 4), ("hook", 5), ("map", 6), ("sword", 2)]
    assert names(rules.actions(sworded.state, 0)) == [("sword", {"seat": 1, "suit": "chest"}),
                                                     ("sword", {"seat": 1, "suit": "key"})]
    bust = act(sworded.state, "sword", seat=1, suit="key")
    assert bust.state["active"] == 1 and bust.state["row"] == []
    assert cards_of(bust.state, bust.state["discard"]) == [
        ("hook", 5), ("key", 4), ("key", 7), ("kraken", 2), ("map", 6), ("sword", 2)]
    assert bank(bust.state, 0) == [("anchor", 3)]


def test_chain_kraken_whose_forced_cards_come_from_a_map():
    """„Budou to karty z doplňovacího balíčku, nebo z balíčku odhazovacího či banku některého
    z hráčů, pokud první kartou z doplňovacího balíčku byla mapa, meč nebo hák.“ (the Kraken's
    cards may come from the discard pile or a bank through a Map, Sword or Hook)."""
    state = table(deck=[card("kraken", 5), card("map", 4), card("key", 7)], flips=0,
                  discard=[card("anchor", 2)])
    state = act(state, "flip").state
    done = act(state, "flip")
    assert row(done.state) == [("kraken", 5), ("map", 4), ("anchor", 2)]
    assert done.state["turn"]["kraken"] == 0
    assert names(rules.actions(done.state, 0)) == [("flip", {}), ("loot", {})]


def test_view_marks_a_waiting_effect_under_the_current_one():
    """Captain Hook's second card waits while the first card's Map is chosen."""
    state = table("captain_hook", "greedy", deck=[card("hook", 5)], flips=0,
                  banks={0: [card("map", 6), card("anchor", 3)]},
                  discard=[card("key", 2), card("chest", 2)])
    state = act(state, "flip").state
    state = act(state, "hook", suit="map").state
    pending = rules.view(state, None)["pending"]
    assert pending["kind"] == "map" and pending["waiting"] == 1


# --- views ----------------------------------------------------------------------------------


def test_views_never_show_the_draw_pile():
    """„Doplňovací balíček … lícem dolů“ (face down): no view names a card of it."""
    state = table(deck=[card("kraken", 5), card("map", 4)])
    for seat in (None, 0, 1):
        seen = rules.view(state, seat)
        assert seen["deck_count"] == 2 and seen["deck_top"] == []
        assert '"suit": "kraken"' not in json.dumps(seen)


def test_views_are_json_and_show_every_bank_with_live_scores():
    """„Všechny informace o kartách v osobních bancích jsou veřejné“ (banks are public)."""
    state = table(banks={1: [card("key", 4), card("key", 6)]})
    seen = rules.view(state, None)
    json.dumps(seen)
    assert seen["banks"][1]["score"] == 6 and seen["banks"][1]["cards"] == 2
    assert seen["banks"][0]["character"]["id"] == "golden_scales"


def test_full_game_conserves_every_card():
    """60 loot cards in the box: none is created or lost by any effect."""
    from tests.playing import playthrough

    for seed in range(3):
        for step in playthrough(rules, seed, players=3):
            found = everywhere(step.applied.state)
            assert Counter(found) == Counter(range(60))
