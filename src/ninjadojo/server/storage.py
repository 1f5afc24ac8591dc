"""Where tables are kept: SQLite (the default, in the data folder) or PostgreSQL, through SQLAlchemy.

Storage is event-sourced (see :mod:`ninjadojo.server.schema`). Reads are plain functions; every write
goes through one writer thread that commits what has queued up in one transaction (a group commit),
so that many tables acting at once share each disk flush, and answers each write only once it is
durable: the server acknowledges and broadcasts an action only after its commit.

SQLite runs in WAL mode with ``synchronous=FULL`` (a commit is on disk when it returns), so a server
killed at any moment loses nothing it acknowledged.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, func, insert, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

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


def _seat_from_row(row: Any) -> StoredSeat:
    return StoredSeat(row.seat, row.type, row.name, row.bot, row.status, row.token_hash, row.clock_remaining)


class Storage:
    """The server's database: reads, and writes through a group-committing writer thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = open_engine(url)
        self._queue: queue.Queue[tuple[list[WriteOp], asyncio.Future[None], asyncio.AbstractEventLoop] | None] = \
            queue.Queue()
        self._thread: threading.Thread | None = None

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
                with self.engine.begin() as connection:
                    for ops, _, _ in batch:
                        for op in ops:
                            op(connection)
                outcomes: list[BaseException | None] = [None] * len(batch)
            except Exception:
                # One bad write must not fail the others: commit each on its own.
                outcomes = [self._write_alone(ops) for ops, _, _ in batch]
            for (_, future, loop), outcome in zip(batch, outcomes, strict=True):
                loop.call_soon_threadsafe(_settle, future, outcome)

    def _write_alone(self, ops: list[WriteOp]) -> BaseException | None:
        try:
            with self.engine.begin() as connection:
                for op in ops:
                    op(connection)
        except Exception as error:
            return error
        return None

    # ------------------------------------------------------------------ reading

    def load_table(self, table_id: str, whole: bool = True) -> StoredTable | None:
        """A table with its seats and, if ``whole``, its events and notes; ``None`` if there is none."""
        with self.engine.connect() as connection:
            row = connection.execute(select(schema.tables).where(schema.tables.c.id == table_id)).first()
            if row is None:
                return None
            table = _table_from_row(row)
            table.seats = [_seat_from_row(seat) for seat in connection.execute(
                select(schema.seats).where(schema.seats.c.table_id == table_id).order_by(schema.seats.c.seat))]
            if whole:
                table.events = [(event_row.seat, event_row.kind, event_row.action) for event_row in connection.execute(
                    select(schema.events.c.seat, schema.events.c.kind, schema.events.c.action)
                    .where(schema.events.c.table_id == table_id).order_by(schema.events.c.n))]
                table.notes = [(note.mask, note.text) for note in connection.execute(
                    select(schema.notes.c.mask, schema.notes.c.text)
                    .where(schema.notes.c.table_id == table_id).order_by(schema.notes.c.n))]
                lines = [ChatLine(line.n, line.seat, line.name, line.text, line.emote, line.at)
                         for line in connection.execute(
                             select(schema.chat).where(schema.chat.c.table_id == table_id)
                             .order_by(schema.chat.c.n.desc()).limit(CHAT_KEPT))]
                table.chat = lines[::-1]
                table.chat_count = lines[0].n + 1 if lines else 0
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


def _settle(future: asyncio.Future[None], outcome: BaseException | None) -> None:
    if future.done():
        return
    if outcome is None:
        future.set_result(None)
    else:
        future.set_exception(outcome)


# ---------------------------------------------------------------------- writes


def insert_table(table: StoredTable) -> WriteOp:
    """Store a new table with its seats."""
    def op(connection: Connection) -> None:
        connection.execute(insert(schema.tables).values(
            id=table.id, game=table.game, players=table.players, options=json.dumps(table.options),
            seed=None if table.seed is None else str(table.seed), start=table.start,
            settings=json.dumps(table.settings), created=table.created, updated=table.updated,
            finished=table.finished, result=None if table.result is None else json.dumps(table.result),
            waiting_for=json.dumps(table.waiting_for), private=table.private, rematch_of=table.rematch_of,
            rematch=table.rematch))
        if table.seats:
            connection.execute(insert(schema.seats), [
                {"table_id": table.id, "seat": seat.seat, "type": seat.type, "name": seat.name, "bot": seat.bot,
                 "status": seat.status, "token_hash": seat.token_hash, "clock_remaining": seat.clock_remaining}
                for seat in table.seats])
    return op


def insert_event(table_id: str, n: int, seat: int, kind: str, action: str, at: float) -> WriteOp:
    """Store one accepted action (``kind`` ``act``) or undo."""
    def op(connection: Connection) -> None:
        connection.execute(insert(schema.events).values(table_id=table_id, n=n, seat=seat, kind=kind, action=action,
                                                        at=at))
    return op


def insert_note(table_id: str, n: int, mask: int, text: str, at: float) -> WriteOp:
    """Store one note of the table."""
    def op(connection: Connection) -> None:
        connection.execute(insert(schema.notes).values(table_id=table_id, n=n, mask=mask, text=text, at=at))
    return op


def insert_chat(table_id: str, line: ChatLine) -> WriteOp:
    """Store one chat line of the table."""
    def op(connection: Connection) -> None:
        connection.execute(insert(schema.chat).values(table_id=table_id, n=line.n, seat=line.seat, name=line.name,
                                                      text=line.text, emote=line.emote, at=line.at))
    return op


def update_table(table_id: str, **values: Any) -> WriteOp:
    """Change columns of a table's row (JSON columns are given as Python values)."""
    for key in ("result", "waiting_for"):
        if key in values and values[key] is not None:
            values[key] = json.dumps(values[key])

    def op(connection: Connection) -> None:
        connection.execute(update(schema.tables).where(schema.tables.c.id == table_id).values(**values))
    return op


def update_seat(table_id: str, seat: int, **values: Any) -> WriteOp:
    """Change columns of a seat's row."""
    def op(connection: Connection) -> None:
        connection.execute(update(schema.seats).where(schema.seats.c.table_id == table_id,
                                                      schema.seats.c.seat == seat).values(**values))
    return op
