"""Blitz und Donner (Hera and Zeus): setup, the turn, drawing, playing, challenges — one test
per rule sentence of the Czech rulebook (``shared/rules/blitz-und-donner.cs.txt``).

Each docstring quotes the Czech words it checks, with an English gloss. Positions are built
by hand with ``rules.position`` (kind keys, ``^`` for face up, ``figure``); randomness comes
from a scripted stand-in, so an outcome is the rule's doing. The special cards and every way
the game ends are in ``test_hera_zeus_specials.py``.
"""

from __future__ import annotations

import json

import pytest

from companion.games.base import ActionSyntaxError, IllegalActionError
from companion.games.hera_zeus import rules
from companion.games.hera_zeus.cards import DECK_SIZE, HERA, ZEUS
from tests.playing import default_options, rng_for


class Script:
    """Stand-in randomness: shuffles keep the order (or apply ``arrange``), picks are given."""

    def __init__(self, picks=(), arrange=None):
        self.picks = list(picks)
        self.arrange = arrange

    def shuffle(self, items):
        items = list(items)
        return self.arrange(items) if self.arrange else items

    def randbelow(self, n):
        return self.picks.pop(0) if self.picks else 0

    def choice(self, items):
        return items[0]


def post(state, seat, action, rng=None, **params):
    return rules.apply(state, seat, {"action": action, "params": params}, rng or Script())


def kinds(state, cards):
    return [state["kinds"].get(c, c) for c in cards]


def column(state, seat, col):
    return kinds(state, state["fields"][seat][col - 1])


def hand(state, seat):
    return kinds(state, state["hands"][seat])


def pile(state, seat):
    return kinds(state, state["discards"][seat])


def texts(applied):
    return [entry["text"] for entry in applied.log]


def opts(**changes):
    options = default_options(rules, 2)
    options.update(changes)
    return options


FULL = [["s3", "s2"], ["s4", "s2"], ["s5", "s2"]]
"""Three columns of two: every column may challenge under the default rule."""


# --- setup -----------------------------------------------------------------------------------


def test_each_player_has_43_cards_and_draws_nine():
    """„Každý hráč má 43 karet … Každý hráč si ze svojí hromádky lízne 9 karet a ponechá si
    je na ruce“ (43 cards each; each draws 9 into the hand)."""
    state = rules.setup(opts(), rng_for(0))
    for seat in (HERA, ZEUS):
        assert len(state["hands"][seat]) == 9
        assert len(state["hands"][seat]) + len(state["decks"][seat]) == DECK_SIZE
        assert all(state["kinds"][c] != "hostage" for c in state["hands"][seat])
    assert state["phase"] == "setup"


def test_a_hostage_in_the_opening_hand_is_shown_replaced_and_shuffled_back():
    """„Když si hráč v těchto devíti kartách lízne Arguse nebo Io, ukáže tuto kartu soupeři
    a lízne si místo ní jinou a tuto poté zamíchá zpátky do balíčku.“"""
    shuffles = []

    def hostage_on_top(items):
        shuffles.append(list(items))
        hostages = [c for c in items if c in ("h00", "z00")]
        return [c for c in items if c not in hostages] + hostages

    state = rules.setup(opts(), Script(arrange=hostage_on_top))
    assert state["opening"] == [True, True]
    for seat, hostage in ((HERA, "h00"), (ZEUS, "z00")):
        assert state["kinds"][hostage] == "hostage"
        assert hostage in state["decks"][seat]
        assert len(state["hands"][seat]) == 9 and hostage not in state["hands"][seat]
    assert len(shuffles) == 4  # each deck at the start, and again with the hostage back
    tablet = rules.view(state, None)
    assert [side["opening_hostage"] for side in tablet["sides"]] == [True, True]


