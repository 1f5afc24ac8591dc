"""Reviews of finished games and hints during play, computed in the bots' workers (``ninjadojo.review``).

A review rates every decision of one seat of a finished game by the expert search run on that seat's own
view at that moment (see docs/server-protocol.md, ``POST /api/tables/{table}/review``). It costs about a
minute of a worker, so the server runs it off the event loop in the bots' pool, one review at a time per
table and at most :data:`MAX_REVIEWS` at once on the server; more wait their turn (``queued``, first come
first served, at most :data:`REVIEWS_QUEUED` of them), and it refuses more than that (429 ``busy``) and more
than :data:`REVIEWS_PER_HOUR` started by one address, and keeps the last :data:`REVIEWS_KEPT` results in
memory (a finished game never changes, so a kept review never goes stale; a restart forgets them).

Progress: a review in a thread worker reports each decision reviewed to its job directly; in a process
worker it appends each one, as a line of JSON, to a small file of the server's own folder, read when a
client asks. So a running review's state carries the decisions reviewed so far (``moves``), and a client
shows them as they come.
"""

from __future__ import annotations

import asyncio
import json
import logging
import tempfile
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ninjadojo.engine.state import GameState, Record
from ninjadojo.server.bots import BotPool
from ninjadojo.server.errors import ApiError

log = logging.getLogger("ninjadojo.server")

#: Reviews running at once on the server (each holds a worker for about a minute); ``None``: half the bots'
#: workers, at least one, so that with two workers or more the bots keep the others.
MAX_REVIEWS: int | None = None

#: Reviews waiting for a free slot at once (each waits about a minute per review ahead of it); more are refused.
REVIEWS_QUEUED = 8

#: Reviews one client address may start in an hour (a review kept in memory costs nothing to ask again).
REVIEWS_PER_HOUR = 20

#: Finished reviews kept in memory, the least recently asked for dropped first.
REVIEWS_KEPT = 64

#: The most decisions of one seat a review takes on (a game of 5,000 actions would hold a worker for hours).
MAX_REVIEW_DECISIONS = 400

#: The search's budget of a review and of a hint, in iterations a decision (``None``: the review library's
#: default, which reviews a game of 40 decisions in about a minute on one core).
REVIEW_ITERATIONS: int | None = None
HINT_ITERATIONS: int | None = None


def _budget(iterations: int | None) -> dict[str, Any]:
    """The keyword arguments that give the review library a budget (none: its default)."""
    return {} if iterations is None else {"iterations": iterations}


def review_in_worker(record: Record, seat: int, iterations: int | None, hindsight: bool,
                     progress: str) -> dict[str, Any]:
    """Run in a process worker: the review of ``seat`` in the finished game of ``record`` (``hindsight``: with
    the second search on the true position), as JSON (the engine's words: seats written ``P<n>``, as in
    every label the server sends).

    ``progress``: a file that gets, as whole lines of JSON, ``{"total": n}`` before the first decision, then
    each decision's review (``MoveReview.to_json()``) as soon as it is done (see :meth:`ReviewJob.read_progress`).
    """
    from ninjadojo.review import MoveReview, review_record

    def write(line: dict[str, Any]) -> None:
        # One write of a whole line: a reader meets at most one line cut short, the last, and skips it.
        with open(progress, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(line, separators=(",", ":")) + "\n")

    def on_move(done: int, total: int) -> None:
        if done == 0:
            write({"total": total})

    def on_decision(move: MoveReview) -> None:
        write(dict(move.to_json()))

    review = review_record(record, seat, on_move=on_move, on_decision=on_decision, hindsight=hindsight,
                           **_budget(iterations))
    return dict(review.to_json())


def review_in_thread(record: Record, seat: int, iterations: int | None, hindsight: bool,
                     job: ReviewJob) -> dict[str, Any]:
    """Run in a thread worker: as :func:`review_in_worker`, reporting progress to ``job`` itself."""
    from ninjadojo.review import MoveReview, review_record

    def on_move(done: int, total: int) -> None:
        job.done, job.total = done, total

    def on_decision(move: MoveReview) -> None:
        job.moves.append(dict(move.to_json()))

    review = review_record(record, seat, on_move=on_move, on_decision=on_decision, hindsight=hindsight,
                           **_budget(iterations))
    return dict(review.to_json())


def hint_in_worker(game: GameState[Any], seat: int, iterations: int | None, seed: int) -> dict[str, Any]:
    """Run in a worker: the hint for ``seat`` on ``game`` (a copy taken under the table's lock), as JSON.

    The library searches on ``seat``'s own view (its samples are functions of what the seat may know, and of
    its memory of its own actions, which the game's record gives); the server only ever asks it for the seat
    whose token asked.
    """
    from ninjadojo.review import hint

    return dict(hint(game, seat, seed=seed, **_budget(iterations)).to_json())


