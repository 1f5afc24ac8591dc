"""An arena's progress file: one JSON line per finished game, so a run cut short continues where it stopped.

``progress.jsonl`` in the arena's folder starts with a header line naming the arena (its
:meth:`~ninjadojo.arena.settings.ArenaSettings.fingerprint`); each further line is one finished
game, appended and flushed as the game ends (in the order games finish, which workers may shuffle).
A rerun of the same command reads the games done and plays only the others; the same folder with a
different arena is refused before anything is written. A last line cut off mid-write (the machine
stopped) is dropped and its game played again.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from ninjadojo import __version__
from ninjadojo.arena.play import ArenaOutcome
from ninjadojo.arena.settings import ArenaSettings
from ninjadojo.engine.errors import OptionError, SaveError, quote

#: The progress file in an arena's folder.
PROGRESS_FILE = "progress.jsonl"
#: The results in an arena's folder (rewritten at the end of every run, complete or not).
RESULTS_FILE = "results.json"
#: The header's ``format``: what the file is, and the version of its layout.
FORMAT = "ninjadojo-arena-progress"
FORMAT_VERSION = 1

#: The flag of each field of an arena's fingerprint, to say which one differs.
_FLAGS = {"game": "GAME", "players": "--players", "options": "--option/--max-actions", "kind": "--gauntlet",
          "challenger": "--gauntlet", "bots": "--bots", "seed": "--seed", "deals": "--games"}


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"


def outcome_line(outcome: ArenaOutcome, settings: ArenaSettings) -> str:
    """One finished game as a progress line (the line-up in canonical specs, as the fingerprint has them)."""
    return _line({"index": outcome.index, "lineup": [settings.canonical[spec] for spec in outcome.lineup],
                  "length": outcome.length, "truncated": outcome.truncated, "scores": list(outcome.scores),
                  "winners": list(outcome.winners), "bot_seconds": round(outcome.bot_seconds, 6)})


def _header(settings: ArenaSettings) -> dict[str, Any]:
    return {"format": FORMAT, "version": FORMAT_VERSION, "ninjadojo": __version__, "arena": settings.fingerprint()}


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _parse_outcome(data: object, settings: ArenaSettings) -> ArenaOutcome:
    """A progress line's game, checked against the arena's schedule; ValueError saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    index = data.get("index")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < settings.total_games:
        raise ValueError(f"its index {quote(index)} is not a game of this arena (0 to {settings.total_games - 1})")
    game = settings.game(index)
    if data.get("lineup") != [settings.canonical[spec] for spec in game.lineup]:
        raise ValueError(f"its line-up {quote(data.get('lineup'))} is not game {index}'s")
    scores, winners, length = data.get("scores"), data.get("winners"), data.get("length")
    if not isinstance(scores, list) or len(scores) != settings.players or not all(map(_is_number, scores)):
        raise ValueError(f"its scores {quote(scores)} are not {settings.players} numbers")
    if (not isinstance(winners, list) or len(set(winners)) != len(winners)
            or not all(isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < settings.players
                       for seat in winners)):
        raise ValueError(f"its winners {quote(winners)} are not distinct seats")
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise ValueError(f"its length {quote(length)} is not a number of actions")
    truncated, seconds = data.get("truncated"), data.get("bot_seconds", 0.0)
    if not isinstance(truncated, bool) or not _is_number(seconds):
        raise ValueError("its truncated or bot_seconds field is malformed")
    return ArenaOutcome(index, game.lineup, length, truncated, tuple(float(score) for score in scores),
                        tuple(winners), float(seconds))


def _differing_field(saved: object, wanted: dict[str, Any]) -> str:
    """The first field of the fingerprint that differs, said with its flag and both values."""
    if not isinstance(saved, dict):
        return "its header is malformed"
    for key, value in wanted.items():
        if saved.get(key) != value:
            return f"{_FLAGS.get(key, key)} was {quote(saved.get(key), 40)} there, {quote(value, 40)} now"
    return "its header differs"


