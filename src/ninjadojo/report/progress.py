"""A report's progress file: one JSON line per finished batch of games, so a run cut short continues where it stopped.

``progress.jsonl`` in the report's folder starts with a header line naming the report (its
:meth:`~ninjadojo.report.settings.ReportSettings.fingerprint`); each further line is one batch of
finished games, appended and flushed as the batch ends. A rerun of the same command reads the games
done and plays only the others; the same folder with a different report is refused before anything
is written. A last line cut off mid-write (the machine stopped) is dropped and its games played
again. The file itself is a :class:`ninjadojo.sim.progressfile.ProgressFile`, as an arena's is.

The lines are :mod:`ninjadojo.report.records`' batch lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ninjadojo.engine.options import format_value
from ninjadojo.report.records import GameRecord, parse_batch_line
from ninjadojo.report.settings import ReportSettings
from ninjadojo.sim.progressfile import PROGRESS_FILE, ProgressFile, ProgressLayout

__all__ = ["FORMAT", "FORMAT_VERSION", "LAYOUT", "PROGRESS_FILE", "ReportProgress"]

#: The header's ``format``: what the file is, and the version of its layout.
FORMAT = "ninjadojo-report-progress"
FORMAT_VERSION = 1

def _compared(value: object, _fingerprint: Mapping[str, Any]) -> object:
    """A report's compared rule as ``--compare`` is typed (``target=21 target=15``), from ``[name, a, b]``."""
    if isinstance(value, list) and len(value) == 3 and isinstance(value[0], str):
        name = value[0]
        return " ".join(f"{name}={format_value(each)}" for each in value[1:])
    return "none" if value is None else value


#: A report's progress file: its header and messages, and the flag of each field of its fingerprint (a
#: differing ``--option`` is said by the one option that differs: a report's options are many).
LAYOUT = ProgressLayout(
    format=FORMAT, version=FORMAT_VERSION, run="report", article="a", entry="a batch of this report",
    flags={"game": "GAME", "players": "--players", "bots": "--bots", "seed": "--seed",
           "options": "--option/--max-actions", "compare": "--compare",
           "lineups": "the line-ups of --bots"},
    quote_width=60, name_option=True,
    shown={"compare": _compared,
           # A folder of a version that seated mixed bots otherwise (see ReportSettings.lineup): said in words.
           "lineups": lambda value, _fingerprint: "specs turned one seat a game (an older version)" if value is None
           else value})


class ReportProgress(ProgressFile[ReportSettings, tuple[int, int, int], GameRecord]):
    """The games a report's folder already holds, read and checked before anything is written.

    :meth:`read` refuses a folder holding another report (:class:`~ninjadojo.engine.errors.OptionError`)
    or a malformed progress file (:class:`~ninjadojo.engine.errors.SaveError`); :meth:`appending` then
    opens the file to add batches. :attr:`done` holds the games already finished, by (variant,
    players, index) (indexes past the report's ``games`` included: a rerun with fewer games leaves
    them out of the report).
    """

    LAYOUT = LAYOUT

    @classmethod
    def parse_line(cls, text: bytes, settings: ReportSettings) -> Iterable[tuple[tuple[int, int, int], GameRecord]]:
        """The games of one batch line, by key; ValueError saying what is wrong."""
        return [(record.key, record) for record in parse_batch_line(text, settings)]
