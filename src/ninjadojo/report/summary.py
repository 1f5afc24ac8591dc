"""A report's figures as JSON-safe data: the ``report.json`` schema (version 1) of ``docs/report.md``.

Everything but ``speed`` is a function of the settings and the games played, so it is identical from
run to run (and whatever the workers or the batching) for the same settings. Each game is counted
once; sums are taken in index order.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from ninjadojo import __version__
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.report.collect import ReportRun, split
from ninjadojo.report.features import with_controls
from ninjadojo.report.records import GameRecord
from ninjadojo.report.settings import ReportSettings
from ninjadojo.report.stats import (
    Z95,
    histogram,
    mean_interval,
    proportion_difference,
    quantile,
    ratio_interval,
    ratio_interval_from_sums,
    wilson_interval,
)

#: What report.json says it is, and the version of its layout.
FORMAT = "ninjadojo-report"
FORMAT_VERSION = 1
#: Bins of the length and points histograms (at most).
HISTOGRAM_BINS = 20


def _round(value: float) -> float:
    return round(value, 6)


def _interval(low: float, high: float) -> list[JSONValue]:
    return [_round(low), _round(high)]


def _mean(values: Sequence[float]) -> dict[str, JSONValue]:
    mean, low, high = mean_interval(values)
    return {"mean": _round(mean), "ci95": _interval(low, high)}


def win_shares(record: GameRecord) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, 1/k for each of k winners sharing it, else 0."""
    shares = [0.0] * record.players
    if record.winners:
        share = 1.0 / len(record.winners)
        for seat in record.winners:
            shares[seat] = share
    return shares


def summarise_games(players: int, games: Sequence[GameRecord]) -> dict[str, JSONValue]:
    """The figures of one variant at one player count (``games`` in index order): a ``player_counts`` entry."""
    count = len(games)
    truncated = sum(1 for record in games if record.truncated)
    shares = [win_shares(record) for record in games]
    seats: list[JSONValue] = []
    for seat in range(players):
        wins = sum(share[seat] for share in shares)
        low, high = wilson_interval(wins, count)
        seats.append({"seat": seat, "wins": _round(wins), "win_rate": _round(wins / count) if count else 0.0,
                      "ci95": _interval(low, high)})
    lengths = [float(record.length) for record in games]
    ordered = sorted(lengths)
    length: dict[str, JSONValue] = {
        **_mean(lengths),
        "min": int(ordered[0]) if ordered else 0,
        "max": int(ordered[-1]) if ordered else 0,
        "quantiles": {"p10": _round(quantile(ordered, 0.1)), "p50": _round(quantile(ordered, 0.5)),
                      "p90": _round(quantile(ordered, 0.9))},
        "histogram": histogram(ordered, HISTOGRAM_BINS),  # type: ignore[dict-item]
    }
    decisions: dict[str, JSONValue] = {
        **_mean([float(record.branching_count) for record in games]),
        "per_seat": [{"seat": seat, **_mean([float(record.decisions[seat]) for record in games])}
                     for seat in range(players)],
    }
    ratio, low, high = ratio_interval([float(record.branching_sum) for record in games],
                                      [float(record.branching_count) for record in games])
    branching: dict[str, JSONValue] = {"mean": _round(ratio), "ci95": _interval(low, high),
                                       "max": max((record.branching_max for record in games), default=0)}
    winner_points = [record.scores[seat] for record in games for seat in record.winners]
    all_points = [score for record in games for score in record.scores]
    winner_mean, winner_low, winner_high = mean_interval(winner_points)
    points: dict[str, JSONValue] = {
        "per_seat": [{"seat": seat, **_mean([record.scores[seat] for record in games])} for seat in range(players)],
        "winner_mean": _round(winner_mean),
        # Beyond the contract: the winners' mean's normal 95% interval, each winner's score a sample.
        "winner_ci95": _interval(winner_low, winner_high),
        "histogram": histogram(all_points, HISTOGRAM_BINS),  # type: ignore[dict-item]
    }
    return {
        "players": players,
        "games": count,
        "finished": count - truncated,
        "truncated": truncated,
        # A seat's fair win rate: games stopped at the maximum length are won by nobody, so with
        # truncated games the seats' rates add up to the finished share, not to 1.
        "fair_share": _round((count - truncated) / count / players) if count else _round(1 / players),
        "seats": seats,
        "length": length,
        "decisions": decisions,
        "branching": branching,
        "points": points,
        "feature_method": FEATURE_METHOD,
        "features": feature_table(games, shares),
    }


