"""``dojo play``: picking from long lists by typing part of an action, and how the choices are shown."""

from __future__ import annotations

import doctest
from pathlib import Path

from typer.testing import CliRunner

from cli.helpers import needs_ninja_camp
from engine.toygame import ToyState
from ninjadojo.api import load_game, new_game
from ninjadojo.cli import choices as choices_module
from ninjadojo.cli.choices import choice_lines, narrow
from ninjadojo.cli.main import app
from ninjadojo.cli.play import LONG_LIST

CAMP_MOVES = ["E:e4-e7", "E:a5-b7", "R:e4-h4", "R:a5-e4", "sl:e4", "pass"]


def test_narrow_keeps_the_actions_containing_every_word() -> None:
    assert narrow(CAMP_MOVES, "e4") == ["E:e4-e7", "R:e4-h4", "R:a5-e4", "sl:e4"]
    assert narrow(CAMP_MOVES, "R e4") == ["R:e4-h4", "R:a5-e4"]
    assert narrow(CAMP_MOVES, "-e4") == ["R:a5-e4"]
    assert narrow(CAMP_MOVES, "zz") == []
    assert narrow(CAMP_MOVES, "   ") == []


def test_narrow_matches_the_exact_case_first_and_any_case_when_nothing_matches_exactly() -> None:
    # "E" is a card letter: exact case keeps it apart from squares of file e.
    assert narrow(CAMP_MOVES, "E") == ["E:e4-e7", "E:a5-b7"]
    assert narrow(CAMP_MOVES, "PASS") == ["pass"]


def test_typing_part_of_an_action_lists_the_matching_ones_and_the_next_number_picks_from_them(
        toy: None, runner: CliRunner, in_tmp: Path) -> None:
    game = ToyState.new(2, seed=1)
    plays = narrow(game.legal_actions(0), "p")
    assert len(plays) >= 2 and "p" not in game.legal_actions(0)
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seed", "1"],
                           input="p\n2\nsave s.dojo.json\nquit\nn\n")
    assert result.exit_code == 0, result.output
    assert f"{len(plays)} of {len(game.legal_actions(0))} choices contain 'p'" in result.stdout
    for number, action in enumerate(plays, 1):
        assert f"{number}) {action}" in result.stdout.split("choices contain 'p'")[1]
    # Number 2 picked the second of the narrowed list, not the second of all the choices.
    assert load_game("s.dojo.json").record.actions[0] == (0, plays[1])


def test_a_number_outside_the_narrowed_list_is_refused_and_list_shows_every_choice_again(
        toy: None, runner: CliRunner, in_tmp: Path) -> None:
    game = ToyState.new(2, seed=1)
    actions = game.legal_actions(0)
    plays = narrow(actions, "p")
    beyond = len(plays) + 1
    assert beyond <= len(actions)
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seed", "1"],
                           input=f"p\n{beyond}\nlist\n{beyond}\nsave s.dojo.json\nquit\nn\n")
    assert result.exit_code == 0, result.output
    assert f"there is no choice {beyond} in the narrowed list: type a number from 1 to {len(plays)}" in result.stdout
    # After "list" the numbers are those of the whole list again.
    assert load_game("s.dojo.json").record.actions[0] == (0, actions[beyond - 1])


def test_text_matching_no_action_is_explained_by_the_game(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seed", "1"], input="zz\nquit\nn\n")
    assert result.exit_code == 0, result.output
    assert "'zz' is not allowed now" in result.stdout
    assert "choices contain" not in result.stdout


@needs_ninja_camp
def test_a_ninja_camp_player_picks_a_square_by_typing_it(runner: CliRunner, in_tmp: Path) -> None:
    game = new_game("ninja-camp", 2, {}, 5)
    actions = game.legal_actions(0)
    target = actions[len(actions) // 2]
    square = target.lstrip("@")
    assert square not in actions
    result = runner.invoke(app, ["play", "ninja-camp", "--players", "2", "--seed", "5", "--bots", "random"],
                           input=f"{square}\n1\nsave c.dojo.json\nquit\nn\n")
    assert result.exit_code == 0, result.output
    assert f"1 of {len(actions)} choices contains '{square}'" in result.stdout
    assert load_game("c.dojo.json").record.actions[0] == (0, target)


@needs_ninja_camp
def test_a_long_list_of_choices_is_numbered_down_columns_with_a_hint_to_narrow_it(runner: CliRunner) -> None:
    actions = new_game("ninja-camp", 2, {}, 5).legal_actions(0)
    assert len(actions) > LONG_LIST
    result = runner.invoke(app, ["play", "ninja-camp", "--players", "2", "--seed", "5", "--bots", "random"],
                           input="quit\nn\n")
    assert result.exit_code == 0, result.output
    assert "type part of an action" in result.stdout
    lines = [line for line in result.stdout.splitlines() if f"1) {actions[0]} " in line]
    assert len(lines) == 1
    # Several choices per line, numbered down the columns: the first line holds 1 and then a later number.
    numbers = [int(cell.split(")")[0]) for cell in lines[0].split() if cell.endswith(")")]
    assert numbers[0] == 1 and len(numbers) > 1 and numbers[1] > 2


def test_quit_does_not_leave_when_the_save_fails(toy: None, runner: CliRunner, in_tmp: Path) -> None:
    Path("a-folder").mkdir()
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--seed", "4"],
                           input="quit\ny\na-folder\nquit\ny\nkept.dojo.json\n")
    assert result.exit_code == 0, result.output
    assert "could not save to a-folder" in result.stdout
    assert "you are still playing" in result.stdout
    assert load_game("kept.dojo.json").ply == 0


def test_the_examples_in_the_choices_module_docstrings_hold() -> None:
    failed, tried = doctest.testmod(choices_module)
    assert tried >= 3 and failed == 0


def test_choices_fill_columns_top_to_bottom_and_never_pass_the_width() -> None:
    actions = [f"E:e{rank}-f{rank}" for rank in range(1, 8)] + ["pass"]
    lines = choice_lines(actions, 40)
    assert all(len(line) <= 40 for line in lines)
    assert len(lines) == 3 and lines[0].split()[:4] == ["1)", "E:e1-f1", "4)", "E:e4-f4"]
    # Every choice shows exactly once.
    cells = " ".join(lines).split()
    assert cells[1::2] == [actions[i] for i in (0, 3, 6, 1, 4, 7, 2, 5)]
    assert choice_lines(actions, 5) == [f"{n}) {action}" for n, action in enumerate(actions, 1)]
    assert choice_lines([], 80) == []
