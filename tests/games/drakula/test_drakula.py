"""Drakula (2 players): setup, movement, peeks, fights, action cards, barriers, the end.

Every test quotes the sentence of the Czech rulebook (``shared/rules/drakula-2p.cs.txt``)
it checks, with an English gloss. States are built by hand with :func:`build`.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from companion.games.base import ActionSyntaxError, IllegalActionError
from companion.games.drakula import data
from companion.games.drakula import rules as r
from companion.games.drakula.turn import start_turn
from tests.playing import rng_for

D, V = data.DRACULA, data.VAN_HELSING

BOARD = {
    "harbour": "vampire1", "house_1": "hunter2", "house_2": "coffin", "house_3": "victim",
    "house_4": "amulet", "house_5": "hunter1", "house_6": "vampire2", "house_7": "crucifix",
    "house_8": "coffin", "house_9": "victim", "house_10": "vampire3",
    "coach_station": "hunter3",
}
HANDS = (["dech", "hloubka", "kridla", "oci", "stin"],
         ["bojovnost", "bystrost", "mameni", "obratnost", "odpor"])


def build(first=D, locations=None, hands=None, captured=None, discard=None, figures=None,
          barriers=None, options=None, **board):
    """A game in play: the board (default :data:`BOARD`, ``house_3=None`` empties a
    location), both supplies holding the rest of each side's cards."""
    opts = r.default_options()
    opts.update(options or {})
    state = r.setup(opts, rng_for(0))
    cells = dict(BOARD if locations is None else locations)
    cells.update(board)
    state["locations"] = {loc: cells.get(loc) for loc in data.LOCATIONS}
    state["captured"] = [list(c) for c in (captured or ([], []))]
    state["discard"] = [list(c) for c in (discard or ([], []))]
    for side in (D, V):
        used = Counter(k for k in state["locations"].values()
                       if k and data.KINDS[k]["owner"] == side)
        used += Counter(state["captured"][1 - side]) + Counter(state["discard"][side])
        state["supply"][side] = sorted((Counter(state["deck"][side]) - used).elements())
    for side, hand in enumerate(hands or HANDS):
        state["hands"][side] = {
            "hand": list(hand), "played": [],
            "aside": [c for c in data.SIDE_CARDS[side] if c not in hand], "known": []}
    if figures:
        state["figures"] = list(figures)
    if barriers:
        state["barriers"].update(barriers)
    state["phase"] = "play"
    state["ready"] = [True, True]
    start_turn(state, first)
    return state


def do(state, seat, action, **params):
    return r.apply(state, seat, {"action": action, "params": params}, rng_for(7))


def act(state, seat, action, **params):
    return do(state, seat, action, **params).state


def walk(state, seat, *locations):
    for loc in locations:
        state = act(state, seat, "step", to=loc)
    return state


def names(state, seat):
    return {a.action for a in r.actions(state, seat)}


def conserved(state):
    """All 30 encounter cards are somewhere, each exactly once."""
    everywhere = Counter(k for k in state["locations"].values() if k)
    for side in (D, V):
        everywhere += Counter(state["supply"][side]) + Counter(state["captured"][side])
        everywhere += Counter(state["discard"][side])
    return everywhere == Counter(state["deck"][0]) + Counter(state["deck"][1])


def finish_turn(state, seat):
    """Skip whatever is left of the turn after the card was played."""
    while state["turn"] and state["turn"]["seat"] == seat and not r.result(state):
        stage = state["turn"]["stage"]
        if stage == "special":
            state = act(state, seat, "skip_special")
        elif stage == "barrier":
            state = act(state, seat, "end_turn")
        else:
            break
    return state


# --- setup ---------------------------------------------------------------------------


def test_setup_each_side_picks_six_and_the_app_deals_twelve_face_down():
    """„Každý hráč si ze svých karet setkání vybere 6. Všech těchto 12 karet se dobře
    zamíchá a obrázkem dolů rozloží namátkou na 12 lokací … Zbylých 9 karet si každý hráč
    položí před sebe do zásoby.“ (each picks 6; the 12 are shuffled onto the 12 locations;
    the other 9 form the supply.)"""
    state = r.setup(r.default_options(), rng_for(0))
    for kind in ["coffin", "coffin", "vampire3", "vampire3", "amulet", "vampire1"]:
        state = act(state, D, "pick", kind=kind)
    for kind in ["victim"] * 3 + ["hunter1"] * 3:
        state = act(state, V, "pick", kind=kind)
    state = act(state, D, "confirm")
    assert state["phase"] == "setup" and r.actions(state, D) == []
    state = act(state, V, "confirm")
    assert state["phase"] == "play"
    on_board = Counter(state["locations"].values())
    assert on_board == Counter({"coffin": 2, "vampire3": 2, "amulet": 1, "vampire1": 1,
                                "victim": 3, "hunter1": 3})
    assert len(state["supply"][D]) == len(state["supply"][V]) == 9
    assert "amulet" not in state["supply"][D] and state["supply"][V].count("victim") == 2
    assert conserved(state)


def test_setup_refuses_a_seventh_card_and_an_early_confirm():
    """„Každý hráč si ze svých karet setkání vybere 6.“ (each picks exactly six.)"""
    state = r.setup(r.default_options(), rng_for(0))
    with pytest.raises(IllegalActionError):
        do(state, D, "confirm")
    for kind in ["vampire2"] * 3 + ["coffin"] * 3:
        state = act(state, D, "pick", kind=kind)
    assert names(state, D) == {"confirm"}
    with pytest.raises(IllegalActionError):
        do(state, D, "pick", kind="coffin")


def test_setup_cannot_pick_more_copies_than_the_side_owns():
    """„Drákula obdrží … 9x upír, 1x amulet, 5x rakev.“ (one amulet only.)"""
    state = act(r.setup(r.default_options(), rng_for(0)), D, "pick", kind="amulet")
    with pytest.raises(IllegalActionError):
        do(state, D, "pick", kind="amulet")
    with pytest.raises(IllegalActionError):
        do(state, D, "pick", kind="victim")


def test_setup_shows_the_first_game_tip_and_hides_the_other_picks():
    """„Tip: Při první hře byste měli mezi vybrané karty setkání zamíchat dvě nebo tři
    cílové karty.“ (first game: mix in two or three target cards.)"""
    state = act(r.setup(r.default_options(), rng_for(0)), D, "pick", kind="coffin")
    assert "two or three" in r.view(state, V)["tip"]
    assert all("two or three" in a.hint for a in r.actions(state, V))
    assert "coffin" not in json.dumps(r.view(state, V)["picks"])
    assert "coffin" not in json.dumps(r.view(state, None))
    assert r.view(state, D)["picks"][0]["kind"] == "coffin"


