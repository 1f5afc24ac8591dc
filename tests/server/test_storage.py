"""Storage, on SQLite and on a real PostgreSQL: migrations, the event-sourced rows, group commits that
fail alone, and a server restarted on the same database serving every table as it was."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from sqlalchemy import inspect

from ninjadojo.server import schema
from ninjadojo.server import storage as store
from ninjadojo.server.storage import Storage, StorageError, StoredSeat, StoredTable, database_url
from server.helpers import QUICK, Listener, ServerThread


def a_table(table_id: str, seats: int = 2) -> StoredTable:
    now = time.time()
    return StoredTable(id=table_id, game="ninjitsu", players=seats, options={"target": 21}, seed=(1 << 64) - 1,
                       start=None, settings={"undo": True}, created=now, updated=now, finished=False, result=None,
                       waiting_for=[0], private=False, rematch_of=None, rematch=None,
                       seats=[StoredSeat(seat, "human", f"P{seat}", None, "invited", f"{seat:064x}", None)
                              for seat in range(seats)])


def test_migrations_create_the_schema_the_server_uses(db_url: str) -> None:
    storage = Storage(db_url)
    try:
        storage.start()
        storage.start()  # a second start finds the schema up to date
        found = inspect(storage.engine)
        for table in schema.metadata.sorted_tables:
            assert {column["name"] for column in found.get_columns(table.name)} == set(table.columns.keys())
    finally:
        storage.close()


def test_a_table_its_events_and_notes_come_back_as_stored(db_url: str) -> None:
    storage = Storage(db_url)
    try:
        storage.start()
        table = a_table("round-trip")
        storage.write_now([store.insert_table(table),
                           store.insert_event(table.id, 0, 0, "act", "d", time.time()),
                           store.insert_event(table.id, 1, 1, "act", "s:5b", time.time()),
                           store.insert_note(table.id, 0, 2, "for seat 1 only", time.time())])
        loaded = storage.load_table(table.id)
        assert loaded is not None
        assert loaded.seed == (1 << 64) - 1  # beyond a signed 64-bit column: stored as text
        assert loaded.events == [(0, "act", "d"), (1, "act", "s:5b")]
        assert loaded.notes == [(2, "for seat 1 only")]
        assert [seat.name for seat in loaded.seats] == ["P0", "P1"]
        assert storage.load_table("nope") is None
        assert storage.tables_of_tokens([f"{1:064x}"])[0][0] == 1
        assert [found.id for found in storage.list_tables("playing", None)] == ["round-trip"]
        assert storage.list_tables("open", None) == []  # invited seats are not free
        assert storage.unfinished_ids() == ["round-trip"]
    finally:
        storage.close()


def test_writes_queued_together_commit_together_and_a_bad_one_fails_alone(db_url: str) -> None:
    storage = Storage(db_url)
    storage.start()
    table = a_table("batch")
    storage.write_now([store.insert_table(table)])

    async def many() -> list[BaseException | None]:
        writes = [storage.write([store.insert_event(table.id, n, 0, "act", f"a{n}", time.time())])
                  for n in range(50)]
        # Event 7 again: refused by the primary key; every other write must still be stored.
        writes.append(storage.write([store.insert_event(table.id, 7, 0, "act", "again", time.time())]))
        return await asyncio.gather(*writes, return_exceptions=True)

    try:
        outcomes = asyncio.run(many())
        assert outcomes[:50] == [None] * 50
        assert isinstance(outcomes[50], Exception)
        loaded = storage.load_table(table.id)
        assert loaded is not None
        assert [action for _, _, action in loaded.events] == [f"a{n}" for n in range(50)]
    finally:
        storage.close()


def test_a_restarted_server_serves_every_table_as_it_was(db_url: str) -> None:
    with ServerThread(db_url) as server:
        table_id, tokens = server.create({"game": "ninjitsu", "players": 2, "settings": QUICK,
                                          "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
        live = server.dojo.tables[table_id]

        async def play() -> None:
            async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                    Listener(server.ws_url(table_id), tokens["1"]) as bo:
                for _ in range(4):
                    for me in (ann, bo):
                        state = await me.state_where(lambda s: s["status"] == "playing")
                        if state["legal"]:
                            await me.send({"type": "act", "action": state["legal"][0], "index": state["index"]})
                            await me.next("ack")

        asyncio.run(play())
        notation, actions, index = live.game.to_notation(), list(live.game.record.actions), live.index[0]
        assert actions
    with ServerThread(db_url) as again:
        reloaded = again.dojo.tables[table_id]  # loaded at start: the game is not over
        assert reloaded.game.to_notation() == notation and reloaded.game.record.actions == actions

        async def reconnect() -> dict[str, object]:
            async with Listener(again.ws_url(table_id), tokens["0"]) as ann:
                return await ann.next("state")

        restored = asyncio.run(reconnect())
        assert restored["index"] == index and restored["view"] == reloaded.game.observe(0)


def test_database_urls(tmp_path: Path) -> None:
    assert database_url(None).startswith("sqlite:///") and database_url(None).endswith("server.sqlite3")
    assert database_url("postgresql://me@db/dojo") == "postgresql+psycopg://me@db/dojo"
    assert database_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
    with pytest.raises(StorageError, match="ftp"):
        database_url("ftp://example.org/db")


def test_the_default_database_is_created_in_the_data_folder(data_home: Path) -> None:
    storage = Storage(database_url(None))
    try:
        storage.start()
    finally:
        storage.close()
    assert (data_home / "server.sqlite3").is_file()


def test_a_stored_game_that_does_not_replay_is_refused_and_the_server_still_starts(sqlite_url: str) -> None:
    storage = Storage(sqlite_url)
    try:
        storage.start()
        table = a_table("corrupt")
        table.seed = 1
        storage.write_now([store.insert_table(table),
                           store.insert_event(table.id, 0, 0, "act", "no-such-action", time.time())])
    finally:
        storage.close()
    with ServerThread(sqlite_url) as server:
        response = server.http.get("/api/tables/corrupt")
        assert response.status_code == 503 and response.json()["error"]["code"] == "unavailable"
        assert server.http.get("/api/health").status_code == 200
