"""ninjadojo: ninja tabletop games with exact rules, bots, clients and a simulator.

The public entry points for drivers live in :mod:`ninjadojo.api`::

    >>> from ninjadojo.api import new_game
    >>> game = new_game("ninjitsu", players=3, seed=7)
    >>> game.to_act()
    (0,)
"""

__version__ = "0.1.0"
