"""Ninjitsu!'s projected scores (``games/ninjitsu/evaluate.py``): what a search scores a cut-off position by.

Each test builds a position and asserts what the rules imply about the seats' prospects: points in
play as the rulebook counts them (face-down abilities, Vampire Ninja), cards in hand as future plays,
the target as near a win, and the turn order, since a seat wins only at the start of its own turn.
"""

from __future__ import annotations

from ninjadojo.bots.ninjitsu import evaluate as heuristic_evaluate
from ninjadojo.games.ninjitsu.builder import position
from ninjadojo.games.ninjitsu.evaluate import exposure, projected_scores, turns_before_start


def test_the_game_hook_is_the_projection_and_a_finished_game_projects_its_scores() -> None:
    game = position(players=3, hands=["6a", "9b Ka", ""], treasures=["Tc", "", "5c"], secrets=["", "Ta", ""])
    assert game.projected_scores() == tuple(projected_scores(game))
    # P0 starts its turn at 21: the game is over, and the projection is the final count.
    done = position(hands=["", ""], treasures=["Ta 9a 2b", ""])
    assert done.winners() == (0,)
    assert done.projected_scores() == done.result.scores  # type: ignore[union-attr]


def test_points_in_play_count_as_the_rulebook_counts_them() -> None:
    # Bow and Arrows is worth 10 face-down, 5 face-up; everything else equal, that is 5 more.
    game = position(players=3, hands=["", "", ""], treasures=["", "5b", ""], secrets=["5a", "", ""])
    scores = projected_scores(game)
    assert scores[0] - scores[1] == 5
    assert scores[2] < scores[1]
    # Bo Staff face-down: 4 plus 2 per secret of its owner (itself included): 8 with one more secret,
    # against a face-up Bo Staff (4) and the same extra secret (Explosives, worth 2 face-down).
    game = position(players=2, hands=["", ""], treasures=["", "4b"], secrets=["4a 2a", "2b"])
    scores = projected_scores(game)
    assert scores[0] - scores[1] == (8 + 2) - (4 + 2)


def test_cards_in_hand_are_future_plays_worth_less_than_points_in_play() -> None:
    # The same 9 in hand and in play; a hand of more cards is worth more than a smaller one.
    game = position(players=3, hands=["9a 6a", "6b", ""], treasures=["", "9b", ""])
    scores = projected_scores(game)
    assert scores[1] > scores[0] > scores[2]
    game = position(players=2, hands=["2a 2b 3a", "2c"])
    scores = projected_scores(game)
    assert scores[0] > scores[1] > 0


def test_an_any_time_card_in_hand_is_worth_more_than_another_card() -> None:
    # Antonio (ignore a trap) against an Explosives: both are worth 1 point or so in play, but Antonio
    # answers an opponent's move for free.
    game = position(players=2, expansions="promo", hands=["1n", "2a"])
    scores = projected_scores(game)
    assert scores[0] > scores[1]


def test_vampire_ninja_face_up_costs_its_owner_three_a_card_in_play() -> None:
    game = position(players=2, expansions="promo", hands=["", ""], treasures=["3p 9a", "9b"], secrets=["", "2a"])
    scores = projected_scores(game)
    # P0: 3 + 9 - 3 x 2 = 6; P1: 9 + 2.
    assert scores[1] - scores[0] == 11 - 6


def test_a_face_up_drawback_costs_its_owner_more_than_its_points_show() -> None:
    # Squeaky Floor as a treasure against the same 8 points from a plain Climbing Hook.
    game = position(players=2, expansions="sabotage", hands=["", ""], treasures=["8s", "8a"])
    assert game.points(0) == game.points(1)
    scores = projected_scores(game)
    assert scores[0] < scores[1]


def test_holding_the_target_is_worth_more_than_its_points() -> None:
    # P1 has the target (21); P2 has 19 and two cards in hand. P1 leads by more than its 2 points.
    game = position(players=3, hands=["", "", "2c 2b"], treasures=["", "Ta 9a 2a", "Tb 9b"])
    assert game.points(1) == 21 and game.points(2) == 19
    scores = projected_scores(game)
    assert scores[1] - scores[2] > 21 - 19


def test_the_sooner_a_seat_at_the_target_starts_its_turn_the_surer_its_win() -> None:
    # P0 is to play; P1 and P3 hold the same 21 points. P1 starts next (only P0 can still rob it); P3
    # must sit through P0's, P1's and P2's turns.
    game = position(players=4, hands=["", "", "", ""], treasures=["", "Ta 9a 2a", "", "Tb 9b 2b"])
    assert [turns_before_start(game, seat) for seat in range(4)] == [3, 1, 2, 3]
    scores = projected_scores(game)
    assert scores[1] > scores[3]
    # Without the target, the turn order changes nothing: equal holdings, equal projections.
    game = position(players=4, hands=["", "", "", ""], treasures=["", "Ta 9a", "", "Tb 9b"])
    scores = projected_scores(game)
    assert scores[1] == scores[3]


def test_the_heuristic_bot_scores_by_the_same_worth() -> None:
    # Its evaluation is its seat's worth less the best opponent's (no one at the target, no turn bonus).
    game = position(players=3, hands=["9a 6a", "6b", "Ka"], treasures=["Tc", "9b", ""], secrets=["", "", "5a"])
    scores = projected_scores(game)
    for seat in range(3):
        best_other = max(score for other, score in enumerate(scores) if other != seat)
        assert abs(heuristic_evaluate(game, seat) - (scores[seat] - best_other)) < 1e-9


def test_a_blind_steal_takes_the_mean_secret_and_a_valueless_decoy_lowers_it() -> None:
    # A thief picks a position: with a lone Smoke Bomb it takes 9; with a King beside it, 9 or nothing.
    game = position(players=2, hands=["", ""], secrets=["9a", "9b Ka"])
    assert exposure(game, 0) == 9
    assert exposure(game, 1) == 9 / 2
    # Face-down worth counts: Bow and Arrows is 10 to lose; no secrets, nothing to lose.
    game = position(players=2, hands=["", ""], secrets=["5a", ""])
    assert exposure(game, 0) == 10
    assert exposure(game, 1) == 0
