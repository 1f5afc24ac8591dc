"""The public API for drivers: start, load and replay games by id.

>>> from ninjadojo.api import new_game
>>> game = new_game("ninjitsu", players=2, seed=1)
>>> seat = game.to_act()[0]
>>> "d" in game.legal_actions(seat)
True
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ninjadojo.engine.errors import NotationError, SaveError, UnknownGameError, quote
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class, playable_games

__all__ = ["game_class", "load_game", "new_game", "parse_position", "playable_games", "save_game", "write_atomic"]


def new_game(game_id: str, players: int, options: Mapping[str, object] | None = None, seed: int = 0) -> GameState[Any]:
    """Set up a new game from (id, players, options, seed)."""
    if not isinstance(game_id, str):
        raise UnknownGameError(f"a game id is text, such as {', '.join(playable_games())}; not {quote(game_id)}")
    return game_class(game_id).new(players, options, seed)


def parse_position(text: str) -> GameState[Any]:
    """A game from a position in notation (the game id is its first field)."""
    if not isinstance(text, str):
        raise NotationError(f"a position must be text, not {type(text).__name__}")
    game_id = text.strip().split("|", 1)[0]
    return game_class(game_id).from_notation(text)


def load_game(source: str | Path | Mapping[str, object]) -> GameState[Any]:
    """Load a save from a path or a parsed JSON object. Raises :class:`SaveError` on a bad save."""
    if isinstance(source, str | Path):
        path = Path(source)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SaveError(f"no save file at {path}") from None
        except (OSError, ValueError, RecursionError) as error:
            raise SaveError(f"{path} is not a readable JSON save: {error}") from None
    else:
        data = source
    if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
        raise SaveError("a save must be a JSON object with a 'game' field")
    try:
        cls = game_class(str(data["game"]))
    except UnknownGameError as error:
        raise SaveError(f"this save is for a game that cannot be loaded: {error}") from None
    return cls.load_save(data)


def save_game(game: GameState[Any], path: str | Path) -> Path:
    """Write a game's save (JSON) to ``path``; returns the path.

    The write is atomic: the save goes to a temporary file beside ``path`` that then replaces it, so
    a crash or a full disk mid-write leaves the previous file whole. Raises :class:`SaveError` for a
    bad argument or a file that cannot be written.
    """
    if not isinstance(game, GameState):
        raise SaveError(f"only a game can be saved, not {quote(game)}")
    if not isinstance(path, str | Path):
        raise SaveError(f"a save's path is text or a Path, not {quote(path)}")
    try:
        return write_atomic(Path(path), json.dumps(game.to_save(), indent=1) + "\n")
    except OSError as error:
        raise SaveError(f"cannot write the save {quote(str(path))}: {error.strerror or error}") from None


def write_atomic(target: Path, text: str) -> Path:
    """Write ``text`` to ``target`` through a temporary file in the same folder and a rename."""
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        # mkstemp makes the file private (0600); a save gets the mode any new file of the user gets.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return target