def test_setup_deals_five_current_action_cards_and_sets_five_aside():
    """„každý si vezme prvních pět … To jsou jeho aktuální akční karty … Ostatních pět karet
    se prozatím odloží stranou.“ (five current, five set aside.)"""
    state = r.setup(r.default_options(), rng_for(3))
    for side in (D, V):
        hand = state["hands"][side]
        assert len(hand["hand"]) == len(hand["aside"]) == 5
        assert set(hand["hand"]) | set(hand["aside"]) == set(data.SIDE_CARDS[side])
    assert r.view(state, D)["hand"] and "hand" not in r.view(state, None)


def test_start_positions_lives_and_no_barriers():
    """„Drákula postaví svou figurku na kartu setkání v přístavu, van Helsing začíná hru na
    kartě ve stanici. • 4 barevné bariéry a 8 životů se položí vedle herního plánu.“"""
    state = r.setup(r.default_options(), rng_for(0))
    assert state["figures"] == ["harbour", "coach_station"]
    assert state["lives"] == [4, 4] and state["reserve"] == 8
    assert all(edge is None for edge in state["barriers"].values())
    assert data.position("harbour") == (0, 0) and data.position("coach_station") == (2, 3)


def test_dracula_starts_the_first_game_and_the_loser_starts_the_next():
    """„První hru začíná Drákula. Při dalších hrách začíná ten hráč, který při poslední hře
    prohrál.“ (Dracula starts the first game; later the previous loser starts.)"""
    options = r.default_options()
    assert r.setup(options, rng_for(0))["first"] == D
    options["previous_result"] = {"winners": [D], "draw": False}
    assert r.setup(options, rng_for(0))["first"] == V
    options["previous_result"] = {"winners": [V], "draw": False}
    assert r.setup(options, rng_for(0))["first"] == D
    assert r.REMATCH is True


# --- movement ------------------------------------------------------------------------


def test_steps_go_only_to_orthogonal_neighbours():
    """„smí chodit pouze vodorovně nebo svisle na přímo sousedící lokaci. Chození
    diagonálně nebo přeskočení není povoleno.“ (orthogonal only, no diagonals, no jumps.)"""
    state = build()
    steps = {a.params["to"] for a in r.actions(state, D) if a.action == "step"}
    assert steps == {"house_1", "house_4"}
    with pytest.raises(IllegalActionError, match="diagonally"):
        do(state, D, "step", to="house_5")
    with pytest.raises(IllegalActionError):
        do(state, D, "step", to="house_2")


def test_a_barrier_blocks_the_way():
    """„Žádná figurka nemůže přejít přes bariéru.“ (no figure crosses a barrier.)"""
    state = build(barriers={"red": "harbour-house_1"})
    assert {a.params["to"] for a in r.actions(state, D) if a.action == "step"} == {"house_4"}
    with pytest.raises(IllegalActionError, match="barrier"):
        do(state, D, "step", to="house_1")


def test_the_figure_must_move_at_least_one_step():
    """„Hráč musí svou figurku posunout minimálně o jednu lokaci.“ (at least one step.)"""
    state = build()
    assert "end_move" not in names(state, D)
    with pytest.raises(IllegalActionError, match="at least one step"):
        do(state, D, "end_move")
    assert "end_move" in names(walk(state, D, "house_1"), D)


def test_a_location_may_be_entered_several_times():
    """„Do jedné lokace smí hráč během jednoho tahu vkročit i několikrát.“"""
    state = walk(build(), D, "house_4", "harbour", "house_4")
    assert state["turn"]["steps"] == 3 and state["figures"][D] == "house_4"


def test_the_start_location_card_may_be_looked_at_only_after_coming_back():
    """„Na kartu setkání, která leží na lokaci, kde se hráč nachází na začátku svého tahu,
    se nesmí podívat – jedině pokud se v tomto tahu … znovu vrátí.“"""
    state = build()
    assert "peek" not in names(state, D)
    with pytest.raises(IllegalActionError):
        do(state, D, "peek")
    state = walk(state, D, "house_4")
    back = walk(state, D, "harbour")
    assert "peek" in names(back, D)


def test_no_walking_beyond_the_highest_step_value_in_hand():
    """„Zásadně nesmí hráč táhnout svou figurkou dál, než je nejvyšší možný počet kroků na
    jeho aktuálních akčních kartách.“ (never further than the best card in hand.)"""
    state = build(hands=(["kridla", "tep"], HANDS[1]))  # 1 and 2 steps
    state = walk(state, D, "house_4", "harbour")
    assert "step" not in names(state, D)
    with pytest.raises(IllegalActionError, match="more than 2"):
        do(state, D, "step", to="house_1")


# --- looking at cards ------------------------------------------------------------------


def test_own_card_goes_to_the_supply_and_any_supply_card_is_laid_back():
    """„A) Je to jeho vlastní karta setkání: Hráč položí tuto kartu setkání do své zásoby,
    aniž by ji ukázal protihráči. Potom položí na tuto lokaci svou zakrytou kartu setkání.
    Může to být i ta, kterou si právě vzal.“ (own card to the supply; lay any, even it.)"""
    state = act(walk(build(), D, "house_4"), D, "peek")  # Dracula's amulet
    assert state["turn"]["stage"] == "lay" and "amulet" in state["supply"][D]
    assert names(state, D) == {"lay", "give_target"}
    state = act(state, D, "lay", kind="coffin")
    assert state["locations"]["house_4"] == "coffin" and conserved(state)
    assert state["turn"]["stage"] == "move"
    assert "step" in names(state, D), "after an own card the move may go on"


def test_a_replaced_card_looks_exactly_like_a_fresh_one_to_the_opponent():
    """„Blafování je dovoleno.“ (bluffing is allowed: the opponent sees only that a card
    was laid, never which.)"""
    peeked = act(walk(build(), D, "house_4"), D, "peek")
    same = do(peeked, D, "lay", kind="amulet")
    other = do(peeked, D, "lay", kind="coffin")
    assert r.view(same.state, V) == r.view(other.state, V)
    assert r.view(same.state, None) == r.view(other.state, None)
    public = [e for e in same.log if "to" not in e]
    assert public == [e for e in other.log if "to" not in e]
    assert "amulet" not in json.dumps(r.view(same.state, V))


