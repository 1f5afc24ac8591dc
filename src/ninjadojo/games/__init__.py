"""The game registry: game ids, and lazy loading of each game's state class.

Game ids are used everywhere (CLI, saves, API): ninjitsu, knights-and-ninjas, ninja-camp, ninja-trap,
ninjato. A game is playable once its package defines ``STATE`` (its :class:`GameState` subclass).
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from ninjadojo.engine.errors import UnknownGameError, quote
from ninjadojo.engine.state import GameState

#: Every game id, with the module that implements it.
GAME_MODULES: dict[str, str] = {
    "ninjitsu": "ninjadojo.games.ninjitsu",
    "knights-and-ninjas": "ninjadojo.games.knights_and_ninjas",
    "ninja-camp": "ninjadojo.games.ninja_camp",
    "ninja-trap": "ninjadojo.games.ninja_trap",
    "ninjato": "ninjadojo.games.ninjato",
}


def game_class(game_id: str) -> type[GameState[Any]]:
    """The state class of a playable game. Raises :class:`UnknownGameError` naming the playable ones."""
    module_name = GAME_MODULES.get(game_id)
    if module_name is None:
        raise UnknownGameError(f"unknown game {quote(game_id)}; games are: {', '.join(GAME_MODULES)}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise UnknownGameError(
            f"{game_id} is not playable yet; playable games: {', '.join(playable_games())}"
        ) from None
    state_class: type[GameState[Any]] | None = getattr(module, "STATE", None)
    if state_class is None:
        # A package still being written (no STATE yet) is not playable.
        raise UnknownGameError(f"{game_id} is not playable yet; playable games: {', '.join(playable_games())}")
    return state_class


def playable_games() -> list[str]:
    """Ids of the games that are implemented, in registry order."""
    found = []
    for game_id, module_name in GAME_MODULES.items():
        if importlib.util.find_spec(module_name) is None:
            continue
        # A package still being written (no STATE yet) is not playable.
        if getattr(importlib.import_module(module_name), "STATE", None) is not None:
            found.append(game_id)
    return found
