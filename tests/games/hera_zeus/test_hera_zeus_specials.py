"""Blitz und Donner (Hera and Zeus): every special card of „Význam karet“ and every way the
game ends („Konec hry“), each test quoting the Czech rulebook sentence it checks.

Positions come from ``rules.position``; Pegasus' blind pick uses a scripted stand-in whose
``randbelow`` returns the given hand position, so the picked card is the test's choice.
"""

from __future__ import annotations

import pytest

from companion.games.base import IllegalActionError
from companion.games.hera_zeus import rules
from companion.games.hera_zeus.cards import HERA, ZEUS
from tests.games.hera_zeus.test_hera_zeus import Script, column, hand, kinds, pile, post, texts

TWO = [["s2", "s1"], ["s2", "s1"], ["s2", "s1"]]


def names(state, seat):
    return [c["name"] for c in rules.view(state, seat)["hand"]]


# --- Hera and Zeus ------------------------------------------------------------------------------


def test_the_god_card_is_free_and_its_figure_goes_into_the_first_row():
    """„Při zahrání těchto dvou karet, neplatí hráč žádné akční body … Tyto karty jsou při
    zahrání odhozeny. Poté hráč umístí hrací kámen … do první řady a přerovná pozice karet.“"""
    state = rules.position(fields=[[["s3", "s2"], ["s4"], []], [["s5"], [], []]],
                           hands=(["god"], []))
    applied = post(state, HERA, "god", column=1)
    state = applied.state
    assert column(state, HERA, 1) == ["figure", "s3", "s2"]
    assert pile(state, HERA) == ["god"] and hand(state, HERA) == []
    assert state["turn"] == {**state["turn"], "total": 4, "left": 4, "spent": 0}
    assert rules.view(state, None)["sides"][HERA]["figure"] == 1


def test_a_god_card_played_mid_turn_makes_four_points_in_all():
    """„Když je karta zahrána v průběhu tahu a hráč již má spotřebované, některé své akční
    body, nedostane příchodem těchto karet nové čtyři body, ale dohraje kolo, jako by je
    dostal na začátku.“ 2 points, 1 spent, the figure → 3 left (4 in all)."""
    state = rules.position(fields=[[["s3", "s2"], ["s4"], []], [["s5"], [], []]],
                           hands=(["god"], []))
    state = post(state, HERA, "draw").state
    assert state["turn"]["left"] == 1
    state = post(state, HERA, "god", column=2).state
    assert state["turn"]["left"] == 3 and state["turn"]["total"] == 4


def test_the_figure_never_goes_onto_an_empty_place_or_a_full_column():
    """„Pokud sloupec již obsahuje 4 karty není možné zde umísít kartu Hery nebo Dia. Má hráč
    zaplněny všechny sloupce 4 kartami, nemůže kartu Hery ani Dia zahrát. - Hera ani Zeus
    nemohou být hráni na prázdné místo.“"""
    state = rules.position(fields=[[["s3", "s2", "s1", "s1"], [], ["s4"]], [["s5"], [], []]],
                           hands=(["god"], []))
    offered = [a.params["column"] for a in rules.actions(state, HERA) if a.action == "god"]
    assert offered == [3]
    with pytest.raises(IllegalActionError, match="four cards"):
        post(state, HERA, "god", column=1)
    with pytest.raises(IllegalActionError, match="empty place"):
        post(state, HERA, "god", column=2)
    full = rules.position(fields=[[["s1"] * 4] * 3, [["s5"], [], []]], hands=(["god"], []))
    assert "god" not in {a.action for a in rules.actions(full, HERA)}


def test_nothing_goes_before_the_figure_and_dionysus_never_moves_it():
    """„S umístěnou figurou Hery a Dia není možno hýbat ani efektem karty Dionýsos“."""
    state = rules.position(fields=[[["figure", "s3"], ["s4"], []], [["s5"], [], []]],
                           hands=(["s7", "dionysus"], []))
    play = next(a for a in rules.actions(state, HERA) if a.action == "play")
    assert "1-0" not in play.inputs["place"]["choices"] and "1-1" in play.inputs["place"][
        "choices"]
    moves = {a.params["card"] for a in rules.actions(state, HERA) if a.action == "dionysus"}
    assert "1-0" not in moves and "1-1" in moves
    with pytest.raises(IllegalActionError, match="figure never moves"):
        post(state, HERA, "dionysus", card="1-0", to="2-0")


def test_with_the_figure_on_the_field_a_turn_starts_with_four_points():
    """„Pokud má hráč Figuru v prnví řadě na začátku kola dostává automaticky čtyři akční
    body.“"""
    state = rules.position(fields=[[["figure", "s3"], [], []], [["s5"], [], []]])
    assert state["turn"]["total"] == 4


