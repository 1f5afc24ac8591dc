"""Turn clocks: on time-out the table's ``timeout_bot`` makes the seat's move and the table notes it;
per game, a seat out of time is played by the bot from then on."""

from __future__ import annotations

import asyncio
from typing import Any

from server.helpers import Listener, ServerThread


def test_a_move_not_made_in_time_is_made_by_the_bot_and_noted(server: ServerThread) -> None:
    table_id, tokens = server.create({
        "game": "ninjitsu", "players": 2, "seed": 3,
        "settings": {"move_delay": 0, "window_time": 0, "clock": "move", "clock_seconds": 1, "timeout_bot": "easy"},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    live = server.dojo.tables[table_id]
    seat = live.game.to_act()[0]

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo:
            mine = ann if seat == 0 else bo
            start = await mine.state_where(lambda s: s["status"] == "playing" and s["legal"])
            clock = start["clock"]
            assert clock["mode"] == "move" and clock["you"]["remaining"] <= 1
            assert [entry["running"] for entry in clock["seats"]] == [s == seat for s in range(2)]
            # Nobody acts: a second later the bot moves for the seat, and everyone reads why.
            moved = await mine.state_where(lambda s: s["index"] > start["index"], timeout=10)
            assert any("ran out of time: easy played for them" in note for note in moved["notes"])
            assert len(live.game.record.actions) >= 1 and live.game.record.actions[0][0] == seat

    asyncio.run(scenario())
    assert live.seats[seat].type == "human"  # still theirs: only that move was played for them


def test_a_seat_out_of_time_on_a_game_clock_is_played_by_the_bot_from_then_on(server: ServerThread) -> None:
    table_id, tokens = server.create({
        "game": "ninja-trap", "players": 2, "seed": 3,
        "settings": {"move_delay": 0, "window_time": 0, "clock": "game", "clock_seconds": 1, "timeout_bot": "easy"},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})
    live = server.dojo.tables[table_id]

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann:
            start = await ann.state_where(lambda s: s["status"] == "playing")
            assert start["clock"]["seats"][0]["remaining"] == 1.0 and start["clock"]["seats"][1]["remaining"] is None
            # Ann never acts: she runs out of time and the bot finishes her game.
            final = await ann.state_where(lambda s: s["status"] == "finished", timeout=60)
            assert sum("is out of time" in note for note in final["notes"]) == 1
            assert final["clock"]["seats"][0]["remaining"] == 0

    asyncio.run(scenario())
    assert live.seats[0].clock_remaining == 0
    stored = server.dojo.storage.load_table(table_id)
    assert stored.seats[0].clock_remaining == 0


def test_every_seat_is_shown_the_clocks_of_the_position_it_is_sent(server: ServerThread) -> None:
    """After each move both players' states show the clock of whoever must act in that state: running for
    them, no time for the others (a per-decision clock). The seats' states used to carry the clocks of the
    position before the move (taken only when the spectators' state was made, after the seats')."""
    table_id, tokens = server.create({
        "game": "ninja-camp", "players": 2, "seed": 4,
        "settings": {"move_delay": 0, "window_time": 0, "clock": "move", "clock_seconds": 90},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})

    def shown(state: dict[str, Any]) -> list[bool]:
        return [entry["running"] for entry in state["clock"]["seats"]]

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo:
            players = (ann, bo)
            current = [await listener.state_where(lambda s: s["status"] == "playing" and s["to_act"])
                       for listener in players]
            turns_of_each = [0, 0]
            for _ in range(8):
                seat = current[0]["to_act"][0]
                turns_of_each[seat] += 1
                mine = current[seat]
                await players[seat].send({"type": "act", "action": mine["legal"][0], "index": mine["index"]})
                for number, listener in enumerate(players):
                    after = await listener.state_where(lambda s, i=mine["index"]: s["index"] > i)
                    running = [each in after["to_act"] for each in range(2)]
                    assert shown(after) == running, (after["index"], after["to_act"], after["clock"])
                    for entry in after["clock"]["seats"]:
                        assert (entry["remaining"] is None) != entry["running"], after["clock"]
                    current[number] = after
            assert all(turns_of_each), "both seats moved"

    asyncio.run(scenario())
