"""Bots that misbehave on purpose, to test how the simulator copes."""

from __future__ import annotations

import functools
import os
import select
import signal
import subprocess
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from ninjadojo.bots import Bot, RandomBot, SeatView
from ninjadojo.sim import derive_seed

#: The base seed of the simulations that use :class:`SlowFirstGameBot` and :class:`InterruptingBot`.
BASE_SEED = 5
#: How long :class:`SlowFirstGameBot` thinks in game 0.
SLOW_SECONDS = 1.5
#: The game in which :class:`InterruptingBot` presses Ctrl-C.
INTERRUPTED_GAME = 4


def seat_seed(game: int, seat: int, base: int = BASE_SEED) -> int:
    """The seed the simulator gives the bot of ``seat`` in game ``game`` (as ``play_game`` derives it)."""
    return derive_seed(derive_seed(base, game), seat)


class BrokenBot(Bot):
    """Answers an action no game has."""

    name = "broken"

    def choose(self, view: SeatView) -> str:
        return "no-such-action"


class SlowFirstGameBot(RandomBot):
    """A random bot that, in seat 0 of game 0 (base seed :data:`BASE_SEED`), thinks for
    :data:`SLOW_SECONDS` before its first move: one game that ends long after the others."""

    name = "slow-first"

    def __init__(self, seed: int = 0, **params: object) -> None:
        super().__init__(seed, **params)
        self.slow = seed == seat_seed(0, 0)

    def choose(self, view: SeatView) -> str:
        if self.slow:
            self.slow = False
            time.sleep(SLOW_SECONDS)
        return super().choose(view)


class InterruptingBot(RandomBot):
    """A random bot that, in seat 0 of game :data:`INTERRUPTED_GAME`, raises ``KeyboardInterrupt`` as
    Ctrl-C would in the middle of that game."""

    name = "interrupting"

    def __init__(self, seed: int = 0, **params: object) -> None:
        super().__init__(seed, **params)
        self.interrupt = seed == seat_seed(INTERRUPTED_GAME, 0)

    def choose(self, view: SeatView) -> str:
        if self.interrupt:
            raise KeyboardInterrupt
        return super().choose(view)


def read_until(fd: int, enough: Callable[[str], bool], timeout: float) -> str:
    """Read a pseudo-terminal until ``enough(text so far)`` or ``timeout`` seconds pass."""
    text = ""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not enough(text):
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                text += os.read(fd, 65536).decode("utf-8", "replace")
            except OSError:  # the other end closed
                break
    return text


def ctrl_c_when_progress_holds(command: Sequence[str], progress: Path, lines: int,
                               timeout: float = 120) -> tuple[int, bytes, bytes]:
    """Run ``command`` in a session of its own, and once ``progress`` holds ``lines`` lines (or after
    ``timeout`` seconds) send SIGINT to its whole process group, as a terminal sends Ctrl-C.

    Its exit code, stdout and stderr; a process that does not end within a minute is killed.
    """
    env = {**os.environ, "COLUMNS": "120"}
    process = subprocess.Popen(list(command), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and (not progress.exists() or progress.read_text().count("\n") < lines):
            time.sleep(0.1)
        os.killpg(process.pid, signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return process.returncode, stdout, stderr


_SKIPPED = b"skipped:"


def in_forked_child(test: Callable[..., None]) -> Callable[..., None]:
    """Run a test's body in a forked child of the test process; its fixtures stay set up here.

    For tests that start Ray in the test process: Ray leaves native threads behind (they outlive
    ``ray.shutdown()``), and the worker pools of later tests in the same process would then be forked
    from a process that runs threads. The child's failure (its traceback) or skip is the test's.
    """

    @functools.wraps(test)
    def run(*args: object, **kwargs: object) -> None:
        reader, writer = os.pipe()
        child = os.fork()
        if child == 0:  # pragma: no cover - runs in the child
            os.close(reader)
            status = 0
            try:
                try:
                    test(*args, **kwargs)
                    message = b""
                except pytest.skip.Exception as skipped:
                    message = _SKIPPED + str(skipped).encode()
                except BaseException:
                    message, status = traceback.format_exc().encode(), 1
                with os.fdopen(writer, "wb") as stream:
                    stream.write(message)
            finally:
                os._exit(status)
        os.close(writer)
        with os.fdopen(reader, "rb") as stream:
            message = stream.read()
        _, status = os.waitpid(child, 0)
        if message.startswith(_SKIPPED):
            pytest.skip(message[len(_SKIPPED):].decode(errors="replace"))
        if status != 0:
            text = message.decode(errors="replace") or f"the child died (wait status {status})"
            pytest.fail(f"in the forked child:\n{text}", pytrace=False)

    return run