def test_first_rows_are_three_face_down_cards_and_hera_begins():
    """„Každý hráč si vybere 3 karty ze své ruky a umístí je na stůl lícem dolů vedle sebe …
    Začíná hráč hrající za Heru.“"""
    state = rules.setup(opts(), rng_for(3))
    for seat in (HERA, ZEUS):
        for col in (1, 2, 3):
            lay = next(a for a in rules.actions(state, seat) if a.action == "lay")
            place = f"{col}-0"
            assert place in lay.inputs["place"]["choices"]
            applied = rules.apply(state, seat, {"action": "lay", "params": {
                "card": lay.params["card"], "place": place}}, rng_for(9))
            # The last card hands the first turn to Hera, and whether she can spend her
            # points hangs on her face-down cards: that one is not Zeus's to take back.
            assert applied.revealed is (seat == ZEUS and col == 3)
            state = applied.state
    assert state["phase"] == "play"
    assert state["turn"]["seat"] == HERA and state["turn"]["left"] == 3
    tablet = rules.view(state, None)
    for side in tablet["sides"]:
        assert [len(c["slots"]) for c in side["columns"]] == [1, 1, 1]
        assert all(c["slots"][0]["card"] is None for c in side["columns"])
    assert all(rules.view(state, HERA)["sides"][HERA]["columns"][c]["slots"][0]["card"]
               for c in range(3))


def test_a_card_with_only_the_mythological_symbol_is_never_laid():
    """„Několik karet má na sobě pouze mytologický symbol. Tyto karty nemůžou být nikdy
    vyneseny na stůl.“"""
    state = rules.setup(opts(), rng_for(1))
    state["hands"][HERA] = [c for c in state["kinds"] if state["kinds"][c] == "sirens"
                            and c[0] == "h"] + state["hands"][HERA][:2]
    offered = {a.params["card"] for a in rules.actions(state, HERA) if a.action == "lay"}
    assert "sirens" not in offered
    with pytest.raises(IllegalActionError, match="mythological symbol"):
        post(state, HERA, "lay", card="sirens", place="1-0")


def test_a_first_row_card_goes_into_an_empty_column_only():
    state = rules.setup(opts(), rng_for(2))
    card = rules.actions(state, HERA)[0].params["card"]
    state = post(state, HERA, "lay", card=card, place="2-0").state
    again = next(a for a in rules.actions(state, HERA) if a.action == "lay")
    assert "2-0" not in again.inputs["place"]["choices"]
    with pytest.raises(IllegalActionError, match="already has its card"):
        post(state, HERA, "lay", card=again.params["card"], place="2-0")
    with pytest.raises(ActionSyntaxError):
        post(state, HERA, "lay", card=again.params["card"], place="column two")


def test_nothing_but_laying_happens_before_both_first_rows_are_laid():
    state = rules.setup(opts(), rng_for(2))
    with pytest.raises(IllegalActionError, match="First lay three cards"):
        post(state, HERA, "draw")


# --- action points --------------------------------------------------------------------------


def test_action_points_are_the_columns_at_the_start_of_the_turn():
    """„Hráč dostane tolik akčních bodů, kolik měl na začátku kola sloupců svého herního pole
    (1,2 nebo 3)“."""
    for columns, points in (([["s3"], [], []], 1), ([["s3"], [], ["s4"]], 2),
                            ([["s3"], ["s1"], ["s4"]], 3)):
        state = rules.position(fields=[[["s5"], [], []], columns], seat=HERA, left=1)
        applied = post(state, HERA, "draw")
        assert applied.state["turn"]["seat"] == ZEUS
        assert applied.state["turn"]["total"] == points == applied.state["turn"]["left"]


def test_the_god_figure_gives_four_action_points():
    """„Když má hráč ve hře figuru Hery nebo Dia dostává 4 akční body.“"""
    state = rules.position(fields=[[["s5"], [], []], [["figure", "s3"], [], []]], left=1)
    state = post(state, HERA, "draw").state
    assert state["turn"]["seat"] == ZEUS and state["turn"]["total"] == 4