#: What the feature table's ``difference`` is adjusted for (``feature_method`` in report.json): each seat
#: is compared only with seats that made as many decisions as it did (see :func:`feature_table`).
FEATURE_METHOD = "same-decisions"
#: An adjusted difference needs at least this many seat-games with the feature and as many without it in
#: the groups that compare (seats with the same number of decisions on both sides): fewer compare
#: nothing a reader should act on (a coin that cannot matter read "+100 pp" on 2 seats without it).
MIN_COMPARED = 10


def feature_table(games: Sequence[GameRecord], shares: Sequence[Sequence[float]] | None = None) -> list[JSONValue]:
    """Each feature's impact on the win rate, counted per seat-game, adjusted for how long each seat lasted.

    A seat that lasts longer plays and holds more cards, whether or not they help, and lasting is
    winning in a game of elimination: so a plain comparison of the seats with a feature against those
    without it (``raw_difference``) finds every card "good". ``difference`` compares each seat with the
    feature only with seats (of any game) that made **the same number of decisions**: the seats are put
    in groups by their number of decisions, the win rates with and without the feature are compared in
    each group, and the groups' differences are pooled with the Mantel-Haenszel weights (a group with
    ``n1`` seats with the feature and ``n0`` without weighs ``n1 * n0 / (n1 + n0)``; a group where all or
    none have it compares nothing and weighs nothing). Its 95% interval takes the games as the units
    sampled (the seats of one game are not independent: one of them wins), by the delta method with the
    groups' weights held fixed, and never narrower than the same difference would have with each seat's
    win independent of the others' at the overall win rate ``p`` (a variance of ``p(1 - p) / W``, ``W`` the
    sum of the weights): with few games, or groups where every seat won or every seat lost, the delta
    method alone can shrink to nothing. ``difference`` is None when fewer than :data:`MIN_COMPARED`
    seat-games with the feature, or without it, lie in groups that have both (``compared_with`` and
    ``compared_without`` count them).

    ``games_with``, ``win_rate_with``, ``games_without`` and ``win_rate_without`` are the plain counts and
    rates (Wilson intervals), ``raw_difference`` their difference (Newcombe's interval). Sorted by
    ``difference`` (largest first; None last), then by name. ``shares`` are the games' win shares
    (:func:`win_shares`), computed here when not given.
    """
    if shares is None:
        shares = [win_shares(record) for record in games]
    seat_games = 0
    total_wins = 0.0
    with_games: Counter[str] = Counter()
    with_wins: dict[str, float] = {}
    # The groups: seat-games by the seat's number of decisions, and each feature's seat-games in each group.
    group_seats: Counter[int] = Counter()
    group_with: Counter[tuple[str, int]] = Counter()
    for record, share in zip(games, shares, strict=True):
        seat_games += record.players
        total_wins += sum(share)
        group_seats.update(record.decisions)
        for seat, names in enumerate(record.features):
            # Counter.update counts in C: the plain counts of a million games take seconds.
            with_games.update(names)
            group = record.decisions[seat]
            group_with.update([(name, group) for name in names])
            won = share[seat]
            if won:
                for name in names:
                    with_wins[name] = with_wins.get(name, 0.0) + won
    # In a group of N seat-games, n1 of them with the feature, f = n1 / N. The pooled difference is a ratio
    # of sums over the games: a game adds  (its seats with it: sum of y) - (all its seats: sum of y * f)
    # above and  (its seats with it: sum of 1 - f)  below (y: a seat's win share). Written out, that is
    # the Mantel-Haenszel difference of the docstring.
    share_with: dict[str, dict[int, float]] = {name: {} for name in with_games}
    # Per feature, in the groups that compare (seats on both sides): seat-games with it, without it, weight.
    compared: dict[str, list[float]] = {}
    for (name, group), count in group_with.items():
        total = group_seats[group]
        share_with[name][group] = count / total
        if count < total:
            entry = compared.setdefault(name, [0.0, 0.0, 0.0])
            entry[0] += count
            entry[1] += total - count
            entry[2] += count * (total - count) / total
    sums = {name: [0.0] * 5 for name in with_games}  # tops, bottoms, tops², tops * bottoms, bottoms²
    # A game in which no seat has the feature adds only its winners' part, -sum(y * f): that part is
    # summed once per kind of winners (their shares and groups) rather than once per game and feature,
    # and corrected for the games that have the feature: a game costs its seats' features, not every
    # feature of the table (a million games of 4 players: about 25 s on a loaded 2-core machine).
    winner_kinds: Counter[tuple[tuple[float, int], ...]] = Counter()
    rests = {name: {group: 1.0 - share for group, share in groups.items()} for name, groups in share_with.items()}
    for record, share in zip(games, shares, strict=True):
        decisions = record.decisions
        winners = tuple((won, decisions[seat]) for seat, won in enumerate(share) if won)
        if winners:
            winner_kinds[winners] += 1
        bottoms: dict[str, float] = {}
        for names, group in zip(record.features, decisions, strict=True):
            for name in names:
                bottoms[name] = bottoms.get(name, 0.0) + rests[name][group]
        tops = dict.fromkeys(bottoms, 0.0)
        for seat, won in enumerate(share):
            if won:
                for name in record.features[seat]:
                    tops[name] += won
        for name, bottom in bottoms.items():
            shares_of = share_with[name]
            absent = 0.0
            for won, group in winners:
                absent -= won * shares_of.get(group, 0.0)
            top = tops[name]
            running = sums[name]
            running[0] += top
            running[1] += bottom
            running[2] += top * (top + 2 * absent)  # (top + absent)², less the absent² added below for every game
            running[3] += (top + absent) * bottom
            running[4] += bottom * bottom
    for name, running in sums.items():
        shares_of = share_with[name]
        for winners, times in winner_kinds.items():
            absent = -sum(won * shares_of.get(group, 0.0) for won, group in winners)
            running[0] += times * absent
            running[2] += times * absent * absent
    rows: list[tuple[float, str, dict[str, JSONValue]]] = []
    for name, games_with in with_games.items():
        wins_with = with_wins.get(name, 0.0)
        games_without = seat_games - games_with
        if not games_without:
            continue  # every seat had it (a starting card, say): there is nobody to compare with
        wins_without = total_wins - wins_with
        raw, raw_low, raw_high = proportion_difference(wins_with, games_with, wins_without, games_without)
        with_compared, without_compared, weight = compared.get(name, (0.0, 0.0, 0.0))
        # A weight below a millionth of a seat-game is rounding, not a group with seats on both sides.
        comparable = (sums[name][1] > 1e-6 and with_compared >= MIN_COMPARED and without_compared >= MIN_COMPARED)
        difference, low, high = ratio_interval_from_sums(len(games), *sums[name]) if comparable else (0, 0, 0)
        if comparable:
            # Never narrower than independent seats' wins at the overall rate would make it (docstring).
            rate = total_wins / seat_games
            floor = Z95 * math.sqrt(rate * (1 - rate) / weight)
            low, high = min(low, difference - floor), max(high, difference + floor)
        kind, _, label = name.partition(":")
        with_low, with_high = wilson_interval(wins_with, games_with)
        without_low, without_high = wilson_interval(wins_without, games_without)
        rows.append((difference if comparable else -math.inf, name, {
            "feature": name, "kind": kind, "name": label,
            "games_with": games_with, "win_rate_with": _round(wins_with / games_with),
            "ci95_with": _interval(with_low, with_high),
            "games_without": games_without,
            "win_rate_without": _round(wins_without / games_without),
            "ci95_without": _interval(without_low, without_high),
            "difference": _round(difference) if comparable else None,
            "ci95_difference": _interval(max(-1.0, low), min(1.0, high)) if comparable else None,
            "raw_difference": _round(raw), "ci95_raw_difference": _interval(raw_low, raw_high),
            "compared_with": int(with_compared), "compared_without": int(without_compared),
        }))
    rows.sort(key=lambda row: (-round(row[0], 9), row[1]))
    return [row[2] for row in rows]


