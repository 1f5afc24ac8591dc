"""Where tables are kept: SQLite (the default, in the data folder) or PostgreSQL, through SQLAlchemy.

Storage is event-sourced (see :mod:`ninjadojo.server.schema`). Reads are plain functions; every write
goes through one writer thread that commits what has queued up in one transaction (a group commit),
so that many tables acting at once share each disk flush, and answers each write only once it is
durable: the server acknowledges and broadcasts an action only after its commit. Writes are data (the
rows to insert, the row to update and its new values), so that the writer stores a batch with a few
executemany calls (see :func:`plan_batch`) and costs the event loop little of the GIL.

SQLite runs in WAL mode with ``synchronous=FULL`` (a commit is on disk when it returns), so a server
killed at any moment loses nothing it acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, Table, create_engine, event, func, insert, select, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import PoolProxiedConnection

from ninjadojo.engine.errors import DojoError, quote
from ninjadojo.server import schema
from ninjadojo.table.storage import data_dir

#: The SQLite file of the server in the data folder.
DEFAULT_DATABASE_NAME = "server.sqlite3"

#: The most writes one transaction of the writer thread takes.
BATCH_LIMIT = 1000

#: A write: something done with an open connection inside the writer's transaction.
WriteOp = Callable[[Connection], None]


class StorageError(DojoError):
    """A database URL the server cannot use, or a database it cannot open."""


class StaleTable(Exception):
    """A change was refused because the table is not as this process holds it (another process moved it
    on first): catch up and try again, or tell the client ``stale``."""


def default_database_url() -> str:
    """The SQLite database in the data folder (its folder is created when the server starts)."""
    return f"sqlite:///{data_dir() / DEFAULT_DATABASE_NAME}"


def database_url(db: str | None) -> str:
    """The SQLAlchemy URL for ``--db``: the default SQLite file, ``sqlite:///PATH``, a path to a SQLite
    file, or ``postgresql://...`` (driven by psycopg 3)."""
    if db is None or not db.strip():
        return default_database_url()
    db = db.strip()
    if db.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + db.split("://", 1)[1]
    if db.startswith(("postgresql+psycopg://", "sqlite://")):
        return db
    if "://" in db:
        raise StorageError(f"--db {quote(db)}: use postgresql://USER@HOST/NAME, sqlite:///PATH or a file path")
    return f"sqlite:///{Path(db).expanduser()}"


def open_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, full synchronous commits and foreign keys."""
    try:
        parsed = make_url(url)
    except ArgumentError as error:
        raise StorageError(f"bad database URL {quote(url)}: {error}") from None
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database and database != ":memory:":
            try:
                _private_sqlite_files(Path(database).expanduser())
            except OSError as error:
                raise StorageError(f"cannot create {database} or its folder: {error.strerror or error}") from None
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if parsed.get_backend_name() == "postgresql":
        try:
            import psycopg  # noqa: F401 - only to say clearly when it is missing
        except ImportError:
            raise StorageError("PostgreSQL needs the psycopg package: pip install 'psycopg[binary]'") from None
        return create_engine(url, pool_size=5, max_overflow=5, pool_pre_ping=True)
    raise StorageError(f"unsupported database {quote(parsed.get_backend_name())}: use SQLite or PostgreSQL")


def _private_sqlite_files(database: Path) -> None:
    """Make the SQLite database readable by its owner only: it holds the seeds and the events of games in
    progress (every hidden card). Its folder, if created here (or the data folder), is 0700; the file is
    0600 (made empty if it does not exist yet: SQLite gives its -wal and -shm files the same mode)."""
    folder = database.parent
    created = not folder.exists()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    if os.name != "posix":
        return  # other systems keep a user's files private by their own means
    if created or folder.resolve() == data_dir().expanduser().resolve():
        folder.chmod(0o700)  # (mkdir's mode is masked by the umask; a folder given by the user is left as it is)
    os.close(os.open(database, os.O_WRONLY | os.O_CREAT, 0o600))
    for path in (database, database.with_name(database.name + "-wal"), database.with_name(database.name + "-shm")):
        if path.exists() and path.stat().st_uid == os.getuid():  # (someone else's file is theirs to keep)
            path.chmod(0o600)


def _sqlite_pragmas(connection: Any, _record: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Bring the database's schema up to date (alembic ``upgrade head``), creating it if empty."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@dataclass(slots=True)
class StoredSeat:
    """A seat's row."""

    seat: int
    type: str
    name: str
    bot: str | None
    status: str
    token_hash: str | None
    clock_remaining: float | None


