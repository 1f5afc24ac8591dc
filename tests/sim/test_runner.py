"""Playing a simulation's games: deterministic per game, the same with workers, per-game progress,
truncation at the maximum length, Ctrl-C, and errors."""

from __future__ import annotations

import math
import time
from dataclasses import replace

import pytest

from ninjadojo.engine import DojoError
from ninjadojo.sim import GameOutcome, SimSettings, play_game, run_games, summarise, wilson_interval
from sim.helpers import BASE_SEED, INTERRUPTED_GAME, SLOW_SECONDS


def _without_timing(outcome: GameOutcome) -> GameOutcome:
    return replace(outcome, bot_seconds=0.0)


def test_a_game_depends_only_on_the_settings_and_its_index(toy: None) -> None:
    settings = SimSettings.build("toy", 3, bots=["random"], seed=3, games=5)
    first = [_without_timing(play_game(settings, index)) for index in range(5)]
    again = [_without_timing(play_game(settings, index)) for index in range(5)]
    assert first == again
    assert len({(outcome.length, outcome.scores) for outcome in first}) > 1, "games should differ by index"
    assert all(outcome.error is None and not outcome.truncated and outcome.winners for outcome in first)


def test_workers_give_the_same_outcomes_in_index_order(toy: None) -> None:
    settings = SimSettings.build("toy", 3, bots=["random"], seed=4, games=30)
    alone = run_games(settings, workers=1)
    shared = run_games(settings, workers=2)
    assert [outcome.index for outcome in shared.outcomes] == list(range(30))
    assert list(map(_without_timing, alone.outcomes)) == list(map(_without_timing, shared.outcomes))
    assert summarise(settings, alone.outcomes) == summarise(settings, shared.outcomes)
    assert (alone.workers, shared.workers, shared.interrupted) == (1, 2, False)


def test_with_workers_each_game_is_reported_as_it_finishes(toy: None, test_bots: None) -> None:
    """Game 0 thinks for 1.5 s on one worker; the other worker's games are reported meanwhile, one by one
    (a run that reported in chunks, or in index order, would report nothing until game 0 ends)."""
    settings = SimSettings.build("toy", 3, bots=["slow-first", "random", "random"], seed=BASE_SEED, games=12)
    reported: list[tuple[int, float]] = []
    started = time.perf_counter()
    run = run_games(settings, workers=2, on_game=lambda outcome: reported.append(
        (outcome.index, time.perf_counter() - started)))
    assert sorted(index for index, _ in reported) == list(range(12)), "every game is reported once"
    order = [index for index, _ in reported]
    assert order.index(0) >= 9, f"games finished while game 0 was thinking were held back: {order}"
    before_slow = [moment for index, moment in reported if index != 0 and moment < SLOW_SECONDS]
    assert len(before_slow) >= 9, reported
    assert len(run.outcomes) == 12


def test_games_stopped_at_the_maximum_length_are_truncated_with_no_winner(toy: None) -> None:
    # No toy game can end within 2 actions (the target is 15 and a card is worth 6 at most).
    settings = SimSettings.build("toy", 3, bots=["random"], games=20, max_length=2)
    run = run_games(settings)
    # The stop comes at the first action everyone sees from the limit on (a hidden commitment or a
    # concealed answer at the limit would otherwise be told by the stop): 2 actions or a few more.
    assert all(outcome.truncated and outcome.length >= 2 and outcome.winners == () for outcome in run.outcomes)
    assert any(outcome.length == 2 for outcome in run.outcomes)
    summary = summarise(settings, run.outcomes)
    assert (summary["truncated"], summary["finished"], summary["capped"]) == (20, 0, 20)
    assert summary["max_length"] == summary["max_actions"] == 2
    assert all(row["wins"] == 0 for row in summary["seats"])  # type: ignore[index]


def test_ctrl_c_keeps_the_games_already_finished(toy: None, test_bots: None) -> None:
    settings = SimSettings.build("toy", 3, bots=["interrupting", "random", "random"], seed=BASE_SEED, games=50)
    reported: list[int] = []
    run = run_games(settings, on_game=lambda outcome: reported.append(outcome.index))
    assert run.interrupted
    assert [outcome.index for outcome in run.outcomes] == reported == list(range(INTERRUPTED_GAME))
    summary = summarise(settings, run.outcomes, partial=run.interrupted)
    assert summary["partial"] is True
    assert (summary["games"], summary["games_requested"]) == (INTERRUPTED_GAME, 50)


def test_a_bot_that_chooses_an_illegal_action_stops_the_run_with_its_name(toy: None, test_bots: None) -> None:
    settings = SimSettings.build("toy", 3, bots=["random", "broken", "random"], games=10)
    for workers in (1, 2):
        with pytest.raises(DojoError, match=r"bot 'broken' at seat 1 of game \d+ \(seed \d+\) chose an illegal action"):
            run_games(settings, workers=workers)


def test_the_summary_counts_each_win_once_with_wilson_intervals(toy: None, test_bots: None) -> None:
    settings = SimSettings.build("toy", 3, bots=["random", "twin", "random"], seed=11, games=60)
    summary = summarise(settings, run_games(settings).outcomes)
    seats = summary["seats"]
    assert isinstance(seats, list)
    # Shared wins count fractionally, so the seats' wins add up to the games that were won.
    assert math.isclose(sum(row["wins"] for row in seats), 60)  # type: ignore[index]
    for row in seats:
        assert isinstance(row, dict)
        low, high = wilson_interval(row["wins"], 60)  # type: ignore[arg-type]
        assert row["ci95"] == [round(low, 6), round(high, 6)]
    by_bot = {row["bot"]: row for row in summary["per_bot"]}  # type: ignore[union-attr, index]
    assert by_bot["random"]["seat_games"] == 120 and by_bot["twin"]["seat_games"] == 60  # type: ignore[index]
    assert math.isclose(by_bot["random"]["wins"], seats[0]["wins"] + seats[2]["wins"])  # type: ignore[index]
    assert summary["partial"] is False and summary["games_requested"] == summary["games"] == 60
