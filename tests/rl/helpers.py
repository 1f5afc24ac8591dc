"""What the environment tests share: every (game, players) case, and random playouts of a game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class, playable_games

#: Every game at every player count it allows.
CASES = [
    (game_id, players)
    for game_id in playable_games()
    for players in range(game_class(game_id).SPEC.min_players, game_class(game_id).SPEC.max_players + 1)
]

#: Ninjitsu! with every expansion (the observation's layout is the same; what it holds is not).
ALL_EXPANSIONS = {"expansions": "promo,magic,sabotage,elements,weather"}


def playout(game: GameState[Any], rng: Rng, limit: int = 5000) -> Iterator[int]:
    """Each step of a random playout (``game`` moved on in place), yielded before the step is played,
    then once more at the end."""
    step = 0
    while True:
        yield step
        if game.result is not None:
            return
        assert step < limit, f"{game.game_id} did not end within {limit} random actions"
        to_act = game.to_act()
        seat = to_act[rng.randbelow(len(to_act))]
        actions = game.legal_actions(seat)
        game.apply(seat, actions[rng.randbelow(len(actions))])
        step += 1
