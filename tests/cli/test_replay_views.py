"""``dojo replay``: the omniscient view of a finished game, nested log lines, saves named from the data folder,
and interactive input that cannot crash it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from engine.toygame import ToyState
from ninjadojo.cli.main import app
from ninjadojo.cli.replay import Replay
from ninjadojo.engine import OptionError, Rng
from ninjadojo.engine.playout import random_playout


def _finished(tmp_path: Path) -> tuple[ToyState, Path]:
    game = ToyState.new(3, seed=21)
    random_playout(game, Rng(3), max_actions=10_000)
    assert game.is_terminal
    path = tmp_path / "done.dojo.json"
    path.write_text(json.dumps(game.to_save()))
    return game, path


def test_the_omniscient_view_names_every_action_and_shows_every_hand(toy: None, runner: CliRunner,
                                                                    tmp_path: Path) -> None:
    game, path = _finished(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--omniscient"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    last = len(game.record.actions)
    assert f"step {last} of {last} (everything)" in out
    for seat, action in game.record.actions:
        assert f"seat {seat} played {action}" in out
    assert out.count(" played ") == last
    # Each seat's hand is shown as that seat sees it, in the final step too.
    final = out.split(f"step {last} of {last}")[1]
    pictures = [game.render(seat).splitlines() for seat in (None, 0, 1, 2)]
    for seat in range(3):
        # The line only that seat's picture has: its own hand.
        (own,) = [line for line in pictures[seat + 1] if sum(line in picture for picture in pictures) == 1]
        assert f"seat {seat} sees:\n  {own}" in final
    # Private log lines are there, with who saw them.
    private = next(event for event in game.events if event.mask != -1)
    seen_by = next(seat for seat in range(3) if private.visible_to(seat))
    assert f"{private.line()}   [seen by seat {seen_by}]" in out


def test_the_omniscient_view_is_refused_for_a_game_in_progress(toy: None, runner: CliRunner, tmp_path: Path) -> None:
    game = ToyState.new(3, seed=21)
    random_playout(game, Rng(3), max_actions=8)
    assert not game.is_terminal
    path = tmp_path / "live.dojo.json"
    path.write_text(json.dumps(game.to_save()))
    result = runner.invoke(app, ["replay", str(path), "--omniscient"])
    assert result.exit_code == 2
    assert "only for finished games; this game is still in progress" in result.stderr
    assert result.stderr.count("\n") == 1
    with pytest.raises(OptionError):
        Replay(game, None, omniscient=True)


def test_the_omniscient_view_takes_no_seat(toy: None, runner: CliRunner, tmp_path: Path) -> None:
    _, path = _finished(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--omniscient", "--seat", "1"])
    assert result.exit_code == 2 and "leave out --seat" in result.stderr


def test_replay_shows_log_lines_with_their_nesting(toy: None, runner: CliRunner, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    original = ToyState._draw

    def draw_with_detail(self: ToyState, seat: int) -> None:
        self.log("a detail inside the draw", depth=1)
        original(self, seat)

    monkeypatch.setattr(ToyState, "_draw", draw_with_detail)
    game = ToyState.new(2, seed=1)
    game.apply(0, "d")
    path = tmp_path / "nested.dojo.json"
    path.write_text(json.dumps(game.to_save()))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "\n    A detail inside the draw\n" in result.stdout


def test_a_save_is_found_by_its_name_in_the_data_folder(toy: None, runner: CliRunner, data_home: Path) -> None:
    game = ToyState.new(2, seed=1)
    (data_home / "saves").mkdir()
    (data_home / "saves" / "mine.dojo.json").write_text(json.dumps(game.to_save()))
    result = runner.invoke(app, ["replay", "mine.dojo.json"])
    assert result.exit_code == 0, result.output
    assert "step 0 of 0 (spectator)" in result.stdout


def test_interactive_replay_takes_odd_digits_and_huge_numbers_without_crashing(toy: None, tmp_path: Path) -> None:
    game, _ = _finished(tmp_path)
    viewer = Replay(game, None)
    console = Console(record=True, width=100)
    answers = iter(["²", "9" * 5000, "g ²", "g " + "9" * 50, "2", "q"])
    viewer.interactive(console, read=lambda prompt: next(answers))
    text = console.export_text()
    assert text.count("g N: go to step N") == 2
    assert text.count(f"steps run from 0 to {viewer.last}") == 2
    shown = [line.split("step ")[1].split(" of")[0] for line in text.splitlines() if " (spectator)" in line]
    assert shown == ["0", "2"]


def test_interactive_replay_ends_on_ctrl_c_without_a_traceback(toy: None, tmp_path: Path) -> None:
    game, _ = _finished(tmp_path)

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    console = Console(record=True, width=100)
    Replay(game, 0).interactive(console, read=interrupted)
    assert "step 0 of" in console.export_text()


def test_the_omniscient_view_tells_each_seats_choice_of_that_seat(runner: CliRunner, tmp_path: Path) -> None:
    """Every seat's choice is told of that seat ("Flip their trap 2"), never in the second person it was
    offered in: the omniscient reader is none of the players."""
    from ninjadojo.api import new_game

    for seed in range(40):  # a random Ninja Trap game in which someone flips a trap (offered as "your trap")
        game = new_game("ninja-trap", 2, seed=seed)
        random_playout(game, Rng(seed), max_actions=10_000)
        said = [game.replay(type(game.record)(game.record.game, 2, dict(game.record.options), game.record.seed,
                                              game.record.start, game.record.actions[:step])).label(seat, action)
                for step, (seat, action) in enumerate(game.record.actions)]
        if any("your" in words for words in said):
            break
    else:
        pytest.fail("no game with a choice offered as 'your ...'")
    path = tmp_path / "trap.dojo.json"
    path.write_text(json.dumps(game.to_save()))
    result = runner.invoke(app, ["replay", str(path), "--omniscient"])
    assert result.exit_code == 0, result.output
    played = [line for line in result.stdout.splitlines() if " played " in line]
    assert len(played) == len(game.record.actions)
    assert not [line for line in played if " your " in line or " you " in line]
    assert any(" their " in line for line in played)
