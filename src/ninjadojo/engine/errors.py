"""Typed errors. Every error a driver can trigger is a :class:`DojoError`, itself a ``ValueError``.

An error is raised before anything changes: a game that raised is exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence


class DojoError(ValueError):
    """Base class of every error caused by bad input (an action, an option, a save, a notation)."""


class UnknownGameError(DojoError):
    """A game id that is not registered."""


class SeatError(DojoError):
    """A seat that is not a seat of the game (wrong type, negative, too large) given to a query."""


class OptionError(DojoError):
    """A bad game option or player count."""


class NotationError(DojoError):
    """A position or action text that does not parse."""


class SaveError(DojoError):
    """A saved game that is malformed, from another version, or inconsistent with its record."""


class IllegalActionError(DojoError):
    """An action that is not legal for that seat now.

    ``legal`` holds (a sample of) what the seat may do instead, so that a message can say what is allowed.
    """

    def __init__(self, seat: int | None, action: str, reason: str, legal: Sequence[str] = ()) -> None:
        self.seat = seat
        self.action = action
        self.reason = reason
        self.legal = tuple(legal)
        # A pasted megabyte of text must not become a megabyte of error message.
        named = repr(action) if len(repr(action)) <= 80 else repr(action)[:77] + "..."
        message = f"illegal action {named} for seat {seat}: {reason}"
        if self.legal:
            shown = ", ".join(self.legal[:12])
            more = f" (and {len(self.legal) - 12} more)" if len(self.legal) > 12 else ""
            message += f"; legal now: {shown}{more}"
        super().__init__(message)


class NotYourTurnError(IllegalActionError):
    """The seat has no decision to make now."""


class GameOverError(IllegalActionError):
    """The game is over; no action is legal."""
