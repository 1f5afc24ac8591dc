"""Long games: playouts that pass only when nothing else is legal reach the late game (many empty
spaces, Leaps, pushes into corners), which uniformly random playouts, passing early, rarely see."""

from __future__ import annotations

import pytest

from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.builder import playout


@pytest.mark.parametrize("players", [2, 3, 4])
def test_long_playouts_keep_invariants_and_round_trip(players: int) -> None:
    for seed in range(4):
        states = playout(players, seed)
        for state in states:
            state.check_invariants()
            text = state.to_notation()
            assert NinjaCampState.from_notation(text).to_notation() == text
        game = states[-1]
        # The final claims leave no ninja on a card.
        assert all(game.cells[square] == 0 for squares in game.ninjas for square in squares)
        assert len(game.winners()) == 1
        assert max(game.scores()) == game.scores()[game.winners()[0]]
        assert NinjaCampState.replay(game.record.copy()) == game
