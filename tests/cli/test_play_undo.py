"""``dojo play``'s ``undo``: the engine's undo policy at the terminal."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ninjadojo.api import load_game
from ninjadojo.cli.main import app
from ninjadojo.games.ninjitsu.builder import position


def test_undo_takes_back_a_free_swap_and_refuses_once_another_seat_has_acted(runner: CliRunner, in_tmp: Path) -> None:
    start = position(secrets=["6a 7b", ""], hands=["2a", "3b"])
    Path("start.dojo.json").write_text(json.dumps(start.to_save()))
    result = runner.invoke(app, ["play", "--load", "start.dojo.json", "--seat", "0"],
                           input="w0.1\nundo\nsave after.dojo.json\nd\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "your last action is taken back" in result.stdout
    # After the draw the bot plays its turn: by the next prompt, another seat has acted.
    assert "cannot undo: another seat has acted since your action" in result.stdout
    after = load_game("after.dojo.json")
    assert after.record.actions == [] and after.to_notation() == start.to_notation()
