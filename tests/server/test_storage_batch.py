"""The storage writer's batches, on SQLite and on a real PostgreSQL: writes queued together are stored
as if each had been committed alone in order (the updates of one row merged column by column, later
values winning; a row inserted before the rows that refer to it; an update of a row inserted later in
the batch changing nothing), and a bad write fails alone, its own ops with it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator, Sequence

import pytest
from sqlalchemy import Connection, select, update

from ninjadojo.server import schema
from ninjadojo.server import storage as store
from ninjadojo.server.storage import ChatLine, Storage, StoredTable, WriteOp, migrate, plan_batch
from server.conftest import fresh_postgres_database
from server.test_storage import a_table as a_plain_table


@pytest.fixture
def storage(db_url: str) -> Iterator[Storage]:
    """A migrated database whose writer thread is not started yet (see :func:`in_one_batch`)."""
    opened = Storage(db_url)
    migrate(opened.engine)
    try:
        yield opened
    finally:
        opened.close()


def in_one_batch(storage: Storage, writes: Sequence[Sequence[WriteOp]]) -> list[BaseException | None]:
    """Queue every write, then start the writer: it takes them all in one batch. Each write's outcome."""

    async def run() -> list[BaseException | None]:
        pending = [asyncio.ensure_future(storage.write(ops)) for ops in writes]
        await asyncio.sleep(0)  # each write is queued (it waits for its commit)
        storage.start()
        return list(await asyncio.gather(*pending, return_exceptions=True))

    return asyncio.run(run())


def a_table(table_id: str) -> StoredTable:
    """A two-seat table whose seats' token hashes are its own (a token hash is unique)."""
    table = a_plain_table(table_id)
    for seat in table.seats:
        seat.token_hash = f"{table_id}-{seat.seat}".encode().hex().ljust(64, "0")
    return table


def loaded(storage: Storage, table_id: str) -> StoredTable:
    """The table as stored."""
    table = storage.load_table(table_id)
    assert table is not None
    return table


def test_updates_of_one_row_are_merged_column_by_column_and_later_values_win(storage: Storage) -> None:
    storage.write_now([store.insert_table(a_table("merge")), store.insert_table(a_table("other"))])
    outcomes = in_one_batch(storage, [
        [store.update_table("merge", updated=1.0, waiting_for=[0])],
        [store.update_table("other", updated=7.0)],
        [store.update_table("merge", waiting_for=[1], finished=True), store.update_seat("merge", 1, name="Bo")],
        [store.update_table("merge", updated=3.0), store.update_seat("merge", 1, clock_remaining=9.5)],
        [store.update_seat("merge", 1, name="Cy")],
    ])
    assert outcomes == [None] * 5
    merged, other = loaded(storage, "merge"), loaded(storage, "other")
    assert (merged.updated, merged.waiting_for, merged.finished) == (3.0, [1], True)
    assert (merged.seats[1].name, merged.seats[1].clock_remaining) == ("Cy", 9.5)
    assert merged.seats[0].name == "P0"  # another row of the same table is left alone
    assert (other.updated, other.waiting_for, other.finished) == (7.0, [0], False)


def test_the_plan_merges_each_rows_updates_and_runs_same_shaped_ones_together() -> None:
    ops = [store.update_table("a", updated=1.0, waiting_for=[0]), store.update_table("b", updated=2.0, waiting_for=[1]),
           store.update_table("a", updated=3.0), store.update_table("c", finished=True)]
    plan = plan_batch(ops)
    assert plan is not None
    assert [(kind, columns, rows) for (kind, _, columns), rows in plan] == [
        ("update", ("updated", "waiting_for"), [(3.0, "[0]", "a"), (2.0, "[1]", "b")]),
        ("update", ("finished",), [(True, "c")]),
    ]


def test_inserts_come_before_the_rows_that_refer_to_them_and_keep_their_order() -> None:
    line = ChatLine(0, None, "Watcher", "hi", None, 1.0)
    ops = [store.insert_event("new", 0, 0, "act", "d", 1.0), store.insert_chat("new", line),
           store.update_seat("new", 0, status="taken"), store.insert_table(a_table("new")),
           store.insert_event("new", 1, 1, "act", "e", 2.0), store.insert_note("new", 0, -1, "note", 2.0)]
    plan = plan_batch(ops[3:])  # (the first three refer to a table inserted after them: see the next test)
    assert plan is not None
    order = [table.name for (_, table, _), _ in plan if table is not None]
    assert order.index("dojo_tables") < min(order.index("dojo_seats"), order.index("dojo_events"),
                                            order.index("dojo_notes"))
    plan = plan_batch([*ops[:2], *ops[3:]])
    assert plan is not None
    events = next(rows for (kind, table, _), rows in plan if table is schema.events)
    assert [row[1] for row in events] == [0, 1]
    assert plan[0][0][1] is schema.tables


