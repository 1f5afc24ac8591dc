"""``dojo sim`` under a real Ctrl-C: SIGINT sent to the whole process group, as a terminal sends it.

The command runs in a subprocess with its stderr on a pseudo-terminal, so that the live progress bar is
drawn as a user sees it; the test reads the bar to know that games have been played, then interrupts.
"""

from __future__ import annotations

import json
import os
import pty
import re
import signal
import subprocess
import sys
import time
from typing import Any

import pytest

from cli.helpers import needs_ninja_trap, needs_ninjitsu
from sim.helpers import read_until

GAMES = 1_000_000
#: The bar's "done/total" column.
DONE = re.compile(rf"(\d+)/{GAMES}\b")


def _counts(text: str) -> list[int]:
    return [int(number) for number in DONE.findall(text)]


@needs_ninjitsu
@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_prints_the_partial_summary_with_no_traceback(workers: int) -> None:
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm-256color"}
    process = subprocess.Popen(
        [sys.executable, "-m", "ninjadojo.cli", "sim", "ninjitsu", "--players", "3", "--bots", "random",
         "--games", str(GAMES), "--workers", str(workers), "--seed", "3", "--json"],
        stdout=subprocess.PIPE, stderr=follower, stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    os.close(follower)
    try:
        # Wait until the bar shows some games done (it moves per game, with workers too).
        shown = read_until(leader, lambda text: any(count >= 20 for count in _counts(text)), timeout=120)
        seen = max(_counts(shown), default=0)
        assert seen >= 20, f"the progress bar never showed 20 games done: {shown[-500:]!r}"
        os.killpg(process.pid, signal.SIGINT)  # the whole group: the workers get it too, as at a terminal
        stdout, _ = process.communicate(timeout=60)
        rest = read_until(leader, lambda text: False, timeout=0.5)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        os.close(leader)
    stderr = shown + rest
    assert process.returncode == 130, stderr[-2000:]
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr[-3000:]
    assert "interrupted: summary of the" in stderr
    # The first games show one by one (no jump from 0 to a chunk of thousands).
    assert min(count for count in _counts(shown) if count > 0) < 1000
    summary = json.loads(stdout.decode().strip().splitlines()[-1])
    assert summary["partial"] is True and summary["games_requested"] == GAMES
    assert seen <= summary["games"] < GAMES
    assert summary["finished"] + summary["truncated"] == summary["games"]
    assert sum(row["seat_games"] for row in summary["per_bot"]) == 3 * summary["games"]


@needs_ninja_trap
@pytest.mark.slow
def test_two_ctrl_c_at_once_with_workers_still_end_with_the_partial_summary(tmp_path: Any) -> None:
    """Two interrupts in quick succession (``timeout -s INT`` sends two; an impatient user presses twice):
    the second must not land in the stopping of the workers and leave the run waiting for ever."""
    for attempt in range(3):  # the old build hung at three runs in four
        out, err = tmp_path / f"out{attempt}", tmp_path / f"err{attempt}"
        with out.open("wb") as stdout, err.open("wb") as stderr:
            process = subprocess.Popen(
                [sys.executable, "-m", "ninjadojo.cli", "sim", "ninja-trap", "--players", "4", "--games", "200000",
                 "--workers", "2", "--seed", str(attempt)],
                stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL, start_new_session=True)
            try:
                # Once the run has started (its estimate is printed just before its workers start: on a busy
                # machine the imports alone can take seconds), and has had time to finish some games.
                deadline = time.monotonic() + 60
                while "games will take" not in err.read_text() and time.monotonic() < deadline:
                    time.sleep(0.05)
                time.sleep(1)
                os.killpg(process.pid, signal.SIGINT)
                time.sleep(0.002)  # apart, or the two signals merge into one (a pending signal is not queued)
                os.killpg(process.pid, signal.SIGINT)
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                pass
            finally:
                hung = process.poll() is None
                if hung:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
        assert not hung, f"attempt {attempt}: still running a minute after two Ctrl-C"
        assert process.returncode == 130, f"attempt {attempt}: exit {process.returncode}: {err.read_text()[-800:]}"
        assert "interrupted: summary of the" in err.read_text(), err.read_text()[-800:]
        assert "per seat" in out.read_text() or out.read_text().strip(), "the partial summary is printed"
