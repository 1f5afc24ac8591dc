"""Running the games of a simulation, here or on worker processes, and stopping cleanly on Ctrl-C.

Games are handed to the workers one at a time, so a driver hears of every game as it finishes (a
progress bar moves per game, and its rate, hence its time estimate, is the true one). Results do not
depend on the workers: each game's seeds come from its index, and the outcomes are put back in index
order.

Ctrl-C at a terminal interrupts every process of the foreground group. The workers ignore it (so none
prints a traceback); the parent stops them and returns the games already finished, marked interrupted.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from multiprocessing.pool import Pool

from ninjadojo.engine import DojoError, OptionError
from ninjadojo.engine.errors import quote
from ninjadojo.sim.play import GameOutcome, play_game
from ninjadojo.sim.settings import SimSettings

#: Most worker processes a simulation may start.
MAX_WORKERS = 256

#: The settings of the simulation a worker process serves (set once when the worker starts).
_worker_settings: SimSettings | None = None


@dataclass(frozen=True, slots=True)
class SimRun:
    """The games of a simulation that were played, in index order.

    ``interrupted``: Ctrl-C stopped the run early; ``outcomes`` then holds the games that had finished
    (a game still being played is dropped, never counted half-played).
    """

    settings: SimSettings
    outcomes: tuple[GameOutcome, ...]
    interrupted: bool
    seconds: float
    workers: int


def check_workers(workers: int) -> int:
    """``workers`` if it is a number of worker processes (1 to :data:`MAX_WORKERS`), else :class:`OptionError`."""
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise OptionError(f"the number of workers must be a whole number from 1 to {MAX_WORKERS}, not {quote(workers)}")
    return workers


def _start_worker(settings: SimSettings) -> None:
    # Ctrl-C reaches the workers too; only the parent answers it (it stops them itself).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _worker_settings
    _worker_settings = settings


def _play_in_worker(index: int) -> GameOutcome:
    assert _worker_settings is not None, "the worker was started without its settings"
    return play_game(_worker_settings, index)


@contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """Ignore Ctrl-C while worker processes are forked, so none is born before it can ignore it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _pool(settings: SimSettings, workers: int) -> Pool:
    # fork keeps the parent's registries (games and bots registered at run time, as tests do);
    # where there is no fork the workers import everything afresh.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with _ctrl_c_ignored():
        return multiprocessing.get_context(method).Pool(workers, initializer=_start_worker, initargs=(settings,))


def run_games(settings: SimSettings, workers: int = 1, on_game: Callable[[GameOutcome], None] | None = None,
              on_start: Callable[[], None] | None = None) -> SimRun:
    """Play every game of a simulation, on ``workers`` processes (1: here), calling ``on_game`` as each ends.

    Ctrl-C (``KeyboardInterrupt``) ends the run early: the games already finished are returned with
    ``interrupted`` set. A game that could not be played raises :class:`DojoError` with its reason.
    ``on_start`` is called once the worker processes exist: start any thread there (a progress
    bar's), since forking a process that runs threads is unsafe.
    """
    check_workers(workers)
    started = time.perf_counter()
    outcomes: list[GameOutcome] = []
    interrupted = False
    workers = min(workers, settings.games)
    with ExitStack() as stack:
        pool: Pool | None = None
        if workers > 1:
            pool = _pool(settings, workers)
            # Also on an error: the workers are stopped before the caller goes on.
            stack.callback(pool.join)
            stack.callback(pool.terminate)
        finished: Iterator[GameOutcome]
        if pool is None:
            finished = (play_game(settings, index) for index in range(settings.games))
        else:
            finished = pool.imap_unordered(_play_in_worker, range(settings.games), chunksize=1)
        try:
            if on_start is not None:
                on_start()
            for outcome in finished:
                if outcome.error is not None:
                    raise DojoError(outcome.error)
                outcomes.append(outcome)
                if on_game is not None:
                    on_game(outcome)
        except KeyboardInterrupt:
            interrupted = True
    outcomes.sort(key=lambda outcome: outcome.index)
    return SimRun(settings, tuple(outcomes), interrupted, time.perf_counter() - started, workers)
