"""``dojo replay``, ``dojo bench`` and ``dojo games``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cli.helpers import TunedBot, last_json_line, needs_ninja_trap
from engine.toygame import ToyState
from ninjadojo import bots
from ninjadojo.api import new_game
from ninjadojo.cli.main import app
from ninjadojo.cli.replay import Replay
from ninjadojo.engine import GameState, Rng
from ninjadojo.engine.playout import random_playout


def _saved_game(tmp_path: Path, actions: int = 12) -> tuple[ToyState, Path]:
    game = ToyState.new(3, seed=21)
    random_playout(game, Rng(3), max_actions=actions)
    path = tmp_path / "game.dojo.json"
    path.write_text(json.dumps(game.to_save()))
    return game, path


def _unseen_actions(game: ToyState, viewer: int | None) -> list[int]:
    """The plies (1-based) of actions ``viewer`` cannot see happen: another seat's answer in a concealed
    window, or another seat's hidden choice after which its simultaneous frame still waits."""
    states = list(game.replay_states())
    unseen = []
    for ply, (seat, _) in enumerate(game.record.actions, 1):
        frame, after = states[ply - 1].frames[-1], states[ply].frames
        waiting = bool(after) and after[-1].simultaneous and seat in after[-1].submitted
        if seat != viewer and (frame.concealed or (frame.simultaneous and waiting)):
            unseen.append(ply)
    return unseen


