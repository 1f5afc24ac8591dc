"""Playing a report's games and recording each compactly: length, decisions, branching, points, features.

A report's games are played in *batches* (a few dozen games of one variant and player count), the
jobs of :func:`ninjadojo.sim.parallel.run_jobs`: a job per game would cost more in passing results
between processes than a random game costs to play. A batch comes back as one line of text
(:mod:`ninjadojo.report.records`), the line :mod:`ninjadojo.report.progress` appends to the report's
folder, so what a run keeps and what a rerun reads are the same thing. Every game is deterministic in
(settings, variant, players, index): results depend neither on the workers nor on the batching.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import IO, Any

from ninjadojo.bots import SeatView, bot_cost, make_bot
from ninjadojo.engine import DojoError, GameState, IllegalActionError
from ninjadojo.engine.errors import quote
from ninjadojo.games import game_class
from ninjadojo.report.features import game_features
from ninjadojo.report.progress import ReportProgress
from ninjadojo.report.records import GameRecord, batch_line, parse_batch_line
from ninjadojo.report.settings import ReportSettings
from ninjadojo.sim.parallel import check_workers, run_jobs
from ninjadojo.sim.seeds import derive_seed

#: Most games in one job (a batch): enough that passing results between processes costs little,
#: few enough that a progress bar moves often and Ctrl-C loses little.
BATCH_GAMES = 50
#: Fewest games in a batch when a small report is spread over several workers.
MIN_BATCH_GAMES = 5
#: About the most seconds one batch should take, from the bots' measured costs: with costly bots (a
#: heuristic that looks ahead, a search) 50 games are minutes of play, during which the progress bar
#: would stand still and which Ctrl-C would lose.
BATCH_SECONDS = 2.0


@dataclass(frozen=True, slots=True)
class Batch:
    """A job: some games of one variant and player count, by index."""

    variant: int
    players: int
    indexes: tuple[int, ...]


class _CountingView(SeatView):
    """A seat's view that notes how many legal actions the bot was offered (so the loop need not ask again)."""

    __slots__ = ("offered",)

    def __init__(self, game: GameState[Any], seat: int) -> None:
        super().__init__(game, seat)
        self.offered = -1

    def legal_actions(self) -> list[str]:
        actions = super().legal_actions()
        self.offered = len(actions)
        return actions


def play_record(settings: ReportSettings, variant: int, players: int, index: int) -> GameRecord:
    """Play game ``index`` of ``variant`` at ``players`` players (deterministic in these and the settings).

    The loop is :func:`ninjadojo.sim.play_game`'s. The legal actions at each step are counted from the
    bot's own request for them (a bot that does not ask is answered from the engine's cache). Raises
    :class:`DojoError` when a bot chooses an illegal action.
    """
    seed = settings.game_seed(players, index)
    lineup = settings.lineup(players, index)
    game: GameState[Any] = game_class(settings.game_id).new(players, settings.variants[variant].options, seed)
    bots = [make_bot(spec, settings.game_id, derive_seed(seed, seat)) for seat, spec in enumerate(lineup)]
    views = [_CountingView(game, seat) for seat in range(players)]
    decisions = [0] * players
    branching_sum = branching_max = 0
    while game.result is None:
        seat = game.to_act()[0]
        view = views[seat]
        view.offered = -1
        action = bots[seat].choose(view)
        # The position has not moved since the bot chose: its legal actions are still the ones offered.
        count = view.offered if view.offered >= 0 else len(game.legal_actions(seat))
        if count > 1:
            decisions[seat] += 1
            branching_sum += count
            if count > branching_max:
                branching_max = count
        try:
            game.apply(seat, action)
        except IllegalActionError as error:
            raise DojoError(f"bot {quote(lineup[seat])} at seat {seat} of game {index} ({players} players, "
                            f"{settings.variants[variant].label}, seed {seed}) chose an illegal action: "
                            f"{error}") from None
    result = game.result
    features = game_features(game)
    return GameRecord(variant, players, index, game.ply, tuple(decisions), branching_sum, branching_max,
                      tuple(result.scores), tuple(result.winners), result.truncated, features)


def play_batch(settings: ReportSettings, batch: Batch) -> str:
    """Play a batch's games; the progress line that records them (or ``!`` and the error that stopped them).

    A :class:`DojoError` travels back from a worker as text (typed errors do not all pickle).
    """
    try:
        records = [play_record(settings, batch.variant, batch.players, index) for index in batch.indexes]
    except DojoError as error:
        return "!" + str(error)
    return batch_line(batch.variant, batch.players, records)


def batch_cap(settings: ReportSettings) -> int:
    """The most games of a batch for the report's bots: about :data:`BATCH_SECONDS` of play at its costliest
    player count, from the bots' measured costs (:func:`~ninjadojo.bots.bot_cost`), from 1 to
    :data:`BATCH_GAMES` (that, when a cost is unknown)."""
    slowest = 0.0
    for players in settings.player_counts:
        costs = [bot_cost(settings.game_id, spec, players) for spec in settings.specs]
        if any(cost is None for cost in costs):
            return BATCH_GAMES
        slowest = max(slowest, sum(cost.seconds_per_game for cost in costs if cost is not None) / len(costs))
    if slowest <= 0:
        return BATCH_GAMES
    return max(1, min(BATCH_GAMES, int(BATCH_SECONDS / slowest)))


