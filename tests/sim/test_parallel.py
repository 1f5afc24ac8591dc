"""run_jobs and Ctrl-C: a job taken in is taken in whole (what a driver saves, it also counts)."""

from __future__ import annotations

import os
import signal

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
