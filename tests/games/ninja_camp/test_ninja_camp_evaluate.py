"""The projected scores a search reads at a cut-off (evaluate.py): points so far plus what a seat holds
(the cards under its ninjas, its part of the free cards while it is in, its unused clan card)."""

from __future__ import annotations

import pytest

from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.builder import playout, position
from ninjadojo.games.ninja_camp.cards import POINTS
from ninjadojo.games.ninja_camp.evaluate import CLAN_UNUSED, FREE_SHARE, UNDER_NINJA, free_points

#: Seat 0's ninjas stand on an Ambush, a Stealth and a Dodge (6 points); seat 1's on a Dodge, a Stealth
#: and a Leap (4 points). Both hold an Evade and a Sprint.
SQUARES = {"d4": "A0", "a1": "S0", "b1": "D0", "g7": "D1", "f7": "S1", "e7": "L1"}
HANDS = {0: "ER", 1: "ER"}


def test_at_the_start_every_seat_projects_the_same() -> None:
    for players in (2, 3, 4):
        projected = NinjaCampState.new(players, seed=3).projected_scores()
        assert len(set(projected)) == 1


def test_ninjas_on_richer_cards_project_more() -> None:
    game = position(2, squares=SQUARES, hands=HANDS, to_act=0)
    assert game.points() == [6, 6]
    mine, theirs = game.projected_scores()
    assert mine - theirs == pytest.approx(UNDER_NINJA * (6 - 4)), "only what the ninjas stand on differs"


def test_projection_counts_the_free_cards_a_seat_still_in_may_claim() -> None:
    game = position(2, squares=SQUARES, hands=HANDS, to_act=0)
    assert free_points(game) > 0
    for seat in (0, 1):
        assert game.projected_scores()[seat] > game.points()[seat] + FREE_SHARE * free_points(game) / 2 - 1e-9


def test_a_seat_that_passed_keeps_only_its_points_and_what_its_ninjas_stand_on() -> None:
    both_in = position(2, squares=SQUARES, hands=HANDS, to_act=0)
    passed = position(2, squares=SQUARES, hands=HANDS, passed=[1], to_act=0)
    assert passed.projected_scores()[1] == pytest.approx(6 + UNDER_NINJA * 4)
    assert passed.projected_scores()[1] < both_in.projected_scores()[1]
    assert passed.projected_scores()[0] > both_in.projected_scores()[0], "the free cards are left to seat 0"


def test_an_unused_clan_card_projects_more_than_a_used_one() -> None:
    unused = position(2, squares=SQUARES, hands=HANDS, clans={0: "ar", 1: "ca"}, to_act=0)
    used = position(2, squares=SQUARES, hands=HANDS, clans={0: "AR", 1: "ca"}, to_act=0)
    assert used.projected_scores()[0] < unused.projected_scores()[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_finished_game_projects_its_final_scores(players: int) -> None:
    final = playout(players, 11)[-1]
    assert final.result is not None
    assert final.projected_scores() == final.result.scores == tuple(float(p) for p in final.points())


def test_projections_never_promise_more_than_the_grounds_hold() -> None:
    for state in playout(3, 5):
        grid_points = sum(POINTS[card] for card in state.cells if POINTS[card] > 0)
        promised = sum(state.projected_scores()) - sum(state.points())
        assert promised <= grid_points + CLAN_UNUSED * state.num_players + 1e-9
