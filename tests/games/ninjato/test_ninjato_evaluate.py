"""Ninjato's projected scores (games/ninjato/evaluate.py): what the rules imply about built positions."""

from __future__ import annotations

import pytest

from ninjadojo.api import new_game
from ninjadojo.bots import make_bot
from ninjadojo.bots.base import SeatView
from ninjadojo.games.ninjato import evaluate
from ninjadojo.games.ninjato.builder import position


def gap(**parts: object) -> float:
    """Seat 0's projection minus seat 1's in a 2-player position built from ``parts``."""
    scores = position(2, **parts).projected_scores()  # type: ignore[arg-type]
    return scores[0] - scores[1]


def test_an_even_position_projects_even_and_the_game_wires_the_module() -> None:
    game = position(2, round=2)
    assert game.projected_scores() == pytest.approx(tuple(evaluate.projected_scores(game)))
    assert gap(round=2) == pytest.approx(0.0)


def test_honour_so_far_counts_point_for_point() -> None:
    assert gap(honour=[17, 5]) == pytest.approx(12.0)


@pytest.mark.parametrize("round_number", [1, 4, 7])
def test_more_treasure_projects_higher_and_better_treasure_higher_still(round_number: int) -> None:
    fan = gap(round=round_number, purses=["f", ""])
    jade = gap(round=round_number, purses=["j", ""])
    assert 0 < fan < jade
    assert gap(round=round_number, purses=["ff", "f"]) == pytest.approx(fan)
    # Unspent, a treasure still scores a point at the end.
    assert fan >= 1.0


def test_treasure_held_is_worth_more_while_shuriken_are_left_to_spend_it() -> None:
    assert gap(round=2, purses=["vj", ""]) > gap(round=7, purses=["vj", ""])


def test_cards_and_tiles_are_worth_the_raids_to_come() -> None:
    early = gap(round=2, hands=["55", ""], tiles=["t6@1", ""])
    # Round 7, seat 0 with its last shuriken to place: at most one raid is left to use them.
    late = gap(round=7, hands=["55", ""], tiles=["t6@1", ""], order="10", dojo="1", spots="0.1.0.1." + "..")
    assert early > 0
    assert 0 <= late < early / 3


def test_leading_a_clan_projects_its_house_points() -> None:
    # Two Taira Envoys against one: seat 0 leads the clan at every scoring to come.
    assert gap(round=2, envoys=["t1,t2", "t3"]) > 0
    # Equal counts: the older Envoy (the lower age) wins the tie, so its holder projects higher.
    young, old = sorted(("t1", "t2"), key=lambda code: _age(code))[::-1]
    assert gap(round=2, envoys=[old, young]) > 0
    assert gap(round=2, envoys=[young, old]) < 0


def test_a_scoring_about_to_pay_counts_more_than_one_far_off() -> None:
    # The house points of a clan scoring now are nearly certain; rounds away, rivals may overtake.
    near = gap(round=3, envoys=["g1,g2", ""], order="10", dojo="1", spots="0.1.0.1." + "..")
    far = gap(round=1, envoys=["g1,g2", ""])
    scorings_far = 3
    assert near > far / scorings_far


def test_rumors_score_their_sets() -> None:
    # Master of the Secret Art scores the Sensei tiles held: with tiles it is worth more than without.
    with_tiles = gap(round=6, rumors=["a1", ""], tiles=["s1@4,t1@1", "s1@5,t1@2"])
    assert with_tiles >= 2.0
    # Two Rumors of a kind are a set of two (x2): worth more than two of different kinds.
    pair = gap(round=6, rumors=["a1,a2", "a3,w1"], tiles=["s1@4,t1@1", "s1@5,t1@2"], elites=["", ""])
    assert pair > 0


def test_a_raid_under_way_counts_the_loot_for_the_raider() -> None:
    without = position(2, hands=["5", ""], raid=(0, 4, "+")).projected_scores()
    loaded = position(2, hands=["5", ""], raid=(0, 4, "+"), loot="j",
                      houses=("t2:3n:fsv", "m2:3n:fsv", "g6:3n:fsv", "t4:3n:fs", "m4:3n:fsv")).projected_scores()
    assert loaded[0] - loaded[1] > without[0] - without[1]


@pytest.mark.parametrize("players", [2, 4])
def test_a_finished_game_projects_its_final_scores(players: int) -> None:
    game = new_game("ninjato", players, seed=3)
    bots = [make_bot("random", "ninjato", seed=seat) for seat in range(players)]
    while game.result is None:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    assert game.projected_scores() == game.result.scores


def _age(code: str) -> int:
    from ninjadojo.games.ninjato.cards import ENVOY_AGE, ENVOY_INDEX

    return ENVOY_AGE[ENVOY_INDEX[code]]
