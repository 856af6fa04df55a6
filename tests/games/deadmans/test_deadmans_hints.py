"""Dead Man's Draw: the words beside every choice say the rule in force — the variants on
the table and the characters at it — never the plain rule they change.

Each hand-built test quotes the sentence whose rule the words must follow; the property test
at the end plays random games under random variants with chosen characters and checks every
hint, button label and prompt a screen shows against the rules in force.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.deadmans import core, rules
from companion.games.deadmans.data import CHARACTERS
from tests.games.deadmans.test_deadmans import act, bank, card, table
from tests.playing import fill_inputs, rng_for
from tests.properties import examples


def words(state, seat=None):
    """Everything a pirate reads about the choice at hand: each button's label (filled in)
    and hint, and the pending effect's prompt."""
    seat = state["active"] if seat is None else seat
    out = []
    for action in rules.actions(state, seat):
        args = {k: f"seat {v['seat']}" if isinstance(v, dict) else v
                for k, v in action.label_args.items()}
        out.append((action.action, action.label.format(**args), action.hint))
    pending = rules.view(state, seat)["pending"]
    if pending:
        out.append(("prompt", pending["prompt"], ""))
    return out


def said(state, action, seat=None):
    """The labels and hints of ``action``'s buttons, as one text."""
    return " | ".join(f"{label} // {hint}" for name, label, hint in words(state, seat)
                      if name == action)


def test_strange_waters_flip_hint_speaks_of_values():
    """„POdiVné VOdy Jste TROP, jakmile přijde karta stejné hodnoty, nikoliv barvy.“ (Strange
    Waters: you bust on a card of the same value, not suit.)"""
    strange = said(table(strange_waters=True), "flip")
    assert "value already in the row" in strange and "suit" not in strange
    assert "suit already in the row" in said(table(), "flip")


def test_the_swordswomans_sword_buttons_do_not_claim_the_suit_limit():
    """„Šermířka, meče Můžete vybrat soupeřovu kartu z libovolného balíčku, i toho v barvě,
    kterou již ve svém banku máte.“ — her buttons must not say „a suit you do not hold“."""
    banks = {0: [card("key", 2)], 1: [card("key", 6), card("map", 3)]}
    hers = act(table("swordswoman", "greedy", deck=[card("sword", 5)], flips=0,
                     banks=banks), "flip").state
    text = said(hers, "sword")
    assert "do not hold" not in text and "even of a suit you hold" in text
    banks[1].append(card("chest", 4))
    plain = act(table("greedy", "golden_scales", deck=[card("sword", 5)], flips=0,
                      banks=banks), "flip").state
    assert "of a suit you do not hold" in said(plain, "sword")


def test_bottom_feeder_hints_prompts_and_labels_name_the_bottom_card():
    """Bottom Feeder (inferred, a web variant): „Sword and Cannon take the bottom card of a
    stack“ — the hints and the prompt say bottom, and each button names the card that goes."""
    banks = {1: [card("map", 3), card("map", 7), card("key", 6), card("key", 2)]}
    for suit in ("cannon", "sword"):
        state = act(table(deck=[card(suit, 5), card("anchor", 2)], flips=0,
                          bottom_feeder=True, banks=banks), "flip").state
        text = said(state, suit) + said(state, "prompt")
        assert "bottom card" in text and "top card" not in text
        assert {label for name, label, _hint in words(state) if name == suit} == {
            "Map 3 of seat 1", "Key 2 of seat 1"}


def test_friendly_fire_under_bottom_feeder_says_bottom():
    """„Střelba do vlastních řad … odhodit vrchní kartu z jednoho balíčku ze svého banku“,
    with Bottom Feeder turning every Cannon to the bottom card: the shooter's hint and the
    character card say bottom."""
    state = act(table("greedy", "friendly_fire", deck=[card("cannon", 5), card("anchor", 2)],
                      flips=0, bottom_feeder=True,
                      banks={0: [card("map", 3), card("key", 6)]}), "flip").state
    assert "bottom card" in said(state, "cannon")
    character = rules.view(state, None)["banks"][1]["character"]
    assert "bottom card" in character["ability"]


def test_the_gunners_cannon_buttons_name_the_whole_stack():
    """„Dělmistr, kanóny Odhoďte na odhazovací balíček celý balíček karet zvolené barvy ze
    soupeřova banku, ne jen vrchní kartu.“ — a button names the stack, not its top card."""
    state = act(table("gunner", "greedy", deck=[card("cannon", 5)], flips=0,
                      banks={1: [card("key", 3), card("key", 6), card("map", 7)]}),
                "flip").state
    labels = {label for name, label, _hint in words(state) if name == "cannon"}
    assert labels == {"The whole Key stack of seat 1 (cards: 2)",
                      "The whole Map stack of seat 1 (cards: 1)"}


def mermaid(value):
    return card("mermaid", value, variant=True)


