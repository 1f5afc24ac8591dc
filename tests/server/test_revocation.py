"""A revoked token holds nothing, whatever it raced with: the seat is looked up from the token again
under the table's lock on attaching, on every act and every view, and on every change a token asks
for (rename, leave, handing a seat to a bot, a rematch); revoking closes every connection of the token
in the same step.

Each race is driven deterministically: the table's method is wrapped so that, once the request has
looked its seat up (outside the lock, as a request does first), the revoking request runs to its end
on the server's event loop before the method itself goes on.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import httpx

from server.helpers import QUICK, Listener, ServerThread


def two_humans(server: ServerThread) -> tuple[str, dict[str, str]]:
    """A table of two invited humans, Ann (seat 0) and Bo (seat 1), states never held (a short game)."""
    return server.create({"game": "ninjitsu", "players": 2, "settings": QUICK, "options": {"max_length": 20},
                          "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})


async def post(server: ServerThread, path: str, body: dict[str, Any] | None = None,
               token: str | None = None) -> httpx.Response:
    """An HTTP request made from the server's own event loop (so that it runs inside a race)."""
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as client:
        return await client.post(path, json={} if body is None else body,
                                 headers={} if token is None else {"X-Seat-Token": token})


def before_next_call(target: Any, name: str, first: Callable[[], Awaitable[None]]) -> threading.Event:
    """Make the next call of ``target.<name>`` (a coroutine method) run ``first`` to its end before it goes
    on: the request that called it has already looked its seat up. Returns an event set once that call
    is over (whatever it answered)."""
    original = getattr(target, name)
    over = threading.Event()
    started: list[bool] = []

    async def racing(*args: Any, **kwargs: Any) -> Any:
        if started:
            return await original(*args, **kwargs)
        started.append(True)
        try:
            await first()
            return await original(*args, **kwargs)
        finally:
            over.set()

    setattr(target, name, racing)
    return over


def leave_then_join(server: ServerThread, table_id: str, seat: int, token: str, joined: dict[str, str]) -> \
        Callable[[], Awaitable[None]]:
    """The holder of ``seat`` leaves it and a newcomer, Cy, takes it (her token is kept in ``joined``)."""

    async def run() -> None:
        left = await post(server, f"/api/tables/{table_id}/leave", token=token)
        assert left.status_code == 200, left.text
        taken = await post(server, f"/api/tables/{table_id}/join", {"name": "Cy", "seat": seat})
        assert taken.status_code == 200, taken.text
        joined["token"] = taken.json()["token"]

    return run


def test_a_socket_whose_token_is_revoked_while_it_says_hello_is_refused_and_never_sees_the_newcomer(
        server: ServerThread) -> None:
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]
    joined: dict[str, str] = {}
    over = before_next_call(live, "attach", leave_then_join(server, table_id, 0, tokens["0"], joined))

    async def scenario() -> None:
        stale = Listener(server.ws_url(table_id), tokens["0"])
        async with stale:
            assert await stale.closed_with() == 4401
        assert [message["type"] for message in stale.messages] == ["error"]
        assert stale.messages[0]["code"] == "bad_token"
        # Cy, who holds the seat now, is welcomed with her own state.
        async with Listener(server.ws_url(table_id), joined["token"]) as cy:
            assert (await cy.next("welcome"))["name"] == "Cy"

    asyncio.run(scenario())
    assert over.wait(30)
    assert all(conn.token_hash == live.seats[conn.viewer].token_hash for conn in live.connections
               if conn.viewer is not None)


def test_a_rematch_token_made_again_while_the_first_one_says_hello_refuses_the_first(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)
    server.play_out(table_id)
    first = server.http.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": tokens["0"]}).json()
    new_id, first_token = first["table"]["id"], first["token"]
    new_live = server.dojo.tables[new_id]
    again: dict[str, str] = {}

    async def second_call() -> None:
        response = await post(server, f"/api/tables/{table_id}/rematch", token=tokens["0"])
        assert response.status_code == 200, response.text
        again["token"] = response.json()["token"]

    before_next_call(new_live, "attach", second_call)

    async def scenario() -> None:
        stale = Listener(server.ws_url(new_id), first_token)
        async with stale:
            assert await stale.closed_with() == 4401
        assert [message["type"] for message in stale.messages] == ["error"]

    asyncio.run(scenario())
    assert new_live.seat_of_token(again["token"]) == 0 and new_live.seat_of_token(first_token) is None


