"""Duel!: the four FUDGE dice of a shot, through the table's fairness module.

„Každá kostka má na svých stěnách 2x symbol [+] …, 2x symbol [-] … a dvakrát prázdnou
stranu … Ty se prostě sečtou.“ — each die has two plus, two minus and two blank faces;
the four are summed. 4dF therefore gives −4…+4 with 1, 4, 10, 16, 19, 16, 10, 4, 1 of 81.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from companion.fairplay import fairness
from companion.games.duel import dice

EXACT = {-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}
CHI2_8DOF_P001 = 26.12
"""The chi-square value with 8 degrees of freedom exceeded with probability 0.001."""


class Faces:
    def __init__(self, faces):
        self.faces = list(faces)

    def fudge(self):
        return self.faces.pop(0)


def test_the_fudge_die_has_two_plus_two_minus_two_blank_faces():
    """„2x symbol [+] …, 2x symbol [-] … a dvakrát prázdnou stranu“."""
    assert sorted(fairness.FUDGE_FACES) == [-1, -1, 0, 0, 1, 1]


def test_four_fudge_dice_have_the_exact_distribution():
    """The 81 equally likely outcomes of four three-valued dice sum as 1, 4, 10, 16, 19…"""
    sums = Counter(sum(faces) for faces in product((-1, 0, 1), repeat=4))
    assert dict(sums) == EXACT and sum(EXACT.values()) == 81


def test_the_rulebooks_examples_sum_as_printed():
    """„Výsledkem hodu [+],[+],[-] a [ ] tak 1, hodu [-],[-],[-] a [+] pak -2.“"""
    assert dice.roll_shot(Faces([1, 1, -1, 0]), aims=0, wind=0)["dice"] == 1
    assert dice.roll_shot(Faces([-1, -1, -1, 1]), aims=0, wind=0)["dice"] == -2


def test_shot_dice_pass_chi_square_through_step_random():
    """Many shots rolled with ``StepRandom.fudge`` (four per shot) match the exact
    distribution: chi-square below the 0.1 % critical value, and every sum occurs."""
    rolls = 81 * 400
    key = fairness.step_key("ab" * 32, [])
    counts: Counter[int] = Counter()
    for step in range(rolls // 100):
        rng = fairness.StepRandom(key, step)
        for _ in range(100):
            counts[dice.roll_shot(rng, aims=0, wind=0)["dice"]] += 1
        assert rng.draws == 400
    chi2 = sum((counts[s] - rolls * n / 81) ** 2 / (rolls * n / 81) for s, n in EXACT.items())
    assert set(counts) == set(EXACT)
    assert chi2 < CHI2_8DOF_P001, (chi2, dict(counts))


def test_a_biased_die_would_fail_the_same_chi_square():
    """The check above can fail: a die with one blank face too few (+ twice as likely as 0)
    is caught by the same statistic with the same number of rolls."""

    class Biased:
        def __init__(self, rng):
            self.rng = rng

        def fudge(self):
            return (1, 1, -1, -1, 0, 1)[self.rng.randbelow(6)]

    rolls = 81 * 400
    counts: Counter[int] = Counter()
    rng = Biased(fairness.StepRandom(b"b" * 32, 0))
    for _ in range(rolls):
        counts[dice.roll_shot(rng, aims=0, wind=0)["dice"]] += 1
    chi2 = sum((counts[s] - rolls * n / 81) ** 2 / (rolls * n / 81) for s, n in EXACT.items())
    assert chi2 > CHI2_8DOF_P001
