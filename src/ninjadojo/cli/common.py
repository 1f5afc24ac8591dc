"""What the commands share: error handling, option and bot-spec parsing, seeds and consoles."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.errors import MarkupError
from rich.text import Text

from ninjadojo.bots import available_bots, make_bot, parse_bot_spec
from ninjadojo.engine import DojoError, GameState, OptionError
from ninjadojo.engine.errors import quote
from ninjadojo.engine.options import parse_option_texts
from ninjadojo.games import game_class
from ninjadojo.sim.parallel import MAX_WORKERS, check_ray_address
from ninjadojo.table.seats import default_bot, derive_seed

__all__ = [
    "EXIT_BAD_INPUT",
    "RayOpt",
    "WorkersOpt",
    "assign_bots",
    "check_backend",
    "check_bot_specs",
    "default_bot",
    "default_players",
    "derive_seed",
    "fail",
    "handle_errors",
    "lines_needed",
    "parse_options",
    "position_text",
    "print_position",
    "resolve_game",
    "split_bot_specs",
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


def check_backend(workers: int | None, ray: str | None) -> tuple[int | None, str | None]:
    """``--workers`` and ``--ray`` checked (:class:`OptionError` names what is allowed): ``workers`` is
    ``None`` only with ``--ray`` (the cluster's CPUs), else at least 1; ``ray`` is the address, trimmed."""
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise OptionError(f"--workers must be a whole number from 1 to {MAX_WORKERS}, not {workers}")
    if ray is None:
        return workers or 1, None
    return workers, check_ray_address(ray)


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


def resolve_game(game_id: str) -> type[GameState[Any]]:
    """The state class of a playable game (``UnknownGameError`` names the playable ones)."""
    return game_class(game_id)


def parse_options(game_id: str, texts: Sequence[str] | None) -> dict[str, str]:
    """``--option name=value`` words as a mapping; the game validates the values when it is set up."""
    return parse_option_texts(game_id, texts or [])


def split_bot_specs(texts: Sequence[str] | None) -> list[str]:
    """Split ``--bots`` text into specs.

    Specs are separated by commas, but a bot's own parameters are comma-separated too
    (``forgetful:forget=0.3,depth=2``): a piece with ``=`` and no ``:`` continues the previous spec.
    """
    specs: list[str] = []
    for text in texts or []:
        for piece in (part.strip() for part in text.split(",")):
            if not piece:
                continue
            if "=" in piece and ":" not in piece and specs:
                specs[-1] += "," + piece
            else:
                specs.append(piece)
    return specs


def check_bot_specs(game_id: str, specs: Sequence[str]) -> None:
    """Raise :class:`OptionError` for a spec naming a bot the game does not have, or bad parameters.

    Each distinct spec builds one bot here, so a mistake shows before any game starts (and before
    a progress bar is drawn), not in the middle of a run.
    """
    bots = available_bots(game_id)
    for spec in dict.fromkeys(specs):
        name, _ = parse_bot_spec(spec)
        if name not in bots:
            raise OptionError(f"unknown bot {name!r} for {game_id}; bots: {', '.join(sorted(bots))}")
        make_bot(spec, game_id)


def assign_bots(game_id: str, specs: Sequence[str], seats: Sequence[int]) -> dict[int, str]:
    """Give each of ``seats`` (in order) a bot spec: one spec means all; none means the default."""
    if not specs:
        specs = [default_bot(game_id)]
    check_bot_specs(game_id, specs)
    if len(specs) == 1:
        return {seat: specs[0] for seat in seats}
    if len(specs) != len(seats):
        raise OptionError(
            f"--bots gave {len(specs)} bots for {len(seats)} bot seats ({', '.join(map(str, seats))}); "
            "give one spec for all of them or one per seat, in seat order"
        )
    return dict(zip(seats, specs, strict=True))


def default_players(game_id: str, players: int | None) -> int:
    """``--players``, or the game's smallest player count when it was not given."""
    if players is not None:
        return players
    return game_class(game_id).SPEC.min_players


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
