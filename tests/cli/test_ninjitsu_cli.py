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


def test_a_player_rearranges_secrets_beyond_the_listed_swaps_by_typing_them(runner: CliRunner, in_tmp: Path) -> None:
    # "You may look at or rearrange your secrets at any time": the turn lists 3 swaps; a 4th typed is free.
    from ninjadojo.api import save_game
    from ninjadojo.games.ninjitsu.builder import position

    save_game(position(2, hands=["6a", "7a"], secrets=["2a 3a 4a 5b", ""], target=40), "p.dojo.json")
    typed = "w0.1\nw0.1\nw0.1\nw2.3\nhelp\nsave s.dojo.json\nquit\n"
    result = runner.invoke(app, ["play", "--load", "p.dojo.json", "--bots", "random"], input=typed)
    assert result.exit_code == 0, result.output
    assert "At any of your prompts you may also type, for free" in result.stdout
    assert "w0.1          Swap your secrets #1 and #2 (free)" in result.stdout
    saved = load_game("s.dojo.json")
    assert [action for _, action in saved.record.actions] == ["w0.1", "w0.1", "w0.1", "w2.3"]
    from ninjadojo.games.ninjitsu.cards import CARD_IDS

    assert saved.to_act() == (0,) and [CARD_IDS[card] for card in saved.secrets[0]] == ["3a", "2a", "5b", "4a"]
