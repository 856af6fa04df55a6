"""Drakula: the 20 special actions of the action cards, each as the rulebook explains it
(„Bližší vysvětlení k textům některých speciálních akcí“), and the rule that a player may
do without one („Hráč se může speciální akce na jím zahrané akční kartě vzdát.“)."""

from __future__ import annotations

import json

import pytest
from test_drakula import BOARD, HANDS, D, V, act, build, conserved, do, names, walk

from companion.games.base import IllegalActionError
from companion.games.drakula import data
from companion.games.drakula import rules as r


def played(state, seat, card, *path, peek=False):
    """Walk ``path``, look at the last card if ``peek``, stop and play ``card``."""
    state = walk(state, seat, *path)
    if peek:
        state = act(state, seat, "peek")
    elif state["turn"]["stage"] == "move":
        state = act(state, seat, "end_move")
    return act(state, seat, "play", card=card)


def end(state, seat):
    if state["turn"]["stage"] == "special":
        state = act(state, seat, "skip_special")
    if state["turn"]["seat"] == seat and state["turn"]["stage"] == "barrier":
        state = act(state, seat, "end_turn")
    return state


def test_every_card_with_a_special_action_may_do_without_it():
    """„Hráč se může speciální akce na jím zahrané akční kartě vzdát.“"""
    state = played(build(), D, "hloubka", "house_4")
    assert state["turn"]["stage"] == "special" and "skip_special" in names(state, D)
    skipped = act(state, D, "skip_special")
    assert skipped["turn"]["stage"] == "barrier"
    assert skipped["locations"] == state["locations"]


@pytest.mark.parametrize(("seat", "card"), [(V, "obratnost"), (V, "sila"), (D, "stin"),
                                            (D, "ticho")])
def test_cards_without_a_special_action_go_straight_to_the_barrier(seat, card):
    """„Obratnost / Síla / Stín noci / Ticho noci: Žádná speciální akce“; „Osm z deseti
    karet umožňují další speciální akci.“"""
    hands = (["stin", "ticho"], ["obratnost", "sila"])
    state = build(first=seat, hands=hands)
    state = played(state, seat, card, "house_4" if seat == D else "house_10")
    assert state["turn"]["stage"] == "barrier" and "special" not in names(state, seat)


# --- Van Helsing ------------------------------------------------------------------


def won_with_battle_lust(first_dech=False):
    state = build(first=V, hands=(HANDS[0], ["bojovnost", "odpor", "sila"]))
    state["effects"]["dech"] = first_dech
    return played(state, V, "bojovnost", "house_10", "house_6", peek=True)  # vampire 2


def test_battle_lust_after_a_won_fight_gives_a_whole_extra_turn():
    """„Bojovnost: Pokud jsi právě vyhrál boj s Upírem, smíš provést ještě jeden tah navíc!
    (Drákula je vynechán. Van Helsing smí provést úplně nový celý tah …)“"""
    state = won_with_battle_lust()
    assert state["discard"][D] == ["vampire2"]
    state = act(state, V, "lay", kind="hunter1")
    assert state["turn"]["stage"] == "special"
    state = act(act(state, V, "special"), V, "end_turn")
    assert state["turn"]["seat"] == V and state["turn"]["extra"] is True
    assert "step" in names(state, V) and "step" not in names(state, D)
    state = end(played(state, V, "odpor", "house_7"), V)
    assert state["turn"]["seat"] == D


def test_battle_lust_needs_a_win_a_draw_is_not_enough():
    """„… pokud s ‚Bojovností‘ přemohl Upíra – remíza nestačí!“ (3 against 2 + 1)"""
    state = won_with_battle_lust(first_dech=True)
    assert state["locations"]["house_6"] == "vampire2"
    assert state["turn"]["stage"] == "barrier" and "special" not in names(state, V)


def test_acumen_shows_van_helsing_the_whole_supply_of_dracula():
    """„Bystrost: Podívej se na všechny karty setkání v Drákulově zásobě!“"""
    state = build(first=V, hands=(HANDS[0], ["bystrost"]))
    state = act(played(state, V, "bystrost", "house_10"), V, "special")
    seen = r.view(state, V)["opponent_supply"]
    assert sorted(c["kind"] for c in seen["cards"] for _ in range(c["count"])) == \
        sorted(state["supply"][D])
    assert r.view(state, D)["opponent_supply"] is None
    assert r.result(state) is None


