"""``dojo arena`` through typer's runner: tables, --json, the files in --out, --plot, continuing a run,
Ctrl-C, and bad input (one line on stderr, exit 2, nothing written)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arena.helpers import GAME, SEED, calm, same_game, without_timing
from ninjadojo.arena import PROGRESS_FILE, RESULTS_FILE, ArenaSettings, Progress, play_arena_game, summarise
from ninjadojo.cli.main import app
from sim.helpers import ctrl_c_when_progress_holds

ARENA = ["arena", GAME, "--bots", "heuristic,random", "--bots", "forgetful", "--games", "6", "--seed", "3"]


@pytest.fixture
def runner() -> CliRunner:
    """A CLI runner (stdout and stderr apart)."""
    return CliRunner()


def _json(output: str) -> dict[str, Any]:
    lines = [line for line in output.splitlines() if line.strip()]
    data: dict[str, Any] = json.loads(lines[-1])
    return data


def test_the_tables_name_every_bot_and_the_figures(runner: CliRunner) -> None:
    result = runner.invoke(app, ARENA)
    assert result.exit_code == 0, result.output
    for text in ("standings", "openskill PlackettLuce", "heuristic", "random", "forgetful", "head to head",
                 "fair share 50%", "mu ± 1.96 sigma", "Wilson 95%"):
        assert text in result.stdout, text
    # The game length with its interval, as the JSON has it.
    length = _json(runner.invoke(app, [*ARENA, "--json"]).stdout)["length"]
    assert (f"game length: {length['mean']:.1f} actions (95% CI {length['ci95'][0]:.1f} - {length['ci95'][1]:.1f}; "
            f"min {length['min']}, max {length['max']})") in " ".join(result.stdout.split())


@pytest.mark.parametrize("columns", [80, 60])
def test_every_figure_is_whole_in_a_narrow_terminal(runner: CliRunner, columns: int) -> None:
    # A long spec at 80 columns cut the rank, the intervals and the headers ("win share (95…"); at 60 the
    # tables become a line a bot.
    command = ["arena", GAME, "-b", "heuristic,forgetful:forget=0.6,random", "-n", "4"]
    shown = runner.invoke(app, command, env={"COLUMNS": str(columns)})
    assert shown.exit_code == 0, shown.output
    assert "…" not in shown.stdout
    results = _json(runner.invoke(app, [*command, "--json"]).stdout)
    text = " ".join(shown.stdout.split())
    for row in results["standings"]:
        low, high = row["ci95"]
        assert f"{row['win_share']:.1%} ({low * 100:.0f}..{high * 100:.0f}%)" in text
        rating = row["rating"]
        assert f"{rating['mu']:.1f} ({rating['ci95'][0]:.1f}..{rating['ci95'][1]:.1f})" in text
    for cell in results["head_to_head"]:
        low, high = cell["ci95"]
        assert f"{cell['win_share']:.1%} ({low * 100:.0f}..{high * 100:.0f}%)" in text
    assert "seat-games" in text


def test_json_is_the_library_s_results_and_the_same_from_run_to_run_but_timing(runner: CliRunner) -> None:
    one = _json(runner.invoke(app, [*ARENA, "--json"]).stdout)
    two = _json(runner.invoke(app, [*ARENA, "--json", "--workers", "2"]).stdout)
    assert without_timing(one) == without_timing(two)
    settings = ArenaSettings.build(GAME, ["heuristic", "random", "forgetful"], players=2, games=6, seed=3)
    expected = summarise(settings, [play_arena_game(settings, index) for index in range(settings.total_games)])
    assert without_timing(one) == json.loads(json.dumps(expected))
    assert (one["timing"]["workers"], two["timing"]["workers"]) == (1, 2)


def test_out_keeps_the_progress_and_the_results_and_plot_draws_them(runner: CliRunner, tmp_path: Path) -> None:
    out, plot = tmp_path / "arena", tmp_path / "ratings.svg"
    result = runner.invoke(app, [*ARENA, "--json", "--out", str(out), "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    printed = _json(result.stdout)
    assert json.loads((out / RESULTS_FILE).read_text()) == printed
    assert len((out / PROGRESS_FILE).read_text().splitlines()) == 1 + printed["games"]
    assert plot.read_text().lstrip().startswith(("<?xml", "<svg"))
    assert f"plot written to {plot}" in result.stderr


def test_the_same_command_continues_and_another_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    out = str(tmp_path / "arena")
    first = _json(runner.invoke(app, [*ARENA, "--json", "--out", out]).stdout)
    again = runner.invoke(app, [*ARENA, "--json", "--out", out])
    assert again.exit_code == 0 and "continuing the arena" in again.stderr
    second = _json(again.stdout)
    assert without_timing(second) == without_timing(first)
    assert (second["timing"]["games_resumed"], second["timing"]["games_played"]) == (first["games"], 0)
    before = (tmp_path / "arena" / PROGRESS_FILE).read_bytes()
    other = runner.invoke(app, [*ARENA[:-1], "4", "--out", out])
    assert other.exit_code == 2
    assert other.stderr.count("\n") == 1 and "holds another arena" in other.stderr and "--seed" in other.stderr
    assert (tmp_path / "arena" / PROGRESS_FILE).read_bytes() == before
    # Read back whole, in the table too: no rate of games played (there were none), nothing of Python's.
    table = runner.invoke(app, [*ARENA, "--out", out])
    assert "no new game played" in table.stdout and "None" not in table.stdout
    bots = runner.invoke(app, ["arena", GAME, "-b", "random,random", "--games", "2", "--out", out])
    assert bots.exit_code == 2 and "['" not in bots.stderr, bots.stderr


def test_ctrl_c_keeps_the_games_and_the_same_command_finishes_them(runner: CliRunner, tmp_path: Path,
                                                                   flaky: pytest.MonkeyPatch) -> None:
    command = ["arena", GAME, "--bots", "flaky,heuristic,forgetful", "--games", "10", "--seed", str(SEED), "--json",
               "--out", str(tmp_path / "arena")]
    stopped = runner.invoke(app, command)
    assert stopped.exit_code == 130, stopped.output
    partial = _json(stopped.stdout)
    assert partial["partial"] is True and 0 < partial["games"] < partial["games_requested"]
    assert "interrupted" in stopped.stderr and "the same command continues it" in stopped.stderr
    calm(flaky)
    finished = _json(runner.invoke(app, command).stdout)
    assert finished["partial"] is False and finished["timing"]["games_resumed"] == partial["games"]
    alone = _json(runner.invoke(app, command[:-2]).stdout)
    assert without_timing(finished) == without_timing(alone)


BAD: list[tuple[list[str], str]] = [
    (["arena", "no-such-game", "-b", "heuristic,random"], "unknown game"),
    (["arena", GAME, "-b", "random"], "at least 2 different bot specs"),
    (["arena", GAME], "at least 2 different bot specs"),
    (["arena", GAME, "-b", "random,no-such-bot"], "unknown bot"),
    (["arena", GAME, "-b", "random,heuristic:forget=2"], "forget"),
    (["arena", GAME, "-b", "random,heuristic:depth=1"], "unknown parameter"),
    (["arena", GAME, "-b", "heuristic,heuristic:forget=0"], "the same bot"),
    # A bot under two names is one player too: Ninja Trap's forgetful is its heuristic with forget=0.3.
    (["arena", GAME, "-b", "forgetful:forget=0,random,heuristic"], "'forgetful:forget=0' are the same bot"),
    (["arena", GAME, "-b", "heuristic:forget=0.3,forgetful"], "are the same bot"),
    (["arena", GAME, "-b", "random,heuristic", "-p", "7"], "2 to 4 players"),
    (["arena", GAME, "-b", "random,heuristic,forgetful", "-p", "4"], "cannot share 4 seats evenly"),
    (["arena", GAME, "-g", "heuristic"], "needs a field"),
    (["arena", GAME, "-g", "heuristic", "-b", "heuristic,random"], "also in the field"),
    (["arena", GAME, "-b", "random,heuristic", "-n", "0"], "number of games"),
    (["arena", GAME, "-b", "random,heuristic", "-w", "0"], "number of workers"),
    (["arena", GAME, "-b", "random,heuristic", "--plot", "ratings.pdf"], ".png or .svg"),
    (["arena", GAME, "-b", "random,heuristic", "-o", "no_such_option=1"], "unknown option"),
    (["arena", GAME, "-b", "random,heuristic", "--games", "many"], "--games"),
]


@pytest.mark.parametrize(("arguments", "message"), BAD, ids=[" ".join(arguments[1:]) for arguments, _ in BAD])
def test_bad_input_is_one_line_exit_2_and_writes_nothing(runner: CliRunner, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch, arguments: list[str],
                                                         message: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*arguments, "--out", "arena", "--plot", "ratings.png"]
                           if "--plot" not in arguments else [*arguments, "--out", "arena"])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error:") and result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""
    assert list(tmp_path.iterdir()) == [], "bad input wrote a file"


def test_a_real_ctrl_c_stops_the_workers_and_keeps_every_game_finished(tmp_path: Path) -> None:
    """SIGINT to the whole process group, as a terminal sends it: exit 130, no traceback, the partial results
    on stdout, and every game in the progress file the game its index says (workers finish games out of order)."""
    out = tmp_path / "arena"
    games = 100_000
    returncode, stdout, stderr = ctrl_c_when_progress_holds(
        [sys.executable, "-m", "ninjadojo.cli", "arena", GAME, "--bots", "heuristic,random", "--games", str(games),
         "--workers", "2", "--json", "--out", str(out)], out / PROGRESS_FILE, lines=30)
    assert returncode == 130, stderr
    assert b"Traceback" not in stderr and b"interrupted" in stderr
    partial = json.loads(stdout.decode().splitlines()[-1])
    assert partial["partial"] is True and partial["timing"]["interrupted"] is True
    settings = ArenaSettings.build(GAME, ["heuristic", "random"], players=2, games=games)
    done = Progress.read(out, settings).done
    # 30 lines of the progress file are its header and at least 29 games, each kept.
    assert len(done) == partial["games"] >= 29
    for index in sorted(done)[:10] + sorted(done)[-5:]:
        assert same_game(done[index]) == same_game(play_arena_game(settings, index))
