"""Arenas: round robins and gauntlets between bot specs, rated, on shared deals, resumable.

::

    >>> from ninjadojo.arena import ArenaSettings, run_arena, summarise
    >>> settings = ArenaSettings.build("ninja-trap", ["heuristic", "random"], players=2, games=4, seed=1)
    >>> run = run_arena(settings)
    >>> results = summarise(settings, run.outcomes)
    >>> results["games"], [row["bot"] for row in results["standings"]]
    (4, ['heuristic', 'random'])

:class:`ArenaSettings` checks and holds what decides the results and says which line-ups meet
(``tables``) and which game is which (:meth:`ArenaSettings.game`): every table plays the same deals
in every seat rotation. :func:`run_arena` plays the games on worker processes if asked, kept game by
game in a :class:`Progress` file when the arena has a folder, so a rerun continues where Ctrl-C
stopped it. :func:`summarise` makes the results (openskill ratings with ``mu ± 1.96 sigma``, win
shares against the fair share with Wilson intervals, head to head), :func:`write_plot` draws them,
:func:`estimate` says how long an arena will take. ``dojo arena`` is a thin shell over these.
"""

from ninjadojo.arena.estimate import estimate
from ninjadojo.arena.play import ArenaOutcome, play_arena_game
from ninjadojo.arena.plot import PLOT_FORMATS, check_plot_path, write_plot
from ninjadojo.arena.progress import PROGRESS_FILE, RESULTS_FILE, Progress
from ninjadojo.arena.ratings import INTERVAL, MODEL, Rating, game_ranks, rate
from ninjadojo.arena.runner import ArenaRun, run_arena
from ninjadojo.arena.settings import GAUNTLET, ROUND_ROBIN, ArenaGame, ArenaSettings, make_tables
from ninjadojo.arena.summary import full_results, summarise, timing

__all__ = [
    "GAUNTLET",
    "INTERVAL",
    "MODEL",
    "PLOT_FORMATS",
    "PROGRESS_FILE",
    "RESULTS_FILE",
    "ROUND_ROBIN",
    "ArenaGame",
    "ArenaOutcome",
    "ArenaRun",
    "ArenaSettings",
    "Progress",
    "Rating",
    "check_plot_path",
    "estimate",
    "full_results",
    "game_ranks",
    "make_tables",
    "play_arena_game",
    "rate",
    "run_arena",
    "summarise",
    "timing",
    "write_plot",
]
