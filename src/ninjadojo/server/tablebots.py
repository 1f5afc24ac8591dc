"""The bots of a table being served: which seats they play, when they are asked, and how their answers
come back through the table's one path for every action.

A bot is asked once the position waits for its seat and the seat has been released it: after the
table's ``move_delay`` from the last action everyone saw, or at once in a concealed window, where it
must answer within the hold (else a quick bot answers for it: a late answer would tell the others a bot
was asked). It thinks in the bots' workers (:class:`~ninjadojo.server.bots.BotPool`), one decision of a
table at a time, and keeps its memory between decisions. A clock's time-out asks the table's
``timeout_bot`` the same way. Only the process that owns a table runs its bots (see ``server/cluster.py``).
"""

from __future__ import annotations

import asyncio
import copy
import logging
import time
from typing import TYPE_CHECKING, Any

from ninjadojo.bots import Bot
from ninjadojo.engine.values import EVERYONE
from ninjadojo.server.bots import Unsampled, detached_view
from ninjadojo.server.errors import MessageError
from ninjadojo.table.seats import QUICK_ANSWER, quick_answer
from ninjadojo.table.session import seat_bot

if TYPE_CHECKING:
    from ninjadojo.server.live import LiveTable

log = logging.getLogger("ninjadojo.server")

#: Seconds before a bot whose action could not be stored tries again.
BOT_RETRY_SECONDS = 1.0

#: The share of what is left of the hold that a bot with a time-limited search may think in a window.
WINDOW_SHARE = 0.6

#: A bot answering a concealed window answers this long (at most a quarter of the hold) before the hold
#: ends, or gives the quick answer: its commit must land within the hold.
ANSWER_MARGIN = 0.25