def test_a_player_removes_the_own_figure_as_one_action():
    """„Hráč může jako jednu akci odstranit svoji figuru Hery nebo Dia“."""
    state = rules.position(fields=[[["figure", "s3", "s2"], ["s1"], []], [["s5"], [], []]])
    state = post(state, HERA, "remove_figure").state
    assert column(state, HERA, 1) == ["s3", "s2"] and state["turn"]["left"] == 3


def test_optional_rule_only_pegasus_from_the_hand_removes_the_own_figure():
    """„Dobrovolné pravidla: Hráč smí zničit svoji figuru pouze s pomocí pegase zahraného
    z ruky“."""
    state = rules.position(fields=[[["figure", "s3"], ["s1"], []], [["s5"], [], []]],
                           hands=(["pegasus"], []), figure_removal="pegasus")
    offered = {a.action for a in rules.actions(state, HERA)}
    assert "remove_figure" not in offered and "pegasus_own" in offered
    with pytest.raises(IllegalActionError, match="only a Pegasus"):
        post(state, HERA, "remove_figure")
    state = post(state, HERA, "pegasus_own").state
    assert column(state, HERA, 1) == ["s3"] and pile(state, HERA) == ["pegasus"]


def test_only_pegasus_from_the_hand_defeats_the_opponents_figure_which_may_return():
    """„K odstranění figury Hery a Dia z první soupeřovy řady, musí hráč použít kartu Pegas
    zahranou ze své ruky … soupeř vyřadí kámen … Je možné je znovu použít. Oponent potom
    pohne kartami, které byli za Herou nebo Diem dopředu“."""
    state = rules.position(fields=[[["s7", "s1"], [], []], [["figure", "s2", "s3"], ["s1"], []]],
                           hands=(["pegasus"], []), decks=([], ["god"]))
    state = post(state, HERA, "pegasus_strike", column=1).state
    assert column(state, ZEUS, 1) == ["s2", "s3"]
    assert rules.view(state, None)["sides"][ZEUS]["figure"] is None
    state = post(state, ZEUS, "draw").state
    assert state["turn"]["seat"] == ZEUS
    state = post(state, ZEUS, "god", column=1).state
    assert column(state, ZEUS, 1) == ["figure", "s2", "s3"]


# --- Medusa, Amazon and Hero ------------------------------------------------------------------


def test_a_card_that_challenges_medusa_is_turned_to_stone():
    """„Kdykoli nějaká karta kromě hrdiny a amazonky vyzve Medusu na souboj je tato poražena
    a odhozena na diskartovací balíček.“ Even a 7; Medusa stays, face up."""
    state = rules.position(fields=[[["s7", "s1"], [], []], [["medusa", "s1"], [], []]])
    applied = post(state, HERA, "challenge", column=1)
    state = applied.state
    assert pile(state, HERA) == ["s7"] and column(state, ZEUS, 1) == ["medusa", "s1"]
    assert state["fields"][ZEUS][0][0] in state["up"]
    assert "Medusa turns {card} to stone: it is discarded." in texts(applied)


@pytest.mark.parametrize("seat", [HERA, ZEUS])
def test_only_the_amazon_or_the_hero_defeats_medusa(seat):
    """„Když ji vyzve hrdina nebo Amazonka je Medusa poražena a odchází ze hry. Karta, která ji
    vyzvala zůstává normálně otočena ve hře“."""
    fields = [[["amazon", "s1"], [], []], [["medusa", "s1"], [], []]]
    if seat == ZEUS:
        fields = fields[::-1]
    state = post(rules.position(fields=fields, seat=seat), seat, "challenge", column=1).state
    assert pile(state, 1 - seat) == ["medusa"] and column(state, seat, 1) == ["amazon", "s1"]
    winner = rules.view(state, None)["sides"][seat]["columns"][0]["slots"][0]["card"]
    assert winner["name"] == ("Amazon" if seat == HERA else "Hero")


def test_medusa_in_the_first_row_guards_her_column_but_takes_its_attacks():
    """The rulebook's tip: „Z první řady chrání Medusa karty v jejím sloupci, ale omezuje
    hráčovy šance útočit.“ Zeus's 6 behind Medusa is safe; his column 1 cannot attack."""
    state = rules.position(fields=[[["s5", "s1"], [], []], [["medusa", "s6"], ["s1"], []]])
    state = post(state, HERA, "challenge", column=1).state
    assert column(state, ZEUS, 1) == ["medusa", "s6"] and pile(state, HERA) == ["s5"]
    assert state["turn"]["seat"] == ZEUS  # Hera's one point is spent
    assert "challenge" not in {a.action for a in rules.actions(state, ZEUS)}
    reasons = [b["reason"] for b in rules.view(state, ZEUS)["blocked"] if b["column"] == 1]
    assert reasons == ["{card} never challenges."]