def test_points_counted_at_the_start_stay_when_a_column_is_lost():
    """„kolik měl na začátku kola sloupců“ (designer's FAQ: „as many action points … as he has
    columns at the beginning of his turn“): Pandora sweeps Hera's column 1, she keeps her
    points."""
    state = rules.position(fields=[[["s3", "s3"], ["s4"], ["s5"]],
                                   [["pandora", "s2"], ["s1"], ["s1"]]])
    assert state["turn"]["left"] == 3
    state = post(state, HERA, "challenge", column=1).state
    assert column(state, HERA, 1) == [] and state["turn"]["left"] == 2
    state = post(state, HERA, "draw").state
    assert state["turn"] == {**state["turn"], "seat": HERA, "left": 1, "spent": 2}


def test_an_action_may_be_paid_for_more_than_once_and_points_are_not_carried_over():
    """„Klidně si může zaplatit jeden úkon vícekrát. Hráč musí spotřebovat všechny své akční
    body … Nelze je převádět do příštího kola.“"""
    state = rules.position(fields=[FULL, [["s5"], [], []]])
    for left in (2, 1):
        state = post(state, HERA, "draw").state
        assert state["turn"]["seat"] == HERA and state["turn"]["left"] == left
    state = post(state, HERA, "draw").state
    assert state["turn"]["seat"] == ZEUS and state["turn"]["left"] == 1
    state = post(state, ZEUS, "draw").state
    assert state["turn"]["seat"] == HERA and state["turn"]["left"] == 3


def test_a_player_who_cannot_spend_every_point_loses_at_once():
    """„Pokud hráč nemůže použít všechny svoje povolené akční body prohrává hru.“ Hera draws
    her last card, a Sirens with nothing to lure; her second point cannot be spent."""
    state = rules.position(fields=[[["s3"], ["s4"], []], [["s5"], [], []]],
                           decks=(["sirens"], []))
    applied = post(state, HERA, "draw")
    assert rules.result(applied.state) == {
        "winners": [ZEUS], "draw": False,
        "text": "{loser} cannot spend all action points: {winner} wins.",
        "args": {"loser": {"seat": HERA}, "winner": {"seat": ZEUS}}}
    assert rules.actions(applied.state, HERA) == []


def test_a_turn_that_cannot_start_its_points_loses_too():
    """The same rule at the start of a turn: Zeus has no deck, no hand, nothing to
    challenge."""
    state = rules.position(fields=[FULL, [["s5"], [], []]], decks=(["s1"], []), left=1)
    applied = post(state, HERA, "draw")
    assert applied.state["result"]["winners"] == [HERA]


def test_a_player_without_a_card_on_the_field_at_the_start_of_the_turn_loses():
    """„Když nemá hráč na začátku kola na své straně stolu žádné karty prohrává.“"""
    state = rules.position(fields=[[["s6", "s2"], [], []], [["s1"], [], []]], left=1)
    applied = post(state, HERA, "challenge", column=1)
    assert applied.state["result"]["winners"] == [HERA]
    assert "no card on the field" in applied.state["result"]["text"]


# --- drawing -------------------------------------------------------------------------------


def test_draw_takes_the_top_card_into_the_hand():
    """„Hráč si lízne vrchní kartu ze své hromádky, kterou si ponechá na ruce.“"""
    state = rules.position(fields=[FULL, [["s5"], [], []]], decks=(["s1", "s7"], []))
    applied = post(state, HERA, "draw")
    assert hand(applied.state, HERA) == ["s7"] and kinds(applied.state,
                                                          applied.state["decks"][HERA]) == ["s1"]
    assert applied.revealed is True
    assert "You drew {card}." in texts(applied)
    private = next(e for e in applied.log if e["text"] == "You drew {card}.")
    assert private["to"] == [HERA]


def test_a_hand_holds_at_most_twelve_cards():
    """„Hráč smí mít na ruce nanejvýš dvanáct karet.“"""
    state = rules.position(fields=[FULL, [["s5"], [], []]], hands=(["s1"] * 12, []))
    assert "draw" not in {a.action for a in rules.actions(state, HERA)}
    with pytest.raises(IllegalActionError, match="12 cards"):
        post(state, HERA, "draw")
    assert any(b["action"] == "draw" for b in rules.view(state, HERA)["blocked"])