def test_acumen_proves_that_no_coffin_is_left_on_the_board():
    """„(Tak van Helsing objeví zbývající Upíří rakve a může tedy dokázat, že žádná neleží na
    lokacích a ihned vyhrát hru.)“"""
    state = build(first=V, hands=(HANDS[0], ["bystrost"]), house_2="vampire1",
                  house_8="vampire1")
    state = act(played(state, V, "bystrost", "house_10"), V, "special")
    assert r.result(state)["winners"] == [V]


@pytest.mark.parametrize(("drawn", "dech", "lives", "outcome"), [
    ("coffin", False, 4, "captured"),
    ("amulet", False, 3, "back"),
    ("vampire2", False, 3, "back"),
    ("vampire1", False, 4, "back"),   # 1 against 1: a draw
    ("vampire1", True, 3, "back"),    # The Breath of the Night: 1 against 2
])
def test_feint_draws_a_card_from_dracula_s_supply_and_resolves_it(drawn, dech, lives,
                                                                  outcome):
    """„Mámení: … vytáhni si jednu z jeho zásoby! (… se s ní zachází jakoby ležela na nějaké
    lokaci. Upíří rakev si může vyložit před sebe. Při drákulově Amuletu a u Upíra se silou
    2 nebo 3 ztrácí jeden život. … dostane Drákula kartu zpět …)“"""
    state = build(first=V, hands=(HANDS[0], ["mameni"]))
    state["supply"][D] = [drawn]
    state["deck"][D] = {k: n for k, n in state["deck"][D].items()}
    state["effects"]["dech"] = dech
    state = act(played(state, V, "mameni", "house_10"), V, "special")
    assert state["lives"][V] == lives
    if outcome == "captured":
        assert state["captured"][V] == ["coffin"] and state["supply"][D] == []
    else:
        assert state["supply"][D] == [drawn]


def test_feint_with_dracula_s_supply_emptied_meanwhile_draws_nothing_and_the_turn_goes_on():
    """„Mámení: Pokud jsi v tomto tahu neotočil žádnou Drákulovu kartu setkání, vytáhni si
    jednu z jeho zásoby!“ With nothing left in it (Dracula gave his last coffin away after
    Feint's special stage began) there is nothing to draw: the log says so and the turn goes
    on to the barrier. It was a server error (a draw from an empty supply)."""
    state = build(first=V, hands=(HANDS[0], ["mameni"]))
    state["supply"][D] = ["coffin"]
    state = played(state, V, "mameni", "house_10")
    assert state["turn"]["stage"] == "special"
    state = act(state, D, "give_target")
    assert state["supply"][D] == [] and "special" in names(state, V)
    lives, captured = list(state["lives"]), json.loads(json.dumps(state["captured"]))
    applied = do(state, V, "special")
    assert applied.state["turn"]["stage"] == "barrier" and applied.state["turn"]["seat"] == V
    assert applied.state["lives"] == lives and applied.state["captured"] == captured
    assert [e["text"] for e in applied.log] == [
        "{who} uses Feint, but Dracula's supply is empty: there is nothing to draw."]


def test_feint_is_not_allowed_after_revealing_a_dracula_card():
    """„Pokud jsi v tomto tahu neotočil žádnou Drákulovu kartu setkání, vytáhni si …“"""
    state = build(first=V, hands=(HANDS[0], ["mameni"]))
    state = played(state, V, "mameni", "house_10", peek=True)  # vampire 3: revealed
    assert state["turn"]["stage"] == "barrier"
    with pytest.raises(IllegalActionError):
        do(state, V, "special")