def test_medusa_never_challenges():
    """„Medusa je silná pasivní karta. Sama nemůže vyvolat souboj“."""
    state = rules.position(fields=[[["medusa", "s7"], [], []], [["s1"], [], []]])
    with pytest.raises(IllegalActionError, match="never challenges"):
        post(state, HERA, "challenge", column=1)


# --- Pandora --------------------------------------------------------------------------------------


def test_a_challenged_pandora_sweeps_the_whole_column_on_both_sides():
    """„Když nějaká karta vyzve Pandoru na souboj jsou všechny karta v příslušném sloupci
    odhozeny na odkládací balíček. Každý hráč si vybere pořadí v jakém budou jeho karty
    vhozeny do hrobu“."""
    state = rules.position(fields=[[["s5", "s3", "s6"], ["s1"], []],
                                   [["pandora", "s7", "s4"], ["s2"], []]])
    applied = post(state, HERA, "challenge", column=1)
    state = applied.state
    assert column(state, HERA, 1) == [] and column(state, ZEUS, 1) == []
    assert state["pending"]["kind"] == "bury"
    assert {a.action for a in rules.actions(state, HERA)} == {"bury"}
    assert {a.params["card"] for a in rules.actions(state, ZEUS)} == {"s7", "s4"}
    assert pile(state, ZEUS) == ["pandora"]  # Pandora (0) cannot be lured: thrown first
    with pytest.raises(IllegalActionError, match="finish the choice"):
        post(state, HERA, "draw")
    # Zeus puts the 7 under the 4; Hera leaves her 6 on top, under it 5 then 3.
    state = post(state, ZEUS, "bury", card="s7").state
    assert pile(state, ZEUS) == ["pandora", "s7", "s4"]
    state = post(state, HERA, "bury", card="s5").state
    state = post(state, HERA, "bury", card="s3").state
    assert pile(state, HERA) == ["s5", "s3", "s6"] and state["pending"] is None
    assert state["turn"]["seat"] == HERA and state["turn"]["left"] == 1


def test_the_table_may_sweep_only_pandoras_own_column():
    state = rules.position(fields=[[["s5", "s3"], ["s1"], []], [["pandora", "s4"], [], []]],
                           pandora_sweep="hers")
    state = post(state, HERA, "challenge", column=1).state
    assert column(state, HERA, 1) == ["s5", "s3"] and column(state, ZEUS, 1) == []


def test_pandora_sweeping_the_owners_hostage_loses_the_owner_the_game():
    """„Pokud je takto zrušena řada v níž se nachází Argus nebo Io hráč, který je ztratil
    prohrává hru“."""
    state = rules.position(fields=[[["s5", "s3"], [], []], [["pandora", "s4", "hostage"], [], []]])
    result = post(state, HERA, "challenge", column=1).state["result"]
    assert result["winners"] == [HERA] and result["args"]["card"] == "Argus"


def test_pandora_sweeping_the_challengers_own_hostage_loses_the_challenger_the_game():
    """„hráč, který je ztratil prohrává hru“: Hera's Io stands behind her attacker."""
    state = rules.position(fields=[[["s5", "hostage"], [], []], [["pandora", "s4"], [], []]])
    result = post(state, HERA, "challenge", column=1).state["result"]
    assert result["winners"] == [ZEUS] and result["args"]["card"] == "Io"


def test_both_hostages_swept_by_pandora_the_challenger_wins():
    """„Pokud mají oba ve stelné řadě Io nebo a Arguse a smetete Pandora vyhrává
    vyzyvatel.“"""
    state = rules.position(fields=[[["s5", "hostage"], [], []],
                                   [["pandora", "hostage"], [], []]], seat=HERA)
    result = post(state, HERA, "challenge", column=1).state["result"]
    assert result["winners"] == [HERA]


def test_pandora_never_challenges():
    """„Pandora nikdy nevyvolává souboje.“"""
    state = rules.position(fields=[[["pandora", "s7"], [], []], [["s1"], [], []]])
    with pytest.raises(IllegalActionError, match="never challenges"):
        post(state, HERA, "challenge", column=1)


# --- Pegasus: the blind pick from the hand ------------------------------------------------------


