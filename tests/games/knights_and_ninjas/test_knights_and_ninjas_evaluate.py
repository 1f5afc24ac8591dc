"""The projected scores a search reads at a cut-off (evaluate.py): gems plus what holdings are worth."""

from __future__ import annotations

import pytest

from ninjadojo.engine import Frame
from ninjadojo.games.knights_and_ninjas import STATE
from ninjadojo.games.knights_and_ninjas.builder import play, position
from ninjadojo.games.knights_and_ninjas.evaluate import holdings_worth


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_projections_add_up_to_the_gems_in_play_as_gems_only_change_hands(players: int) -> None:
    for seed in range(5):
        game = STATE.new(players, seed=seed)
        for _ in range(60):
            if game.result is not None:
                break
            seat = game.to_act()[0]
            game.apply(seat, game.legal_actions(seat)[seed % len(game.legal_actions(seat))])
        assert sum(game.projected_scores()) == pytest.approx(sum(game.gems))


def test_in_the_duel_a_hand_that_holds_more_attack_projects_more_than_the_same_gems() -> None:
    game = position(2, hands=["kikn", "pe"])
    mine, theirs = game.projected_scores()
    assert game.gems == [6, 6]
    assert mine > 6 > theirs, "with no drawing, a King and a Knight are gems to take; a Peasant fewer"


def test_in_the_duel_a_stronger_card_is_worth_more_gems() -> None:
    for weak, strong in (("pe", "so"), ("so", "kn"), ("kn", "ki"), ("ki", "qu")):
        game = position(2, hands=[strong, weak])
        assert game.projected_scores()[0] > game.projected_scores()[1], (weak, strong)


def test_with_four_players_a_standing_castle_and_archer_project_more() -> None:
    bare = position(4, hands=["so", "so", "so", "so"])
    walled = position(4, hands=["so", "so", "so", "so"], forts=["caar--", "------", "------", "------"])
    assert bare.projected_scores()[0] == pytest.approx(5.0)
    assert walled.projected_scores()[0] > 5.0 > walled.projected_scores()[1]


def test_gems_still_count_one_for_one_whatever_is_held() -> None:
    game = position(3, hands=["kn", "kn", "kn"], gems=[8, 4, 3])
    assert game.projected_scores() == pytest.approx((8.0, 4.0, 3.0)), "equal holdings: the gems alone"


def test_a_finished_game_projects_its_final_scores() -> None:
    game = position(2, hands=["kn", "ki"], gems=[10, 2], frames=[Frame("turn", [0])])
    play(game, "0:a1:kn", "1:take")
    assert game.result is not None and game.gems == [12, 0]
    assert game.projected_scores() == game.result.scores == (12.0, 0.0)


def test_holdings_worth_counts_hand_and_fortifications() -> None:
    game = position(4, hands=["pe", "", "qu", ""], forts=["------", "------", "------", "ca----"])
    assert holdings_worth(game, 1) == 0.0, "no card, no fortification"
    assert holdings_worth(game, 2) > 0.0 and holdings_worth(game, 3) > 0.0