@dataclass(frozen=True, slots=True)
class SeatHistory:
    """Who played a seat before it changed hands in the middle of a game: ``seat`` was played by (``type``,
    ``name``, ``bot``) for the game's actions before its ``until``-th (counted in the game's record)."""

    seat: int
    until: int
    type: str
    name: str
    bot: str | None

    def to_json(self) -> dict[str, Any]:
        """The entry as a finished game's record gives it."""
        return {"seat": self.seat, "until": self.until, "type": self.type, "name": self.name, "bot": self.bot}


#: How many of a table's last chat lines a table loads (and a state carries).
CHAT_KEPT = 100


@dataclass(slots=True)
class ChatLine:
    """One line of a table's chat: a ``text`` or an ``emote``, by ``seat`` (``None``: a spectator)."""

    n: int
    seat: int | None
    name: str
    text: str | None
    emote: str | None
    at: float

    def to_json(self) -> dict[str, Any]:
        """The line as the protocol sends it (``at``: ISO 8601 UTC)."""
        return {"n": self.n, "seat": self.seat, "name": self.name, "text": self.text, "emote": self.emote,
                "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.at))}


@dataclass(slots=True)
class StoredTable:
    """A table as stored: set-up, settings, seats, and (when loaded whole) its events and notes."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int | None
    start: str | None
    settings: dict[str, Any]
    created: float
    updated: float
    finished: bool
    result: dict[str, Any] | None
    waiting_for: list[int]
    private: bool
    rematch_of: str | None
    rematch: str | None
    seats: list[StoredSeat] = field(default_factory=list)
    #: (seat, kind, action) of every event, in order.
    events: list[tuple[int, str, str]] = field(default_factory=list)
    #: (mask, text) of every note, in order.
    notes: list[tuple[int, str]] = field(default_factory=list)
    #: The last :data:`CHAT_KEPT` chat lines, oldest first (when loaded whole).
    chat: list[ChatLine] = field(default_factory=list)
    #: How many chat lines the table has had (the ``n`` of its next one).
    chat_count: int = 0


def _table_from_row(row: Any) -> StoredTable:
    return StoredTable(
        id=row.id, game=row.game, players=row.players, options=json.loads(row.options),
        seed=None if row.seed is None else int(row.seed), start=row.start, settings=json.loads(row.settings),
        created=row.created, updated=row.updated, finished=bool(row.finished),
        result=None if row.result is None else json.loads(row.result), waiting_for=json.loads(row.waiting_for),
        private=bool(row.private), rematch_of=row.rematch_of, rematch=row.rematch)


def _table_and_seats(connection: Connection, table_id: str) -> StoredTable | None:
    """A table's row with its seats (no events), or ``None``."""
    row = connection.execute(select(schema.tables).where(schema.tables.c.id == table_id)).first()
    if row is None:
        return None
    table = _table_from_row(row)
    table.seats = [_seat_from_row(seat) for seat in connection.execute(
        select(schema.seats).where(schema.seats.c.table_id == table_id).order_by(schema.seats.c.seat))]
    return table


def _seat_from_row(row: Any) -> StoredSeat:
    return StoredSeat(row.seat, row.type, row.name, row.bot, row.status, row.token_hash, row.clock_remaining)


def _events(connection: Connection, table_id: str, since: int = 0) -> list[tuple[int, str, str]]:
    """(seat, kind, action) of a table's events numbered from ``since`` on, in order."""
    events = schema.events.c
    return [(row.seat, row.kind, row.action) for row in connection.execute(
        select(events.seat, events.kind, events.action)
        .where(events.table_id == table_id, events.n >= since).order_by(events.n))]


def _notes(connection: Connection, table_id: str, since: int = 0) -> list[tuple[int, str]]:
    """(mask, text) of a table's notes numbered from ``since`` on, in order."""
    notes = schema.notes.c
    return [(row.mask, row.text) for row in connection.execute(
        select(notes.mask, notes.text).where(notes.table_id == table_id, notes.n >= since).order_by(notes.n))]


def _chat_line(row: Any) -> ChatLine:
    return ChatLine(row.n, row.seat, row.name, row.text, row.emote, row.at)


class Storage:
    """The server's database: reads, and writes through a group-committing writer thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = open_engine(url)
        # A SimpleQueue (C, no Python-level lock): the event loop's put never waits for the writer thread,
        # which a queue.Queue's lock made it do whenever the writer held it while waiting for the GIL.
        self._queue: queue.SimpleQueue[tuple[list[WriteOp], asyncio.Future[None], asyncio.AbstractEventLoop] | None] = \
            queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        #: The SQL text of each statement shape the writer has executed (see :func:`plan_batch`).
        self._sql: dict[tuple[str, Table | None, tuple[str, ...]], str] = {}

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    def start(self) -> None:
        """Migrate the schema and start the writer thread."""
        try:
            migrate(self.engine)
        except SQLAlchemyError as error:
            reason = " ".join(str(getattr(error, "orig", None) or error).split())
            raise StorageError(f"cannot open the database {self.engine.url!r}: {reason}") from None
        if self._thread is None:
            self._thread = threading.Thread(target=self._write_loop, name="dojo-storage-writer", daemon=True)
            self._thread.start()

    def close(self) -> None:
        """Finish the queued writes, stop the writer and close the connections."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None
        self.engine.dispose()

    # ------------------------------------------------------------------ writing

    async def write(self, ops: Sequence[WriteOp]) -> None:
        """Run ``ops`` in one transaction (shared with other writes queued at the same time); returns once
        committed. Raises the database's error if the commit failed (nothing of ``ops`` is then stored)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put((list(ops), future, loop))
        await future

    def write_now(self, ops: Iterable[WriteOp]) -> None:
        """Run ``ops`` in one transaction from this thread (for set-up and tests, not the event loop)."""
        with self.engine.begin() as connection:
            for op in ops:
                op(connection)

    def _write_loop(self) -> None:
        # The writer keeps one connection of the pool between batches (a checkout costs more than a small
        # batch, and PostgreSQL's pre-ping a round trip); a batch that fails drops it.
        raw: PoolProxiedConnection | None = None
        stop = False
        while not stop:
            first = self._queue.get()
            if first is None:
                break
            batch = [first]
            while len(batch) < BATCH_LIMIT:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            try:
                if raw is None:
                    raw = self.engine.raw_connection()
                self._commit_batch(raw, [op for ops, _, _ in batch for op in ops])
                outcomes: list[BaseException | None] = [None] * len(batch)
            except Exception:
                if raw is not None:
                    _discard(raw)  # (first: a SQLite connection that failed keeps its write lock until then)
                    raw = None
                # One bad write must not fail the others: commit each on its own (through SQLAlchemy, so
                # that its caller gets the error it always got).
                outcomes = [self._write_alone(ops) for ops, _, _ in batch]
            # One wake-up of each event loop for the whole batch, not one for each write.
            answers: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], BaseException | None]]] = {}
            for (_, future, loop), outcome in zip(batch, outcomes, strict=True):
                answers.setdefault(loop, []).append((future, outcome))
            for loop, settled in answers.items():
                loop.call_soon_threadsafe(_settle, settled)
        if raw is not None:
            raw.close()

    def _commit_batch(self, raw: PoolProxiedConnection, ops: list[WriteOp]) -> None:
        """Commit ``ops`` in one transaction on the writer's DB-API connection: planned into executemany
        calls of plain SQL (see :func:`plan_batch`), or one by one through SQLAlchemy if they cannot be."""
        statements = plan_batch(ops)
        if statements is None:
            self.write_now(ops)
            return
        cursor = raw.cursor()
        try:
            checks = statements[0][1] if statements and statements[0][0][0] == "check" else []
            if checks:
                sql = self._sql_of(statements[0][0])
                for (check,) in checks:
                    cursor.execute(sql, (check.table_id,))
                    check.verify(cursor.fetchall())
                statements = statements[1:]
            # On PostgreSQL the statements and the commit go in one pipeline: two round trips to the server a
            # batch (the commit's and the pipeline's end) rather than one for each executemany and one for the
            # commit; on a busy machine each round trip also waits for the server's process to be scheduled.
            with self._pipeline(raw):
                for shape, parameters in statements:
                    cursor.executemany(self._sql_of(shape), parameters)
                raw.commit()
        finally:
            cursor.close()

    def _sql_of(self, shape: tuple[str, Table | None, tuple[str, ...]]) -> str:
        sql = self._sql.get(shape)
        if sql is None:
            sql = self._sql[shape] = _statement_sql(self.engine, *shape)
        return sql

    def _pipeline(self, raw: PoolProxiedConnection) -> contextlib.AbstractContextManager[Any]:
        """psycopg's pipeline mode on PostgreSQL's connection; nothing on SQLite."""
        if self.backend != "postgresql":
            return contextlib.nullcontext()
        pipeline: contextlib.AbstractContextManager[Any] = raw.driver_connection.pipeline()  # type: ignore[union-attr]
        return pipeline

    def _write_alone(self, ops: list[WriteOp]) -> BaseException | None:
        try:
            self.write_now(ops)
        except Exception as error:
            return error
        return None

    # ------------------------------------------------------------------ reading

    def load_table(self, table_id: str, whole: bool = True) -> StoredTable | None:
        """A table with its seats and, if ``whole``, its events and notes; ``None`` if there is none."""
        with self.engine.connect() as connection:
            table = _table_and_seats(connection, table_id)
            if table is None:
                return None
            if whole:
                table.events = _events(connection, table_id)
                table.notes = _notes(connection, table_id)
                lines = [_chat_line(line) for line in connection.execute(
                    select(schema.chat).where(schema.chat.c.table_id == table_id)
                    .order_by(schema.chat.c.n.desc()).limit(CHAT_KEPT))]
                table.chat = lines[::-1]
                table.chat_count = lines[0].n + 1 if lines else 0
        return table

    def seat_history(self, table_id: str) -> list[SeatHistory]:
        """Who played each seat before it changed hands during the game, in the order of the changes."""
        history = schema.seat_history.c
        with self.engine.connect() as connection:
            return [SeatHistory(row.seat, row.until, row.type, row.name, row.bot) for row in connection.execute(
                select(history.seat, history.until, history.type, history.name, history.bot)
                .where(history.table_id == table_id).order_by(history.n))]

    def load_changes(self, table_id: str, events_from: int, notes_from: int, chat_from: int) -> StoredTable | None:
        """A table's row and seats, with only its events, notes and chat lines numbered from ``events_from``,
        ``notes_from`` and ``chat_from`` on (what another server process may have added since): a catch-up
        reads what is new, not the whole game. ``None`` if there is no such table."""
        with self.engine.connect() as connection:
            table = _table_and_seats(connection, table_id)
            if table is None:
                return None
            table.events = _events(connection, table_id, events_from)
            table.notes = _notes(connection, table_id, notes_from)
            table.chat = [_chat_line(line) for line in connection.execute(
                select(schema.chat)
                .where(schema.chat.c.table_id == table_id, schema.chat.c.n >= chat_from)
                .order_by(schema.chat.c.n))]
            table.chat_count = table.chat[-1].n + 1 if table.chat else chat_from
        return table

    def unfinished_ids(self) -> list[str]:
        """The ids of every table whose game is not over (the server loads them at start)."""
        with self.engine.connect() as connection:
            return list(connection.execute(
                select(schema.tables.c.id).where(schema.tables.c.finished.is_(False))
                .order_by(schema.tables.c.created)).scalars())

    def list_tables(self, status: str, game: str | None, limit: int = 100) -> list[StoredTable]:
        """Public tables for a listing (without events): ``open`` (a free seat), ``playing`` or ``finished``."""
        query = select(schema.tables).where(schema.tables.c.private.is_(False))
        if status == "finished":
            query = query.where(schema.tables.c.finished.is_(True))
        else:
            query = query.where(schema.tables.c.finished.is_(False))
        if status == "open":
            free = select(schema.seats.c.table_id).where(schema.seats.c.status == "free")
            query = query.where(schema.tables.c.id.in_(free))
        if game is not None:
            query = query.where(schema.tables.c.game == game)
        query = query.order_by(schema.tables.c.created.desc(), schema.tables.c.id).limit(limit)
        with self.engine.connect() as connection:
            found = [_table_from_row(row) for row in connection.execute(query)]
            self._attach_seats(connection, found)
        return found

    def tables_of_tokens(self, token_hashes: Sequence[str]) -> list[tuple[int, StoredTable]]:
        """(seat, table) for each token hash that holds a seat, newest table first."""
        if not token_hashes:
            return []
        with self.engine.connect() as connection:
            rows = connection.execute(select(schema.seats.c.table_id, schema.seats.c.seat)
                                      .where(schema.seats.c.token_hash.in_(list(token_hashes)))).all()
            held = {row.table_id: row.seat for row in rows}
            if not held:
                return []
            found = [_table_from_row(row) for row in connection.execute(
                select(schema.tables).where(schema.tables.c.id.in_(list(held)))
                .order_by(schema.tables.c.created.desc(), schema.tables.c.id))]
            self._attach_seats(connection, found)
        return [(held[table.id], table) for table in found]

    def count_events(self, table_id: str) -> int:
        """How many events a table has stored."""
        with self.engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(schema.events)
                                          .where(schema.events.c.table_id == table_id)).scalar_one())

    @staticmethod
    def _attach_seats(connection: Connection, found: list[StoredTable]) -> None:
        if not found:
            return
        by_id = {table.id: table for table in found}
        for row in connection.execute(select(schema.seats).where(schema.seats.c.table_id.in_(list(by_id)))
                                      .order_by(schema.seats.c.table_id, schema.seats.c.seat)):
            by_id[row.table_id].seats.append(_seat_from_row(row))


def _discard(raw: PoolProxiedConnection) -> None:
    """Roll back and drop a connection whose batch failed (it may be broken: a new one is cheap)."""
    with contextlib.suppress(Exception):  # a broken connection: dropped below all the same
        raw.rollback()
    with contextlib.suppress(Exception):
        raw.invalidate()


def _statement_sql(engine: Engine, kind: str, table: Table | None, columns: tuple[str, ...]) -> str:
    """The DB-API SQL of an insert of ``columns`` into ``table``, of an update setting ``columns`` of the
    row whose primary key is given after them, of a notification, or of a seat check (``columns`` of
    every seat of a table, locked), in the engine's parameter style (``?`` or ``%s``)."""
    dialect = engine.dialect
    mark = {"qmark": "?", "format": "%s", "pyformat": "%s"}.get(dialect.paramstyle)
    if mark is None:
        raise StorageError(f"unsupported DB-API parameter style {dialect.paramstyle!r}")
    if kind == "notify":
        return f"SELECT pg_notify({mark}, {mark})"
    assert table is not None
    if kind == "check":
        quoted = dialect.identifier_preparer
        lock = " FOR UPDATE" if dialect.name == "postgresql" else ""
        return (f"SELECT {', '.join(quoted.quote(column) for column in columns)} FROM {quoted.format_table(table)} "
                f"WHERE {quoted.quote('table_id')} = {mark} ORDER BY {quoted.quote('seat')}{lock}")
    for column in columns:
        if column not in table.c:
            raise StorageError(f"{table.name} has no column {quote(column)}")
    quoted = dialect.identifier_preparer
    name = quoted.format_table(table)
    if kind == "insert":
        return (f"INSERT INTO {name} ({', '.join(quoted.quote(column) for column in columns)}) "
                f"VALUES ({', '.join([mark] * len(columns))})")
    keys = " AND ".join(f"{quoted.quote(column.name)} = {mark}" for column in table.primary_key.columns)
    return f"UPDATE {name} SET {', '.join(f'{quoted.quote(column)} = {mark}' for column in columns)} WHERE {keys}"


def _settle(settled: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    for future, outcome in settled:
        if future.done():
            continue
        if outcome is None:
            future.set_result(None)
        else:
            future.set_exception(outcome)


# ---------------------------------------------------------------------- writes
#
# A write is data (which table, the rows or the row's key and values) so that the writer can turn a
# batch of them into a few executemany calls; each is still callable on a connection, one statement at
# a time through SQLAlchemy (write_now, a batch's fallback, and any caller that runs one itself).


@dataclass(frozen=True, slots=True)
class InsertRows:
    """Insert ``rows`` (tuples of the values of ``columns``) into ``table``."""

    table: Table
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]

    def __call__(self, connection: Connection) -> None:
        """Insert the rows now, through SQLAlchemy."""
        if self.rows:
            connection.execute(insert(self.table), [dict(zip(self.columns, row, strict=True)) for row in self.rows])


@dataclass(frozen=True, slots=True)
class UpdateRow:
    """Set columns (``values``: (column, value) pairs) of the row of ``table`` whose primary key is ``key``
    (the values of the primary key's columns, in their order). Without values it does nothing."""

    table: Table
    key: tuple[Any, ...]
    values: tuple[tuple[str, Any], ...]

    def __call__(self, connection: Connection) -> None:
        """Update the row now, through SQLAlchemy."""
        if self.values:
            where = [column == value for column, value in zip(self.table.primary_key.columns, self.key, strict=True)]
            connection.execute(update(self.table).where(*where).values(dict(self.values)))


@dataclass(frozen=True, slots=True)
class Notify:
    """Send a PostgreSQL notification (``pg_notify``) of ``payload`` on ``channel``: sent when the write
    commits, never if it fails. (A transaction sends each channel and payload once: a batch sends them in
    the order they first come.)"""

    channel: str
    payload: str

    def __call__(self, connection: Connection) -> None:
        """Queue the notification now, through SQLAlchemy."""
        connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                           {"channel": self.channel, "payload": self.payload})


