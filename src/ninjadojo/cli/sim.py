"""``dojo sim``: many bot games, with win rates (Wilson 95% intervals), game length and points.

Each game's seed is derived from the base seed and the game's index, and each bot's seed from the
game's seed and its seat, so results do not depend on the number of workers or their order. A game
still running at the action cap is cut, counted and shown (it has no winner), never hidden.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from multiprocessing.pool import Pool
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.cli.common import derive_seed
from ninjadojo.cli.stats import mean_interval, wilson_interval
from ninjadojo.engine import DojoError, GameState, IllegalActionError
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue
from ninjadojo.games import game_class

#: Default number of actions after which a game is cut.
DEFAULT_MAX_ACTIONS = 5000


@dataclass(frozen=True, slots=True)
class SimSettings:
    """Everything that decides a simulation's results (timing aside)."""

    game_id: str
    players: int
    options: dict[str, OptionValue]
    specs: tuple[str, ...]
    seed: int
    games: int
    max_actions: int
    rotate: bool

    def lineup(self, index: int) -> tuple[str, ...]:
        """The bot spec of each seat in game ``index`` (rotated one seat per game with ``rotate``)."""
        if not self.rotate:
            return self.specs
        shift = index % self.players
        return self.specs[shift:] + self.specs[:shift]


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How one simulated game went."""

    index: int
    length: int
    capped: bool
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    lineup: tuple[str, ...]
    error: str | None = None


def play_one(settings: SimSettings, index: int) -> GameOutcome:
    """Play game ``index`` of a simulation with its bots (deterministic in the settings and index)."""
    seed = derive_seed(settings.seed, index)
    lineup = settings.lineup(index)
    try:
        game: GameState[Any] = game_class(settings.game_id).new(settings.players, settings.options, seed)
        bots = [make_bot(spec, settings.game_id, derive_seed(seed, seat)) for seat, spec in enumerate(lineup)]
        length = 0
        while not game.is_terminal and length < settings.max_actions:
            seat = game.to_act()[0]
            action = bots[seat].choose(SeatView(game, seat))
            try:
                game.apply(seat, action)
            except IllegalActionError as error:
                raise DojoError(f"bot {lineup[seat]!r} at seat {seat} of game {index} (seed {seed}) "
                                f"chose an illegal action: {error}") from None
            length += 1
    except DojoError as error:
        # Errors travel back from worker processes as text (typed errors do not all pickle).
        return GameOutcome(index, 0, False, (), (), lineup, str(error))
    result = game.result
    if result is None:
        return GameOutcome(index, length, True, tuple(game.scores()), (), lineup)
    return GameOutcome(index, length, False, tuple(result.scores), tuple(result.winners), lineup)


def _play_indexed(job: tuple[SimSettings, int]) -> GameOutcome:
    return play_one(*job)


def run_games(settings: SimSettings, pool: Pool | None, on_done: Callable[[], None],
              chunksize: int = 1) -> list[GameOutcome]:
    """Play every game of a simulation (on the worker ``pool``, or here), in index order."""
    outcomes: list[GameOutcome] = []

    def collect(results: Iterator[GameOutcome]) -> None:
        for outcome in results:
            if outcome.error is not None:
                raise DojoError(outcome.error)
            outcomes.append(outcome)
            on_done()

    jobs = [(settings, index) for index in range(settings.games)]
    if pool is None:
        collect(_play_indexed(job) for job in jobs)
    else:
        collect(pool.imap(_play_indexed, jobs, chunksize=chunksize))
    outcomes.sort(key=lambda outcome: outcome.index)
    return outcomes


def _round(value: float) -> float:
    return round(value, 6)


def summarise(settings: SimSettings, outcomes: Sequence[GameOutcome]) -> dict[str, JSONValue]:
    """The summary: win rates per seat and per bot (shared wins count fractionally), length, points."""
    games = len(outcomes)
    seat_wins = [0.0] * settings.players
    seat_points: list[list[float]] = [[] for _ in range(settings.players)]
    bot_wins: dict[str, float] = {}
    bot_seat_games: dict[str, int] = {}
    bot_points: dict[str, list[float]] = {}
    for outcome in outcomes:
        share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
        for seat, spec in enumerate(outcome.lineup):
            won = share if seat in outcome.winners else 0.0
            seat_wins[seat] += won
            seat_points[seat].append(outcome.scores[seat])
            bot_wins[spec] = bot_wins.get(spec, 0.0) + won
            bot_seat_games[spec] = bot_seat_games.get(spec, 0) + 1
            bot_points.setdefault(spec, []).append(outcome.scores[seat])
    seats: list[JSONValue] = []
    for seat in range(settings.players):
        low, high = wilson_interval(seat_wins[seat], games)
        seats.append({
            "seat": seat,
            "bot": "rotating" if settings.rotate and len(set(settings.specs)) > 1 else settings.specs[seat],
            "wins": _round(seat_wins[seat]),
            "win_rate": _round(seat_wins[seat] / games) if games else 0.0,
            "ci95": [_round(low), _round(high)],
            "mean_points": _round(mean_interval(seat_points[seat])[0]),
        })
    bots: list[JSONValue] = []
    for spec in sorted(bot_seat_games):
        count = bot_seat_games[spec]
        low, high = wilson_interval(bot_wins[spec], count)
        bots.append({
            "bot": spec,
            "seat_games": count,
            "wins": _round(bot_wins[spec]),
            "win_rate": _round(bot_wins[spec] / count),
            "ci95": [_round(low), _round(high)],
            "mean_points": _round(mean_interval(bot_points[spec])[0]),
        })
    mean, low, high = mean_interval([float(outcome.length) for outcome in outcomes])
    capped = sum(1 for outcome in outcomes if outcome.capped)
    return {
        "game": settings.game_id,
        "players": settings.players,
        "games": games,
        "seed": settings.seed,
        "bots": list(settings.specs),
        "rotate": settings.rotate,
        "options": dict(settings.options),
        "max_actions": settings.max_actions,
        "finished": games - capped,
        "capped": capped,
        "seats": seats,
        "per_bot": bots,
        "length": {
            "mean": _round(mean),
            "ci95": [_round(low), _round(high)],
            "min": min((outcome.length for outcome in outcomes), default=0),
            "max": max((outcome.length for outcome in outcomes), default=0),
        },
    }


def simulate(settings: SimSettings, workers: int, progress_console: Console) -> dict[str, JSONValue]:
    """Run a simulation with a progress bar; the summary with a ``timing`` entry."""
    started = time.perf_counter()
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        console=progress_console)
    with ExitStack() as stack:
        pool: Pool | None = None
        if workers > 1 and settings.games > 1:
            # The workers start before the progress bar's thread does (forking a threaded process is
            # unsafe). fork keeps the parent's game registry (tests register games at run time).
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
            pool = stack.enter_context(multiprocessing.get_context(method).Pool(workers))
        with progress:
            task = progress.add_task(f"{settings.game_id} x{settings.games}", total=settings.games)
            chunksize = max(1, settings.games // (workers * 8))
            outcomes = run_games(settings, pool, lambda: progress.advance(task), chunksize)
    seconds = time.perf_counter() - started
    summary = summarise(settings, outcomes)
    actions = sum(outcome.length for outcome in outcomes)
    summary["timing"] = {
        "seconds": round(seconds, 3),
        "games_per_second": round(len(outcomes) / seconds, 2) if seconds > 0 else None,
        "actions_per_second": round(actions / seconds, 1) if seconds > 0 else None,
        "workers": workers,
    }
    return summary


def print_summary(console: Console, summary: dict[str, Any]) -> None:
    """The summary as tables."""
    console.print(f"{summary['game']}: {summary['games']} games, {summary['players']} players, "
                  f"seed {summary['seed']}, bots {', '.join(summary['bots'])}"
                  + (" (rotating seats)" if summary["rotate"] else ""), markup=False)
    seats = Table(title="win rate per seat (95% Wilson interval)")
    for column in ("seat", "bot", "wins", "win rate", "95% CI", "mean points"):
        seats.add_column(column, justify="left" if column == "bot" else "right")
    for row in summary["seats"]:
        seats.add_row(str(row["seat"]), row["bot"], f"{row['wins']:g}", f"{row['win_rate']:.1%}",
                      f"{row['ci95'][0]:.1%} - {row['ci95'][1]:.1%}", f"{row['mean_points']:.2f}")
    console.print(seats)
    bots = Table(title="win rate per bot, over its seats")
    for column in ("bot", "seat-games", "wins", "win rate", "95% CI", "mean points"):
        bots.add_column(column, justify="left" if column == "bot" else "right")
    for row in summary["per_bot"]:
        bots.add_row(row["bot"], str(row["seat_games"]), f"{row['wins']:g}", f"{row['win_rate']:.1%}",
                     f"{row['ci95'][0]:.1%} - {row['ci95'][1]:.1%}", f"{row['mean_points']:.2f}")
    console.print(bots)
    length = summary["length"]
    console.print(f"game length: {length['mean']:.1f} actions (95% CI {length['ci95'][0]:.1f} - "
                  f"{length['ci95'][1]:.1f}; min {length['min']}, max {length['max']})", markup=False)
    console.print(f"cut at the {summary['max_actions']}-action cap: {summary['capped']} of {summary['games']} games"
                  + (" (counted as won by nobody)" if summary["capped"] else ""), markup=False)
    timing = summary["timing"]
    console.print(f"time: {timing['seconds']} s, {timing['games_per_second']} games/s, "
                  f"{timing['actions_per_second']} actions/s on {timing['workers']} worker(s)", markup=False)
