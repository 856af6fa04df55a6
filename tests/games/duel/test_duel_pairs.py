"""Duel!: every pair of cards that can meet in one round, in both seat orders.

The expected outcomes below were worked out by hand from the rulebook's card texts
(``shared/rules/duel.cs.txt``), not from the engine. The position: both duellists have two
Aims laid and both pistols loaded, no Wind; every die shows (+, +, blank, blank) = +2, so a
Shot hits exactly when 2 + its shooter's Aims after this round's removals − Wind ≥ 4
(„Musí přitom dosáhnout výsledku 4 a více“). ``None`` is a duellist who plays no card (the
round after the opponent's Confused Signal, „první kolo nevykládá žádnou kartu“). A Mind
Reading here is kept, so it does nothing (its swap is tested in ``test_duel.py``).

Row: card x, card y, Aims x then has, Aims y then has, x's shot hits?, y's shot hits?
(None: no shot; "misfire": spoiled by Wet Powder).
"""

from __future__ import annotations

import pytest

from companion.games.duel import dice, rules

A, B, S, W, N, D, V, M, C = ("aim", "bluff", "shot", "wet_powder", "nerves", "demon", "wind",
                             "mind", "mistress")
_ = None

TABLE = [
    # Aim: laid, +1. Bluff against it removes two after it is laid.
    (A, A, 3, 3, None, None),
    (A, B, 1, 2, None, None),
    (A, S, 3, 2, None, True),
    (A, W, 3, 2, None, None),
    (A, N, 3, 3, None, None),
    (A, D, 3, 2, None, None),
    (A, V, 3, 2, None, None),
    (A, M, 3, 2, None, None),
    (A, C, 2, 3, None, None),
    (A, _, 3, 2, None, None),
    # Bluff: −2 Aims of the opponent, unless met by Bluff, Shot or Nerves of Steel.
    (B, B, 2, 2, None, None),
    (B, S, 2, 2, None, True),
    (B, W, 2, 0, None, None),
    (B, N, 2, 3, None, None),
    (B, D, 2, 0, None, None),
    (B, V, 2, 0, None, None),
    (B, M, 2, 0, None, None),
    (B, C, 1, 1, None, None),
    (B, _, 2, 0, None, None),
    # Shot: 2 dice + Aims; Wet Powder spoils it, Wind −2, Crying Mistress takes an Aim first.
    (S, S, 2, 2, True, True),
    (S, W, 2, 2, "misfire", None),
    (S, N, 2, 3, True, None),
    (S, D, 2, 2, True, None),
    (S, V, 2, 2, False, None),
    (S, M, 2, 2, True, None),
    (S, C, 1, 3, False, None),
    (S, _, 2, 2, True, None),
    # Wet Powder: only against a Shot.
    (W, W, 2, 2, None, None),
    (W, N, 2, 3, None, None),
    (W, D, 2, 2, None, None),
    (W, V, 2, 2, None, None),
    (W, M, 2, 2, None, None),
    (W, C, 1, 3, None, None),
    (W, _, 2, 2, None, None),
    # Nerves of Steel: an Aim that also cancels a Bluff.
    (N, N, 3, 3, None, None),
    (N, D, 3, 2, None, None),
    (N, V, 3, 2, None, None),
    (N, M, 3, 2, None, None),
    (N, C, 2, 3, None, None),
    (N, _, 3, 2, None, None),
    # Demon's Help: a blind pick after the round.
    (D, D, 2, 2, None, None),
    (D, V, 2, 2, None, None),
    (D, M, 2, 2, None, None),
    (D, C, 1, 3, None, None),
    (D, _, 2, 2, None, None),
    # Wind, Mind Reading (kept), Crying Mistress (−1 Aim of the opponent, +1 Aim as written).
    (V, V, 2, 2, None, None),
    (V, M, 2, 2, None, None),
    (V, C, 1, 3, None, None),
    (V, _, 2, 2, None, None),
    (M, M, 2, 2, None, None),
    (M, C, 1, 3, None, None),
    (M, _, 2, 2, None, None),
    (C, C, 2, 2, None, None),
    (C, _, 3, 1, None, None),
]

CASES = {}
for x, y, ax, ay, hx, hy in TABLE:
    CASES[(x, y)] = (ax, ay, hx, hy)
    CASES.setdefault((y, x), (ay, ax, hy, hx))


class PlusTwo:
    """Every die shows +, +, blank, blank; shuffles keep the order."""

    def __init__(self):
        self.faces = []

    def fudge(self):
        if not self.faces:
            self.faces = [1, 1, 0, 0]
        return self.faces.pop(0)

    def shuffle(self, items):
        return list(items)

    def choice(self, items):
        return items[0]

    def randbelow(self, n):
        return 0


def test_table_covers_every_pair_that_can_meet():
    playable = [c.key for c in rules.cards.CARDS if c.key != "signal"]
    kinds = [*playable, None]
    expected = {(x, y) for x in kinds for y in kinds if (x, y) != (None, None)}
    assert set(CASES) == expected


def _play(x, y):
    hands = [[card, "aim", "shot"] if card else ["aim", "shot"] for card in (x, y)]
    idle = 0 if x is None else 1 if y is None else None
    state = rules.position(hands, laid=(2, 2), idle=idle)
    rng = PlusTwo()
    for seat, card in ((0, x), (1, y)):
        if card is not None:
            index = state["hands"][seat].index(card)
            state = rules.apply(state, seat, {"action": "choose", "params": {"card": index}},
                                rng).state
    if "mind" in (x, y):
        assert state["phase"] == "mind" and state["history"] == []  # swap comes first
        for seat, card in ((0, x), (1, y)):
            if card == "mind":
                state = rules.apply(state, seat, {"action": "keep", "params": {}}, rng).state
    return state


@pytest.mark.parametrize("x, y", sorted(CASES, key=str), ids=lambda c: str(c))
def test_pair_resolves_as_the_cards_say(x, y):
    """„obě karty se najednou odkryjí a vyhodnotí“ — both cards turn at once and resolve."""
    aims_x, aims_y, hit_x, hit_y = CASES[(x, y)]
    state = _play(x, y)
    record = state["history"][-1]
    assert record["played"] == [x, y]
    assert [len(pile) for pile in state["laid"]] == [aims_x, aims_y]

    shots = {roll["seat"]: roll for roll in record["rolls"]}
    for seat, hit in ((0, hit_x), (1, hit_y)):
        if hit is None:
            assert seat not in shots
            continue
        roll = shots[seat]
        assert roll["misfire"] == (hit == "misfire")
        assert roll["hit"] is (hit is True)
        assert state["fallen"][1 - seat] is (hit is True)
        assert state["pistols"][seat] == 1

    fell = hit_x is True or hit_y is True
    if fell:
        assert state["phase"] == "over" and rules.result(state)["draw"] is False
        return
    demons = [card == "demon" for card in (x, y)]
    if any(demons):
        assert state["phase"] == "demon" and state["picking"] == demons
    else:
        assert state["phase"] == "choose"
    winds = [x, y].count("wind")
    assert dice.wind_modifier(state) == -2 * winds  # still blowing in the next round
    # One-shot cards left the game; Aims, Nerves and (as written) Crying Mistress were laid.
    for seat, card in ((0, x), (1, y)):
        out = [o["card"] for o in state["out"] if o["seat"] == seat]
        if card in ("aim", "nerves", "mistress"):
            assert state["laid"][seat].count(card) + out.count(card) == 1 + 2 * (card == "aim")
        elif card is not None:
            assert out.count(card) == 1