def test_a_mermaid_whose_card_is_banked_does_not_offer_to_move_it():
    """„Siréna … vezmete si určenou kartu do svého banku. Její efekt se tak už neprovede.“ and
    Casanova in the variant: „můžete si jednu z karet ležících před ní vzít a uložit do svého
    banku“ — the card is banked, so no button says „Move“."""
    row = [card("sword", 4), card("map", 3)]
    siren = act(table("greedy", "siren", deck=[mermaid(5), card("key", 2)], row=row,
                      mermaid_variant=True), "flip").state
    labels = [label for name, label, _hint in words(siren) if name == "mermaid"]
    assert labels == ["Sword 4: seat 1 takes it", "Map 3: seat 1 takes it"]
    assert "Siren takes it" in said(siren, "prompt")
    casanova = act(table("casanova", "greedy", deck=[mermaid(5), card("key", 2)], row=row,
                         mermaid_variant=True), "flip").state
    assert [label for name, label, _hint in words(casanova) if name == "mermaid"] == [
        "Bank Sword 4", "Bank Map 3"]
    plain = act(table(deck=[mermaid(5), card("key", 2)], row=row, mermaid_variant=True),
                "flip").state
    assert [label for name, label, _hint in words(plain) if name == "mermaid"] == [
        "Move Sword 4", "Move Map 3"]


KEY_AND_CHEST = [card("key", 5), card("chest", 6), card("map", 3)]


def test_key_and_chest_bonus_is_a_choice_where_more_cards_can_hurt():
    """„smíte si navíc k získané kořisti vzít stejný počet karet z odhazovacího balíčku“ (you
    *may* take the bonus): under Beneath the Waves, where more points can sink a pirate, he
    is asked; doing without leaves the discard pile as it was."""
    state = table(row=KEY_AND_CHEST, discard=[card("anchor", 2), card("hook", 2)],
                  beneath_the_waves=True)
    looted = act(state, "loot").state
    assert looted["active"] == 0 and rules.view(looted, 1)["pending"]["kind"] == "bonus"
    assert [label for name, label, _hint in words(looted) if name == "bonus"] == [
        "Take the bonus (cards: 3)", "Do without the bonus"]
    without = act(looted, "bonus", choice="without").state
    assert bank(without, 0) == [("chest", 6), ("key", 5), ("map", 3)]
    assert len(without["discard"]) == 2 and without["active"] == 1
    took = act(looted, "bonus", choice="take").state
    assert len(took["banks"][0]) == 5 and took["discard"] == [] and took["active"] == 1


def test_key_and_chest_bonus_is_taken_at_once_where_it_cannot_hurt():
    """Without Beneath the Waves more cards never lower a score nor lose a tie (README), so
    the referee takes the bonus at once; nor is a pirate asked when there is nothing to take."""
    state = table(row=KEY_AND_CHEST, discard=[card("anchor", 2)])
    assert act(state, "loot").state["active"] == 1
    empty = table(row=KEY_AND_CHEST, beneath_the_waves=True)
    assert act(empty, "loot").state["active"] == 1


# --- the property: every hint is the one in force ---------------------------------------

CHARACTER_IDS = [c.id for c in CHARACTERS] + ["siren"]


def contradictions(state):
    """What the words at hand say that the rules in force deny."""
    opts = state["opts"]
    me = core.character(state, state["active"]) if state["phase"] == "play" else None
    found = []
    for name, label, hint in words(state):
        text = f"{label} // {hint}"
        if name == "flip" and opts["strange_waters"] and "suit already" in text:
            found.append(("Strange Waters, the flip speaks of suits", text))
        if name == "flip" and not opts["strange_waters"] and "value already" in text:
            found.append(("no Strange Waters, the flip speaks of values", text))
        if name == "sword" and me == "swordswoman" and "do not hold" in text:
            found.append(("the Swordswoman's Sword claims the suit limit", text))
        if name in ("cannon", "sword") and opts["bottom_feeder"] and "top card" in text:
            found.append(("Bottom Feeder, a Cannon or Sword says top card", text))
        if name == "cannon" and me == "gunner" and "whole" not in label \
                and core.holder(state, state["active"], "friendly_fire") is None:
            found.append(("the Gunner's Cannon names one card", text))
        if name == "mermaid" and label.startswith("Move") and (
                me == "casanova" or core.holder(state, state["active"], "siren") is not None):
            found.append(("a banked card is offered as moved", text))
    pending = rules.view(state, None)["pending"]
    if pending and pending["kind"] == "sword" and opts["bottom_feeder"] \
            and "top card" in pending["prompt"]:
        found.append(("Bottom Feeder, the Sword prompt says top card", pending["prompt"]))
    for bank_view in rules.view(state, None)["banks"]:
        ability = (bank_view["character"] or {}).get("ability", "")
        if opts["bottom_feeder"] and bank_view["character"] and \
                bank_view["character"]["id"] == "friendly_fire" and "top card" in ability:
            found.append(("Bottom Feeder, Friendly Fire's card says top card", ability))
    return found


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32),
       chars=st.lists(st.sampled_from(CHARACTER_IDS), min_size=2, max_size=3, unique=True),
       strange=st.booleans(), bottom=st.booleans(), mermaids=st.booleans())
def test_every_hint_shown_is_the_one_for_the_options_and_characters_in_force(
        seed, chars, strange, bottom, mermaids):
    """Random games with chosen characters under random variants: at every step, no hint,
    label or prompt on the active pirate's screen states a rule the table has changed."""
    options = {"strange_waters": strange, "bottom_feeder": bottom,
               "mermaid_variant": mermaids or "siren" in chars}
    state = table(*chars, flips=0, **options)
    state["deck"] = rules.setup({"players": len(chars), **options}, rng_for(seed))["deck"]
    chooser = random.Random(seed)
    for step in range(400):
        assert contradictions(state) == []
        if rules.result(state) is not None:
            return
        listed = rules.actions(state, state["active"])
        action = chooser.choice(listed)
        posted = {"action": action.action, "params": fill_inputs(action, chooser)}
        state = rules.apply(state, state["active"], posted, rng_for(step, f"{seed:064x}")).state