def test_resistance_turned_card_is_turned_back_after_dracula_s_turn():
    """„Odpor: … Drákula se na tuto kartu ve svém následujícím tahu nesmí podívat! (Ale smí
    přes tuto lokaci přejít. Před svým dalším tahem otočí van Helsing kartu zase zpět.)“"""
    state = build(first=V, hands=(HANDS[0], ["odpor"]))
    state = act(played(state, V, "odpor", "house_10"), V, "special", location="house_1")
    state = act(state, V, "end_turn")
    dracula = walk(state, D, "house_1")
    assert "peek" not in names(dracula, D)
    dracula = walk(dracula, D, "house_2")
    assert "peek" in names(dracula, D), "he may walk through it"
    state = end(played(dracula, D, "stin"), D)
    assert state["effects"]["turned"] is None
    assert not any(c["turned"] for c in r.view(state, None)["cells"])


def test_vigilance_blocks_dracula_s_next_special_action_but_not_its_barrier():
    """„Ostražitost: Drákula nesmí použít speciální akci své následující akční karty!
    (Nesmí být vykonána pouze speciální akce. Značky Počet kroků, Bojová síla a Bariéra jsou
    stále v platnosti.)“"""
    state = build(first=V, hands=(["kridla", "stin"], ["ostrazitost"]))
    state = end(act(played(state, V, "ostrazitost", "house_10"), V, "special"), V)
    assert state["turn"]["seat"] == D
    state = played(state, D, "kridla", "house_4")
    assert state["turn"]["stage"] == "barrier" and state["turn"]["barriers"] == ["red"]
    state = act(state, D, "end_turn")
    assert state["effects"]["ostrazitost"] is False


def test_vigilance_also_takes_away_the_darkness_of_the_night():
    """„Ostražitost“ forbids „speciální akci“ of Dracula's next card — so „Tajemství noci“
    does not save his life on the crucifix."""
    state = build(hands=(["tajemstvi"], HANDS[1]))
    state["effects"]["ostrazitost"] = True
    state = played(state, D, "tajemstvi", "house_1", "house_2", "house_3", "house_7",
                   peek=True)
    assert state["lives"][D] == 3


def test_reinforcements_go_to_the_coach_station_and_take_back_a_hunter():
    """„Posila: Přesuň se do stanice kočárů a vezmi si zpět do zásoby z odkládacího balíčku
    jednoho Lovce upírů! (… i tehdy, neleží-li na odkládacím balíčku žáden Lovec upírů.)“"""
    state = build(first=V, hands=(HANDS[0], ["posila"]), discard=([], ["hunter3"]))
    state = played(state, V, "posila", "house_10", "house_9")
    choices = [a.params for a in r.actions(state, V) if a.action == "special"]
    assert choices == [{"kind": "hunter3"}]
    state = act(state, V, "special", kind="hunter3")
    assert state["figures"][V] == "coach_station" and "hunter3" in state["supply"][V]
    assert state["discard"][V] == [] and conserved(state)
    empty = played(build(first=V, hands=(HANDS[0], ["posila"])), V, "posila", "house_10")
    empty = act(empty, V, "special", kind="")
    assert empty["figures"][V] == "coach_station"


def test_composure_takes_a_played_card_back_into_the_hand_but_not_itself():
    """„Trpělivost: … si smí ze všech svých již zahraných a odložených akčních karet vzít
    jednu libovolnou kartu - s výjimkou ‚Trpělivost‘ - a přiložit ji ke své aktuální
    zásobě.“"""
    state = build(first=V, hands=(HANDS[0], ["trpelivost", "sila"]))
    state["hands"][V]["played"] = ["odpor"]
    state = played(state, V, "trpelivost", "house_10")
    assert [a.params for a in r.actions(state, V) if a.action == "special"] == [
        {"card": "odpor"}]
    with pytest.raises(IllegalActionError):
        do(state, V, "special", card="trpelivost")
    state = act(state, V, "special", card="odpor")
    assert sorted(state["hands"][V]["hand"]) == ["odpor", "sila"]
    assert state["hands"][V]["played"] == ["trpelivost"]


def composure_last(aside, played):
    """Van Helsing holds only Composure; ``played`` and ``aside`` are his other cards."""
    state = build(first=V)
    state["hands"][V] = {"hand": ["trpelivost"], "aside": list(aside),
                         "played": list(played), "known": []}
    state = act(act(walk(state, V, "house_10"), V, "end_move"), V, "play", card="trpelivost")
    return act(act(state, V, "special", card="sila"), V, "end_turn")


