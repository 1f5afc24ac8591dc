"""How long an arena will take, from the bots' measured costs (before any game is played)."""

from __future__ import annotations

import os

from ninjadojo.arena.settings import ArenaSettings
from ninjadojo.sim import estimate as estimate_table


def estimate(settings: ArenaSettings, workers: int, games: int | None = None) -> float | None:
    """The expected seconds of ``games`` games of the arena (all, if None) on ``workers`` processes.

    Each table's games cost what :func:`ninjadojo.sim.estimate` says of its line-up; None when a
    bot's cost is unknown (``dojo games`` lists the measured ones).
    """
    total = settings.total_games if games is None else games
    per_game = 0.0
    for table in settings.tables:
        expected = estimate_table(settings.table_settings(table), 1)
        if expected is None:
            return None
        per_game += expected.seconds_per_game / len(settings.tables)
    parallel = max(1, min(workers, total, os.cpu_count() or 1))
    return total * per_game / parallel
