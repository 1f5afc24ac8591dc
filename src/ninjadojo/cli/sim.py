"""``dojo sim``'s terminal side: the up-front estimate, the progress bar, and the summary as tables.

The simulation itself is :mod:`ninjadojo.sim`. The progress bar (on stderr) moves once per finished
game, with workers too, so its rate and time estimate are the true ones. Ctrl-C stops the run: the
summary of the games already played is printed, marked partial. With ``--ray`` the games run on a
Ray cluster (:mod:`ninjadojo.sim.cluster`); the summary is the same, and its ``timing`` says where they ran.
"""

from __future__ import annotations

from types import TracebackType
from typing import Any

from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from ninjadojo.cli.common import options_words
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.words import plural
from ninjadojo.games import game_class
from ninjadojo.sim import SimRun, SimSettings, estimate, full_summary, run_games

#: An estimate at least this long is said before the run starts (shorter runs just start).
ANNOUNCE_SECONDS = 20.0


def duration(seconds: float) -> str:
    """A duration as a person says it: ``45 s``, ``3 min``, ``1 h 20 min``."""
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    minutes = round(seconds / 60)
    if minutes < 90:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


class RunRemaining(ProgressColumn):
    """The time left at the run's own pace: the games still to play times the time each game played so far
    took (games resumed from an earlier run not counted). Rich's own column reads a speed over the last
    few updates, which games finishing in batches (a report's, a worker's) make a burst: "eta 0:00:01"
    with 2,950 games to go."""

    def render(self, task: Task) -> Text:
        """``h:mm:ss``, or ``-:--:--`` before the first game of this run is done."""
        played = task.completed - float(task.fields.get("resumed", 0))
        elapsed = task.elapsed
        if task.total is None or played <= 0 or not elapsed:
            return Text("-:--:--", style="progress.remaining")
        left = max(0.0, task.total - task.completed) * elapsed / played
        minutes, seconds = divmod(int(left + 0.5), 60)
        hours, minutes = divmod(minutes, 60)
        return Text(f"{hours}:{minutes:02d}:{seconds:02d}", style="progress.remaining")


class GameBar:
    """A progress bar of finished games on a console, for ``dojo sim``, ``dojo arena`` and ``dojo report``.

    Used as ``with GameBar(...) as bar:`` around a run given ``on_start=bar.start`` and
    ``on_game=bar.advance``: the bar's thread starts only when the run calls :meth:`start`, once its
    workers are forked (forking a threaded process is unsafe), and the bar stops when the block ends.
    """

    def __init__(self, description: str, total: int, console: Console, completed: int = 0) -> None:
        # The figures stay whole in a narrow terminal: the description is cut short first (rich would cut the
        # figures: "1200… 0:0… eta 0:00:…"), then the bar narrows to 10.
        figures = 2 * len(str(total)) + 1 + 7 + 3 + 7 + 5  # done/total, elapsed, "eta", left, the spaces between
        room = console.width - figures - 10
        if len(description) > room:
            description = description[:max(room - 1, 8)].rstrip() + "…"
        self._bar = Progress(TextColumn("{task.description}"), BarColumn(bar_width=max(10, min(40, room - len(
            description)))), MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("eta"), RunRemaining(),
                             console=console)
        self._task = self._bar.add_task(description, total=total, completed=completed, resumed=completed)
        self._started = False

    def start(self) -> None:
        """Start drawing the bar (the run calls this once its workers are forked)."""
        self._started = True
        self._bar.start()

    def advance(self, _game: object = None) -> None:
        """One more game finished (its outcome is not needed)."""
        self._bar.advance(self._task)

    def __enter__(self) -> GameBar:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._started:  # a bar never started would still print an empty line (before an error, say)
            self._bar.stop()