def test_composure_as_the_last_current_card_keeps_the_set_aside_cards_waiting():
    """„Teprve když hráč … použije všech svých pět (aktuálních) akčních karet, smí si vzít
    a použít zbylých pět karet.“ and Trpělivost „… přiložit ji ke své aktuální zásobě“:
    played as the last current card, the card it takes back is the only current card, and
    the five set aside come in only when it is used too (the README's reading)."""
    aside = ["bojovnost", "bystrost", "ostrazitost", "posila", "vnuknuti"]
    state = composure_last(aside, ["odpor", "sila", "mameni", "obratnost"])
    assert state["turn"]["seat"] == D
    assert state["hands"][V]["hand"] == ["sila"] and state["hands"][V]["aside"] == aside
    state = act(walk(state, D, "house_1"), D, "end_move")
    state = act(act(state, D, "play", card="stin"), D, "end_turn")
    state = act(walk(state, V, "coach_station"), V, "end_move")
    assert [a.params["card"] for a in r.actions(state, V) if a.action == "play"] == ["sila"]


def test_composure_as_the_last_of_all_ten_cards_delays_the_reshuffle():
    """„Nakonec se všech 10 akčních karet zamíchá a znovu se z nich dobere vrchních pět
    aktuálních.“: all ten are not used while the card Composure took back is current, so
    the reshuffle waits for it (the README's reading)."""
    others = [c for c in data.SIDE_CARDS[V] if c not in ("trpelivost", "sila")]
    state = composure_last([], [*others, "sila"])
    assert state["hands"][V]["hand"] == ["sila"] and state["hands"][V]["aside"] == []
    assert sorted(state["hands"][V]["played"]) == sorted([*others, "trpelivost"])


def test_inspiration_is_a_secret_look_with_no_consequence():
    """„Vnuknutí: Podívej se tajně na kartu setkání na jedné libovolné lokaci! (… nic jiného
    se nestane! Van Helsing … neztratí život kvůli Drákulovu Amuletu.)“"""
    state = build(first=V, hands=(HANDS[0], ["vnuknuti"]))
    applied = do(played(state, V, "vnuknuti", "house_10"), V, "special", location="house_4")
    state = applied.state
    assert state["lives"][V] == 4 and state["locations"]["house_4"] == "amulet"
    assert [m["kind"] for m in r.view(state, V)["memory"]] == ["amulet"]
    assert "amulet" not in json.dumps([e for e in applied.log if "to" not in e])
    assert "amulet" not in json.dumps(r.view(state, D)) + json.dumps(r.view(state, None))


# --- Dracula ---------------------------------------------------------------------


def test_breath_of_the_night_makes_vampires_stronger_in_the_next_turn_only():
    """„Dech noci: Když se van Helsing ve svém příštím kole setká s upírem, má tento upír o
    jeden bod větší sílu! … Pokud van Helsing … použije akční kartu ‚Bojovnost‘ …, neplatí
    pro tento tah navíc už žádná extra bojová síla.“"""
    state = build(hands=(["dech"], ["odpor", "bojovnost"]), house_10="vampire1")
    state = end(act(played(state, D, "dech", "house_4"), D, "special"), D)
    assert state["effects"]["dech"] is True and r.view(state, None)["effects"]
    fight = played(state, V, "odpor", "house_10", peek=True)  # 2 against 1 + 1
    assert fight["locations"]["house_10"] == "vampire1"
    state = played(state, V, "bojovnost", "house_10", peek=True)  # 3 against 2: won
    state = act(act(act(state, V, "lay", kind="hunter1"), V, "special"), V, "end_turn")
    assert state["turn"]["extra"] and state["effects"]["dech"] is False
    extra = played(state, V, "odpor", "house_6", peek=True)  # 2 against 2: no bonus
    assert extra["lives"][V] == 4 and extra["locations"]["house_6"] == "vampire2"