def check_folder(folder: Path, flag: str = "--out") -> Path:
    """``folder`` if it is a folder or can be made one (its nearest existing parent is a folder), else OptionError."""
    if folder.exists():
        if not folder.is_dir():
            raise OptionError(f"{flag} {quote(str(folder))} is a file, not a folder: give a folder")
        return folder
    parent = folder.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise OptionError(f"{flag} {quote(str(folder))} cannot be made: {quote(str(parent))} is a file, not a folder")
    return folder


class Progress:
    """The games an arena's folder already holds, read and checked before anything is written.

    :meth:`read` refuses a folder holding another arena (:class:`OptionError`) or a malformed progress
    file (:class:`SaveError`); :meth:`appending` then opens the file to add games as they finish.
    """

    def __init__(self, folder: Path, settings: ArenaSettings, done: dict[int, ArenaOutcome], valid_bytes: int,
                 exists: bool) -> None:
        self.folder = folder
        self.settings = settings
        #: The games already finished, by index.
        self.done = done
        self._valid_bytes = valid_bytes
        self._exists = exists

    @property
    def path(self) -> Path:
        """The progress file."""
        return self.folder / PROGRESS_FILE

    @classmethod
    def read(cls, folder: Path, settings: ArenaSettings) -> Progress:
        """The progress in ``folder`` (none yet if it or its progress file does not exist). Writes nothing."""
        check_folder(folder)
        path = folder / PROGRESS_FILE
        if not path.exists():
            return cls(folder, settings, {}, 0, False)
        try:
            raw = path.read_bytes()
        except OSError as error:
            raise SaveError(f"cannot read {quote(str(path))}: {error.strerror}") from None
        lines = raw.split(b"\n")
        # The text after the last newline is a line cut off mid-write (or nothing): it is dropped.
        complete, valid_bytes = lines[:-1], len(raw) - len(lines[-1])
        if not complete:
            # Not even the header was written whole: nothing was played.
            return cls(folder, settings, {}, 0, True)
        try:
            header = json.loads(complete[0])
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise SaveError(f"{quote(str(path))} is not an arena's progress file: give another --out folder")
        if header.get("version") != FORMAT_VERSION:
            raise SaveError(f"{quote(str(path))} is an arena progress file of format version "
                            f"{quote(header.get('version'))}; this dojo reads version {FORMAT_VERSION}")
        wanted = json.loads(json.dumps(settings.fingerprint()))
        if header.get("arena") != wanted:
            differs = _differing_field(header.get("arena"), wanted)
            raise OptionError(f"{quote(str(folder))} holds another arena ({differs}): rerun that command to continue "
                              "it, or give another --out folder")
        done: dict[int, ArenaOutcome] = {}
        for number, text in enumerate(complete[1:], start=2):
            if not text.strip():
                continue
            try:
                outcome = _parse_outcome(json.loads(text), settings)
            except ValueError as error:
                raise SaveError(f"line {number} of {quote(str(path))} is not a game of this arena: {error}") from None
            # A game finished twice (two runs at once) is the same game: the results are deterministic.
            done.setdefault(outcome.index, outcome)
        return cls(folder, settings, done, valid_bytes, True)

    @contextmanager
    def appending(self) -> Iterator[IO[str]]:
        """The progress file open to append game lines (the folder and header are made if new).

        A line cut off mid-write is cut away first, so the next line starts on a line of its own.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        if not self._exists or self._valid_bytes == 0:
            with self.path.open("w", encoding="utf-8") as new:
                new.write(_line(_header(self.settings)))
        elif self.path.stat().st_size != self._valid_bytes:
            with self.path.open("r+b") as torn:
                torn.truncate(self._valid_bytes)
        with self.path.open("a", encoding="utf-8") as stream:
            yield stream
