"""Where games are kept: the data folder, save files written atomically, and the list of saved games.

Every game a table drives is saved into the user's data folder as it goes (``saves/`` under
platformdirs' ``user_data_dir("ninjadojo")``, or under ``$NINJADOJO_HOME`` when that is set), so
that no game is lost to a closed terminal. A file is never written in place: the text goes to a
temporary file beside it, which then replaces the old file in one step, so a crash mid-write leaves
the previous save whole.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs

from ninjadojo.api import load_game
from ninjadojo.api import write_atomic as write_atomic  # the one atomic writer of the project
from ninjadojo.engine.errors import SaveError
from ninjadojo.engine.state import GameState

#: Environment variable naming the data folder instead of the platform's (tests point it at a tmp dir).
HOME_VARIABLE = "NINJADOJO_HOME"

#: How save files end; autosaves and ``save FILE`` defaults both use it.
SAVE_SUFFIX = ".dojo.json"

#: The key of a save holding who sat where (``load_save`` ignores keys it does not know).
META_KEY = "players_meta"

#: A save file larger than this is not read (a save of a real game is a few hundred kilobytes at most).
MAX_SAVE_BYTES = 50_000_000


def data_dir() -> Path:
    """The data folder: ``$NINJADOJO_HOME`` if set and not empty, else the platform's user data folder."""
    home = os.environ.get(HOME_VARIABLE, "")
    return Path(home).expanduser() if home else Path(platformdirs.user_data_dir("ninjadojo"))


def saves_dir() -> Path:
    """The folder of autosaved games (not created here)."""
    return data_dir() / "saves"


def save_text(data: Mapping[str, Any]) -> str:
    """The JSON text of a save, as every save file holds it."""
    return json.dumps(data, indent=1) + "\n"


def read_save_file(path: Path) -> dict[str, Any]:
    """The JSON object in a save file; :class:`SaveError` saying what is wrong if it is not one.

    Deeply nested or huge JSON is refused with a message too, not a ``RecursionError``.
    """
    path = Path(path)
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError(f"{path} is too large to be a save ({path.stat().st_size} bytes)")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"no save file at {path}") from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(f"cannot read {path}: {getattr(error, 'strerror', None) or error}") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveError(f"{path} is not a readable JSON save: it is nested too deeply") from None
    except ValueError as error:
        raise SaveError(f"{path} is not a readable JSON save: {error}") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path} is not a save: it holds a JSON {type(data).__name__}, not an object")
    return data


def read_save_game(path: Path, data: Mapping[str, Any] | None = None) -> GameState[Any]:
    """The game of the save file at ``path`` (its JSON object ``data``, if already read): a
    :class:`SaveError` that names the file and says what is wrong if it holds none."""
    try:
        return load_game(dict(read_save_file(path) if data is None else data))
    except SaveError as error:
        message = str(error)
        raise SaveError(message if message.startswith(str(path)) else f"{path}: {message}") from None


def save_humans(data: Mapping[str, Any]) -> list[int]:
    """The seats the people played in a save's JSON object (its ``players_meta``), in order: none for a save
    of bots alone, or one written by another program."""
    meta = data.get(META_KEY)
    humans = meta.get("humans") if isinstance(meta, dict) else None
    if not isinstance(humans, list):
        return []
    return sorted({seat for seat in humans if isinstance(seat, int) and not isinstance(seat, bool)})


def find_save(path: Path) -> Path:
    """``path`` as given if it exists, else the save of that name in the data folder if there is one.

    So a file name from the list of saved games is enough to load or replay it.
    """
    path = Path(path).expanduser()
    if not path.exists() and not path.is_absolute() and len(path.parts) == 1:
        stored = saves_dir() / path
        if stored.exists():
            return stored
    return path