def test_lay_refuses_a_card_not_in_the_supply():
    """„Potom položí na tuto lokaci svou zakrytou kartu setkání.“ (a card of his own.)"""
    state = act(walk(build(), D, "house_4"), D, "peek")
    with pytest.raises(IllegalActionError):
        do(state, D, "lay", kind="victim")
    with pytest.raises(ActionSyntaxError):
        do(state, D, "lay", kind="dragon")


def test_an_opponent_card_ends_the_move_and_is_shown_to_everyone():
    """„B) Vždy, když hráč odkryje kartu protivníka, končí v této lokaci jeho tah. V každém
    případě musí hráč kartu otočit a odkrytou ji položit na tuto lokaci.“"""
    state = act(walk(build(), D, "house_1"), D, "peek")  # hunter 2
    assert state["turn"]["stage"] == "play" and "step" not in names(state, D)
    for seat in (None, D, V):
        assert r.view(state, seat)["cells"][1]["face_up"]["kind"] == "hunter2"


def test_a_target_card_is_captured_and_replaced_by_a_supply_card():
    """„Oběť nebo Upíří rakev … vezme si ji z herního plánu a položí ji před sebe. Namísto
    této karty pak položí zakrytě jednu ze svých karet setkání.“"""
    state = act(walk(build(), D, "house_1", "house_2", "house_3"), D, "peek")
    assert state["captured"][D] == ["victim"] and state["turn"]["stage"] == "lay"
    state = act(state, D, "lay", kind="vampire3")
    assert state["turn"]["stage"] == "play" and state["locations"]["house_3"] == "vampire3"
    assert r.view(state, None)["seats"][D]["captured"][0]["kind"] == "victim"
    assert conserved(state)


def test_the_fifth_target_wins_at_once():
    """„Pokud hráč našel všech pět cílových karet, vyhrál.“ (all five targets: a win.)"""
    state = build(captured=(["victim"] * 4, []), house_9="hunter1")
    assert conserved(state)
    state = act(walk(state, D, "house_1", "house_2", "house_3"), D, "peek")
    assert r.result(state)["winners"] == [D]
    assert r.actions(state, D) == [] and r.actions(state, V) == []


def test_sign_of_power_costs_a_life_and_goes_face_down_again():
    """„Pokud hráč odkryje ‚Znamení moci‘ protivníka …, tak se nebojuje. Hráč ztrácí
    okamžitě jeden život. … Poté zůstane karta se Znamením moci ležet na této lokaci
    obrázkem dolů.“"""
    state = build(first=V)
    state = act(walk(state, V, "house_10", "house_9", "house_8", "house_4"), V, "peek")
    assert state["lives"][V] == 3 and state["reserve"] == 9, "at once, before the card"
    assert state["locations"]["house_4"] == "amulet" and state["face_up"] is None
    assert r.view(state, None)["cells"][4]["face_up"] is None
    state = act(state, V, "play", card="odpor")
    assert state["lives"][V] == 3


def test_a_sign_of_power_on_the_last_life_ends_the_game_before_any_gift():
    """„Hráč ztrácí okamžitě jeden život.“ + „Když ztratí svůj poslední život, je už příliš
    pozdě.“ — Van Helsing cannot save himself by giving a victim after turning up the
    amulet; Dracula's loss waits for his card (he may hold Tajemství noci)."""
    state = build(first=V)
    state["lives"][V] = 1
    state = act(walk(state, V, "house_10", "house_9", "house_8", "house_4"), V, "peek")
    assert r.result(state)["winners"] == [D]
    dracula = build()
    dracula["lives"][D] = 1
    dracula = act(walk(dracula, D, "house_1", "house_2", "house_3", "house_7"), D, "peek")
    assert r.result(dracula) is None and dracula["face_up"] == "house_7"


def test_the_darkness_of_the_night_saves_the_life_on_the_crucifix():
    """„Výjimka: Drákula použije svou akční kartu ‚Tajemství noci‘, čímž život neztratí.“"""
    state = build(hands=(["tajemstvi", "stin"], HANDS[1]))
    state = act(walk(state, D, "house_1", "house_2", "house_3", "house_7"), D, "peek")
    saved = act(state, D, "play", card="tajemstvi")
    assert saved["lives"][D] == 4
    hurt = act(state, D, "play", card="stin")
    assert hurt["lives"][D] == 3


def crucifix_on_the_last_life(hand, *path):
    """Dracula, on his last life, turns up Van Helsing's crucifix on house 7."""
    state = build(hands=(hand, HANDS[1]))
    state["lives"][D] = 1
    state["reserve"] += 3
    path = path or ("house_1", "house_2", "house_3", "house_7")
    return act(walk(state, D, *path), D, "peek")


def test_a_target_given_after_the_crucifix_took_the_last_life_comes_too_late():
    """„Hráč ztrácí okamžitě jeden život. Výjimka: Drákula použije svou akční kartu
    ‚Tajemství noci‘“ and „Musí to ale udělat dříve než ztratí svůj poslední život. Když
    ztratí svůj poslední život, je už příliš pozdě.“ — Dracula without the Darkness of the
    Night lost his last life when he turned the crucifix up: giving a coffin away before
    his card is played does not save him (as it would not save Van Helsing on the amulet)."""
    state = crucifix_on_the_last_life(["stin", "ticho"])
    state = act(state, D, "give_target")
    assert state["lives"][D] == 3 and r.result(state) is None
    over = act(state, D, "play", card="stin")
    assert r.result(over)["winners"] == [V] and over["lives"][D] == 0
    assert sum(over["lives"]) + over["reserve"] == 16


def test_the_holder_of_the_darkness_of_the_night_keeps_the_life_and_the_gift():
    """„Výjimka: Drákula použije svou akční kartu ‚Tajemství noci‘, čímž život neztratí.“
    He never lost his last life, so a coffin given before he plays is in time: here it pays
    for the two steps his card does not (the card pays 4, he walked 6)."""
    state = crucifix_on_the_last_life(["tajemstvi", "stin"], "house_1", "house_5", "house_6",
                                      "house_2", "house_3", "house_7")
    state = act(state, D, "give_target")
    saved = act(state, D, "play", card="tajemstvi")
    assert r.result(saved) is None and saved["lives"][D] == 1
    assert saved["captured"][V] == ["coffin"]


