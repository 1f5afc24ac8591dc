"""Free actions at a table (Ninjitsu!'s "You may look at or rearrange your secrets at any time"): a swap
is no decision, so it starts nothing again. The seat on turn's clock keeps running through its swaps, the
other seats' indexes stay (their choices in flight stay good) and no hold starts, and a bot to act moves
however often a human swaps meanwhile."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from server.helpers import Listener, ServerThread


async def _play_secrets_until(listener: Listener, done: Any) -> dict[str, Any] | None:
    """Play seat 0's turns as secrets (the bot plays its own) until ``done(state)`` holds for a state of
    seat 0 (a random bot may steal a secret back meanwhile); returns that state, or ``None`` if the game
    ends first."""
    while True:
        state = await listener.state_where(lambda s: s["status"] in ("playing", "finished"))
        if state["status"] == "finished":
            return None
        if done(state):
            return state
        if not state["legal"]:
            continue
        action = next((a for a in state["legal"] if a.startswith("s:")), state["legal"][0])
        await listener.send({"type": "act", "action": action, "index": state["index"], "id": action})
        await listener.next("ack")


def test_a_swap_on_ones_own_turn_neither_stops_the_clock_nor_starts_a_hold(server: ServerThread) -> None:
    # Two humans, so that nothing is left to chance: Ann plays secrets, Bo draws.
    table_id, tokens = server.create({
        "game": "ninjitsu", "players": 2, "options": {"free_swaps": 1},
        "settings": {"move_delay": 0, "window_time": 0.5, "clock": "game", "clock_seconds": 600},
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    live = server.dojo.tables[table_id]

    async def scenario() -> None:
        async with Listener(server.ws_url(table_id), tokens["0"]) as ann, \
                Listener(server.ws_url(table_id), tokens["1"]) as bo:
            for _ in range(2):
                state = await ann.state_where(lambda s: s["status"] == "playing" and s["legal"])
                action = next(a for a in state["legal"] if a.startswith("s:"))
                await ann.send({"type": "act", "action": action, "index": state["index"], "id": action})
                await ann.next("ack")
                state = await bo.state_where(lambda s: s["legal"])
                await bo.send({"type": "act", "action": "d", "index": state["index"], "id": "d"})
                await bo.next("ack")
            # Ann's turn with two secrets: one swap listed (option free_swaps=1).
            state = await ann.state_where(lambda s: "w0.1" in s["legal"])
            await ann.send({"type": "act", "action": "w0.1", "index": state["index"], "id": "listed"})
            ack = await ann.next("ack")
            await asyncio.sleep(0.6)  # past any hold
            released, hold, others = live.released_at[0], live.hold_until, live.index[1]
            clock = live.seats[0].clock_remaining
            state = await ann.state_where(lambda s: "w0.1" in s["free"])
            assert state["index"] == ack["index"]
            await ann.send({"type": "act", "action": "w0.1", "index": ack["index"], "id": "free"})
            free_ack = await ann.next("ack")
            assert free_ack["action"] == "w0.1" and live.game.to_act() == (0,)
            # Nothing starts again: Ann's decision is as old as it was, her clock is not charged nor reset.
            assert live.released_at[0] == released and live.hold_until == hold and live.index[1] == others
            assert live.seats[0].clock_remaining == clock
            after = await ann.next("state")
            assert after["index"] == free_ack["index"] and after["clock"]["seats"][0]["running"] is True

    asyncio.run(scenario())


def test_a_bot_to_act_moves_however_often_a_human_swaps(server: ServerThread) -> None:
    # The bot plays at random: a game it ends (or that takes Ann's secrets) before the moment is tested is
    # replaced by another.
    for _ in range(8):
        table_id, tokens = server.create({
            "game": "ninjitsu", "players": 2, "settings": {"move_delay": 0.5, "window_time": 0},
            "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})
        if asyncio.run(_bot_moves_while_ann_swaps(server, table_id, tokens["0"])):
            return
    raise AssertionError("eight random games in a row ended before Ann held two secrets on the bot's turn")


async def _bot_moves_while_ann_swaps(server: ServerThread, table_id: str, token: str) -> bool:
    """Ann swaps, more often than the bot's delay, while the bot is to act; whether the game got there."""
    live = server.dojo.tables[table_id]
    async with Listener(server.ws_url(table_id), token) as ann:
        state = await _play_secrets_until(ann, lambda s: "w0.1" in s["free"] and not s["legal"])
        if state is None:
            return False
        moves = sum(1 for seat, _ in live.game.record.actions if seat == 1)
        index = state["index"]
        started = time.monotonic()
        # Ann swaps more often than the bot's delay; before, each swap made the bot start again.
        while live.game.to_act() == (1,) and time.monotonic() - started < 5:
            await ann.send({"type": "act", "action": "w0.1", "index": index, "id": f"s{index}"})
            reply = await ann.recv()
            while reply["type"] not in ("ack", "error"):
                reply = await ann.recv()
            if reply["type"] == "error":  # the bot moved just before ("stale"): what is tested is done
                assert reply["code"] == "stale", reply
                break
            index = reply["index"]
            await asyncio.sleep(0.2)
        assert sum(1 for seat, _ in live.game.record.actions if seat == 1) > moves
    return True
