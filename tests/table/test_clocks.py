"""Clock arithmetic (ninjadojo.table.clocks.ClockRules): what a decision costs, what is left, when it
times out, who is out of time; the same for any driver."""

from __future__ import annotations

import pytest

from ninjadojo.table.clocks import CLOCK_MODES, ClockRules


def test_without_a_clock_nothing_times_out_and_nobody_runs_out() -> None:
    rules = ClockRules("none", 30.0)
    assert rules.starting_time() is None
    assert rules.deadline(5.0, None) is None
    assert not rules.out_of_time(0.0)
    assert rules.shown_left(None, running=True) is None


def test_a_per_decision_clock_gives_each_decision_its_time() -> None:
    rules = ClockRules("move", 30.0)
    assert rules.starting_time() is None
    assert rules.deadline(5.0, None) == 35.0
    assert rules.deadline(5.0, None, in_window=True) == 35.0
    assert rules.shown_left(None, running=True) == 30.0 and rules.shown_left(None, running=False) is None
    assert not rules.out_of_time(None)


def test_a_per_game_clock_is_charged_what_each_decision_took_and_runs_out_at_zero() -> None:
    rules = ClockRules("game", 100.0, window_seconds=20.0)
    left = rules.starting_time()
    assert left == 100.0
    left = rules.charge(left, rules.cost(asked_at=10.0, now=50.0))
    assert left == 60.0 and not rules.out_of_time(left)
    assert rules.deadline(80.0, left) == 140.0
    assert rules.shown_left(left, running=False) == 60.0
    left = rules.charge(left, rules.cost(asked_at=80.0, now=200.0))
    assert left == 0.0 and rules.out_of_time(left)


def test_a_concealed_window_has_its_own_time_under_a_per_game_clock() -> None:
    rules = ClockRules("game", 100.0, window_seconds=20.0)
    assert rules.deadline(50.0, 5.0, in_window=True) == 70.0
    assert rules.deadline(50.0, 5.0) == 55.0


@pytest.mark.parametrize(("asked_at", "now", "cost"), [(10.0, 12.5, 2.5), (10.0, 9.0, 0.0)])
def test_a_decision_never_costs_less_than_nothing(asked_at: float, now: float, cost: float) -> None:
    assert ClockRules.cost(asked_at, now) == cost
    assert ClockRules.charge(1.0, 3.0) == 0.0


def test_the_modes_are_none_move_and_game() -> None:
    assert CLOCK_MODES == ("none", "move", "game")
