"""``dojo arena``: the terminal side of :mod:`ninjadojo.arena` (checks, progress bar, tables, files).

Everything given is checked before anything is written or played: the game, the specs, the player
count, the plot's file name, and that the --out folder holds no other arena. The progress bar (on
stderr) moves once per finished game. Ctrl-C stops the run: the games finished are kept in the
folder, the results so far are printed, marked partial, and the same command continues the arena.
With ``--ray`` the games run on a Ray cluster (:mod:`ninjadojo.sim.cluster`), with the same results;
this process still writes the folder.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from ninjadojo.arena import (
    PROGRESS_FILE,
    RESULTS_FILE,
    ArenaRun,
    ArenaSettings,
    check_plot_path,
    estimate,
    full_results,
    run_arena,
    write_plot,
)
from ninjadojo.arena import Progress as ArenaProgress
from ninjadojo.cli.common import (
    EXIT_INTERRUPTED,
    RayOpt,
    WorkersOpt,
    check_backend,
    check_flag,
    fail,
    handle_errors,
    options_words,
    stderr_console,
    stdout_console,
)
from ninjadojo.cli.sim import ANNOUNCE_SECONDS, GameBar, duration
from ninjadojo.engine.errors import quote
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.sim import MAX_GAMES
from ninjadojo.sim.progressfile import check_writable, refuse_foreign_files, write_whole
from ninjadojo.table import parse_options, split_bot_specs


def _write_json(path: Path, data: dict[str, JSONValue]) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file renamed over it)."""
    write_whole(path, (json.dumps(data, indent=2, sort_keys=True) + "\n").encode("utf-8"))


def _announce(settings: ArenaSettings, games: int, workers: int, console: Console) -> None:
    seconds = estimate(settings, workers, games)
    if seconds is None or seconds < ANNOUNCE_SECONDS:
        return
    console.print(f"{games} games will take about {duration(seconds)}: fewer --games, cheaper --bots (dojo games "
                  "lists each bot's cost) or more --workers make it shorter", markup=False)


def play_arena(settings: ArenaSettings, workers: int | None, progress: ArenaProgress | None, console: Console,
               ray: str | None = None) -> ArenaRun:
    """Run the games of an arena not yet played, with a progress bar on ``console``.

    ``ray``: on that Ray cluster, ``workers`` tasks at a time (``None``: its CPUs; see :func:`run_arena`).
    """
    done = len(progress.done) if progress is not None else 0
    remaining = settings.total_games - done
    if progress is not None and progress.done:
        console.print(f"continuing the arena in {progress.folder}: {done} of {settings.total_games} games already "
                      "played", markup=False)
    if workers is not None:
        # With --ray and no --workers the parallelism is the cluster's, known only once connected.
        _announce(settings, remaining, workers, console)
    with GameBar(f"{settings.game_id} arena", settings.total_games, console, completed=done) as bar:
        run = run_arena(settings, workers, progress, on_game=bar.advance, on_start=bar.start, ray=ray)
    if run.interrupted:
        again = " (the same command continues it)" if progress is not None else ""
        console.print(f"interrupted: results of the {len(run.outcomes)} games played of {settings.total_games}"
                      f"{again}", markup=False)
    return run


def _percent(value: float) -> str:
    return f"{value:.1%}"


def _share(cell: dict[str, Any]) -> str:
    """A head-to-head's or a seat's win share with its interval, ``56.7% (44..69%)``: without it 57% of 60
    games reads as a finding (the interval is what says it is not)."""
    low, high = cell["ci95"]
    return f"{_percent(cell['win_share'])} ({low * 100:.0f}..{high * 100:.0f}%)"


