"""``dojo review``: a thin shell over ninjadojo.review (its JSON is the library's review), its table and
summary, and one-line errors with exit status 2 for bad input."""

from __future__ import annotations

import io
import json
import re
from itertools import pairwise
from pathlib import Path

import pytest
from review_helpers import ITERATIONS, played, trap_blunder
from rich.console import Console
from typer.testing import CliRunner

from ninjadojo.api import save_game
from ninjadojo.cli.main import app
from ninjadojo.cli.review import print_review
from ninjadojo.review import GameReview, review_record


@pytest.fixture
def runner() -> CliRunner:
    """A CLI runner (stdout and stderr apart)."""
    return CliRunner()


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A saved short game of Ninja Trap, with a blunder of P0's at its end."""
    return save_game(trap_blunder(), tmp_path / "trap.dojo.json")


def test_json_is_the_librarys_review(runner: CliRunner, saved: Path) -> None:
    result = runner.invoke(app, ["review", str(saved), "--seat", "0", "--iterations", "300", "--json"])
    assert result.exit_code == 0, result.stderr
    review = GameReview.from_json(json.loads(result.stdout.strip().splitlines()[-1]))
    game = trap_blunder()
    assert review == review_record(game.record, 0, iterations=300)
    assert review.moves[-1].mark == "blunder"


