"""Long games: playouts that pass only when nothing else is legal reach the late game (many empty
spaces, Leaps, pushes into corners), which uniformly random playouts, passing early, rarely see."""

from __future__ import annotations

import pytest

from ninjadojo.engine import Rng
from ninjadojo.games.ninja_camp import NinjaCampState


@pytest.mark.parametrize("players", [2, 3, 4])
def test_long_playouts_keep_invariants_and_round_trip(players: int) -> None:
    for seed in range(4):
        game = NinjaCampState.new(players, seed=seed)
        rng = Rng(seed)
        while not game.is_terminal:
            game.check_invariants()
            text = game.to_notation()
            assert NinjaCampState.from_notation(text).to_notation() == text
            seat = game.to_act()[0]
            actions = game.legal_actions(seat)
            choices = [action for action in actions if action != "pass"] or actions
            game.apply(seat, choices[rng.randbelow(len(choices))])
        game.check_invariants()
        # The final claims leave no ninja on a card.
        assert all(game.cells[square] == 0 for squares in game.ninjas for square in squares)
        assert len(game.winners()) == 1
        assert max(game.scores()) == game.scores()[game.winners()[0]]
        assert NinjaCampState.replay(game.record.copy()) == game
