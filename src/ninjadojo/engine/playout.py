"""Random playouts: the loop every driver runs, in its simplest form (used by bench, sim and tests)."""

from __future__ import annotations

from typing import Any

from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import GameState


def random_playout(state: GameState[Any], rng: Rng, max_actions: int = 100_000) -> int:
    """Play uniformly random legal actions until the game ends or ``max_actions`` were applied.

    Returns the number of actions applied. When several seats must act (a simultaneous frame), the
    lowest pending seat acts first; the engine guarantees the order does not matter.
    """
    applied = 0
    while state.result is None and applied < max_actions:
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.randbelow(len(actions))])
        applied += 1
    return applied
