"""An arena's progress file: one JSON line per finished game, so a run cut short continues where it stopped.

``progress.jsonl`` in the arena's folder starts with a header line naming the arena (its
:meth:`~ninjadojo.arena.settings.ArenaSettings.fingerprint`); each further line is one finished
game, appended and flushed as the game ends (in the order games finish, which workers may shuffle).
A rerun of the same command reads the games done and plays only the others; the same folder with a
different arena is refused before anything is written. A last line cut off mid-write (the machine
stopped) is dropped and its game played again. The file itself is a
:class:`ninjadojo.sim.progressfile.ProgressFile`, as a report's is.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

from ninjadojo.arena.play import ArenaOutcome
from ninjadojo.arena.settings import ArenaSettings
from ninjadojo.engine.errors import quote
from ninjadojo.sim.progressfile import PROGRESS_FILE, ProgressFile, ProgressLayout, check_folder, progress_line

__all__ = ["FORMAT", "FORMAT_VERSION", "LAYOUT", "PROGRESS_FILE", "RESULTS_FILE", "Progress", "check_folder",
           "outcome_line"]

#: The results in an arena's folder (rewritten at the end of every run, complete or not).
RESULTS_FILE = "results.json"
#: The header's ``format``: what the file is, and the version of its layout.
FORMAT = "ninjadojo-arena-progress"
FORMAT_VERSION = 1


def _games(deals: object, fingerprint: Mapping[str, Any]) -> object:
    """An arena's games per table from its deals, as ``--games`` says them (each deal in every seat rotation)."""
    players = fingerprint.get("players")
    if isinstance(deals, int) and isinstance(players, int):
        return deals * players
    return deals


#: An arena's progress file: its header and messages, and the flag of each field of its fingerprint.
LAYOUT = ProgressLayout(
    format=FORMAT, version=FORMAT_VERSION, run="arena", article="an", entry="a game of this arena",
    flags={"game": "GAME", "players": "--players", "options": "--option/--max-actions", "kind": "--gauntlet",
           "challenger": "--gauntlet", "bots": "--bots", "seed": "--seed", "deals": "--games"},
    sort_keys=True, name_option=True, shown={"deals": _games})


def outcome_line(outcome: ArenaOutcome, settings: ArenaSettings) -> str:
    """One finished game as a progress line (the line-up in canonical specs, as the fingerprint has them)."""
    return progress_line({"index": outcome.index, "lineup": [settings.canonical[spec] for spec in outcome.lineup],
                          "length": outcome.length, "truncated": outcome.truncated, "scores": list(outcome.scores),
                          "winners": list(outcome.winners), "bot_seconds": round(outcome.bot_seconds, 6)},
                         LAYOUT.sort_keys)


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


class Progress(ProgressFile[ArenaSettings, int, ArenaOutcome]):
    """The games an arena's folder already holds, read and checked before anything is written.

    :meth:`read` refuses a folder holding another arena (:class:`~ninjadojo.engine.errors.OptionError`)
    or a malformed progress file (:class:`~ninjadojo.engine.errors.SaveError`); :meth:`appending` then
    opens the file to add games as they finish. :attr:`done` holds the games already finished, by index.
    """

    LAYOUT = LAYOUT

    @classmethod
    def parse_line(cls, text: bytes, settings: ArenaSettings) -> Iterable[tuple[int, ArenaOutcome]]:
        """The game of one progress line, by index; ValueError saying what is wrong."""
        outcome = _parse_outcome(json.loads(text), settings)
        return [(outcome.index, outcome)]
