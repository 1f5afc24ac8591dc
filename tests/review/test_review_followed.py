"""A move followed at once by the seat's own next decision is rated from that decision too: the search played
the move's sequel with its play-out policy (a lookahead's heuristic players), and the next decision's search finds
a better one. A Ninjato review marked a won fight a mistake (53% -> 42%, "give up" best) while the seat's next
decision, right after the fight, rated the position 50%."""

from __future__ import annotations

import pytest

from ninjadojo.review import GameReview, MoveReview
from ninjadojo.review.values import ActionEstimate, Evaluation, mark_for, with_followed


def _move(number: int, ply: int, best: float, played: float, mark: str | None = None) -> MoveReview:
    """A reviewed decision whose best move (``g``) is rated ``best`` and the move played (``f``) ``played``."""
    mine = ActionEstimate("f", "Fight", played, 32, 0.01)
    top = ActionEstimate("g", "Give up", best, 32, 0.0) if best != played else mine
    estimate = Evaluation(mine, top, top if top is not mine else None, 32, (mine, top) if top is not mine else (mine,))
    return MoveReview(number, ply, 0, "Fight or give up?", 2, estimate, mark)


def test_a_move_whose_next_decision_comes_right_after_is_rated_from_it_and_its_mark_lowered() -> None:
    fight = _move(1, 8, 0.53, 0.42)
    assert mark_for(fight.estimate) == "mistake"  # as the search alone rates it: 11 points, sure of it
    fight = _move(1, 8, 0.53, 0.42, "mistake")
    after = _move(2, 9, 0.50, 0.40)  # the next decision, right after: the position is worth 50%
    rated, following = with_followed([fight, after])
    assert rated.followed == 0.50 and rated.after == 0.42
    assert rated.loss == pytest.approx(0.03) and rated.mark is None  # 3 points: no mark
    assert following == after
    review = GameReview("ninjato", 3, 0, "lookahead", 32, False, True, (rated, following))
    assert review.average_loss == pytest.approx((0.03 + 0.10) / 2)
    assert MoveReview.from_json(rated.to_json()) == rated


def test_only_a_decision_right_after_and_rated_higher_counts_and_a_mark_is_never_raised() -> None:
    fight = _move(1, 8, 0.70, 0.45, "blunder")  # 25 points
    # Another seat acted in between (ply 10, not 9): nothing changes.
    assert with_followed([fight, _move(2, 10, 0.60, 0.60)])[0] == fight
    # Rated lower at the next decision (it went badly): nothing changes either.
    assert with_followed([fight, _move(2, 9, 0.40, 0.40)])[0] == fight
    # Rated 57% right after: the loss is 13 points, a mistake rather than a blunder.
    lowered = with_followed([fight, _move(2, 9, 0.57, 0.57)])[0]
    assert lowered.mark == "mistake" and lowered.followed == 0.57
    # The best move found (nothing lost) is left as it is, however the next decision rates it.
    best = _move(1, 8, 0.50, 0.50)
    assert with_followed([best, _move(2, 9, 0.60, 0.60)])[0] == best
    # A move without a mark gets none, however its loss is counted.
    plain = _move(1, 8, 0.70, 0.45)
    assert with_followed([plain, _move(2, 9, 0.50, 0.50)])[0].mark is None


def test_the_terminal_says_which_figure_the_loss_counts_from() -> None:
    """The row's figure after the arrow is the one the loss is counted from: where the next decision rated the
    position higher, that one, and this decision's own figure is given in words beside it (a probe read
    "53% -> 42% (50% at your next decision, right after)" as a riddle: two figures after, a loss from neither)."""
    from ninjadojo.cli.review import _chances

    fight, after = with_followed([_move(1, 8, 0.53, 0.42, "mistake"), _move(2, 9, 0.50, 0.40)])
    said = _chances(fight)
    assert said.startswith("53% -> 50% "), said
    assert "as rated at your next decision, right after; 42% by this decision's own search" in said, said
    assert _chances(after) == "50% -> 40%"
