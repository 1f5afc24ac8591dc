"""Driving many games: line-ups of bots, seeds, worker processes, summaries with Wilson intervals.

::

    >>> from ninjadojo.sim import SimSettings, run_games, full_summary
    >>> settings = SimSettings.build("ninjitsu", players=3, bots=["random"], games=4, seed=1)
    >>> summary = full_summary(run_games(settings))
    >>> summary["games"], summary["partial"]
    (4, False)

:class:`SimSettings` checks and holds what decides the results; :func:`run_games` plays the games
(on worker processes, or on a Ray cluster, if asked, stopping cleanly on Ctrl-C); :func:`summarise` and
:func:`full_summary` make the JSON summary; :func:`estimate` says how long a simulation will take
from the bots' measured costs. ``dojo sim`` is a thin shell over these.
"""

from ninjadojo.sim.bench import bench_bots, bench_playouts
from ninjadojo.sim.estimate import Estimate, estimate
from ninjadojo.sim.parallel import backend_timing
from ninjadojo.sim.play import GameOutcome, play_game
from ninjadojo.sim.runner import MAX_WORKERS, SimRun, check_ray_address, check_workers, run_games
from ninjadojo.sim.seeds import derive_seed
from ninjadojo.sim.settings import MAX_GAMES, SimSettings
from ninjadojo.sim.stats import mean_interval, wilson_interval
from ninjadojo.sim.summary import full_summary, summarise, timing

__all__ = [
    "MAX_GAMES",
    "MAX_WORKERS",
    "Estimate",
    "GameOutcome",
    "SimRun",
    "SimSettings",
    "backend_timing",
    "bench_bots",
    "bench_playouts",
    "check_ray_address",
    "check_workers",
    "derive_seed",
    "estimate",
    "full_summary",
    "mean_interval",
    "play_game",
    "run_games",
    "summarise",
    "timing",
    "wilson_interval",
]
