"""Speed measurements on one core: random playouts (the engine alone), games played by bots, and a
searching bot's iterations per second from the opening."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.bots.ismcts import SearchReport
from ninjadojo.engine import DojoError, GameState, OptionError, Rng
from ninjadojo.engine.errors import quote
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.playout import random_playout
from ninjadojo.engine.state import check_seed
from ninjadojo.sim.play import play_game
from ninjadojo.sim.seeds import derive_seed
from ninjadojo.sim.settings import SimSettings

#: A random playout is cut (and counted) after this many actions, whatever the game's maximum length.
BENCH_MAX_ACTIONS = 100_000
#: Forced moves (a single legal action) played past at the opening before a search is timed.
OPENING_FORCED_LIMIT = 100


def bench_playouts(game_class: type[GameState[Any]], players: int, options: Mapping[str, object], seconds: float,
                   seed: int) -> dict[str, JSONValue]:
    """Play random games one after another for about ``seconds`` (at least one game), set-up included.

    ``capped`` counts the playouts that did not end by the rules (stopped at the maximum length).
    ``cpu_seconds`` is the processor time used, which other programs on the machine do not inflate.
    """
    check_seed(seed)  # as every other run refuses one (a negative seed would still play, masked)
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
        "options": dict(game_class.validate_options(players, options)),
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
        "options": dict(settings.options),
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


def _opening(game_class: type[GameState[Any]], players: int, options: Mapping[str, object],
             seed: int) -> tuple[GameState[Any], int]:
    """A new game at its first real decision (forced moves played), and the seat that decides there."""
    game = game_class.new(players, options, seed)
    for _ in range(OPENING_FORCED_LIMIT):
        if game.result is not None:
            break
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        if len(actions) > 1:
            return game, seat
        game.apply(seat, actions[0])
    raise DojoError(f"{game_class.SPEC.id} (seed {seed}) offers no choice in its first {OPENING_FORCED_LIMIT} "
                    "actions: there is no decision to search")


def bench_search(game_class: type[GameState[Any]], players: int, options: Mapping[str, object], spec: str,
                 seconds: float, seed: int) -> dict[str, JSONValue]:
    """Time a searching bot (``ismcts``) at the opening of game after game for about ``seconds`` (at least one).

    Each game's opening (its first decision with a choice, for the seat deciding there) is searched
    once by a new bot. ``iterations_per_second`` and ``ms_per_iteration`` are in processor time inside
    ``choose`` (which other programs on the machine do not inflate), on one core. Raises
    :class:`OptionError` for a bot that does not search (it reports no iterations).
    """
    decisions = iterations = samples = 0
    thinking = 0.0
    started = time.perf_counter()
    elapsed = 0.0
    while decisions == 0 or elapsed < seconds:
        game_seed = derive_seed(seed, decisions)
        game, seat = _opening(game_class, players, options, game_seed)
        bot = make_bot(spec, game_class.SPEC.id, derive_seed(game_seed, seat))
        clock = time.process_time()
        bot.choose(SeatView(game, seat))
        thinking += time.process_time() - clock
        report = getattr(bot, "last_search", None)
        if not isinstance(report, SearchReport):
            raise OptionError(f"bot {quote(spec)} does not search (it reports no iterations): give --bot a "
                              "searching bot such as ismcts, or time any bot with --bots")
        iterations += report.iterations
        samples += report.samples
        decisions += 1
        elapsed = time.perf_counter() - started
    return {
        "search_bot": spec,
        "search_decisions": decisions,
        "iterations": iterations,
        "iterations_per_decision": round(iterations / decisions, 1),
        "samples_per_iteration": round(samples / iterations, 3) if iterations else None,
        "search_seconds": round(elapsed, 3),
        "search_cpu_seconds": round(thinking, 3),
        "iterations_per_second": round(iterations / thinking, 1) if thinking > 0 else None,
        "ms_per_iteration": round(1000 * thinking / iterations, 4) if iterations else None,
    }