@dataclass(frozen=True, slots=True)
class CheckSeats:
    """Lock the seats of table ``table_id`` (``FOR UPDATE``, where the database has it) and check that the
    seats ``expected`` names are still as given ((seat, status, token hash, bot) each), raising
    :class:`StaleTable` if not: another server process changed them first (see ``server/cluster.py``).

    Data, so that a batch holding one is still planned (:func:`plan_batch`: checks run first, before the
    batch changes anything; a table's writes are made under its lock, each awaited before the next, so
    no other write of the batch changes these seats before the check)."""

    table_id: str
    expected: tuple[tuple[int, str, str | None, str | None], ...]

    def __call__(self, connection: Connection) -> None:
        """Lock and check the seats now, through SQLAlchemy."""
        rows = connection.execute(
            select(schema.seats.c.seat, schema.seats.c.status, schema.seats.c.token_hash, schema.seats.c.bot)
            .where(schema.seats.c.table_id == self.table_id).order_by(schema.seats.c.seat).with_for_update()).all()
        self.verify([tuple(row) for row in rows])

    def verify(self, rows: Sequence[Sequence[Any]]) -> None:
        """Raise :class:`StaleTable` unless ``rows`` (every seat of the table, as the check's query reads them)
        hold the seats expected as expected."""
        wanted = {seat for seat, *_ in self.expected}
        if [tuple(row) for row in rows if row[0] in wanted] != sorted(self.expected):
            raise StaleTable(f"the seats of table {self.table_id} were changed by another server process")


