"""A security-minded probe of the server (session 51): bad input driven from the outside (HTTP and WebSocket on
loopback), each defect found pinned by a test that failed before its fix."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from server.helpers import QUICK, Listener, ServerThread


async def latest_where(listener: Listener, predicate: Any) -> dict[str, Any]:
    """The listener's latest state if ``predicate`` holds for it, else the next state for which it does."""
    states = [message for message in listener.messages if message["type"] == "state"]
    return states[-1] if states and predicate(states[-1]) else await listener.state_where(predicate)


def two_humans(server: ServerThread, **settings: Any) -> tuple[str, dict[str, str]]:
    """A Ninja Camp table of two invited humans, Ann (seat 0) and Bo (seat 1)."""
    return server.create({"game": "ninja-camp", "players": 2, "settings": {**QUICK, **settings},
                          "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})


@pytest.mark.parametrize("text", ['"\\ud800"', '"a\\udfffb"', '"a\\u2028b"', '"a\\u2029b"'])
def test_a_chat_line_that_is_no_text_or_more_than_one_line_is_refused_and_the_table_plays_on(
        server: ServerThread, text: str, caplog: pytest.LogCaptureFixture) -> None:
    """A lone surrogate (JSON lets "\\ud800" through) could not be stored: the client was answered ``internal``, a
    traceback was logged and the whole table was rebuilt from storage (held states released, in-memory state lost).
    A line or paragraph separator made a line of two."""
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]

    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo:
            state = await ann.state_where(lambda s: s["status"] == "playing" and s["legal"])
            await bo.state_where(lambda s: s["status"] == "playing")
            game = live.game
            await ann.send('{"type": "chat", "id": "c", "text": ' + text + '}')
            error = await ann.next("error")
            assert live.game is game  # not rebuilt
            await ann.send({"type": "act", "action": state["legal"][0], "index": state["index"], "id": "a"})
            ack = await ann.next("ack")
            return error, ack

    with caplog.at_level(logging.ERROR, logger="ninjadojo.server"):
        error, ack = asyncio.run(scenario())
    assert error["code"] == "bad_message" and error["id"] == "c", error
    assert "internal" not in error["message"]
    assert ack["duplicate"] is False
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert server.dojo.storage.load_table(table_id).chat == []


def test_an_id_that_is_a_number_with_a_fraction_is_echoed_and_a_refused_id_is_named(server: ServerThread) -> None:
    """The protocol's ``id`` is "a string of at most 64 characters, or a number": 1.5 was refused with a message
    saying a number was allowed. A refused id (not finite, a list) is named in the message."""
    table_id, _ = two_humans(server)

    async def scenario() -> list[dict[str, Any]]:
        async with Listener(server.ws_url(table_id)) as watcher:
            await watcher.next("state")
            answers = []
            for text in ('{"type": "ping", "id": 1.5}', '{"type": "ping", "id": 1e999}', '{"type": "ping", "id": [1]}'):
                await watcher.send(text)
                answers.append(await watcher.next("pong" if text.endswith("1.5}") else "error"))
            return answers

    pong, infinite, listed = asyncio.run(scenario())
    assert pong == {"type": "pong", "id": 1.5}
    assert infinite["code"] == listed["code"] == "bad_message"
    assert "inf" in infinite["message"] and "[1]" in listed["message"]


def test_an_index_ahead_of_the_seats_is_refused_saying_so_not_that_the_game_moved_on(server: ServerThread) -> None:
    """An action with an index the seat was never sent (ahead of its state, or negative) was refused "the game has
    moved on since index N": it had not. The refusal says which index is the seat's, and nothing changes."""
    table_id, tokens = two_humans(server)
    live = server.dojo.tables[table_id]

    async def scenario() -> list[dict[str, Any]]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo:
            state = await ann.state_where(lambda s: s["status"] == "playing" and s["legal"])
            await bo.state_where(lambda s: s["status"] == "playing")
            errors = []
            for index in (state["index"] + 1, -1):
                await ann.send({"type": "act", "action": state["legal"][0], "index": index})
                errors.append(await ann.next("error"))
            return errors

    ahead, negative = asyncio.run(scenario())
    for error in (ahead, negative):
        assert error["code"] == "stale"
        assert "moved on" not in error["message"] and "the latest you were sent is 0" in error["message"], error
    assert live.game.record.actions == []


def test_a_repeated_action_during_the_hold_does_not_tell_the_index_of_a_position_still_held(
        server: ServerThread) -> None:
    """A seat repeating its last action (a retry) was acknowledged with its index *now*, also during the hold after
    another seat's action: the index of a position nobody but the asked seats may see yet, so a seat polling with
    its last action learnt when the others acted, and how long a concealed window then held the game."""
    table_id, tokens = server.create({"game": "ninjitsu", "players": 2, "options": {"expansions": "promo"},
                                      "settings": {"move_delay": 0, "window_time": 2.0},
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    live = server.dojo.tables[table_id]

    def offering(seat: int) -> str:
        """A legal action of ``seat`` that offers a moment for a concealed window (the table holds after it)."""
        for action in live.game.legal_actions(seat):
            trial = live.game.clone()
            trial.apply(seat, action)
            if trial.window_moments() != live.game.window_moments():
                return action
        raise AssertionError("no action offers a moment")

    async def released(listener: Listener, seat: int) -> dict[str, Any]:
        """The seat's state once it has been sent the position as it is now."""
        return await latest_where(listener, lambda s: s["status"] == "playing" and s["index"] == live.index[seat])

    async def act(listener: Listener, seat: int, action: str) -> dict[str, Any]:
        state = await released(listener, seat)
        await listener.send({"type": "act", "action": action, "index": state["index"]})
        return await listener.next("ack")

    async def scenario() -> tuple[dict[str, Any], int]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo:
            listeners = (ann, bo)
            drew: dict[str, Any] | None = None
            while True:  # play until Bo has drawn and Ann may then play a card
                await released(ann, 0)
                seat = live.game.to_act()[0]
                if seat == 0 and drew is not None and live.released[0] == live.index[0]:
                    break
                action = "d" if seat == 1 and "d" in live.game.legal_actions(1) else live.game.legal_actions(seat)[0]
                ack = await act(listeners[seat], seat, action)
                drew = ack if seat == 1 and action == "d" else (None if seat == 1 else drew)
            assert drew is not None
            shown = (await released(bo, 1))["index"]
            await act(ann, 0, offering(0))  # held for Bo for window_time
            assert live.released[1] != live.index[1]
            await bo.send({"type": "act", "action": "d", "index": drew["index"] - 1, "id": "retry"})
            return await bo.next("ack"), shown

    retried, shown = asyncio.run(scenario())
    assert retried["duplicate"] is True and retried["action"] == "d"
    assert retried["index"] == shown  # the index of the state Bo was sent after his draw, not the held one


@pytest.mark.slow
def test_a_seat_timing_out_in_a_choice_others_still_make_is_not_told_to_them(server: ServerThread) -> None:
    """A time-out's bot choosing in secret for a seat (a simultaneous choice others still make) noted it to
    everyone: every seat was sent a new state in the middle of the stage, saying that seat had not chosen yet
    ("S1 is out of time"), while another was still choosing. The note is the seat's own then, and nobody else is
    sent anything until the stage's last choice."""
    table_id, tokens = server.create({"game": "ninja-trap", "players": 3,
                                      "settings": {"move_delay": 0, "window_time": 0, "clock": "game",
                                                   "clock_seconds": 4},
                                      "seats": [{"type": "human", "name": f"S{seat}"} for seat in range(3)]})
    live = server.dojo.tables[table_id]

    async def choose(listener: Listener, seat: int) -> None:
        state = await latest_where(listener, lambda s: s["legal"] and s["index"] == live.index[seat])
        await listener.send({"type": "act", "action": state["legal"][0], "index": state["index"]})
        await listener.next("ack")

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as s0, \
                Listener(server.ws_url(table_id), tokens["1"]) as s1, \
                Listener(server.ws_url(table_id), tokens["2"]) as s2:
            for listener in (s0, s1, s2):
                await listener.state_where(lambda s: s["status"] == "playing")
            assert live.game.frames[-1].simultaneous and live.game.to_act() == (0, 1, 2)
            await choose(s0, 0)
            await choose(s2, 2)
            await asyncio.sleep(2.0)  # S1 takes two of its four seconds
            await choose(s1, 1)
            assert live.game.frames[-1].simultaneous and live.game.to_act() == (0, 1, 2)  # the next stage
            await asyncio.sleep(0.3)
            await choose(s0, 0)
            await latest_where(s0, lambda s: s["index"] == live.index[0] and not s["legal"])
            await latest_where(s2, lambda s: s["index"] == live.index[2] and s["legal"])
            # S1's time runs out: its bot chooses for it, in secret (S2 still chooses).
            during = await s0.quiet(2.5) + await s2.quiet(0.1)
            assert 1 not in live.game.to_act() and 2 in live.game.to_act()  # (S1's bot chose)
            await choose(s2, 2)  # the stage's last choice: everyone is sent the new position
            after = await s0.state_where(lambda s: s["index"] == live.index[0])
            return during, after["notes"], (await s1.state_where(lambda s: bool(s["notes"])))["notes"]

    during, notes, own = asyncio.run(scenario())
    assert [message for message in during if message["type"] in ("state", "patch")] == []
    assert not any("S1" in note for note in notes)
    assert own == ["S1 is out of time: hard plays for them from now on"]


def test_a_bot_seat_given_a_name_is_refused_not_named_otherwise_in_silence(server: ServerThread) -> None:
    """A bot seat is ``{"type": "bot", "level"? | "bot"?}`` and is named after its bot: a ``name`` was taken and
    thrown away without a word (every other unknown field is refused)."""
    answer = server.http.post("/api/tables", json={"game": "ninja-trap", "players": 2,
                                                   "seats": [{"type": "human", "name": "Ann"},
                                                             {"type": "bot", "level": "easy", "name": "Robo"}]})
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["code"] == "bad_seats" and "'name'" in error["message"] and "level or bot" in error["message"]
    assert server.dojo.tables == {}


@pytest.mark.parametrize(("body", "content_type", "words"), [
    (b'{"game": "ninja-trap"}', "text/plain", "Content-Type: application/json"),
    (b'{"game": "ninja-trap"}', None, "Content-Type: application/json"),
    (b"[1, 2]", "application/json", "a JSON object {...}, not [1, 2]"),
    (b'"ninja-trap"', "application/json", "a JSON object {...}, not 'ninja-trap'"),
    (b'{"game": "ninja\xff"}', "application/json", "UTF-8 JSON text"),
    (b"[" * 5000 + b"]" * 5000, "application/json", "UTF-8 JSON text"),
])
def test_a_body_that_is_no_json_object_is_refused_saying_what_a_body_must_be(
        server: ServerThread, body: bytes, content_type: str | None, words: str) -> None:
    """A body sent as text/plain (or with no type), JSON that is not an object, bytes that are not UTF-8 and JSON
    nested too deeply were refused "body: Input should be a valid dictionary or object to extract fields from" or
    "There was an error parsing the body": neither says what is wrong, nor what is asked for."""
    headers = {} if content_type is None else {"content-type": content_type}
    answer = server.http.post("/api/tables", content=body, headers=headers)
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["code"] == "bad_request" and words in error["message"], error
    assert server.dojo.tables == {}


def test_a_hint_asked_for_an_index_the_seat_was_never_sent_says_so(server: ServerThread) -> None:
    """As for an action: a hint asked with an index ahead of the seat's (or negative) was refused "the game has
    moved on"; it says which index is the seat's. (Refused before any search: nothing is asked of the workers.)"""
    table_id, tokens = two_humans(server, hints=True)
    live = server.dojo.tables[table_id]
    for name, token in zip(("Ann", "Bo"), tokens.values(), strict=False):  # both seats taken: the table plays
        assert server.http.post(f"/api/tables/{table_id}/join", json={"name": name},
                                headers={"X-Seat-Token": token}).status_code == 200
    seat = live.game.to_act()[0]
    for index in (live.index[seat] + 1, -1):
        answer = server.http.post(f"/api/tables/{table_id}/hint", json={"index": index},
                                  headers={"X-Seat-Token": tokens[str(seat)]})
        assert answer.status_code == 409, answer.text
        error = answer.json()["error"]
        assert error["code"] == "stale" and "moved on" not in error["message"], error
        assert f"the latest you were sent is {live.index[seat]}" in error["message"]
    assert live.hints == {}


def test_a_seat_out_of_time_on_a_game_clock_cannot_act_against_the_bot_that_plays_it(server: ServerThread) -> None:
    """Once a seat's per-game time has run out, "hard plays for them from now on" (the note everyone is sent, and
    the protocol), but its player's actions were still taken, racing the bot during its move delay, and its
    state still offered it choices."""
    table_id, tokens = two_humans(server, move_delay=10, clock="game", clock_seconds=2, undo=True)
    live = server.dojo.tables[table_id]

    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo:
            listeners = (ann, bo)
            first = (await ann.state_where(lambda s: s["status"] == "playing"))["to_act"][0]
            await bo.state_where(lambda s: s["status"] == "playing")
            # The first seat's two seconds run out: the time-out's bot plays its move, and its seat from then on.
            other = 1 - first
            mine = await latest_where(listeners[other], lambda s: s["legal"] and s["index"] == live.index[other])
            await listeners[other].send({"type": "act", "action": mine["legal"][0], "index": mine["index"]})
            await listeners[other].next("ack")
            assert live.clocks.out_of_time(first)
            late = await latest_where(listeners[first], lambda s: s["index"] == live.index[first])
            # Its state offers it nothing (its actions would be refused), but a client may still send one.
            assert late["legal"] == [] and late["labels"] == {} and late["decision"] is None, late
            legal = live.game.legal_actions(first)
            assert legal, "the bot has not moved yet (its move delay)"
            before = list(live.game.record.actions)
            await listeners[first].send({"type": "act", "action": legal[0], "index": late["index"]})
            refused = await listeners[first].next("error")
            assert live.game.record.actions == before
            await listeners[first].send({"type": "undo", "index": late["index"]})
            return refused, await listeners[first].next("error")

    refused, undo = asyncio.run(scenario())
    assert refused["code"] == "not_your_turn" and "plays this seat from now on" in refused["message"], refused
    assert undo["code"] == "not_your_turn" and "plays this seat from now on" in undo["message"], undo
