"""Duel!: one test per rule sentence of the Czech rulebook (``shared/rules/duel.cs.txt``).

Each docstring quotes the Czech words it checks, with an English gloss. Positions are built
by hand with ``rules.position``; dice come from a scripted stand-in so a hit or a miss is
the rule's doing, not luck. The pairs of cards meeting in one round are in
``test_duel_pairs.py``, the dice distribution in ``test_duel_dice.py``.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from companion.fairplay import fairness
from companion.games.base import ActionSyntaxError, IllegalActionError
from companion.games.duel import rules
from tests.playing import default_options, rng_for


class Script:
    """Stand-in randomness: FUDGE faces from a script, shuffles that keep the order."""

    def __init__(self, faces=()):
        self.faces = list(faces)

    def fudge(self):
        return self.faces.pop(0)

    def shuffle(self, items):
        return list(items)

    def randbelow(self, n):
        return 0

    def choice(self, items):
        return items[0]

    def roll(self, sides):
        return 1


def post(state, seat, action, rng=None, **params):
    return rules.apply(state, seat, {"action": action, "params": params}, rng or Script())


def choose(state, seat, card, rng=None):
    return post(state, seat, "choose", rng, card=state["hands"][seat].index(card))


def play_round(state, card0, card1, faces=()):
    """Both choose (seat 0 first); returns the Applied of the second, revealing choice."""
    rng = Script(faces)
    return choose(choose(state, 0, card0, rng).state, 1, card1, rng)


def options(**changes):
    opts = default_options(rules, 2)
    opts.update(changes)
    return opts


def only_jokers(key, copies=4, **changes):
    """Options whose joker deck holds only ``key`` (so the deal is known)."""
    opts = options(**{f"jokers_{k}": 0 for k in rules.JOKERS}, **changes)
    opts[f"jokers_{key}"] = copies
    return opts


def dumps(value):
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


MISS = (-1, -1, -1, -1)


# --- what the game needs ------------------------------------------------------------------


def test_seats_are_exactly_two_duellists():
    """„Přesně dva hráče, představující oba duelanty“ — exactly two players, the duellists."""
    spec = rules.seats(options())
    assert (spec.min, spec.max) == (2, 2)
    assert spec.roles == ("First duellist", "Second duellist")


def test_setup_deals_the_action_deck_and_two_random_jokers_each():
    """„5x Míření, 2x Blaf a 2x Výstřel!“ + „přidá 2 karty, které na začátku náhodně vylosuje
    z Žolíkového balíčku“ — 5 Aim, 2 Bluff, 2 Shot, plus 2 jokers drawn at random."""
    state = rules.setup(options(), rng_for(0))
    for hand in state["hands"]:
        assert [hand.count(k) for k in ("aim", "bluff", "shot")] == [4, 2, 2]
        assert len([c for c in hand if c in rules.JOKERS]) == 2
    deals = {dumps(rules.setup(options(), rng_for(0, f"{s:064x}"))["hands"]) for s in range(8)}
    assert len(deals) > 1


NINE = {"wet_powder": 1, "nerves": 1, "demon": 1, "wind": 1, "mind": 2, "mistress": 2,
        "signal": 1}


def jokers_of(hand):
    return Counter(c for c in hand if c in rules.JOKERS)


def test_each_duellist_draws_from_his_own_joker_deck_of_nine():
    """„stačí dvakrát vytisknout strany 4 5“ (page 4, the nine jokers, printed twice) and the
    backs per player („RUBY KARET PRVNÍHO HRÁČE“, „… DRUHÉHO HRÁČE“): by default each
    duellist draws his 2 jokers from his own deck of nine — so no hand ever holds two Winds
    or two Confused Signals, and the other duellist's jokers do not change what he draws."""
    assert {o.name: o.default for o in rules.OPTIONS if o.name.startswith("jokers_")} == {
        f"jokers_{key}": n for key, n in NINE.items()}
    for seed in range(200):
        state = rules.setup(options(), rng_for(0, f"{seed:064x}"))
        assert [len(deck) for deck in state["joker_decks"]] == [7, 7]
        for hand, left in zip(state["hands"], state["joker_decks"], strict=True):
            assert jokers_of(hand) + Counter(left) == Counter(NINE)
    view = rules.view(state, None)
    assert view["joker_deck_count"] == 14 and view["joker_decks"] == [7, 7]


def test_option_one_shared_deck_of_both_joker_decks():
    """The other reading of „vylosuje z Žolíkového balíčku“ (one joker deck for both): the
    two printed decks shuffled together, 18 cards; only there may one hand hold two Winds or
    a second, dead Confused Signal."""
    twice = Counter()
    for seed in range(300):
        state = rules.setup(options(joker_deck="shared"), rng_for(0, f"{seed:064x}"))
        (left,) = state["joker_decks"]
        assert len(left) == 14
        assert jokers_of(state["hands"][0]) + jokers_of(state["hands"][1]) + Counter(left) \
            == Counter({key: 2 * n for key, n in NINE.items()})
        for hand in state["hands"]:
            twice.update(key for key, n in jokers_of(hand).items() if n == 2)
    assert twice["wind"] and twice["signal"]


