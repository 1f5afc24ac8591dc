"""Taking back a seat's last action at a table, for every front end (the terminal's ``undo``, the server's
``undo`` message): the engine decides (:meth:`GameState.undo_check`) and takes it back
(:meth:`GameState.undo`); the table then forgets what a bot remembered of the action.

Only the bot that played the undone action can have seen anything of it: undo is refused once anyone has
acted since, so no other seat's bot chose after it. A bot that played it (a bot seat, or a bot standing in
for a human whose time ran out) may remember it (a trap's room in Ninja Trap), so the driver makes that
seat's bot again, caught up on the game as it now stands (:func:`~ninjadojo.table.seat_bot`):
:meth:`~ninjadojo.table.Table.undo` does, and the server drops the bot it holds for the seat.
"""

from __future__ import annotations

from typing import Any

from ninjadojo.engine.state import GameState

__all__ = ["take_back"]


def take_back(game: GameState[Any], seat: int) -> str | None:
    """Take back ``seat``'s last action if the engine allows it: ``None`` once it is taken back, else the
    engine's reason for refusing (and the game is unchanged)."""
    reason = game.undo_check(seat)
    if reason is None:
        game.undo(seat)
    return reason

