"""Marks from a lookahead's paired comparison, and losses within the search's error.

A lookahead tries every move on the same samples and dice, so the gap between two moves is measured
sample by sample: far sharper than two independent estimates. A review marks a loss the search is sure
of by that paired error; a loss within the search's error is not called a worse move at all."""

from __future__ import annotations

import math

import pytest

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.bots.lookahead import paired_root
from ninjadojo.review import ActionEstimate, Evaluation, mark_for
from ninjadojo.review.values import clear_loss


def test_paired_root_measures_each_moves_gap_to_the_best_sample_by_sample() -> None:
    root = paired_root({"a": [1.0, 0.0, 1.0, 1.0], "b": [1.0, 0.0, 1.0, 0.0], "c": []})
    assert set(root) == {"a", "b"}, "a move never tried is left out"
    assert root["a"].mean == 0.75 and root["a"].gap_error == 0.0, "the best move's gap to itself"
    gaps = [0.0, 0.0, 0.0, -1.0]
    mean = sum(gaps) / 4
    expected = math.sqrt(sum((gap - mean) ** 2 for gap in gaps) / 3 / 4)
    assert root["b"].mean == 0.5 and root["b"].gap_error == pytest.approx(expected)
    # Tried on different numbers of samples: no paired error.
    uneven = paired_root({"a": [1.0, 0.0], "b": [1.0]})
    assert uneven["a"].gap_error is None and uneven["b"].gap_error is None


def _evaluation(played_gap: float | None, best_gap: float | None) -> Evaluation:
    played = ActionEstimate("pass", "Pass", 0.20, 32, played_gap)
    best = ActionEstimate("f1", "Flip", 0.34, 32, best_gap)
    return Evaluation(played, best, best, 32)


def test_a_loss_sure_by_the_paired_error_is_marked_though_two_estimates_alone_could_not_say() -> None:
    # 14 points given away on 32 samples: two independent estimates cannot tell (their error is about
    # 11 points), the paired gaps can (an error of 3 points).
    alone = _evaluation(None, None)
    assert not clear_loss(alone) and mark_for(alone) is None
    paired = _evaluation(0.03, 0.0)
    assert clear_loss(paired) and mark_for(paired) == "mistake"
    # A paired error as wide as the loss: not sure, no mark, and the move is not called worse.
    noisy = _evaluation(0.10, 0.0)
    assert not clear_loss(noisy) and mark_for(noisy) is None and not noisy.clear
    # The gaps were measured from another move than the best one here: the paired error does not apply.
    assert not clear_loss(_evaluation(0.03, 0.02))


def test_the_gap_error_and_whether_the_loss_is_sure_travel_in_the_json() -> None:
    evaluation = _evaluation(0.03, 0.0)
    data = evaluation.to_json()
    assert data["clear"] is True and data["played"]["gap_error"] == 0.03  # type: ignore[index]
    again = Evaluation.from_json(data)
    assert again == evaluation and again.clear
    # A review stored before the gap error existed reads as before.
    old = {"action": "pass", "label": "Pass", "chance": 0.2, "visits": 32}
    assert ActionEstimate.from_json(old).gap_error is None


def test_a_lookahead_search_reports_paired_gaps_a_review_can_use() -> None:
    from review_helpers import trap_blunder

    game = trap_blunder()
    # Before P0's flip: the decision to rate (pass keeps P0 alive; flipping its own room's trap kills it).
    record = game.record.copy()
    record.actions = record.actions[:4]
    before = type(game).replay(record)
    bot = make_bot("lookahead:samples=24", "ninja-trap", 3)
    bot.memory = [[[3, "G"]]]
    report = bot.search(SeatView(before, 0))
    gaps = {action: stat.gap_error for action, stat in report.root.items()}
    assert all(gap is not None for gap in gaps.values())
    top = max(report.root, key=lambda action: report.root[action].mean)
    assert gaps[top] == 0.0 and top == "pass"
