"""``dojo report``: the terminal side of :mod:`ninjadojo.report` (checks, progress bar, files, summary).

Everything given is checked before anything is played or written: the game, the player counts, the
bot specs, the options, the rule compared and its two values, the workers, the Ray address, and the
--out folder (that it can hold the report's files and holds no other report). The progress bar (on
stderr) moves once per finished game. Ctrl-C stops the run: the games finished stay in the folder's
progress file, a partial report of them is written, and the same command continues it (exit 130).
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ninjadojo.bots import bot_cost
from ninjadojo.cli.common import (
    EXIT_INTERRUPTED,
    RayOpt,
    WorkersOpt,
    check_backend,
    check_flag,
    fail,
    handle_errors,
    stderr_console,
    stdout_console,
)
from ninjadojo.cli.sim import ANNOUNCE_SECONDS, GameBar, duration
from ninjadojo.engine.errors import DojoError, OptionError, quote
from ninjadojo.games import game_class
from ninjadojo.report import PROGRESS_FILE, ReportProgress, ReportRun, ReportSettings, report_data, run_report
from ninjadojo.report.formats import HTML_FILE, JSON_FILE, MARKDOWN_FILE, write_report
from ninjadojo.report.plots import PLOTS_FOLDER
from ninjadojo.report.render import summary_lines
from ninjadojo.sim import MAX_GAMES
from ninjadojo.sim.progressfile import refuse_foreign_files
from ninjadojo.table import parse_options, split_bot_specs

#: How --compare is written, for the messages.
COMPARE_FORM = "--compare OPTION=A OPTION=B (two values of one option, e.g. --compare target=21 target=15)"


def compare_form(game_id: str | None) -> str:
    """How --compare is written, with an example of ``game_id``'s own (an option with two values to compare)."""
    try:
        specs = game_class(game_id).option_specs() if game_id is not None else ()
    except DojoError:
        specs = ()
    if not specs or any(spec.name == "target" for spec in specs):
        return COMPARE_FORM
    for spec in specs:
        if isinstance(spec.default, bool):
            values = ("true", "false") if spec.default else ("false", "true")
        elif spec.choices and not spec.multiple and not spec.seat:
            values = (str(spec.default), next(choice for choice in spec.choices if choice != spec.default))
        else:
            continue
        example = " ".join(f"{spec.name}={value}" for value in values)
        return f"--compare OPTION=A OPTION=B (two values of one option, e.g. --compare {example})"
    return COMPARE_FORM


def parse_compare(texts: Sequence[str] | None, game_id: str | None = None) -> tuple[str, str, str] | None:
    """``--compare``'s two ``OPTION=VALUE`` texts as ``(OPTION, A, B)``; OptionError unless they name one option
    (the message's example is one of ``game_id``'s options).

    Only the form is checked here; :meth:`ReportSettings.build` checks the option and its values.
    """
    if texts is None:
        return None
    form = compare_form(game_id)
    if len(texts) != 2:
        raise OptionError(f"--compare takes exactly two texts: {form}")
    pairs = []
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"--compare {quote(text)} is not OPTION=VALUE: {form}")
        pairs.append((name.strip(), value.strip()))
    (first, a), (second, b) = pairs
    if first != second:
        raise OptionError(f"--compare {quote(first)} and {quote(second)} are different options: {form}")
    return first, a, b


def check_out_folder(folder: Path) -> Path:
    """``folder`` if the report's files can be written there, else OptionError (checked before playing).

    The folder itself is checked by :meth:`ReportProgress.read` (a folder, or one that can be made,
    holding no other report); here: that none of the report's file names is taken by a folder (or
    ``plots`` by a file), that a folder with no progress file holds no report.json, report.md or
    report.html (someone's own files, which the report would write over), and that the folder, or the
    nearest one that exists above it, is writable.
    """
    for name, is_folder in ((JSON_FILE, False), (MARKDOWN_FILE, False), (HTML_FILE, False), (PLOTS_FOLDER, True)):
        path = folder / name
        if path.exists() and path.is_dir() != is_folder:
            kind = "a file" if is_folder else "a folder"
            raise OptionError(f"--out {quote(str(folder))} cannot hold the report: {quote(str(path))} is {kind}")
    refuse_foreign_files(folder, (JSON_FILE, MARKDOWN_FILE, HTML_FILE), PROGRESS_FILE, "report")
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if existing.is_dir() and not os.access(existing, os.W_OK | os.X_OK):
        raise OptionError(f"--out {quote(str(folder))}: {quote(str(existing))} is not writable")
    if not folder.exists():
        # Tried now, before the progress bar and the first game (and taken away again: nothing is written
        # until a game is played): some places refuse a new folder whatever their permissions say (/proc).
        try:
            folder.mkdir(parents=True)
        except OSError as error:
            raise OptionError(f"--out {quote(str(folder))} cannot be made: {error.strerror}") from None
        made = folder
        while made != existing:
            made.rmdir()
            made = made.parent
    return folder


def estimated_seconds(settings: ReportSettings, done: Collection[tuple[int, int, int]], workers: int) -> float | None:
    """How long the games not yet ``done`` will take on ``workers`` processes, from the bots' measured costs
    (None when a bot's cost is unknown). Rough, as the costs are (a factor of about 1.5 either way: games'
    lengths vary); recording a report's game costs a little more than playing it."""
    seconds = 0.0
    for players in settings.player_counts:
        costs = [bot_cost(settings.game_id, spec, players) for spec in settings.specs]
        if any(cost is None for cost in costs):
            return None
        per_game = sum(cost.seconds_per_game for cost in costs if cost is not None) / len(costs)
        left = sum(1 for variant in range(len(settings.variants)) for index in range(settings.games)
                   if (variant, players, index) not in done)
        seconds += left * per_game
    return seconds / max(1, min(workers, os.cpu_count() or 1))


