"""How long a simulation will take, from the bots' measured costs (before any game is played)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ninjadojo.bots import bot_cost
from ninjadojo.sim.settings import SimSettings


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulation's expected duration, and the player count its cost figures were measured at."""

    seconds: float
    seconds_per_game: float
    parallel: int
    #: The player count of the figures used (the nearest measured when the asked one was not).
    measured_players: tuple[int, ...]


def estimate(settings: SimSettings, workers: int) -> Estimate | None:
    """The expected duration of ``settings`` on ``workers`` processes, or None if a bot's cost is unknown.

    A game's time is the mean of each seat's bot's time for a whole game with that bot in every seat
    (a seat plays about a share of the decisions); the games are spread over as many processes as
    there are workers and cores.
    """
    per_seat: list[float] = []
    players: set[int] = set()
    for spec in settings.specs:
        cost = bot_cost(settings.game_id, spec, settings.players)
        if cost is None:
            return None
        per_seat.append(cost.seconds_per_game)
        players.add(cost.players)
    per_game = sum(per_seat) / len(per_seat)
    parallel = max(1, min(workers, settings.games, os.cpu_count() or 1))
    return Estimate(settings.games * per_game / parallel, per_game, parallel, tuple(sorted(players)))
