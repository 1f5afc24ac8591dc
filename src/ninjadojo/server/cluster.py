"""Several server processes over one PostgreSQL, serving the same tables.

Any process accepts any player of any table; each keeps the tables its players use in memory. What
keeps them one server:

- **Actions are serialised by the database.** An action is stored as event ``n`` of its table, and
  ``(table, n)`` is the events' primary key: of two processes storing an action at the same point, the
  second's write fails. That process then catches up on what is stored and answers its client
  ``stale`` (the protocol's answer to an action on a position that moved on), with the new state.
  Seat changes check the seats they change, under a row lock, the same way (:func:`guard_seats`).
- **Every change is announced.** The write that stores a change also sends ``NOTIFY dojo_tables``
  (delivered when it commits); every process ``LISTEN`` s, and one that has the table in memory loads
  what changed and sends its own connections their new states (:meth:`LiveTable.catch_up`).
- **Bots, clocks and the hold's timers run in exactly one process per table: its owner**
  (``dojo_tables.owner``). Each process writes a heartbeat to ``dojo_nodes`` every
  :data:`HEARTBEAT` seconds; a table whose owner has not for :data:`NODE_TIMEOUT` seconds (killed,
  frozen, unplugged), or has none, is claimed by the first process that sees it (one ``UPDATE``
  decides), which then plays its bots and runs its clocks. A process stopping cleanly gives its
  tables up at once.

SQLite is one process's database: ``dojo serve --workers`` refuses it (see :mod:`ninjadojo.server.run`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from sqlalchemy import and_, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from ninjadojo.server import schema
from ninjadojo.server.storage import CheckSeats, Notify, StaleTable

if TYPE_CHECKING:
    from ninjadojo.server.hub import Dojo
    from ninjadojo.server.storage import Storage

log = logging.getLogger("ninjadojo.server.cluster")

#: The channel every change is announced on (its payload: ``<process> <table id>``).
CHANNEL = "dojo_tables"

#: Seconds between a process's heartbeats (and its looks for tables without a live owner).
HEARTBEAT = 1.0

#: Seconds without a heartbeat after which a process is taken for dead and its tables are claimed.
NODE_TIMEOUT = 5.0


def is_conflict(error: BaseException) -> bool:
    """Whether a failed write failed because another process changed the table first."""
    return isinstance(error, StaleTable | IntegrityError)


def announce(node: str, table_id: str) -> Notify:
    """A write op that announces a change of ``table_id`` to the other processes (sent when, and only if,
    the write commits; data, so that the writer's batches stay fast)."""
    return Notify(CHANNEL, f"{node} {table_id}")


def guard_seats(table_id: str, expected: list[tuple[int, str, str | None, str | None]]) -> CheckSeats:
    """A write op that locks the seats about to change and checks they are still ``expected`` ((seat,
    status, token hash, bot) each), raising :class:`StaleTable` if another process changed them first
    (data: the writer runs it first in its batch, which stays planned)."""
    return CheckSeats(table_id, tuple(expected))


class Cluster:
    """This process's part in a cluster of server processes: its heartbeat, its claims of tables, and its
    ear on the others' announcements."""

    def __init__(self, storage: Storage, node: str | None = None, *, heartbeat: float = HEARTBEAT,
                 node_timeout: float = NODE_TIMEOUT) -> None:
        self.storage = storage
        #: This process's name in ``dojo_nodes`` and in ``dojo_tables.owner``.
        self.node = node or uuid.uuid4().hex[:16]
        self.heartbeat = heartbeat
        self.node_timeout = node_timeout
        self.dojo: Dojo | None = None
        self._tasks: list[asyncio.Task[None]] = []
        #: The thread of the database steps the event loop awaits (registering, the first heartbeat, a claim,
        #: leaving): its own, so that they never wait behind the server's other work in the default pool.
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="dojo-cluster")
        self._handovers: set[asyncio.Task[None]] = set()
        self._listening = asyncio.Event()
        #: The heartbeat's thread beats and claims in the database on its own clock, so that a busy or
        #: starved event loop cannot make this process look dead (or leave a dead one's tables unclaimed).
        self._beating: threading.Thread | None = None
        self._stopping = threading.Event()

    # ------------------------------------------------------------------ database steps (in a thread)

    def _register(self) -> None:
        now = time.time()
        with self.storage.engine.begin() as connection:
            connection.execute(delete(schema.nodes).where(schema.nodes.c.node == self.node))
            connection.execute(insert(schema.nodes).values(node=self.node, heartbeat=now, started=now,
                                                           host=socket.gethostname()[:255], pid=os.getpid()))

    def _beat(self) -> tuple[list[str], set[str]]:
        """Say this process is alive; claim the unfinished tables nobody alive owns. Returns the tables
        claimed now, and every unfinished table this process owns."""
        now = time.time()
        with self.storage.engine.begin() as connection:
            done = connection.execute(update(schema.nodes).where(schema.nodes.c.node == self.node)
                                      .values(heartbeat=now)).rowcount
            if not done:  # removed by someone (a clean-up): say hello again
                connection.execute(insert(schema.nodes).values(node=self.node, heartbeat=now, started=now,
                                                               host=socket.gethostname()[:255], pid=os.getpid()))
            alive = select(schema.nodes.c.node).where(schema.nodes.c.heartbeat >= now - self.node_timeout)
            orphaned = and_(schema.tables.c.finished.is_(False),
                            or_(schema.tables.c.owner.is_(None), schema.tables.c.owner.not_in(alive)))
            claimed = [row[0] for row in connection.execute(
                update(schema.tables).where(orphaned).values(owner=self.node).returning(schema.tables.c.id))]
            owned = {row[0] for row in connection.execute(
                select(schema.tables.c.id).where(schema.tables.c.owner == self.node,
                                                 schema.tables.c.finished.is_(False)))}
            # Processes long gone are forgotten (their tables were claimed above).
            connection.execute(delete(schema.nodes).where(schema.nodes.c.heartbeat < now - 60 * self.node_timeout))
        return claimed, owned

    def _claim(self, table_id: str) -> bool:
        """Own ``table_id`` if nobody alive does (or this process already does); whether it is ours."""
        now = time.time()
        with self.storage.engine.begin() as connection:
            alive = select(schema.nodes.c.node).where(schema.nodes.c.heartbeat >= now - self.node_timeout,
                                                      schema.nodes.c.node != self.node)
            claimable = or_(schema.tables.c.owner.is_(None), schema.tables.c.owner == self.node,
                            schema.tables.c.owner.not_in(alive))
            return bool(connection.execute(update(schema.tables).where(schema.tables.c.id == table_id, claimable)
                                           .values(owner=self.node)).rowcount)

    def _leave(self) -> None:
        with self.storage.engine.begin() as connection:
            connection.execute(update(schema.tables).where(schema.tables.c.owner == self.node).values(owner=None))
            connection.execute(delete(schema.nodes).where(schema.nodes.c.node == self.node))

    # ------------------------------------------------------------------ running

    async def start(self, dojo: Dojo) -> None:
        """Join: register, start listening, and claim (and load) the tables nobody alive owns."""
        self.dojo = dojo
        await asyncio.get_running_loop().run_in_executor(self._executor, self._register)
        self._tasks.append(asyncio.create_task(self._listen(), name="dojo-cluster-listen"))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._listening.wait(), 10)
        await self.beat()
        # The first heartbeat's take-overs are awaited: a starting process serves the tables it claimed
        # from its first request, as a one-process server serves every unfinished table.
        if self._handovers:
            await asyncio.gather(*list(self._handovers), return_exceptions=True)
        loop = asyncio.get_running_loop()
        self._beating = threading.Thread(target=self._beat_thread, args=(loop,), name="dojo-cluster-beat", daemon=True)
        self._beating.start()

    async def claim(self, table_id: str) -> bool:
        """Own ``table_id`` if nobody alive does; whether this process runs its bots and clocks."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, self._claim, table_id)

    async def beat(self) -> None:
        """One heartbeat: tables claimed are loaded and their bots and clocks started; tables another process
        took meanwhile (this one was taken for dead) stop theirs here."""
        began = time.monotonic()
        claimed, owned = await asyncio.get_running_loop().run_in_executor(self._executor, self._beat)
        self._after_beat(began, claimed, owned)

    def _after_beat(self, began: float, claimed: list[str], owned: set[str]) -> None:
        """On the event loop, after a heartbeat's database step: take over what it claimed, give up what
        another process took."""
        assert self.dojo is not None
        for table_id in claimed:
            log.info("process %s takes over table %s (its owner is gone)", self.node, table_id)
            self._hand_over(self._take_over(table_id))
        for live in list(self.dojo.tables.values()):
            # (A table claimed while the heartbeat's query ran is not in its list, yet is ours.)
            if live.runs_timers and live.owned_since < began and live.id not in owned and not live.game.is_terminal:
                self._hand_over(live.give_up())

    def _beat_thread(self, loop: asyncio.AbstractEventLoop) -> None:
        """The heartbeat's own thread: beat every :attr:`heartbeat` seconds, whatever the event loop is doing,
        and hand the outcome to the loop."""
        while not self._stopping.wait(self.heartbeat):
            began = time.monotonic()
            try:
                claimed, owned = self._beat()
            except Exception:
                log.exception("process %s: a heartbeat failed (the database?); trying again", self.node)
                continue
            try:
                loop.call_soon_threadsafe(self._after_beat, began, claimed, owned)
            except RuntimeError:  # the loop is closed: the process is stopping
                return

    def _hand_over(self, coroutine: Any) -> None:
        """Run a take-over or a give-up beside the heartbeat (it waits for its table's lock: the next
        heartbeat must not wait for it, or this process would look dead to the others)."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._handovers.add(task)
        task.add_done_callback(self._handovers.discard)

    async def _take_over(self, table_id: str) -> None:
        assert self.dojo is not None
        try:
            live = await self.dojo.get(table_id)
            await live.take_over()
        except Exception:  # (a table that does not replay is logged by the hub and left as stored)
            log.exception("process %s could not take over table %s", self.node, table_id)

    async def _listen(self) -> None:
        """Hear the other processes' announcements (reconnecting if the connection drops; after a drop every
        table in memory catches up, since announcements may have been missed)."""
        import psycopg
        from sqlalchemy.engine import make_url

        url = make_url(self.storage.url).set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    if not first:
                        self._catch_up_all()
                    first = False
                    async for notice in connection.notifies():
                        origin, _, table_id = notice.payload.partition(" ")
                        if origin != self.node:
                            self._heard(table_id)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("process %s: listening to the database failed (%s); again in a second", self.node,
                            error)
                await asyncio.sleep(1.0)

    def _heard(self, table_id: str) -> None:
        assert self.dojo is not None
        live = self.dojo.tables.get(table_id)
        if live is not None:
            live.spawn_catch_up()

    def _catch_up_all(self) -> None:
        assert self.dojo is not None
        for live in list(self.dojo.tables.values()):
            live.spawn_catch_up()

    async def close(self) -> None:
        """Leave cleanly: stop listening and beating, and give up every table at once (another process
        claims them at its next heartbeat rather than after :data:`NODE_TIMEOUT`)."""
        self._stopping.set()
        if self._beating is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._beating.join, 2 * self.heartbeat + 5)
        for task in [*self._tasks, *self._handovers]:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()
        with contextlib.suppress(Exception):
            await asyncio.get_running_loop().run_in_executor(self._executor, self._leave)
        self._executor.shutdown(wait=False)
