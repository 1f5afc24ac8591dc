"""What the arena tests share: a cheap game where the heuristic bot clearly beats random, and test bots."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from ninjadojo import bots
from ninjadojo.arena import ArenaOutcome
from ninjadojo.bots import RandomBot, SeatView
from ninjadojo.sim import derive_seed

#: A game whose heuristic bot wins about 99% of its 2-player games against random (measured with
#: ``dojo sim ninja-trap -n 200 --bots heuristic,random --rotate``) at about 2 ms a game.
GAME = "ninja-trap"
#: The arena seed of the tests that interrupt a run.
SEED = 7
#: The deal in which :class:`InterruptingBot`, sitting in seat 0, presses Ctrl-C.
INTERRUPTED_DEAL = 3


def without_timing(results: dict[str, Any]) -> dict[str, Any]:
    """Results without their timing (the only part that may differ between runs)."""
    return {key: value for key, value in results.items() if key != "timing"}


def same_game(outcome: ArenaOutcome) -> ArenaOutcome:
    """An outcome without the bots' thinking time (which differs from run to run)."""
    return dataclasses.replace(outcome, bot_seconds=0.0)


class InterruptingBot(RandomBot):
    """A random bot that raises ``KeyboardInterrupt``, as Ctrl-C would, on its first move in seat 0 of
    deal :data:`INTERRUPTED_DEAL` of an arena seeded :data:`SEED` (the arena seeds each bot from its
    deal's seed and its seat)."""

    name = "interrupting"

    def __init__(self, seed: int = 0, **params: object) -> None:
        super().__init__(seed, **params)
        self.interrupt = seed == derive_seed(derive_seed(SEED, INTERRUPTED_DEAL), 0)

    def choose(self, view: SeatView) -> str:
        if self.interrupt:
            raise KeyboardInterrupt
        return super().choose(view)


def calm(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the test bot ``flaky`` a plain random bot from now on (see the ``flaky`` fixture)."""
    monkeypatch.setitem(bots.GENERIC_BOTS, "flaky", RandomBot)