def test_deep_of_the_night_swaps_two_cards_unseen_even_under_a_figure():
    """„Hloubka noci: Vyměň karty setkání na dvou libovolných lokacích mezi sebou, aniž se
    na ně podíváš! (Drákula může vyměnit karty setkání i na lokaci, na které zrovna stojí
    nějaká figurka.)“"""
    state = build()
    state["memory"][V]["coach_station"] = {"card": "hunter3", "turn": 1, "how": "laid",
                                           "stale": False, "changed": None, "moved": None}
    state = played(state, D, "hloubka", "house_4")
    state = act(state, D, "special", location="coach_station")
    assert state["turn"]["stage"] == "special"
    assert r.view(state, D)["swap_first"] == "coach_station"
    assert r.view(state, V)["swap_first"] is None
    state = act(state, D, "special", location="house_4")
    assert state["locations"]["coach_station"] == "amulet"
    assert state["locations"]["house_4"] == "hunter3" and conserved(state)
    moved = r.view(state, V)["memory"][0]
    assert moved["location"] == "house_4" and moved["kind"] == "hunter3" and moved["moved"]


def test_wings_of_the_night_fly_anywhere_and_no_look_there():
    """„Křídla noci: Přesuň svou figurku na jakoukoli lokaci! (Na kartu setkání, která leží
    na lokaci, kam se Drákula tímto tahem dostane, se už nesmí v tomto tahu podívat.)“"""
    state = build(hands=(["kridla"], HANDS[1]))
    state = played(state, D, "kridla", "house_1")
    assert len([a for a in r.actions(state, D) if a.action == "special"]) == 11
    state = act(state, D, "special", location="coach_station")
    assert state["figures"][D] == "coach_station" and "peek" not in names(state, D)


def test_eyes_of_the_night_move_yellow_and_one_more_barrier():
    """„Oči noci: Kromě žluté bariéry smíš přesunout ještě jednu bariéru jakékoliv barvy!“"""
    state = act(played(build(), D, "oci", "house_4"), D, "special")
    assert state["turn"]["barriers"] == ["yellow", "other"]
    state = act(state, D, "barrier", colour="yellow", edge="house_2-house_3")
    assert state["turn"]["seat"] == D
    colours = {a.params["colour"] for a in r.actions(state, D) if a.action == "barrier_colour"}
    assert colours == {"red", "blue", "green"}
    state = act(state, D, "barrier_colour", colour="green")
    state = act(state, D, "barrier", colour="green", edge="house_9-house_10")
    assert state["barriers"]["yellow"] and state["barriers"]["green"]
    assert state["turn"]["seat"] == V


def test_eyes_of_the_night_give_no_order_the_other_barrier_may_move_first():
    """„Oči noci: Kromě žluté bariéry smíš přesunout ještě jednu bariéru jakékoliv barvy!“
    names no order: the other barrier may move before the yellow one, which is then still
    offered (and only it: each barrier moves once)."""
    state = act(played(build(), D, "oci", "house_4"), D, "special")
    offered = r.actions(state, D)
    assert {a.params["colour"] for a in offered if a.action == "barrier"} == {"yellow"}
    assert {a.params["colour"] for a in offered if a.action == "barrier_colour"} == {
        "red", "blue", "green"}
    state = act(state, D, "barrier_colour", colour="blue")
    assert {a.params["colour"] for a in r.actions(state, D) if a.action == "barrier"} == {
        "blue"}
    state = act(state, D, "barrier", colour="blue", edge="house_9-house_10")
    assert state["turn"]["seat"] == D and state["turn"]["barriers"] == ["yellow"]
    assert "barrier_colour" not in names(state, D)
    with pytest.raises(IllegalActionError):
        do(state, D, "barrier", colour="blue", edge="house_5-house_6")
    state = act(state, D, "barrier", colour="yellow", edge="house_2-house_3")
    assert state["barriers"]["blue"] == "house_9-house_10"
    assert state["barriers"]["yellow"] == "house_2-house_3"
    assert state["turn"]["seat"] == V