@dataclass(frozen=True, slots=True)
class WriteOps:
    """Several writes done in order, as one."""

    ops: tuple[WriteOp, ...]

    def __call__(self, connection: Connection) -> None:
        """Do each write now, in order."""
        for op in self.ops:
            op(connection)


#: Where each table's inserts go in a batch: a table before the tables whose rows refer to it.
_TABLE_ORDER = {table.name: index for index, table in enumerate(schema.metadata.sorted_tables)}

#: One statement of a batch: ``("check", seats, columns)``, ``("insert", table, columns)``,
#: ``("update", table, set columns)`` or ``("notify", None, ())``, and the parameter tuples it is executed
#: with (a check's: the :class:`CheckSeats` itself, run one by one; an update's: the values of its columns,
#: then the row's key; a notification's: its channel and payload).
Statement = tuple[tuple[str, Table | None, tuple[str, ...]], list[tuple[Any, ...]]]


def _flatten(ops: Iterable[WriteOp], into: list[WriteOp]) -> None:
    for op in ops:
        if type(op) is WriteOps:
            _flatten(op.ops, into)
        else:
            into.append(op)


def plan_batch(ops: Iterable[WriteOp]) -> list[Statement] | None:
    """The statements that store ``ops`` (in their order) with as few executions as possible, or ``None``
    when they must run one by one in order (an op that is not data, or a row updated before it is
    inserted).

    Seat checks (:class:`CheckSeats`) come first, by table. Then the inserts: a table's before those of the
    tables that refer to it, each table's rows in their order, same columns in one statement. Then the
    updates: the updates of one row are merged into one (a later value of a column wins), and the rows
    updated with the same columns share one statement, in the order each row was first updated. Then the
    notifications (see :class:`Notify`).

    Moving updates after inserts changes nothing that is stored, since no row is updated before it is
    inserted (checked); what it could change is only an error (a unique column taken by one write and
    freed by a later one), and a failing batch is written again write by write in order.
    """
    flat: list[WriteOp] = []
    _flatten(ops, flat)
    inserts: dict[tuple[Table, tuple[str, ...]], list[tuple[Any, ...]]] = {}
    updates: dict[tuple[Table, tuple[Any, ...]], dict[str, Any]] = {}
    updated: set[Table] = set()
    notifications: dict[tuple[str, str], None] = {}
    checks: list[CheckSeats] = []
    for op in flat:
        kind = type(op)
        if kind is InsertRows:
            assert isinstance(op, InsertRows)
            if op.table in updated:
                positions = [op.columns.index(column.name) for column in op.table.primary_key.columns]
                for row in op.rows:
                    if (op.table, tuple(row[position] for position in positions)) in updates:
                        return None  # updated before it exists: in order, the update changed nothing
            found = inserts.get((op.table, op.columns))
            if found is None:
                inserts[(op.table, op.columns)] = list(op.rows)
            else:
                found.extend(op.rows)
        elif kind is UpdateRow:
            assert isinstance(op, UpdateRow)
            merged = updates.get((op.table, op.key))
            if merged is None:
                updates[(op.table, op.key)] = dict(op.values)
                updated.add(op.table)
            else:
                merged.update(op.values)
        elif kind is Notify:
            assert isinstance(op, Notify)
            notifications[(op.channel, op.payload)] = None
        elif kind is CheckSeats:
            assert isinstance(op, CheckSeats)
            checks.append(op)
        else:
            return None
    statements: list[Statement] = []
    if checks:
        # (In one order, the tables': two processes locking the same seats lock them in the same order.)
        statements.append((("check", schema.seats, _CHECK_COLUMNS),
                           [(check,) for check in sorted(checks, key=lambda check: check.table_id)]))
    statements += [
        (("insert", table, columns), rows)
        for (table, columns), rows in sorted(inserts.items(), key=lambda item: _TABLE_ORDER[item[0][0].name]) if rows]
    shaped: dict[tuple[str, Table, tuple[str, ...]], list[tuple[Any, ...]]] = {}
    for (table, key), values in updates.items():
        if not values:
            continue
        columns = tuple(sorted(values))
        shaped.setdefault(("update", table, columns), []).append((*(values[column] for column in columns), *key))
    statements.extend(shaped.items())
    if notifications:
        statements.append((("notify", None, ()), list(notifications)))
    return statements