def test_replay_prints_every_step_as_a_spectator(toy: None, runner: CliRunner, tmp_path: Path) -> None:
    game, path = _saved_game(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--all"])
    assert result.exit_code == 0, result.output
    last = len(game.record.actions) - len(_unseen_actions(game, None))
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
    # Private log lines ("You draw a 4") appear once for each of seat 1's own, never for another seat's.
    private = [event.line() for event in game.events if event.mask != -1]
    assert any(not event.visible_to(1) for event in game.events), "the game should have others' private events"
    own_private = [event.line() for event in game.events if event.mask != -1 and event.visible_to(1)]
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
    game, _ = _saved_game(tmp_path)
    viewer = Replay(game, None)
    last = viewer.last
    assert last >= 5
    console = Console(record=True, width=100)
    answers = iter(["", "n", "p", "g 4", "g 99", "what", "q"])
    viewer.interactive(console, read=lambda prompt: next(answers))
    text = console.export_text()
    shown = [line.split("step ")[1].split(" of")[0] for line in text.splitlines()
             if f" of {last} (spectator)" in line]
    assert shown == ["0", "1", "2", "1", "4"]
    assert f"steps run from 0 to {last}" in text
    assert "g N: go to step N" in text


def test_interactive_replay_jumps_to_a_step_typed_as_a_bare_number(toy: None, tmp_path: Path) -> None:
    game, _ = _saved_game(tmp_path)
    viewer = Replay(game, None)
    last = viewer.last
    console = Console(record=True, width=100)
    answers = iter(["3", str(last + 1), "q"])
    viewer.interactive(console, read=lambda prompt: next(answers))
    text = console.export_text()
    shown = [line.split("step ")[1].split(" of")[0] for line in text.splitlines()
             if f" of {last} (spectator)" in line]
    assert shown == ["0", "3"]
    assert f"steps run from 0 to {last}" in text


def test_replay_shows_no_step_for_a_concealed_answer_or_a_hidden_choice_still_waiting(
        toy: None, runner: CliRunner, tmp_path: Path) -> None:
    game, path = _saved_game(tmp_path)
    for viewer in (None, 0, 1, 2):
        unseen = _unseen_actions(game, viewer)
        seat_args = [] if viewer is None else ["--seat", str(viewer)]
        result = runner.invoke(app, ["replay", str(path), *seat_args])
        assert result.exit_code == 0, result.output
        last = len(game.record.actions) - len(unseen)
        assert f"step {last} of {last} " in result.stdout and f"step {last + 1} " not in result.stdout
        # The viewer's own actions are all there, each once.
        own = [action for seat, action in game.record.actions if seat == viewer]
        assert result.stdout.count("you played") == len(own)
        # The last step shows the final position.
        assert game.render(viewer) in result.stdout.split(f"step {last} of {last}")[1]
    # The game has both kinds: a concealed answer (seat 1's) and a bid choice that waited for others.
    assert _unseen_actions(game, None) and _unseen_actions(game, 1) != _unseen_actions(game, None)


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
    assert toy_entry["options"] == [option.describe() for option in ToyState.option_specs()]
    # Every game has the search bot and the difficulty levels besides its own bots.
    assert toy_entry["bots"] == sorted(["random", "ismcts", "easy", "medium", "hard", "expert"])
    assert toy_entry["default_bot"] == "random"
    assert "title" in listing["ninjato"]
    table = runner.invoke(app, ["games"])
    assert table.exit_code == 0 and "toy" in table.stdout and "target: int 5..60" in table.stdout


def last_json_line_list(stdout: str) -> list[dict[str, object]]:
    """The JSON list on the last line of stdout."""
    data: list[dict[str, object]] = json.loads(stdout.strip().splitlines()[-1])
    return data


def test_help_shows_the_defaults_written_in_brackets(runner: CliRunner) -> None:
    # Help text is rich markup: an unescaped "[default: ...]" would vanish as an unknown tag.
    for command, default in [("play", "[default: the fewest]"), ("play", "[default: 0]"),
                             ("sim", "[default: the game's sim default"), ("replay", "[default: spectator]")]:
        result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        assert default in result.stdout, (command, default)


def test_games_names_each_bots_parameters_and_the_games_summary(toy: None, runner: CliRunner,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots.GENERIC_BOTS, "tuned", TunedBot)
    listing = {entry["id"]: entry for entry in last_json_line_list(runner.invoke(app, ["games", "--json"]).stdout)}
    parameters = listing["toy"]["bot_parameters"]
    assert parameters["random"] == [] and parameters["tuned"] == ["depth"]
    assert parameters["ismcts"] == ["iterations", "seconds", "c", "rollout", "depth", "widening", "per_sample",
                                    "careful", "model"]
    assert all(parameters[level] == [] for level in ("easy", "medium", "hard", "expert"))
    text = runner.invoke(app, ["games"]).stdout
    toy_part = text.split("toy: Toy")[1]
    bots_line = next(line for line in toy_part.splitlines() if line.strip().startswith("bots:"))
    assert "random, tuned (depth=...) (default random)" in bots_line and "ismcts (iterations=..." in bots_line
    assert ToyState.SPEC.summary in toy_part


def _look_hidden_by_a_later_choice(seed: int) -> tuple[GameState[Any], int, str] | None:
    """A random 4-player Ninja Trap game where a one-time look of a seat is followed, in the same
    simultaneous frame, by another seat's hidden choice: (game, seat, the look's text), or None."""
    game = new_game("ninja-trap", 4, {}, seed)
    random_playout(game, Rng(seed), max_actions=400)
    states = list(game.replay_states())
    for ply in range(1, len(states) - 1):
        for event in states[ply].events[len(states[ply - 1].events):]:
            if not event.transient:
                continue
            seat = next(each for each in range(4) if event.visible_to(each))
            # The action after the one that made the look: another seat's choice, still hidden.
            other, _ = game.record.actions[ply]
            after = states[ply + 1].frames
            if other != seat and after and after[-1].simultaneous and other in after[-1].submitted:
                return game, seat, event.text
    return None


@needs_ninja_trap
def test_a_one_time_look_shows_in_the_replay_even_when_a_hidden_choice_follows_it(runner: CliRunner,
                                                                                  tmp_path: Path) -> None:
    found = next(filter(None, map(_look_hidden_by_a_later_choice, range(40))))
    game, seat, look = found
    path = tmp_path / "trap.dojo.json"
    path.write_text(json.dumps(game.to_save()))
    result = runner.invoke(app, ["replay", str(path), "--seat", str(seat)])
    assert result.exit_code == 0, result.output
    assert look in result.stdout
    # Only that seat ever sees it.
    other = (seat + 1) % 4
    assert look not in runner.invoke(app, ["replay", str(path), "--seat", str(other)]).stdout
