"""Ninjato's win chance from a position (games/ninjato/evaluate.py ``win_chances``): what a review and a hint tell
a player. It is checked against games it was not fitted on: a seat far behind late in the game is all but lost,
the chances read in fresh games come true about as often as they say, and a finished game is its result."""

from __future__ import annotations

import random

import pytest

from ninjadojo.api import new_game
from ninjadojo.bots import make_bot
from ninjadojo.bots.base import SeatView
from ninjadojo.bots.ismcts import _rewards
from ninjadojo.games.ninjato import evaluate
from ninjadojo.games.ninjato.builder import position

#: Seeds well away from those of the fit (benchmarks/fit_ninjato_win_chance.py derives its games from 1000).
SEED = 424_242


def test_chances_add_up_to_one_and_follow_the_margin() -> None:
    for players in (2, 3, 4):
        for left in (0.05, 0.5, 0.95):
            chances = evaluate.chances_from(players, left, [30.0, 20.0, 10.0, 0.0][:players])
            assert sum(chances) == pytest.approx(1.0)
            assert chances == sorted(chances, reverse=True) and chances[0] > 1 / players
    # Equal projections are a fair share.
    assert evaluate.chances_from(3, 0.5, [40.0, 40.0, 40.0]) == pytest.approx([1 / 3] * 3)


def test_a_seat_a_hundred_points_behind_near_the_end_is_all_but_lost() -> None:
    """The tester's game, lost 12 to 133: the search's generic reward read the losing seat's chance as about a fifth
    at any point (a cut-off position is kept near a fair share), so every move of a hopeless game looked alike."""
    scores = [12.0, 133.0]
    assert evaluate.chances_from(2, 0.1, scores)[0] < 0.001

    class Projected:
        num_players, result = 2, None

        def projected_scores(self) -> list[float]:
            return scores

    assert _rewards(Projected())[0] > 0.15  # type: ignore[arg-type]  (what a review read before)


def test_the_share_of_the_game_left_runs_from_one_to_zero() -> None:
    game = new_game("ninjato", 3, seed=SEED)
    assert evaluate.game_left(game) == pytest.approx(1.0)
    bots = [make_bot("heuristic", "ninjato", seat) for seat in range(3)]
    seen = [evaluate.game_left(game)]
    while game.result is None:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
        seen.append(evaluate.game_left(game))
    assert seen == sorted(seen, reverse=True) and seen[-1] == pytest.approx(0.0)


def test_a_finished_game_is_its_result() -> None:
    game = new_game("ninjato", 2, seed=SEED)
    bots = [make_bot("random", "ninjato", 1), make_bot("heuristic", "ninjato", 2)]
    while game.result is None:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(SeatView(game, seat)))
    winners = game.result.winners
    assert evaluate.win_chances(game) == [1.0 / len(winners) if seat in winners else 0.0 for seat in range(2)]
    assert game.result.scores[1] > game.result.scores[0]  # the heuristic beats random: the next test leans on it


def test_the_chances_come_true_about_as_often_as_they_say_in_games_it_was_not_fitted_on() -> None:
    """Mid-game positions of fresh games, each seat a heuristic or a careless or random player: the seats read as
    likely winners (over 70%) win far more often than those read as likely losers (under 30%), each group near
    what it was told."""
    low: list[tuple[float, float]] = []
    high: list[tuple[float, float]] = []
    for index in range(24):
        pick = random.Random(SEED + index)
        lineup = [pick.choice(["heuristic", "careless", "random"]) for _ in range(2)]
        game = new_game("ninjato", 2, seed=SEED + index)
        bots = [make_bot(spec, "ninjato", SEED + index * 2 + seat) for seat, spec in enumerate(lineup)]
        noted: list[list[float]] = []
        count = 0
        while game.result is None:
            if count % 4 == 0 and 0.2 <= evaluate.game_left(game) <= 0.8:
                noted.append(evaluate.win_chances(game))
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].choose(SeatView(game, seat)))
            count += 1
        winners = game.result.winners
        for chances in noted:
            for seat, chance in enumerate(chances):
                won = 1.0 / len(winners) if seat in winners else 0.0
                if chance < 0.3:
                    low.append((chance, won))
                elif chance > 0.7:
                    high.append((chance, won))
    assert len(low) > 50 and len(high) > 50

    def mean(pairs: list[tuple[float, float]], at: int) -> float:
        return sum(pair[at] for pair in pairs) / len(pairs)

    assert mean(low, 1) < 0.3 < 0.7 < mean(high, 1)
    assert abs(mean(low, 0) - mean(low, 1)) < 0.15 and abs(mean(high, 0) - mean(high, 1)) < 0.15


def test_built_positions_read_the_way_the_projection_leans() -> None:
    ahead = position(2, round=6, honour=[60, 20])
    assert evaluate.win_chances(ahead)[0] > 0.9
    assert evaluate.win_chances(position(2, round=2))[0] == pytest.approx(0.5)