def announce(settings: SimSettings, workers: int, console: Console) -> None:
    """Say up front how long a long simulation will take, from the bots' measured costs (on stderr)."""
    expected = estimate(settings, workers)
    if expected is None or expected.seconds < ANNOUNCE_SECONDS:
        return
    measured = ", ".join(map(str, expected.measured_players))
    at = "" if expected.measured_players == (settings.players,) else f" (costs measured at {measured} players)"
    processes = "1 process" if expected.parallel == 1 else f"{expected.parallel} processes"
    console.print(f"{settings.games} games will take about {duration(expected.seconds)} on {processes}: about "
                  f"{expected.seconds_per_game:.2g} s a game{at}; fewer --games, cheaper --bots (dojo games lists "
                  "each bot's cost) or more --workers make it shorter", markup=False)


def simulate(settings: SimSettings, workers: int | None, progress_console: Console,
             ray: str | None = None) -> tuple[dict[str, JSONValue], bool]:
    """Run a simulation with a progress bar: its summary (with ``timing``) and whether Ctrl-C cut it short.

    ``ray``: on that Ray cluster, ``workers`` tasks at a time (``None``: its CPUs; see :func:`run_games`).
    """
    if workers is not None:
        # With --ray and no --workers the parallelism is the cluster's, known only once connected.
        announce(settings, workers, progress_console)
    try:
        with GameBar(f"{settings.game_id} x{settings.games}", settings.games, progress_console) as bar:
            run: SimRun = run_games(settings, workers, on_game=bar.advance, on_start=bar.start, ray=ray)
    except KeyboardInterrupt:
        # Ctrl-C before the run took it in (its workers still being set up, on a busy machine): no game was
        # played, and the run ends as any interrupted one does, with its (empty) summary.
        run = SimRun(settings, (), True, 0.0, workers or 1)
    if run.interrupted:
        progress_console.print(f"interrupted: summary of the {len(run.outcomes)} games played of {settings.games}",
                               markup=False)
    summary = full_summary(run)
    return summary, run.interrupted


def _wins(wins: float) -> str:
    """Wins as a table shows them: whole, or with a shared win's fraction to one decimal (``112.3``)."""
    return f"{wins:g}" if float(wins).is_integer() else f"{wins:.1f}"


def _interval(ci95: list[float]) -> str:
    """A rate's interval as the tables show it: ``20.8-93.9%``."""
    return f"{ci95[0] * 100:.1f}-{ci95[1]:.1%}"