def test_tables_made_before_the_joker_deck_option_deal_as_they_did():
    """Options saved without ``joker_deck`` (older tables and their exports) counted one
    shared deck and still deal from it card for card, so their seeds verify."""
    old = options(**{f"jokers_{key}": 2 * n for key, n in NINE.items()})
    del old["joker_deck"]
    state = rules.setup(old, rng_for(0))
    deck = rng_for(0).shuffle([k for k in rules.JOKERS for _ in range(2 * NINE[k])])
    assert [jokers_of(h) for h in state["hands"]] == [Counter(deck[:2]), Counter(deck[2:4])]
    assert state["joker_decks"] == [deck[4:]]


def test_setup_lays_one_aim_in_front_of_each_duellist():
    """„Každý z hráčů tak začíná souboj s jednou vyloženou kartou míření.“ — each duellist
    starts with one Aim laid."""
    state = rules.setup(options(), rng_for(0))
    assert state["laid"] == [["aim"], ["aim"]]
    assert [d["aims"] for d in rules.view(state, None)["duellists"]] == [1, 1]


def test_each_duellist_has_two_loaded_pistols():
    """„Každý hráč má dvě nabité soubojové pistole, může tedy vystřelit maximálně dvakrát.“
    — two pistols, so at most two shots."""
    state = rules.setup(options(), rng_for(0))
    assert [d["pistols"] for d in rules.view(state, None)["duellists"]] == [2, 2]
    state = rules.position([["shot", "shot", "aim"], ["aim", "aim", "aim", "shot"]],
                           pistols=(1, 2))
    assert rules.view(state, 0)["duellists"][0]["shots_left"] == 1
    after = play_round(state, "shot", "aim", MISS).state
    assert after["pistols"][0] == 0
    assert [a.params for a in rules.actions(after, 0)] == [{"card": 0}]  # only the Aim left
    with pytest.raises(IllegalActionError, match="pistols"):
        choose(after, 0, "shot")


def test_variant_of_pribehy_imperia_deals_a_third_joker():
    """„ten hráč, který má vyšší dovednost … začíná tedy se třemi žolíkovými kartami“ — the
    more skilled duellist starts with three jokers."""
    for who, seat in (("first", 0), ("second", 1)):
        state = rules.setup(options(extra_joker=who), rng_for(0))
        jokers = [len([c for c in hand if c in rules.JOKERS]) for hand in state["hands"]]
        assert jokers[seat] == 3 and jokers[1 - seat] == 2


def test_a_duel_saved_before_the_joker_deck_option_plays_on():
    """A state saved by the app before own decks (version 1: no ``state_version``, one
    ``joker_deck`` list) is upgraded as the referee loads it, and then shows, plays and
    redeals: the upgrade does not break a duel in progress."""
    state = rules.setup(options(joker_deck="shared"), rng_for(0))
    (state["joker_deck"],) = state.pop("joker_decks")
    del state["state_version"]
    saved = copy.deepcopy(state)
    upgraded = rules.upgrade(state)
    assert upgraded == rules.setup(options(joker_deck="shared"), rng_for(0))
    assert state == saved, "the state as loaded is not changed in place"
    state = upgraded
    assert rules.view(state, None)["joker_deck_count"] == 14
    for seat in (0, 1):
        state = post(state, seat, "ready").state
    assert state["phase"] == "choose" and state["state_version"] == rules.STATE_VERSION
    other = rules.redeal_hidden(state, 0, rng_for(3))
    assert len(other["joker_decks"][0]) == 14 and other["hands"][0] == state["hands"][0]


def test_a_duel_of_this_version_loads_as_it_is():
    state = rules.setup(options(), rng_for(0))
    assert rules.upgrade(state) is state and state["state_version"] == 2


def test_joker_deck_make_up_is_a_table_option():
    """The joker deck's make-up is inferred (print sheet, page 4 „VYTISKNOUT 2X“): each count
    is an option checked against the players' cards, and an impossible deck is refused."""
    counted = [o for o in rules.OPTIONS if o.name.startswith("jokers_")]
    assert len(counted) == len(rules.JOKERS) and all(o.check_cards for o in counted)
    state = rules.setup(only_jokers("wind"), rng_for(0))
    assert all(hand.count("wind") == 2 for hand in state["hands"])
    with pytest.raises(ActionSyntaxError):
        rules.validate(only_jokers("wind", copies=1))
    rules.validate(only_jokers("wind", copies=2))
    with pytest.raises(ActionSyntaxError):
        rules.validate(only_jokers("wind", copies=2, extra_joker="first"))
    with pytest.raises(ActionSyntaxError):  # a shared deck of 2 × 2 cannot deal 3 + 2
        rules.validate(only_jokers("wind", copies=2, joker_deck="shared", extra_joker="first"))
    rules.validate(only_jokers("wind", copies=3, joker_deck="shared", extra_joker="first"))
    with pytest.raises(ActionSyntaxError):
        rules.validate(options(joker_deck="everyone's"))


