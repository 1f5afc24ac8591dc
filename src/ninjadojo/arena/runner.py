"""Running an arena's games, here or on worker processes, kept in its progress file as they finish.

The games are the jobs of :func:`ninjadojo.sim.parallel.run_jobs` (one at a time to each worker, a
clean stop on Ctrl-C). Each finished game is written to the progress file (when the arena has a
folder) before anyone hears of it, so Ctrl-C, or the machine stopping, loses at most the games being
played; a rerun plays only the games not yet written. With ``ray=ADDRESS`` the games are Ray tasks
(:mod:`ninjadojo.sim.cluster`); they are still written here, by this process, as they come back.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from typing import IO

from ninjadojo.arena.play import ArenaOutcome, play_arena_game
from ninjadojo.arena.progress import Progress, outcome_line
from ninjadojo.arena.settings import ArenaSettings
from ninjadojo.engine import DojoError
from ninjadojo.sim.parallel import check_ray_address, run_jobs
from ninjadojo.sim.runner import check_workers


@dataclass(frozen=True, slots=True)
class ArenaRun:
    """The games of an arena played so far, in index order (the ones read from its folder included).

    ``interrupted``: Ctrl-C stopped this run early. ``resumed``: how many games came from the folder.
    ``seconds``, ``workers``, ``backend`` (``"local"`` or ``"ray"``) and ``ray_address`` are this run's.
    """

    settings: ArenaSettings
    outcomes: tuple[ArenaOutcome, ...]
    interrupted: bool
    resumed: int
    seconds: float
    workers: int
    backend: str = "local"
    ray_address: str | None = None

    @property
    def complete(self) -> bool:
        """Whether every game of the arena has been played."""
        return len(self.outcomes) == self.settings.total_games


def run_arena(settings: ArenaSettings, workers: int | None = 1, progress: Progress | None = None,
              on_game: Callable[[ArenaOutcome], None] | None = None,
              on_start: Callable[[], None] | None = None, ray: str | None = None) -> ArenaRun:
    """Play every game of the arena not yet in ``progress`` on ``workers`` processes (1: here).

    Each game is appended to ``progress`` (if given) as it finishes, then ``on_game`` is called.
    Ctrl-C ends the run early with the games finished so far (``interrupted``). A game that could not
    be played raises :class:`DojoError` with its reason; the games written before it stay written.
    ``on_start`` is called once the worker processes exist (see :func:`~ninjadojo.sim.parallel.run_jobs`).
    ``ray``: play them as tasks on that Ray cluster (see there), ``workers`` at a time (``None``: the
    cluster's CPUs); the outcomes are the same.
    """
    if workers is not None:
        check_workers(workers)
    if ray is not None:
        check_ray_address(ray)
    done = dict(progress.done) if progress is not None else {}
    todo = [index for index in range(settings.total_games) if index not in done]
    with ExitStack() as stack:
        # The progress file is opened (its folder made) with the first finished game, not before: a run
        # that fails to start (a Ray cluster that cannot be reached) writes nothing.
        streams: list[IO[str]] = []

        def finished(outcome: ArenaOutcome) -> None:
            if outcome.error is not None:
                raise DojoError(outcome.error)
            if progress is not None:
                if not streams:
                    streams.append(stack.enter_context(progress.appending()))
                streams[0].write(outcome_line(outcome, settings))
                streams[0].flush()
            done[outcome.index] = outcome
            if on_game is not None:
                on_game(outcome)

        jobs = run_jobs(functools.partial(play_arena_game, settings), todo, workers, finished, on_start, ray)
    outcomes = tuple(done[index] for index in sorted(done))
    resumed = len(progress.done) if progress is not None else 0
    return ArenaRun(settings, outcomes, jobs.interrupted, resumed, jobs.seconds, jobs.workers, jobs.backend,
                    jobs.ray_address)