def test_the_window_before_the_card_tells_van_helsing_nothing_about_the_darkness():
    """The rules let Van Helsing learn whether Dracula holds Tajemství noci only from the
    card he plays: while the crucifix waits, Van Helsing's screen and both sides' buttons
    are the same whichever cards Dracula holds."""
    holder = crucifix_on_the_last_life(["tajemstvi", "stin"])
    other = crucifix_on_the_last_life(["ticho", "stin"])
    assert r.view(holder, V) == r.view(other, V) and r.view(holder, None) == r.view(other, None)
    assert [a.to_json() for a in r.actions(holder, V)] == [
        a.to_json() for a in r.actions(other, V)]
    assert "give_target" in names(holder, D) and "give_target" in names(other, D)
    assert r.view(holder, D)["turn"]["last_life"] is True


@pytest.mark.parametrize(("card", "lives", "on_board", "stage"), [
    ("sila", 4, None, "lay"),              # 4 against 2: won, a card is laid
    ("odpor", 4, "vampire2", "special"),   # 2 against 2: a draw
    ("mameni", 3, "vampire2", "barrier"),  # 1 against 2: lost (and no Feint after a reveal)
])
def test_a_fight_is_decided_by_the_strength_of_the_card_played(card, lives, on_board, stage):
    """„Pokud je bojová síla na akční kartě větší …, hráč boj vyhrál a poražená karta je
    odložena … Pokud je … nižší …, hráč boj prohrál. Karta … zůstává ležet … a hráč …
    musí odevzdat jeden život. Když je bojová síla obou stejná, končí boj nerozhodně.“"""
    state = build(first=V, hands=(HANDS[0], ["sila", "odpor", "mameni"]))
    state = act(walk(state, V, "house_10", "house_6"), V, "peek")  # vampire 2
    after = act(state, V, "play", card=card)
    assert after["lives"][V] == lives
    assert after["locations"]["house_6"] == on_board
    assert after["turn"]["stage"] == stage
    if on_board is None:
        assert after["discard"][D] == ["vampire2"]
        after = act(after, V, "lay", kind="hunter2")
        assert after["locations"]["house_6"] == "hunter2" and conserved(after)


def test_a_card_without_strength_always_loses_a_fight():
    """„V každé sadě karet je jedna karta, která nemá žádnou bojovou sílu.“"""
    state = build(first=V, hands=(HANDS[0], ["obratnost"]))
    state = act(walk(state, V, "house_10", "house_6"), V, "peek")
    assert act(state, V, "play", card="obratnost")["lives"][V] == 3


def test_defeated_enemies_of_one_side_share_one_discard_pile():
    """„Další poražené karty téhož hráče se potom také položí na tento odkládací balíček,
    aby bylo stále poznat, jaké karty v něm již leží.“ (one open pile per side.)"""
    state = build(first=V, hands=(HANDS[0], ["sila"]), discard=(["vampire1"], []))
    state = act(walk(state, V, "house_10", "house_6"), V, "peek")
    state = act(state, V, "play", card="sila")
    assert [c["kind"] for c in r.view(state, None)["seats"][D]["discard"]] == [
        "vampire1", "vampire2"]


def test_an_empty_supply_leaves_the_location_empty_and_anyone_may_lay_there_later():
    """„Pokud musí hráč položit na lokaci vlastní kartu setkání a žádnou už nemá, zůstane
    lokace prázdná. • Když se později ocitne nějaký hráč na lokaci, na které není žádná
    karta setkání, smí tam položit kartu vlastní.“"""
    state = build(first=V, hands=(HANDS[0], ["sila"]))
    state["supply"][D] = []
    state["supply"][V] = []
    state["locations"]["harbour"] = None
    state["deck"] = [dict(Counter(k for k in state["locations"].values()
                                  if k and data.KINDS[k]["owner"] == s)) for s in (D, V)]
    state = act(walk(state, V, "house_10", "house_6"), V, "peek")
    state = act(state, V, "play", card="sila")
    assert state["locations"]["house_6"] is None and state["turn"]["stage"] != "lay"
    assert conserved(state)
    dracula = build(locations={**BOARD, "house_4": None})
    dracula = walk(dracula, D, "house_4")
    assert "lay" in names(dracula, D)
    dracula = act(dracula, D, "lay", kind="coffin")
    assert dracula["locations"]["house_4"] == "coffin" and conserved(dracula)


def test_an_empty_start_location_may_take_a_card_before_the_first_step():
    """„Když se později ocitne nějaký hráč na lokaci, na které není žádná karta setkání, smí
    tam položit kartu vlastní.“: a figure that begins its turn on an empty location is on
    it, so it may lay a card there before it moves (the README's reading); it may not look
    at that card again this turn unless it comes back („… jedině pokud se v tomto tahu
    hráč do této lokace svou figurkou znovu vrátí“)."""
    state = build(harbour=None)
    assert state["turn"]["steps"] == 0 and "lay" in names(state, D)
    state = act(state, D, "lay", kind="vampire3")
    assert state["locations"]["harbour"] == "vampire3" and "lay" not in names(state, D)
    assert "peek" not in names(state, D) and "end_move" not in names(state, D)
    state = walk(state, D, "house_1", "harbour")
    assert "peek" in names(state, D)


FORCED_LAYS = {
    # way into the lay step: (seat, supply, hand, path, how it gets there, stage after)
    "own card looked at": (D, [], HANDS[0], ["house_1", "house_2"], "peek", "move"),
    "target captured": (D, ["coffin"], HANDS[0], ["house_1", "house_2", "house_3"], "peek",
                        "play"),
    "fight won": (V, ["victim"], ["sila"], ["house_10", "house_6"], "sila", "barrier"),
}


