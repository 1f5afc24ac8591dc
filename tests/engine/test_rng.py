"""The seeded generator: determinism, state round trips, uniformity sanity."""

from __future__ import annotations

from collections import Counter

import pytest

from ninjadojo.engine import Rng


def test_the_same_seed_gives_the_same_stream() -> None:
    assert [Rng(42).next_u64() for _ in range(3)] == [Rng(42).next_u64() for _ in range(3)]
    a, b = Rng(42), Rng(42)
    assert [a.randbelow(1000) for _ in range(50)] == [b.randbelow(1000) for _ in range(50)]
    assert [Rng(1).next_u64() for _ in range(3)] != [Rng(2).next_u64() for _ in range(3)]


def test_the_stream_is_reference_splitmix64_and_never_changes() -> None:
    # Saves replay from seeds, so the stream must never change. Seed 0 mixes to state 0, from which
    # the reference SplitMix64 (Vigna's splitmix64.c) gives these first outputs.
    rng = Rng(0)
    assert rng.state == 0
    assert [rng.next_u64() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_the_state_round_trips_and_copies_are_independent() -> None:
    rng = Rng(7)
    rng.next_u64()
    resumed = Rng.from_state(rng.state)
    copy = rng.copy()
    assert [resumed.next_u64() for _ in range(5)] == [rng.next_u64() for _ in range(5)]
    assert copy.state != rng.state


def test_randbelow_is_in_range_and_roughly_uniform() -> None:
    rng = Rng(3)
    for n in (1, 2, 3, 7, 10, 64):
        counts = Counter(rng.randbelow(n) for _ in range(600 * n))
        assert set(counts) == set(range(n))
        # Each bucket within 20% of its expectation (600): a loose sanity bound, not a test of quality.
        assert all(480 <= count <= 720 for count in counts.values()), (n, counts)
    with pytest.raises(ValueError):
        rng.randbelow(0)


def test_random_floats_are_in_the_unit_interval() -> None:
    rng = Rng(5)
    values = [rng.random() for _ in range(4000)]
    assert all(0.0 <= value < 1.0 for value in values)
    assert 0.45 < sum(values) / len(values) < 0.55


def test_shuffle_is_a_permutation_and_every_order_appears() -> None:
    rng = Rng(9)
    orders = Counter()
    for _ in range(1200):
        items = [1, 2, 3]
        rng.shuffle(items)
        assert sorted(items) == [1, 2, 3]
        orders[tuple(items)] += 1
    assert len(orders) == 6 and all(150 <= count <= 250 for count in orders.values())


def test_choice_and_spawn() -> None:
    rng = Rng(11)
    assert {rng.choice("abc") for _ in range(100)} == {"a", "b", "c"}
    parent = Rng(11)
    child = parent.spawn()
    assert child.state != parent.state
    assert Rng(11).spawn().state == child.state
