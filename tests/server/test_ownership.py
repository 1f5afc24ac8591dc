"""A process's claim on a table marks when it came to own it, so that a heartbeat that began before the
claim committed (and so does not list the table among this process's) does not give it up again: then the
database would name this live process as the owner while it ran none of the table's bots and clocks, and
no other process would take the table over."""

from __future__ import annotations

import asyncio
import time

from ninjadojo.server.bots import BotPool
from ninjadojo.server.hub import Dojo
from ninjadojo.server.storage import Storage


def test_a_claim_on_a_table_just_loaded_marks_when_it_was_owned(sqlite_url: str) -> None:
    async def scenario() -> tuple[float, float, bool]:
        dojo = Dojo(Storage(sqlite_url), BotPool(1, "thread"))
        await dojo.start()
        try:
            made, _ = await dojo.create({"game": "ninja-trap", "players": 2, "settings": {"move_delay": 0},
                                         "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]})
            live = await dojo.get(made.id)
            assert live.runs_timers  # a table loaded runs its timers from the start
            began = time.monotonic()  # a heartbeat begins (it will not list the table)...
            await asyncio.sleep(0.01)
            live.own(True)  # ...and the claim commits after it
            return began, live.owned_since, live.runs_timers
        finally:
            await dojo.close()

    began, owned_since, runs = asyncio.run(scenario())
    # The heartbeat's outcome gives up only tables owned since before it began (cluster._after_beat).
    assert runs and owned_since > began
