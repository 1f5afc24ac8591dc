"""Running independent jobs here or on worker processes, each reported as it finishes, stopping cleanly on Ctrl-C.

The generic part of :mod:`ninjadojo.sim.runner`, for drivers whose jobs are not a simulation's
numbered games (``ninjadojo.arena`` plays line-ups in every seat rotation on shared deals).

::

    >>> from ninjadojo.sim.parallel import run_jobs
    >>> run = run_jobs(abs, [-2, 3, -1])
    >>> sorted(run.results), run.interrupted
    ([1, 2, 3], False)

Jobs are handed to the workers one at a time, so a driver hears of every job as it finishes (in
the order they finish, not the order given). Ctrl-C at a terminal interrupts every process of the
foreground group: the workers ignore it (so none prints a traceback), and the parent stops them and
returns the results it already has, marked interrupted; a job still running is dropped.

With ``ray=ADDRESS`` the jobs run as Ray tasks instead, on a private local Ray instance or an existing
cluster, with the same results and the same reporting (:mod:`ninjadojo.sim.cluster`, docs/cluster.md).
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from multiprocessing.pool import Pool
from typing import Any, Generic, TypeVar

from ninjadojo.engine import OptionError
from ninjadojo.engine.errors import quote

#: Most worker processes a run may start.
MAX_WORKERS = 256

Job = TypeVar("Job")
Result = TypeVar("Result")

#: The function a worker process runs on each job (set once when the worker starts).
_worker_function: Callable[[Any], Any] | None = None


@dataclass(frozen=True, slots=True)
class JobsRun(Generic[Result]):
    """What :func:`run_jobs` did: the results in the order the jobs finished, and whether Ctrl-C cut it short."""

    results: tuple[Result, ...]
    interrupted: bool
    seconds: float
    workers: int
    #: ``"local"`` (this process or its worker processes) or ``"ray"``.
    backend: str = "local"
    #: The Ray cluster's address (``local`` for a private instance), when ``backend`` is ``"ray"``.
    ray_address: str | None = None


def backend_timing(backend: str, ray_address: str | None) -> dict[str, str]:
    """Where a run ran, for a summary's ``timing``: ``{"backend": "local"}`` or also the Ray address."""
    if ray_address is None:
        return {"backend": backend}
    return {"backend": backend, "ray_address": ray_address}


def check_workers(workers: int) -> int:
    """``workers`` if it is a number of worker processes (1 to :data:`MAX_WORKERS`), else :class:`OptionError`."""
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise OptionError(f"the number of workers must be a whole number from 1 to {MAX_WORKERS}, not {quote(workers)}")
    return workers


class _InterruptedInWorker(Exception):
    """A job raised ``KeyboardInterrupt`` in a worker process (a pool loses a job that raises a
    ``BaseException``, and would wait for it forever): it stops the run as Ctrl-C does."""


def _start_worker(function: Callable[[Any], Any]) -> None:
    # Ctrl-C reaches the workers too; only the parent answers it (it stops them itself).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _worker_function
    _worker_function = function


def _run_in_worker(job: Any) -> Any:
    assert _worker_function is not None, "the worker was started without its function"
    try:
        return _worker_function(job)
    except KeyboardInterrupt:
        raise _InterruptedInWorker from None


@contextmanager
def _ctrl_c_noted() -> Iterator[list[int]]:
    """Note Ctrl-C, rather than act on it, while worker processes are forked: none is born before it can
    ignore it, and the pool is whole when the run stops. The list yielded holds the signals that came
    (the caller stops the run when it is not empty: a Ctrl-C at start-up used to be lost, and the run
    went on for its whole length)."""
    caught: list[int] = []
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) == signal.SIG_IGN):
        # Elsewhere no handler may be set; and a process that ignores Ctrl-C (started in the background
        # by a shell) goes on ignoring it.
        yield caught
        return
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield caught
    finally:
        signal.signal(signal.SIGINT, previous)


#: Set once Ray has run in this process: it leaves native threads behind (gRPC's) even after
#: ``ray.shutdown()``, and forking a process that runs threads can hang the child.
_threads_left_behind = False


def threads_left_behind() -> None:
    """Say that this process now runs threads of a library (Ray's): later worker pools are not forked."""
    global _threads_left_behind
    _threads_left_behind = True


