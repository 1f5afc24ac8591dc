"""Clock arithmetic for a table: a time per decision (``move``) or a total per seat for the game (``game``).

Pure: nothing here reads the time or sets a timer. A driver passes the moments (any monotonic seconds)
and keeps the seats' remaining times; :class:`ClockRules` says what a decision costs, what is left, when
a decision times out and whether a seat is out of time. What a clock may show to whom (a concealed
window's own deadline, a hidden choice charged only with the next action everyone sees) is the driver's:
the server's ``server/clocks.py`` keeps those rules and its timers, and asks this for the sums.

>>> rules = ClockRules("game", 300.0)
>>> rules.starting_time()
300.0
>>> rules.charge(300.0, rules.cost(asked_at=10.0, now=52.5))
257.5
>>> rules.deadline(asked_at=60.0, remaining=257.5)
317.5
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CLOCK_MODES", "WINDOW_SECONDS_PER_GAME_CLOCK", "ClockRules"]

#: Clock modes: no clock, a time per decision, or a total per seat for the game.
CLOCK_MODES = ("none", "move", "game")

#: How long a seat has to answer a concealed window under a per-game clock (windows are never
#: charged to a per-game clock: the others would see it run).
WINDOW_SECONDS_PER_GAME_CLOCK = 60.0


@dataclass(frozen=True, slots=True)
class ClockRules:
    """How a table's clocks count (times in seconds)."""

    #: One of :data:`CLOCK_MODES`.
    mode: str = "none"
    #: The time per decision (``move``), or each seat's total for the game (``game``).
    seconds: float = 60.0
    #: Under a per-game clock, the time a seat has for a concealed window, which is never taken off its
    #: total (the others would see the clock run while the window is secret).
    window_seconds: float = WINDOW_SECONDS_PER_GAME_CLOCK

    def starting_time(self) -> float | None:
        """Each seat's time left at the start: the total under a per-game clock, else ``None`` (no total)."""
        return self.seconds if self.mode == "game" else None

    @staticmethod
    def cost(asked_at: float, now: float) -> float:
        """What a decision asked at ``asked_at`` and made at ``now`` costs (never less than nothing)."""
        return max(0.0, now - asked_at)

    @staticmethod
    def charge(remaining: float, spent: float) -> float:
        """``remaining`` less ``spent``, never below zero: a clock charged, or a running clock shown later."""
        return max(0.0, remaining - spent)

    def out_of_time(self, remaining: float | None) -> bool:
        """Whether a seat with ``remaining`` left has used up its per-game time."""
        return self.mode == "game" and remaining is not None and remaining <= 0

    def deadline(self, asked_at: float, remaining: float | None, in_window: bool = False) -> float | None:
        """When a decision asked at ``asked_at`` times out, or ``None`` without a clock.

        Per decision: the decision's time. Per game: what the seat has left (``None`` counts as nothing),
        or :attr:`window_seconds` for a concealed window (``in_window``).
        """
        if self.mode == "move":
            return asked_at + self.seconds
        if self.mode == "game":
            return asked_at + (self.window_seconds if in_window else remaining or 0.0)
        return None

    def shown_left(self, remaining: float | None, running: bool) -> float | None:
        """What a seat's clock shows when a position is shown: its total left under a per-game clock; under
        a per-decision clock the decision's whole time while it runs, else nothing (``None``)."""
        if self.mode == "game":
            return remaining
        if self.mode == "move" and running:
            return self.seconds
        return None