def test_crying_mistress_hint_says_it_stays_as_an_aim_when_the_table_counts_it_so():
    """„PLAČÍCÍ MILENKA. Je-li zahrána, tak ruší jedno vyložené protivníkovo míření. Plačící
    milenka se také počítá jako karta Míření.“ — under ``mistress_aim`` (the default) the
    hint beside the card and its button says it stays as an Aim; without it, it does not."""
    for counts, says in ((True, True), (False, False)):
        state = rules.position([["mistress", "aim"], ["aim", "shot"]], mistress_aim=counts)
        hints = [c["hint"] for c in rules.view(state, 0)["hand"] if c["key"] == "mistress"]
        hints += [a.hint for a in rules.actions(state, 0)
                  if a.label_args.get("card") == "Crying Mistress"]
        assert len(hints) == 2
        assert all(("stays on the table as an Aim" in h) == says for h in hints)
        assert all("Removes one of the opponent's laid Aims" in h for h in hints)


def test_whole_hand_is_available_one_button_per_kind():
    """„Hráč má během hry k dispozici všechny karty v ruce.“ — every card in hand may be
    played; the phone offers one button per kind of card."""
    state = rules.position([["aim", "aim", "bluff", "shot", "wind", "mistress"], ["aim"]])
    labels = [a.label_args["card"] for a in rules.actions(state, 0)]
    assert sorted(labels) == sorted(["Aim", "Bluff", "Shot", "Wind", "Crying Mistress"])


# --- a round: secret choice, reveal -----------------------------------------------------


def test_choice_is_face_down_until_both_have_chosen():
    """„vyloží hráči jednu kartu … rubem vzhůru. Poté, co jsou oba hráči hotovi, otočí každý
    svou kartu“ — cards go face down; both turn only when both are done. Whatever seat 0
    chose, seat 1's screen, its buttons and the tablet are byte for byte the same."""
    state = rules.position([["aim", "bluff", "shot", "wet_powder", "nerves", "demon", "wind",
                             "mind", "mistress"], ["aim", "bluff", "shot"]])
    seen = set()
    for index in range(len(state["hands"][0])):
        applied = post(state, 0, "choose", card=index)
        assert applied.revealed is False
        assert all("card" not in entry["args"] for entry in applied.log if "to" not in entry)
        seen.add((dumps(rules.view(applied.state, 1)), dumps(rules.view(applied.state, None)),
                  dumps([a.to_json() for a in rules.actions(applied.state, 1)])))
    assert len(seen) == 1
    table = rules.view(post(state, 0, "choose", card=0).state, None)
    assert [d["status_text"] for d in table["duellists"]] == ["has chosen", "still choosing"]


def test_chooser_who_reloads_sees_the_pending_choice():
    """„vyloží … rubem vzhůru“ — the face-down card is the chooser's: a phone that reloads
    mid-round shows which card lies there (it is in the state, not the page)."""
    state = choose(rules.position([["aim", "wind", "shot"], ["aim", "shot"]]), 0, "wind").state
    mine = rules.view(state, 0)
    assert mine["pending"]["card"]["key"] == "wind"
    assert [c["key"] for c in mine["hand"] if c["chosen"]] == ["wind"]
    assert rules.actions(state, 0) == []
    with pytest.raises(IllegalActionError, match="already chosen"):
        post(state, 0, "choose", card=0)


def test_second_choice_reveals_both_cards_at_once():
    """„Ve chvíli, kdy mají oba hráči vyloženo, obě karty se najednou odkryjí a vyhodnotí.“ —
    when both have laid, both cards turn at once and are resolved."""
    applied = play_round(rules.position([["aim", "shot"], ["bluff", "shot"]]), "aim", "bluff")
    assert applied.revealed is True
    reveal = rules.view(applied.state, None)["rounds"][0]
    assert [c["played"]["key"] for c in reveal["cards"]] == ["aim", "bluff"]
    assert applied.state["round"] == 2


def test_aims_stay_on_the_table_other_cards_leave_the_game():
    """„Karty míření … zůstávají na stole, zatímco ostatní mají jednorázový efekt a po použití
    jsou vyřazeny ze hry.“ — Aims stay; the others are one-shot and leave the game."""
    state = play_round(rules.position([["aim", "shot"], ["wind", "shot"]]), "aim", "wind").state
    assert state["laid"][0] == ["aim", "aim"]
    assert [o["card"] for o in state["out"]] == ["wind"]


def test_played_cards_never_return_to_the_hand():
    """„Jednou vyložené karty se již do ruky nevracejí.“ — played cards never return."""
    state = rules.position([["aim", "bluff", "shot"], ["aim", "bluff", "shot"]])
    state = play_round(state, "bluff", "aim").state
    assert state["hands"] == [["aim", "shot"], ["bluff", "shot"]]
    assert state["laid"][1] == []  # the Aim laid and the one before it were bluffed away


