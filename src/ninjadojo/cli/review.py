"""``dojo review``: rate each decision of one seat in a saved game (the terminal side of :mod:`ninjadojo.review`).

Everything is checked before anything is searched: the save, the seat, the bot spec, the budget, the
workers and the Ray address. The progress bar (on stderr) moves once per decision reviewed. The table
has a row per decision: what the seat was asked, what it played, its estimated win chance before and
after, the best alternative with its chance, and the mark; with ``--hindsight`` a second row under
each gives the same search with the hidden cards shown. A summary follows: the marks counted, the
average loss, and the search's speed.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ninjadojo.bots import level_of, parse_bot_spec
from ninjadojo.bots.ismcts import MAX_ITERATIONS
from ninjadojo.cli.common import (
    EXIT_INTERRUPTED,
    RayOpt,
    WorkersOpt,
    check_backend,
    handle_errors,
    stderr_console,
    stdout_console,
)
from ninjadojo.cli.sim import GameBar, duration
from ninjadojo.engine.errors import DojoError, OptionError
from ninjadojo.engine.words import plural
from ninjadojo.games import game_class
from ninjadojo.review import MARKS, GameReview, MoveReview, review_record, review_spec
from ninjadojo.review.values import MIN_VISITS
from ninjadojo.table import find_save, read_save_file, read_save_game, save_humans

#: How each mark is drawn in the table.
MARK_STYLES = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}
#: A console at least this wide shows the review as a table; a narrower one as a list.
WIDE = 140
#: The marks' plurals where an s will not do.
MARK_PLURALS = {"inaccuracy": "inaccuracies"}


def percent(chance: float) -> str:
    """A win chance as a person reads it: ``42%``."""
    return f"{100 * chance:.0f}%"


def _alternative_chance(move: MoveReview) -> str:
    """The best alternative's win chance, and, where it reads higher than the move the search rates best
    (which it picked by how often it tried each), why that is no better: tried too few times to be sure."""
    alternative = move.alternative
    assert alternative is not None
    said = percent(alternative.chance)
    if (percent(alternative.chance) != percent(move.before) and alternative.chance > move.before
            and (alternative.visits < move.best.visits or alternative.visits < MIN_VISITS)):
        # Fewer visits than a mark needs (a small --iterations) is as unsure: "50% -> 50%", best alternative
        # "(63%)" and an average loss of 0 read as a contradiction when said bare.
        said += f", but tried only {plural(alternative.visits, 'time')}: not sure"
    return said


def _alternative_said(move: MoveReview) -> str:
    """The best alternative in words with its chance; ``next best:`` before it when the move played was the
    best found (a bare "best alternative" at 20% under a move at 26% read as advice to play it)."""
    alternative = move.alternative
    assert alternative is not None
    said = f"{alternative.label} ({_alternative_chance(move)})"
    if _played_best(move) and not move.estimate.compared:
        return f"no other move was searched enough to compare; the best rated of the others: {said}"
    return f"the move played was the best found; next best: {said}" if _played_best(move) else said


def _played_best(move: MoveReview) -> bool:
    """Whether the move played is the one the search rates best."""
    return move.played.action == move.best.action


def _chances(move: MoveReview) -> str:
    """The win chance before and after, and where the seat's next decision came right after and rated the
    position higher, that rating too: the search played the move's sequel with its play-out policy."""
    if move.followed is None or percent(move.followed) == percent(move.after):
        return f"{percent(move.before)} -> {percent(move.after)}"
    # The figure after the arrow is the one the loss is counted from (two figures after it, "38% (43% at your
    # next decision...)", read as a riddle).
    return (f"{percent(move.before)} -> {percent(max(move.after, move.followed))} (as rated at your next "
            f"decision, right after; {percent(move.after)} by this decision's own search)")


def _row_cells(move: MoveReview) -> list[Text]:
    other = Text(_alternative_said(move)) if move.alternative is not None else Text("-")
    mark = Text(move.mark or "", style=MARK_STYLES.get(move.mark or "", ""))
    return [Text(str(move.number)), Text(move.prompt), Text(move.played.label),
            Text(_chances(move)), other, mark]


def _hindsight_said(move: MoveReview) -> str:
    """The hindsight line's verdict: the move played was the best, or which was."""
    seen = move.hindsight
    assert seen is not None
    best = seen.best
    return ("the move played was the best" if best.action == seen.played.action
            else f"best: {best.label} ({percent(best.chance)})")


