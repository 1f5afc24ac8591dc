"""What a rule changes: each figure of variant B minus variant A, over games paired by index.

Game ``i`` of both variants has the same seeds (common random numbers), so the paired difference of
a figure removes what the deal and the bots' dice contribute and leaves the rule's effect: a rule
that cannot change a game gives exactly 0 with the interval [0, 0], and a real effect shows with
far fewer games than two independent samples would need. Intervals are normal 95% intervals of the
mean paired difference (delta-method for legal actions per decision, a ratio).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.report.collect import split
from ninjadojo.report.records import GameRecord
from ninjadojo.report.settings import ReportSettings
from ninjadojo.report.stats import paired_difference, paired_ratio_difference
from ninjadojo.report.summary import win_shares


def _figure(difference: float, low: float, high: float) -> dict[str, JSONValue]:
    return {"difference": round(difference, 6), "ci95": [round(low, 6), round(high, 6)]}


def paired_games(first: Sequence[GameRecord], second: Sequence[GameRecord]) -> tuple[list[GameRecord],
                                                                                       list[GameRecord]]:
    """The games played in both variants, as two lists in the same index order (a run cut short may lack some)."""
    by_index = {record.index: record for record in second}
    pairs = [(record, by_index[record.index]) for record in first if record.index in by_index]
    return [pair[0] for pair in pairs], [pair[1] for pair in pairs]


def _course(record: GameRecord) -> tuple[object, ...]:
    """Everything recorded of how a game went (not which variant played it)."""
    return (record.length, record.decisions, record.branching_sum, record.branching_max, record.scores,
            record.winners, record.truncated, record.features)


def compare_games(players: int, first: Sequence[GameRecord], second: Sequence[GameRecord]) -> dict[str, JSONValue]:
    """The differences (B minus A) at one player count: a ``differences`` entry of report.json."""
    a, b = paired_games(first, second)

    def paired(value: Callable[[GameRecord], float]) -> dict[str, JSONValue]:
        return _figure(*paired_difference([value(record) for record in a], [value(record) for record in b]))

    shares_a = [win_shares(record) for record in a]
    shares_b = [win_shares(record) for record in b]
    seats: list[JSONValue] = []
    points: list[JSONValue] = []
    for seat in range(players):
        won = paired_difference([share[seat] for share in shares_a], [share[seat] for share in shares_b])
        seats.append({"seat": seat, **_figure(*won)})
        points.append({"seat": seat, **paired(lambda record, seat=seat: record.scores[seat])})  # type: ignore[misc]
    branching = paired_ratio_difference(
        ([float(record.branching_sum) for record in a], [float(record.branching_count) for record in a]),
        ([float(record.branching_sum) for record in b], [float(record.branching_count) for record in b]))
    return {
        "players": players,
        "games": len(a),
        # How often the rule came into play: the paired games that went otherwise in anything recorded
        # (length, anyone's decisions or choices offered, scores, winners, the stop, features).
        "changed": sum(1 for first_game, second_game in zip(a, b, strict=True)
                       if _course(first_game) != _course(second_game)),
        "seats": seats,
        "length": paired(lambda record: float(record.length)),
        "decisions": paired(lambda record: float(record.branching_count)),
        "branching": _figure(*branching),
        "points": points,
        "truncated": paired(lambda record: float(record.truncated)),
    }


def differences(settings: ReportSettings, records: Sequence[GameRecord]) -> list[JSONValue] | None:
    """The ``differences`` of report.json: per player count, B minus A; None for a report comparing nothing."""
    if settings.compare is None:
        return None
    groups = split(records)
    return [compare_games(players, groups.get((0, players), []), groups.get((1, players), []))
            for players in settings.player_counts]
