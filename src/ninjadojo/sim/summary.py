"""A simulation's summary as JSON-safe data: win rates (Wilson 95% intervals), game length, points.

The summary is a function of the settings and the outcomes only, so it is identical from run to run
for the same settings; ``timing`` (added by :func:`full_summary`) is the one part that is not.
"""

from __future__ import annotations

from collections.abc import Sequence

from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.sim.parallel import backend_timing
from ninjadojo.sim.play import GameOutcome
from ninjadojo.sim.runner import SimRun
from ninjadojo.sim.settings import SimSettings
from ninjadojo.sim.stats import mean_interval, wilson_interval


def _round(value: float) -> float:
    return round(value, 6)


def _points(points: Sequence[float]) -> dict[str, JSONValue]:
    """``mean_points`` and its normal 95% interval ``mean_points_ci95`` (mean plus or minus 1.96 standard errors)."""
    mean, low, high = mean_interval(points)
    return {"mean_points": _round(mean), "mean_points_ci95": [_round(low), _round(high)]}


def summarise(settings: SimSettings, outcomes: Sequence[GameOutcome], partial: bool = False) -> dict[str, JSONValue]:
    """Win rates per seat and per bot (a shared win counts fractionally), length, points.

    Keys: ``game``, ``players``, ``games`` (played), ``games_requested``, ``partial`` (stopped early),
    ``seed``, ``bots``, ``rotate``, ``options``, ``max_length``, ``finished`` (ended by the rules),
    ``truncated`` (stopped at ``max_length``, won by nobody), ``seats``, ``per_bot`` (each with
    ``mean_points`` and its interval ``mean_points_ci95``), ``length``; and
    for scripts written before ``max_length`` existed, ``max_actions`` and ``capped``, the same as
    ``max_length`` and ``truncated``.
    """
    outcomes = sorted(outcomes, key=lambda outcome: outcome.index)
    games = len(outcomes)
    seat_wins = [0.0] * settings.players
    seat_points: list[list[float]] = [[] for _ in range(settings.players)]
    bot_wins: dict[str, float] = {}
    bot_seat_games: dict[str, int] = {}
    bot_points: dict[str, list[float]] = {}
    for outcome in outcomes:
        share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
        for seat, spec in enumerate(outcome.lineup):
            won = share if seat in outcome.winners else 0.0
            seat_wins[seat] += won
            seat_points[seat].append(outcome.scores[seat])
            bot_wins[spec] = bot_wins.get(spec, 0.0) + won
            bot_seat_games[spec] = bot_seat_games.get(spec, 0) + 1
            bot_points.setdefault(spec, []).append(outcome.scores[seat])
    seats: list[JSONValue] = []
    for seat in range(settings.players):
        low, high = wilson_interval(seat_wins[seat], games)
        seats.append({
            "seat": seat,
            "bot": "rotating" if settings.rotate and len(set(settings.specs)) > 1 else settings.specs[seat],
            "wins": _round(seat_wins[seat]),
            "win_rate": _round(seat_wins[seat] / games) if games else 0.0,
            "ci95": [_round(low), _round(high)],
            **_points(seat_points[seat]),
        })
    bots: list[JSONValue] = []
    for spec in sorted(bot_seat_games):
        count = bot_seat_games[spec]
        low, high = wilson_interval(bot_wins[spec], count)
        bots.append({
            "bot": spec,
            "seat_games": count,
            "wins": _round(bot_wins[spec]),
            "win_rate": _round(bot_wins[spec] / count),
            "ci95": [_round(low), _round(high)],
            **_points(bot_points[spec]),
        })
    mean, low, high = mean_interval([float(outcome.length) for outcome in outcomes])
    truncated = sum(1 for outcome in outcomes if outcome.truncated)
    return {
        "game": settings.game_id,
        "players": settings.players,
        "games": games,
        "games_requested": settings.games,
        "partial": partial,
        "seed": settings.seed,
        "bots": list(settings.specs),
        "rotate": settings.rotate,
        "options": dict(settings.options),
        "max_length": settings.max_length,
        "max_actions": settings.max_length,
        "finished": games - truncated,
        "truncated": truncated,
        "capped": truncated,
        "seats": seats,
        "per_bot": bots,
        "length": {
            "mean": _round(mean),
            "ci95": [_round(low), _round(high)],
            "min": min((outcome.length for outcome in outcomes), default=0),
            "max": max((outcome.length for outcome in outcomes), default=0),
        },
    }


def timing(run: SimRun) -> dict[str, JSONValue]:
    """How fast the run went: seconds, games and actions per second, the bots' ms per decision, workers."""
    seconds = run.seconds
    actions = sum(outcome.length for outcome in run.outcomes)
    thinking = sum(outcome.bot_seconds for outcome in run.outcomes)
    return {
        "seconds": round(seconds, 3),
        "games_per_second": round(len(run.outcomes) / seconds, 2) if seconds > 0 else None,
        "actions_per_second": round(actions / seconds, 1) if seconds > 0 else None,
        "bot_ms_per_decision": round(1000 * thinking / actions, 3) if actions else None,
        "workers": run.workers,
        **backend_timing(run.backend, run.ray_address),
    }


def full_summary(run: SimRun) -> dict[str, JSONValue]:
    """The summary of a run (partial if it was interrupted) with its ``timing``."""
    summary = summarise(run.settings, run.outcomes, partial=run.interrupted)
    summary["timing"] = timing(run)
    return summary