def _hindsight_cells(move: MoveReview) -> list[Text]:
    seen = move.hindsight
    assert seen is not None
    style = "dim"
    return [Text(""), Text("with the hidden cards shown", style=style), Text(_hindsight_said(move), style=style),
            Text(f"{percent(seen.before)} -> {percent(seen.after)}", style=style), Text(""), Text("")]


def _hanging(console: Console, label: Text | str, text: Text | str, style: str = "") -> None:
    """``label`` then ``text``; on a terminal, the lines ``text`` wraps onto are indented under its start (not
    back at the left edge, where the figures of a long move landed alone: "57% -> 42%  mistake"). Piped
    output keeps the line whole (for tools), as every line of the console does."""
    line = Text.assemble(label, " ", text, style=style)
    if console.soft_wrap:
        console.print(line)
        return
    indent = " " * (len(label.plain if isinstance(label, Text) else label) + 1)
    rows = line.wrap(console, console.width, overflow="fold")
    for row in rows:
        row.rstrip()
    console.print(rows[0])
    if len(rows) > 1:
        # The rest wrapped again, narrower, under the text's start.
        for row in Text(" ").join(rows[1:]).wrap(console, max(console.width - len(indent), 20), overflow="fold"):
            row.rstrip()
            console.print(Text.assemble(indent, row))


def _print_list(console: Console, review: GameReview) -> None:
    """The decisions one below the other, for a console too narrow for the table: six columns of
    sentences folded into a terminal of 80 made each row ten lines tall and hard to read across."""
    for move in review.moves:
        _hanging(console, Text(f"{move.number}.", style="bold"), move.prompt)
        line = Text.assemble(move.played.label, f"  {_chances(move)}")
        if move.mark:
            line.append(f"  {move.mark}", style=MARK_STYLES.get(move.mark, ""))
        _hanging(console, "   played:", line)
        alternative = move.alternative
        if alternative is not None:
            if _played_best(move) and not move.estimate.compared:
                _hanging(console, "   next best:", Text(f"{alternative.label} ({_alternative_chance(move)}); "
                                                        "no other move was searched enough to compare"))
            elif _played_best(move):
                _hanging(console, "   next best:", Text(f"{alternative.label} ({_alternative_chance(move)}); "
                                                        "the move played was the best found"))
            else:
                _hanging(console, "   best alternative:", Text(f"{alternative.label} ({_alternative_chance(move)})"))
        seen = move.hindsight
        if seen is not None:
            _hanging(console, "   with the hidden cards shown:",
                     Text(f"{percent(seen.before)} -> {percent(seen.after)}; {_hindsight_said(move)}"), style="dim")


def print_review(console: Console, review: GameReview) -> None:
    """The review as a table (a row per decision, and its hindsight row), then its summary."""
    state = "finished game" if review.finished else "game in progress"
    try:
        title = game_class(review.game_id).SPEC.title
    except DojoError:  # (a review of a game this version does not have)
        title = review.game_id
    console.print(f"Review of P{review.seat} in {title} ({review.players} players, {state}): "
                  f"{len(review.moves)} decisions with a choice, each rated by the search {review.bot} on what "
                  f"P{review.seat} could know then ({review.budget_words})", markup=False)
    if review.moves:
        if console.width < WIDE:
            _print_list(console, review)
        else:
            table = Table(show_lines=review.hindsight)
            for title in ("#", "asked", "played", "win chance before -> after", "best alternative", "mark"):
                table.add_column(title, overflow="fold")
            for move in review.moves:
                table.add_row(*_row_cells(move))
                if move.hindsight is not None:
                    table.add_row(*_hindsight_cells(move))
            console.print(table)
    marks = review.marks()
    counted = ", ".join(plural(marks[name], name, MARK_PLURALS.get(name)) for name in MARKS)
    console.print(f"{counted}; average loss {100 * review.average_loss:.1f} percentage points of win chance "
                  "per decision", markup=False)
    decided = review.decided_from
    if decided is not None:
        console.print(f"from decision {decided[0]} on the game was decided as far as the search could see "
                      f"({decided[1]}% before and after every move): those moves are rated alike", markup=False)
    if review.moves and all(move.played.visits < MIN_VISITS for move in review.moves):
        # No mark, no loss: say why, or a small budget reads as a flawless game.
        console.print(f"(each move was tried fewer than {MIN_VISITS} times: too few to mark a decision or count "
                      "a loss; a larger --iterations tells more)", markup=False)
    speed = review.iterations_per_second
    console.print(f"reviewed in {duration(review.seconds)} ({speed:.0f} {review.unit} a second)", markup=False)