_CHECK_COLUMNS = ("seat", "status", "token_hash", "bot")
_TABLE_COLUMNS = ("id", "game", "players", "options", "seed", "start", "settings", "created", "updated", "finished",
                  "result", "waiting_for", "private", "rematch_of", "rematch")
_SEAT_COLUMNS = ("table_id", "seat", "type", "name", "bot", "status", "token_hash", "clock_remaining")
_EVENT_COLUMNS = ("table_id", "n", "seat", "kind", "action", "at")
_NOTE_COLUMNS = ("table_id", "n", "mask", "text", "at")
_CHAT_COLUMNS = ("table_id", "n", "seat", "name", "text", "emote", "at")
_HISTORY_COLUMNS = ("table_id", "n", "seat", "until", "type", "name", "bot", "at")


def insert_table(table: StoredTable) -> WriteOp:
    """Store a new table with its seats."""
    row = InsertRows(schema.tables, _TABLE_COLUMNS, ((
        table.id, table.game, table.players, json.dumps(table.options),
        None if table.seed is None else str(table.seed), table.start, json.dumps(table.settings), table.created,
        table.updated, table.finished, None if table.result is None else json.dumps(table.result),
        json.dumps(table.waiting_for), table.private, table.rematch_of, table.rematch),))
    if not table.seats:
        return row
    seats = InsertRows(schema.seats, _SEAT_COLUMNS, tuple(
        (table.id, seat.seat, seat.type, seat.name, seat.bot, seat.status, seat.token_hash, seat.clock_remaining)
        for seat in table.seats))
    return WriteOps((row, seats))