def test_eyes_of_the_night_the_second_barrier_is_not_the_yellow_one_again():
    """„Kromě žluté bariéry … ještě jednu bariéru“: one more barrier, not yellow twice; and
    either one may be left where it is."""
    state = act(played(build(), D, "oci", "house_4"), D, "special")
    state = act(state, D, "barrier", colour="yellow", edge="house_2-house_3")
    with pytest.raises(IllegalActionError):
        do(state, D, "barrier", colour="yellow", edge="house_9-house_10")
    with pytest.raises(IllegalActionError, match="had its move"):
        do(state, D, "barrier_colour", colour="yellow")
    assert "yellow" not in {a.params["colour"] for a in r.actions(state, D)
                            if a.action == "barrier_colour"}
    left = act(act(played(build(), D, "oci", "house_4"), D, "special"), D, "skip_barrier")
    assert left["turn"]["barriers"] == ["other"] and left["barriers"]["yellow"] is None
    with pytest.raises(IllegalActionError, match="Choose which barrier"):
        do(left, D, "barrier", colour="red", edge="house_9-house_10")


def test_whisper_of_the_night_keeps_van_helsing_from_moving_a_barrier():
    """„Šepot noci: Van Helsing nesmí ve svém následujícím tahu přesunout žádnou bariéru!
    (Pokud … použije kartu ‚Bojovnost‘ …, smí po tomto tahu navíc bariéru zase přemístit.)“"""
    state = build(hands=(["sepot"], ["bojovnost", "odpor"]))
    state = end(act(played(state, D, "sepot", "house_4"), D, "special"), D)
    state = played(state, V, "bojovnost", "house_10", "house_6", peek=True)
    state = act(act(state, V, "lay", kind="hunter1"), V, "special")
    assert state["turn"]["extra"] is True, "no barrier step: the turn went straight on"
    state = played(state, V, "odpor", "house_7")
    state = act(state, V, "skip_special")
    assert state["turn"]["stage"] == "barrier" and "barrier" in names(state, V)


def test_roar_of_the_night_sends_either_figure_to_the_harbour():
    """„Šumění noci: Přesuň libovolnou figurku do přístavu!“"""
    state = played(build(hands=(["sumeni"], HANDS[1])), D, "sumeni", "house_4")
    assert {a.params["figure"] for a in r.actions(state, D) if a.action == "special"} == {D, V}
    state = act(state, D, "special", figure=V)
    assert state["figures"] == ["house_4", "harbour"]


def test_pulse_of_the_night_takes_a_vampire_back_from_the_discard():
    """„Tep noci: Vezmi si z odkládacího balíčku zpět jakéhokoliv Upíra do své zásoby!“"""
    state = build(hands=(["tep"], HANDS[1]), discard=(["vampire3", "vampire1"], []))
    state = played(state, D, "tep", "house_4")
    assert {a.params["kind"] for a in r.actions(state, D) if a.action == "special"} == {
        "vampire1", "vampire3"}
    state = act(state, D, "special", kind="vampire3")
    assert state["discard"][D] == ["vampire1"] and "vampire3" in state["supply"][D]
    assert conserved(state)
    nothing = played(build(hands=(["tep"], HANDS[1])), D, "tep", "house_4")
    assert nothing["turn"]["stage"] == "barrier"


def test_the_board_stays_as_in_the_start_position_for_unused_cards():
    """„Některé speciální akce na kartách se vztahují ještě na vlastní aktuální tah, jiné až
    na další tah protivníka.“ — declining leaves no effect behind."""
    state = build(hands=(["dech", "sepot"], HANDS[1]))
    state = end(played(state, D, "dech", "house_4"), D)
    assert state["effects"] == {"dech": False, "sepot": False, "ostrazitost": False,
                                "turned": None}
    assert state["locations"] == {**BOARD}


def test_deep_of_the_night_may_move_a_card_onto_an_empty_location():
    """„Vyměň karty setkání na dvou libovolných lokacích“ — one of them may be empty (the
    rulebook's empty locations: „zůstane lokace prázdná“); two empty ones are refused."""
    state = build(locations={**BOARD, "house_9": None, "house_8": None})
    state = played(state, D, "hloubka", "house_4")
    state = act(state, D, "special", location="house_9")
    with pytest.raises(IllegalActionError, match="empty"):
        do(state, D, "special", location="house_8")
    state = act(state, D, "special", location="house_10")
    assert state["locations"]["house_9"] == "vampire3" and state["locations"]["house_10"] is None
    assert conserved(state)