def test_an_empty_deck_cannot_be_drawn_from():
    """„Pokud již nejsou v hráčově hromádce žádné karty, nemůže více tuto kartu použít.“"""
    state = rules.position(fields=[FULL, [["s5"], [], []]], decks=([], []), hands=(["s1"], []))
    with pytest.raises(IllegalActionError, match="deck is empty"):
        post(state, HERA, "draw")


# --- playing a card ------------------------------------------------------------------------


def test_a_card_is_played_before_between_or_behind_and_the_column_closes_up():
    """„Hráč může kartu zahrát před, za nebo mezi karty v sloupci … přesune tuto a další
    před ní a tak udělá prostor … karty ve sloupci uspořádány, aby zde nebyl volný prostor.“"""
    state = rules.position(fields=[[["s3", "s2"], [], ["s1"]], [["s5"], [], []]],
                           hands=(["s7", "s6", "s1"], []))
    play = next(a for a in rules.actions(state, HERA) if a.action == "play")
    assert play.inputs["place"]["choices"] == ["1-0", "1-1", "1-2", "2-0", "3-0", "3-1"]
    state = post(state, HERA, "play", card="s7", place="1-0").state
    state = post(state, HERA, "play", card="s6", place="1-2").state
    assert column(state, HERA, 1) == ["s7", "s3", "s6", "s2"]
    assert state["turn"]["seat"] == ZEUS


def test_a_column_holds_at_most_four_cards():
    """„Hráč smí mít tedy nanejvýš dvanáct karet ve čtyřech řadách a třech sloupcích.“"""
    state = rules.position(fields=[[["s3", "s2", "s1", "s4"], ["s1"], []], [["s5"], [], []]],
                           hands=(["s7"], []))
    play = next(a for a in rules.actions(state, HERA) if a.action == "play")
    assert not any(p.startswith("1-") for p in play.inputs["place"]["choices"])
    with pytest.raises(IllegalActionError, match="four cards"):
        post(state, HERA, "play", card="s7", place="1-4")
    assert column(state, HERA, 1) == ["s3", "s2", "s1", "s4"]


def test_a_new_column_may_be_started_without_filling_the_others():
    """„Hráč nemusí zaplnit řadu třetí kartou před tím, než začne novou. Podobně hráč nemusí
    zaplnit sloupec než začne nový.“"""
    state = rules.position(fields=[[["s3"], [], []], [["s5"], [], []]], hands=(["s7"], []))
    state = post(state, HERA, "play", card="s7", place="3-0").state
    assert column(state, HERA, 3) == ["s7"]


def test_a_played_card_lies_face_down_and_only_its_owner_sees_it():
    """„Hráč vždy vykládá novou kartu do hry lícem dolů … Hráč se může kdykoliv prohlédnout
    své karty umístěné na hracím plánu lícem dolů.“"""
    state = rules.position(fields=[FULL, [["s5"], [], []]], hands=(["s7"], []))
    applied = post(state, HERA, "play", card="s7", place="2-0")
    assert applied.revealed is False
    mine = rules.view(applied.state, HERA)["sides"][HERA]["columns"][1]["slots"][0]
    assert mine["card"]["strength"] == 7 and mine["up"] is False
    for viewer in (ZEUS, None):
        theirs = rules.view(applied.state, viewer)["sides"][HERA]["columns"][1]["slots"][0]
        assert theirs == {"slot": "2-0", "row": 1, "figure": False, "up": False, "card": None}
    public = [e for e in applied.log if "to" not in e]
    assert "s7" not in json.dumps(public) and "Creature 7" not in json.dumps(public)


def test_malformed_places_are_400_and_unheld_cards_422():
    state = rules.position(fields=[FULL, [["s5"], [], []]], hands=(["s7"], []))
    with pytest.raises(ActionSyntaxError):
        post(state, HERA, "play", card="s7", place="9-9")
    with pytest.raises(ActionSyntaxError):
        post(state, HERA, "play", card="s7")
    with pytest.raises(IllegalActionError, match="do not hold"):
        post(state, HERA, "play", card="s6", place="1-0")
    with pytest.raises(IllegalActionError, match="It is .* turn"):
        post(state, ZEUS, "draw")


# --- challenges ----------------------------------------------------------------------------