def pick(state, position, seat=HERA):
    return post(state, seat, "pegasus_pick", Script(picks=[position]))


def test_pegasus_picks_a_card_from_the_hand_blindly_and_finds_the_hostage():
    """„Hráč odhodí Pegase a náhodně vybere kartu ze soupeřovy ruky. Pokud takto vybere karu Io
    nebo Arguse, hra končí a vyhrává hráč, který zahrál Pegase“."""
    state = rules.position(fields=[TWO, TWO], hands=(["pegasus"], ["s3", "hostage", "s5"]))
    applied = pick(state, 0)  # the hand is sorted: Argus first
    assert applied.revealed is True
    assert applied.state["result"]["winners"] == [HERA]
    assert pile(applied.state, HERA) == ["pegasus"]


def test_the_blind_pick_uses_the_tables_randomness():
    """A fair random pick: the step's randomness chooses, every card of the hand can come."""
    from tests.playing import rng_for

    state = rules.position(fields=[TWO, TWO], hands=(["pegasus"], ["s2", "s3", "s4", "s5"]))
    taken = set()
    for step in range(40):
        after = post(state, HERA, "pegasus_pick", rng_for(step)).state
        taken.add(tuple(sorted(kinds(after, after["hands"][ZEUS]))))
    assert len(taken) == 4


@pytest.mark.parametrize("card", ["medusa", "pythia", "god", "sirens", "hades", "persephone",
                                  "dionysus"])
def test_a_picked_mythological_card_is_discarded(card):
    """„Když hráč takto vyzve na souboj kartu s mytologickým symbolem: Medusa, Pýthia, HEra,
    Zeus, Sirens, Hades, Persephone, Dionysus odhodí kartu na soupeřův odhazovací balíček.“"""
    state = rules.position(fields=[TWO, TWO], hands=(["pegasus"], [card]))
    state = pick(state, 0).state
    assert pile(state, ZEUS) == [card] and hand(state, ZEUS) == []


@pytest.mark.parametrize("card", ["pegasus", "s1", "s0"])
def test_a_picked_card_of_strength_one_or_zero_is_discarded(card):
    """„Když vybraná karta síly 1 (Pegas) je taktéž odložena na odhazovací balíček.“ (0 too.)"""
    state = rules.position(fields=[TWO, TWO], hands=(["pegasus"], [card]))
    assert pile(pick(state, 0).state, ZEUS) == [card]


def test_a_picked_card_of_strength_two_to_seven_goes_into_the_first_row_of_the_victims_choice():
    """„Pokud má vybraná karta sílu 2 až 7 (včetně Amazonek a Hera) umístí se tato karta do
    soupeřovy první řady do libovolného sloupce dle jeho výběru.“"""
    state = rules.position(fields=[TWO, [["s2"], ["s1"], []]],
                           hands=(["pegasus"], ["amazon", "s6"]))
    state = pick(state, 0).state  # the hand is sorted: the 6 first
    assert state["pending"] == {"kind": "place", "seat": ZEUS, "card": state["pending"]["card"]}
    assert [a.params["column"] for a in rules.actions(state, ZEUS)] == [1, 2, 3]
    assert rules.actions(state, HERA) == []
    state = post(state, ZEUS, "place", column=2).state
    assert column(state, ZEUS, 2) == ["s6", "s1"] and state["fields"][ZEUS][1][0] in state["up"]
    assert state["pending"] is None and state["turn"]["seat"] == HERA


def test_a_picked_card_never_goes_to_a_full_column_or_before_a_figure():
    """„nemůže být umístěna do sloupce, kde už jsou čtyři karty a nemůže být dána do sloupce,
    kde je v první řadě Hera nebo Zeus. Když není kam kartu umístit, je odhozena“."""
    full = [["s1"] * 4, ["figure", "s1"], ["s1"] * 4]
    state = rules.position(fields=[TWO, full], hands=(["pegasus"], ["s6"]))
    state = pick(state, 0).state
    assert pile(state, ZEUS) == ["s6"] and state["pending"] is None
    one = [["s1"] * 4, ["figure", "s1"], ["s1"]]
    state = rules.position(fields=[TWO, one], hands=(["pegasus"], ["nemesis"]))
    state = pick(state, 0).state
    assert column(state, ZEUS, 3) == ["nemesis", "s1"] and state["pending"] is None


