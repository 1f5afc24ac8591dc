"""The WebSocket protocol: hello, per-seat states, acting with the index, stale and repeated actions,
illegal and malformed messages (each answered with an error, nothing changed), spectators,
reconnecting, and rate limits."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from ninjadojo.api import game_class
from server.helpers import QUICK, Listener, ServerThread


def two_humans(server: ServerThread, game: str = "ninjitsu") -> tuple[str, dict[str, str]]:
    """A table of two scripted humans (no bots), states never held."""
    return server.create({"game": game, "players": 2, "settings": QUICK,
                          "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})


def test_hello_is_checked_before_anything_is_sent(server: ServerThread) -> None:
    table_id, _ = two_humans(server)

    async def scenario() -> None:
        bad_token = Listener(server.ws_url(table_id), "z" * 32)
        async with bad_token:
            error = await bad_token.next("error")
            assert error["code"] == "bad_token"
            assert await bad_token.closed_with() == 4401
        unknown = Listener(server.ws_url("nosuchtable1"))
        async with unknown:
            assert (await unknown.next("error"))["code"] == "unknown_table"
            assert await unknown.closed_with() == 4404
        from websockets.asyncio.client import connect

        async with connect(server.ws_url(table_id)) as raw:
            await raw.send("{not json")
            error = json.loads(await raw.recv())
            assert error["type"] == "error" and error["code"] == "bad_json"
        async with connect(server.ws_url(table_id)) as raw:
            await raw.send(json.dumps({"type": "act", "action": "d"}))
            error = json.loads(await raw.recv())
            assert error["code"] == "bad_message" and "hello" in error["message"]

    asyncio.run(scenario())


def test_each_seat_gets_its_own_view_and_the_spectator_the_spectators(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo, Listener(server.ws_url(table_id)) as watcher:
            welcome = await ann.next("welcome")
            assert welcome == {"type": "welcome", "protocol": 1, "table": table_id, "seat": 0, "name": "Ann",
                               "patches": False, "chat": []}
            # Once both seats are taken the table plays; every state is the seat's own view.
            for listener, seat in ((ann, 0), (bo, 1), (watcher, None)):
                state = await listener.state_where(lambda s: s["status"] == "playing")
                assert state["seat"] == seat and state["view"]["seat"] == seat
                assert state["view"] == live.game.observe(seat)
                expected_legal = live.game.legal_actions(seat) if seat is not None else []
                assert state["legal"] == expected_legal
                assert state["to_act"] == live.game.observe(None)["waiting_for"]
                # The first state carries the whole log as new lines; later ones only what is new.
                lines = [line for m in listener.messages if m["type"] == "state" for line in m["log_new"]]
                assert lines == state["view"]["log"]

    asyncio.run(scenario())


def test_an_action_is_acknowledged_then_every_connection_gets_its_new_state(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo:
            first = await ann.state_where(lambda s: s["status"] == "playing" and s["legal"])
            await bo.state_where(lambda s: s["status"] == "playing")
            await ann.send({"type": "act", "action": "d", "index": first["index"], "id": "a1"})
            ack = await ann.next("ack")
            assert ack == {"type": "ack", "id": "a1", "action": "d", "index": first["index"] + 1, "duplicate": False}
            # The ack comes only after the commit: the action is stored.
            stored = server.dojo.storage.load_table(table_id)
            assert stored.events == [(0, "act", "d")]
            after = await ann.next("state")
            assert after["index"] == first["index"] + 1
            assert any(line.strip().startswith("You drew") for line in after["log_new"])
            other = await bo.next("state", index=first["index"] + 1)
            assert other["view"] == live.game.observe(1)
            assert not any(line.strip().startswith("You drew") for line in other["log_new"])

    asyncio.run(scenario())


def test_a_repeated_action_is_answered_without_being_applied_twice(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["1"]):
            async with Listener(server.ws_url(table_id), tokens["0"]) as ann:
                first = await ann.state_where(lambda s: s["status"] == "playing" and s["legal"])
                await ann.send({"type": "act", "action": "d", "index": first["index"], "id": 1})
                await ann.next("ack")
            # The connection dropped before the client saw the ack: it reconnects and sends again.
            async with Listener(server.ws_url(table_id), tokens["0"]) as again:
                await again.next("state")
                await again.send({"type": "act", "action": "d", "index": first["index"], "id": 2})
                ack = await again.next("ack")
                assert ack["duplicate"] is True and ack["action"] == "d" and ack["id"] == 2
                state = await again.next("state")
                assert state["index"] == first["index"] + 1
        assert [action for _, action in live.game.record.actions] == ["d"]
        assert len(server.dojo.storage.load_table(table_id).events) == 1

    asyncio.run(scenario())


def test_a_stale_illegal_or_malformed_action_is_refused_and_changes_nothing(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo, Listener(server.ws_url(table_id)) as watcher:
            state = await ann.state_where(lambda s: s["status"] == "playing" and s["legal"])
            bo_state = await bo.state_where(lambda s: s["status"] == "playing")
            await watcher.state_where(lambda s: s["status"] == "playing")
            before = live.game.to_notation()
            index = state["index"]
            cases = [
                ({"type": "act", "action": "zz9", "index": index}, "illegal"),
                ({"type": "act", "action": "d", "index": index - 1}, "stale"),
                ({"type": "act", "action": "d", "index": index + 5}, "stale"),
                ({"type": "act", "action": "d", "index": "3"}, "bad_message"),
                ({"type": "act", "action": 5, "index": index}, "bad_message"),
                ({"type": "act", "index": index}, "bad_message"),
                ({"type": "dance"}, "bad_message"),
                ({"type": "hello"}, "bad_message"),
                ({"type": "ping", "id": {"no": 1}}, "bad_message"),
                ({"type": "undo", "index": index}, "undo_disabled"),
                ("[1, 2]", "bad_json"),
                ("not json at all", "bad_json"),
                ("x" * 5000, "too_large"),
            ]
            for message, code in cases:
                await ann.send(message)
                error = await ann.next("error")
                assert error["code"] == code, (message, error)
                assert error["message"]
            illegal = next(m for m in ann.messages if m.get("code") == "illegal")
            assert "d" in illegal["legal"]
            # Bo is not to act; the spectator may not act at all.
            await bo.send({"type": "act", "action": "d", "index": bo_state["index"]})
            assert (await bo.next("error"))["code"] == "not_your_turn"
            await watcher.send({"type": "act", "action": "d", "index": 0})
            assert (await watcher.next("error"))["code"] == "spectator"
            await ann.send({"type": "ping", "id": "p"})
            assert (await ann.next("pong")) == {"type": "pong", "id": "p"}
            assert live.game.to_notation() == before
            assert server.dojo.storage.load_table(table_id).events == []

    asyncio.run(scenario())


def test_nobody_acts_while_the_table_waits_for_players(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann:
            state = await ann.next("state")
            assert state["status"] == "waiting" and state["seats"][1]["status"] == "invited"
            await ann.send({"type": "act", "action": state["legal"][0], "index": state["index"]})
            assert (await ann.next("error"))["code"] == "waiting"

    asyncio.run(scenario())


def test_reconnecting_restores_the_whole_state(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["1"]):
            async with Listener(server.ws_url(table_id), tokens["0"]) as ann:
                state = await ann.state_where(lambda s: s["status"] == "playing" and s["legal"])
                await ann.send({"type": "act", "action": "d", "index": state["index"]})
                await ann.next("ack")
                last = await ann.next("state")
            async with Listener(server.ws_url(table_id), tokens["0"]) as back:
                await back.next("welcome")
                restored = await back.next("state")
                assert restored["view"] == last["view"] and restored["index"] == last["index"]
                assert restored["log_new"] == restored["view"]["log"]

    asyncio.run(scenario())


def test_a_flood_of_messages_is_rate_limited(sqlite_url: str) -> None:
    with ServerThread(sqlite_url, ws_rate=2.0, ws_burst=5.0) as limited:
        table_id, tokens = two_humans(limited)

        async def scenario() -> None:
            async with Listener(limited.ws_url(table_id), tokens["0"]) as ann:
                await ann.next("state")
                for number in range(12):
                    await ann.send({"type": "ping", "id": number})
                replies = await ann.quiet(1.0)
                pongs = [m for m in replies if m["type"] == "pong"]
                limited_errors = [m for m in replies if m.get("code") == "rate_limited"]
                assert 5 <= len(pongs) <= 8 and len(limited_errors) >= 4

        asyncio.run(scenario())


def test_a_seat_token_that_stops_working_closes_its_connections(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["1"]) as bo:
            await bo.next("state")
            response = await asyncio.to_thread(server.http.post, f"/api/tables/{table_id}/leave", json={},
                                               headers={"X-Seat-Token": tokens["1"]})
            assert response.status_code == 200
            assert await bo.closed_with() == 4401
            assert any(m.get("code") == "bad_token" for m in bo.messages)

    asyncio.run(scenario())


def test_bots_play_in_worker_processes(sqlite_url: str) -> None:
    with ServerThread(sqlite_url, bot_pool="process", bot_workers=1) as running:
        table_id, _ = running.create({"game": "ninja-trap", "players": 2, "settings": QUICK,
                                      "seats": [{"type": "bot", "level": "medium"}, {"type": "bot", "level": "easy"}]})

        async def scenario() -> None:
            async with Listener(running.ws_url(table_id)) as watcher:
                final = await watcher.state_where(lambda s: s["status"] == "finished", timeout=120)
                assert final["view"]["result"] is not None

        asyncio.run(scenario())
        record = running.http.get(f"/api/tables/{table_id}/record").json()
        replayed = game_class("ninja-trap").load_save(record)
        assert replayed.is_terminal


def test_a_seat_rearranges_its_secrets_on_the_others_turn_and_everyone_sees_it(server: ServerThread) -> None:
    # The rulebook: "You may look at or rearrange your secrets at any time". The server takes a seat's
    # free action whoever is to act; the decision waiting stays where it was.
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]

    async def act(listener: Listener, seat: int, choose: Any) -> dict[str, Any]:
        state = await listener.state_where(lambda s: s["status"] == "playing" and s["legal"])
        action = choose(live.game.legal_actions(seat))
        await listener.send({"type": "act", "action": action, "index": state["index"], "id": action})
        return await listener.next("ack")

    def secret_play(actions: list[str]) -> str:
        return next(action for action in actions if action.startswith("s:"))

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo:
            await act(ann, 0, secret_play)
            await act(bo, 1, lambda actions: "d")
            await act(ann, 0, secret_play)
            order = list(live.game.secrets[0])
            assert len(order) == 2 and live.game.to_act() == (1,)
            state = await ann.state_where(lambda s: s["status"] == "playing" and not s["legal"] and s["free"])
            assert state["free"] == {"w0.1": "Swap your secrets #1 and #2 (free)"}
            bo_state = await bo.state_where(lambda s: s["legal"])
            assert bo_state["free"] == {}  # Bo holds no secret
            await ann.send({"type": "act", "action": "w0.1", "index": state["index"], "id": "swap"})
            ack = await ann.next("ack")
            assert ack["action"] == "w0.1" and ack["index"] == state["index"] + 1
            assert live.game.secrets[0] == order[::-1] and live.game.to_act() == (1,)
            # Bo sees it at once, on the same index: his decision (and a choice he sent meanwhile) stays good.
            after = await bo.next("state")
            assert after["log_new"] == ["P0 rearranges their secrets"] and after["legal"] == bo_state["legal"]
            assert after["index"] == bo_state["index"]
            # A wrong one is refused, saying what the seat may do at any time, and changes nothing.
            await ann.send({"type": "act", "action": "w0.7", "index": ack["index"], "id": "bad"})
            error = await ann.next("error")
            assert error["code"] == "illegal" and "positions 0 to 1" in error["message"] and "w0.1" in error["message"]
            # Swapping back is a new action, not a repeat of the first.
            await ann.send({"type": "act", "action": "w0.1", "index": ack["index"], "id": "back"})
            again = await ann.next("ack")
            assert again["duplicate"] is False and live.game.secrets[0] == order
            await bo.send({"type": "act", "action": "d", "index": bo_state["index"], "id": "bo"})
            assert (await bo.next("ack"))["action"] == "d"
        stored = server.dojo.storage.load_table(table_id)
        assert [event for event in stored.events[-3:]] == [(0, "act", "w0.1"), (0, "act", "w0.1"), (1, "act", "d")]

    asyncio.run(scenario())