@pytest.mark.parametrize("way", sorted(FORCED_LAYS))
def test_giving_the_last_card_away_before_a_forced_lay_leaves_the_location_empty(way):
    """„Pokud musí hráč položit na lokaci vlastní kartu setkání a žádnou už nemá, zůstane
    lokace prázdná.“ and a target may be given away „kdykoli během hry“: a player who must
    lay a card but first gives his last card (a target) away leaves the location empty, and
    his turn goes on instead of waiting for a lay that can never come."""
    seat, supply, hand, path, how, stage = FORCED_LAYS[way]
    hands = (HANDS[0], hand) if seat == V else (hand, HANDS[1])
    state = build(first=seat, hands=hands, house_2="coffin" if way != "target captured"
                  else "vampire1")
    state["supply"][seat] = list(supply)
    state = walk(state, seat, *path)
    state = act(state, seat, "peek")
    if how != "peek":
        state = act(state, seat, "play", card=how)
    assert state["turn"]["stage"] == "lay" and len(state["supply"][seat]) == 1
    loc = state["turn"]["lay_at"]
    gave = do(state, seat, "give_target")
    after = gave.state
    assert after["supply"][seat] == [] and after["locations"][loc] is None
    assert after["turn"]["stage"] == stage and after["turn"]["seat"] == seat
    assert r.result(after) is None and r.actions(after, seat), "the game must go on"
    assert any(entry["text"] == "{who} has no card left to lay: {location} stays empty."
               for entry in gave.log)
    assert after["lives"][seat] == state["lives"][seat] + 2


# --- meeting the other figure and the proof rule ----------------------------------------


def test_meeting_the_other_figure_lets_the_active_player_show_both_supplies():
    """„Je povoleno táhnout do lokace, kde se již nachází protivník. Pak smí aktivní hráč …
    rozhodnout, zda si oba hráči vzájemně ukáží všechny své karty setkání, které mají
    v zásobě. … Ať už se pro prohlédnutí rozhodne nebo ne, smí se podívat na kartičku.“"""
    state = build(figures=["harbour", "house_1"])
    state = walk(state, D, "house_1")
    assert {"show_supplies", "peek"} <= names(state, D)
    assert "show_supplies" not in names(state, V)
    shown = do(state, D, "show_supplies")
    seen_by_d = r.view(shown.state, D)["opponent_supply"]
    seen_by_v = r.view(shown.state, V)["opponent_supply"]
    assert sum(c["count"] for c in seen_by_d["cards"]) == 9
    assert {c["kind"] for c in seen_by_v["cards"]} <= set(data.KINDS)
    assert r.view(shown.state, None).get("opponent_supply") is None
    assert "peek" in names(shown.state, D) and "show_supplies" not in names(shown.state, D)
    assert r.result(shown.state) is None


def test_proof_rule_a_shown_supply_holding_every_missing_target_loses():
    """„… hráč odhalí v protivníkově zásobě karet setkání všechny cílové karty, které ještě
    sám nezískal … Tímto Drákula ihned vyhrává.“ (Dracula has 3 victims, sees the other
    2 in Van Helsing's supply: he wins.)"""
    board = {**BOARD, "house_3": "hunter1", "house_9": "hunter1"}
    state = build(locations=board, captured=(["victim"] * 3, []),
                  figures=["harbour", "house_1"])
    assert state["supply"][V].count("victim") == 2
    state = act(walk(state, D, "house_1"), D, "show_supplies")
    assert r.result(state)["winners"] == [D]


def test_when_both_supplies_prove_the_active_player_wins():
    """„Pokud při vzájemném pohledu na protivníkovy karty setkání podají oba hráči důkaz,
    tak vyhrává hráč, který je právě na tahu.“"""
    board = {**BOARD, "house_2": "vampire1", "house_3": "hunter1", "house_8": "vampire1",
             "house_9": "hunter1"}
    state = build(first=V, locations=board, figures=["house_10", "coach_station"])
    state = act(walk(state, V, "house_10"), V, "show_supplies")
    assert r.result(state)["winners"] == [V]


# --- playing the action card -------------------------------------------------------------


def test_steps_beyond_the_card_cost_one_life_each():
    """„Pokud hráč ujde více políček, než zaplatí, musí za každé políčko navíc zaplatit jeden
    život.“ (each step beyond the card costs a life.)"""
    state = walk(build(hands=(["kridla", "stin"], HANDS[1])), D, "house_4", "house_8",
                 "house_9")
    state = act(state, D, "end_move")
    labels = {a.params["card"]: a for a in r.actions(state, D) if a.action == "play"}
    assert labels["kridla"].label_args["lives"] == 2 and labels["stin"].label_args["lives"] == 0
    paid = act(state, D, "play", card="kridla")
    assert paid["lives"][D] == 2 and paid["reserve"] == 10


def test_losing_the_last_life_loses_the_game_at_once():
    """„Pozor: Pokud hráč odevzdal svůj poslední život, hru ihned prohrál!“"""
    state = walk(build(hands=(["kridla", "stin"], HANDS[1])), D, "house_4", "house_8")
    state["lives"][D] = 1
    state = act(act(state, D, "end_move"), D, "play", card="kridla")
    assert state["lives"][D] == 0
    assert r.result(state)["winners"] == [V]
    assert r.actions(state, V) == []


def test_exactly_one_card_is_played_and_only_after_the_move():
    """„Akční karta se vykládá až na konci vlastního tahu po ukončení pohybu vlastní
    figurky!“ (the action card comes only after the move.)"""
    state = build()
    with pytest.raises(IllegalActionError, match="move"):
        do(state, D, "play", card="stin")
    state = act(act(walk(state, D, "house_4"), D, "end_move"), D, "play", card="stin")
    with pytest.raises(IllegalActionError):
        do(state, D, "play", card="dech")


def test_the_next_five_come_in_after_five_and_all_ten_are_reshuffled_after_ten():
    """„Teprve když hráč … použije všech svých pět (aktuálních) akčních karet, smí si vzít a
    použít zbylých pět karet. • Nakonec se všech 10 akčních karet zamíchá a znovu se z nich
    dobere vrchních pět aktuálních.“"""
    state = build(hands=(["stin"], HANDS[1]))
    aside = list(state["hands"][D]["aside"])
    state = act(act(walk(state, D, "house_4"), D, "end_move"), D, "play", card="stin")
    state = act(state, D, "end_turn")
    assert sorted(state["hands"][D]["hand"]) == sorted(aside)
    assert state["hands"][D]["aside"] == []
    state["hands"][D] = {"hand": ["stin"], "aside": [], "known": [],
                         "played": [c for c in data.SIDE_CARDS[D] if c != "stin"]}
    start_turn(state, D)
    state = act(act(walk(state, D, "house_8"), D, "end_move"), D, "play", card="stin")
    ended = do(state, D, "end_turn")
    hand = ended.state["hands"][D]
    assert len(hand["hand"]) == 5 and len(hand["aside"]) == 5 and hand["played"] == []
    assert ended.revealed


# --- barriers ------------------------------------------------------------------------