@dataclass
class ReviewJob:
    """One seat's review of one finished table: queued (waiting for a free slot), running, done or failed."""

    table: str
    seat: int
    #: Whether each decision is searched a second time on the true position (the game is over: every card
    #: may be shown), at twice the cost.
    hindsight: bool = False
    status: str = "running"
    #: While queued: the reviews that run or wait before it (set by :class:`Reviews` when asked).
    ahead: int = 0
    done: int = 0
    total: int = 0
    review: dict[str, Any] | None = None
    error: str | None = None
    started: float = field(default_factory=time.time)
    progress_file: str | None = None
    #: The decisions reviewed so far, while it runs (``MoveReview.to_json()`` each, in the order done).
    moves: list[dict[str, Any]] = field(default_factory=list)
    #: How far the progress file has been read (bytes), so that each question reads only what is new.
    _read: int = field(default=0, repr=False)

    def read_progress(self) -> None:
        """Take what a process worker wrote to its file since the last question: the total, and each
        decision reviewed (a line cut short, being written, is left for the next question)."""
        if self.progress_file is None or self.status != "running":
            return
        try:
            with open(self.progress_file, "rb") as handle:
                handle.seek(self._read)
                data = handle.read()
        except OSError:
            return  # not written yet: the last figures stand
        whole = data[:data.rfind(b"\n") + 1]
        self._read += len(whole)
        for line in whole.splitlines():
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if isinstance(entry, dict) and set(entry) == {"total"}:
                self.total = int(entry["total"])
            elif isinstance(entry, dict):
                self.moves.append(entry)
        self.done = max(self.done, len(self.moves))

    def to_json(self) -> dict[str, Any]:
        """What ``GET .../review`` answers (see the protocol): while it runs, the decisions reviewed so far in
        ``moves`` (in the game's order); once done, ``review`` has them all and ``moves`` is empty."""
        self.read_progress()
        running = self.status == "running"
        moves = sorted(self.moves, key=lambda move: int(move.get("number", 0))) if running else []
        answer = {"table": self.table, "seat": self.seat, "hindsight": self.hindsight, "status": self.status,
                  "done": self.done, "total": self.total, "moves": moves, "review": self.review, "error": self.error}
        if self.status == "queued":
            answer["ahead"] = self.ahead
        return answer


