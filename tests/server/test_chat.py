"""Chat at a table (issue 24, "Friends at a table"): seats (and spectators where the table allows them) send
lines or quick emotes; each is stored with the table, sent to every connection, and in every state (the last
100) after a reconnect or a restart; text stays exactly the text typed; lines are length- and rate-limited;
a token revoked since hello cannot chat."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect

from ninjadojo.server import storage as store
from ninjadojo.server.chat import CHAT_EMOTES, CHAT_MAX, check_chat
from ninjadojo.server.connections import CHAT_BURST
from ninjadojo.server.errors import MessageError
from ninjadojo.server.storage import CHAT_KEPT, ChatLine, Storage
from server.conftest import fresh_postgres_database
from server.helpers import QUICK, Listener, ServerThread
from server.test_revocation import before_next_call, leave_then_join
from server.test_storage import a_table

#: Text a browser would run if it were put in the page as HTML.
SCRIPT = '<script>alert("x")</script> & <b>bold</b>'


def two_humans(server: ServerThread, spectators: bool = True) -> tuple[str, dict[str, str]]:
    """A table of two invited humans, Ann (seat 0) and Bo (seat 1)."""
    return server.create({"game": "ninjitsu", "players": 2, "settings": {**QUICK, "spectators": spectators},
                          "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})


def test_a_line_reaches_every_connection_with_its_seat_name_and_time_and_the_text_kept_as_text(
        server: ServerThread) -> None:
    table_id, tokens = two_humans(server)
    before = time.time()

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo, \
                Listener(server.ws_url(table_id)) as watcher:
            for listener in (ann, bo, watcher):
                await listener.next("state")
            await ann.send({"type": "chat", "text": SCRIPT, "id": "c1"})
            mine = await ann.next("chat")
            theirs = await bo.next("chat")
            watched = await watcher.next("chat")
            await bo.send({"type": "chat", "emote": "good_game"})
            emote = await ann.next("chat")
            return mine, theirs, watched, emote

    mine, theirs, watched, emote = asyncio.run(scenario())
    assert mine["id"] == "c1"
    for line in (mine, theirs, watched):
        assert line["text"] == SCRIPT  # neither escaped nor stripped: the client shows it as text
        assert line["seat"] == 0 and line["name"] == "Ann" and line["emote"] is None and line["n"] == 0
        assert time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(before - 1)) <= line["at"]
    assert emote["seat"] == 1 and emote["name"] == "Bo" and emote["emote"] == "good_game" and emote["text"] is None
    stored = server.dojo.storage.load_table(table_id)
    assert [(line.seat, line.text, line.emote) for line in stored.chat] == [(0, SCRIPT, None), (1, None, "good_game")]


def test_a_spectator_chats_where_the_table_allows_spectators_and_is_named_spectator(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)

    async def scenario() -> dict[str, Any]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id)) as watcher:
            await ann.next("state")
            await watcher.next("state")
            await watcher.send({"type": "chat", "emote": "hello"})
            return await ann.next("chat")

    line = asyncio.run(scenario())
    assert line["seat"] is None and line["name"] == "spectator" and line["emote"] == "hello"


def test_a_table_without_spectators_refuses_their_chat(server: ServerThread) -> None:
    """No spectator connects to such a table; and were the setting off with one connected (white box: a
    table's settings do not change), its chat would be refused."""
    closed_id, _ = two_humans(server, spectators=False)

    async def refused() -> int | None:
        async with Listener(server.ws_url(closed_id)) as watcher:
            return await watcher.closed_with()

    assert asyncio.run(refused()) is not None
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]

    async def scenario() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id)) as watcher:
            await ann.next("state")
            await watcher.next("state")
            live.settings = dataclasses.replace(live.settings, spectators=False)
            await watcher.send({"type": "chat", "text": "hi"})
            error = await watcher.next("error")
            return error, await ann.quiet(0.3)

    error, seen = asyncio.run(scenario())
    assert error["code"] == "spectator"
    assert not [message for message in seen if message["type"] == "chat"] and live.chat == []