def bots_table(settings: ReportSettings, players: int, games: Sequence[GameRecord]) -> list[JSONValue]:
    """Each bot spec's win rate over the seats it held (``bots`` of a player count, with several specs).

    With several specs a seat's win rate mixes the seat and the bots that held it; this says how each bot
    did, whatever its seat: its seat-games, its wins (shares of shared wins) and its win rate, with a
    Wilson interval over its seat-games (seats of one game share one win, so they are not independent;
    in a game one seat wins, that makes the interval err wide).
    """
    held: Counter[str] = Counter()
    won: dict[str, float] = {}
    for record in games:
        shares = win_shares(record)
        for seat, spec in enumerate(settings.lineup(players, record.index)):
            held[spec] += 1
            won[spec] = won.get(spec, 0.0) + shares[seat]
    table: list[JSONValue] = []
    for spec in dict.fromkeys(settings.specs):
        count, wins = held[spec], won.get(spec, 0.0)
        low, high = wilson_interval(wins, count)
        table.append({"bot": spec, "seat_games": count, "wins": _round(wins),
                      "win_rate": _round(wins / count) if count else 0.0, "ci95": _interval(low, high)})
    return table


def variants_data(settings: ReportSettings, records: Sequence[GameRecord]) -> list[JSONValue]:
    """The ``variants`` of report.json: per variant, per player count, the figures of the games played
    (with ``bots``, each bot's win rate, when several bot specs share the seats)."""
    groups = split(records)
    variants: list[JSONValue] = []

    def seed_of(record: GameRecord) -> int:
        return settings.game_seed(record.players, record.index)

    for number, variant in enumerate(settings.variants):
        # The control is tossed here, at one chance for each player count's games (features.with_controls).
        counts = [summarise_games(players, with_controls(groups.get((number, players), []), seed_of))
                  for players in settings.player_counts]
        if len(set(settings.specs)) > 1:
            for players, row in zip(settings.player_counts, counts, strict=True):
                row["bots"] = bots_table(settings, players, groups.get((number, players), []))
        variants.append({"label": variant.label, "options": dict(variant.options),
                         "player_counts": counts})  # type: ignore[dict-item]
    return variants


def report_data(run: ReportRun, speed: bool = True) -> dict[str, JSONValue]:
    """The report as JSON-safe data (report.json, version 1): settings, figures, differences, speed.

    ``speed``: also time the engine alone for about two seconds (``speed.engine``; None without).
    Keys beyond the contract: ``player_counts``, ``interrupted``, ``resumed``.
    """
    from ninjadojo.report.compare import differences
    from ninjadojo.report.speed import speed_data

    settings = run.settings
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "ninjadojo": __version__,
        **settings.to_json(),
        "complete": run.complete,
        "interrupted": run.interrupted,
        "resumed": run.resumed,
        "games_played": len(run.records),
        "games_total": settings.total_games,
        "variants": variants_data(settings, run.records),
        "differences": differences(settings, run.records),
        "speed": speed_data(run, engine=speed),
    }
