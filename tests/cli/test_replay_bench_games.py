"""``dojo replay``, ``dojo bench`` and ``dojo games``."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from cli.helpers import last_json_line
from engine.toygame import ToyState
from ninjadojo.cli.main import app
from ninjadojo.cli.replay import Replay
from ninjadojo.engine import Rng
from ninjadojo.engine.playout import random_playout


def _saved_game(tmp_path: Path, actions: int = 12) -> tuple[ToyState, Path]:
    game = ToyState.new(3, seed=21)
    random_playout(game, Rng(3), max_actions=actions)
    path = tmp_path / "game.dojo.json"
    path.write_text(json.dumps(game.to_save()))
    return game, path


def test_replay_prints_every_step_as_a_spectator(toy: None, runner: CliRunner, tmp_path: Path) -> None:
    game, path = _saved_game(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--all"])
    assert result.exit_code == 0, result.output
    last = len(game.record.actions)
    for step in range(last + 1):
        assert f"step {step} of {last} (spectator)" in result.stdout
    assert game.render(None) in result.stdout
    assert "you played" not in result.stdout


def test_replay_as_a_seat_shows_only_that_seats_view_and_actions(toy: None, runner: CliRunner,
                                                                 tmp_path: Path) -> None:
    game, path = _saved_game(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--seat", "1"])  # stdin is not a terminal: every step
    assert result.exit_code == 0, result.output
    own = [action for seat, action in game.record.actions if seat == 1]
    assert result.stdout.count("you played") == len(own)
    assert game.render(1) in result.stdout
    # Private log lines ("you draw a 4") appear once for each of seat 1's own, never for another seat's.
    private = [event.text for event in game.events if event.mask != -1]
    assert any(not event.visible_to(1) for event in game.events), "the game should have others' private events"
    own_private = [event.text for event in game.events if event.mask != -1 and event.visible_to(1)]
    assert sum(result.stdout.count(f"  {text}\n") for text in set(private)) == len(own_private)


def test_replay_refuses_a_bad_seat_or_file(toy: None, runner: CliRunner, tmp_path: Path) -> None:
    _, path = _saved_game(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--seat", "3"])
    assert result.exit_code == 2 and "--seat 3 is not a seat" in result.stderr
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = runner.invoke(app, ["replay", str(broken)])
    assert result.exit_code == 2 and "not a readable JSON save" in result.stderr


def test_interactive_replay_steps_forward_back_and_jumps(toy: None, tmp_path: Path) -> None:
    game, _ = _saved_game(tmp_path, actions=5)
    viewer = Replay(game, None)
    console = Console(record=True, width=100)
    answers = iter(["", "n", "p", "g 4", "g 99", "what", "q"])
    viewer.interactive(console, read=lambda prompt: next(answers))
    text = console.export_text()
    shown = [line.split("step ")[1].split(" of")[0] for line in text.splitlines() if " of 5 (spectator)" in line]
    assert shown == ["0", "1", "2", "1", "4"]
    assert "steps run from 0 to 5" in text
    assert "g N: go to step N" in text


def test_bench_json_reports_speed(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "toy", "--players", "4", "--seconds", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    data = last_json_line(result)
    assert {"games_per_second", "actions_per_second", "actions_per_game", "games", "actions", "seconds"} <= set(data)
    assert data["players"] == 4 and data["games"] >= 1
    assert data["actions_per_game"] == round(data["actions"] / data["games"], 2)
    assert data["capped"] == 0


def test_bench_text_and_errors(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "toy", "--seconds", "0.05"])
    assert result.exit_code == 0 and "actions/s" in result.stdout and "actions per game" in result.stdout
    bad = runner.invoke(app, ["bench", "toy", "--players", "1"])
    assert bad.exit_code == 2 and "toy is for 2 to 4 players, not 1" in bad.stderr


def test_games_lists_every_game_and_the_toy_with_options_and_bots(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    listing = {entry["id"]: entry for entry in last_json_line_list(result.stdout)}
    assert {"ninjitsu", "knights-and-ninjas", "ninja-camp", "ninja-trap", "ninjato", "toy"} <= set(listing)
    toy_entry = listing["toy"]
    assert toy_entry["playable"] and toy_entry["title"] == "Toy"
    assert (toy_entry["min_players"], toy_entry["max_players"]) == (2, 4)
    assert toy_entry["options"] == [option.describe() for option in ToyState.SPEC.options]
    assert toy_entry["bots"] == ["random"] and toy_entry["default_bot"] == "random"
    assert listing["ninjato"]["playable"] is False or "title" in listing["ninjato"]
    table = runner.invoke(app, ["games"])
    assert table.exit_code == 0 and "toy" in table.stdout and "target: int 5..60" in table.stdout


def last_json_line_list(stdout: str) -> list[dict[str, object]]:
    """The JSON list on the last line of stdout."""
    data: list[dict[str, object]] = json.loads(stdout.strip().splitlines()[-1])
    return data