def test_each_laid_aim_adds_one_to_the_roll():
    """„Za každou kartu Míření, která je vyložena před hráčem, si přičítá k hodu kostkou
    (například za tři vyložené karty míření tak získává bonus +3).“"""
    state = rules.position([["shot", "aim"], ["aim", "aim"]], laid=(3, 1))
    applied = play_round(state, "shot", "aim", faces=(1, 0, 0, 0))
    (roll,) = applied.state["history"][-1]["rolls"]
    assert roll["modifiers"] == [{"name": "Aims", "value": 3}]
    assert (roll["dice"], roll["total"], roll["hit"]) == (1, 4, True)


def test_bluff_removes_two_laid_aims_or_the_only_one():
    """„Vyložená karta Blaf odstraní dvě karty míření z protivníkovy vyložené hromádky (má-li
    ten vyloženou pouze jednu kartu, odstraní se jen jedna).“"""
    for laid, left in ((3, 1), (2, 0), (1, 0), (0, 0)):
        state = rules.position([["bluff", "shot"], ["wind", "shot"]], laid=(1, laid))
        assert play_round(state, "bluff", "wind").state["laid"][1] == ["aim"] * left


def test_bluff_against_bluff_both_cancel():
    """„Pokud soupeř hraje Blaf ve stejném kole, účinky obou karet se negují.“"""
    state = rules.position([["bluff", "shot"], ["bluff", "shot"]], laid=(2, 2))
    after = play_round(state, "bluff", "bluff").state
    assert after["laid"] == [["aim", "aim"], ["aim", "aim"]]


@pytest.mark.parametrize("answer", ["shot", "nerves"])
def test_bluff_is_cancelled_by_a_shot_or_nerves_of_steel(answer):
    """„Stejně tak je Blaf negován současně vyloženou kartou Výstřel! nebo Nervy z ocele.“ —
    a Shot or Nerves of Steel played in the same round cancels a Bluff."""
    state = rules.position([["bluff", "shot"], [answer, "shot"]], laid=(1, 2))
    after = play_round(state, "bluff", answer, MISS).state
    assert len(after["laid"][1]) == (3 if answer == "nerves" else 2)


def test_shot_hits_on_four_or_more():
    """„Hráč si hodí čtyřmi kostkami a k výsledku přičte bonus za vyložené karty Míření …
    Musí přitom dosáhnout výsledku 4 a více.“ — four dice + Aims; 4 or more hits."""
    state = rules.position([["shot", "aim"], ["aim", "shot"]], laid=(2, 1))
    three = play_round(state, "shot", "aim", faces=(1, 0, 0, 0))
    four = play_round(state, "shot", "aim", faces=(1, 1, 0, 0))
    assert three.state["history"][-1]["rolls"][0]["total"] == 3
    assert rules.result(three.state) is None
    assert four.state["history"][-1]["rolls"][0]["total"] == 4
    assert four.state["fallen"] == [False, True]


def test_hit_duellist_is_dead_and_the_game_ends():
    """„Zasažený protivník se považuje za mrtvého a hra pro něho končí.“ — the one hit is
    dead; the duel is over and the shooter wins."""
    state = rules.position([["shot", "aim", "aim"], ["aim", "shot", "aim"]], laid=(2, 1))
    after = play_round(state, "shot", "aim", faces=(1, 1, 1, 1)).state
    outcome = rules.result(after)
    assert outcome["winners"] == [0] and outcome["draw"] is False
    assert outcome["args"] == {"winner": {"seat": 0}, "loser": {"seat": 1}}
    assert rules.actions(after, 0) == rules.actions(after, 1) == []
    with pytest.raises(IllegalActionError, match="over"):
        post(after, 1, "choose", card=0)


def test_empty_pistols_still_play_the_other_cards():
    """„Pokud hráč mine a již nemá další výstřel … Může proti protivníkovi použít zbytek svých
    karet“ — a duellist who missed his last shot still plays his other cards."""
    state = rules.position([["shot", "aim", "bluff"], ["aim", "aim", "shot"]], pistols=(1, 2))
    after = play_round(state, "shot", "aim", MISS).state
    assert rules.result(after) is None and after["pistols"][0] == 0
    assert {a.label_args["card"] for a in rules.actions(after, 0)} == {"Aim", "Bluff"}


def test_both_shots_are_simultaneous_and_both_may_die():
    """„Vyloží-li oba hráči najednou kartu Výstřel!, provedou se obě akce současně a oba hráči
    mohou najednou zemřít.“ — both fire at once; both may die."""
    state = rules.position([["shot", "aim"], ["shot", "aim"]], laid=(2, 2))
    after = play_round(state, "shot", "shot", faces=(1, 1, 0, 0) * 2).state
    assert after["fallen"] == [True, True]
    outcome = rules.result(after)
    assert outcome["winners"] == [] and outcome["draw"] is False
    assert len(after["history"][-1]["rolls"]) == 2


def test_shooting_leaves_the_shooters_aims_alone():
    """„Vyložení karty Výstřel! nemá žádný vliv na hráčovy vyložené karty míření.“"""
    state = rules.position([["shot", "aim"], ["aim", "shot"]], laid=(3, 1))
    after = play_round(state, "shot", "aim", MISS + (0,)).state
    assert after["laid"][0] == ["aim"] * 3