@handle_errors
def review(
    file: Annotated[Path, typer.Argument(help="a saved game (a name from dojo games --saved will do)",
                                         show_default=False)],
    seat: Annotated[int | None, typer.Option(
        "--seat", "-s", help=r"the seat whose decisions are rated \[default: the save's player, when it has one]",
        show_default=False)] = None,
    bot: Annotated[str, typer.Option(
        "--bot", help="the search that rates: a level (expert) or an ismcts:... or lookahead:... spec; its time "
                      "limit is dropped, so a review is repeatable")] = "expert",
    iterations: Annotated[int | None, typer.Option(
        "--iterations", help=r"the search's iterations a decision (a lookahead's samples) \[default: the bot's]",
        show_default=False)] = None,
    hindsight: Annotated[bool, typer.Option(
        "--hindsight", help="also rate each decision with the hidden cards shown (twice the time; finished "
                            "games only)")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the review as one JSON line")] = False,
    workers: WorkersOpt = None,
    ray: RayOpt = None,
) -> None:
    """Rate each decision of one seat in a saved game: the search, run on what that seat could know then, gives its win chance before and after, the best alternative and marks for the clear mistakes.

    The default search is the game's expert level at its budget (under a minute for 40 decisions on one core): the ismcts search, or where the expert is the lookahead (Knights and Ninjas, Ninja Trap, Ninjato) every move tried on samples against a table of heuristic players; --workers and --ray share the decisions out, with the same results.
    """  # noqa: E501 - typer's help keeps line breaks inside a paragraph, so each paragraph is one line
    path = find_save(file)
    data = read_save_file(path)
    game = read_save_game(path, data)
    if seat is None:
        humans = save_humans(data)
        if len(humans) != 1:
            played = (f"people played seats {', '.join(map(str, humans))}" if humans
                      else "it records no seat played by a person")
            raise OptionError(f"say whose decisions to rate with --seat: {played} (seats are 0 to "
                              f"{game.num_players - 1})")
        seat = humans[0]
    if not 0 <= seat < game.num_players:
        raise OptionError(f"--seat {seat} is not a seat of this {game.num_players}-player game "
                          f"(seats are 0 to {game.num_players - 1})")
    if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
        raise OptionError(f"--iterations must be a whole number from 1 to {MAX_ITERATIONS}, not {iterations}")
    if hindsight and not game.is_terminal:
        raise OptionError("--hindsight shows the hidden cards, so it is only for finished games; this game is still "
                          "in progress (leave out --hindsight)")
    spec = review_spec(game.game_id, bot, iterations)  # a bad spec is told before anything starts
    workers, ray = check_backend(workers, ray)
    progress = stderr_console()
    if parse_bot_spec(spec)[0] != parse_bot_spec(level_of(game.game_id, bot) or bot)[0]:
        # A level or bot that plays without a search (random, a heuristic) rates nothing: say what does.
        progress.print(f"note: {bot} rates no move (it plays without a search); the review's search rates them: "
                       f"{spec}", markup=False)
    interrupted = False
    with ExitStack() as stack:
        bars: list[GameBar] = []

        def moved(done: int, total: int) -> None:
            # The bar's thread starts on the first call: the workers are forked by then.
            if not bars:
                bars.append(stack.enter_context(GameBar(f"review of P{seat}", total, progress)))
                bars[0].start()
            if done:
                bars[0].advance()

        try:
            result = review_record(game.record, seat, bot=bot, workers=workers, ray=ray, hindsight=hindsight,
                                   on_move=moved, iterations=iterations)
        except KeyboardInterrupt:
            interrupted = True
    if interrupted:
        progress.print("interrupted: a review is whole or nothing, so none is printed", markup=False)
        raise typer.Exit(EXIT_INTERRUPTED)
    console = stdout_console()
    if as_json:
        console.print(json.dumps(result.to_json(), sort_keys=True, separators=(",", ":")), markup=False)
    else:
        print_review(console, result)
