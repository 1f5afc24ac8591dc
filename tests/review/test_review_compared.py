"""Whether a review compared the move played with any other: a budget spread over a hundred moves, the
review's focus giving the move played a quarter of it, leaves every other move tried too few times to trust.
The move played is then "the best found" only because nothing else was searched enough; the review says so
(``compared``) instead of approving the move (the browser probe of stop 55: seven random Ninja Camp moves,
each "your move was the best found"). Since, the focused search also gives the most tried rival an eighth of
its second half, so that a review at a budget of a few hundred iterations compares every decision."""

from __future__ import annotations

from pathlib import Path

from review_helpers import played
from typer.testing import CliRunner

from ninjadojo.api import save_game
from ninjadojo.cli.main import app
from ninjadojo.review import ActionEstimate, Evaluation, review_record
from ninjadojo.review.values import MIN_VISITS


def _evaluation(alternative_visits: int, iterations: int = 4000) -> Evaluation:
    mine = ActionEstimate("D:b2-a4", "Play Dodge", 0.44, iterations // 4)
    other = ActionEstimate("R:f1-a1", "Play Sprint", 0.40, alternative_visits)
    return Evaluation(mine, mine, other, iterations)


def test_a_move_is_compared_only_with_a_move_searched_enough_to_trust() -> None:
    assert not _evaluation(88).compared, "88 visits of 4,000 (2%): too few to trust"
    assert _evaluation(300).compared
    alone = ActionEstimate("pass", "Pass", 0.5, 100)
    assert not Evaluation(alone, alone, None, 100).compared, "a decision with nothing else tried"
    assert _evaluation(88).to_json()["compared"] is False and _evaluation(300).to_json()["compared"] is True
    assert Evaluation.from_json(_evaluation(88).to_json()) == _evaluation(88)


def test_a_ninja_camp_review_at_a_tiny_budget_says_it_could_not_compare() -> None:
    # A Ninja Camp turn offers dozens of moves: 100 iterations, a quarter on the move played and a few on its
    # rival, leave every other move below the visits (MIN_VISITS) a best move needs; a lookahead (Ninja Trap)
    # tries every move on every sample.
    game = played("ninja-camp", 2, seed=3, actions=10)
    camp = review_record(game, 0, iterations=100)
    uncompared = [move for move in camp.moves if not move.estimate.compared]
    assert uncompared, [(move.number, move.alternative) for move in camp.moves]
    # Nothing else trusted: the best found is the move played, and the alternative named is one barely tried.
    for move in uncompared:
        assert move.best.action == move.played.action
        assert move.alternative is None or move.alternative.visits < MIN_VISITS


def test_a_ninja_camp_review_compares_every_decision_with_a_well_searched_rival() -> None:
    # Dozens of moves a turn: without a rival searched on purpose, 800 iterations left every other move of most
    # decisions below the 5% a best move needs. The search's most tried rival gets an eighth of the second half.
    game = played("ninja-camp", 3, seed=7, actions=12)
    camp = review_record(game, 0, iterations=800)
    assert len(camp.moves) >= 3
    assert all(move.choices >= 10 for move in camp.moves), [move.choices for move in camp.moves]
    for move in camp.moves:
        assert move.estimate.compared, (move.number, move.choices, move.alternative)
        assert move.alternative is not None and move.alternative.visits >= 0.05 * 800
    trap = review_record(played("ninja-trap", 2, seed=3, actions=12), 0, iterations=MIN_VISITS)
    assert trap.moves and all(move.estimate.compared for move in trap.moves)


def test_the_command_line_says_it_could_not_compare(tmp_path: Path) -> None:
    saved = save_game(played("ninja-camp", 2, seed=3, actions=10), tmp_path / "camp.dojo.json")
    result = CliRunner().invoke(app, ["review", str(saved), "--seat", "0", "--iterations", "100"],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "no other move was searched enough to compare" in result.stdout, result.stdout
