"""A second, adversarial look at the fixes of issue 28 (the server under attack): holes found in them, each
driven from the outside (HTTP and WebSocket on loopback) where it can be."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import time
from typing import Any

import httpx
import pytest

from server.helpers import ServerThread


def _slow_writes(server: ServerThread, seconds: float) -> None:
    """Make every storage write of the server wait ``seconds`` first (a busy disk), so that requests made
    together overlap on their writes for certain."""
    storage = server.dojo.storage
    write = storage.write

    async def slow(ops: Any) -> Any:
        await asyncio.sleep(seconds)
        return await write(ops)

    storage.write = slow


@pytest.mark.slow
def test_tables_of_bots_created_together_are_capped_too(sqlite_url: str) -> None:
    """At most ``max_bot_tables`` tables of bots only play at once (issue 28, item 10), also when the
    requests to create them arrive together: each used to count the tables before any was stored, and
    all passed."""
    with ServerThread(sqlite_url, max_bot_tables=2) as server:
        _slow_writes(server, 0.3)
        bots = {"game": "ninja-trap", "players": 2, "settings": {"move_delay": 10, "window_time": 0},
                "seats": [{"type": "bot", "level": "easy"}] * 2}

        async def together() -> list[httpx.Response]:
            async with httpx.AsyncClient(base_url=server.base, timeout=30) as client:
                return list(await asyncio.gather(*[client.post("/api/tables", json=bots) for _ in range(6)]))

        answers = asyncio.run(together())
        codes = sorted(answer.status_code for answer in answers)
        assert codes == [201, 201, 429, 429, 429, 429], [answer.text for answer in answers]
        assert all(answer.json()["error"]["code"] == "busy" for answer in answers if answer.status_code == 429)
        assert len(server.dojo.tables) == 2


@pytest.mark.slow
def test_players_leaving_to_bots_together_do_not_pass_the_cap_of_tables_of_bots(sqlite_url: str) -> None:
    """Two players leaving their seats to bots at once, at two tables (or the last two humans of one), make
    at most ``max_bot_tables`` tables of bots only: each leave counted before the other's was stored."""
    with ServerThread(sqlite_url, max_bot_tables=1) as server:
        human_and_bot = {"game": "ninja-trap", "players": 2, "settings": {"move_delay": 10, "window_time": 0},
                         "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]}
        first, first_tokens = server.create(human_and_bot)
        second, second_tokens = server.create(human_and_bot)
        two_humans, both = server.create({**human_and_bot, "seats": [{"type": "human", "name": "Ann"},
                                                                     {"type": "human", "name": "Bob"}]})
        _slow_writes(server, 0.3)

        async def leave_together(leaves: list[tuple[str, str]]) -> list[httpx.Response]:
            async with httpx.AsyncClient(base_url=server.base, timeout=30) as client:
                return list(await asyncio.gather(*[
                    client.post(f"/api/tables/{table}/leave", json={"replace_with": "easy"},
                                headers={"X-Seat-Token": token}) for table, token in leaves]))

        answers = asyncio.run(leave_together([(first, first_tokens["0"]), (second, second_tokens["0"])]))
        assert sorted(answer.status_code for answer in answers) == [200, 429], [answer.text for answer in answers]
        answers = asyncio.run(leave_together([(two_humans, both["0"]), (two_humans, both["1"])]))
        assert sorted(answer.status_code for answer in answers) == [200, 429], [answer.text for answer in answers]
        only_bots = [table for table in server.dojo.tables.values()
                     if all(seat.type == "bot" for seat in table.seats) and not table.game.is_terminal]
        assert len(only_bots) == 1


def test_a_search_whose_rollouts_are_a_heuristic_bot_needs_a_time_cap(server: ServerThread) -> None:
    """Issue 28, item 12: a bot spec within the levels' iterations but with ``rollout=heuristic`` (each
    iteration plays a heuristic bot's game) took 160 s a decision in Ninjitsu! and 20 s in Ninja Camp, with no
    time cap; it is refused wherever a bot is named, unless a ``seconds`` cap bounds it."""
    slow = "ismcts:iterations=1000,rollout=heuristic"
    seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": slow}]
    answer = server.http.post("/api/tables", json={"game": "ninjitsu", "players": 2, "seats": seats})
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["code"] == "bad_bot" and "rollout" in error["message"] and "seconds" in error["message"]
    answer = server.http.post("/api/tables", json={"game": "ninja-camp", "players": 2,
                                                   "settings": {"timeout_bot": "ismcts:rollout=heuristic"}})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_bot", answer.text
    assert server.dojo.tables == {}
    capped = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "ismcts:rollout=heuristic,seconds=1"}]
    assert server.http.post("/api/tables", json={"game": "ninjitsu", "players": 2, "seats": capped,
                                                 "settings": {"move_delay": 10}}).status_code == 201