def test_pegasus_picking_pandora_empties_the_whole_hand_in_the_owners_order():
    """„Když vybere kartu Pandora zahodí hráč celou ruku. Všechny karty jsou umístěny na
    odhazovací balíček v pořadí, jaké si vybere hráč.“"""
    state = rules.position(fields=[TWO, TWO], hands=(["pegasus"], ["s4", "pandora", "s6",
                                                                    "sirens"]))
    state = pick(state, 2).state  # the hand is kept sorted: s6, s4, pandora, sirens
    assert hand(state, ZEUS) == []
    assert {a.params["card"] for a in rules.actions(state, ZEUS)} == {"s6", "s4"}
    state = post(state, ZEUS, "bury", card="s4").state
    assert pile(state, ZEUS) == ["pandora", "sirens", "s4", "s6"]


def test_pegasus_picking_pandora_with_the_hostage_in_hand_wins():
    """„Pokud pegasem vytáhne ze soupeřovy ruky Pandoru a ten je pak nucen odhodit ruku s Io
    nebo Argusem je hráč použivši Pegase vítěz“."""
    state = rules.position(fields=[TWO, TWO], hands=(["pegasus"], ["hostage", "pandora"]))
    state = pick(state, 1).state
    assert state["result"]["winners"] == [HERA] and hand(state, ZEUS) == []


def test_pegasus_from_the_hand_is_not_used_in_the_first_round():
    """„Hráč nemůže použít vlastnosti Pegase v prvním kole“ (FAQ: not against the hand
    either)."""
    state = rules.position(fields=[TWO, TWO], hands=(["pegasus"], ["s3"]), round=1)
    assert not {"pegasus_pick", "pegasus_strike"} & {a.action for a in rules.actions(state, HERA)}
    with pytest.raises(IllegalActionError, match="round 2"):
        post(state, HERA, "pegasus_pick")


# --- Pegasus: a challenge on the first row -----------------------------------------------------


def strike(fields, col=1, **extra):
    state = rules.position(fields=fields, hands=(["pegasus"], []), **extra)
    return post(state, HERA, "pegasus_strike", column=col)


@pytest.mark.parametrize("card", ["s0", "s1", "pegasus"])
def test_pegasus_turns_up_a_first_row_card_of_strength_zero_or_one_and_discards_it(card):
    """„Hráč odhodí pegase … soupeřova karta se otočí obrázkem nahoru … Pokud má odkrytá karta
    hodnotu 0 nebo 1 je odhozena.“"""
    state = strike([TWO, [[card, "s5"], [], []]]).state
    assert pile(state, ZEUS) == [card] and column(state, ZEUS, 1) == ["s5"]


def test_pegasus_turns_up_a_strong_card_which_stays_face_up():
    """„Když má napadená karta sílu 2-7 zůstává otočena ji lícem nahoru.“ — „Za jeden akční
    bod můžete použít pegase aby jste zjistili …“"""
    state = strike([TWO, [["s1"], ["nemesis"], []]], col=2).state
    assert column(state, ZEUS, 2) == ["nemesis"] and state["fields"][ZEUS][1][0] in state["up"]
    assert rules.view(state, None)["sides"][ZEUS]["columns"][1]["slots"][0]["card"][
        "name"] == "Poseidon"


def test_pegasus_does_not_defeat_medusa():
    """„Výjimka: Pokud by měla být vyhozenou kartou Medusa (0 síly) nestane se tak, protože
    Medusa může být vyhozena pouze Amazonkou nebo Hrdinou.“"""
    state = strike([TWO, [["medusa"], [], []]]).state
    assert column(state, ZEUS, 1) == ["medusa"] and state["fields"][ZEUS][0][0] in state["up"]


def test_pegasus_turning_up_pandora_takes_the_column_with_her():
    """„Když je takto vyřazena Pandora vezme sebou na odkládací balíček všechny karty ve
    stejném sloupci.“"""
    state = strike([[["s2", "s2"], ["s1"], []], [["pandora", "s3"], ["s1"], []]]).state
    assert column(state, ZEUS, 1) == [] and column(state, HERA, 1) == []
    assert sorted(pile(state, ZEUS)) == ["pandora", "s3"]


def test_pegasus_turning_up_the_hostage_in_the_first_row_wins():
    """„Pokud je takto odhalena Io nebo Argus je hra u konce a vyhrává hráč, který použil
    Pegase.“"""
    assert strike([TWO, [["s1"], ["hostage", "s4"], []]], col=2).state["result"][
        "winners"] == [HERA]


def test_pegasus_may_challenge_a_column_whatever_its_size_even_opposite_the_own_figure():
    """„Výjimka: Pegas, když se využije svou mytickou schopnost.“ FAQ: Pegasus from the hand
    may challenge the card opposite the own figure."""
    state = strike([[["figure", "s1"], [], []], [["s5"], [], []]]).state
    assert state["fields"][ZEUS][0][0] in state["up"]