def test_confused_signal_is_not_played_in_a_round():
    """„Kromě jediné (Zmatený signál), která se vykládá ještě před hrou, se žolíkové karty
    vykládají stejně jako akční karty.“ — jokers are played like action cards, except
    Confused Signal, which is played before the duel."""
    state = rules.position([["signal", "wind", "shot"], ["aim", "shot"]])
    assert {a.label_args["card"] for a in rules.actions(state, 0)} == {"Wind", "Shot"}
    with pytest.raises(IllegalActionError, match="before the duel"):
        choose(state, 0, "signal")


# --- the end ----------------------------------------------------------------------------


def test_both_missing_all_shots_is_a_draw():
    """„Hra končí ve chvíli, kdy … oba hráči minou všechny své výstřely … Zůstanou-li oba
    hráči naživu, jedná se o remízu.“ — both miss all shots: a draw."""
    state = rules.position([["shot", "aim", "aim"], ["shot", "aim", "aim"]], pistols=(1, 1))
    after = play_round(state, "shot", "shot", MISS * 2).state
    outcome = rules.result(after)
    assert outcome["draw"] is True and outcome["winners"] == []
    assert outcome["text"] == "Neither duellist has a shot left: a draw."
    assert [d["hand_count"] for d in rules.view(after, None)["duellists"]] == [2, 2]


def test_spent_cards_end_the_duel_in_a_draw():
    """„… nebo vyplýtvají všechny karty z akčního balíku. Zůstanou-li oba hráči naživu, jedná
    se o remízu.“ — when the cards are spent and both live, it is a draw."""
    state = rules.position([["shot"], ["shot"]])
    after = play_round(state, "shot", "shot", MISS * 2).state
    outcome = rules.result(after)
    assert outcome["draw"] is True
    assert outcome["text"] == "The cards are spent and both duellists stand: a draw."


def test_a_duellist_without_cards_plays_nothing_while_the_other_plays_on():
    """„… vyplýtvají všechny karty“ (they, both) — by default the duel goes on until both are
    out of cards; the option ends it when the first one is. (Decided: README.)"""
    state = rules.position([["aim"], ["aim", "shot"]])
    after = play_round(state, "aim", "aim").state
    assert rules.result(after) is None
    assert after["active"] == [False, True]
    assert rules.view(after, None)["duellists"][0]["status_text"] == "plays no card this round"
    alone = choose(after, 1, "shot", Script(MISS))
    assert alone.revealed is True and alone.state["history"][-1]["first"] == [None, "shot"]
    ending = rules.position([["aim"], ["aim", "shot"]], empty_hand_ends=True)
    assert rules.result(play_round(ending, "aim", "aim").state)["draw"] is True


def test_rematch_reloads_the_pistols_and_duels_again():
    """„nechají dobít pistole a pokračovat v souboji (v tom případě se prostě celý souboj
    odehraje znovu)“ — reload the pistols and play the whole duel again."""
    assert rules.REMATCH is True
    previous = {"winners": [0], "draw": False, "text": "x", "args": {}}
    state = rules.setup(options(previous_result=previous), rng_for(0))
    assert state["pistols"] == [2, 2] and state["phase"] == "signal"


# --- the jokers -------------------------------------------------------------------------


def test_wet_powder_spoils_the_shot_of_the_same_round():
    """„Pokud je Mokrý prach hrán proti kartě Výstřel!, tak je výstřel zrušen a rána vyšla
    vniveč (výstřel se automaticky považuje za neúspěšný).“ — the shot is spent and misses,
    no dice are rolled."""
    state = rules.position([["shot", "shot", "aim"], ["wet_powder", "aim", "aim"]],
                           laid=(9, 1))
    after = play_round(state, "shot", "wet_powder", faces=()).state  # no face may be drawn
    (roll,) = after["history"][-1]["rolls"]
    assert roll["misfire"] is True and roll["hit"] is False and roll["faces"] == []
    assert after["pistols"][0] == 1 and after["fallen"] == [False, False]


def test_wet_powder_a_round_early_does_not_spoil_the_next_shot():
    """„Pokud je Mokrý prach hrán proti kartě Výstřel!“ — decided: it must meet the Shot in
    the same round (cards are revealed together); a Wet Powder played earlier is wasted."""
    state = rules.position([["aim", "shot", "aim"], ["wet_powder", "aim", "aim"]], laid=(4, 1))
    state = play_round(state, "aim", "wet_powder").state
    after = play_round(state, "shot", "aim", faces=(0, 0, 0, 0)).state
    assert after["fallen"] == [False, True]


def test_nerves_of_steel_cancel_a_bluff_and_count_as_an_aim():
    """„Pokud je zahrána proti Blafu, tak ho zruší. Nervy z ocele se také počítají jako karta
    Míření.“"""
    state = rules.position([["bluff", "aim", "aim"], ["nerves", "shot", "aim"]], laid=(1, 1))
    state = play_round(state, "bluff", "nerves").state
    assert state["laid"][1] == ["aim", "nerves"]
    after = play_round(state, "aim", "shot", faces=(1, 1, 0, 0)).state
    assert after["history"][-1]["rolls"][0]["modifiers"][0]["value"] == 2
    assert after["fallen"][0] is True


