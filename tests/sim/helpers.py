"""Bots that misbehave on purpose, to test how the simulator copes."""

from __future__ import annotations

import time

from ninjadojo.bots import Bot, RandomBot, SeatView
from ninjadojo.sim import derive_seed

#: The base seed of the simulations that use :class:`SlowFirstGameBot` and :class:`InterruptingBot`.
BASE_SEED = 5
#: How long :class:`SlowFirstGameBot` thinks in game 0.
SLOW_SECONDS = 1.5
#: The game in which :class:`InterruptingBot` presses Ctrl-C.
INTERRUPTED_GAME = 4


def seat_seed(game: int, seat: int, base: int = BASE_SEED) -> int:
    """The seed the simulator gives the bot of ``seat`` in game ``game`` (as ``play_game`` derives it)."""
    return derive_seed(derive_seed(base, game), seat)


class BrokenBot(Bot):
    """Answers an action no game has."""

    name = "broken"

    def choose(self, view: SeatView) -> str:
        return "no-such-action"


class SlowFirstGameBot(RandomBot):
    """A random bot that, in seat 0 of game 0 (base seed :data:`BASE_SEED`), thinks for
    :data:`SLOW_SECONDS` before its first move: one game that ends long after the others."""

    name = "slow-first"

    def __init__(self, seed: int = 0, **params: object) -> None:
        super().__init__(seed, **params)
        self.slow = seed == seat_seed(0, 0)

    def choose(self, view: SeatView) -> str:
        if self.slow:
            self.slow = False
            time.sleep(SLOW_SECONDS)
        return super().choose(view)


class InterruptingBot(RandomBot):
    """A random bot that, in seat 0 of game :data:`INTERRUPTED_GAME`, raises ``KeyboardInterrupt`` as
    Ctrl-C would in the middle of that game."""

    name = "interrupting"

    def __init__(self, seed: int = 0, **params: object) -> None:
        super().__init__(seed, **params)
        self.interrupt = seed == seat_seed(INTERRUPTED_GAME, 0)

    def choose(self, view: SeatView) -> str:
        if self.interrupt:
            raise KeyboardInterrupt
        return super().choose(view)