def play_report(settings: ReportSettings, workers: int | None, ray: str | None, progress: ReportProgress,
                console: Console) -> ReportRun:
    """Play the games of the report not yet in its folder, with a progress bar on ``console``.

    ``ray``: on that Ray cluster, ``workers`` tasks at a time (``None``: the cluster's CPUs).
    """
    done = sum(1 for key in progress.done if key[2] < settings.games)
    if done:
        console.print(f"continuing the report in {progress.folder}: {done} of {settings.total_games} games already "
                      "played", markup=False)
    if workers is not None:
        # With --ray and no --workers the parallelism is the cluster's, known only once connected.
        seconds = estimated_seconds(settings, progress.done.keys(), workers)
        if seconds is not None and seconds >= ANNOUNCE_SECONDS:
            console.print(f"{settings.total_games - done} games will take about {duration(seconds)}: fewer "
                          "--games or --players, cheaper --bots (dojo games lists each bot's cost) or more "
                          "--workers make it shorter", markup=False)
    variants = f" x {len(settings.variants)} variants" if len(settings.variants) > 1 else ""
    counts = ",".join(map(str, settings.player_counts))
    with GameBar(f"{settings.game_id} report ({counts} players{variants})", settings.total_games, console,
                 completed=done) as bar:
        return run_report(settings, workers=workers, ray=ray, progress=progress, on_game=bar.advance,
                          on_start=bar.start)


@handle_errors
def report(
    game: Annotated[str, typer.Argument(help="game id (see: dojo games)", show_default=False)],
    players: Annotated[list[int] | None, typer.Option(
        "--players", "-p", help=r"a player count (repeatable) \[default: every player count of the game]",
        show_default=False)] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="games per player count (and per compared value)")] = 1000,
    bots: Annotated[list[str] | None, typer.Option(
        "--bots", "-b", help=r"SPEC\[,SPEC...]: one bot in every seat, or several that rotate round the table "
                             r"\[default: random]", show_default=False)] = None,
    seed: Annotated[int, typer.Option("--seed", help="random seed of the games")] = 0,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="game option name=value (repeatable)", show_default=False)] = None,
    max_actions: Annotated[int | None, typer.Option(
        "--max-actions", help=r"stop a game after this many actions, with no winner \[default: the game's max_length]",
        show_default=False)] = None,
    compare: Annotated[tuple[str, str] | None, typer.Option(
        "--compare", metavar="OPTION=A OPTION=B",
        help="also play every game with the option's other value and report what it changes (common random "
             "numbers: the same deals and dice in both)", show_default=False)] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", help=r"the report's folder; rerunning the same command there continues it \[default: "
                      "./report-GAME]", show_default=False)] = None,
    workers: WorkersOpt = None,
    ray: RayOpt = None,
    no_speed: Annotated[bool, typer.Option("--no-speed", help="skip the 2-second engine speed test")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the report's data (report.json) as one JSON "
                                                         "line instead of the summary")] = False,
) -> None:
    """A balance report for designers: win rate by seat, game length, decisions and branching, points and each card's impact (or clan's and skill's), with 95% intervals, for every player count; HTML with plots, Markdown and JSON in --out.

    --compare OPTION=A OPTION=B plays every game under both values of a rule, with the same deals and dice, and reports what the rule changes, each difference with its interval.

    Ctrl-C stops the run, keeps the games played and writes a partial report (exit 130); the same command continues it.
    """  # noqa: E501 - typer's help keeps line breaks inside a paragraph, so each paragraph is one line
    check_flag("--games", games, 1, MAX_GAMES, "the number of games per player count")
    settings = ReportSettings.build(game, players=players or None, games=games,
                                    bots=split_bot_specs(bots) or ("random",), seed=seed,
                                    options=parse_options(game, option), compare=parse_compare(compare, game),
                                    max_length=max_actions)
    workers, address = check_backend(workers, ray)
    folder = check_out_folder(out if out is not None else Path(f"report-{settings.game_id}"))
    progress = ReportProgress.read(folder, settings)
    errors = stderr_console()
    for count, reason in settings.left_out:
        errors.print(f"{count} players left out: {reason}", markup=False)
    run = play_report(settings, workers, address, progress, errors)
    try:
        # After Ctrl-C the engine bench is skipped: whoever pressed it wants the report now.
        data = report_data(run, speed=not no_speed and not run.interrupted)
        written = write_report(data, folder)
    except KeyboardInterrupt:
        errors.print(f"interrupted while writing the report: the games played are kept in {folder}; the same "
                     "command writes it", markup=False)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    except OSError as error:
        # The games are safe in the progress file: the same command writes the report again.
        raise fail(f"cannot write {quote(str(error.filename))}: {error.strerror}") from None
    plots = sum(1 for path in written if path.suffix == ".png")
    where = (f"report: {folder / HTML_FILE} (also {MARKDOWN_FILE}, {JSON_FILE} and {plots} plot(s) in {folder})")
    if run.interrupted:
        errors.print(f"interrupted: a partial report of the {len(run.records)} games played of "
                     f"{settings.total_games} (the same command continues it)", markup=False)
    console = stdout_console()
    if as_json:
        console.print(json.dumps(data, sort_keys=True, separators=(",", ":")), markup=False)
        errors.print(where, markup=False)
    else:
        for line in summary_lines(data):
            console.print(line, markup=False)
        console.print(where, markup=False)
    if run.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
