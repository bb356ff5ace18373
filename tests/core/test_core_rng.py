"""The seeded generator: determinism, forks, JSON, and distribution sanity."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galaxis.core import Rng

SEEDS = st.integers(min_value=-(2**70), max_value=2**70)
FAST = settings(max_examples=60, deadline=None)

# Chi-square critical values at p = 0.001 (so a correct generator fails one
# seed in a thousand; the seeds below are fixed, so the test is reproducible).
CHI2_CRITICAL_P001 = {5: 20.515, 9: 27.877, 15: 37.697}


def chi_square(counts: Counter[int], categories: int, draws: int) -> float:
    expected = draws / categories
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in range(categories))


def sequence(rng: Rng, n: int = 20) -> list[int]:
    return [rng.next64() for _ in range(n)]


@FAST
@given(SEEDS)
def test_same_seed_same_sequence(seed: int) -> None:
    assert sequence(Rng(seed)) == sequence(Rng(seed))


def test_different_seeds_differ() -> None:
    firsts = {Rng(s).next64() for s in range(2000)}
    assert len(firsts) == 2000


@FAST
@given(SEEDS)
def test_clone_continues_identically_and_independently(seed: int) -> None:
    rng = Rng(seed)
    rng.next64()
    copy = rng.clone()
    assert copy == rng and hash(copy) == hash(rng)
    ahead = sequence(copy)
    assert rng != copy  # drawing from the copy did not move the original
    assert sequence(rng) == ahead


@FAST
@given(SEEDS, st.integers(0, 1000))
def test_json_round_trip_continues_identically(seed: int, skip: int) -> None:
    rng = Rng(seed)
    for _ in range(skip % 7):
        rng.next64()
    dumped = rng.to_json()
    assert isinstance(dumped, str)
    restored = Rng.from_json(json.loads(json.dumps(dumped)))
    assert restored == rng
    assert sequence(restored) == sequence(rng)


@pytest.mark.parametrize("bad", [None, 5, ["00"], {"state": 1}])
def test_from_json_rejects_non_strings(bad: object) -> None:
    with pytest.raises(ValueError):
        Rng.from_json(bad)


def test_from_json_rejects_non_hex() -> None:
    with pytest.raises(ValueError):
        Rng.from_json("not hex")


@FAST
@given(SEEDS)
def test_fork_is_deterministic_and_independent(seed: int) -> None:
    a, b = Rng(seed), Rng(seed)
    fa, fb = a.fork(7), b.fork(7)
    assert sequence(fa) == sequence(fb)
    assert a == b  # forking advances the parent deterministically
    parent_next = sequence(a.clone(), 8)
    child = a.clone().fork(7)
    assert sequence(child, 8) != parent_next
    # different salts from the same parent position give different streams
    assert sequence(a.clone().fork(1), 8) != sequence(a.clone().fork(2), 8)


def test_fork_advances_the_parent() -> None:
    rng = Rng(3)
    before = rng.clone()
    rng.fork()
    assert rng != before
    before.next64()
    assert rng == before


@FAST
@given(SEEDS, st.integers(1, 10**6))
def test_below_is_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.below(n) < n for _ in range(50))


@FAST
@given(SEEDS, st.integers(-50, 50), st.integers(0, 20))
def test_randint_includes_both_ends(seed: int, lo: int, width: int) -> None:
    rng = Rng(seed)
    seen = {rng.randint(lo, lo + width) for _ in range(60 * (width + 1))}
    assert seen == set(range(lo, lo + width + 1))


@pytest.mark.parametrize("n", [0, -3])
def test_below_needs_a_positive_bound(n: int) -> None:
    with pytest.raises(ValueError):
        Rng(1).below(n)


def test_random_is_in_the_unit_interval() -> None:
    rng = Rng(11)
    values = [rng.random() for _ in range(20_000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert abs(sum(values) / len(values) - 0.5) < 0.01


@pytest.mark.parametrize("seed", [1, 2, 12345])
def test_d6_is_uniform(seed: int) -> None:
    rng = Rng(seed)
    draws = 60_000
    counts = Counter(rng.d6() - 1 for _ in range(draws))
    assert set(counts) == set(range(6))
    assert chi_square(counts, 6, draws) < CHI2_CRITICAL_P001[5]


@pytest.mark.parametrize("n", [10, 16])
def test_below_is_uniform(n: int) -> None:
    rng = Rng(99)
    draws = 50_000
    counts = Counter(rng.below(n) for _ in range(draws))
    assert chi_square(counts, n, draws) < CHI2_CRITICAL_P001[n - 1]


def test_chi_square_detects_a_biased_source() -> None:
    """The uniformity bound can fail: a die that never shows 6 is rejected."""
    rng = Rng(5)
    draws = 60_000
    counts = Counter(rng.below(5) for _ in range(draws))
    assert chi_square(counts, 6, draws) > CHI2_CRITICAL_P001[5]


def test_shuffle_is_a_uniform_permutation() -> None:
    rng = Rng(2024)
    draws = 30_000
    perms = list(itertools.permutations(range(3)))
    counts: Counter[int] = Counter()
    for _ in range(draws):
        items = [0, 1, 2]
        rng.shuffle(items)
        counts[perms.index(tuple(items))] += 1
    assert chi_square(counts, 6, draws) < CHI2_CRITICAL_P001[5]


@FAST
@given(SEEDS, st.lists(st.integers(), max_size=30))
def test_shuffle_permutes_and_choice_picks_a_member(seed: int, items: list[int]) -> None:
    rng = Rng(seed)
    shuffled = list(items)
    rng.shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)
    if items:
        assert rng.choice(items) in items