def new_save_path(folder: Path, game_id: str, seed: int | None, now: datetime | None = None) -> Path:
    """A new, unused file name for a game's save in ``folder``, created empty to claim it.

    The name is ``<game>-<date>-<time>-seed<seed>.dojo.json``; a counter is added when two games of
    the same seed start in the same second. Creating the file exclusively means two programs can
    never pick the same name.
    """
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    stem = f"{game_id}-{stamp}-" + (f"seed{seed}" if seed is not None else "position")
    for counter in range(1, 10_000):
        path = folder / (stem + (f"-{counter}" if counter > 1 else "") + SAVE_SUFFIX)
        try:
            with open(path, "x", encoding="utf-8"):
                pass
        except FileExistsError:
            continue
        return path
    raise OSError(f"no free file name for {stem} in {folder}")


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One save in the data folder, as listings show it."""

    path: Path
    game: str
    #: Who plays each seat, in seat order: ``you`` for a human, else the bot's spec.
    players: tuple[str, ...]
    finished: bool
    #: When the file was last written (local time).
    when: datetime
    #: A newer save that plays the same game on from where this one stops (``dojo play --load`` of it, or of
    #: a copy ``save`` wrote, autosaves under a new name): this one is then no game to resume.
    continued_in: Path | None = None

    @property
    def state(self) -> str:
        """``finished``, ``in progress``, or ``continued in FILE``."""
        if self.continued_in is not None:
            return f"continued in {self.continued_in.name}"
        return "finished" if self.finished else "in progress"

    @property
    def resumable(self) -> bool:
        """Whether ``dojo play --resume`` may continue it: in progress, and continued by no newer save."""
        return not self.finished and self.continued_in is None


#: What makes two saves the same game (game, players, options, seed, start), and a save's actions.
_Deal = tuple[str, int, str, object, object]
_Actions = list[object]


def _summary(path: Path) -> tuple[SavedGame, _Deal, _Actions] | None:
    """What a listing shows of one save file, with its deal and its actions (to find the saves that continue
    it), or ``None`` if it is not a readable save of ours."""
    try:
        modified = datetime.fromtimestamp(path.stat().st_mtime)
        data = read_save_file(path)
    except (OSError, SaveError):
        return None
    game, players = data.get("game"), data.get("players")
    meta = data.get(META_KEY)
    if not isinstance(game, str) or not isinstance(players, int) or not isinstance(meta, dict):
        return None
    finished = meta.get("finished")
    humans = meta.get("humans", [])
    bots = meta.get("bots", {})
    if not isinstance(finished, bool) or not isinstance(humans, list) or not isinstance(bots, dict):
        return None
    seats = tuple("you" if seat in humans else str(bots.get(str(seat), "?")) for seat in range(max(players, 0)))
    actions = data.get("actions")
    deal = (game, players, json.dumps(data.get("options"), sort_keys=True), data.get("seed"), data.get("start"))
    return SavedGame(path, game, seats, finished, modified), deal, actions if isinstance(actions, list) else []


def list_saves(folder: Path | None = None) -> list[SavedGame]:
    """The games saved in ``folder`` (default: the data folder's saves), newest first.

    Files that are not readable saves (half-written by another program, edited by hand) are left out. A save
    that a newer one plays on from (the same deal, its actions the start of the newer one's) says so
    (:attr:`SavedGame.continued_in`): it is no game to resume.
    """
    folder = saves_dir() if folder is None else folder
    try:
        paths = [path for path in folder.iterdir() if path.name.endswith(SAVE_SUFFIX) and path.is_file()]
    except OSError:
        return []
    read = [summary for summary in map(_summary, paths) if summary is not None]
    # Newest first; each save is continued by the newest of the later saves of its deal that extend it.
    read.sort(key=lambda summary: (summary[0].when, summary[0].path.name), reverse=True)
    found: list[SavedGame] = []
    for number, (saved, deal, actions) in enumerate(read):
        later = next((newer for newer, newer_deal, newer_actions in read[:number]
                      if newer_deal == deal and newer_actions[:len(actions)] == actions), None)
        found.append(saved if later is None else replace(saved, continued_in=later.path))
    return found


def last_unfinished(folder: Path | None = None) -> SavedGame | None:
    """The newest save of a game still in progress (continued by no newer save), or ``None``."""
    return next((saved for saved in list_saves(folder) if saved.resumable), None)