def make_batches(settings: ReportSettings, done: Callable[[tuple[int, int, int]], bool],
                 workers: int = 1) -> list[Batch]:
    """The games not ``done``, in batches of consecutive indexes of one variant and player count.

    Batches go round the player counts and variants (indexes 0-49 of every one, then 50-99, ...),
    so a run cut short has played every part of the report about as much, and both variants of a
    comparison the same games. Small reports get smaller batches so that every worker has work, and
    costly bots smaller ones (:func:`batch_cap`) so that a batch takes about :data:`BATCH_SECONDS`.
    """
    size = min(batch_cap(settings), max(MIN_BATCH_GAMES, min(BATCH_GAMES, -(-settings.games // (4 * workers)))))
    batches: list[Batch] = []
    for start in range(0, settings.games, size):
        stop = min(start + size, settings.games)
        for players in settings.player_counts:
            for variant in range(len(settings.variants)):
                todo = tuple(index for index in range(start, stop) if not done((variant, players, index)))
                if todo:
                    batches.append(Batch(variant, players, todo))
    return batches


@dataclass(frozen=True, slots=True)
class ReportRun:
    """The games of a report played so far, sorted by (variant, players, index), those read from its folder included.

    ``interrupted``: Ctrl-C stopped this run early. ``resumed``: how many games came from the folder.
    ``seconds``, ``workers``, ``backend``, ``played`` and ``actions`` are this run's own (its speed).
    """

    settings: ReportSettings
    records: tuple[GameRecord, ...]
    interrupted: bool
    resumed: int
    seconds: float
    workers: int
    backend: str
    played: int
    actions: int

    @property
    def complete(self) -> bool:
        """Whether every game of the report has been played."""
        return len(self.records) == self.settings.total_games

    def games(self, variant: int, players: int) -> list[GameRecord]:
        """The games of one variant and player count, by index."""
        return [record for record in self.records if record.variant == variant and record.players == players]


#: The batches of a Ray run without a number of workers are sized for this many CPUs (the cluster's are
#: not known before it is reached); more batches than workers only cost a little scheduling.
RAY_SIZING_WORKERS = 16


def run_report(settings: ReportSettings, workers: int | None = 1, ray: str | None = None,
               progress: ReportProgress | None = None, on_game: Callable[[GameRecord], None] | None = None,
               on_start: Callable[[], None] | None = None) -> ReportRun:
    """Play every game of the report not yet in ``progress``, on ``workers`` processes (1: here) or a Ray cluster.

    Each batch is appended to ``progress`` (if given) as it finishes, then ``on_game`` is called for
    each of its games. Ctrl-C ends the run early with the games finished so far (``interrupted``);
    a game that could not be played raises :class:`DojoError` with its reason (the batches written
    before it stay written). ``on_start`` is called once the worker processes exist (start a progress
    bar's thread there). ``ray``: the address of a Ray cluster to run the batches on (``workers`` None:
    as many batches at once as the cluster has CPUs).
    """
    # workers None: 1 here, the cluster's CPUs on Ray (as run_jobs says).
    if workers is not None:
        check_workers(workers)
    elif ray is None:
        workers = 1
    done: dict[tuple[int, int, int], GameRecord] = {}
    if progress is not None:
        done.update((key, record) for key, record in progress.done.items() if key[2] < settings.games)
    resumed = len(done)
    batches = make_batches(settings, done.__contains__, workers or RAY_SIZING_WORKERS)
    played = actions = 0
    with ExitStack() as stack:
        # The progress file is opened when the first batch is in, so a run that fails before any game
        # (a Ray cluster that cannot be reached, say) writes nothing.
        streams: list[IO[str]] = []

        def finished(line: str) -> None:
            nonlocal played, actions
            if line.startswith("!"):
                raise DojoError(line[1:])
            if progress is not None:
                if not streams:
                    streams.append(stack.enter_context(progress.appending()))
                streams[0].write(line)
                streams[0].flush()
            records = parse_batch_line(line, settings)
            # The whole batch is kept before anyone hears of it, as it was written whole.
            for record in records:
                done[record.key] = record
                played += 1
                actions += record.length
            if on_game is not None:
                for record in records:
                    on_game(record)

        jobs = run_jobs(functools.partial(play_batch, settings), batches, workers, finished, on_start, ray=ray)
    records = tuple(done[key] for key in sorted(done))
    return ReportRun(settings, records, jobs.interrupted, resumed, jobs.seconds, jobs.workers,
                     "local" if ray is None else "ray", played, actions)


def split(records: Sequence[GameRecord]) -> dict[tuple[int, int], list[GameRecord]]:
    """Records grouped by (variant, players), each group in index order."""
    groups: dict[tuple[int, int], list[GameRecord]] = {}
    for record in sorted(records, key=lambda each: each.key):
        groups.setdefault((record.variant, record.players), []).append(record)
    return groups