def test_an_unexpected_failure_carries_the_security_headers(server: ServerThread) -> None:
    """Issue 28, item 18: every response carries the CSP, X-Frame-Options and nosniff, also the JSON 500 of
    a request that failed unexpectedly (answered outside the middleware that adds them to the others)."""
    async def failing(*_: Any) -> Any:
        raise RuntimeError("a failure nobody foresaw")

    server.dojo.listing = failing
    answer = server.http.get("/api/tables")
    assert answer.status_code == 500 and answer.json()["error"]["code"] == "internal"
    assert "frame-ancestors 'none'" in answer.headers.get("content-security-policy", "")
    assert answer.headers.get("x-frame-options") == "DENY"
    assert answer.headers.get("x-content-type-options") == "nosniff"
    assert answer.headers.get("x-dojo-protocol") == "1"


def _wait_for(condition: Any, seconds: float = 30.0) -> bool:
    """Poll ``condition`` until it holds or ``seconds`` pass; whether it held (a bound, not a timing)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return bool(condition())


@pytest.mark.slow
def test_bots_play_on_after_a_worker_process_dies(sqlite_url: str) -> None:
    """Issue 28, item 8 (bots stop for good): a bot worker killed (out of memory, a crash) broke the process
    pool for ever, and every bot of every table failed from then on; a new pool takes the broken one's place."""
    with ServerThread(sqlite_url, bot_pool="process", bot_workers=1) as server:
        table_id, _ = server.create({"game": "ninja-trap", "players": 2, "settings": {"move_delay": 0.1,
                                                                                      "window_time": 0},
                                     "seats": [{"type": "bot", "level": "easy"}] * 2})
        live = server.dojo.tables[table_id]
        assert _wait_for(lambda: len(live.game.record.actions) >= 2)
        executor = server.dojo.pool._executor
        worker = next(iter(executor._processes))
        os.kill(worker, signal.SIGKILL)
        assert _wait_for(lambda: server.dojo.pool._executor is not executor)
        played = len(live.game.record.actions)
        assert _wait_for(lambda: live.game.is_terminal or len(live.game.record.actions) >= played + 4)


@pytest.mark.slow
def test_a_request_body_that_trickles_in_is_cut_off(sqlite_url: str) -> None:
    """Issue 28, item 14 (slow clients): the head of a request must arrive in time, and so must its body: a
    body sent a byte at a time (a slow POST) held its connection for ever once its head was in."""
    with ServerThread(sqlite_url, body_timeout=1.0) as server, \
            socket.create_connection(("127.0.0.1", server.port), timeout=20) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: dojo\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"game\": ")
        answer = b""
        while chunk := sock.recv(65536):  # the server answers, then closes (the read times out otherwise)
            answer += chunk
        status, _, rest = answer.partition(b"\r\n")
        assert status.startswith(b"HTTP/1.1 408"), answer[:200]
        head, _, body = rest.partition(b"\r\n\r\n")
        assert json.loads(body)["error"]["code"] == "too_slow"
        assert b"x-frame-options: deny" in head.lower()
        assert server.dojo.tables == {}
        # A body sent whole in time is read as always.
        assert server.http.post("/api/tables", json={"game": "ninja-trap", "players": 2}).status_code == 201


def test_finished_tables_nobody_watches_do_not_stay_in_memory_for_ever(server: ServerThread) -> None:
    """Issue 28 (memory anyone can exhaust): every table created or looked at stayed in memory for the
    server's life (a finished game of 5,000 actions: about 1.7 MB). Only the finished tables most recently
    asked for are kept; the others are loaded again, the same, when asked for."""
    server.dojo.finished_kept = 2
    ids = []
    for _ in range(4):
        table_id, _ = server.create({"game": "ninja-trap", "players": 2, "seats": [{"type": "human"}] * 2,
                                     "settings": {"move_delay": 0, "window_time": 0}})
        server.play_out(table_id)
        ids.append(table_id)
    result = server.http.get(f"/api/tables/{ids[0]}").json()["result"]
    server.http.post("/api/tables", json={"game": "ninja-trap", "players": 2})  # a table made: memory trimmed
    finished = [table_id for table_id, table in server.dojo.tables.items() if table.game.is_terminal]
    assert len(finished) == 2 and ids[0] in finished  # the one asked for last is kept
    again = server.http.get(f"/api/tables/{ids[1]}").json()  # dropped, loaded again from storage
    assert again["status"] == "finished" and again["result"] is not None
    assert server.http.get(f"/api/tables/{ids[0]}").json()["result"] == result
    assert len([table for table in server.dojo.tables.values() if table.game.is_terminal]) == 2