def test_a_row_updated_before_it_is_inserted_keeps_what_was_inserted(storage: Storage) -> None:
    # In order, the update finds no row and changes nothing; moved after the insert it would change it.
    outcomes = in_one_batch(storage, [
        [store.update_seat("late", 1, name="Too early"), store.update_table("late", updated=1.0)],
        [store.insert_table(a_table("late"))],
        [store.update_seat("late", 0, name="After")],
    ])
    assert outcomes == [None] * 3
    table = loaded(storage, "late")
    assert [seat.name for seat in table.seats] == ["After", "P1"]
    assert table.updated != 1.0


def test_rows_inserted_in_one_batch_are_all_stored_in_order(storage: Storage) -> None:
    line = ChatLine(0, 1, "P1", "hello", None, 1.0)
    outcomes = in_one_batch(storage, [
        [store.insert_table(a_table("first"))],
        [store.insert_event("first", 0, 0, "act", "a0", 1.0), store.update_table("first", updated=1.0)],
        [store.insert_table(a_table("second")), store.insert_note("second", 0, -1, "dealt", 1.0)],
        [store.insert_event("first", 1, 1, "act", "a1", 2.0), store.insert_chat("first", line)],
        [store.insert_event("second", 0, 0, "act", "b0", 2.0), store.update_table("first", updated=2.0)],
        [store.insert_event("first", 2, 0, "act", "a2", 3.0)],
    ])
    assert outcomes == [None] * 6
    first, second = loaded(storage, "first"), loaded(storage, "second")
    assert [action for _, _, action in first.events] == ["a0", "a1", "a2"]
    assert [action for _, _, action in second.events] == ["b0"]
    assert second.notes == [(-1, "dealt")]
    assert [chat.text for chat in first.chat] == ["hello"]
    assert first.updated == 2.0


def test_a_bad_write_fails_alone_with_all_its_ops_and_the_others_are_stored(storage: Storage) -> None:
    table = a_table("mixed")
    storage.write_now([store.insert_table(table)])
    outcomes = in_one_batch(storage, [
        [store.update_table("mixed", updated=5.0)],
        # Seat 1's token for seat 0: refused (a token hash is unique).
        [store.update_table("mixed", waiting_for=[1]),
         store.update_seat("mixed", 0, token_hash=table.seats[1].token_hash)],
        [store.insert_event("mixed", 0, 0, "act", "kept", 1.0)],
        [store.insert_event("mixed", 1, 1, "act", "lost", 2.0), store.insert_event("mixed", 0, 1, "act", "twice", 2.0)],
        [store.update_table("mixed", nonexistent=1)],
        [store.update_table("mixed", finished=True), store.update_seat("mixed", 0, name="Ann")],
    ])
    assert [outcome is None for outcome in outcomes] == [True, False, True, False, False, True]
    stored = loaded(storage, "mixed")
    assert (stored.updated, stored.waiting_for, stored.finished) == (5.0, [0], True)
    assert [seat.token_hash for seat in stored.seats] == [seat.token_hash for seat in table.seats]
    assert stored.seats[0].name == "Ann"
    assert stored.events == [(0, "act", "kept")]


def test_a_write_that_is_not_data_runs_in_its_place(storage: Storage) -> None:
    def rename(connection: Connection) -> None:
        connection.execute(update(schema.seats).where(schema.seats.c.table_id == "plain", schema.seats.c.seat == 0)
                           .values(name="Plain"))

    outcomes = in_one_batch(storage, [
        [store.insert_table(a_table("plain"))],
        [store.update_seat("plain", 0, name="Before"), store.update_seat("plain", 1, name="Kept")],
        [rename],
        [store.update_seat("plain", 1, name="After")],
    ])
    assert outcomes == [None] * 4
    assert [seat.name for seat in loaded(storage, "plain").seats] == ["Plain", "After"]
    # And the writer goes on with data writes afterwards, on the same connection.
    async def more() -> None:
        await storage.write([store.update_seat("plain", 0, name="Again"), store.update_table("plain", updated=9.0)])

    asyncio.run(more())
    again = loaded(storage, "plain")
    assert (again.seats[0].name, again.updated) == ("Again", 9.0)


def test_writes_are_callable_one_by_one_on_a_connection(storage: Storage) -> None:
    with storage.engine.begin() as connection:
        store.insert_table(a_table("called"))(connection)
        store.insert_event("called", 0, 1, "act", "x", time.time())(connection)
        store.update_seat("called", 1, status="free", token_hash=None)(connection)
        store.update_table("called", result={"winners": [1]}, finished=True)(connection)
        seat = connection.execute(select(schema.seats.c.status).where(schema.seats.c.table_id == "called",
                                                                      schema.seats.c.seat == 1)).scalar_one()
    stored = loaded(storage, "called")
    assert seat == "free" and stored.result == {"winners": [1]} and stored.finished
    assert stored.events == [(1, "act", "x")]


