"""``dojo sim``: summaries, --json determinism, workers, the maximum length, the estimate, errors."""

from __future__ import annotations

import math
import os

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cli.helpers import CheatingBot, last_json_line, without_timing
from engine.toygame import ToyState
from ninjadojo import bots
from ninjadojo.cli.main import app
from ninjadojo.cli.sim import ANNOUNCE_SECONDS, announce, duration, print_summary
from ninjadojo.sim import SimSettings, estimate, mean_interval, summarise, wilson_interval

SIM = ["sim", "toy", "--games", "60", "--players", "3", "--seed", "11"]


def test_sim_json_is_identical_from_run_to_run_except_timing(toy: None, runner: CliRunner) -> None:
    first = runner.invoke(app, [*SIM, "--json"])
    second = runner.invoke(app, [*SIM, "--json"])
    assert first.exit_code == 0 and second.exit_code == 0, first.output
    one, two = last_json_line(first), last_json_line(second)
    assert without_timing(one) == without_timing(two)
    assert set(one["timing"]) >= {"seconds", "games_per_second", "actions_per_second"}


def test_sim_results_do_not_depend_on_the_number_of_workers(toy: None, runner: CliRunner) -> None:
    alone = last_json_line(runner.invoke(app, [*SIM, "--json", "--workers", "1"]))
    shared = last_json_line(runner.invoke(app, [*SIM, "--json", "--workers", "2"]))
    assert without_timing(alone) == without_timing(shared)


def test_another_seed_gives_other_games(toy: None, runner: CliRunner) -> None:
    one = last_json_line(runner.invoke(app, [*SIM, "--json"]))
    other = last_json_line(runner.invoke(app, [*SIM[:-1], "12", "--json"]))
    assert without_timing(one) != without_timing(other)


def test_sim_summary_counts_every_win_once_and_gives_wilson_intervals(toy: None, runner: CliRunner) -> None:
    summary = last_json_line(runner.invoke(app, [*SIM, "--json", "--bots", "random,random,random"]))
    assert summary["games"] == 60 and summary["capped"] == 0 and summary["finished"] == 60
    # Shared wins count fractionally, so the seats' wins add up to the finished games.
    assert math.isclose(sum(row["wins"] for row in summary["seats"]), 60)
    for row in summary["seats"]:
        assert row["win_rate"] == round(row["wins"] / 60, 6)
        low, high = wilson_interval(row["wins"], 60)
        assert row["ci95"] == [round(low, 6), round(high, 6)]
        assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]
    (random,) = summary["per_bot"]
    assert random["bot"] == "random" and random["seat_games"] == 180
    assert math.isclose(random["wins"], 60)
    length = summary["length"]
    assert length["min"] <= length["ci95"][0] <= length["mean"] <= length["ci95"][1] <= length["max"]