class Reviews:
    """The reviews of the server's finished tables: started, running, kept (see the module docstring)."""

    def __init__(self, pool: BotPool, *, iterations: int | None = REVIEW_ITERATIONS,
                 hint_iterations: int | None = HINT_ITERATIONS, max_running: int | None = MAX_REVIEWS,
                 max_queued: int = REVIEWS_QUEUED, per_hour: int = REVIEWS_PER_HOUR, kept: int = REVIEWS_KEPT,
                 max_decisions: int = MAX_REVIEW_DECISIONS) -> None:
        self.pool = pool
        self.iterations = iterations
        self.hint_iterations = hint_iterations
        self.max_running = max(1, pool.workers // 2) if max_running is None else max_running
        self.max_queued = max_queued
        #: The slots a review runs in (made with the first review, in the event loop's thread).
        self._slots: asyncio.Semaphore | None = None
        self.per_hour = per_hour
        self.kept = kept
        self.max_decisions = max_decisions
        #: Every job by (table, seat): the running ones, and the finished ones kept (least recent first).
        self.jobs: OrderedDict[tuple[str, int, bool], ReviewJob] = OrderedDict()
        #: Reviews started by each address: (the hour's window start, count).
        self._started: dict[str, tuple[float, int]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._folder: tempfile.TemporaryDirectory[str] | None = None

    def running(self) -> list[ReviewJob]:
        """The reviews running now."""
        return [job for job in self.jobs.values() if job.status == "running"]

    def queued(self) -> list[ReviewJob]:
        """The reviews waiting for a slot, the first to start first."""
        return sorted((job for job in self.jobs.values() if job.status == "queued"), key=lambda job: job.started)

    def get(self, table: str, seat: int, hindsight: bool = False) -> ReviewJob | None:
        """The job of ``seat``'s review at ``table`` (with ``hindsight`` or without), or ``None``."""
        job = self.jobs.get((table, seat, hindsight))
        if job is not None:
            self.jobs.move_to_end((table, seat, hindsight))
            self._count_ahead(job)
        return job

    def _count_ahead(self, job: ReviewJob) -> None:
        """Set how many reviews run or wait before ``job``, if it is queued."""
        if job.status == "queued":
            place = next(number for number, other in enumerate(self.queued()) if other is job)
            job.ahead = len(self.running()) + place

    def start(self, table: str, game: GameState[Any], seat: int, client: str, hindsight: bool = False) -> ReviewJob:
        """Start ``seat``'s review of the finished ``game`` (the table ``table``), or give the one already
        running or done; refused (nothing started) when the table or the server is busy or the address has
        started too many."""
        existing = self.get(table, seat, hindsight)
        if existing is not None and existing.status != "failed":
            return existing
        other = next((job for job in self.running() + self.queued() if job.table == table), None)
        if other is not None:
            kind = " (with hindsight)" if other.hindsight else ""
            raise ApiError(429, "busy", f"this table's review of seat {other.seat}{kind} is {other.status}: one "
                                        "review at a time per table; ask again when it is done")
        if len(self.running()) >= self.max_running and len(self.queued()) >= self.max_queued:
            many = "review" if self.max_running == 1 else "reviews"
            raise ApiError(429, "busy", f"this server runs at most {self.max_running} {many} at once and "
                                        f"{self.max_queued} more are waiting; try again in a few minutes")
        decisions = sum(1 for who, _ in game.record.actions if who == seat)
        if decisions > self.max_decisions:
            raise ApiError(409, "too_long", f"seat {seat} made {decisions} decisions in this game; this server "
                                            f"reviews at most {self.max_decisions} a seat")
        now = time.monotonic()
        window, count = self._started.get(client, (now, 0))
        if now - window >= 3600:
            window, count = now, 0
        if count >= self.per_hour:
            raise ApiError(429, "rate_limited", f"one address starts at most {self.per_hour} reviews an hour; "
                                                "reviews already made are shown at once")
        if len(self._started) > 10_000:
            self._started.clear()  # a crude bound on memory, as the HTTP limiter's
        self._started[client] = (window, count + 1)
        # The total is the worker's to say: the seat's actions counted here include its only choices and swaps,
        # which are not reviewed ("0 of 10" became "0 of 9" once it started). Until then the page says "…".
        job = ReviewJob(table, seat, hindsight, total=0)
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.max_running)
        if len(self.running()) >= self.max_running or self.queued():
            # Every slot taken: it waits its turn (a semaphore wakes its waiters first come, first served).
            job.status = "queued"
        self.jobs[(table, seat, hindsight)] = job
        self._count_ahead(job)
        self._trim()
        task = asyncio.get_running_loop().create_task(self._run(job, game.record.copy()))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return job

    async def _run(self, job: ReviewJob, record: Record) -> None:
        assert self._slots is not None
        try:
            async with self._slots:
                job.status = "running"
                await self._review(job, record)
        except asyncio.CancelledError:
            job.status, job.error = "failed", "the server stopped during the review"
            raise
        finally:
            self._trim()

    async def _review(self, job: ReviewJob, record: Record) -> None:
        try:
            if self.pool.kind == "thread":
                result = await self.pool.run(review_in_thread, record, job.seat, self.iterations, job.hindsight, job)
            else:
                job.progress_file = str(self._progress_folder() / f"{job.table}-{job.seat}-{int(job.hindsight)}")
                result = await self.pool.run(review_in_worker, record, job.seat, self.iterations, job.hindsight,
                                             job.progress_file)
            job.review = result
            moves = result.get("moves")
            job.done = job.total = len(moves) if isinstance(moves, list) else job.total
            job.status = "done"
            job.moves = []  # the review has them all
        except Exception as error:  # (not a cancellation: _run marks that)
            log.exception("table %s: the review of seat %d failed", job.table, job.seat)
            job.status, job.error = "failed", f"the review failed ({type(error).__name__}); ask again to retry"
        finally:
            if job.progress_file is not None:
                Path(job.progress_file).unlink(missing_ok=True)

    def _progress_folder(self) -> Path:
        if self._folder is None:
            self._folder = tempfile.TemporaryDirectory(prefix="dojo-reviews-")
        return Path(self._folder.name)

    def _trim(self) -> None:
        """Keep at most :attr:`kept` finished reviews (running or queued ones are never dropped)."""
        finished = [key for key, job in self.jobs.items() if job.status not in ("running", "queued")]
        for key in finished[:max(0, len(finished) - self.kept)]:
            del self.jobs[key]

    async def hint(self, game: GameState[Any], seat: int, seed: int) -> dict[str, Any]:
        """The hint for ``seat`` on ``game`` (a copy nobody changes: see :func:`hint_in_worker`), from a worker."""
        result: dict[str, Any] = await self.pool.run(hint_in_worker, game, seat, self.hint_iterations, seed)
        return result

    def close(self) -> None:
        """Stop the reviews (their workers are stopped with the bots') and remove the progress files."""
        for task in list(self._tasks):
            task.cancel()
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None
