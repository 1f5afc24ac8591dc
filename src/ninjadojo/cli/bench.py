"""``dojo bench``: the speed of random playouts on one core (set-up included)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from ninjadojo.cli.common import derive_seed
from ninjadojo.engine import GameState, Rng
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.playout import random_playout

#: Playouts longer than this are cut (and counted) so that a game that never ends cannot hang the bench.
BENCH_MAX_ACTIONS = 100_000


def bench(game_class: type[GameState[Any]], players: int, options: Mapping[str, object], seconds: float,
          seed: int) -> dict[str, JSONValue]:
    """Play random games one after another for about ``seconds`` (at least one game)."""
    games = actions = capped = 0
    started = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        game_seed = derive_seed(seed, games)
        game = game_class.new(players, options, game_seed)
        played = random_playout(game, Rng(game_seed ^ 0xBE7C4), BENCH_MAX_ACTIONS)
        capped += not game.is_terminal
        actions += played
        games += 1
        elapsed = time.perf_counter() - started
    return {
        "game": game_class.SPEC.id,
        "players": players,
        "seed": seed,
        "games": games,
        "actions": actions,
        "capped": capped,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2),
        "actions_per_second": round(actions / elapsed, 1),
        "actions_per_game": round(actions / games, 2),
    }
