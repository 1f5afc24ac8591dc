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
from ninjadojo.report.features import CONTROL_CHANCE, CONTROL_FEATURE, control_features
from ninjadojo.report.summary import feature_table


def _control_row(players: int, games: int, seed: int) -> Any:
    run = run_report(ReportSettings.build("ninja-trap", players=players, games=games, bots=["random"], seed=seed))
    return next(row for row in feature_table(run.records) if row["feature"] == CONTROL_FEATURE)


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


def test_the_control_coin_depends_only_on_the_seed_and_the_decisions() -> None:
    assert control_features(3, [0, 0, 0]) == ((), (), ())
    assert control_features(3, [40, 5]) == control_features(3, [40, 5])
    # A coin per decision: a seat that made n decisions has it with chance 1 - (1 - p)^n.
    for decisions in (5, 30):
        hits = sum(bool(control_features(seed, [decisions])[0]) for seed in range(2000))
        expected = 1 - (1 - CONTROL_CHANCE) ** decisions
        assert abs(hits / 2000 - expected) < 4 * (expected * (1 - expected) / 2000) ** 0.5
    # Its tosses come one by one: a seat with more decisions has every toss of one with fewer.
    for seed in range(200):
        assert not control_features(seed, [10])[0] or control_features(seed, [11])[0]