def test_no_challenge_in_the_first_round():
    """„Hráči může tuto akci použít až od druhého kola.“"""
    state = rules.position(fields=[FULL, [["s1"], ["s1"], ["s1"]]], round=1)
    assert "challenge" not in {a.action for a in rules.actions(state, HERA)}
    with pytest.raises(IllegalActionError, match="round 2"):
        post(state, HERA, "challenge", column=1)
    reasons = {b["reason"] for b in rules.view(state, HERA)["blocked"]}
    assert "Challenges start in round 2." in reasons
    assert "challenge" in {a.action for a in rules.actions(
        rules.position(fields=[FULL, [["s1"], ["s1"], ["s1"]]], round=2), HERA)}


def test_a_challenge_needs_two_cards_in_the_column():
    """„Útok je možný, jen když v odpovídajícím sloupci jsou aspoň dvě karty.“ By default the
    challenger's column; the table may choose the challenged one, or both."""
    fields = [[["s5", "s1"], ["s5"], []], [["s1"], ["s1", "s1"], []]]
    offered = {o: {a.params["column"] for a in rules.actions(
        rules.position(fields=fields, challenge_support=o), HERA) if a.action == "challenge"}
        for o in ("attacker", "defender", "both")}
    assert offered == {"attacker": {1}, "defender": {2}, "both": set()}
    with pytest.raises(IllegalActionError, match="needs at least two cards"):
        post(rules.position(fields=fields), HERA, "challenge", column=2)


def test_challenges_go_straight_across_never_diagonally():
    """„Hráč nesmí útočit do úhlopříčky.“ Column 1 faces column 1 only."""
    state = rules.position(fields=[[["s7", "s1"], [], []], [[], ["s1"], []]])
    assert "challenge" not in {a.action for a in rules.actions(state, HERA)}
    with pytest.raises(IllegalActionError, match="no card in column 1"):
        post(state, HERA, "challenge", column=1)


def test_only_first_row_cards_challenge_and_are_challenged():
    """„Útoči nebo být cílem útoku mohou být pouze karty v první hráčově řadě.“ The 7 behind
    Hera's 2 does not fight; Zeus's 1 behind his 3 is not touched."""
    state = rules.position(fields=[[["s2", "s7"], [], []], [["s3", "s1"], [], []]])
    state = post(state, HERA, "challenge", column=1).state
    assert column(state, HERA, 1) == ["s7"] and column(state, ZEUS, 1) == ["s3", "s1"]


@pytest.mark.parametrize("front", ["hostage", "medusa", "pandora", "figure"])
def test_io_argus_medusa_pandora_and_the_figures_never_challenge(front):
    """„Karty Io, Argus, Medusa, Pandora, Hera a Zeus nikdy nemůžou zahájit souboj.“"""
    state = rules.position(fields=[[[front, "s7"], [], []], [["s1", "s1"], [], []]])
    assert "challenge" not in {a.action for a in rules.actions(state, HERA)}
    with pytest.raises(IllegalActionError, match="never challenges"):
        post(state, HERA, "challenge", column=1)


def test_the_higher_strength_wins_and_stays_face_up_the_loser_is_discarded():
    """„Hráč s vyšší sílou vyhrává. Poražená karta je odhozena na odkládací balíček. Vítězná
    karta zůstane odkryta v první řadě.“"""
    state = rules.position(fields=[[["s5", "s1"], [], []], [["s3", "s6", "s2"], [], []]])
    applied = post(state, HERA, "challenge", column=1)
    state = applied.state
    assert applied.revealed is True
    assert column(state, ZEUS, 1) == ["s6", "s2"] and pile(state, ZEUS) == ["s3"]
    assert column(state, HERA, 1) == ["s5", "s1"]
    assert state["fields"][HERA][0][0] in state["up"]
    assert state["fields"][ZEUS][0][0] not in state["up"]  # the 6 moved up, still face down
    tablet = rules.view(state, None)
    assert tablet["sides"][HERA]["columns"][0]["slots"][0]["card"]["strength"] == 5
    assert tablet["last"]["kind"] == "challenge"
    assert [c["card"]["strength"] for c in tablet["last"]["cards"]] == [5, 3]