def print_results(console: Console, results: dict[str, Any]) -> None:
    """The results as tables: standings (ratings and win shares), head to head, seats, length, time."""
    kind = f"gauntlet of {results['gauntlet']}" if results["gauntlet"] else "round robin"
    tables = len(results["tables"])
    partial = f", {results['games']} of {results['games_requested']} played (partial)" if results["partial"] else ""
    console.print(f"{results['game']}, {results['players']} players, "
                  f"{options_words(results['game'], results['players'], results.get('options'))}: {kind}, "
                  f"{tables} table(s) x "
                  f"{results['games_per_table']} games ({results['deals']} deal{'' if results['deals'] == 1 else 's'} "
                  "in every seat rotation) = "
                  f"{results['games_requested']} games{partial}, seed {results['seed']}", markup=False)
    if not results["games"]:
        console.print("no game was finished: there is nothing to rate", markup=False)
        return
    fair = results["fair_share"]
    # One space between columns and none at the edges, and only a long spec folds (at 80 columns its figures
    # stay whole: they are what is read).
    standings = Table(title=f"standings ({results['rating']['model']}; win share against the fair share {fair:.0%})",
                      box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, title_justify="left")
    for column in ("#", "bot", "rating (95%)", "win share (95%)", "x fair", "seat-games"):
        if column == "bot":
            standings.add_column(column, overflow="fold", ratio=1)
        else:
            standings.add_column(column, justify="right", no_wrap=True)
    lines = []
    for row in results["standings"]:
        rating = row["rating"]
        low, high = row["ci95"]
        lines.append((str(row["rank"]), row["bot"],
                      f"{rating['mu']:.1f} ({rating['ci95'][0]:.1f}..{rating['ci95'][1]:.1f})",
                      f"{row['win_share']:.1%} ({low * 100:.0f}..{high * 100:.0f}%)", f"{row['vs_fair']:.2f}",
                      str(row["seat_games"])))
    # The figures' columns, their headers and a bot's name folded to 9 letters must fit; else a line a bot.
    headers = [column.header for column in standings.columns]
    figures = [max(len(str(headers[column])), *(len(line[column]) for line in lines)) for column in (0, 2, 3, 4, 5)]
    if sum(figures) + 9 + 5 <= console.width:
        for line in lines:
            standings.add_row(*line)
        console.print(standings)
    else:
        console.print(f"{standings.title}:", markup=False)
        for rank, bot, rating_text, share, vs_fair, seat_games in lines:
            console.print(f"  {rank}. {bot}: rating {rating_text}, win share {share} ({vs_fair}x fair) of "
                          f"{seat_games} seat-games", markup=False)
    order = [row["bot"] for row in results["standings"]]
    cells = {(row["bot"], row["opponent"]): row for row in results["head_to_head"]}
    title = "head to head: the row's win share at the tables where the column sat (Wilson 95%)"
    rows = [[spec, *(_share(cells[(spec, other)]) if (spec, other) in cells else "-" for other in order)]
            for spec in order]
    # A table with a column per spec while it fits the terminal; else each spec's line (a cell folded over
    # two lines, or a figure cut, would be misread).
    widths = [max(len(row[column]) for row in rows) for column in range(len(order) + 1)]
    widths[1:] = [max(width, min(len(spec), 12)) for width, spec in zip(widths[1:], order, strict=True)]
    if sum(widths) + len(widths) - 1 <= console.width:
        versus = Table(title=title, box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, title_justify="left")
        versus.add_column("bot", no_wrap=True)
        for other in order:
            versus.add_column(other, justify="right", overflow="fold")
        for row in rows:
            versus.add_row(*row)
        console.print(versus)
    else:
        console.print("head to head: each spec's win share at the tables where the other sat (Wilson 95%):",
                      markup=False)
        for spec, *shares in rows:
            against = [f"{share} against {other}" for share, other in zip(shares, order, strict=True) if other != spec]
            console.print(f"  {spec}: {', '.join(against)}", markup=False)
    seats = ", ".join(f"{row['seat']}: {_share(row)}" for row in results["seats"])
    console.print(f"win share per seat, all bots: {seats}", markup=False)
    length = results["length"]
    console.print(f"game length: {length['mean']:.1f} actions (95% CI {length['ci95'][0]:.1f} - "
                  f"{length['ci95'][1]:.1f}; min {length['min']}, max {length['max']}); "
                  f"stopped at the maximum length of {results['max_length']} actions: {results['truncated']} "
                  "(won by nobody, left out of the ratings)", markup=False)
    console.print(f"ratings: mu with {results['rating']['interval']}; win shares: wins per seat-game (a shared win "
                  "split), Wilson 95% intervals", markup=False)
    timing = results.get("timing")
    if timing:
        rate = timing["games_per_second"]
        console.print(f"time: {timing['seconds']} s for {timing['games_played']} games "
                      f"({timing['games_resumed']} read from the folder), "
                      # With no game played no worker was started: how many there would have been says nothing.
                      + (f"{rate} games/s on {timing['workers']} worker(s)" if rate is not None
                         else "no new game played")
                      + (f" on Ray at {timing['ray_address']}" if timing.get("backend") == "ray" else ""),
                      markup=False)


