"""Gymnasium ids for every game: ``gymnasium.make("ninjadojo/NinjaTrap-v0", players=2, opponents="hard")``.

``import ninjadojo.rl`` registers them (once). Each id makes :func:`ninjadojo.rl.gym_env` for its game;
every keyword of ``gym_env`` but the game (players, options, opponents, seat, seed, render_mode,
illegal_action, illegal_reward) passes through ``gymnasium.make``.
"""

from __future__ import annotations

import gymnasium

from ninjadojo.games import playable_games

#: The namespace of the ids.
NAMESPACE = "ninjadojo"

#: The version of every id (raised when an environment's observations or rewards change meaning).
VERSION = 0


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``ninja-trap`` is ``ninjadojo/NinjaTrap-v0``."""
    return f"{NAMESPACE}/{''.join(part.capitalize() for part in game_id.split('-'))}-v{VERSION}"


def register_envs() -> list[str]:
    """Register every playable game's id with Gymnasium (again is harmless); the ids."""
    ids = []
    for game_id in playable_games():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point="ninjadojo.rl.envs:registered_env", kwargs={"registered": game_id})
        ids.append(name)
    return ids