def test_a_pegasus_played_to_the_field_is_a_unit_of_strength_one():
    """„Hráč může zahrát Pegase na svůj hrací plán, stejně jako ostatní silové karty … V souboji
    má pegas vždy sílu jedna.“"""
    state = rules.position(fields=[[["s1"], [], []], [["s5"], [], []]], hands=(["pegasus"], []))
    state = post(state, HERA, "play", card="pegasus", place="1-0").state
    assert column(state, HERA, 1) == ["pegasus", "s1"]
    win = post(rules.position(fields=[[["pegasus", "s1"], [], []], [["s0"], [], []]]), HERA,
               "challenge", column=1).state
    assert pile(win, ZEUS) == ["s0"] and column(win, HERA, 1) == ["pegasus", "s1"]
    tie = post(rules.position(fields=[[["pegasus", "s1"], [], []], [["s1"], [], []]]), HERA,
               "challenge", column=1).state
    assert pile(tie, HERA) == ["pegasus"] and pile(tie, ZEUS) == ["s1"]


# --- Pythia ---------------------------------------------------------------------------------


def test_pythia_shows_the_opponents_hand_and_poseidon_must_go():
    """„Za jeden akční bod, může hráč Pythii použít k tomu, aby mu soupeř ukázal všechny
    karty … Pokud má soupeř v ruce Poseidona nebo Nemesis musí je okamžitě odhodit. Pokud
    Pýthia narazí na Io, Pandoru, Arguse nic se něděje.“ — not a challenge: round 1 too."""
    state = rules.position(fields=[TWO, TWO], round=1,
                           hands=(["pythia"], ["hostage", "nemesis", "pandora", "s3"]))
    applied = post(state, HERA, "pythia_look")
    state = applied.state
    assert hand(state, ZEUS) == ["hostage", "s3", "pandora"]
    assert pile(state, ZEUS) == ["nemesis"] and pile(state, HERA) == ["pythia"]
    assert state["result"] is None
    seen = rules.view(state, HERA)["seen"]
    assert [c["name"] for c in seen["cards"]] == ["Argus", "Creature 3", "Poseidon", "Pandora"]
    assert rules.view(state, ZEUS)["seen"] is None and "seen" not in rules.view(state, None)
    shown = next(e for e in applied.log if e["text"].startswith("Pythia shows you"))
    assert shown["to"] == [HERA]


def test_pythia_in_the_first_row_beats_nemesis_and_poseidon():
    """„Když Pytia vyzve na souboj Poseidona nebo Nemesis, vyhrává a soupeř musí odhodit kartu
    Poseidona nebo Nemesis.“"""
    state = rules.position(fields=[[["pythia", "s1"], [], []], [["nemesis"], [], []]])
    state = post(state, HERA, "challenge", column=1).state
    assert pile(state, ZEUS) == ["nemesis"] and column(state, HERA, 1) == ["pythia", "s1"]


def test_pythia_challenging_another_card_fights_normally():
    """„Pokud Pýthia vyzve jinou kartu než tyto dvě probíhá souboj normálně dle pravidel.“"""
    state = rules.position(fields=[[["pythia", "s1"], [], []], [["s3"], [], []]])
    assert pile(post(state, HERA, "challenge", column=1).state, HERA) == ["pythia"]
    strong = rules.position(fields=[[["pythia", "s1"], [], []], [["s3"], [], []]],
                            strength_pythia="5")
    assert pile(post(strong, HERA, "challenge", column=1).state, ZEUS) == ["s3"]


def test_pythia_challenged_by_another_card_loses():
    """„Pokud je Pýthia vyzvána na souboj jinou kartou prohrává a je odhozena“ — even by a
    weaker card, and by Poseidon."""
    for attacker in ("s0", "nemesis"):
        state = rules.position(fields=[[[attacker, "s1"], [], []], [["pythia"], [], []]],
                               strength_pythia="5")
        assert pile(post(state, HERA, "challenge", column=1).state, ZEUS) == ["pythia"]