@pytest.fixture
def twin(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second generic bot, ``twin`` (a random bot under another name), for per-bot summaries."""
    monkeypatch.setitem(bots.GENERIC_BOTS, "twin", bots.RandomBot)


def test_sim_per_bot_aggregates_over_its_seats(toy: None, twin: None, runner: CliRunner) -> None:
    summary = last_json_line(runner.invoke(app, [*SIM, "--json", "--bots", "random,twin,random"]))
    by_bot = {row["bot"]: row for row in summary["per_bot"]}
    assert by_bot["random"]["seat_games"] == 120 and by_bot["twin"]["seat_games"] == 60
    seats = summary["seats"]
    assert math.isclose(by_bot["random"]["wins"], seats[0]["wins"] + seats[2]["wins"])
    assert math.isclose(by_bot["twin"]["wins"], seats[1]["wins"])


def test_rotating_seats_gives_each_bot_every_seat(toy: None, twin: None, runner: CliRunner) -> None:
    summary = last_json_line(runner.invoke(app, [*SIM, "--json", "--bots", "random,twin,random", "--rotate"]))
    assert {row["bot"] for row in summary["seats"]} == {"rotating"}
    assert {row["bot"]: row["seat_games"] for row in summary["per_bot"]} == {"random": 120, "twin": 60}


def test_games_stopped_at_the_maximum_length_are_counted_and_shown_as_truncated(toy: None,
                                                                                runner: CliRunner) -> None:
    # No toy game can end within 2 actions (the target is 15 and a card is worth 6 at most).
    truncated = last_json_line(runner.invoke(app, [*SIM, "--json", "--max-actions", "2"]))
    # A game stops at the first action everyone sees from the limit on: where the limit falls inside a
    # hidden bid, the bid resolves first, and (rarely) that ends the game by its rules.
    assert truncated["max_length"] == 2 and truncated["truncated"] + truncated["finished"] == 60
    assert truncated["truncated"] > 50
    assert sum(row["wins"] for row in truncated["seats"]) == truncated["finished"]
    assert truncated["length"]["min"] == 2
    # --max-actions is the engine's option max_length under its old name.
    as_option = last_json_line(runner.invoke(app, [*SIM, "--json", "--option", "max_length=2"]))
    assert without_timing(as_option) == without_timing(truncated)
    text = runner.invoke(app, [*SIM, "--max-actions", "2"])
    assert f"stopped by the maximum length of 2 actions: {truncated['truncated']} of 60 games (no winner" \
        in text.stdout


def test_the_json_summary_keeps_every_key_it_had(toy: None, runner: CliRunner) -> None:
    summary = last_json_line(runner.invoke(app, [*SIM, "--json"]))
    before_max_length = {"game", "players", "games", "seed", "bots", "rotate", "options", "max_actions", "finished",
                         "capped", "seats", "per_bot", "length", "timing"}
    assert before_max_length <= set(summary)
    assert summary["max_actions"] == summary["max_length"] == ToyState.SPEC.max_length
    assert summary["capped"] == summary["truncated"] == 0
    assert summary["partial"] is False and summary["games_requested"] == 60


def test_max_actions_and_the_option_max_length_must_agree(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, [*SIM, "--max-actions", "5", "--option", "max_length=7"])
    assert result.exit_code == 2
    assert result.stderr == "error: --max-actions 5 and --option max_length=7 disagree: give one of them\n"
    agreed = runner.invoke(app, [*SIM, "--max-actions", "7", "--option", "max_length=7", "--json"])
    assert agreed.exit_code == 0 and last_json_line(agreed)["max_length"] == 7


def test_sim_text_summary_has_both_tables_and_the_length(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, SIM)
    assert result.exit_code == 0, result.output
    for expected in ("win rate per seat", "win rate per bot", "game length:",
                     f"stopped by the maximum length of {ToyState.SPEC.max_length} actions: 0 of 60"):
        assert expected in result.stdout
    assert "toy x60" in result.stderr  # the progress bar is on stderr


def test_sim_tables_give_the_mean_points_with_their_interval(runner: CliRunner) -> None:
    """Every number with its interval: the mean points of each seat and bot too, as the JSON gives them, within
    80 columns so that a bot's spec stays whole."""
    result = runner.invoke(app, ["sim", "ninjitsu", "-n", "20", "-b", "heuristic:depth=0,random"],
                           env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    summary = last_json_line(runner.invoke(app, ["sim", "ninjitsu", "-n", "20", "-b", "heuristic:depth=0,random",
                                                 "--json"]))
    assert "mean points (CI)" in result.stdout
    for row in summary["seats"]:
        low, high = row["mean_points_ci95"]
        assert low <= row["mean_points"] <= high
        assert f"{row['mean_points']:.1f} ({low:.1f}-{high:.1f})" in result.stdout
    rows = [line for line in result.stdout.splitlines() if "%" in line and "heuristic:depth=0 " in line]
    assert len(rows) == 2 and all(len(line) <= 80 for line in rows), rows  # the seat's row and the bot's, whole


def test_a_long_simulation_says_up_front_how_long_it_will_take(toy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    # The toy's random bot is given a measured cost of 0.5 s a game.
    monkeypatch.setitem(bots.BOT_COSTS, "toy", {"random": (bots.BotCost(3, 10.0, 0.5),)})
    settings = SimSettings.build("toy", 3, bots=["random"], games=1000)
    expected = estimate(settings, workers=1)
    assert expected is not None and math.isclose(expected.seconds, 500.0)
    console = Console(record=True, width=300)
    announce(settings, 1, console)
    said = console.export_text()
    assert said.startswith(f"1000 games will take about {duration(500.0)} on 1 process: about 0.5 s a game;"), said
    assert duration(500.0) == "8 min"
    # A short one just starts.
    quiet = Console(record=True)
    short = SimSettings.build("toy", 3, bots=["random"], games=int(ANNOUNCE_SECONDS / 0.5) - 1)
    announce(short, 1, quiet)
    assert quiet.export_text() == ""


def test_the_estimate_uses_every_seats_cost_and_the_workers(toy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots.GENERIC_BOTS, "twin", bots.RandomBot)
    monkeypatch.setitem(bots.BOT_COSTS, "toy", {"random": (bots.BotCost(3, 1.0, 0.2),),
                                                "twin": (bots.BotCost(2, 1.0, 0.1), bots.BotCost(4, 1.0, 0.5))})
    settings = SimSettings.build("toy", 3, bots=["random", "twin", "twin"], games=100)
    expected = estimate(settings, workers=1)
    assert expected is not None
    # twin was measured at 2 and 4 players: the nearer count above wins a tie (the dearer guess).
    assert math.isclose(expected.seconds_per_game, (0.2 + 0.5 + 0.5) / 3)
    assert expected.measured_players == (3, 4)
    assert math.isclose(expected.seconds, 100 * expected.seconds_per_game)
    shared = estimate(settings, workers=2)
    assert shared is not None and shared.parallel == min(2, os.cpu_count() or 1)
    assert math.isclose(shared.seconds, 100 * expected.seconds_per_game / shared.parallel)
    monkeypatch.delitem(bots.BOT_COSTS, "toy")
    assert estimate(settings, workers=1) is None


def test_sim_errors_exit_2(toy: None, runner: CliRunner) -> None:
    cases = [
        ([*SIM, "--bots", "random,random"], "2 bot specs were given for 3 players"),
        ([*SIM, "--bots", "nobody"], "unknown bot 'nobody'"),
        ([*SIM, "--option", "bid=middle"], "must be one of high, low"),
        (["sim", "chess"], "unknown game 'chess'"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr


def test_mean_interval_and_wilson_interval_sanity() -> None:
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and low < 2.5 < high and math.isclose(2.5 - low, high - 2.5)
    assert wilson_interval(0, 10)[0] == 0.0 and math.isclose(wilson_interval(10, 10)[1], 1.0)
    low, high = wilson_interval(5, 10)
    assert math.isclose(low + high, 1.0)


def test_a_bot_that_chooses_an_illegal_action_is_reported(toy: None, runner: CliRunner,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots.GENERIC_BOTS, "broken", CheatingBot)
    result = runner.invoke(app, [*SIM, "--bots", "broken"])
    assert result.exit_code == 2
    assert "bot 'broken' at seat 0 of game 0" in result.stderr and "no-such-action" in result.stderr
    # The error is one line, after the progress bar as far as it got.
    assert result.stderr.splitlines()[-1].startswith("error: bot 'broken' at seat 0 of game 0"), result.stderr


def test_a_bad_bot_spec_is_refused_before_the_progress_bar_starts(toy: None, runner: CliRunner) -> None:
    for spec, message in [("random:x=1", "unknown parameter 'x' (it takes none)"),
                          ("random:", None), ("random:x", "must be written key=value")]:
        result = runner.invoke(app, [*SIM, "--bots", spec])
        if message is None:
            assert result.exit_code == 0, result.output  # an empty parameter list is just the bot
            continue
        assert result.exit_code == 2, (spec, result.output)
        assert message in result.stderr
        assert "toy x60" not in result.stderr, "the progress bar started before the spec was checked"
        assert result.stderr.count("\n") == 1, result.stderr


def test_a_run_interrupted_before_any_game_ended_says_so(toy: None) -> None:
    settings = SimSettings.build("toy", 3, bots=["random"], games=50)
    summary = {**summarise(settings, [], partial=True), "timing": {}}
    console = Console(record=True, width=200)
    print_summary(console, summary)
    text = console.export_text()
    assert text.startswith("toy: 0 of 50 games (partial: interrupted), 3 players")
    assert "no game was finished: there is nothing to summarise" in text
    assert "win rate" not in text


def test_the_first_line_of_sim_arena_and_bench_names_the_options_played(runner: CliRunner) -> None:
    """A house rule's run and the plain one must not read alike: the summary names the options that differ
    from the game's defaults (a designer compares the two)."""
    house = runner.invoke(app, ["sim", "ninjitsu", "--games", "3", "--players", "3", "--option", "target=15",
                                "--bots", "random"])
    assert house.exit_code == 0, house.output
    assert "3 players, options target=15, seed 0" in house.stdout
    plain = runner.invoke(app, ["sim", "ninjitsu", "--games", "3", "--players", "3", "--bots", "random"])
    assert "3 players, default options, seed 0" in plain.stdout
    bench = runner.invoke(app, ["bench", "ninjitsu", "--seconds", "0.05", "--option", "target=15"])
    assert bench.exit_code == 0, bench.output
    assert "(random playouts), options target=15:" in bench.stdout
    arena = runner.invoke(app, ["arena", "ninjitsu", "--bots", "random,careless", "--games", "2", "--players", "2",
                                "--option", "target=15"])
    assert arena.exit_code == 0, arena.output
    assert "ninjitsu, 2 players, options target=15:" in arena.stdout


def test_a_game_only_won_or_lost_shows_no_points_and_shared_wins_are_explained(runner: CliRunner) -> None:
    trap = runner.invoke(app, ["sim", "ninja-trap", "--players", "3", "--games", "20", "--seed", "1"],
                         env={"COLUMNS": "120"})
    assert trap.exit_code == 0, trap.output
    assert "mean points" not in trap.stdout
    shared = "wins: a win shared by several players counts as a share of one (half, with two)"
    assert (shared in trap.stdout) == any(".5 " in line for line in trap.stdout.splitlines() if "heuristic" in line)
    camp = runner.invoke(app, ["sim", "ninja-camp", "--players", "2", "--games", "2", "--seed", "1"],
                         env={"COLUMNS": "120"})
    assert "mean points" in camp.stdout


def test_the_bars_time_left_is_at_the_runs_own_pace_not_a_bursts() -> None:
    """Games that finish in batches (a report's) came as bursts, and rich's speed over the last updates read
    "eta 0:00:01" with 2,950 games to go: the time left is the games to go at this run's pace so far, the
    games resumed from an earlier run not counted."""
    import time

    from rich.progress import Progress

    from ninjadojo.cli.sim import RunRemaining

    progress = Progress()
    fresh = progress.add_task("fresh", total=3000, completed=0, resumed=0)
    progress.tasks[fresh].start_time = time.monotonic() - 4.0
    assert str(RunRemaining().render(progress.tasks[fresh])) == "-:--:--"  # nothing played yet
    progress.update(fresh, completed=50)  # one batch of 50 in 4 s: 2,950 to go at 12.5 a second
    assert str(RunRemaining().render(progress.tasks[fresh])) == "0:03:56"
    resumed = progress.add_task("resumed", total=3000, completed=1000, resumed=1000)
    progress.tasks[resumed].start_time = time.monotonic() - 10.0
    progress.update(resumed, completed=1100)  # 100 of this run in 10 s: 1,900 to go
    assert str(RunRemaining().render(progress.tasks[resumed])) == "0:03:10"


def test_one_bot_without_points_has_no_table_per_bot(runner: CliRunner) -> None:
    # Ninja Trap has no points, and one bot in every seat wins a fair share by construction: nothing to read.
    alone = runner.invoke(app, ["sim", "ninja-trap", "-n", "10", "-b", "heuristic"])
    assert alone.exit_code == 0, alone.output
    assert "win rate per seat" in alone.stdout and "win rate per bot" not in alone.stdout
    two = runner.invoke(app, ["sim", "ninja-trap", "-n", "10", "-b", "heuristic,random"])
    assert "win rate per bot" in two.stdout


def test_ctrl_c_before_the_run_takes_it_in_still_ends_with_the_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ctrl-C while the run is still being set up (its workers not yet started, on a busy machine) ended the
    # command with no summary; it is an interrupted run of no game, summarised as any other.
    from ninjadojo.cli import sim as sim_cli

    def interrupted(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(sim_cli, "run_games", interrupted)
    console = Console(record=True, width=100)
    summary, stopped = sim_cli.simulate(SimSettings.build("ninja-trap", 2, None, ["random"], 0, 10), 1, console)
    assert stopped and summary["partial"] is True and summary["games"] == 0
    assert "interrupted: summary of the 0 games played of 10" in console.export_text()


@pytest.mark.parametrize("columns", [60, 80])
def test_sim_tables_in_a_narrow_terminal_keep_every_bot_spec_and_figure_whole(runner: CliRunner, columns: int) -> None:
    """A table that cannot fit whole becomes a line a row: no spec folded over lines, no column squeezed out
    (at 60 columns the table per bot showed its figures without the bots' names)."""
    specs = ["random", "careless:mistakes=0.25", "heuristic:depth=0"]
    result = runner.invoke(app, ["sim", "ninjitsu", "-n", "4", "-p", "3", "-b", ",".join(specs)],
                           env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    summary = last_json_line(runner.invoke(app, ["sim", "ninjitsu", "-n", "4", "-p", "3", "-b", ",".join(specs),
                                                 "--json"]))
    lines = result.stdout.splitlines()
    assert not any("…" in line for line in lines), result.stdout
    for row in summary["per_bot"]:
        # One bot a seat: its name with its interval on two lines whole, its seat's and its own.
        ci = f"{row['ci95'][0] * 100:.1f}-{row['ci95'][1]:.1%}"
        assert sum(row["bot"] in line and ci in line for line in lines) == 2, (row, result.stdout)
    # Every line that is a table's is within the terminal; the lines a row may run on (the terminal wraps them).
    assert all(len(line) <= columns for line in lines if "─" in line)


def test_sim_says_no_win_rate_measures_anything_when_no_game_finished(runner: CliRunner) -> None:
    result = runner.invoke(app, ["sim", "ninja-trap", "-n", "5", "--max-actions", "5"])
    assert result.exit_code == 0, result.output
    assert "5 of 5 games" in result.stdout
    assert "no game finished, so nobody won and no win rate above measures anything" in result.stdout
    assert "--max-actions" in result.stdout.splitlines()[-2]
    finished = runner.invoke(app, ["sim", "ninja-trap", "-n", "5"])
    assert "no game finished" not in finished.stdout
