"""A report's record of one game, and a batch of them as one line of text (how they travel and are kept).

A batch line is compact, for reports of a million games: ``{"v": variant, "p": players, "i":
[indexes], "n": [feature names], "g": [[length, [decisions per seat], branching sum, branching max,
[scores], [winners], truncated (0/1), [features per seat]] per game]}``, each seat's features the
numbers of its names in the line's ``n`` (sorted, so that each name is written once a line). A worker
sends its batch back as this line, the report's progress file keeps it, and a rerun reads it back.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ninjadojo.engine.errors import quote
from ninjadojo.report.settings import ReportSettings
from ninjadojo.sim.progressfile import progress_line


@dataclass(frozen=True, slots=True)
class GameRecord:
    """How one game of a report went.

    ``variant`` is the index of the variant in :attr:`ReportSettings.variants`. ``decisions[s]``
    counts the actions of seat ``s`` taken with at least two legal actions to choose from;
    ``branching_sum`` and ``branching_max`` are the sum and the largest of the numbers of legal
    actions at those decisions. ``truncated``: stopped at the maximum length, with no winner.
    ``features[s]`` are seat ``s``'s features (``played:Katana``, ...: see :mod:`ninjadojo.report.features`).
    """

    variant: int
    players: int
    index: int
    length: int
    decisions: tuple[int, ...]
    branching_sum: int
    branching_max: int
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    truncated: bool
    features: tuple[tuple[str, ...], ...]

    @property
    def key(self) -> tuple[int, int, int]:
        """Which game of the report this is: (variant, players, index)."""
        return (self.variant, self.players, self.index)

    @property
    def branching_count(self) -> int:
        """The number of decisions in the game (every seat's): the count the branching sum is over."""
        return sum(self.decisions)


def batch_line(variant: int, players: int, records: Sequence[GameRecord]) -> str:
    """A batch of finished games as one progress line (see the module's docs)."""
    names = sorted({name for record in records for seat_features in record.features for name in seat_features})
    number = {name: position for position, name in enumerate(names)}
    # Whole points are written as whole numbers (25, not 25.0): they read back as the same float.
    games = [[record.length, list(record.decisions), record.branching_sum, record.branching_max,
              [int(score) if score.is_integer() else score for score in record.scores],
              list(record.winners), int(record.truncated),
              [[number[name] for name in seat_features] for seat_features in record.features]]
             for record in records]
    line = {"v": variant, "p": players, "i": [record.index for record in records], "n": names, "g": games}
    return progress_line(line)


#: The JSON types of whole numbers, and of numbers (``bool`` is neither: ``true`` is not a count).
_WHOLE = {int}
_NUMBER = {int, float}


def parse_batch_line(text: str | bytes, settings: ReportSettings) -> list[GameRecord]:
    """The games of a progress line, checked against the report; ValueError saying what is wrong."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    variant, players, indexes, names, games = (data.get(key) for key in ("v", "p", "i", "n", "g"))
    if type(variant) is not int or not 0 <= variant < len(settings.variants):
        raise ValueError(f"its variant {quote(variant)} is not one of this report's")
    if type(players) is not int or players not in settings.player_counts:
        raise ValueError(f"its player count {quote(players)} is not one of this report's")
    if type(indexes) is not list or not set(map(type, indexes)) <= _WHOLE or (indexes and min(indexes) < 0):
        raise ValueError(f"its indexes {quote(indexes)} are not game numbers")
    if type(names) is not list or not set(map(type, names)) <= {str}:
        raise ValueError("its feature names are not a list of text")
    if type(games) is not list or len(games) != len(indexes):
        raise ValueError("it does not hold one game per index")
    return [_parse_game(game, variant, players, index, names) for index, game in zip(indexes, games, strict=True)]


def _parse_game(game: object, variant: int, players: int, index: int, names: list[str]) -> GameRecord:
    # Checked with set(map(type, ...)) and min/max, which run in C: a report of a million games reads fast.
    if type(game) is not list or len(game) != 8:
        raise ValueError(f"game {index} is not a list of 8 fields")
    length, decisions, branching_sum, branching_max, scores, winners, truncated, seats = game
    if (type(decisions) is not list or len(decisions) != players or type(winners) is not list
            or type(scores) is not list or len(scores) != players or type(seats) is not list or len(seats) != players):
        raise ValueError(f"game {index}: its decisions, scores, winners or features are not one per seat")
    counts = [length, branching_sum, branching_max, truncated, *decisions, *winners]
    if not set(map(type, counts)) <= _WHOLE or min(counts) < 0 or truncated > 1:
        raise ValueError(f"game {index}: its length, decisions, branching, winners or truncated flag are not counts")
    if len(set(winners)) != len(winners) or (winners and max(winners) >= players):
        raise ValueError(f"game {index}: its winners {quote(winners)} are not distinct seats")
    if not set(map(type, scores)) <= _NUMBER or not math.isfinite(math.fsum(scores)):
        raise ValueError(f"game {index}: its scores {quote(scores)} are not {players} numbers")
    features = []
    for seat in seats:
        if (type(seat) is not list or not set(map(type, seat)) <= _WHOLE
                or (seat and (min(seat) < 0 or max(seat) >= len(names)))):
            raise ValueError(f"game {index}: its features {quote(seat)} are not numbers of the line's names")
        features.append(tuple(sorted(set(map(names.__getitem__, seat)))))
    return GameRecord(variant, players, index, length, tuple(decisions), branching_sum, branching_max,
                      tuple(map(float, scores)), tuple(winners), truncated == 1, tuple(features))
