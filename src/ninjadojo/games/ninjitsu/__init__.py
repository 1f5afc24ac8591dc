"""Ninjitsu! (2-5 players): draw, play and steal secrets; traps bite the thief.

``STATE`` is the game's :class:`~ninjadojo.engine.GameState` subclass, with its ``SPEC``.
Rules in our words: docs/rules/ninjitsu.md. Positions for tests, puzzles and bug reports:
:func:`ninjadojo.games.ninjitsu.builder.position`. Expansions are the option ``expansions``: the Promo
Pack (``promo``), Masters of Magic (``magic``), Sabotage! (``sabotage``), The Elements (``elements``)
and Heavy Weather (``weather``), in any combination. Samples for the bots' searches may be dealt by a
model of play (:mod:`ninjadojo.games.ninjitsu.sampling`).
"""

from ninjadojo.games.ninjitsu.state import NinjitsuState

STATE = NinjitsuState
SPEC = NinjitsuState.SPEC

__all__ = ["SPEC", "STATE", "NinjitsuState"]