def test_the_card_colour_decides_which_barrier_moves_and_grey_means_any():
    """„Barva bariéry na zahrané akční kartě určuje, kterou bariéru může hráč ve svém tahu
    položit nebo přemístit. • … Zahráním takové akční karty [se šedou bariérou] může hráč
    položit nebo přemístit jednu bariéru dle své volby.“"""
    state = act(act(walk(build(), D, "house_4"), D, "end_move"), D, "play", card="dech")
    state = act(state, D, "skip_special")  # The Breath of the Night: red
    colours = {a.params["colour"] for a in r.actions(state, D) if a.action == "barrier"}
    assert colours == {"red"}
    with pytest.raises(IllegalActionError, match="red"):
        do(state, D, "barrier", colour="blue", edge="house_1-house_2")
    grey = act(act(walk(build(), D, "house_4"), D, "end_move"), D, "play", card="stin")
    assert {a.params["colour"] for a in r.actions(grey, D) if a.action == "barrier_colour"} \
        == set(data.BARRIER_COLOURS)
    grey = act(grey, D, "barrier_colour", colour="blue")
    grey = act(grey, D, "barrier", colour="blue", edge="house_5-house_6")
    assert grey["barriers"]["blue"] == "house_5-house_6" and grey["turn"]["seat"] == V


def test_a_barrier_that_would_split_the_board_is_refused_with_the_reason():
    """„Herní plán se nesmí rozdělit na dvě poloviny! Tzn.: každá lokace musí být z každé
    jiné lokace dosažitelná.“ (the board may never be cut in two.)"""
    state = build(barriers={"red": "harbour-house_1"})
    state = act(act(walk(state, D, "house_4"), D, "end_move"), D, "play", card="stin")
    state = act(state, D, "barrier_colour", colour="blue")
    edges = {a.params["edge"] for a in r.actions(state, D) if a.action == "barrier"}
    assert "harbour-house_4" not in edges and "house_1-house_2" in edges
    with pytest.raises(IllegalActionError, match="cut the board in two"):
        do(state, D, "barrier", colour="blue", edge="harbour-house_4")


def test_two_barriers_never_lie_on_the_same_edge():
    """„Není povoleno umístit dvě bariéry na jedno místo.“ (never two on one place.)"""
    state = build(barriers={"red": "house_5-house_6"})
    state = act(act(walk(state, D, "house_4"), D, "end_move"), D, "play", card="stin")
    state = act(state, D, "barrier_colour", colour="blue")
    with pytest.raises(IllegalActionError, match="same place"):
        do(state, D, "barrier", colour="blue", edge="house_5-house_6")
    ok = act(state, D, "barrier", colour="blue", edge="house_6-house_7")
    assert ok["barriers"]["blue"] == "house_6-house_7"


def test_option_barriers_apart_forbids_touching_barriers():
    """The English summary reads „Barriers may not be placed next to each other“; the Czech
    rulebook only „Není povoleno umístit dvě bariéry na jedno místo“: a table option."""
    state = build(barriers={"red": "house_5-house_6"}, options={"barrier_spacing": "apart"})
    state = act(act(walk(state, D, "house_4"), D, "end_move"), D, "play", card="stin")
    state = act(state, D, "barrier_colour", colour="blue")
    with pytest.raises(IllegalActionError, match="next to each other"):
        do(state, D, "barrier", colour="blue", edge="house_6-house_7")
    assert act(state, D, "barrier", colour="blue", edge="house_3-house_7")


def test_a_placed_barrier_is_only_moved_afterwards():
    """„Když je barva poprvé zahrána, smí hráč položit příslušnou bariéru na herní plán.
    Potom už smí být tato bariéra na herním plánu jen přemístěna.“"""
    state = build(barriers={"red": "house_5-house_6"})
    state = act(act(walk(state, D, "house_4"), D, "end_move"), D, "play", card="dech")
    state = act(state, D, "skip_special")
    moves = [a for a in r.actions(state, D) if a.action == "barrier"]
    assert all(a.label.startswith("Move") for a in moves)
    assert "house_5-house_6" not in {a.params["edge"] for a in moves}
    assert "end_turn" in names(state, D)
    state = act(state, D, "end_turn")
    assert state["barriers"]["red"] == "house_5-house_6"


# --- giving a target away; the end ----------------------------------------------------


def test_a_target_card_may_be_given_at_any_time_for_two_lives():
    """„smí hráč kdykoli během hry dát svému protivníkovi svou cílovou kartu ze své zásoby.
    … Za cílovou kartu dostane hráč ihned zpět dva životy.“"""
    state = build()
    assert "give_target" in names(state, V), "also during the opponent's turn"
    state["lives"][V] = 1
    given = act(state, V, "give_target")
    assert given["lives"][V] == 3 and given["reserve"] == 6
    assert given["captured"][D] == ["victim"] and conserved(given)


def test_the_give_button_says_what_the_short_reserve_really_pays():
    """„Za cílovou kartu dostane hráč ihned zpět dva životy.“ — lives come from the reserve
    (lives + reserve = 16), so a short reserve pays less, and the offer says so (issue 13)."""
    state = build()
    labels = {}
    for reserve in (8, 1, 0):
        state["reserve"] = reserve
        offer = next(a for a in r.actions(state, V) if a.action == "give_target")
        labels[reserve] = offer.label
        gained = act(state, V, "give_target")["lives"][V] - state["lives"][V]
        assert gained == min(2, reserve)
    assert labels == {8: "Give {card} to your opponent for two lives",
                      1: "Give {card} to your opponent for one life (the reserve has one)",
                      0: "Give {card} to your opponent: no lives (the reserve is empty)"}


def test_at_the_end_every_card_still_face_down_is_turned_up_for_everyone():
    """„Pokud hráč našel všech pět cílových karet, vyhrál.“ Once the game is won nothing is
    secret any more: the table and both phones see where every face-down card lay."""
    state = build(captured=(["victim"] * 4, []), house_9="hunter1")
    assert all(c["revealed"] is None for c in r.view(state, None)["cells"])
    state = act(walk(state, D, "house_1", "house_2", "house_3"), D, "peek")
    assert r.result(state)["winners"] == [D]
    for seat in (None, D, V):
        cells = r.view(state, seat)["cells"]
        down = [c for c in cells if c["has_card"] and not c["face_up"]]
        assert down and all(c["revealed"]["kind"] == state["locations"][c["location"]]
                            for c in down)