def test_the_writer_gets_a_new_connection_when_postgresql_drops_its_own(postgres_cluster: str) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    db_url = fresh_postgres_database(postgres_cluster)
    storage = Storage(db_url)
    storage.start()
    try:
        storage.write_now([store.insert_table(a_table("dropped"))])

        async def write(n: int) -> None:
            await storage.write([store.insert_event("dropped", n, 0, "act", f"a{n}", float(n)),
                                 store.update_table("dropped", updated=float(n))])

        asyncio.run(write(0))  # the writer now holds a connection of its own
        url = make_url(db_url)
        with psycopg.connect(host=str(url.query["host"]), port=str(url.query["port"]), user=url.username,
                             dbname=url.database, autocommit=True) as admin:
            dropped = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                    "WHERE datname = current_database() AND pid <> pg_backend_pid()").fetchone()
        assert dropped is not None and dropped[0] >= 1
        asyncio.run(write(1))  # its connection is gone: the batch is written again on a new one
        asyncio.run(write(2))
        stored = loaded(storage, "dropped")
        assert [action for _, _, action in stored.events] == ["a0", "a1", "a2"] and stored.updated == 2.0
    finally:
        storage.close()


def test_notifications_are_sent_with_the_writes_that_commit_and_not_with_one_that_fails(
        postgres_cluster: str) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    db_url = fresh_postgres_database(postgres_cluster)
    url = make_url(db_url)
    storage = Storage(db_url)
    migrate(storage.engine)
    try:
        storage.write_now([store.insert_table(a_table("told"))])
        with psycopg.connect(host=str(url.query["host"]), port=str(url.query["port"]), user=url.username,
                             dbname=url.database, autocommit=True) as listener:
            listener.execute("LISTEN dojo_test")
            plan = plan_batch([store.Notify("dojo_test", "x"), store.update_table("told", updated=1.0),
                               store.Notify("dojo_test", "x")])
            assert plan is not None and plan[-1] == (("notify", None, ()), [("dojo_test", "x")])
            outcomes = in_one_batch(storage, [
                [store.insert_event("told", 0, 0, "act", "a0", 1.0), store.Notify("dojo_test", "first")],
                [store.Notify("dojo_test", "second"), store.update_table("told", updated=2.0)],
                [store.Notify("dojo_test", "never"), store.insert_event("told", 0, 1, "act", "again", 2.0)],
                [store.Notify("dojo_test", "first")],
            ])
            assert [outcome is None for outcome in outcomes] == [True, True, False, True]
            heard = [note.payload for note in listener.notifies(timeout=2.0, stop_after=4)]  # (waits for a 4th)
            # Each committed write's own (written alone after the batch failed: "first" twice).
            assert heard == ["first", "second", "first"]

            again = Storage(db_url)  # (its writer starts once the writes are queued: one batch)
            try:
                outcomes = in_one_batch(again, [
                    [store.Notify("dojo_test", "third"), store.update_table("told", updated=3.0)],
                    [store.insert_event("told", 1, 1, "act", "a1", 3.0), store.Notify("dojo_test", "fourth")],
                    [store.Notify("dojo_test", "third")]])
            finally:
                again.close()
            assert outcomes == [None] * 3
            # One transaction: a repeated notification is sent once.
            assert [note.payload for note in listener.notifies(timeout=2.0, stop_after=3)] == ["third", "fourth"]
        stored = loaded(storage, "told")
        assert stored.events == [(0, "act", "a0"), (1, "act", "a1")] and stored.updated == 3.0
    finally:
        storage.close()


def test_a_seat_check_keeps_its_batch_planned_and_a_stale_one_fails_alone(storage: Storage) -> None:
    """A cluster's seat check (``CheckSeats``: what ``guard_seats`` makes) is data: a batch holding one is still
    planned into a few statements, the check first; a check that finds the seats changed fails its own write
    (``StaleTable``: another process changed them first) and nothing of it is stored, the others are."""
    storage.write_now([store.insert_table(a_table("guarded")), store.insert_table(a_table("other"))])
    table = loaded(storage, "guarded")
    expected = [(seat.seat, seat.status, seat.token_hash, seat.bot) for seat in table.seats]
    good = [store.CheckSeats("guarded", tuple(expected[:1])), store.update_seat("guarded", 0, name="Checked")]
    stale = [store.CheckSeats("other", ((0, "free", None, None),)), store.update_seat("other", 0, name="Never"),
             store.insert_event("other", 0, 0, "act", "never", 1.0)]
    plan = plan_batch([*good, store.insert_event("guarded", 0, 0, "act", "kept", 1.0)])
    assert plan is not None and plan[0][0][0] == "check" and [shape[0] for shape, _ in plan] == ["check", "insert",
                                                                                                 "update"]
    outcomes = in_one_batch(storage, [good, stale, [store.insert_event("guarded", 0, 0, "act", "kept", 1.0)]])
    assert outcomes[0] is None and outcomes[2] is None and isinstance(outcomes[1], store.StaleTable)
    assert loaded(storage, "guarded").seats[0].name == "Checked"
    assert loaded(storage, "guarded").events == [(0, "act", "kept")]
    other = loaded(storage, "other")
    assert other.seats[0].name != "Never" and other.events == []