def test_a_name_of_the_blank_musical_notehead_is_refused(server: ServerThread) -> None:
    """Issue 28, item 19: names of only invisible characters are refused; U+1D159 (MUSICAL SYMBOL NULL
    NOTEHEAD, a symbol to Unicode that draws nothing) passed, alone or repeated."""
    table_id, _ = server.create({"game": "ninjitsu", "players": 2, "seats": [{"type": "human", "name": "Ann"},
                                                                              {"type": "human", "open": True}]})
    for name in ("\U0001d159", "\U0001d159 \U0001d159"):
        answer = server.http.post(f"/api/tables/{table_id}/join", json={"name": name})
        assert answer.status_code == 400 and "invisible" in answer.json()["error"]["message"], answer.text
    assert server.http.post(f"/api/tables/{table_id}/join", json={"name": "Bo\U0001d159"}).status_code == 200


def test_a_refused_websocket_upgrade_carries_the_security_headers(server: ServerThread) -> None:
    """Issue 28, item 18: every response carries the CSP, X-Frame-Options and nosniff, also the refusal of a
    WebSocket upgrade to a path with none (an empty 403 without them before), as the documented JSON error."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"GET /ws/nothing HTTP/1.1\r\nHost: dojo\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    status, _, rest = answer.partition(b"\r\n")
    head, _, body = rest.partition(b"\r\n\r\n")
    assert status.startswith(b"HTTP/1.1 404"), answer[:300]
    assert b"x-frame-options: deny" in head.lower() and b"x-content-type-options: nosniff" in head.lower()
    assert b"content-security-policy: default-src 'self'" in head.lower()
    assert json.loads(body)["error"]["code"] == "not_found"


def test_a_rematch_call_does_not_take_a_seat_from_the_newcomer_who_joined_it(server: ServerThread) -> None:
    """Issue 28, item 1 (secrets and seats): a seat of the rematch its player left, then a newcomer took, was
    taken back by the finished table's token (a second rematch call): the newcomer's token stopped working
    mid-game and the old player held their seat and hand. A second call still works for the same player."""
    table_id, tokens = server.create({"game": "ninja-trap", "players": 2, "settings": {"move_delay": 0,
                                                                                       "window_time": 0},
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"}]})
    server.play_out(table_id)
    rematch = f"/api/tables/{table_id}/rematch"
    ann = server.http.post(rematch, headers={"X-Seat-Token": tokens["0"]}).json()
    new_id = ann["table"]["id"]
    bob = server.http.post(rematch, headers={"X-Seat-Token": tokens["1"]}).json()
    join = server.http.post(f"/api/tables/{new_id}/join", json={"name": "Bob"}, headers={"X-Seat-Token": bob["token"]})
    assert join.status_code == 200  # Bob's rematch seat is taken with his rematch token
    bob_again = server.http.post(rematch, headers={"X-Seat-Token": tokens["1"]})  # his other device
    assert bob_again.status_code == 200, bob_again.text
    left = server.http.post(f"/api/tables/{new_id}/leave", json={}, headers={"X-Seat-Token": bob_again.json()["token"]})
    assert left.status_code == 200
    cy = server.http.post(f"/api/tables/{new_id}/join", json={"seat": 1, "name": "Cy"}).json()
    taken_back = server.http.post(rematch, headers={"X-Seat-Token": tokens["1"]})
    assert taken_back.status_code == 409 and taken_back.json()["error"]["code"] == "seat_taken", taken_back.text
    view = server.http.get(f"/api/tables/{new_id}/view", headers={"X-Seat-Token": cy["token"]})
    assert view.status_code == 200 and view.json()["seat"] == 1
    assert server.http.get(f"/api/tables/{new_id}").json()["seats"][1]["name"] == "Cy"
