"""Bots and clocks never stop for good (issue 28, item 8): however a bot's turn ends (the position moved
on during its delay, its seat acted as its clock ran out, its action could not be stored), the seat is
no longer marked as thinking, so it is asked again and its clock runs again."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from ninjadojo.engine.state import GameState
from ninjadojo.server.live import LiveTable
from ninjadojo.server.tokens import hash_token
from server.helpers import ServerThread

#: Knights and Ninjas, seed 1: seat 0 acts first, and the bot at seat 1 is asked right after.
TABLE = {"game": "knights-and-ninjas", "players": 2, "seed": 1,
         "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "level": "easy"}]}


def undoable_passing_to(game: GameState[Any], seat: int, other: int) -> str:
    """An action of ``seat`` that the engine lets it take back and after which ``other`` must act."""
    for action in game.legal_actions(seat):
        trial = game.clone()
        trial.apply(seat, action)
        if list(trial.to_act()) == [other] and trial.undo_check(seat) is None:
            return action
    raise AssertionError("no such action")


async def until(condition: Callable[[], bool], timeout: float = 15.0) -> bool:
    """Whether ``condition`` became true within ``timeout`` seconds (a bound on "never", not a timing)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        await asyncio.sleep(0.05)
    return condition()


def bot_acts(live: LiveTable, seat: int) -> int:
    return sum(1 for who, _ in live.game.record.actions if who == seat)


def test_a_bot_whose_turn_was_undone_during_its_delay_plays_when_asked_again(server: ServerThread) -> None:
    table_id, tokens = server.create({**TABLE, "settings": {"move_delay": 0.5, "window_time": 0, "undo": True}})
    live = server.dojo.tables[table_id]
    assert list(live.game.to_act()) == [0]
    action = undoable_passing_to(live.game, 0, 1)

    async def scenario() -> None:
        await live.rename(0, "Ann", hash_token(tokens["0"]))  # the seat is taken: the table plays
        await live.act(0, action, live.index[0])  # the bot at seat 1 is asked, and waits move_delay
        assert 1 in live.bots.thinking
        await live.undo(0, live.index[0])  # taken back during the bot's delay
        await live.act(0, action, live.index[0])  # the bot is asked again: it plays
        assert await until(lambda: bot_acts(live, 1) >= 1), "the bot was never asked again"

    server.run(scenario())


def test_a_seat_that_acts_as_its_clock_runs_out_has_its_clock_run_again(server: ServerThread) -> None:
    table_id, tokens = server.create({**TABLE, "settings": {"move_delay": 0, "window_time": 0, "clock": "move",
                                                       "clock_seconds": 1, "timeout_bot": "easy"}})
    live = server.dojo.tables[table_id]
    action = live.game.legal_actions(0)[0]

    async def scenario() -> None:
        await live.rename(0, "Ann", hash_token(tokens["0"]))
        async with live.lock:
            live.released_at[0] -= 5  # seat 0's time is up now...
        await live.bots.time_out()  # ...and its time-out asks the timeout bot, which waits for the lock,
        await live.act(0, action, live.index[0])  # while the seat acts itself, just in time
        # The bot at seat 1 answers, then it is seat 0's turn again: nobody acts, so its clock runs out.
        assert await until(lambda: any("ran out of time" in text for _, text in live.notes)), \
            "seat 0's clock never ran out again"

    server.run(scenario())


def test_a_bot_whose_action_could_not_be_stored_tries_again(server: ServerThread) -> None:
    table_id, tokens = server.create({**TABLE, "settings": {"move_delay": 0, "window_time": 0}})
    live = server.dojo.tables[table_id]
    storage = live.storage
    real_write = storage.write
    failures = []

    async def write_failing_once(ops: Any) -> None:
        if not failures:
            failures.append(ops)
            raise OSError(28, "No space left on device")
        await real_write(ops)

    async def scenario() -> None:
        await live.rename(0, "Ann", hash_token(tokens["0"]))
        async with live.lock:
            await live._commit_action(0, live.game.legal_actions(0)[0], None)
            storage.write = write_failing_once  # type: ignore[method-assign]  # the bot's write fails once
            live.publish()  # the bot at seat 1 is asked
        assert await until(lambda: bot_acts(live, 1) >= 1), "the bot never tried again after a failed write"
        assert len(failures) == 1

    try:
        server.run(scenario())
    finally:
        storage.write = real_write  # type: ignore[method-assign]


def test_a_bot_that_fails_to_choose_has_a_quick_answer_played_for_it_and_is_asked_again(server: ServerThread) -> None:
    """A bot whose choice raises (a bug) does not leave the table waiting for it for good: a quick answer
    plays that move for it, a note tells the table, and the bot chooses again at its next decision."""
    table_id, tokens = server.create({**TABLE, "settings": {"move_delay": 0, "window_time": 0}})
    live = server.dojo.tables[table_id]
    pool = live.pool
    real_choose = pool.choose
    failures: list[int] = []

    async def choose_failing_once(bot: Any, view: Any) -> Any:
        if not failures:
            failures.append(1)
            raise RuntimeError("a bug in the bot")
        return await real_choose(bot, view)

    async def scenario() -> None:
        await live.rename(0, "Ann", hash_token(tokens["0"]))
        pool.choose = choose_failing_once  # type: ignore[method-assign]
        await live.act(0, live.game.legal_actions(0)[0], live.index[0])  # the bot at seat 1 is asked: it fails
        assert await until(lambda: bot_acts(live, 1) >= 1), "the table waited for a failed bot for good"
        # (The move is in the record a moment before the note is: wait for the note, do not race it.)
        assert await until(lambda: any("could not choose" in text and "P1" in text for _, text in live.notes)), \
            live.notes
        # Its next decision is its own again (the pool answers).
        while bot_acts(live, 1) < 2 and live.game.result is None:
            if 0 in live.game.to_act():
                await live.act(0, live.game.legal_actions(0)[0], live.index[0])
            await asyncio.sleep(0.05)
        assert failures == [1]

    try:
        server.run(scenario())
    finally:
        pool.choose = real_choose  # type: ignore[method-assign]