@contextmanager
def ctrl_c_deferred() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back while a finished job is taken in, so that a driver that saves it (a
    progress file) also counts it: the interrupt comes right after, never between the two.

    Python runs signal handlers in the main thread whichever thread the signal reaches (a progress
    bar's, say), so the handler is swapped for one that only notes the signal, and the previous one is
    called after. Only in the main thread (elsewhere no handler may be set, and none runs).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            if callable(previous):
                previous(signal.SIGINT, None)  # Python's default handler raises KeyboardInterrupt
            elif previous == signal.SIG_DFL:
                raise KeyboardInterrupt


def _stop(pool: Pool) -> None:
    """Terminate the workers and wait for them, with Ctrl-C ignored meanwhile: a second Ctrl-C right after
    the first (``timeout -s INT`` sends two) would land inside ``terminate`` and leave the pool half
    stopped, and ``join`` waiting for ever. Only in the main thread (elsewhere no handler may be set)."""
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        pool.terminate()
        pool.join()
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)


def _pool(function: Callable[[Any], Any], workers: int) -> tuple[Pool, bool]:
    """A pool of ``workers`` processes running ``function``, and whether Ctrl-C came while it was made."""
    # fork keeps the parent's registries (games and bots registered at run time, as tests do);
    # where there is no fork, or forking is unsafe (threads left by Ray), the workers start from a clean
    # server process and import everything afresh (then ``function`` must pickle).
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and not _threads_left_behind:
        method = "fork"
    else:
        method = "forkserver" if "forkserver" in methods else "spawn"
    with _ctrl_c_noted() as caught:
        pool = multiprocessing.get_context(method).Pool(workers, initializer=_start_worker, initargs=(function,))
    return pool, bool(caught)


def check_ray_address(address: str) -> str:
    """``address`` if it names a Ray cluster (``local``, ``auto``, ``HOST:PORT``, ``ray://HOST:PORT``), else
    :class:`OptionError`. Only the form is checked (Ray need not be installed); connecting checks the rest."""
    from ninjadojo.sim.cluster import check_ray_address as check

    return check(address)


def run_jobs(function: Callable[[Job], Result], jobs: Sequence[Job], workers: int | None = 1,
             on_result: Callable[[Result], None] | None = None,
             on_start: Callable[[], None] | None = None, ray: str | None = None) -> JobsRun[Result]:
    """``function`` on every job, on ``workers`` processes (1: here), calling ``on_result`` as each finishes.

    ``function`` must be deterministic in its job for the results not to depend on the workers.
    Ctrl-C (``KeyboardInterrupt``, also when raised by ``on_result`` or by a job, in a worker too) ends
    the run early: the results already in are returned with ``interrupted`` set. Any other exception
    stops the workers and propagates. ``on_start`` is called once the worker processes exist: start any thread there (a
    progress bar's), since forking a process that runs threads is unsafe. ``workers`` is checked
    with :func:`check_workers`; ``None`` means 1 here, and the cluster's CPUs on Ray.

    ``ray``: run the jobs as Ray tasks instead (:mod:`ninjadojo.sim.cluster`): ``local`` starts a
    private Ray instance for this run with ``workers`` CPUs; ``auto``, ``HOST:PORT`` or
    ``ray://HOST:PORT`` connect to an existing cluster, which is only disconnected from at the end.
    At most ``workers`` tasks are in flight. Ray missing, or an address that is malformed or does not
    answer, raises :class:`OptionError` before any job runs. The results are the same as here.
    """
    if workers is not None:
        check_workers(workers)
    if ray is not None:
        from ninjadojo.sim.cluster import run_on_ray

        return run_on_ray(function, jobs, workers, on_result, on_start, ray)
    workers = workers or 1
    started = time.perf_counter()
    results: list[Result] = []
    interrupted = False
    workers = max(1, min(workers, len(jobs)))
    with ExitStack() as stack:
        pool: Pool | None = None
        stopped = False
        if workers > 1:
            pool, stopped = _pool(function, workers)
            # Also on an error: the workers are stopped before the caller goes on.
            stack.callback(_stop, pool)
        finished: Iterator[Result]
        if stopped:
            finished = iter(())  # Ctrl-C while the workers started: no job is run
            interrupted = True
        elif pool is None:
            finished = (function(job) for job in jobs)
        else:
            finished = pool.imap_unordered(_run_in_worker, jobs, chunksize=1)
        try:
            if on_start is not None:
                on_start()
            for result in finished:
                with ctrl_c_deferred():
                    results.append(result)
                    if on_result is not None:
                        on_result(result)
        except (KeyboardInterrupt, _InterruptedInWorker):
            interrupted = True
    return JobsRun(tuple(results), interrupted, time.perf_counter() - started, workers)
