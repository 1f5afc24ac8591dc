"""The report's figures (report.json, version 1): each one checked against the games it is made from."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from ninjadojo import __version__
from ninjadojo.report import ReportSettings, report_data, run_report
from ninjadojo.report.collect import ReportRun
from ninjadojo.report.features import with_controls
from ninjadojo.report.stats import (
    Z95,
    critical,
    histogram,
    paired_difference,
    paired_ratio_difference,
    proportion_difference,
    quantile,
    ratio_interval,
    ratio_interval_from_sums,
    wilson_interval,
)
from ninjadojo.report.summary import MIN_COMPARED, feature_table, win_shares

GAME = "ninja-trap"


@pytest.fixture(scope="module")
def run() -> ReportRun:
    return run_report(ReportSettings.build(GAME, players=[2, 3], games=40, seed=5))


@pytest.fixture(scope="module")
def data(run: ReportRun) -> dict[str, Any]:
    return report_data(run, speed=False)


def test_the_top_level_follows_the_schema(data: dict[str, Any]) -> None:
    assert data["format"] == "ninjadojo-report" and data["version"] == 1 and data["ninjadojo"] == __version__
    assert (data["game"], data["game_name"], data["bots"], data["seed"], data["games"]) == (GAME, "Ninja Trap",
                                                                                           ["random"], 5, 40)
    assert data["options"] == {} and data["compare"] is None and data["differences"] is None
    assert data["complete"] is True and data["games_played"] == data["games_total"] == 80
    assert isinstance(data["max_length"], int)
    assert [variant["label"] for variant in data["variants"]] == ["default"]
    assert [entry["players"] for entry in data["variants"][0]["player_counts"]] == [2, 3]
    assert json.loads(json.dumps(data)) == data


def test_win_rates_add_up_and_match_the_games(run: ReportRun, data: dict[str, Any]) -> None:
    for entry in data["variants"][0]["player_counts"]:
        games = run.games(0, entry["players"])
        assert entry["games"] == len(games) == 40
        assert entry["finished"] + entry["truncated"] == 40
        total = sum(seat["wins"] for seat in entry["seats"])
        assert total == pytest.approx(sum(1 for record in games if record.winners))
        for seat in entry["seats"]:
            wins = sum(win_shares(record)[seat["seat"]] for record in games)
            assert seat["wins"] == pytest.approx(wins)
            assert seat["win_rate"] == pytest.approx(wins / 40, abs=1e-6)
            low, high = seat["ci95"]
            assert low <= seat["win_rate"] <= high
            assert [low, high] == pytest.approx(list(wilson_interval(wins, 40)), abs=1e-6)


def test_length_decisions_branching_and_points_match_the_games(run: ReportRun, data: dict[str, Any]) -> None:
    for entry in data["variants"][0]["player_counts"]:
        players = entry["players"]
        games = run.games(0, players)
        lengths = sorted(record.length for record in games)
        length = entry["length"]
        assert length["mean"] == pytest.approx(sum(lengths) / len(lengths), abs=1e-6)
        assert (length["min"], length["max"]) == (lengths[0], lengths[-1])
        assert length["quantiles"]["p10"] <= length["quantiles"]["p50"] <= length["quantiles"]["p90"]
        assert sum(length["histogram"]["counts"]) == len(games)
        assert len(length["histogram"]["edges"]) == len(length["histogram"]["counts"]) + 1
        decisions = entry["decisions"]
        assert decisions["mean"] == pytest.approx(sum(record.branching_count for record in games) / 40, abs=1e-6)
        assert sum(seat["mean"] for seat in decisions["per_seat"]) == pytest.approx(decisions["mean"], abs=1e-5)
        branching = entry["branching"]
        total = sum(record.branching_sum for record in games) / sum(record.branching_count for record in games)
        assert branching["mean"] == pytest.approx(total, abs=1e-6)
        assert branching["ci95"][0] <= branching["mean"] <= branching["ci95"][1]
        assert branching["max"] == max(record.branching_max for record in games) >= 2
        points = entry["points"]
        for seat in points["per_seat"]:
            assert seat["mean"] == pytest.approx(sum(record.scores[seat["seat"]] for record in games) / 40, abs=1e-6)
        assert sum(points["histogram"]["counts"]) == 40 * players


def test_features_count_seat_games_with_and_without(run: ReportRun, data: dict[str, Any]) -> None:
    entry = data["variants"][0]["player_counts"][0]
    # The control is tossed when the report is made (each game's coins from its seed), not recorded.
    assert not any("control:coin (cannot matter)" in names for record in run.games(0, 2) for names in record.features)
    games = with_controls(run.games(0, 2), lambda record: run.settings.game_seed(2, record.index))
    rows = entry["features"]
    assert rows, "Ninja Trap's games have trap and move features"
    assert entry["feature_method"] == "same-decisions"
    assert "control:coin (cannot matter)" in {row["feature"] for row in rows}
    differences = [row["difference"] for row in rows if row["difference"] is not None]
    assert differences == sorted(differences, reverse=True)
    assert [row["difference"] is None for row in rows] == sorted(row["difference"] is None for row in rows)
    for row in rows:
        assert row["feature"] == f"{row['kind']}:{row['name']}" and row["kind"] in ("trap", "move", "control")
        with_feature = [(record, seat) for record in games for seat in range(2)
                        if row["feature"] in record.features[seat]]
        assert row["games_with"] == len(with_feature) > 0
        assert row["games_with"] + row["games_without"] == 80
        wins = sum(win_shares(record)[seat] for record, seat in with_feature)
        assert row["win_rate_with"] == pytest.approx(wins / len(with_feature), abs=1e-6)
        assert row["raw_difference"] == pytest.approx(row["win_rate_with"] - row["win_rate_without"], abs=1e-5)
        low, high = row["ci95_raw_difference"]
        assert low <= row["raw_difference"] <= high
        adjusted = _same_decisions_difference(games, row["feature"])
        if adjusted is None:
            assert row["difference"] is None and row["ci95_difference"] is None
        else:
            assert row["difference"] == pytest.approx(adjusted, abs=1e-5)
            low, high = row["ci95_difference"]
            assert low <= row["difference"] <= high


def _same_decisions_difference(games: list[Any], name: str) -> float | None:
    """The Mantel-Haenszel difference of win rates with and without ``name``, seats grouped by their number of
    decisions, straight from its textbook formula (None when the groups with seats on both sides hold fewer
    than MIN_COMPARED seat-games with it, or without it)."""
    groups: dict[int, list[list[float]]] = {}  # decisions: [[wins, seats] without, [wins, seats] with]
    for record in games:
        for seat, won in enumerate(win_shares(record)):
            counts = groups.setdefault(record.decisions[seat], [[0.0, 0.0], [0.0, 0.0]])[name in record.features[seat]]
            counts[0] += won
            counts[1] += 1
    above = below = with_compared = without_compared = 0.0
    for (wins0, seats0), (wins1, seats1) in groups.values():
        total = seats0 + seats1
        above += (wins1 * seats0 - wins0 * seats1) / total
        below += seats1 * seats0 / total
        if seats0 and seats1:
            with_compared += seats1
            without_compared += seats0
    if not below or min(with_compared, without_compared) < MIN_COMPARED:
        return None
    return above / below


def test_a_report_cut_short_says_so(run: ReportRun) -> None:
    partial = ReportRun(run.settings, run.records[:30], True, 0, 1.0, 1, "local", 30, 1)
    data = report_data(partial, speed=False)
    assert data["complete"] is False and data["interrupted"] is True and data["games_played"] == 30
    counts = data["variants"][0]["player_counts"]
    assert [entry["games"] for entry in counts] == [30, 0]
    empty = counts[1]
    assert empty["seats"][0]["win_rate"] == 0.0 and empty["length"]["histogram"] == {"edges": [], "counts": []}


def test_speed_counts_this_run_and_benches_the_engine_when_asked(run: ReportRun) -> None:
    speed = report_data(run, speed=False)["speed"]
    assert speed["engine"] is None and speed["backend"] == "local" and speed["workers"] == 1
    assert speed["games"] == 80 and speed["actions"] == sum(record.length for record in run.records)
    assert speed["games_per_second"] == pytest.approx(80 / run.seconds, rel=0.01)
    assert speed["games_per_second_per_worker"] == speed["games_per_second"]
    from ninjadojo.report.speed import speed_data

    bench = speed_data(run, engine=True, seconds=0.05)["engine"]
    assert isinstance(bench, dict) and bench["game"] == GAME and bench["players"] == 3 and bench["games"] >= 1


def test_feature_table_by_hand() -> None:
    from ninjadojo.report.records import GameRecord

    def game(index: int, winners: tuple[int, ...], features: tuple[tuple[str, ...], ...]) -> GameRecord:
        return GameRecord(0, 2, index, 10, (3, 3), 12, 2, (0.0, 0.0), winners, False, features)

    two = [game(0, (0,), (("held:A",), ())), game(1, (0, 1), (("held:A",), ("held:A", "held:B")))]
    # Too few seat-games to compare (fewer than MIN_COMPARED on a side): counted, but no adjusted difference.
    few = {row["feature"]: row for row in feature_table(two)}  # type: ignore[index]
    assert few["held:A"]["difference"] is None and few["held:A"]["ci95_difference"] is None
    assert few["held:A"]["compared_without"] == 1 < MIN_COMPARED
    rows = feature_table(two * 10)
    table: list[Any] = rows
    by_name = {row["feature"]: row for row in table}
    a, b = by_name["held:A"], by_name["held:B"]
    assert (a["games_with"], a["games_without"], a["win_rate_without"]) == (30, 10, 0.0)
    assert a["win_rate_with"] == pytest.approx(2 / 3, abs=1e-6)
    assert (b["games_with"], b["win_rate_with"], b["games_without"], b["win_rate_without"]) == (10, 0.5, 30, 0.5)
    assert (a["compared_with"], a["compared_without"]) == (30, 10)
    assert [row["feature"] for row in table] == ["held:A", "held:B"]
    # One group (every seat made 3 decisions): the adjusted difference is the plain one.
    assert a["difference"] == pytest.approx(a["raw_difference"]) == pytest.approx(2 / 3, abs=1e-6)
    assert b["difference"] == pytest.approx(b["raw_difference"]) == pytest.approx(0.0, abs=1e-9)
    # Every seat without A lost: the delta method alone says nothing is uncertain; the interval is never
    # narrower than independent seats' wins at the overall rate would make it.
    low, high = a["ci95_difference"]
    assert high - low > 0.3


def test_a_feature_that_only_comes_with_lasting_longer_has_no_adjusted_impact() -> None:
    """Seats that made 10 decisions win half their games, with the feature or without; seats that made 2
    win none. The feature is commoner among the long-lived seats, so the raw comparison finds it good
    (+20 points); compared with seats that made as many decisions, it changes nothing."""
    from ninjadojo.report.records import GameRecord

    def game(index: int, decisions: tuple[int, int], winners: tuple[int, ...], x: tuple[bool, bool]) -> GameRecord:
        features = tuple(("held:X",) if has else () for has in x)
        return GameRecord(0, 2, index, 10, decisions, 12, 2, (0.0, 0.0), winners, not winners, features)

    games = [game(0, (10, 2), (0,), (True, False)), game(1, (10, 2), (0,), (True, False)),
             game(2, (10, 10), (1,), (True, False)), game(3, (10, 10), (), (True, False)),
             game(4, (2, 2), (), (True, False))] * 10
    row: Any = feature_table(games)[0]
    assert row["raw_difference"] == pytest.approx(0.4 - 0.2)
    assert row["difference"] == pytest.approx(0.0, abs=1e-9)
    low, high = row["ci95_difference"]
    assert low <= 0.0 <= high


def test_statistics_by_hand() -> None:
    difference, low, high = proportion_difference(60, 100, 40, 100)
    assert difference == pytest.approx(0.2) and 0 < low < 0.2 < high
    assert proportion_difference(5, 10, 5, 10)[0] == 0.0
    assert ratio_interval([10, 20, 30], [5, 10, 15]) == (2.0, 2.0, 2.0)
    ratio, low, high = ratio_interval([3, 5, 2, 8], [1, 2, 1, 3])
    assert ratio == pytest.approx(18 / 7) and low < ratio < high
    assert paired_difference([1, 2, 3], [1, 2, 3]) == (0.0, 0.0, 0.0)
    assert paired_difference([1, 2, 3], [2, 3, 4]) == (1.0, 1.0, 1.0)
    same = ([3.0, 5.0, 2.0], [1.0, 2.0, 1.0])
    assert paired_ratio_difference(same, same) == (0.0, 0.0, 0.0)
    moved, low, high = paired_ratio_difference(same, ([4.0, 7.0, 2.5], [1.0, 2.0, 1.0]))
    assert moved == pytest.approx(13.5 / 4 - 10 / 4) and low < moved < high
    assert quantile([1, 2, 3, 4], 0.5) == 2.5 and quantile([], 0.5) == 0.0
    assert quantile([7], 0.9) == 7.0
    shape = histogram([1, 1, 2, 5, 9])
    assert sum(shape["counts"]) == 5 and shape["edges"][0] == 1 and shape["edges"][-1] > 9
    assert histogram([0.5, 0.5])["counts"][0] == 2
    assert not math.isnan(ratio_interval([], [])[0])
    tops, bottoms = [3.0, -1.0, 2.5, 0.5], [1.0, 2.0, 0.5, 3.0]
    sums = (sum(tops), sum(bottoms), sum(t * t for t in tops), sum(t * b for t, b in zip(tops, bottoms, strict=True)),
            sum(b * b for b in bottoms))
    assert ratio_interval_from_sums(4, *sums) == pytest.approx(ratio_interval(tops, bottoms))


@pytest.mark.parametrize("module", ["ninjadojo.report", "ninjadojo.report.stats"])
def test_the_examples_in_the_docs_run(module: str) -> None:
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(module))
    assert tried > 0 and failures == 0


def test_the_fair_share_is_of_the_games_that_finished() -> None:
    """Games stopped at the maximum length are won by nobody: a seat's fair share is 1/P of the others."""
    settings = ReportSettings.build("ninjitsu", players=2, games=30, bots=["random"], seed=3, max_length=30)
    row = report_data(run_report(settings), speed=False)["variants"][0]["player_counts"][0]
    assert 0 < row["truncated"] < row["games"], "the limit should stop some games and not others"
    assert row["fair_share"] == pytest.approx(row["finished"] / row["games"] / 2)
    assert sum(seat["win_rate"] for seat in row["seats"]) == pytest.approx(2 * row["fair_share"])


def test_a_feature_every_seat_had_is_not_compared_with_nobody() -> None:
    settings = ReportSettings.build("ninja-camp", players=2, games=6, bots=["random"], seed=1)
    run = run_report(settings)
    rows = report_data(run, speed=False)["variants"][0]["player_counts"][0]["features"]
    assert rows and all(row["games_without"] > 0 for row in rows)
    seat_games = 2 * 6
    every = {name for name in set().union(*(names for record in run.records for names in record.features))
             if sum(name in names for record in run.records for names in record.features) == seat_games}
    assert not every & {row["feature"] for row in rows}


def test_few_paired_games_get_students_t_not_the_normal_quantile() -> None:
    assert critical(2) == pytest.approx(12.706) and critical(31) == pytest.approx(2.042) and critical(32) == Z95
    mean, low, high = paired_difference([0.0, 0.0], [1.0, 3.0])
    half = 12.706 * math.sqrt(2.0 / 2)  # t(1) times the standard error of differences 1 and 3
    assert mean == 2.0 and (low, high) == (pytest.approx(mean - half), pytest.approx(mean + half))