def test_the_table_and_summary(runner: CliRunner, saved: Path) -> None:
    result = runner.invoke(app, ["review", str(saved), "--seat", "0", "--iterations", "300"],
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Review of P0 in Ninja Trap" in out  # the game by its title, not its id
    for words in ("Flip your trap laid on turn 3 and call TRAP!", "Pass: flip no trap this turn", "blunder",
                  "Turn 3: flip your face-down trap", "average loss", "samples a second",
                  "300 samples a decision, each trying the moves worth trying and the one played"):
        assert words in out
    assert "rated by the search lookahead:samples=300" in out and "note:" not in result.stderr
    # What a player reads: words, never the typing codes of the actions.
    assert " f1 " not in out and "tG" not in out
    assert "1 blunder," in out


def test_hindsight_rows(runner: CliRunner, saved: Path) -> None:
    result = runner.invoke(app, ["review", str(saved), "--seat", "0", "--iterations", str(ITERATIONS), "--hindsight"],
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("with the hidden cards shown") == 3


def test_hindsight_is_refused_for_a_game_in_progress(runner: CliRunner, tmp_path: Path) -> None:
    path = save_game(played("ninjitsu", 2, seed=6, actions=8), tmp_path / "going.dojo.json")
    result = runner.invoke(app, ["review", str(path), "--seat", "0", "--hindsight"])
    assert result.exit_code == 2 and "only for finished games" in result.stderr


def test_workers_give_the_same_json(runner: CliRunner, tmp_path: Path) -> None:
    path = save_game(played("ninjitsu", 2, seed=6, actions=14), tmp_path / "ninjitsu.dojo.json")
    common = ["review", str(path), "--seat", "1", "--iterations", str(ITERATIONS), "--json"]
    one = runner.invoke(app, common)
    two = runner.invoke(app, [*common, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0, one.stderr + two.stderr
    assert (GameReview.from_json(json.loads(one.stdout.splitlines()[-1]))
            == GameReview.from_json(json.loads(two.stdout.splitlines()[-1])))


@pytest.mark.parametrize(("arguments", "says"), [
    (["--seat", "2"], "--seat 2 is not a seat of this 2-player game"),
    (["--seat", "-1"], "--seat -1 is not a seat"),
    (["--seat", "0", "--bot", "nosuchbot"], "nosuchbot"),
    (["--seat", "0", "--bot", "heuristic:forget=oops"], "forget"),
    (["--seat", "0", "--bot", "ismcts:c=oops"], "ismcts's c must be"),
    (["--seat", "0", "--bot", "expert:iterations=5"], "takes no parameters"),
    (["--seat", "0", "--iterations", "0"], "--iterations must be a whole number"),
    (["--seat", "0", "--workers", "0"], "--workers must be"),
    (["--seat", "0", "--ray", "no such place:x"], "ray"),
    ([], "--seat"),
])
def test_bad_input_is_one_line_and_status_2(runner: CliRunner, saved: Path, arguments: list[str], says: str) -> None:
    result = runner.invoke(app, ["review", str(saved), *arguments])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and says in lines[0], result.stderr
    assert result.stdout == ""


def test_bad_saves(runner: CliRunner, tmp_path: Path) -> None:
    missing = runner.invoke(app, ["review", str(tmp_path / "nothing.json"), "--seat", "0"])
    assert missing.exit_code == 2 and "nothing.json" in missing.stderr
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    result = runner.invoke(app, ["review", str(broken), "--seat", "0"])
    assert result.exit_code == 2 and result.stderr.startswith("error:") and len(result.stderr.strip().splitlines()) == 1
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": "ninjadojo-save", "game": "ninjitsu"}), encoding="utf-8")
    result = runner.invoke(app, ["review", str(wrong), "--seat", "0"])
    assert result.exit_code == 2 and result.stderr.startswith("error:")


def test_a_bot_that_rates_nothing_is_said_to_be_replaced_by_the_search_that_does(runner: CliRunner,
                                                                                  saved: Path) -> None:
    # Levels, and any other bot that plays without a search however it is written (the rule used to hang on
    # the spelling: forgetful:forget=0.8, medium in Ninja Trap, fell back while forgetful was refused).
    for bot in ("random", "hard", "forgetful", "careless:mistakes=0.2"):
        result = runner.invoke(app, ["review", str(saved), "--seat", "0", "--bot", bot, "--iterations", "20"],
                               env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.stderr
        assert f"note: {bot} rates no move" in result.stderr and "ismcts:iterations=20" in result.stderr
        assert "rated by the search ismcts:iterations=20" in result.stdout


def test_a_narrow_terminal_reads_the_review_as_a_list(runner: CliRunner, saved: Path) -> None:
    """At 80 columns a table of six columns of sentences folds every row into many lines: the decisions
    are listed one below the other instead, each with what was asked, played and the better move."""
    result = runner.invoke(app, ["review", str(saved), "--seat", "0", "--iterations", "300"],
                           env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "┃" not in out and "│" not in out, "no table at 80 columns"
    assert "Turn 3: flip your face-down trap" in out
    lines = out.splitlines()
    asked = [line for line in lines if re.match(r"\d+\. ", line)]
    lines_played = [line for line in lines if line.startswith("   played: ")]
    assert asked and len(lines_played) == len(asked), "each decision: what was asked, then what was played"
    assert sum(line.endswith("  blunder") for line in lines_played) == 1, "the mark is on the line of the move played"
    assert "1 blunder," in out


def test_the_seat_is_the_saves_one_player_when_none_is_given(runner: CliRunner, saved: Path, tmp_path: Path) -> None:
    """A save of one person against bots is reviewed for that person without --seat; a save of two people (or
    of none) asks which seat, naming the seats people played."""
    data = json.loads(saved.read_text(encoding="utf-8"))
    one = tmp_path / "one.dojo.json"
    one.write_text(json.dumps({**data, "players_meta": {"humans": [1], "bots": {"0": "easy"}, "finished": True}}),
                   encoding="utf-8")
    result = runner.invoke(app, ["review", str(one), "--iterations", "20"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "Review of P1 in Ninja Trap" in result.stdout
    two = tmp_path / "two.dojo.json"
    two.write_text(json.dumps({**data, "players_meta": {"humans": [0, 1], "bots": {}, "finished": True}}),
                   encoding="utf-8")
    result = runner.invoke(app, ["review", str(two)])
    assert result.exit_code == 2 and result.stdout == ""
    assert "--seat" in result.stderr and "people played seats 0, 1" in result.stderr, result.stderr


def test_on_a_narrow_terminal_a_long_line_wraps_under_its_text_and_the_best_move_is_said_to_be_best() -> None:
    """On a terminal too narrow for a line, its figures never land alone at the left edge: the lines it wraps
    onto are indented under the text. Where the move played was the best found, the other move is the "next
    best", never a "best alternative" (which read as advice to play a move rated lower)."""
    # P0's three moves were each worse than the best found; two of P1's were the best.
    reviews = [review_record(trap_blunder().record, seat, iterations=ITERATIONS) for seat in (0, 1)]
    console = Console(file=io.StringIO(), width=44, highlight=False)
    for review in reviews:
        print_review(console, review)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    lines = out.splitlines()
    assert not any(re.match(r"\d+% -> ", line) for line in lines), out
    wrapped = [(line, after) for line, after in pairwise(lines)
               if line.startswith("   played: ") and not re.match(r"(\d+\.|   \w)", after)]
    assert wrapped, f"a played line wraps at 44 columns:\n{out}"
    assert all(after.startswith(" " * 11) for _, after in wrapped), out
    moves = [move for review in reviews for move in review.moves]
    best = [move for move in moves if move.played.action == move.best.action and move.alternative]
    worse = [move for move in moves if move.played.action != move.best.action]
    assert best and worse
    assert out.count("   next best: ") == len(best) and out.count("   best alternative: ") == len(worse), out
