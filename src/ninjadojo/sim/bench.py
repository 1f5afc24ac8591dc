"""Speed measurements on one core: random playouts (the engine alone) or games played by bots."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from ninjadojo.engine import DojoError, GameState, Rng
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.playout import random_playout
from ninjadojo.sim.play import play_game
from ninjadojo.sim.seeds import derive_seed
from ninjadojo.sim.settings import SimSettings

#: A random playout is cut (and counted) after this many actions, whatever the game's maximum length.
BENCH_MAX_ACTIONS = 100_000


def bench_playouts(game_class: type[GameState[Any]], players: int, options: Mapping[str, object], seconds: float,
                   seed: int) -> dict[str, JSONValue]:
    """Play random games one after another for about ``seconds`` (at least one game), set-up included.

    ``capped`` counts the playouts that did not end by the rules (stopped at the maximum length).
    ``cpu_seconds`` is the processor time used, which other programs on the machine do not inflate.
    """
    games = actions = capped = 0
    started = time.perf_counter()
    cpu_started = time.process_time()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        game_seed = derive_seed(seed, games)
        game = game_class.new(players, options, game_seed)
        played = random_playout(game, Rng(game_seed ^ 0xBE7C4), BENCH_MAX_ACTIONS)
        capped += game.result is None or game.result.truncated
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
        "cpu_seconds": round(time.process_time() - cpu_started, 3),
        "games_per_second": round(games / elapsed, 2),
        "actions_per_second": round(actions / elapsed, 1),
        "actions_per_game": round(actions / games, 2),
    }


def bench_bots(settings: SimSettings, seconds: float) -> dict[str, JSONValue]:
    """Play the games of ``settings`` one after another here for about ``seconds`` (at least one game).

    Reports what :data:`ninjadojo.bots.BOT_COSTS` records, in processor time (which other programs on
    the machine do not inflate): the bots' milliseconds per decision (inside ``choose``) and seconds
    per game (everything, the rules included). ``seconds`` and the rates are wall-clock time.
    """
    games = actions = truncated = 0
    thinking = 0.0
    started = time.perf_counter()
    cpu_started = time.process_time()
    elapsed = 0.0
    while games == 0 or (elapsed < seconds and games < settings.games):
        outcome = play_game(settings, games)
        if outcome.error is not None:
            raise DojoError(outcome.error)
        actions += outcome.length
        thinking += outcome.bot_seconds
        truncated += outcome.truncated
        games += 1
        elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    return {
        "game": settings.game_id,
        "players": settings.players,
        "seed": settings.seed,
        "bots": list(settings.specs),
        "games": games,
        "actions": actions,
        "capped": truncated,
        "seconds": round(elapsed, 3),
        "cpu_seconds": round(cpu, 3),
        "games_per_second": round(games / elapsed, 3),
        "actions_per_second": round(actions / elapsed, 1),
        "actions_per_game": round(actions / games, 2),
        "seconds_per_game": round(cpu / games, 5),
        "bot_ms_per_decision": round(1000 * thinking / actions, 3) if actions else None,
    }