def test_the_challenged_card_may_win_too():
    state = rules.position(fields=[[["s2", "s1"], [], []], [["s4"], [], []]])
    state = post(state, HERA, "challenge", column=1).state
    assert column(state, HERA, 1) == ["s1"] and pile(state, HERA) == ["s2"]
    assert column(state, ZEUS, 1) == ["s4"] and state["fields"][ZEUS][0][0] in state["up"]


def test_a_tie_discards_both_and_the_columns_close_up():
    """„Pokud nastane situace, že karty mají stejnou sílu, jsou obě odhozeny na diskartovací
    balíček, a hráč posune karty v tomto sloupci dopředu tak, aby zaplnil volná místa.“"""
    state = rules.position(fields=[[["s4", "s1"], [], []], [["s4", "s7"], [], []]])
    state = post(state, HERA, "challenge", column=1).state
    assert column(state, HERA, 1) == ["s1"] and column(state, ZEUS, 1) == ["s7"]
    assert pile(state, HERA) == ["s4"] and pile(state, ZEUS) == ["s4"]


def test_challenging_the_hostage_in_the_first_row_wins():
    """„Pokud hráč vyzve soupeřova Arguse nebo Io, kteří jsou v první řadě vyhrál.“"""
    state = rules.position(fields=[[["s1", "s1"], [], []], [["hostage", "s7"], [], []]])
    applied = post(state, HERA, "challenge", column=1)
    assert applied.state["result"]["winners"] == [HERA]
    assert applied.state["result"]["args"]["card"] == "Argus"
    assert rules.actions(applied.state, ZEUS) == []


def test_the_column_facing_the_opponents_figure_is_never_challenged():
    """„Hráč nesmí vyvolat souboj s řadou naproti, kde je Héra nebo Zeus.“"""
    state = rules.position(fields=[[["s7", "s1"], [], []], [["figure", "s1"], [], []]])
    assert "challenge" not in {a.action for a in rules.actions(state, HERA)}
    with pytest.raises(IllegalActionError, match="figure stands in column 1"):
        post(state, HERA, "challenge", column=1)


def test_the_refusals_change_nothing():
    state = rules.position(fields=[FULL, [["s1"], [], []]], round=1)
    frozen = json.dumps(state, sort_keys=True)
    for bad in ({"action": "challenge", "params": {"column": 1}},
                {"action": "challenge", "params": {"column": "x"}},
                {"action": "play", "params": {"card": "s7", "place": "1-0"}}):
        with pytest.raises((IllegalActionError, ActionSyntaxError)):
            rules.apply(state, HERA, bad, Script())
    assert json.dumps(state, sort_keys=True) == frozen


# --- options ----------------------------------------------------------------------------------


def test_the_deck_must_hold_43_cards():
    with pytest.raises(ActionSyntaxError, match="43"):
        rules.validate(opts(count_pegasus=6))
    rules.validate(opts(count_pegasus=6, count_s4=3))
    with pytest.raises(ActionSyntaxError):
        rules.validate(opts(strength_pythia="8"))


def test_every_count_and_uncertain_strength_is_a_checked_option():
    checked = {o.name for o in rules.OPTIONS if o.check_cards}
    assert {f"count_{k}" for k in ("s7", "pegasus", "pythia", "god", "sirens")} <= checked
    assert {f"strength_{k}" for k in ("nemesis", "amazon", "pythia", "pandora")} <= checked
    assert "strength_pegasus" not in checked and "strength_medusa" not in checked


def test_the_screens_list_the_deck_in_play():
    state = rules.setup(opts(count_pegasus=4, count_s4=5, strength_pythia="3"), rng_for(0))
    deck = {k["kind"]: k for k in rules.view(state, None)["deck"]}
    assert deck["pegasus"]["count"] == 4 and deck["s4"]["count"] == 5
    assert deck["pythia"]["strength"] == 3 and deck["hostage"]["names"] == ["Io", "Argus"]
    assert sum(k["count"] for k in deck.values()) == DECK_SIZE
