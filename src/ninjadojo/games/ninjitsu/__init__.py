"""Ninjitsu! (base game, 2-5 players): draw, play and steal secrets; traps bite the thief.

``STATE`` is the game's :class:`~ninjadojo.engine.GameState` subclass, with its ``SPEC``.
Rules in our words: docs/rules/ninjitsu.md. Positions for tests, puzzles and bug reports:
:func:`ninjadojo.games.ninjitsu.builder.position`. Expansions (Promo Pack, Masters of Magic, Sabotage!, The
Elements, Heavy Weather) are not implemented yet: the card rows carry a ``set`` column for them, and
no option for them is offered until they exist.
"""

from ninjadojo.games.ninjitsu.state import NinjitsuState

STATE = NinjitsuState
SPEC = NinjitsuState.SPEC

__all__ = ["SPEC", "STATE", "NinjitsuState"]
