"""Gymnasium ids for every game: ``gymnasium.make("ninjadojo/NinjaTrap-v0", players=2, opponents="hard")``.

``import ninjadojo.rl`` registers them (once). Each id makes :func:`ninjadojo.rl.gym_env` for its game;
every keyword of ``gym_env`` but the game (players, options, opponents, seat, seed, render_mode,
illegal_action, illegal_reward) passes through ``gymnasium.make``.
"""

from __future__ import annotations

import re

import gymnasium

from ninjadojo.engine.errors import UnknownGameError, quote
from ninjadojo.games import game_class, playable_games

#: The namespace of the ids.
NAMESPACE = "ninjadojo"

#: The version of every id (raised when an environment's observations or rewards change meaning).
VERSION = 0


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``ninja-trap`` is ``ninjadojo/NinjaTrap-v0``.

    The game may be given by its id or by an obvious spelling of its id or its title, in any case, with or
    without spaces, dashes or underscores (``"ninjatrap"``, ``"Ninja Trap"``, ``"ninja_trap"``); anything
    else raises :class:`~ninjadojo.engine.errors.UnknownGameError` naming the games there are.

    >>> env_id("Ninja Trap")
    'ninjadojo/NinjaTrap-v0'
    """
    game_id = game_of(game_id)
    return f"{NAMESPACE}/{''.join(part.capitalize() for part in game_id.split('-'))}-v{VERSION}"


def _squashed(text: str) -> str:
    """``text`` with only its letters and digits, in one case: how two spellings of a game are compared."""
    return "".join(letter for letter in text.casefold() if letter.isalnum())


def game_of(name: str) -> str:
    """The id of the playable game ``name`` stands for: its id, or its id or title spelt another way (see
    :func:`env_id`), or its Gymnasium id; else :class:`~ninjadojo.engine.errors.UnknownGameError` naming
    each game by its id and title. (Without this, ``env_id("ninjatrap")`` made ``ninjadojo/Ninjatrap-v0``,
    an id that ``gymnasium.make`` then refused.)"""
    games = playable_games()
    if name in games:
        return name
    if isinstance(name, str):
        # The Gymnasium id itself names its game too: "ninjadojo/NinjaTrap-v0".
        bare = re.sub(r"-v\d+$", "", name.strip().removeprefix(f"{NAMESPACE}/"))
        wanted = _squashed(bare)
        for game_id in games:
            if wanted and wanted in (_squashed(game_id), _squashed(game_class(game_id).SPEC.title)):
                return game_id
    known = ", ".join(f"{game_id} ({game_class(game_id).SPEC.title})" for game_id in games)
    raise UnknownGameError(f"unknown game {quote(name)}; the games are {known}: give an id, or a title in any "
                           "case, with or without spaces")


def register_envs() -> list[str]:
    """Register every playable game's id with Gymnasium (again is harmless); the ids."""
    ids = []
    for game_id in playable_games():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point="ninjadojo.rl.envs:registered_env", kwargs={"registered": game_id})
        ids.append(name)
    return ids
