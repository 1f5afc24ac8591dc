"""Running the games of a simulation, here or on worker processes, and stopping cleanly on Ctrl-C.

Games are handed to the workers one at a time, so a driver hears of every game as it finishes (a
progress bar moves per game, and its rate, hence its time estimate, is the true one). Results do not
depend on the workers: each game's seeds come from its index, and the outcomes are put back in index
order. The worker machinery is :func:`ninjadojo.sim.parallel.run_jobs`: Ctrl-C stops the workers and
returns the games already finished, marked interrupted. With ``ray=ADDRESS`` the games are Ray tasks
(:mod:`ninjadojo.sim.cluster`), with the same outcomes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ninjadojo.engine import DojoError
from ninjadojo.sim.parallel import MAX_WORKERS, check_ray_address, check_workers, run_jobs
from ninjadojo.sim.play import GameOutcome, play_game
from ninjadojo.sim.settings import SimSettings

__all__ = ["MAX_WORKERS", "SimRun", "check_ray_address", "check_workers", "run_games"]


@dataclass(frozen=True, slots=True)
class SimRun:
    """The games of a simulation that were played, in index order.

    ``interrupted``: Ctrl-C stopped the run early; ``outcomes`` then holds the games that had finished
    (a game still being played is dropped, never counted half-played). ``backend`` is ``"local"`` or
    ``"ray"`` (then ``ray_address`` says which cluster).
    """

    settings: SimSettings
    outcomes: tuple[GameOutcome, ...]
    interrupted: bool
    seconds: float
    workers: int
    backend: str = "local"
    ray_address: str | None = None


def run_games(settings: SimSettings, workers: int | None = 1, on_game: Callable[[GameOutcome], None] | None = None,
              on_start: Callable[[], None] | None = None, ray: str | None = None) -> SimRun:
    """Play every game of a simulation, on ``workers`` processes (1: here), calling ``on_game`` as each ends.

    ``ray``: play them as tasks on that Ray cluster instead (``local``, ``auto``, ``HOST:PORT`` or
    ``ray://HOST:PORT``; see :func:`~ninjadojo.sim.parallel.run_jobs`), ``workers`` at a time
    (``None``: as many as the cluster has CPUs). The outcomes are the same as here.

    Ctrl-C (``KeyboardInterrupt``) ends the run early: the games already finished are returned with
    ``interrupted`` set. A game that could not be played raises :class:`DojoError` with its reason.
    ``on_start`` is called once the worker processes exist: start any thread there (a progress
    bar's), since forking a process that runs threads is unsafe.
    """
    def report(outcome: GameOutcome) -> None:
        if outcome.error is not None:
            raise DojoError(outcome.error)
        if on_game is not None:
            on_game(outcome)

    run = run_jobs(partial(play_game, settings), range(settings.games), workers, report, on_start, ray)
    outcomes = sorted(run.results, key=lambda outcome: outcome.index)
    return SimRun(settings, tuple(outcomes), run.interrupted, run.seconds, run.workers, run.backend, run.ray_address)