def test_demons_help_takes_a_blind_card_out_of_the_game():
    """„Hráč při vyložení této karty naslepo vybere jednu kartu z balíčku protivníka a vyřadí
    ji ze hry.“ — the player picks one of the opponent's cards blindly; it leaves the game."""
    state = rules.position([["demon", "aim", "shot"], ["aim", "bluff", "wind", "shot"]])
    state = play_round(state, "demon", "aim").state
    assert state["phase"] == "demon"
    picks = rules.actions(state, 0)
    assert [a.params for a in picks] == [{"position": n} for n in (1, 2, 3)]
    assert rules.actions(state, 1) == []
    applied = post(state, 0, "pick", rng_for(5), position=2)
    assert applied.revealed is True
    after = applied.state
    (gone,) = [o for o in after["out"] if o["seat"] == 1]
    assert len(after["hands"][1]) == 2
    assert sorted(after["hands"][1] + [gone["card"]]) == sorted(["bluff", "wind", "shot"])
    assert after["phase"] == "choose" and after["round"] == 2
    with pytest.raises(IllegalActionError):
        post(state, 0, "pick", position=4)


def test_demons_help_position_carries_no_information():
    """„naslepo vybere“ — blindly: the hand is shuffled at the moment of the pick, so the same
    position gives different cards at different moments."""
    state = rules.position([["demon", "aim", "shot"], ["aim", "bluff", "wind", "shot"]])
    state = play_round(state, "demon", "aim").state
    taken = {post(state, 0, "pick", rng_for(step), position=1).state["out"][-1]["card"]
             for step in range(40)}
    assert taken == {"bluff", "wind", "shot"}


def test_wind_blows_this_round_and_the_next():
    """„V tomto a následujícím kole mají všechny Výstřely -2 k hodu na zásah.“ — all shots
    −2 this round and the next, then calm."""
    state = rules.position([["wind", "shot", "shot"], ["aim", "aim", "aim", "aim"]])
    state = play_round(state, "wind", "aim").state
    assert rules.view(state, None)["wind"] == {"modifier": -2, "blowing": 1}
    state = play_round(state, "shot", "aim", MISS).state
    assert state["history"][-1]["rolls"][0]["modifiers"][-1] == {"name": "Wind", "value": -2}
    state = play_round(state, "shot", "aim", MISS).state
    assert [m["name"] for m in state["history"][-1]["rolls"][0]["modifiers"]] == ["Aims"]


def test_wind_hits_a_shot_of_its_own_round():
    """„V tomto … kole“ — in this very round: a Shot revealed with the Wind is −2."""
    state = rules.position([["shot", "aim"], ["wind", "aim"]], laid=(2, 1))
    after = play_round(state, "shot", "wind", faces=(1, 1, 0, 0)).state
    roll = after["history"][-1]["rolls"][0]
    assert (roll["total"], roll["hit"]) == (2, False)


@pytest.mark.parametrize("stacks, modifier", [(True, -4), (False, -2)])
def test_two_winds_stack_unless_the_option_says_otherwise(stacks, modifier):
    """„všechny Výstřely -2“ per Wind card — decided: two Winds blowing at once give −4;
    the option makes it −2 however many blow."""
    state = rules.position([["wind", "shot"], ["aim", "wind", "aim"]], wind_stacks=stacks)
    state = play_round(state, "wind", "aim").state
    after = play_round(state, "shot", "wind", MISS).state
    assert after["history"][-1]["rolls"][0]["modifiers"][-1]["value"] == modifier


def test_mind_reading_swaps_after_the_reveal_knowing_the_opponents_card():
    """„Poté, co jsou … odkryty karty a jedna z nich je Čtení myšlenek, může ji hráč … nahradit
    kteroukoli jinou kartou z ruky (tentokrát však již se znalostí karty, kterou vyložil
    soupeř).“"""
    state = rules.position([["mind", "mind", "wet_powder", "aim"], ["shot", "aim", "shot"]],
                           laid=(1, 5))
    state = play_round(state, "mind", "shot").state
    assert state["phase"] == "mind"
    mine = rules.view(state, 0)
    assert [c["played"]["key"] for c in mine["reveal"]["cards"]] == ["mind", "shot"]
    offered = rules.actions(state, 0)
    assert [a.action for a in offered].count("keep") == 1
    assert {a.label_args["card"] for a in offered if a.action == "swap"} == {
        "Wet Powder", "Aim"}  # another card: not the second Mind Reading
    assert rules.actions(state, 1) == []
    with pytest.raises(IllegalActionError, match="different card"):
        post(state, 0, "swap", card=state["hands"][0].index("mind"))
    applied = post(state, 0, "swap", card=state["hands"][0].index("wet_powder"))
    assert applied.revealed is True
    after = applied.state
    assert after["history"][-1]["played"] == ["wet_powder", "shot"]
    assert after["history"][-1]["rolls"][0]["misfire"] is True
    assert sorted(o["card"] for o in after["out"]) == ["mind", "shot", "wet_powder"]


