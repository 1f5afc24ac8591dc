"""The command line on the first real game, Ninjitsu! (skipped while it is not playable yet)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cli.helpers import last_json_line, needs_ninjitsu, without_timing
from ninjadojo.api import load_game
from ninjadojo.cli.main import app

pytestmark = needs_ninjitsu


def test_dojo_games_lists_ninjitsu_as_playable(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert "ninjitsu: Ninjitsu!, 2-5 players" in result.stdout
    assert "option target:" in result.stdout


def test_a_terminal_game_of_ninjitsu_against_bots_plays_to_the_end(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "ninjitsu", "--players", "3", "--seat", "0", "--seed", "7"],
                           input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "game over" in result.stdout, result.stdout[-2000:]
    end = result.stdout.split("game over")[-1]
    assert "\nyou win\n" in end or "\nyou did not win: " in end or "\nyou share the win with " in end


def test_a_ninjitsu_game_saves_and_resumes(runner: CliRunner, in_tmp: Path) -> None:
    first = runner.invoke(app, ["play", "ninjitsu", "--players", "3", "--seed", "7", "--bots", "random"],
                          input="1\n1\nsave n.dojo.json\nquit\n")
    assert first.exit_code == 0, first.output
    saved = load_game("n.dojo.json")
    assert saved.game_id == "ninjitsu" and saved.ply >= 2
    resumed = runner.invoke(app, ["play", "--load", "n.dojo.json"], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert saved.render(0) in resumed.stdout


def test_ninjitsu_sim_json_is_deterministic_and_bench_reports_speed(runner: CliRunner) -> None:
    # depth=0 keeps the heuristic bot fast; the full look-ahead bot is measured in the bot tests.
    args = ["sim", "ninjitsu", "--games", "10", "--players", "4", "--seed", "3", "--json",
            "--bots", "heuristic:depth=0,random,heuristic:depth=0,random"]
    one, two = (last_json_line(runner.invoke(app, args)) for _ in range(2))
    assert without_timing(one) == without_timing(two)
    assert one["games"] == 10 and one["finished"] + one["capped"] == 10
    bench = last_json_line(runner.invoke(app, ["bench", "ninjitsu", "--players", "4", "--seconds", "0.2", "--json"]))
    assert bench["games"] >= 1 and bench["actions_per_second"] > 0
