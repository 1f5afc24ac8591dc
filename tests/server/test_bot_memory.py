"""A bot that keeps a memory (Ninja Trap's traps it placed, and its forgetting's random draws) has,
after a restart, exactly the memory it had: the table layer's ``recall_bots`` replays the game to it
as its seat saw it."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from server.helpers import Listener, ServerThread

SPEC = "forgetful:forget=0.3"


def test_a_bot_with_memory_remembers_the_same_after_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'memory.sqlite3'}"
    rng = random.Random(4)
    with ServerThread(db) as server:
        table_id, tokens = server.create({"game": "ninja-trap", "players": 2, "seed": 21,
                                          "settings": {"move_delay": 0, "window_time": 0},
                                          "seats": [{"type": "bot", "bot": SPEC}, {"type": "human", "name": "Ann"}]})
        live = server.dojo.tables[table_id]

        async def idle() -> bool:
            async with live.lock:
                return not live.bots.thinking and 0 not in live.game.to_act()

        async def play() -> None:
            async with Listener(server.ws_url(table_id), tokens["1"]) as ann:
                acted = 0
                while True:
                    state = await ann.state_where(lambda s: bool(s["legal"]) or s["status"] == "finished")
                    assert state["status"] != "finished"
                    if acted >= 12 and await asyncio.to_thread(server.run, idle()):
                        return
                    await ann.send({"type": "act", "action": rng.choice(state["legal"]), "index": state["index"]})
                    await ann.next("ack")
                    acted += 1

        asyncio.run(play())
        played = live.bots.held[0][1]
        assert played.memory  # it placed traps and remembers some
        memory = (dict(played.memory), played.turn_seen, played.rng.state)
    with ServerThread(db) as again:
        reloaded = again.dojo.tables[table_id]
        rebuilt = reloaded.bots.bot_for(0, SPEC)
        assert (rebuilt.memory, rebuilt.turn_seen, rebuilt.rng.state) == memory
