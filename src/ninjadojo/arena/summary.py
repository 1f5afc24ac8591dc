"""An arena's results as JSON-safe data: ratings, win shares against the fair share, head to head, seats.

The results are a function of the settings and the games played only, so a run cut short and
continued gives the same results as one run; ``timing`` (added by :func:`full_results`) is the one
part that is not.

Win shares count a shared win fractionally (two winners: half a win each) and a game with no winner
(stopped at the maximum length) as a loss for every seat. A spec's *seat-games* are the seats it
took, one per seat (a gauntlet's field spec sits in several seats of each game). The *fair share* is
``1 / players``: the win share of each seat when every bot at the table is as strong as the others.
Win-share intervals are Wilson 95% intervals over seat-games, which treat seat-games as independent:
with common random numbers the rotations of one deal tend to cancel each other's luck, which makes
these intervals, if anything, wider than need be.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from ninjadojo.arena.play import ArenaOutcome
from ninjadojo.arena.ratings import BETA, INTERVAL, MODEL, MU, SIGMA, rate
from ninjadojo.arena.runner import ArenaRun
from ninjadojo.arena.settings import ArenaSettings
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.state import MAX_LENGTH_OPTION
from ninjadojo.sim.parallel import backend_timing
from ninjadojo.sim.stats import mean_interval, wilson_interval


def _round(value: float) -> float:
    return round(value, 6)


class _Tally:
    """Wins and seat-games of one spec (or seat, or pairing)."""

    __slots__ = ("games", "seat_games", "wins")

    def __init__(self) -> None:
        self.games = 0
        self.seat_games = 0
        self.wins = 0.0

    def json(self) -> dict[str, JSONValue]:
        low, high = wilson_interval(self.wins, self.seat_games)
        return {"games": self.games, "seat_games": self.seat_games, "wins": _round(self.wins),
                "win_share": _round(self.wins / self.seat_games) if self.seat_games else 0.0,
                "ci95": [_round(low), _round(high)]}


def _tally(tally: _Tally, seats: Sequence[int], winners: Sequence[int]) -> None:
    share = 1.0 / len(winners) if winners else 0.0
    tally.games += 1
    tally.seat_games += len(seats)
    tally.wins += share * sum(1 for seat in seats if seat in winners)


def summarise(settings: ArenaSettings, outcomes: Sequence[ArenaOutcome]) -> dict[str, JSONValue]:
    """The results of the games ``outcomes`` of an arena.

    Keys: ``arena`` (``round-robin`` or ``gauntlet``), ``game``, ``players``, ``options``,
    ``max_length``, ``seed``, ``bots`` (as given), ``gauntlet`` (the challenger, or null),
    ``canonical`` (each spec's canonical form), ``tables`` (the line-ups before rotation), ``deals``,
    ``games_per_table``, ``games_requested``, ``games`` (played), ``partial`` (not every game played
    yet), ``fair_share``,
    ``rating`` (the model and how intervals are made), ``standings`` (one row per spec, best rating
    first), ``head_to_head`` (each spec at the tables where each other spec sat), ``seats`` (win share
    per seat, all specs together), ``truncated``, ``length``.
    """
    outcomes = sorted(outcomes, key=lambda outcome: outcome.index)
    specs = settings.all_specs
    per_spec = {spec: _Tally() for spec in specs}
    pairs = {pair: _Tally() for pair in permutations(specs, 2)}
    per_seat = [_Tally() for _ in range(settings.players)]
    for outcome in outcomes:
        seats_of: dict[str, list[int]] = {}
        for seat, spec in enumerate(outcome.lineup):
            seats_of.setdefault(spec, []).append(seat)
            _tally(per_seat[seat], [seat], outcome.winners)
        for spec, seats in seats_of.items():
            _tally(per_spec[spec], seats, outcome.winners)
            for other in seats_of:
                if other != spec:
                    _tally(pairs[(spec, other)], seats, outcome.winners)
    fair = 1.0 / settings.players
    ratings = sorted(rate(specs, outcomes), key=lambda rating: (-rating.mu, specs.index(rating.spec)))
    standings: list[JSONValue] = []
    for rank, rating in enumerate(ratings, start=1):
        low, high = rating.interval
        row: dict[str, JSONValue] = {
            "rank": rank,
            "bot": rating.spec,
            "rating": {"mu": _round(rating.mu), "sigma": _round(rating.sigma), "ci95": [_round(low), _round(high)],
                       "games": rating.games},
        }
        row.update(per_spec[rating.spec].json())
        tally = per_spec[rating.spec]
        row["vs_fair"] = _round(tally.wins / tally.seat_games / fair) if tally.seat_games else 0.0
        standings.append(row)
    head_to_head: list[JSONValue] = []
    for (spec, other), tally in pairs.items():
        if tally.games:
            head_to_head.append({"bot": spec, "opponent": other, **tally.json()})
    seat_rows: list[JSONValue] = [{"seat": seat, **tally.json()} for seat, tally in enumerate(per_seat)]
    mean, low, high = mean_interval([float(outcome.length) for outcome in outcomes])
    max_length = settings.options[MAX_LENGTH_OPTION]
    tables: list[JSONValue] = [list(table) for table in settings.tables]
    return {
        "arena": settings.kind,
        "game": settings.game_id,
        "players": settings.players,
        "options": dict(settings.options),
        "max_length": max_length,
        "seed": settings.seed,
        "bots": list(settings.specs),
        "gauntlet": settings.challenger,
        "canonical": dict(settings.canonical),
        "tables": tables,
        "deals": settings.deals,
        "games_per_table": settings.games_per_table,
        "games_requested": settings.total_games,
        "games": len(outcomes),
        "partial": len(outcomes) < settings.total_games,
        "fair_share": _round(fair),
        "rating": {"model": MODEL, "interval": INTERVAL, "mu": _round(MU), "sigma": _round(SIGMA),
                   "beta": _round(BETA), "tau": 0.0},
        "standings": standings,
        "head_to_head": head_to_head,
        "seats": seat_rows,
        "truncated": sum(1 for outcome in outcomes if outcome.truncated),
        "length": {
            "mean": _round(mean),
            "ci95": [_round(low), _round(high)],
            "min": min((outcome.length for outcome in outcomes), default=0),
            "max": max((outcome.length for outcome in outcomes), default=0),
        },
    }


def timing(run: ArenaRun) -> dict[str, JSONValue]:
    """How this run went: seconds, games played now and read from the folder, games per second, workers."""
    played = len(run.outcomes) - run.resumed
    return {
        "seconds": round(run.seconds, 3),
        "games_played": played,
        "games_resumed": run.resumed,
        "games_per_second": round(played / run.seconds, 2) if run.seconds > 0 and played else None,
        "workers": run.workers,
        "interrupted": run.interrupted,
        **backend_timing(run.backend, run.ray_address),
    }


def full_results(run: ArenaRun) -> dict[str, JSONValue]:
    """The results of a run (partial unless every game has been played) with its ``timing``."""
    results = summarise(run.settings, run.outcomes)
    results["timing"] = timing(run)
    return results