def test_pythia_turns_up_a_whole_column_without_effect():
    """„Za jeden akční bod může být Pýthia použita na odkrytí všech karet které jsou lícem
    dolů v jednom sloupci. Sloupec němž budou karty odkryty vybírá útočník … nevyvolává žádný
    efekt u karet Pandora, Io, Argus, Nemesis nebo Poseidon“."""
    state = rules.position(fields=[TWO, [["s1"], ["pandora", "hostage", "nemesis"], []]],
                           hands=(["pythia"], []), round=1)
    state = post(state, HERA, "pythia_reveal", column=2).state
    assert state["result"] is None and column(state, ZEUS, 2) == ["pandora", "hostage", "nemesis"]
    tablet = rules.view(state, None)["sides"][ZEUS]["columns"][1]["slots"]
    assert [s["card"]["name"] for s in tablet] == ["Pandora", "Argus", "Poseidon"]
    assert not any(a.action == "pythia_reveal" and a.params["column"] == 2
                   for a in rules.actions(
                       rules.position(fields=[TWO, [["s1"], ["s2^"], []]],
                                      hands=(["pythia"], [])), HERA))


# --- Nemesis / Poseidon ---------------------------------------------------------------------


def test_nemesis_is_beaten_only_by_pythia():
    """„je to jediná karta, která je silnější než Nemesis a Poseidon“: Poseidon beats a 7."""
    state = rules.position(fields=[[["s7", "s1"], [], []], [["nemesis"], [], []]])
    assert pile(post(state, HERA, "challenge", column=1).state, HERA) == ["s7"]
    plain = rules.position(fields=[[["s7", "s1"], [], []], [["nemesis"], [], []]],
                           nemesis_beats_sevens=False)
    after = post(plain, HERA, "challenge", column=1).state
    assert pile(after, HERA) == ["s7"] and pile(after, ZEUS) == ["nemesis"]
    twins = rules.position(fields=[[["nemesis", "s1"], [], []], [["nemesis"], [], []]])
    after = post(twins, HERA, "challenge", column=1).state
    assert pile(after, HERA) == ["nemesis"] and pile(after, ZEUS) == ["nemesis"]


# --- Sirens, Hades, Persephone, Dionysus ---------------------------------------------------


def test_the_sirens_lure_the_topmost_card_of_strength_one_to_seven():
    """„Za jeden akční bod si hráč může vzít vrchní karu ze soupeřova odhazovacího balíčku
    a umístit si ji do ruky (Tato karta musí mít sílu o jedné do sedmi.“"""
    state = rules.position(fields=[TWO, TWO], hands=(["sirens"], []),
                           discards=([], ["s3", "s6", "medusa", "hades"]))
    applied = post(state, HERA, "sirens")
    state = applied.state
    assert hand(state, HERA) == ["s6"] and state["hands"][HERA][0].startswith("z")
    assert pile(state, ZEUS) == ["s3", "medusa", "hades"] and pile(state, HERA) == ["sirens"]
    mine = rules.view(state, HERA)["hand"]
    assert mine[0]["lured"] is True and mine[0]["key"] == "lured:s6"
    assert [c["strength"] for c in rules.view(state, ZEUS)["sides"][HERA]["lured"]] == [6]


def test_the_sirens_cannot_be_used_without_a_card_of_strength_one_to_seven():
    """„Pokud na soupeřově odhazovacím balíčku není karta s hodnotou 1-7 nemohou být sirény
    použity“."""
    state = rules.position(fields=[TWO, TWO], hands=(["sirens"], []),
                           discards=([], ["medusa", "s0", "hades"]))
    assert "sirens" not in {a.action for a in rules.actions(state, HERA)}
    with pytest.raises(IllegalActionError, match="strength 1–7"):
        post(state, HERA, "sirens")


def test_a_lured_card_is_played_as_ones_own_but_its_back_gives_it_away():
    """„Tuto kartu může zahrát ještě v témže kole nebo si ji ponechá na ruce, jako by to byla
    jeho vlastní karta … zadní strany jsou pro oba hráče rozdílné, takže soupeř může lehce
    zjistit, která je jeho karta“."""
    state = rules.position(fields=[[["s1"], ["s1"], []], [["s1"], [], []]],
                           hands=(["lured:s6", "s6"], []))
    state = post(state, HERA, "play", card="lured:s6", place="3-0").state
    assert state["fields"][HERA][2][0] in state["up"]
    assert rules.view(state, ZEUS)["sides"][HERA]["columns"][2]["slots"][0]["card"]["lured"]
    state = post(state, HERA, "play", card="s6", place="2-0").state
    assert state["fields"][HERA][1][0] not in state["up"]


def test_hades_brings_any_own_card_back_unseen():
    """„Hádes použit k vyhledání karty v odhazovacím balíčku a na její navrácení do hráčovy
    ruky … Hráč není povinen říkat nebo ukazovat, co si z ohazovacího balíčku vytáhl“."""
    state = rules.position(fields=[TWO, TWO], hands=(["hades"], []),
                           discards=(["s7", "medusa", "s2"], []))
    offered = sorted(a.params["card"] for a in rules.actions(state, HERA) if a.action == "hades")
    assert offered == ["medusa", "s2", "s7"]
    applied = post(state, HERA, "hades", card="s7")
    assert hand(applied.state, HERA) == ["s7"] and pile(applied.state, HERA) == [
        "medusa", "s2", "hades"]
    public = [e for e in applied.log if "to" not in e]
    assert public[0]["args"] == {"who": {"seat": HERA}}
    assert applied.revealed is False


