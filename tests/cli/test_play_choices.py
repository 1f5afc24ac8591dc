"""``dojo play``: naming an action (any case, a unique part, a stable number), narrowing long lists, and how
the choices are shown and paged."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.helpers import needs_ninja_camp, only_pass_position, write_save
from engine.toygame import ToyState
from ninjadojo.api import load_game, new_game
from ninjadojo.cli import choices as choices_module
from ninjadojo.cli.choices import choice_lines, named_by_parts, narrow, parts, same_text
from ninjadojo.cli.main import app

CAMP_MOVES = ["E:e4-e7", "E:a5-b7", "R:e4-h4", "R:a5-e4", "sl:e4", "pass"]


def _first_action(save: str) -> tuple[int, str]:
    return load_game(save).record.actions[0]


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


def test_a_part_names_an_action_only_as_a_whole_part_of_its_text() -> None:
    assert parts("R:a5-e4") == ["R", "a5", "e4"]
    assert named_by_parts(CAMP_MOVES, "h4") == ["R:e4-h4"]
    assert named_by_parts(CAMP_MOVES, "a5 e4") == ["R:a5-e4"]
    # "4" is only a piece of the parts e4 and h4: it names nothing, it only narrows.
    assert named_by_parts(CAMP_MOVES, "4") == []
    assert named_by_parts(["@d7", "@e7"], "D7") == ["@d7"]
    assert same_text(["d", "t:2a"], "T:2A") == ["t:2a"]


@pytest.mark.parametrize("typed, meant", [("D", "d"), ("BID", "bid"), ("P5", "p5")])
def test_an_action_typed_in_another_case_is_taken_at_once(toy: None, runner: CliRunner, in_tmp: Path,
                                                          typed: str, meant: str) -> None:
    assert meant in ToyState.new(2, seed=1).legal_actions(0)
    result = runner.invoke(app, ["play", "toy", "--seed", "1"], input=f"{typed}\nsave s.dojo.json\nquit\n")
    assert result.exit_code == 0, result.output
    assert _first_action("s.dojo.json") == (0, meant)


def test_an_action_written_another_way_is_taken_in_the_games_canonical_form(
        toy: None, runner: CliRunner, in_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A game that accepts "draw" for "d" (as games accept a multi-card action's cards in any order).
    monkeypatch.setattr(ToyState, "_canonical_action", lambda self, seat, action: "d" if action == "draw" else None)
    result = runner.invoke(app, ["play", "toy", "--seed", "1"], input="DRAW\nsave s.dojo.json\nquit\n")
    assert result.exit_code == 0, result.output
    assert _first_action("s.dojo.json") == (0, "d")


def test_typing_part_of_an_action_lists_the_matching_ones_with_their_numbers_in_the_full_list(
        toy: None, runner: CliRunner, in_tmp: Path) -> None:
    actions = ToyState.new(2, seed=1).legal_actions(0)
    plays = narrow(actions, "p")
    assert len(plays) >= 2 and "p" not in actions
    result = runner.invoke(app, ["play", "toy", "--seed", "1"], input="p\n2\nsave s.dojo.json\nquit\n")
    assert result.exit_code == 0, result.output
    listed = result.stdout.split(f"{len(plays)} of {len(actions)} choices contain 'p'")[1].split("seat 0>")[0]
    for action in plays:
        assert f"{actions.index(action) + 1}) {action}" in listed
    # The numbers are stable: 2 is the second action of the full list, whatever was listed last.
    assert _first_action("s.dojo.json") == (0, actions[1])


def test_a_number_beyond_the_list_is_refused_naming_the_whole_range(toy: None, runner: CliRunner,
                                                                    in_tmp: Path) -> None:
    actions = ToyState.new(2, seed=1).legal_actions(0)
    result = runner.invoke(app, ["play", "toy", "--seed", "1"],
                           input=f"p\n{len(actions) + 1}\n{len(actions)}\nsave s.dojo.json\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"there is no choice {len(actions) + 1}: type a number from 1 to {len(actions)}" in result.stdout
    assert _first_action("s.dojo.json") == (0, actions[-1])


def test_text_matching_no_action_is_explained_without_repeating_the_prompt(toy: None, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "toy", "--seed", "1"], input="zz\nquit\n")
    assert result.exit_code == 0, result.output
    line = next(line for line in result.stdout.splitlines() if "'zz'" in line)
    assert line.startswith("'zz' is not one of your choices: type a number from 1 to 4")
    assert "choices contain" not in result.stdout
    assert "your turn" not in line


def test_a_single_choice_is_never_offered_as_a_number_from_1_to_1(toy: None, runner: CliRunner,
                                                                  tmp_path: Path) -> None:
    path = write_save(tmp_path / "pass.dojo.json", only_pass_position())
    result = runner.invoke(app, ["play", "--load", str(path), "--no-auto"], input="7\nquit\n")
    assert result.exit_code == 0, result.output
    assert "there is no choice 7: the only choice is 1) pass" in result.stdout
    assert "from 1 to 1" not in result.stdout


@needs_ninja_camp
def test_a_ninja_camp_player_picks_a_square_by_typing_it_in_any_case(runner: CliRunner, in_tmp: Path) -> None:
    actions = new_game("ninja-camp", 2, {}, 5).legal_actions(0)
    target = actions[len(actions) // 2]
    square = target.lstrip("@")
    assert square not in actions and named_by_parts(actions, square) == [target]
    result = runner.invoke(app, ["play", "ninja-camp", "--seed", "5", "--bots", "random"],
                           input=f"{square.upper()}\nsave c.dojo.json\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"'{square.upper()}' names {target}" in result.stdout
    assert _first_action("c.dojo.json") == (0, target)


@needs_ninja_camp
def test_a_long_list_that_does_not_fit_is_paged_with_the_full_lists_numbers(runner: CliRunner,
                                                                            in_tmp: Path) -> None:
    actions = new_game("ninja-camp", 2, {}, 5).legal_actions(0)
    result = runner.invoke(app, ["play", "ninja-camp", "--seed", "5", "--bots", "random"],
                           input="more\nmore\nmore\nmore\nmore\nmore\nquit\n", env={"LINES": "16", "COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    shown = [cell for line in result.stdout.splitlines() for cell in line.split() if cell.endswith(")")
             and cell[:-1].isdigit()]
    numbers = [int(cell[:-1]) for cell in shown]
    # Every choice is shown once across the pages, with the number it has in the full list.
    assert sorted(set(numbers)) == list(range(1, len(actions) + 1))
    for number in range(1, len(actions) + 1):
        # Each choice in the game's words, with its typing code beside them.
        assert re.search(rf"(^|\s){number}\) \S.* \({re.escape(actions[number - 1])}\)", result.stdout, re.M), number
    assert "more: type more or part of a choice (e.g. " in result.stdout


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


def test_a_part_of_the_list_keeps_its_numbers() -> None:
    assert choice_lines(["p2", "pass"], 80, numbers=[12, 40]) == ["12) p2     40) pass"]


def test_the_examples_in_the_choices_module_docstrings_hold() -> None:
    failed, tried = doctest.testmod(choices_module)
    assert tried >= 8 and failed == 0


def test_the_start_of_a_word_a_seat_or_a_word_in_brackets_lists_the_choices_it_fits_and_plays_none() -> None:
    """The help says a part of a choice's text picks it, but "Gen" and "bedroom" were refused as "not a Ninja Trap
    action" and "Fort" and "Attack P2" as "not one of your choices". They list what they fit, even one choice:
    a guess at what the player meant is confirmed by number (a trap laid is never seen again)."""
    runner = CliRunner()
    trap = runner.invoke(app, ["play", "ninja-trap", "--players", "2", "--seed", "7"], input="Gen\nbedroom\nquit\n")
    assert trap.exit_code == 0, trap.output
    assert "1 of 5 choices contains 'Gen'; type a number to pick one:" in trap.stdout
    assert re.search(r"\d\) Set a trap in the Genkan \(entrance\) \(tG\)", trap.stdout)
    assert "1 of 5 choices contains 'bedroom'" in trap.stdout
    assert "not a Ninja Trap action" not in trap.stdout
    assert "choose the room your ninja moves to" not in trap.stdout  # nothing was played
    knights = runner.invoke(app, ["play", "knights-and-ninjas", "--players", "3", "--seed", "7"],
                            input="Fort\nAttack P2\nquit\n")
    assert knights.exit_code == 0, knights.output
    out = knights.stdout
    assert "choices contains 'Fort'" in out or "choices contain 'Fort'" in out
    listed = re.search(r"(\d+) of \d+ choices contain 'Attack P2'", out)
    assert listed and int(listed.group(1)) >= 2, out
    assert "is not one of your choices" not in out
    assert "fortifies" not in out.split("seat 0> quit")[0].split("seat 0> Fort")[1]  # nothing was played