def test_giving_the_fifth_target_hands_the_opponent_the_win():
    """„Získanou cílovou kartu položí protivník ke svým již získaným cílovým kartám.“"""
    state = build(captured=(["victim"] * 4, []), house_3="hunter1", house_9="hunter1")
    assert r.result(act(state, V, "give_target"))["winners"] == [D]


def test_after_the_last_life_it_is_too_late_to_give_a_target():
    """„Musí to ale udělat dříve než ztratí svůj poslední život. Když ztratí svůj poslední
    život, je už příliš pozdě.“"""
    state = walk(build(hands=(["kridla", "stin"], HANDS[1])), D, "house_4", "house_8")
    state["lives"][D] = 1
    state = act(act(state, D, "end_move"), D, "play", card="kridla")
    with pytest.raises(IllegalActionError, match="over"):
        do(state, D, "give_target")


def test_the_turn_limit_option_ends_a_game_in_a_draw():
    """Not in the rulebook: the table option „turn limit“ guarantees that a game ends."""
    state = build(options={"turn_limit": 20})
    state["turn_count"] = 19
    state = act(act(act(walk(state, D, "house_4"), D, "end_move"), D, "play", card="stin"),
                D, "end_turn")
    assert r.result(state)["draw"] is True and r.result(state)["winners"] == []


# --- memory and hidden information --------------------------------------------------


def test_the_phone_remembers_what_its_player_saw_and_when():
    """„Hráč se smí po každém kroku rozhodnout, zda se chce podívat na kartu setkání“ —
    the app keeps what a player has seen (card, location, turn) on that player's phone."""
    state = act(walk(build(), D, "house_4"), D, "peek")
    state = act(state, D, "lay", kind="coffin")
    memory = r.view(state, D)["memory"]
    assert [(m["location"], m["kind"], m["turn"], m["stale"]) for m in memory] == [
        ("house_4", "coffin", 1, False)]
    assert r.view(state, V)["memory"] == []
    assert "memory" not in r.view(state, None)


def test_a_memory_goes_stale_when_the_opponent_replaces_the_card():
    """„Blafování je dovoleno.“ — once the other player lays a card where I looked, what I
    saw may be out of date: my phone marks it."""
    state = build(first=V, hands=(HANDS[0], ["odpor"]))
    state["memory"][D]["house_7"] = {"card": "crucifix", "turn": 1, "how": "revealed",
                                     "stale": False, "changed": None, "moved": None}
    state = act(walk(state, V, "house_7"), V, "peek")
    state = act(state, V, "lay", kind="victim")
    entry = r.view(state, D)["memory"][0]
    assert entry["stale"] is True and entry["kind"] == "crucifix" and entry["changed"] == 1
    assert r.view(state, V)["memory"][0]["kind"] == "victim"


def test_no_view_names_a_face_down_card_of_the_other_side():
    """The app holds „12 karet … obrázkem dolů“: no face-down identity reaches the tablet
    or the other phone, not even as a stable card id."""
    state = build()
    for seat in (None, V):
        text = json.dumps(r.view(state, seat))
        for kind in ("vampire1", "vampire2", "vampire3", "coffin", "amulet"):
            assert f'"{kind}"' not in text
    table = json.dumps(r.view(state, None))
    for kind in data.KINDS:
        assert f'"{kind}"' not in table


def test_views_are_json_and_the_table_view_has_no_private_keys():
    """The tablet shows only public information (the board, lives, captured cards)."""
    table = r.view(build(), None)
    json.dumps(table)
    assert not {"hand", "aside", "supply", "memory", "opponent_supply"} & set(table)
    assert len(table["cells"]) == 12 and len(table["edges"]) == 17


def test_wrong_turn_and_malformed_actions_are_refused_with_a_reason():
    """„Každý hráč použije ve svém tahu přesně jednu akční kartu.“ — only on one's turn."""
    state = build()
    with pytest.raises(IllegalActionError, match="not your turn"):
        do(state, V, "step", to="house_10")
    with pytest.raises(ActionSyntaxError):
        do(state, D, "step", to=3)
    with pytest.raises(ActionSyntaxError):
        do(state, D, "step", to="moon")
    with pytest.raises(ActionSyntaxError):
        r.apply(state, D, {"action": "step", "params": []}, rng_for(1))


# --- the rulebook's worked example -----------------------------------------------------


def example_state():
    """Van Helsing on the coach station with „Odpor“, „Mámení“ and „Síla“ in hand; on his
    way lie a victim (1), Dracula's amulet (2), a hunter of strength 1 (3) and a vampire of
    strength 2 (4); the green barrier lies elsewhere."""
    board = {**BOARD, "house_7": "victim", "house_6": "amulet", "house_5": "hunter1",
             "house_4": "vampire2", "harbour": "vampire1", "house_9": "vampire1",
             "house_3": "hunter2", "coach_station": "hunter3", "house_1": "hunter2",
             "house_10": "coffin", "house_8": "coffin", "house_2": "hunter3"}
    state = build(first=V, locations=board, hands=(HANDS[0], ["odpor", "mameni", "sila"]),
                  barriers={"green": "house_9-house_10"})
    assert "crucifix" in state["supply"][V] and "hunter2" in state["supply"][V]
    state = act(walk(state, V, "house_7"), V, "peek")            # (1) his own victim
    state = act(state, V, "lay", kind="hunter2")                 # a hunter of strength 2
    state = walk(state, V, "house_6")                            # (2) no look: the amulet
    state = act(walk(state, V, "house_5"), V, "peek")            # (3) his hunter 1
    state = act(state, V, "lay", kind="crucifix")                # replaced by the crucifix
    state = act(walk(state, V, "house_4"), V, "peek")            # (4) Dracula's vampire 2
    return state