def test_mind_reading_kept_does_nothing():
    """„může ji hráč … nahradit“ — may: keeping Mind Reading is allowed and has no effect."""
    state = rules.position([["mind", "aim"], ["aim", "shot"]])
    state = play_round(state, "mind", "aim").state
    after = post(state, 0, "keep").state
    assert after["laid"] == [["aim"], ["aim", "aim"]]
    assert after["hands"][0] == ["aim"] and after["out"][-1]["card"] == "mind"
    with pytest.raises(IllegalActionError):
        post(state, 0, "swap", card=state["hands"][0].index("aim") + 5)


def test_both_mind_readings_swap_in_secret_then_reveal_together():
    """„Čtení myšlenek … nahradit … se znalostí karty, kterou vyložil soupeř“ — if both play
    it, neither knows the other's new card: both swap in secret and reveal together."""
    state = rules.position([["mind", "aim", "shot", "wind"], ["mind", "bluff", "shot"]],
                           laid=(1, 1))
    state = play_round(state, "mind", "mind").state
    assert state["deciding"] == [True, True]
    hidden = set()
    for params in ({"action": "keep", "params": {}},
                   *({"action": "swap", "params": {"card": i}} for i in range(3))):
        applied = rules.apply(state, 0, params, Script())
        assert applied.revealed is False
        hidden.add((dumps(rules.view(applied.state, 1)),
                    dumps(rules.view(applied.state, None))))
    assert len(hidden) == 1
    first = post(state, 0, "swap", card=0)
    assert rules.view(first.state, 0)["pending"]["card"]["key"] == "aim"
    second = post(first.state, 1, "swap", card=0)
    assert second.revealed is True
    assert second.state["history"][-1]["played"] == ["aim", "bluff"]
    assert second.state["laid"] == [[], ["aim"]]  # Aim laid (2), then bluffed away


@pytest.mark.parametrize("counts, laid_after", [(True, ["aim", "mistress"]), (False, ["aim"])])
def test_crying_mistress_removes_an_aim_and_counts_as_one_by_default(counts, laid_after):
    """„Je-li zahrána, tak ruší jedno vyložené protivníkovo míření. Plačící milenka se také
    počítá jako karta Míření. -1“ — removes one of the opponent's Aims; decided: it also counts
    as an Aim as written (the option drops that, reading the printed −1 alone)."""
    state = rules.position([["mistress", "shot"], ["aim", "shot"]], laid=(1, 3),
                           mistress_aim=counts)
    after = play_round(state, "mistress", "aim").state
    assert after["laid"] == [laid_after, ["aim"] * 3]
    table = rules.setup(options(mistress_aim=counts), rng_for(0))
    assert table["rules"]["mistress_aim"] is counts
    assert rules.setup(options(), rng_for(0))["rules"]["mistress_aim"] is True  # the default


def test_confused_signal_makes_the_opponent_skip_round_one():
    """„Před začátkem hry může hráč vyložit tuto kartu z ruky. V takovém případě jeho
    protivník nestihl zareagovat a první kolo nevykládá žádnou kartu.“"""
    state = rules.setup(only_jokers("signal"), rng_for(0))
    assert state["phase"] == "signal"
    first = post(state, 0, "signal")
    assert first.revealed is False
    state = post(first.state, 1, "ready").state
    assert state["phase"] == "choose" and state["active"] == [True, False]
    assert state["hands"][0].count("signal") == 1 and state["out"][0]["card"] == "signal"
    assert rules.actions(state, 1) == []
    alone = choose(state, 0, "aim")
    assert alone.revealed is True and alone.state["round"] == 2
    assert alone.state["active"] == [True, True]


def test_two_confused_signals_cancel_out():
    """„Pokud oba hráči vyloží Zmatený signál, efekt se ruší, a hraje se jako obyčejně.“"""
    state = rules.setup(only_jokers("signal"), rng_for(0))
    state = post(post(state, 0, "signal").state, 1, "signal").state
    assert state["active"] == [True, True]
    assert [o["card"] for o in state["out"]] == ["signal", "signal"]


def test_confused_signal_choice_is_secret_and_ready_is_always_offered():
    """„Před začátkem hry může hráč vyložit tuto kartu“ — may: the decision is made in secret,
    and “ready” is offered to everyone so the buttons do not tell who holds the card."""
    with_signal = rules.setup(only_jokers("signal"), rng_for(0))
    without = rules.setup(only_jokers("wind"), rng_for(0))
    assert [a.action for a in rules.actions(without, 0)] == ["ready"]
    assert [a.action for a in rules.actions(with_signal, 0)] == ["ready", "signal"]
    views = {dumps(rules.view(post(with_signal, 0, act).state, 1)) for act in ("ready", "signal")}
    assert len(views) == 1


# --- screens and actions ----------------------------------------------------------------


