"""What the commands share: error handling, the backend options, positions and consoles.

Setting up a table (the game, its options, bot specs and seats) is the table layer's
(:mod:`ninjadojo.table.setup`), shared with the server.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.errors import MarkupError
from rich.text import Text

from ninjadojo.engine import DojoError, GameState, OptionError
from ninjadojo.engine.errors import quote
from ninjadojo.sim.parallel import MAX_WORKERS, check_ray_address

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "RayOpt",
    "WorkersOpt",
    "check_backend",
    "fail",
    "handle_errors",
    "lines_needed",
    "position_text",
    "print_position",
    "stderr_console",
    "stdout_console",
]

P = ParamSpec("P")
R = TypeVar("R")

#: Exit status for every error caused by bad input (unknown game, bad option, bad save...).
EXIT_BAD_INPUT = 2
#: Exit status after Ctrl-C (128 + SIGINT), as shells report it.
EXIT_INTERRUPTED = 130

#: ``--workers N`` of the commands that play many games (sim, arena, report); ``None`` when not given.
WorkersOpt = Annotated[int | None, typer.Option(
    "--workers", "-w", help=rf"worker processes, or with --ray the Ray tasks at a time (1 to {MAX_WORKERS}) "
                            r"\[default: 1; with --ray, the cluster's CPUs]", show_default=False)]
#: ``--ray ADDRESS`` of the same commands: play the games as tasks on a Ray cluster (extra ``ray``).
RayOpt = Annotated[str | None, typer.Option(
    "--ray", metavar="ADDRESS", help=r"play the games on Ray (pip install 'ninjadojo\[ray]'): local (a Ray instance "
                                     "started for this run), auto (the cluster started on this machine with ray "
                                     "start), HOST:PORT (a head node's GCS port, 6379 by default) or "
                                     "ray://HOST:PORT (Ray Client); results are the same as without --ray",
    show_default=False)]


def check_flag(flag: str, value: float, low: float, high: float, meaning: str = "") -> None:
    """Raise :class:`OptionError` unless ``low <= value <= high`` (a flag's value typer accepted as a number),
    named by its flag (a library's own message names the quantity, which the user did not type), with what
    it counts in brackets when ``meaning`` says it."""
    if not low <= value <= high:
        said = f" ({meaning})" if meaning else ""
        if isinstance(value, int):
            raise OptionError(f"{flag} must be a whole number from {low:.0f} to {high:.0f}, not {value}{said}")
        raise OptionError(f"{flag} must be a number from {low:g} to {high:g}, not {value:g}{said}")


def check_backend(workers: int | None, ray: str | None) -> tuple[int | None, str | None]:
    """``--workers`` and ``--ray`` checked (:class:`OptionError` names what is allowed): ``workers`` is
    ``None`` only with ``--ray`` (the cluster's CPUs), else at least 1; ``ray`` is the address, trimmed."""
    if workers is not None:
        check_flag("--workers", workers, 1, MAX_WORKERS, "the number of workers")
    if ray is None:
        return workers or 1, None
    return workers, check_ray_address(ray)


def options_words(game_id: str, players: int, options: object) -> str:
    """The options a run played, as its summary's first line names them: ``options target=15`` (those
    that differ from the game's defaults), or ``default options``."""
    from ninjadojo.engine.options import options_text
    from ninjadojo.games import game_class

    if not isinstance(options, dict):
        return "default options"
    defaults = game_class(game_id).validate_options(players, None)
    changed = {name: value for name, value in options.items() if defaults.get(name) != value}
    return f"options {options_text(changed)}" if changed else "default options"


def stdout_console() -> Console:
    """A console on the current stdout (looked up at call time, so test runners can capture it).

    On a terminal long lines wrap between words; piped output keeps each line whole (for tools).
    """
    console = Console(highlight=False)
    console.soft_wrap = not console.is_terminal
    return console


def stderr_console() -> Console:
    """A console on the current stderr, for progress bars and errors."""
    console = Console(stderr=True, highlight=False)
    console.soft_wrap = not console.is_terminal
    return console


def fail(message: str) -> typer.Exit:
    """Print a one-line error on stderr and return the exit to raise (status 2)."""
    stderr_console().print(f"error: {message}", markup=False)
    return typer.Exit(EXIT_BAD_INPUT)


def handle_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a :class:`DojoError` into a one-line message and exit status 2 (no traceback); so too a file
    the system refuses (a folder that cannot be made, a full disk), which the commands check up front but
    cannot rule out."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except DojoError as error:
            raise fail(str(error)) from None
        except OSError as error:
            where = f" {quote(str(error.filename))}" if error.filename else ""
            raise fail(f"cannot use{where}: {error.strerror or error}") from None

    return wrapper


def position_text(game: GameState[Any], seat: int | None) -> Text:
    """The game's picture of the position as ``seat`` (``None``: a spectator) sees it, ready to print.

    In colour when the game offers ``render_markup``; its plain ``render`` if the markup is broken,
    so that a game's styling mistake cannot end a game in progress.
    """
    try:
        markup = game.render_markup(seat)
        if markup is not None:
            return Text.from_markup(markup)
    except MarkupError:
        pass
    return Text(game.render(seat))


def print_position(console: Console, game: GameState[Any], seat: int | None) -> None:
    """Print :func:`position_text`."""
    console.print(position_text(game, seat))


def lines_needed(console: Console, text: Text | str) -> int:
    """How many lines ``text`` takes on ``console`` once wrapped to its width."""
    if isinstance(text, str):
        text = Text(text)
    return len(console.render_lines(text, console.options, pad=False, new_lines=False))