def test_rulebook_example_van_helsing_four_steps_plays_odpor():
    """„Konkrétní příklad jednoho tahu“: four steps, a vampire of strength 2 at the end;
    „A tak se rozhodne pro ‚Odpor‘ (počet kroků 5, bojová síla 2). Protože boj skončil
    nerozhodně, tak musí Upíra zase položit zakrytě zpět na lokaci, ale neztrácí žádný
    život. • … otočí dříve položenou kartu s Krucifixem o 90° … • … přemístí van Helsing
    zelenou bariéru pod lokaci 4.“"""
    state = example_state()
    assert state["turn"]["steps"] == 4 and state["turn"]["stage"] == "play"
    assert state["locations"]["house_7"] == "hunter2" and conserved(state)
    state = act(state, V, "play", card="odpor")
    assert state["lives"][V] == 4 and state["locations"]["house_4"] == "vampire2"
    assert state["face_up"] is None
    state = act(state, V, "special", location="house_5")         # the crucifix, turned 90°
    assert r.view(state, None)["cells"][5]["turned"] is True
    assert state["turn"]["barriers"] == ["green"]
    state = act(state, V, "barrier", colour="green", edge="house_4-house_8")
    assert state["barriers"]["green"] == "house_4-house_8"
    assert state["turn"]["seat"] == D, "„Nyní je na řadě se svým tahem Drákula.“"
    dracula = walk(state, D, "house_4", "house_5")
    assert "peek" not in names(dracula, D)
    with pytest.raises(IllegalActionError, match="Resistance"):
        do(dracula, D, "peek")


def test_rulebook_example_the_alternatives_strength_and_feint():
    """„Se ‚Sílou‘ (bojová síla 4) by sice Upíra přemohl, ale protože je na ní počet kroků
    pouze 3, musel by kvůli rozdílu přesto odhodit jeden život. Mohl by zahrát ‚Mámení‘
    (bojová síla 1), což by vystačilo na počet kroků 4, ale prohrál by boj.“"""
    state = example_state()
    sila = act(state, V, "play", card="sila")
    assert sila["lives"][V] == 3 and sila["discard"][D] == ["vampire2"]
    mameni = act(state, V, "play", card="mameni")
    assert mameni["lives"][V] == 3 and mameni["locations"]["house_4"] == "vampire2"


# --- options: the values the sources do not confirm -----------------------------------


def test_every_uncertain_card_value_is_an_option_to_check_against_the_cards():
    """„Každá akční karta má 4 části“: steps, strength, special action, barrier colour —
    only a few are known, so every card is an option marked „check against your cards“."""
    by_name = {o.name: o for o in r.OPTIONS}
    for cid in data.ACTION_CARDS:
        assert by_name[f"card_{cid}"].check_cards
    assert by_name["vampire_strengths"].check_cards and by_name["hunter_strengths"].check_cards
    assert r.parse_card(by_name["card_odpor"].default) == {"steps": 5, "strength": 2,
                                                           "barrier": "green"}
    assert r.parse_card(by_name["card_sila"].default)["strength"] == 4


@pytest.mark.parametrize(("name", "value"), [
    ("card_sila", "3/5/grey"), ("card_sila", "0/4/grey"), ("card_sila", "3/4/purple"),
    ("card_sila", "3/4"), ("vampire_strengths", "3/3/4"), ("turn_limit", 5),
    ("barrier_spacing", "anywhere"),
])
def test_impossible_option_values_are_refused(name, value):
    """„V pravém horním rohu najdeme bojovou sílu (1 – 4).“ and nine enemies per side."""
    options = r.default_options()
    options[name] = value
    with pytest.raises(ActionSyntaxError):
        r.validate(options)


def test_card_options_change_the_rules_and_accept_czech_colours():
    """„Počet kroků na kartě musí být minimálně tak vysoký, jako počet kroků, které hráč …
    ušel.“ — with Síla set to 4 steps, the example's four steps cost nothing."""
    state = build(first=V, hands=(HANDS[0], ["sila"]), options={"card_sila": "4 / 4 / modrá"})
    assert state["cards"]["sila"] == {"steps": 4, "strength": 4, "barrier": "blue"}
    state = act(walk(state, V, "house_10", "house_9", "house_8", "house_4"), V, "end_move")
    state = act(state, V, "play", card="sila")
    assert state["lives"][V] == 4 and state["turn"]["barriers"] == ["blue"]


def test_a_given_target_takes_only_what_the_reserve_still_holds():
    """„8 životů se položí vedle herního plánu“: regained lives come from that reserve."""
    state = build()
    state["reserve"] = 1
    state["lives"][V] = 7
    given = act(state, V, "give_target")
    assert given["lives"][V] == 8 and given["reserve"] == 0


def test_looking_and_fighting_reveal_information_but_steps_and_lays_do_not():
    """A look at a face-down card („podívat se na kartu setkání“) shows something new and
    can be undone only by the host; a step or a lay the owner may take back."""
    state = build()
    stepped = do(state, D, "step", to="house_4")
    assert stepped.revealed is False
    peeked = do(stepped.state, D, "peek")
    assert peeked.revealed is True
    assert do(peeked.state, D, "lay", kind="coffin").revealed is False


def test_the_enemy_strength_split_is_an_option():
    """„Nepřátelé mají bojovou sílu 1-3.“ — how many of each is not known: an option."""
    options = {**r.default_options(), "hunter_strengths": "2/3/4"}
    deck = r.setup(options, rng_for(0))["deck"]
    assert deck[V] == {"hunter1": 2, "hunter2": 3, "hunter3": 4, "crucifix": 1, "victim": 5}
    assert sum(deck[D].values()) == 15


def test_walking_fewer_steps_than_the_card_allows_costs_nothing():
    """„Hráč smí ujít méně kroků, než je na jeho akční kartě.“"""
    state = act(act(walk(build(), D, "house_4"), D, "end_move"), D, "play", card="stin")
    assert state["lives"][D] == 4


def test_a_barrier_lies_only_between_two_neighbouring_locations():
    """„Bariéra se pokládá vždy mezi dvě lokace.“ (never diagonally, never at the edge.)"""
    state = act(act(walk(build(), D, "house_4"), D, "end_move"), D, "play", card="dech")
    state = act(state, D, "skip_special")
    for edge in ("harbour-house_5", "house_3-house_4", "harbour"):
        with pytest.raises(ActionSyntaxError):
            do(state, D, "barrier", colour="red", edge=edge)


def test_the_default_cards_keep_the_rulebook_s_counts():
    """„Každý hráč má dvě akční karty se šedými bariérami.“, „V každé sadě karet je jedna
    karta, která nemá žádnou bojovou sílu.“, „Osm z deseti karet umožňují další speciální
    akci.“"""
    state = r.setup(r.default_options(), rng_for(0))
    for side in (D, V):
        cards = [state["cards"][c] for c in data.SIDE_CARDS[side]]
        assert len(cards) == 10
        assert sum(c["barrier"] == "grey" for c in cards) == 2
        assert sum(c["strength"] is None for c in cards) == 1
        assert sum(data.ACTION_CARDS[c]["special"] is not None
                   for c in data.SIDE_CARDS[side]) == 8