def test_an_action_sent_on_a_token_revoked_before_it_is_applied_is_refused(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]
    seat = live.game.to_act()[0]
    joined: dict[str, str] = {}

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens[str(seat)]) as mine, \
                Listener(server.ws_url(table_id), tokens[str(1 - seat)]):
            state = await mine.state_where(lambda s: s["status"] == "playing" and s["legal"])
            # The action is read; before the table applies it, the seat is left and Cy takes it.
            over = before_next_call(live, "act", leave_then_join(server, table_id, seat, tokens[str(seat)], joined))
            await mine.send({"type": "act", "action": state["legal"][0], "index": state["index"], "id": "a"})
            assert await mine.closed_with() == 4401
            assert not [message for message in mine.messages if message["type"] == "ack"]
            assert await asyncio.to_thread(over.wait, 30)

    asyncio.run(scenario())
    assert joined and live.game.record.actions == []  # nothing was played for Cy's seat


def test_a_view_waiting_while_its_seat_changes_hands_is_refused(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]
    joined: dict[str, str] = {}
    before_next_call(live, "wait_state", leave_then_join(server, table_id, 0, tokens["0"], joined))
    response = server.http.get(f"/api/tables/{table_id}/view", headers={"X-Seat-Token": tokens["0"]})
    assert response.status_code == 401 and response.json()["error"]["code"] == "bad_token"
    assert joined and live.seats[0].name == "Cy"


def test_a_rename_racing_a_leave_leaves_the_seat_free(server: ServerThread) -> None:
    """The seat must not end up taken by nobody (no token holds it: the table could never go on)."""
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]

    async def leave() -> None:
        assert (await post(server, f"/api/tables/{table_id}/leave", token=tokens["0"])).status_code == 200

    before_next_call(live, "rename", leave)
    renamed = server.http.post(f"/api/tables/{table_id}/join", json={"name": "Annie"},
                               headers={"X-Seat-Token": tokens["0"]})
    assert renamed.status_code == 401 and renamed.json()["error"]["code"] == "bad_token"
    summary = server.http.get(f"/api/tables/{table_id}").json()
    assert summary["seats"][0]["status"] == "free" and summary["seats"][0]["name"] == "Player 0"
    assert live.seats[0].token_hash is None
    # Someone can take it, so the table can go on.
    assert server.http.post(f"/api/tables/{table_id}/join", json={"name": "Cy"}).json()["seat"] == 0


def test_a_seat_handed_to_a_bot_by_a_token_revoked_meanwhile_is_refused(server: ServerThread) -> None:
    table_id, tokens = server.create({"game": "ninjitsu", "players": 3, "settings": QUICK, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}, {"type": "human", "open": True}]})
    live = server.dojo.tables[table_id]

    async def leave() -> None:
        assert (await post(server, f"/api/tables/{table_id}/leave", token=tokens["0"])).status_code == 200

    before_next_call(live, "hand_to_bot", leave)
    handed = server.http.post(f"/api/tables/{table_id}/seats/2/bot", json={"bot": "easy"},
                              headers={"X-Seat-Token": tokens["0"]})
    assert handed.status_code == 401 and handed.json()["error"]["code"] == "bad_token"
    assert live.seats[2].status == "free"


def test_a_rematch_asked_by_a_token_revoked_meanwhile_is_refused(server: ServerThread) -> None:
    table_id, tokens = two_humans(server)
    server.play_out(table_id)

    async def leave() -> None:
        assert (await post(server, f"/api/tables/{table_id}/leave", token=tokens["0"])).status_code == 200

    before_next_call(server.dojo, "rematch", leave)
    asked = server.http.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": tokens["0"]})
    assert asked.status_code == 401 and asked.json()["error"]["code"] == "bad_token"
    assert server.http.get(f"/api/tables/{table_id}").json()["rematch"] is None


def test_an_invited_seat_cannot_be_handed_to_a_bot(server: ServerThread) -> None:
    """The protocol: a seat is handed to a bot only when it is free; an invited seat has a token its player
    holds (and may still use)."""
    table_id, tokens = two_humans(server)
    handed = server.http.post(f"/api/tables/{table_id}/seats/1/bot", json={"bot": "easy"},
                              headers={"X-Seat-Token": tokens["0"]})
    assert handed.status_code == 409 and handed.json()["error"]["code"] == "seat_not_free"
    assert "invited" in handed.json()["error"]["message"]
    live = server.dojo.tables[table_id]
    assert live.seats[1].type == "human" and live.seats[1].status == "invited"