class TableBots:
    """The bots of one table."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        #: The bot held for each seat a bot has played, with its spec: (spec, bot).
        self.held: dict[int, tuple[str, Bot]] = {}
        #: The seats whose bot is asked now (its decision is on its way).
        self.thinking: set[int] = set()
        #: One bot decision of this table in the workers at a time: however many bots a table has, it
        #: takes one worker, and the workers' queue serves the tables in turn.
        self.bot_turn = asyncio.Semaphore(1)

    async def time_out(self) -> None:
        """A clock ran out: the table's ``timeout_bot`` decides for each seat whose time is up."""
        table = self.table
        async with table.lock:
            now = time.monotonic()
            for seat in range(table.game.num_players):
                deadline = table.clocks.deadline(seat)
                if deadline is None or deadline > now:
                    continue
                spec = table.settings.timeout_bot
                note = table.clocks.timeout_note(seat, spec)
                self.thinking.add(seat)
                table.spawn(self.play_bot(seat, spec, table.index[seat], now, note))
            table.clocks.schedule()

    def bot_for(self, seat: int, spec: str) -> Bot:
        """The bot playing ``seat`` with ``spec`` (kept between decisions: bots may remember).

        A bot seated in a game under way (after a restart, or taking over a seat) first catches up on the game
        as its seat saw it, so that a bot that keeps a memory has the one it would have had by playing
        through: it is seated by the table layer's :func:`~ninjadojo.table.seat_bot`, as the terminal's are.
        """
        held = self.held.get(seat)
        if held is None or held[0] != spec:
            held = (spec, seat_bot(self.table.game, seat, spec, self.table.seed or 0))
            self.held[seat] = held
        return held[1]

    def schedule(self) -> None:
        """Ask each bot the position waits for (a bot seat, or a human seat out of time) to play, after the
        table's move delay (at once in a concealed window); not if this process does not run the table's bots."""
        table = self.table
        if table.status != "playing" or not table.runs_timers:
            return
        asked = table.asked()
        for seat in table.game.to_act():
            if seat in self.thinking or not table.seat_is_bot(seat) or table.released[seat] != table.index[seat]:
                continue
            if seat in asked:
                due = table.released_at[seat]  # answered at once: the hold hides how long it took
            else:
                due = max(table.released_at[seat], table.last_public_at + table.settings.move_delay)
            seat_info = table.seats[seat]
            spec = seat_info.bot if seat_info.type == "bot" and seat_info.bot else table.settings.timeout_bot
            note = None
            if seat_info.type != "bot":
                note = table.clocks.timeout_note(seat, spec)
            self.thinking.add(seat)
            table.spawn(self.play_bot(seat, spec, table.index[seat], due, note))

    def _answer_deadline(self, seat: int) -> float | None:
        """When a bot answering a concealed window must have answered (monotonic), or ``None``.

        Before the hold ends, less a margin for its commit: the others are sent the position when the hold
        is over, so an answer later than that would tell them that a bot was asked (see the protocol).
        """
        table = self.table
        if seat not in table.asked() or not table.seat_is_bot(seat) or table.settings.window_time <= 0:
            return None
        return table.hold_until - min(ANSWER_MARGIN, table.settings.window_time / 4)

    async def _choose_in_time(self, seat: int, bot: Bot, view: Any) -> tuple[str, Bot]:
        """The bot's choice on ``view``; in a concealed window, the quick answer if it has not chosen by the
        window's deadline (its thinking goes on in the worker, unused)."""
        deadline = self._answer_deadline(seat)

        async def choose(chooser: Bot) -> tuple[str, Bot]:
            async with self.bot_turn:  # the table's share of the workers: one decision at a time
                return await self.table.pool.choose(chooser, view)

        if deadline is None:
            return await choose(bot)
        # A bot whose search has a time limit (``seconds``: the expert's) gets most of what the hold leaves,
        # so that it answers with a search of its own, in time, rather than with the quick answer.
        timed, limited = bot, hasattr(bot, "seconds")
        own: float | None = getattr(bot, "seconds", None)
        budget = (deadline - time.monotonic()) * WINDOW_SHARE
        if limited and budget > 0:
            timed = copy.copy(bot)
            timed.seconds = budget if own is None else min(own, budget)  # type: ignore[attr-defined]
        try:
            # The deadline covers the wait for the table's turn at the workers too (several bots asked in
            # one window answer in turn): a window's answer never comes later than the hold.
            action, thought = await asyncio.wait_for(choose(timed), max(0.0, deadline - time.monotonic()))
            if thought is not bot and limited:
                thought.seconds = own  # type: ignore[attr-defined]  # its own budget again, for what follows
            return action, thought
        except TimeoutError:
            log.warning("table %s: the bot at seat %d did not answer a concealed window within the hold; it "
                        "answers %s (set window_time longer than the bots think)", self.table.id, seat, QUICK_ANSWER[0])
            return self._quick_answer(seat), bot

    def _quick_answer(self, seat: int) -> str:
        """An answer chosen at once, in milliseconds (the table library's :func:`quick_answer`)."""
        table = self.table
        return quick_answer(table.game, seat, table.seed or 0, detached_view(table.game, seat))

    def _failure_note(self, seat: int) -> tuple[int, str] | None:
        """The table's note of a bot that failed to choose (none in a concealed window: that would tell
        everyone the seat was asked)."""
        table = self.table
        if seat in table.asked():
            return None
        held = table.seats[seat]
        who = f"P{seat} ({held.name} bot)" if held.type == "bot" else f"the bot playing for {held.name}"
        return (EVERYONE, f"{who} could not choose (an error, in the server's log): a quick answer played "
                          "this move for it")

    async def play_bot(self, seat: int, spec: str, index: int, due: float,
                       note: tuple[int, str] | None = None) -> None:
        """Let the bot ``spec`` choose for ``seat`` at ``due`` (monotonic) and apply its choice, unless the
        position has moved on meanwhile (a human acted first, an undo, the seat changed hands).

        However it ends, the seat stops *thinking* and the table looks again for bots to ask and clocks
        to set: a seat left marked as thinking would never be asked again, nor its clock run out.
        """
        table = self.table
        again = True
        looked = False
        try:
            delay = due - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            async with table.lock:
                if table.closed or table.index[seat] != index or seat not in table.game.to_act():
                    return
                bot = self.bot_for(seat, spec)
                view = Unsampled(table.game, seat)
            broke = False
            try:
                action, thought = await self._choose_in_time(seat, bot, view)
            except asyncio.CancelledError:
                raise
            except Exception:
                # A bot that fails (a bug: in the log) must not stop the table for good: a quick answer
                # plays this move for it, the table says so, and the bot is asked again at the next one.
                log.exception("table %s: the bot %r at seat %d failed; a quick answer plays this move for it",
                              table.id, spec, seat)
                broke, action, thought = True, "", bot
            failed = False
            async with table.lock:
                if table.closed or table.index[seat] != index or seat not in table.game.to_act():
                    return
                if broke:
                    action = self._quick_answer(seat)
                    note = note or self._failure_note(seat)
                if self.held.get(seat, (None,))[0] == spec:
                    self.held[seat] = (spec, thought)
                if not table.game.is_legal(seat, action):
                    log.error("table %s: bot %r at seat %d chose the illegal action %r; it plays %r instead",
                              table.id, spec, seat, action, table.game.legal_actions(seat)[0])
                    action = table.game.legal_actions(seat)[0]
                try:
                    await table._commit_action(seat, action, note)
                except MessageError as error:
                    if error.code == "stale":
                        # Another process moved the table on first (a cluster): the bot looks again at once.
                        return
                    log.error("table %s: bot %r at seat %d could not act: %s", table.id, spec, seat, error)
                    failed = True
                else:
                    # The seat stops thinking before the table publishes: publish's own look for bots to ask
                    # and clocks to set then takes it in, and no second look under the lock is needed below.
                    self.thinking.discard(seat)
                    looked = True
                    table.publish()
            if failed:
                # A write that failed (a full disk) is tried again, but not at once and over and over.
                await asyncio.sleep(BOT_RETRY_SECONDS)
        except asyncio.CancelledError:
            again = False
            raise
        except Exception:
            # The seat waits (a bug, in the log) rather than the table spinning on a failing bot.
            log.exception("table %s: the bot at seat %d failed", table.id, seat)
            again = False
        finally:
            if not looked:
                self.thinking.discard(seat)
                if again and not table.closed:
                    # While this bot thought (or was not needed after all), the position may have moved on and
                    # asked it again; the seat's clock, stopped while it was marked thinking, runs again.
                    async with table.lock:
                        self.schedule()
                        table.clocks.schedule()
