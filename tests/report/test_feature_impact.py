"""The feature impact's method on real games: a feature that cannot matter comes out near zero, one that
matters still shows, and the raw comparison (every seat against every seat) would have failed the first.

In Ninja Trap the last ninja standing wins, so a seat that lasts longer both wins more and plays more
cards: the raw comparison calls every card good (survivorship). The control coin of every report
(:data:`~ninjadojo.report.features.CONTROL_FEATURE`) is tossed at each decision from a stream that
neither the game nor the bots see, so its true impact is zero.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from ninjadojo.report import ReportSettings, run_report
from ninjadojo.report.features import CONTROL_FEATURE, control_chance, control_features, with_controls
from ninjadojo.report.summary import feature_table


def _control_row(players: int, games: int, seed: int) -> Any:
    settings = ReportSettings.build("ninja-trap", players=players, games=games, bots=["random"], seed=seed)
    records = with_controls(run_report(settings).records, lambda record: settings.game_seed(players, record.index))
    return next(row for row in feature_table(records) if row["feature"] == CONTROL_FEATURE)


@pytest.mark.parametrize("seed", [0, 1])
def test_a_feature_that_cannot_matter_comes_out_near_zero_where_the_raw_comparison_does_not(seed: int) -> None:
    row = _control_row(4, 300, seed)
    assert 0.2 < row["games_with"] / (row["games_with"] + row["games_without"]) < 0.95
    low, high = row["ci95_difference"]
    assert low <= 0.0 <= high, row
    assert high - low < 0.2, "the interval should be narrow enough to mean something"
    # The raw comparison calls the coin good: seats that last longer toss it more often, and win.
    raw_low, _ = row["ci95_raw_difference"]
    assert raw_low > 0.0, row


def test_a_feature_that_matters_still_shows() -> None:
    """The heuristic bot beats random bots at Ninja Trap by far: "this seat is the heuristic bot" is a feature
    that truly matters (and given before the game starts). Compared only with seats that made as many
    decisions, its impact must still be large and measurable."""
    settings = ReportSettings.build("ninja-trap", players=4, games=120, bots=["heuristic", "random"], seed=2)
    run = run_report(settings)
    records = [dataclasses.replace(record, features=tuple(
        ("bot:heuristic",) if spec == "heuristic" else () for spec in settings.lineup(4, record.index)))
        for record in run.records]
    row: Any = feature_table(records)[0]
    assert row["feature"] == "bot:heuristic"
    low, _ = row["ci95_difference"]
    assert low > 0.1, row


def test_the_control_coin_depends_only_on_the_seed_the_decisions_and_the_chance() -> None:
    assert control_features(3, [0, 0, 0], 0.5) == ((), (), ())
    assert control_features(3, [40, 5], 0.05) == control_features(3, [40, 5], 0.05)
    # A coin per decision: a seat that made n decisions has it with chance 1 - (1 - p)^n.
    for decisions, chance in ((5, 0.05), (30, 0.05), (300, 0.002)):
        hits = sum(bool(control_features(seed, [decisions], chance)[0]) for seed in range(2000))
        expected = 1 - (1 - chance) ** decisions
        assert abs(hits / 2000 - expected) < 4 * (expected * (1 - expected) / 2000) ** 0.5
    # Its tosses come one by one: a seat with more decisions has every toss of one with fewer.
    for seed in range(200):
        assert not control_features(seed, [10], 0.05)[0] or control_features(seed, [11], 0.05)[0]


@pytest.mark.parametrize("mean", [1, 4, 25, 400])
def test_the_control_splits_the_seats_in_half_whatever_the_length_of_the_game(mean: int) -> None:
    """A seat with the mean number of decisions has the control half the time, in short games and in long
    ones alike (a fixed 1 in 20 gave it to every seat of a game of hundreds of decisions)."""
    chance = control_chance(mean)
    assert 1 - (1 - chance) ** mean == pytest.approx(0.5)
    hits = sum(bool(control_features(seed, [mean], chance)[0]) for seed in range(2000))
    assert abs(hits / 2000 - 0.5) < 4 * (0.25 / 2000) ** 0.5
    assert control_chance(0) == 0.0


def test_a_long_game_gets_a_control_that_compares() -> None:
    """Ninjato's random seats make about 45 decisions each: a coin of 1 in 20 a decision came up for 9 seats
    in 10. The control must still split them about in half."""
    settings = ReportSettings.build("ninjato", players=2, games=60, bots=["random"], seed=4)
    run = run_report(settings)
    assert sum(sum(record.decisions) for record in run.records) / 120 > 35
    records = with_controls(run.records, lambda record: settings.game_seed(2, record.index))
    row: Any = next(row for row in feature_table(records) if row["feature"] == CONTROL_FEATURE)
    assert 0.3 < row["games_with"] / (row["games_with"] + row["games_without"]) < 0.7, row
    # The same games, tossed again: a control recorded by an older version is replaced, not kept beside.
    again = with_controls(records, lambda record: settings.game_seed(2, record.index))
    assert [record.features for record in again] == [record.features for record in records]


def test_no_features_no_control() -> None:
    settings = ReportSettings.build("ninja-trap", players=2, games=3, bots=["random"], seed=4)
    bare = [dataclasses.replace(record, features=((), ())) for record in run_report(settings).records]
    assert with_controls(bare, lambda record: 1) == bare
