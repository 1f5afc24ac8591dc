"""How fast a report's games went: this run's own rates, and optionally a short bench of the engine alone."""

from __future__ import annotations

from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.games import game_class
from ninjadojo.report.collect import ReportRun
from ninjadojo.sim.bench import bench_playouts

#: Seconds the engine bench of ``speed.engine`` plays random games for.
ENGINE_BENCH_SECONDS = 2.0


def speed_data(run: ReportRun, engine: bool = True, seconds: float = ENGINE_BENCH_SECONDS) -> dict[str, JSONValue]:
    """The ``speed`` of report.json: this run's wall-clock seconds, games and actions per second.

    The rates count only the games this run played (not those read back from the folder); with none
    played they are None. ``engine``: also :func:`~ninjadojo.sim.bench.bench_playouts` for about
    ``seconds`` at the report's largest player count, first variant's options (one core, here).
    Keys beyond the contract: ``games`` and ``actions`` (this run's).
    """
    settings = run.settings
    elapsed = run.seconds
    rate = run.played / elapsed if elapsed > 0 and run.played else None
    bench: dict[str, JSONValue] | None = None
    if engine:
        bench = bench_playouts(game_class(settings.game_id), max(settings.player_counts),
                               settings.variants[0].options, seconds, settings.seed)
    return {
        "seconds": round(elapsed, 3),
        "workers": run.workers,
        "backend": run.backend,
        "games": run.played,
        "actions": run.actions,
        "games_per_second": None if rate is None else round(rate, 2),
        "games_per_second_per_worker": None if rate is None else round(rate / run.workers, 2),
        "actions_per_second": round(run.actions / elapsed, 1) if elapsed > 0 and run.played else None,
        "engine": bench,
    }
