"""run_jobs and Ctrl-C: a job taken in is taken in whole (what a driver saves, it also counts)."""

from __future__ import annotations

import multiprocessing
import os
import signal
from typing import Any

import pytest

from ninjadojo.sim.parallel import run_jobs


def test_ctrl_c_arriving_while_a_result_is_taken_in_comes_after_it() -> None:
    """The terminal's SIGINT lands in the middle of ``on_result`` (between a driver's save and its count):
    the run stops, but only once that result is both saved and counted."""
    saved: list[int] = []
    counted: list[int] = []

    def on_result(result: int) -> None:
        saved.append(result)  # a driver writes the result to its progress file ...
        if result == 3:
            os.kill(os.getpid(), signal.SIGINT)  # ... Ctrl-C comes ...
        counted.append(result)  # ... and it counts the result among those it reports

    run = run_jobs(abs, [-1, -2, -3, -4, -5], 1, on_result=on_result)
    assert run.interrupted
    assert saved == counted == [1, 2, 3] == list(run.results)


def test_ctrl_c_while_the_workers_start_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C that comes while the worker processes are being started (the first half second of
    ``dojo sim --workers 2``) stops the run: it was ignored there, and a 200,000-game run went on to the
    end. No job is run, the workers are stopped, and the run says it was interrupted."""
    real = multiprocessing.get_context

    class Context:
        def __init__(self, method: str) -> None:
            self.inner = real(method)

        def Pool(self, *args: Any, **kwargs: Any) -> Any:  # multiprocessing's own name
            os.kill(os.getpid(), signal.SIGINT)  # the terminal's Ctrl-C, while the pool is made
            return self.inner.Pool(*args, **kwargs)

    monkeypatch.setattr(multiprocessing, "get_context", Context)
    done: list[int] = []
    run = run_jobs(abs, list(range(-2000, 0)), 2, on_result=done.append)
    assert run.interrupted
    assert run.results == () and done == []
    # The handler is back: a later Ctrl-C is Python's KeyboardInterrupt again.
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    # A process that ignores Ctrl-C (a shell's background job) goes on ignoring it, and plays every job.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        run = run_jobs(abs, list(range(-200, 0)), 2)
        assert not run.interrupted and sorted(run.results) == list(range(1, 201))
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)
