"""Undo: a table setting; the engine decides (``undo_check``); stored as an event, so that a restart
replays it; refused with the engine's reason, or because the table does not allow it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import GameState
from server.helpers import QUICK, Listener, ServerThread


def undoable_first_move(game: GameState[Any], seat: int) -> str:
    """An action of ``seat`` that the engine lets it take back right after (found with the engine)."""
    for action in game.legal_actions(seat):
        trial = game.clone()
        trial.apply(seat, action)
        if trial.undo_check(seat) is None:
            return action
    raise AssertionError("no undoable action")


def test_a_seat_takes_back_its_last_action_and_a_restart_replays_the_undo(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'undo.sqlite3'}"
    with ServerThread(db) as server:
        table_id, tokens = server.create({"game": "ninjitsu", "players": 2, "seed": 5,
                                          "settings": {**QUICK, "undo": True},
                                          "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
        live = server.dojo.tables[table_id]
        seat = live.game.to_act()[0]
        other = 1 - seat
        action = undoable_first_move(live.game, seat)

        async def scenario() -> None:
            async with Listener(server.ws_url(table_id), tokens[str(seat)]) as me, \
                    Listener(server.ws_url(table_id), tokens[str(other)]) as them:
                start = await me.state_where(lambda s: s["status"] == "playing" and s["legal"])
                await them.state_where(lambda s: s["status"] == "playing")
                before = live.game.to_notation()
                assert start["undo"]["allowed"] is False and "no action" in start["undo"]["reason"]
                await me.send({"type": "undo", "index": start["index"]})
                refused = await me.next("error")
                assert refused["code"] == "undo_refused" and "no action to take back" in refused["message"]
                await me.send({"type": "act", "action": action, "index": start["index"]})
                await me.next("ack")
                played = await me.next("state")
                assert played["undo"] == {"enabled": True, "allowed": True, "reason": None}
                await me.send({"type": "undo", "index": played["index"], "id": "u"})
                ack = await me.next("ack")
                assert ack["undo"] is True and ack["id"] == "u" and ack["index"] == played["index"] + 1
                back = await me.next("state")
                assert back["legal"] == start["legal"]
                assert live.game.to_notation() == before
                seen = await them.state_where(lambda s: s["index"] == back["index"])
                assert seen["view"] == live.game.observe(other)

        asyncio.run(scenario())
        events = server.dojo.storage.load_table(table_id).events
        assert events == [(seat, "act", action), (seat, "undo", "")]
        notation = live.game.to_notation()
        index = dict(live.index)
    with ServerThread(db) as again:
        reloaded = again.dojo.tables[table_id]
        assert reloaded.game.to_notation() == notation and reloaded.index == index


def test_undo_needs_the_table_setting(server: ServerThread) -> None:
    table_id, tokens = server.create({"game": "ninjitsu", "players": 2, "settings": QUICK,
                                      "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]):
            state = await ann.state_where(lambda s: s["status"] == "playing")
            assert state["undo"] == {"enabled": False}
            await ann.send({"type": "undo", "index": state["index"]})
            assert (await ann.next("error"))["code"] == "undo_disabled"

    asyncio.run(scenario())


def test_a_state_of_a_long_game_with_undo_on_replays_nothing(server: ServerThread,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 28, item 13: every state sent carries the seat's undo answer; neither it nor taking an action
    # back may replay the game.
    table_id, _ = server.create({"game": "ninjitsu", "players": 2, "seed": 9, "options": {"target": 200},
                                 "settings": {**QUICK, "undo": True},
                                 "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    live = server.dojo.tables[table_id]
    game = live.game

    async def play() -> tuple[int, str]:
        for seat in range(2):
            async with live.lock:
                live.seats[seat].status = "taken"
        rng = Rng(9)
        while len(game.record.actions) < 1000 or not any(a[0] == "w" for a in game.legal_actions(game.to_act()[0])):
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            async with live.lock:
                await live._commit_action(seat, legal[rng.randbelow(len(legal))], None)
        seat = game.to_act()[0]
        live.payload(seat)  # the states sent so far
        before = game.to_notation()
        async with live.lock:
            await live._commit_action(seat, next(a for a in game.legal_actions(seat) if a[0] == "w"), None)
            live.publish()
        return seat, before

    seat, before = server.run(play())
    assert not game.is_terminal and len(game.record.actions) > 1000
    applied: list[int] = []
    original = type(game).apply

    def counted(self: GameState[Any], who: int, action: str) -> None:
        applied.append(who)
        original(self, who, action)

    monkeypatch.setattr(type(game), "apply", counted)

    async def states() -> list[dict[str, Any]]:
        return [live.payload(viewer) for viewer in live.viewers()]

    sent = server.run(states())
    assert applied == []
    mine, theirs = sent[seat], sent[1 - seat]
    assert mine["undo"] == {"enabled": True, "allowed": True, "reason": None}
    assert theirs["undo"]["allowed"] is False and theirs["undo"]["reason"]
    server.run(live.undo(seat, live.index[seat]))
    assert applied == [] and live.game.to_notation() == before


def test_the_bot_that_played_for_a_timed_out_seat_is_not_kept_once_its_action_is_taken_back(tmp_path: Path) -> None:
    # Ninja Trap: both seats lay a trap at once. Ann's time runs out, a remembering bot lays her trap, and she
    # takes it back before the bot at seat 1 lays its own (it waits for the move delay): the bot that
    # remembers the trap taken back must go (the table layer's undo), so that the next bot for her seat is
    # caught up on the game as it now stands.
    db = f"sqlite:///{tmp_path / 'undo-bot.sqlite3'}"
    with ServerThread(db) as server:
        table_id, tokens = server.create({
            "game": "ninja-trap", "players": 2, "seed": 9,
            "settings": {**QUICK, "move_delay": 10, "undo": True, "clock": "move", "clock_seconds": 1,
                         "timeout_bot": "heuristic"},
            "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "random"}]})
        live = server.dojo.tables[table_id]

        async def held_bot() -> Any:
            async with live.lock:
                return live.bots.held.get(0, (None, None))[1]

        async def scenario() -> None:
            async with Listener(server.ws_url(table_id), tokens["0"]) as ann:
                timed_out = await ann.state_where(lambda s: s["status"] == "playing" and not s["legal"]
                                                  and s["undo"].get("allowed"))
                played = await asyncio.to_thread(server.run, held_bot())
                assert played is not None and played.memory  # it remembers the trap it laid
                await ann.send({"type": "undo", "index": timed_out["index"], "id": "u"})
                assert (await ann.next("ack"))["undo"] is True
                assert await asyncio.to_thread(server.run, held_bot()) is not played

        asyncio.run(scenario())