def _rate_table(title: str, first: tuple[str, ...], points: str | None) -> Table:
    """A table of win rates: the ``first`` columns, then wins, win rate, its interval and ``points`` (a mean
    score's column, if the game has one). Unwrapped and unboxed (as dojo arena's tables), so that a long
    bot spec and its interval fit 80 columns whole: "heuristic:dept…" would no longer say which bot it is."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for column in (*first, "wins", "win rate", "95% CI", *([points] if points else [])):
        table.add_column(column, justify="left" if column == "bot" else "right", no_wrap=True)
    return table


def _print_rates(console: Console, table: Table, rows: list[tuple[str, ...]]) -> None:
    """``rows`` in ``table`` while every cell fits whole in the terminal; else a line a row, each figure named.

    A narrow terminal would otherwise fold a bot spec letter by letter, or squeeze the bot column out of
    the table altogether (at 60 columns the table per bot showed figures without saying whose)."""
    for row in rows:
        table.add_row(*row)
    # Measured without the terminal's limit (which the measure would clip to): the width it needs whole.
    if Measurement.get(console, console.options.update(max_width=10_000), table).maximum <= console.width:
        console.print(table)
        return
    console.print(f"{table.title}:", markup=False)
    headers = [str(column.header) for column in table.columns]
    for row in rows:
        cells = dict(zip(headers, row, strict=True))
        who = ", ".join(f"{header} {cells[header]}" if header == "seat" else cells[header]
                        for header in headers if header in ("seat", "bot"))
        figures = [f"{cells['seat-games']} seat-games"] if "seat-games" in cells else []
        figures += [f"{cells['wins']} win{'' if cells['wins'] == '1' else 's'}",
                    f"win rate {cells['win rate']} (95% CI {cells['95% CI']})"]
        figures += [f"{header.removesuffix(' (CI)')} {cells[header]}" for header in headers[-1:]
                    if header.startswith("mean ")]
        console.print(f"  {who}: {', '.join(figures)}", markup=False)


def _mean_points(row: dict[str, Any]) -> str:
    """A mean score with its interval: ``12.3 (11.8-12.9)`` (the mean alone in a summary written without it)."""
    interval = row.get("mean_points_ci95")
    mean = f"{row['mean_points']:.1f}"
    return f"{mean} ({interval[0]:.1f}-{interval[1]:.1f})" if interval else mean


def print_summary(console: Console, summary: dict[str, Any]) -> None:
    """The summary as tables."""
    partial = " (partial: interrupted)" if summary["partial"] else ""
    played = (f"{summary['games']} of {summary['games_requested']} games" if summary["partial"]
              else plural(summary["games"], "game"))
    console.print(f"{summary['game']}: {played}{partial}, {summary['players']} players, "
                  f"{options_words(summary['game'], summary['players'], summary.get('options'))}, "
                  f"seed {summary['seed']}, bots {', '.join(summary['bots'])}"
                  + (" (rotating seats)" if summary["rotate"] else ""), markup=False)
    if not summary["games"]:
        console.print("no game was finished: there is nothing to summarise", markup=False)
        return
    # A game only won or lost (Ninja Trap: no score) has no points to average: the column would be the win rate
    # again, in other units.
    score_name = game_class(summary["game"]).SPEC.score_name
    points = f"mean {score_name.lower()} (CI)" if score_name else None
    seats = _rate_table("win rate per seat (95% Wilson interval)", ("seat", "bot"), points)
    _print_rates(console, seats, [(str(row["seat"]), row["bot"], _wins(row["wins"]), f"{row['win_rate']:.1%}",
                                   _interval(row['ci95']), *([_mean_points(row)] if points else []))
                                  for row in summary["seats"]])
    # One bot in every seat wins every game someone wins: its rate over its seats is a fair share by
    # construction, and says nothing the seats' table does not (its mean points do, where there are points).
    if len(summary["per_bot"]) > 1 or points:
        bots = _rate_table("win rate per bot, over its seats", ("bot", "seat-games"), points)
        _print_rates(console, bots, [(row["bot"], str(row["seat_games"]), _wins(row["wins"]),
                                      f"{row['win_rate']:.1%}", _interval(row['ci95']),
                                      *([_mean_points(row)] if points else []))
                                     for row in summary["per_bot"]])
    if any(not float(row["wins"]).is_integer() for row in summary["seats"]):
        console.print("wins: a win shared by several players counts as a share of one (half, with two)",
                      markup=False)
    length = summary["length"]
    console.print(f"game length: {length['mean']:.1f} actions (95% CI {length['ci95'][0]:.1f} - "
                  f"{length['ci95'][1]:.1f}; min {length['min']}, max {length['max']})", markup=False)
    # "by", not "at": a game stops at the first action everyone sees from the limit on (a few actions past it)
    console.print(f"stopped by the maximum length of {summary['max_length']} actions: {summary['truncated']} of "
                  f"{summary['games']} games" + (" (no winner; counted as won by nobody)" if summary["truncated"]
                                                 else ""), markup=False)
    if summary["truncated"] >= summary["games"]:
        # Else the tables' 0% for every seat reads like a finding.
        console.print("no game finished, so nobody won and no win rate above measures anything: give the games "
                      "room to finish (a higher --max-actions)", markup=False)
    timing = summary["timing"]
    console.print(f"time: {timing['seconds']} s, {timing['games_per_second']} games/s, "
                  f"{timing['actions_per_second']} actions/s, bots {timing['bot_ms_per_decision']} ms a decision, "
                  f"on {timing['workers']} worker(s)" + (f" on Ray at {timing['ray_address']}" if
                                                          timing.get("backend") == "ray" else ""), markup=False)
