"""Seeds of the games and bots of a simulation, derived from one base seed.

Each game's seed comes from the base seed and the game's index, and each bot's from the game's seed
and its seat, so a simulation's results depend on neither the number of workers nor their order.
"""

from __future__ import annotations

from ninjadojo.engine.rng import derive_seed

__all__ = ["derive_seed"]