@handle_errors
def arena(
    game: Annotated[str, typer.Argument(help="game id (see: dojo games)", show_default=False)],
    bots: Annotated[list[str] | None, typer.Option(
        "--bots", "-b", help=r"the bot specs that meet, SPEC\[,SPEC...] (repeatable); with --gauntlet, the field",
        show_default=False)] = None,
    gauntlet: Annotated[str | None, typer.Option(
        "--gauntlet", "-g", help="play this spec against each --bots spec (in all the other seats) instead of a "
                                 "round robin", show_default=False)] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help=r"number of players \[default: the fewest]",
                                                show_default=False)] = None,
    games: Annotated[int, typer.Option(
        "--games", "-n", help="games per table (line-up), rounded up to a multiple of the players")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="random seed of the deals")] = 0,
    workers: WorkersOpt = None,
    ray: RayOpt = None,
    out: Annotated[Path | None, typer.Option(
        "--out", help="folder for progress.jsonl and results.json; rerunning the same command there continues it",
        show_default=False)] = None,
    plot: Annotated[Path | None, typer.Option(
        "--plot", help="write a plot of the ratings and win shares (.png or .svg)", show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the results as one JSON line")] = False,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="game option name=value (repeatable)", show_default=False)] = None,
    max_actions: Annotated[int | None, typer.Option(
        "--max-actions", help=r"stop a game after this many actions, with no winner \[default: the game's max_length]",
        show_default=False)] = None,
) -> None:
    """Round robin or gauntlet between bots: ratings (openskill) with intervals, win shares, head to head.

    Every table plays the same deals, each in every seat rotation, so every bot sits in every seat equally often and every pairing faces the same cards.

    Ctrl-C stops the run and prints the results so far, marked partial (exit 130); with --out, the same command continues it.
    """  # noqa: E501 - typer's help keeps line breaks inside a paragraph, so each paragraph is one line
    check_flag("--games", games, 1, MAX_GAMES, "the number of games per table")
    settings = ArenaSettings.build(game, split_bot_specs(bots), players, games, gauntlet, seed,
                                   parse_options(game, option), max_actions)
    workers, ray = check_backend(workers, ray)
    if plot is not None:
        check_plot_path(plot)
        # Tried now, not after the games: some folders refuse a new file whatever their permissions say.
        check_writable(plot.parent, "the folder of --plot")
    if out is not None:
        refuse_foreign_files(out, (RESULTS_FILE,), PROGRESS_FILE, "arena")
        check_writable(out)
    progress = ArenaProgress.read(out, settings) if out is not None else None
    run = play_arena(settings, workers, progress, stderr_console(), ray)
    results = full_results(run)
    try:
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            _write_json(out / RESULTS_FILE, results)
    except OSError as error:
        # The games are safe in the progress file: the same command writes these files again.
        raise fail(f"cannot write {quote(str(error.filename))}: {error.strerror}") from None
    # The results are printed before the plot is drawn: a plot that cannot be written (a folder that
    # check_plot_path could not foresee refusing it) must not throw away the games just played.
    console = stdout_console()
    if as_json:
        console.print(json.dumps(results, sort_keys=True, separators=(",", ":")), markup=False)
    else:
        print_results(console, results)
    if plot is not None:
        try:
            write_plot(results, plot)
        except OSError as error:
            again = " (the same command writes it, from the games kept in --out)" if out is not None else ""
            raise fail(f"cannot write the plot {quote(str(error.filename))}: {error.strerror}; the results are "
                       f"above{again}") from None
        stderr_console().print(f"plot written to {plot}", markup=False)
    if run.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