def test_persephone_takes_up_to_three_pegasus_within_the_hand_limit():
    """„Za jeden akční bod si hráč může vzít ze svého odhazovacího balíčku tři karty Pegasů …
    Pokud jsou v odhazovacím balíčku méně než tři Pegasové, bere hráč si je hráč všechny … stále
    platí limit, že hráč nemůže mít více jak dvanáct karet na ruce.“"""
    four = (["pegasus", "s3", "pegasus", "pegasus", "pegasus"], [])
    state = rules.position(fields=[TWO, TWO], hands=(["persephone"], []), discards=four)
    state = post(state, HERA, "persephone").state
    assert hand(state, HERA) == ["pegasus"] * 3
    assert pile(state, HERA) == ["pegasus", "s3", "persephone"]
    one = rules.position(fields=[TWO, TWO], hands=(["persephone"], []),
                         discards=(["pegasus"], []))
    assert hand(post(one, HERA, "persephone").state, HERA) == ["pegasus"]
    crowded = rules.position(fields=[TWO, TWO], hands=(["persephone"] + ["s1"] * 10, []),
                             discards=four)
    after = post(crowded, HERA, "persephone").state
    assert len(after["hands"][HERA]) == 12 and hand(after, HERA).count("pegasus") == 2


def test_dionysus_moves_one_card_to_another_column():
    """„Za jeden akční bod může Dyonisos pohnout jednou kartou v poli do jiného sloupce. Kartu
    může umístit před, mezi , nebo za karty v novém sloupci. Hráč nemůže umístí více jak čtyři
    karty do jednoho sloupce“."""
    state = rules.position(fields=[[["s3", "s5", "s1"], ["s2", "s2", "s2", "s2"], ["s7"]],
                                   [["s1"], [], []]], hands=(["dionysus"], []))
    move = next(a for a in rules.actions(state, HERA)
                if a.action == "dionysus" and a.params["card"] == "1-1")
    assert move.inputs["to"]["choices"] == ["3-0", "3-1"]
    applied = post(state, HERA, "dionysus", card="1-1", to="3-0")
    assert column(applied.state, HERA, 1) == ["s3", "s1"]
    assert column(applied.state, HERA, 3) == ["s5", "s7"]
    assert applied.revealed is False
    with pytest.raises(IllegalActionError, match="another column"):
        post(state, HERA, "dionysus", card="1-1", to="1-0")
    with pytest.raises(IllegalActionError, match="no such place"):
        post(state, HERA, "dionysus", card="1-1", to="2-2")


def test_an_ability_is_discarded_after_use():
    """„Po zahrání schopnosti mytologické karty ji hráč odhodí na odkládací balíček.“"""
    state = rules.position(fields=[TWO, TWO], hands=(["pythia", "dionysus"], ["s1"]))
    state = post(state, HERA, "pythia_look").state
    state = post(state, HERA, "dionysus", card="1-1", to="2-2").state
    assert pile(state, HERA) == ["pythia", "dionysus"]


# --- the end ----------------------------------------------------------------------------------


def test_every_way_the_game_ends_is_a_result_with_a_winner():
    """„Konec hry“: all six bullets end the game with a winner (the individual cases are
    tested above); the turn limit is the app's own draw."""
    state = rules.position(fields=[[["s1"], [], []], [["s1"], [], []]], left=1,
                           turn_limit=20, round=10, seat=ZEUS, decks=(["s1"], ["s1"]))
    result = post(state, ZEUS, "draw").state["result"]
    assert result == {"winners": [], "draw": True,
                      "text": "The turn limit ({limit}) is reached: a draw.",
                      "args": {"limit": 20}}


def test_names_follow_the_deck():
    """Hera's deck holds Io, Nemesis, the Amazon; Zeus's Argus, Poseidon, the Hero."""
    state = rules.position(fields=[TWO, TWO], hands=(["hostage", "nemesis", "amazon", "god"],
                                                     ["hostage", "nemesis", "amazon", "god"]))
    assert names(state, HERA) == ["Io", "Nemesis", "Amazon", "Hera"]
    assert names(state, ZEUS) == ["Argus", "Poseidon", "Hero", "Zeus"]
