"""Seeds of the games and bots of a simulation, derived from one base seed.

Each game's seed comes from the base seed and the game's index, and each bot's from the game's seed
and its seat, so a simulation's results depend on neither the number of workers nor their order.
"""

from __future__ import annotations

from ninjadojo.engine.rng import Rng

_MASK64 = (1 << 64) - 1


def derive_seed(seed: int, *keys: int) -> int:
    """A seed derived deterministically from ``seed`` and ``keys`` (game index, seat...).

    The same function as the table's (``ninjadojo.table.seats.derive_seed``): the seeds of a game
    played in a simulation and at a table agree.

    >>> derive_seed(7, 1) == derive_seed(7, 1) != derive_seed(7, 2)
    True
    """
    value = seed & _MASK64
    for key in keys:
        value = Rng(value ^ ((key + 1) * 0x9E3779B97F4A7C15 & _MASK64)).next_u64()
    return value