def insert_event(table_id: str, n: int, seat: int, kind: str, action: str, at: float) -> WriteOp:
    """Store one accepted action (``kind`` ``act``) or undo."""
    return InsertRows(schema.events, _EVENT_COLUMNS, ((table_id, n, seat, kind, action, at),))


def insert_note(table_id: str, n: int, mask: int, text: str, at: float) -> WriteOp:
    """Store one note of the table."""
    return InsertRows(schema.notes, _NOTE_COLUMNS, ((table_id, n, mask, text, at),))


def insert_seat_history(table_id: str, n: int, entry: SeatHistory, at: float) -> WriteOp:
    """Store who played a seat before it changed hands (``n``: the number of the note announcing it)."""
    return InsertRows(schema.seat_history, _HISTORY_COLUMNS,
                      ((table_id, n, entry.seat, entry.until, entry.type, entry.name, entry.bot, at),))


def insert_chat(table_id: str, line: ChatLine) -> WriteOp:
    """Store one chat line of the table."""
    return InsertRows(schema.chat, _CHAT_COLUMNS,
                      ((table_id, line.n, line.seat, line.name, line.text, line.emote, line.at),))


def update_table(table_id: str, **values: Any) -> WriteOp:
    """Change columns of a table's row (JSON columns are given as Python values)."""
    for key in ("result", "waiting_for"):
        if key in values and values[key] is not None:
            values[key] = json.dumps(values[key])
    return UpdateRow(schema.tables, (table_id,), tuple(values.items()))


def update_seat(table_id: str, seat: int, **values: Any) -> WriteOp:
    """Change columns of a seat's row."""
    return UpdateRow(schema.seats, (table_id, seat), tuple(values.items()))
