"""A report's progress file: one JSON line per finished batch of games, so a run cut short continues where it stopped.

``progress.jsonl`` in the report's folder starts with a header line naming the report (its
:meth:`~ninjadojo.report.settings.ReportSettings.fingerprint`); each further line is one batch of
finished games, appended and flushed as the batch ends. A rerun of the same command reads the games
done and plays only the others; the same folder with a different report is refused before anything
is written. A last line cut off mid-write (the machine stopped) is dropped and its games played
again. The layout follows :mod:`ninjadojo.arena.progress` (whose :func:`check_folder` it uses).

The lines are :mod:`ninjadojo.report.records`' batch lines.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from ninjadojo import __version__
from ninjadojo.arena.progress import check_folder
from ninjadojo.engine.errors import OptionError, SaveError, quote
from ninjadojo.report.records import GameRecord, parse_batch_line
from ninjadojo.report.settings import ReportSettings

#: The progress file in a report's folder.
PROGRESS_FILE = "progress.jsonl"
#: The header's ``format``: what the file is, and the version of its layout.
FORMAT = "ninjadojo-report-progress"
FORMAT_VERSION = 1

#: The flag of each field of a report's fingerprint, to say which one differs.
_FLAGS = {"game": "GAME", "players": "--players", "bots": "--bots", "seed": "--seed",
          "options": "--option/--max-actions", "compare": "--compare"}


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":")) + "\n"


def _header(settings: ReportSettings) -> dict[str, Any]:
    return {"format": FORMAT, "version": FORMAT_VERSION, "ninjadojo": __version__, "report": settings.fingerprint()}


def _differing_field(saved: object, wanted: dict[str, Any]) -> str:
    """The first field of the fingerprint that differs, said with its flag and both values."""
    if not isinstance(saved, dict):
        return "its header is malformed"
    for key, value in wanted.items():
        old = saved.get(key)
        if key == "options" and isinstance(old, dict) and isinstance(value, dict) and old != value:
            name = next(name for name in sorted({*old, *value}) if old.get(name) != value.get(name))
            return (f"{_FLAGS[key]}: option {name} was {quote(old.get(name), 40)} there, "
                    f"{quote(value.get(name), 40)} now")
        if old != value:
            return f"{_FLAGS.get(key, key)} was {quote(old, 60)} there, {quote(value, 60)} now"
    return "its header differs"


class ReportProgress:
    """The games a report's folder already holds, read and checked before anything is written.

    :meth:`read` refuses a folder holding another report (:class:`OptionError`) or a malformed
    progress file (:class:`SaveError`); :meth:`appending` then opens the file to add batches.
    """

    def __init__(self, folder: Path, settings: ReportSettings, done: dict[tuple[int, int, int], GameRecord],
                 valid_bytes: int, exists: bool) -> None:
        self.folder = folder
        self.settings = settings
        #: The games already finished, by (variant, players, index) (indexes past the report's
        #: ``games`` included: a rerun with fewer games leaves them out of the report).
        self.done = done
        self._valid_bytes = valid_bytes
        self._exists = exists

    @property
    def path(self) -> Path:
        """The progress file."""
        return self.folder / PROGRESS_FILE

    @classmethod
    def read(cls, folder: Path | str, settings: ReportSettings) -> ReportProgress:
        """The progress in ``folder`` (none yet if it or its progress file does not exist). Writes nothing."""
        folder = check_folder(Path(folder))
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
            return cls(folder, settings, {}, 0, True)
        try:
            header = json.loads(complete[0])
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise SaveError(f"{quote(str(path))} is not a report's progress file: give another --out folder")
        if header.get("version") != FORMAT_VERSION:
            raise SaveError(f"{quote(str(path))} is a report progress file of format version "
                            f"{quote(header.get('version'))}; this dojo reads version {FORMAT_VERSION}")
        wanted = json.loads(json.dumps(settings.fingerprint()))
        if header.get("report") != wanted:
            differs = _differing_field(header.get("report"), wanted)
            raise OptionError(f"{quote(str(folder))} holds another report ({differs}): rerun that command to "
                              "continue it, or give another --out folder")
        done: dict[tuple[int, int, int], GameRecord] = {}
        for number, text in enumerate(complete[1:], start=2):
            if not text.strip():
                continue
            try:
                records = parse_batch_line(text, settings)
            except ValueError as error:
                raise SaveError(f"line {number} of {quote(str(path))} is not a batch of this report: {error}") from None
            for record in records:
                # A game played twice (two runs at once) is the same game: the results are deterministic.
                done.setdefault(record.key, record)
        return cls(folder, settings, done, valid_bytes, True)

    @contextmanager
    def appending(self) -> Iterator[IO[str]]:
        """The progress file open to append batch lines (the folder and header are made if new).

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
