"""Bots playing at the server's tables, off the event loop.

A bot thinks in a worker (a process pool by default; a thread pool where processes are not wanted)
and is given only a *detached* :class:`SeatView`: a determinised sample that holds what its seat may
know and nothing else (a pickled view is always detached). Bots keep their memory between decisions:
a process worker sends the bot back with its answer, and the table keeps that copy.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from ninjadojo.bots import Bot, SeatView
from ninjadojo.engine.state import GameState

#: Pool kinds: ``process`` (bots think in parallel, beside the server) or ``thread``.
POOL_KINDS = ("process", "thread")


def _follow_parent(parent: int) -> None:
    """Run in each worker process: exit when the server is gone (even killed with SIGKILL, which gives the
    pool no chance to stop its workers); leave Ctrl-C to the server. A terminal's Ctrl-C reaches every
    process of its group: each worker printed a KeyboardInterrupt's traceback while the server was shutting
    down in good order, and the pool it stops (``BotPool.close``) stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="dojo-follow-parent", daemon=True).start()


def _nothing() -> None:
    """Run in a worker to start it."""


def _choose(bot: Bot, view: SeatView) -> tuple[str, Bot]:
    """Run in a worker: the bot's action, and the bot itself (its memory changed by thinking)."""
    return bot.choose(view), bot


def detached_view(game: GameState[Any], seat: int) -> SeatView:
    """``seat``'s view of ``game`` as a bot in a worker gets it: a sample standing for this moment, holding
    nothing the seat may not know."""
    return SeatView(game, seat).detached()


class Unsampled:
    """A seat's position still to be sampled: a private copy of the game (taken under the table's lock, so
    that it stands for this moment whatever the table does next), made into the detached view off the
    event loop. The sample takes a game's redeal, its notation and its log (0.1 ms and more), which is
    work the event loop should not do between messages."""

    __slots__ = ("game", "seat")

    def __init__(self, game: GameState[Any], seat: int) -> None:
        self.game = game.clone()
        self.seat = seat

    def view(self) -> SeatView:
        """The detached view (see :func:`detached_view`)."""
        return detached_view(self.game, self.seat)


def _sample_and_choose(bot: Bot, pending: Unsampled) -> str:
    """Run in a thread worker: sample the position, then the bot's action on it."""
    return bot.choose(pending.view())


class BotPool:
    """Where bots think: ``workers`` processes (or threads) shared by every table."""

    def __init__(self, workers: int | None = None, kind: str = "process") -> None:
        if kind not in POOL_KINDS:
            raise ValueError(f"the bot pool is one of {', '.join(POOL_KINDS)}, not {kind!r}")
        self.kind = kind
        self.workers = workers if workers is not None else max(1, min(4, os.cpu_count() or 1))
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.kind == "process":
                # Spawned, not forked: the server has threads (the storage writer), and forking a
                # process with threads can copy a held lock.
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_follow_parent,
                                                     initargs=(os.getpid(),))
            else:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="dojo-bot")
        return self._executor

    def warm(self) -> None:
        """Start the workers now (a spawned process takes a second or two to import the games), so that
        the first bot to move does not wait for them."""
        pool = self._pool()
        for _ in range(self.workers):
            pool.submit(_nothing)

    async def choose(self, bot: Bot, pending: Unsampled) -> tuple[str, Bot]:
        """The action ``bot`` picks on the position ``pending`` stands for (sampled into the seat's detached
        view off the event loop: see :class:`Unsampled`), and the bot as it is after thinking."""
        loop = asyncio.get_running_loop()
        if self.kind == "thread":
            action = await loop.run_in_executor(self._pool(), _sample_and_choose, bot, pending)
            return action, bot
        # Sampled in a thread of this process: only the sample, never the game, goes to the workers.
        view = await loop.run_in_executor(None, pending.view)
        pool = self._pool()
        try:
            return await loop.run_in_executor(pool, _choose, bot, view)
        except BrokenExecutor:
            # A worker died (killed, out of memory): the pool refuses every task from then on, and every
            # table's bots would stop for good. A new pool takes its place, and the decision is asked again.
            self._replace(pool)
            return await loop.run_in_executor(self._pool(), _choose, bot, view)

    async def run(self, function: Any, *args: Any) -> Any:
        """``function(*args)`` in a worker (picklable, for a process pool): the share of the workers that
        reviews and hints take, queued with the bots' decisions."""
        loop = asyncio.get_running_loop()
        pool = self._pool()
        try:
            return await loop.run_in_executor(pool, function, *args)
        except BrokenExecutor:
            self._replace(pool)
            return await loop.run_in_executor(self._pool(), function, *args)

    def _replace(self, broken: Executor) -> None:
        """Drop a broken pool (once, however many decisions found it broken); the next task starts a new one."""
        if self._executor is broken:
            self._executor = None
            broken.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (thinking bots are abandoned): a worker still thinking is terminated and waited
        for, so that the server exits with nothing of the pool left behind (left to finish on its own, an
        expert's decision outlived the server, which then warned of "leaked semaphore objects")."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        # The pool's own processes (Python 3.14 has terminate_workers(); 3.11 keeps them in ``_processes``).
        workers = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(5)
        executor.shutdown(wait=True)
