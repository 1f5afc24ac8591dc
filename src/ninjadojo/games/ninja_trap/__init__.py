"""Ninja Trap (Rakkatai Games): place traps face down, move through the house, and spring traps from
memory; your own traps are hidden from you too. 2-4 players, every stage simultaneous.

>>> from ninjadojo.games.ninja_trap import STATE
>>> game = STATE.new(2, seed=1)
>>> game.to_act(), game.decision(0).kind
((0, 1), 'trap')
"""

from ninjadojo.games.ninja_trap.state import SPEC, NinjaTrapState

STATE = NinjaTrapState

__all__ = ["SPEC", "STATE", "NinjaTrapState"]
