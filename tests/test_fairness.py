"""fairness.py: the derivation, rejection sampling, shuffles and FUDGE dice (ARCHITECTURE.md,
"Randomness and fairness")."""

from __future__ import annotations

import hashlib
import hmac
import itertools
from collections import Counter

import pytest

from companion.fairplay import fairness
from companion.games import dice

SEED = "11" * 32


def chi_square(observed: Counter, expected: dict) -> float:
    return sum((observed.get(k, 0) - e) ** 2 / e for k, e in expected.items())


# Critical values at p = 0.001: a fair source fails about once in a thousand runs; the
# seeds are fixed, so each run is deterministic and cannot flake.
CHI2_999 = {5: 20.52, 8: 26.12, 23: 49.73}


def test_commitment_is_sha256_of_the_seed_bytes():
    assert fairness.commitment(SEED) == hashlib.sha256(bytes.fromhex(SEED)).hexdigest()


@pytest.mark.real_seeds
def test_new_seed_has_256_bits_and_differs_each_time():
    seeds = {fairness.new_seed() for _ in range(20)}
    assert len(seeds) == 20 and all(len(bytes.fromhex(s)) == 32 for s in seeds)


def test_step_bytes_are_hmac_sha256_of_step_and_counter():
    """The published derivation: HMAC-SHA256(seed, "step:n:counter")."""
    rng = fairness.StepRandom(bytes.fromhex(SEED), 7)
    expected = hmac.new(bytes.fromhex(SEED), b"step:7:0", hashlib.sha256).digest()
    assert rng.randbelow(256) == expected[0]


def test_same_step_same_outcome_different_step_different_outcome():
    """Undo cannot fish: the same step always gives the same draw."""
    first = fairness.random_for(SEED, [], 5).shuffle(range(52))
    again = fairness.random_for(SEED, [], 5).shuffle(range(52))
    other = fairness.random_for(SEED, [], 6).shuffle(range(52))
    assert first == again and first != other


def test_contribution_changes_only_later_steps():
    """A phone's contribution, sent after the commitment, mixes into steps not yet played."""
    contributions = [{"before_step": 3, "value": "ab" * 32}]
    plain = [fairness.random_for(SEED, [], s).randbelow(10**9) for s in range(6)]
    mixed = [fairness.random_for(SEED, contributions, s).randbelow(10**9) for s in range(6)]
    assert plain[:3] == mixed[:3]
    assert all(a != b for a, b in zip(plain[3:], mixed[3:], strict=True))


def test_randbelow_has_no_modulo_bias_for_awkward_bounds():
    """Rejection sampling: 3 values from one byte would favour 0 under a plain modulo."""
    counts = Counter()
    for step in range(6000):
        counts[fairness.random_for(SEED, [], step).randbelow(3)] += 1
    assert chi_square(counts, {k: 2000 for k in range(3)}) < 13.82  # 2 dof, p=0.001


def test_shuffles_are_uniform_over_all_permutations():
    """Fisher–Yates: each of the 24 orders of 4 cards equally likely (chi-square)."""
    counts = Counter()
    n = 24 * 400
    for step in range(n):
        counts[tuple(fairness.random_for(SEED, [], step).shuffle("ABCD"))] += 1
    expected = {perm: n / 24 for perm in itertools.permutations("ABCD")}
    assert set(counts) == set(expected)
    assert chi_square(counts, expected) < CHI2_999[23]


def exact_4df() -> dict[int, float]:
    """The exact distribution of 4dF: counts 1, 4, 10, 16, 19, 16, 10, 4, 1 of 81."""
    totals = Counter(sum(faces) for faces in itertools.product((-1, 0, 1), repeat=4))
    return {total: count / 81 for total, count in totals.items()}


def test_4df_exact_distribution_is_the_known_one():
    assert [round(exact_4df()[t] * 81) for t in range(-4, 5)] == [1, 4, 10, 16, 19, 16, 10, 4, 1]


def test_4df_rolls_follow_the_exact_distribution():
    """Chi-square of 8100 rolls of 4dF through the fairness module against 1:4:10:16:19…"""
    rolls = 8100
    counts = Counter()
    parsed = dice.parse("4dF")
    for step in range(rolls):
        counts[parsed.roll(fairness.random_for(SEED, [], step))["total"]] += 1
    expected = {t: p * rolls for t, p in exact_4df().items()}
    assert chi_square(counts, expected) < CHI2_999[8]


def test_d6_is_uniform():
    counts = Counter(fairness.random_for(SEED, [], s).roll(6) for s in range(6000))
    assert chi_square(counts, {k: 1000 for k in range(1, 7)}) < CHI2_999[5]


def test_a_skewed_source_would_fail_the_uniformity_check():
    """The chi-square check has teeth: a die that favours six is caught."""
    counts = Counter({1: 950, 2: 950, 3: 950, 4: 950, 5: 950, 6: 1250})
    assert chi_square(counts, {k: 1000 for k in range(1, 7)}) > CHI2_999[5]


def test_fudge_faces_are_plus_minus_blank_in_equal_thirds():
    counts = Counter(fairness.random_for(SEED, [], s).fudge() for s in range(3000))
    assert set(counts) == {-1, 0, 1}
    assert chi_square(counts, {-1: 1000, 0: 1000, 1: 1000}) < 13.82


def test_draw_counter_marks_steps_that_used_randomness():
    rng = fairness.random_for(SEED, [], 1)
    assert not rng.used
    rng.choice([1, 2, 3])
    assert rng.used and rng.draws == 1
