"""Typed errors. Every error a driver can trigger is a :class:`DojoError`, itself a ``ValueError``.

An error is raised before anything changes: a game that raised is exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence

#: The most characters of a user's input an error message quotes.
QUOTE_LIMIT = 60


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut to ``limit`` characters with ``...`` and the full length when longer.

    A pasted megabyte of text must not become a megabyte of error message: every message that
    repeats what a user typed quotes it through this.

    >>> quote("d")
    "'d'"
    >>> quote("x" * 100, limit=12)
    "'xxxxxxxx... (102 characters)"
    """
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not turn a clear error into a crash
        text = f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    return f"{text[:max(limit - 4, 1)]}... ({len(text)} characters)"


def cap(text: str, limit: int = 300) -> str:
    """``text`` cut to ``limit`` characters: a reason built from input must stay a line, not a page."""
    return text if len(text) <= limit else f"{text[:limit - 3]}..."


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


class UndoError(DojoError):
    """An undo the engine refuses (its message says why: see :mod:`ninjadojo.engine.undo`)."""


class IllegalActionError(DojoError):
    """An action that is not legal for that seat now.

    ``legal`` holds (a sample of) what the seat may do instead, so that a message can say what is allowed.
    """

    def __init__(self, seat: int | None, action: str, reason: str, legal: Sequence[str] = (),
                 explained: bool = True) -> None:
        self.seat = seat
        self.action = action
        self.reason = cap(reason)
        self.legal = tuple(legal)
        #: Whether ``reason`` says why this action is refused (a game's own words) rather than only that
        #: it is not among the choices; a client shows the former and its own hint for the latter.
        self.explained = explained
        message = f"illegal action {quote(action)} for seat {quote(seat)}: {cap(reason)}"
        if self.legal:
            shown = ", ".join(self.legal[:12])
            more = f" (and {len(self.legal) - 12} more)" if len(self.legal) > 12 else ""
            message += f"; legal now: {shown}{more}"
        super().__init__(message)

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt from its arguments (the default pickles ``args``, the message alone, which this
        # ``__init__`` does not take): an error raised in a worker process must reach the server intact,
        # not break the pool that carries it back.
        return (type(self), (self.seat, self.action, self.reason, self.legal, self.explained))


class NotYourTurnError(IllegalActionError):
    """The seat has no decision to make now."""


class GameOverError(IllegalActionError):
    """The game is over; no action is legal."""