def test_bad_chat_is_refused_naming_what_is_allowed_and_stores_nothing(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)
    bad = [({"text": "x" * (CHAT_MAX + 1)}, "too_long", f"at most {CHAT_MAX}"),
           ({"text": "   "}, "bad_message", "empty"),
           ({"text": "two\nlines"}, "bad_message", "control characters"),
           ({"text": 5}, "bad_message", "must be text"),
           ({"emote": "<script>"}, "bad_message", ", ".join(CHAT_EMOTES)),
           ({"text": "hi", "emote": "hello"}, "bad_message", "not both"),
           ({}, "bad_message", "not neither")]

    async def scenario() -> list[dict[str, Any]]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann:
            await ann.next("state")
            errors = []
            for body, _, _ in bad:
                await ann.send({"type": "chat", **body})
                errors.append(await ann.next("error"))
            await ann.send({"type": "chat", "text": "x" * CHAT_MAX})  # the longest line passes
            errors.append(await ann.next("chat"))
            return errors

    answers = asyncio.run(scenario())
    for (_, code, words), error in zip(bad, answers, strict=False):
        assert error["code"] == code and words in error["message"]
    assert answers[-1]["text"] == "x" * CHAT_MAX
    assert [line.text for line in server.dojo.tables[table_id].chat] == ["x" * CHAT_MAX]


def test_chat_is_rate_limited_per_seat_across_its_connections(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)

    async def scenario() -> list[dict[str, Any]]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as one, \
                Listener(server.ws_url(table_id), tokens["0"]) as two:
            await one.next("state")
            await two.next("state")
            for number in range(CHAT_BURST + 1):  # sent at once, on two connections of the same seat
                await (one if number % 2 else two).send({"type": "chat", "text": f"line {number}", "id": number})
            return await one.quiet(1.0) + await two.quiet(0.2)

    got = asyncio.run(scenario())
    refused = [message for message in got if message["type"] == "error"]
    assert len(refused) == 1 and refused[0]["code"] == "rate_limited"
    assert len(server.dojo.tables[table_id].chat) == CHAT_BURST


def test_a_spectators_chat_limit_is_kept_per_address_so_reconnecting_gives_no_new_allowance(
        server: ServerThread) -> None:
    # (found by an adversarial probe: a spectator that sent its burst, closed and reopened sent without end)
    table_id, _ = two_humans(server)

    async def spectator_sends(count: int, start: int) -> list[dict[str, Any]]:
        async with Listener(server.ws_url(table_id)) as watcher:
            await watcher.next("state")
            for number in range(start, start + count):
                await watcher.send({"type": "chat", "text": f"line {number}", "id": number})
            return await watcher.quiet(0.5)

    first = asyncio.run(spectator_sends(CHAT_BURST, 0))
    again = asyncio.run(spectator_sends(2, CHAT_BURST))  # a new connection from the same address
    assert [message["type"] for message in first].count("chat") == CHAT_BURST
    refused = [message for message in again if message["type"] == "error"]
    assert len(refused) == 2 and {error["code"] for error in refused} == {"rate_limited"}
    assert len(server.dojo.tables[table_id].chat) == CHAT_BURST


def test_a_line_sent_on_a_token_revoked_before_it_is_stored_is_refused(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]
    joined: dict[str, str] = {}

    async def scenario() -> list[dict[str, Any]]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo:
            await ann.next("state")
            await bo.next("state")
            # The line is read; before the table stores it, Ann leaves her seat and Cy takes it.
            over = before_next_call(live, "send_chat", leave_then_join(server, table_id, 0, tokens["0"], joined))
            await ann.send({"type": "chat", "text": "signed as seat 0", "id": "c"})
            assert await ann.closed_with() == 4401
            assert await asyncio.to_thread(over.wait, 30)
            return await bo.quiet(0.5)

    seen = asyncio.run(scenario())
    assert joined and live.chat == []
    assert not [message for message in seen if message["type"] == "chat"]