def test_opponents_hand_appears_only_as_a_count():
    """„Hráč má … všechny karty v ruce“ — in hand, so hidden: the opponent's phone and the
    tablet show only how many cards a duellist holds."""
    state = rules.position([["demon", "aim", "shot"], ["aim", "shot"]])
    for seat in (1, None):
        shown = rules.view(state, seat)
        assert "demon" not in dumps(shown).lower()
        assert shown["duellists"][0]["hand_count"] == 3
        assert shown["duellists"][0]["hand"] is None
    assert "hand" not in rules.view(state, None)
    assert "Demon's Help" in dumps(rules.view(state, 0))


def test_views_carry_no_seed_or_joker_deck_order():
    """No seed, deck order or hidden card in any view: the joker deck is only a count."""
    state = rules.setup(options(), rng_for(0))
    for seat in (None, 0, 1):
        out = rules.view(state, seat)
        assert out["joker_deck_count"] == sum(len(deck) for deck in state["joker_decks"])
        assert out["joker_decks"] == [7, 7]
        assert "seed" not in dumps(out) and "wind" not in dumps(out["joker_decks"])


@pytest.mark.parametrize("bad", [
    {"action": "choose", "params": {"card": "1"}},
    {"action": "choose", "params": {"card": True}},
    {"action": "choose", "params": {}},
    {"action": "fire!", "params": {}},
    {"action": "choose", "params": []},
])
def test_malformed_actions_are_syntax_errors(bad):
    """A phone's malformed post is refused with a sentence (HTTP 400), changing nothing."""
    state = rules.position([["aim", "shot"], ["aim", "shot"]])
    frozen = dumps(state)
    with pytest.raises(ActionSyntaxError):
        rules.apply(state, 0, bad, Script())
    assert dumps(state) == frozen


def test_out_of_turn_actions_say_why():
    """A refused action always answers with the reason, in words a player understands."""
    state = rules.position([["mind", "aim", "shot"], ["aim", "shot"]])
    with pytest.raises(IllegalActionError, match="hold"):
        post(state, 0, "choose", card=7)
    with pytest.raises(IllegalActionError, match="before the duel"):
        post(state, 0, "ready")
    with pytest.raises(IllegalActionError):
        post(state, 0, "pick", position=1)
    state = play_round(state, "mind", "aim").state
    with pytest.raises(IllegalActionError, match="deciding on Mind Reading"):
        post(state, 1, "choose", card=0)


def test_roll_record_names_every_face_and_modifier():
    """„k výsledku přičte bonus za vyložené karty Míření“ + Wind −2: the roll record holds
    the four faces, each modifier named, the total and hit or miss, for the tablet."""
    state = rules.position([["shot", "aim"], ["wind", "aim"]], laid=(3, 1))
    after = play_round(state, "shot", "wind", faces=(1, -1, 0, 1)).state
    roll = rules.view(after, None)["reveal"]["rolls"][0]
    assert roll["faces"] == [1, -1, 0, 1] and roll["symbols"] == ["+", "−", " ", "+"]
    assert roll["modifiers"] == [{"name": "Aims", "value": 3}, {"name": "Wind", "value": -2}]
    assert (roll["total"], roll["need"], roll["hit"], roll["seat"], roll["pistol"]) == (
        2, 4, False, 0, 1)


def test_real_randomness_rolls_four_fudge_dice_per_shot():
    """„Hráč si hodí čtyřmi kostkami“ — through the table's randomness: four FUDGE faces."""
    state = rules.position([["shot", "aim"], ["shot", "aim"]])
    rng = fairness.StepRandom(b"k" * 32, 3)
    after = choose(choose(state, 0, "shot", rng).state, 1, "shot", rng).state
    for roll in after["history"][-1]["rolls"]:
        assert len(roll["faces"]) == 4 and set(roll["faces"]) <= {-1, 0, 1}
    assert rng.draws == 8


def test_redeal_for_the_leak_test_keeps_what_a_seat_knows():
    """The leak test's helper re-deals only what seat 0 cannot know — which jokers seat 1
    holds, and its unrevealed choice — and keeps what the table sees: that seat 1 has no
    card it may play („vykládá ještě před hrou“: a Confused Signal is dead in the rounds)."""
    idle = rules.position([["aim", "shot"], ["signal"]], joker_deck=["wind", "demon", "nerves"])
    assert idle["active"] == [True, False]
    hiding = choose(rules.position([["aim", "shot"], ["aim", "wind", "shot"]],
                                   joker_deck=["demon", "signal"]), 1, "wind").state
    dealt = set()
    for step in range(30):
        other = rules.redeal_hidden(idle, 0, rng_for(step))
        assert other["hands"][1] == ["signal"] or not rules.has_playable(other, 1)
        assert dumps(rules.view(other, 0)) == dumps(rules.view(idle, 0))
        moved = rules.redeal_hidden(hiding, 0, rng_for(step))
        assert dumps(rules.view(moved, 0)) == dumps(rules.view(hiding, 0))
        assert moved["pending"][1] in moved["hands"][1]
        dealt.add((tuple(moved["hands"][1]), moved["pending"][1]))
    assert len(dealt) > 3
