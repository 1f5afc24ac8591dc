"""Turn clocks: a time per decision (``move``) or a total per seat (``game``), and their time-outs.

On time-out the table's ``timeout_bot`` makes the seat's move and the table notes it. What others are
shown of a clock must not tell what the views hide: a seat asked in a concealed window has its own
deadline, never shown to others and never taken off a per-game clock (the others would see it run);
the clocks everyone sees are a snapshot taken when the position is released to everyone, so a hidden
simultaneous choice does not stop a clock they can see. The time a hidden simultaneous choice took is
taken off a per-game clock only with the action everyone sees (the stage's last choice): until then no
clock anyone can be shown is built from it (a seat renaming itself, or anyone joining, would see it).

The sums (what a decision costs, what is left, when a decision times out, who is out of time) are the table
layer's :class:`~ninjadojo.table.clocks.ClockRules`; the timers, what is stored and what is shown to whom
are this module's.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from ninjadojo.server import storage as store
from ninjadojo.table.clocks import ClockRules

if TYPE_CHECKING:
    from ninjadojo.server.live import LiveTable

#: A note everyone may see.
EVERYONE = -1


class Clocks:
    """The clocks of one table."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        #: The table's clock arithmetic, from its settings (made once: a table's clock never changes).
        self.rules: ClockRules = table.settings.clock_rules()
        self._timer: asyncio.TimerHandle | None = None
        #: What everyone is shown: per seat (seconds left at ``_public_at``, running).
        self._public: dict[int, tuple[float | None, bool]] = {}
        self._public_at = time.monotonic()
        #: Seconds each seat's hidden simultaneous choice took, not yet taken off its per-game clock.
        self._pending: dict[int, float] = {}

    @property
    def mode(self) -> str:
        """``none``, ``move`` or ``game``."""
        return self.table.settings.clock

    def _human(self, seat: int) -> bool:
        return self.table.seats[seat].type == "human"

    def out_of_time(self, seat: int) -> bool:
        """Whether a human seat has used up its per-game time (a bot plays it from then on)."""
        return self._human(seat) and self.rules.out_of_time(self.table.seats[seat].clock_remaining)

    def deadline(self, seat: int) -> float | None:
        """When ``seat``'s current decision times out (monotonic), or ``None``."""
        table = self.table
        if self.mode == "none" or table.status != "playing" or not self._human(seat) or self.out_of_time(seat):
            return None
        if seat not in table.game.to_act() or table.released[seat] != table.index[seat] or seat in table.bots.thinking:
            return None
        # A seat asked in a concealed window has the window's own time (never its per-game total's).
        in_window = self.mode == "game" and seat in table.asked()
        return self.rules.deadline(table.released_at[seat], table.seats[seat].clock_remaining, in_window)

    def charge(self, seat: int, now: float, concealed: bool, public: bool = True) -> list[store.WriteOp]:
        """Take the time ``seat`` spent on the decision it just made off its per-game clock (the writes).

        A hidden choice (``public`` false: a simultaneous choice others still make) is only noted: its time
        is taken off with the next action everyone sees, with that action's own. Call :meth:`charged` once
        the writes are committed.
        """
        if self.mode != "game":
            return []
        info = self.table.seats[seat]
        spent: dict[int, float] = {}
        if self._human(seat) and not concealed and info.clock_remaining is not None:
            spent[seat] = ClockRules.cost(self.table.released_at[seat], now)
        if not public:
            self._pending.update(spent)  # a choice made again (after an undo, a failed write) replaces it
            return []
        for each, seconds in self._pending.items():
            spent[each] = spent.get(each, 0.0) + seconds
        ops: list[store.WriteOp] = []
        for each, seconds in spent.items():
            held = self.table.seats[each]
            if held.clock_remaining is None:
                continue
            held.clock_remaining = ClockRules.charge(held.clock_remaining, seconds)
            ops.append(store.update_seat(self.table.id, each, clock_remaining=held.clock_remaining))
        return ops

    def charged(self, public: bool) -> None:
        """The writes of :meth:`charge` are committed: after an action everyone sees, nothing is pending."""
        if public:
            self._pending.clear()

    def snapshot(self, now: float) -> None:
        """The position is released to everyone: the clocks everyone sees are taken now."""
        table = self.table
        if self.mode == "none":
            return
        waiting = set(table.public_facts[0])  # who everyone has been shown must act (not a held position)
        self._public = {}
        rules = self.rules
        for info in table.seats:
            running = info.seat in waiting and self._human(info.seat) and table.status == "playing"
            left = rules.shown_left(info.clock_remaining, running)
            self._public[info.seat] = (left, running and not self.out_of_time(info.seat))
        self._public_at = now

    def reseat(self, now: float) -> None:
        """Who plays a seat changed (taken, left, handed to a bot): which clocks run may change, not what
        they show. Each clock goes on from what everyone was last shown (a new snapshot would show a total
        charged since, and set running clocks back)."""
        table = self.table
        if self.mode == "none":
            return
        if not self._public:
            self.snapshot(now)
            return
        elapsed = now - self._public_at
        for seat, (left, running) in list(self._public.items()):
            if left is not None and running:
                left = ClockRules.charge(left, elapsed)
            running = running and self._human(seat) and not self.out_of_time(seat) and table.status == "playing"
            self._public[seat] = (left, running)
        self._public_at = now

    def to_json(self, viewer: int | None) -> dict[str, Any] | None:
        """The ``clock`` of a state for ``viewer`` (see the protocol)."""
        if self.mode == "none":
            return None
        now = time.monotonic()
        if not self._public:
            self.snapshot(now)
        elapsed = now - self._public_at
        seats = []
        for seat in range(self.table.game.num_players):
            left, running = self._public.get(seat, (None, False))
            if left is not None and running:
                left = ClockRules.charge(left, elapsed)
            seats.append({"seat": seat, "remaining": None if left is None else round(left, 1), "running": running})
        you = None
        if viewer is not None:
            deadline = self.deadline(viewer)
            if deadline is not None:
                you = {"remaining": round(max(0.0, deadline - now), 1)}
        return {"mode": self.mode, "seconds": self.table.settings.clock_seconds, "seats": seats, "you": you}

    def timeout_note(self, seat: int, spec: str) -> tuple[int, str] | None:
        """The note of a bot playing for a human seat on a time-out (only the seat sees a window's)."""
        name = self.table.seats[seat].name
        asked = seat in self.table.asked()
        mask = 1 << seat if asked else EVERYONE
        if self.mode == "game" and not asked:
            if self.out_of_time(seat):
                return None  # noted when its time ran out
            return (mask, f"{name} is out of time: {spec} plays for them from now on")
        return (mask, f"{name} ran out of time: {spec} played for them")

    def schedule(self) -> None:
        """Set the timer for the earliest deadline of the position."""
        self.cancel()
        if self.mode == "none" or self.table.closed or not self.table.runs_timers:
            return
        deadlines = [when for seat in range(self.table.game.num_players) if (when := self.deadline(seat)) is not None]
        if not deadlines:
            return
        loop = asyncio.get_running_loop()
        self._timer = loop.call_at(loop.time() + max(0.0, min(deadlines) - time.monotonic()), self._fire)

    def _fire(self) -> None:
        self._timer = None
        loop = asyncio.get_running_loop()
        task = loop.create_task(self.table.bots.time_out())
        self.table.track(task)

    def cancel(self) -> None:
        """Stop the timer."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