def test_the_last_lines_come_back_with_the_welcome_after_a_reconnect_and_a_restart(sqlite_url: str) -> None:
    with ServerThread(sqlite_url) as server:
        table_id, tokens = two_humans(server)

        async def talk() -> None:
            async with Listener(server.ws_url(table_id), tokens["1"]) as bo:
                await bo.next("state")
                await bo.send({"type": "chat", "text": SCRIPT})
                await bo.next("chat")

        asyncio.run(talk())
    with ServerThread(sqlite_url) as again:
        async def reconnect() -> dict[str, Any]:
            async with Listener(again.ws_url(table_id), tokens["0"]) as ann:
                welcome = await ann.next("welcome")
                state = await ann.next("state")
                assert "chat" not in state  # states do not carry the chat again at every move
                return welcome

        welcome = asyncio.run(reconnect())
    assert [(line["n"], line["seat"], line["name"], line["text"]) for line in welcome["chat"]] == [
        (0, 1, "Bo", SCRIPT)]


def database(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of ``kind`` (``sqlite`` or ``postgresql``)."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'dojo.sqlite3'}"
    return fresh_postgres_database(request.getfixturevalue("postgres_cluster"))


KINDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)]


@pytest.mark.parametrize("kind", KINDS)
def test_a_database_of_the_first_schema_is_upgraded_with_its_tables_kept(
        kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    url = database(kind, request, tmp_path)
    storage = Storage(url)
    try:
        config = Config()
        config.set_main_option("script_location", str(Path(store.__file__).with_name("migrations")))
        with storage.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0001")  # a database made before chat
        assert "dojo_chat" not in inspect(storage.engine).get_table_names()
        storage.write_now([store.insert_table(a_table("older"))])
        storage.start()  # the server's start upgrades it
        assert "dojo_chat" in inspect(storage.engine).get_table_names()
        storage.write_now([store.insert_chat("older", ChatLine(0, 1, "P1", "hi", None, 1.0))])
        loaded = storage.load_table("older")
        assert loaded is not None and [line.text for line in loaded.chat] == ["hi"] and loaded.chat_count == 1
    finally:
        storage.close()


@pytest.mark.parametrize("kind", KINDS)
def test_storage_keeps_every_line_and_loads_the_last_ones(kind: str, request: pytest.FixtureRequest,
                                                           tmp_path: Path) -> None:
    storage = Storage(database(kind, request, tmp_path))
    try:
        storage.start()
        table = a_table("chatty")
        lines = [ChatLine(n, n % 2 or None, f"P{n % 2}", None if n % 3 == 0 else f"line {n}",
                          "hello" if n % 3 == 0 else None, 1_700_000_000.0 + n) for n in range(CHAT_KEPT + 20)]
        storage.write_now([store.insert_table(table), *[store.insert_chat(table.id, line) for line in lines]])
        loaded = storage.load_table(table.id)
        assert loaded is not None
        assert loaded.chat == lines[-CHAT_KEPT:] and loaded.chat_count == CHAT_KEPT + 20
        assert loaded.chat[0].to_json()["at"] == "2023-11-14T22:13:40Z"  # 1_700_000_000 is 22:13:20 UTC
    finally:
        storage.close()


@pytest.mark.parametrize(("text", "says"), [
    ("\u200b", "at least one letter"), (" \u200b\u2060 ", "at least one letter"),
    ("gg \u202egg", "turn the text around"), ("\u2067abc\u2069", "turn the text around")])
def test_a_chat_line_of_nothing_visible_or_turned_around_on_screen_is_refused(text: str, says: str) -> None:
    """Names refuse invisible and format characters; a chat line must show something too, and may not hold
    a bidirectional override, which shows its words in another order than they are (a spoof). Emoji made
    of several joined (with zero-width joiners) are still text."""
    with pytest.raises(MessageError, match=says):
        check_chat(text, None)
    assert check_chat("hi \U0001f468\u200d\U0001f469\u200d\U0001f467", None)[0] is not None


def test_a_chat_bucket_is_rested_only_once_refilled_so_forgetting_it_gives_nothing() -> None:
    from ninjadojo.server.connections import CHAT_RATE, RateLimiter

    now = [0.0]
    limit = RateLimiter(CHAT_RATE, CHAT_BURST, clock=lambda: now[0])
    assert limit.rested() and limit.allow() and not limit.rested()
    now[0] += 0.9 / CHAT_RATE
    assert not limit.rested()
    now[0] += 0.2 / CHAT_RATE
    assert limit.rested()
