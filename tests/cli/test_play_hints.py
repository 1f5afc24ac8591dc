"""Hints at a terminal table (issue 25: "a table may allow hints, off by default, shown to the players at the
table when on"): ``dojo play --hints`` and the ``hint`` command, a table setting kept in the save."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ninjadojo.api import new_game
from ninjadojo.cli.main import app
from ninjadojo.engine.errors import OptionError, SaveError
from ninjadojo.review import hint as review_hint
from ninjadojo.table import Table
from ninjadojo.table.session import SavedTable


def test_a_table_gives_no_hint_unless_it_allows_them() -> None:
    table = Table(new_game("ninja-trap", 2, seed=3), [0], {1: "heuristic"}, 3, autosave=False)
    assert table.hints is False
    with pytest.raises(OptionError, match="hints are off"):
        table.hint(0)


def test_a_hint_is_a_legal_choice_of_the_seat_with_its_win_chance_and_the_same_each_time_it_is_asked() -> None:
    game = new_game("ninja-trap", 2, seed=3)
    table = Table(game, [0], {1: "heuristic"}, 3, autosave=False, hints=True)
    before = game.to_notation()
    advice = table.hint(0)
    assert advice.action in game.legal_actions(0) and 0.0 <= advice.chance <= 1.0
    assert {each.action for each in advice.alternatives} <= set(game.legal_actions(0)) - {advice.action}
    assert game.to_notation() == before, "asking for a hint changes nothing"
    assert table.hint(0) == advice
    # What its count counts, kept through JSON (Ninja Trap's expert is a lookahead: samples).
    assert advice.unit == "samples" and type(advice).from_json(advice.to_json()) == advice
    # The move advised is the one rated best, the next best in order after it (as a review names the best found).
    chances = [advice.chance, *(each.chance for each in advice.alternatives)]
    assert chances == sorted(chances, reverse=True)
    with pytest.raises(OptionError, match="not a human's seat"):
        table.hint(1)


def test_a_table_that_allows_hints_says_so_in_its_save_and_a_resumed_game_keeps_them(tmp_path: Path) -> None:
    table = Table(new_game("ninjitsu", 2, seed=5), [0], {1: "random"}, 5, autosave=False, hints=True)
    path = tmp_path / "hints.dojo.json"
    path.write_text(json.dumps(table.to_save()))
    saved = SavedTable.read(path)
    assert saved.hints is True
    assert Table.resume(saved, autosave=False).hints is True
    assert Table.resume(saved, autosave=False, hints=False).hints is False
    plain = Table(new_game("ninjitsu", 2, seed=5), [0], {1: "random"}, 5, autosave=False)
    path.write_text(json.dumps(plain.to_save()))
    assert SavedTable.read(path).hints is False
    data = plain.to_save()
    data["players_meta"]["hints"] = "yes"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="'hints' must be true or false"):
        SavedTable.read(path)


def test_dojo_play_with_hints_tells_the_table_and_answers_hint_with_a_numbered_choice(runner: CliRunner,
                                                                                   in_tmp: Path) -> None:
    result = runner.invoke(app, ["play", "ninja-trap", "-p", "2", "--seed", "3", "--hints"],
                           input="help\nhint\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Hints are on at this table" in out.split("\n")[0]
    assert "  hint " in out.split("seat 0> help")[1]
    said = re.search(r"hint \(the expert's search, 128 samples on what you can see, [\d.]+ s\): (\d+)\) .*\((t\w)\): "
                     r"(\d+)% win chance", out)
    assert said is not None, out
    offered = re.findall(r"^(\d+)\) .*\((t\w)\)$", out, re.MULTILINE)
    assert (said.group(1), said.group(2)) in offered, "the hint names the choice by its number and code in the list"
    assert "next best:" in out


def test_without_hints_the_command_says_how_to_allow_them_and_the_game_goes_on(runner: CliRunner,
                                                                                in_tmp: Path) -> None:
    result = runner.invoke(app, ["play", "ninja-trap", "-p", "2", "--seed", "3"], input="help\nhint\n1\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Hints are on" not in out and "  hint " not in out
    assert "hints are off at this table; a new game allows them with: dojo play GAME --hints" in out
    assert "your choice is in" in out, "the game went on after the refused hint"


@pytest.mark.parametrize("seed", range(6))
def test_a_ninjato_hint_advises_the_move_it_rates_best(seed: int) -> None:
    """Ninjato's expert keeps to its heuristic's move unless another is surely better; its hint used to advise
    that move while naming others it rated several points higher, and a review then rated them the other way."""
    game = new_game("ninjato", 2, seed=seed)
    advice = review_hint(game, game.to_act()[0], seed=seed)
    assert advice.unit == "samples" and advice.alternatives
    assert all(each.chance <= advice.chance for each in advice.alternatives), advice
