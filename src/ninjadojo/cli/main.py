"""The ``dojo`` command: games, play, sim, arena, report, replay, bench, serve, bench-server. The same flags work
for every game.

Every error caused by bad input (unknown game, bad option, bad bot spec, bad save) prints one line
on stderr and exits with status 2.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from typer.core import TyperCommand, TyperGroup

from ninjadojo import __version__
from ninjadojo.bots import available_bots, bot_parameters, default_bot, describe_bots, sim_default_bot
from ninjadojo.cli.arena import arena
from ninjadojo.cli.bench import print_bench
from ninjadojo.cli.common import (
    EXIT_INTERRUPTED,
    RayOpt,
    WorkersOpt,
    check_backend,
    check_flag,
    handle_errors,
    stderr_console,
    stdout_console,
)
from ninjadojo.cli.play import run_play
from ninjadojo.cli.replay import open_replay
from ninjadojo.cli.report import report
from ninjadojo.cli.review import review
from ninjadojo.cli.serve import bench_server, serve
from ninjadojo.cli.sim import print_summary, simulate
from ninjadojo.engine import OptionError, UnknownGameError
from ninjadojo.engine.errors import quote
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import Option
from ninjadojo.engine.state import MAX_LENGTH_OPTION
from ninjadojo.games import GAME_MODULES
from ninjadojo.sim import MAX_GAMES, SimSettings, bench_bots, bench_playouts
from ninjadojo.sim.bench import bench_search
from ninjadojo.table import default_players, parse_options, resolve_game, split_bot_specs

#: The longest ``dojo bench`` run one may ask for, in seconds (a day).
MAX_BENCH_SECONDS = 86_400.0

CommandFunction = TypeVar("CommandFunction", bound=Callable[..., Any])


class _FlagsShownAsFlags:
    """Help that shows a flag (``--json``, ``--help``) without a value type: typer would show ``<bool>``,
    as if the flag took a value."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The command's parameters, flags marked to show no value type."""
        params: list[Any] = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if getattr(param, "is_flag", False) and param.metavar is None:
                param.metavar = ""
        return params


class DojoCommand(_FlagsShownAsFlags, TyperCommand):
    """A ``dojo`` command."""


class DojoGroup(_FlagsShownAsFlags, TyperGroup):
    """The ``dojo`` command group: every usage error (a bad flag value, an unknown flag, a missing
    argument) is one line on stderr with exit status 2, like every other error of bad input."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        """Run the command; in standalone mode, exit with its status."""
        try:
            status = super().main(args, prog_name, complete_var, standalone_mode=False,
                                  windows_expand_args=windows_expand_args, **extra)
        except typer.TyperException as error:
            if not standalone_mode:
                raise
            status = error.exit_code
            # "dojo" alone prints the help, which says it all.
            if type(error).__name__ != "NoArgsIsHelpError":
                context = getattr(error, "ctx", None)
                hint = f" (see: {context.command_path} --help)" if context is not None else ""
                message = " ".join(error.format_message().split())
                form = self._option_form(args, getattr(error, "option_name", None))
                if form:
                    # ("Option '--compare' requires 2 arguments." said how many, not what they are.)
                    message = f"{message.rstrip('.')}: {form}"
                stderr_console().print(f"error: {message}{hint}", markup=False)
        except typer.Abort:
            if not standalone_mode:
                raise
            stderr_console().print("aborted", markup=False)
            status = 1
        if not standalone_mode:
            return status
        # Non-standalone runs return a command's exit status, or its return value (None: success).
        sys.exit(status if isinstance(status, int) else 0)

    def _option_form(self, args: Sequence[str] | None, option: object) -> str:
        """How the option ``option`` of the command ``args`` names is written (``--compare OPTION=A OPTION=B``),
        for an error about its values raised before the command has a context; ``""`` if not found."""
        if not isinstance(option, str):
            return ""
        words = list(sys.argv[1:] if args is None else args)
        name = next((word for word in words if not word.startswith("-")), None)
        command = self.commands.get(name) if name else None
        for param in getattr(command, "params", ()):
            if option in getattr(param, "opts", ()) and param.metavar:
                return f"{option} {param.metavar}"
        return ""


class DojoTyper(typer.Typer):
    """The ``dojo`` application: its commands are :class:`DojoCommand` unless a command says otherwise."""

    def command(self, *args: Any, **kwargs: Any) -> Callable[[CommandFunction], CommandFunction]:
        """Register a command (see :meth:`typer.Typer.command`)."""
        kwargs["cls"] = kwargs.get("cls") or DojoCommand
        return super().command(*args, **kwargs)


app = DojoTyper(
    name="dojo",
    help="Ninja tabletop games with exact rules: play against bots, simulate, replay, benchmark.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    add_completion=False,
    cls=DojoGroup,
)

GameArg = Annotated[str, typer.Argument(help="game id (see: dojo games)", show_default=False)]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help=r"number of players \[default: the fewest]")]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="game option name=value (repeatable)")]
SeedOpt = Annotated[int, typer.Option("--seed", help="random seed")]
JsonOpt = Annotated[bool, typer.Option("--json", help="print the result as one JSON line")]


def _show_version(value: bool) -> None:
    if value:
        stdout_console().print(f"dojo {__version__}", markup=False)
        raise typer.Exit()


@app.callback()
def dojo(
    version: Annotated[bool, typer.Option("--version", help="print the version and exit", callback=_show_version,
                                          is_eager=True)] = False,
) -> None:
    """Ninja tabletop games with exact rules: play against bots, simulate, replay, benchmark."""


def _escape(text: str) -> str:
    return text.replace("[", r"\[")


def _json_line(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _figure(value: float) -> str:
    """A measured figure with about two significant digits: 73, 7.6, 0.27, 0.003."""
    if value >= 10:
        return f"{value:.0f}"
    if value >= 1:
        return f"{value:.1f}"
    if value >= 0.1:
        return f"{value:.2f}"
    return f"{value:.1g}"


def _cost_text(costs: list[JSONValue]) -> str:
    """Measured costs at the fewest and the most players measured, e.g. ``8 ms a decision, 0.3 s a game at
    2 players; 73 ms, 12 s at 5 players``."""
    rows = [row for row in costs if isinstance(row, dict)]
    rows.sort(key=lambda row: int(str(row["players"])))
    parts = []
    for number, row in enumerate(dict.fromkeys(map(id, (rows[0], rows[-1])))):
        picked = next(each for each in rows if id(each) == row)
        ms, game_seconds = float(str(picked["ms_per_decision"])), float(str(picked["seconds_per_game"]))
        parts.append(f"{_figure(ms)} ms a decision, {_figure(game_seconds)} s a game at {picked['players']} players"
                     if number == 0 else f"{_figure(ms)} ms, {_figure(game_seconds)} s at {picked['players']} players")
    return "; ".join(parts)


def requirement_words(option: Option, specs: Sequence[Option]) -> str | None:
    """Which other option ``option`` applies only with, in words ("only with The Elements"), or from how many
    players ("only with 3 or more players"); None when it always applies."""
    if option.requires is None:
        return f"only with {option.min_players} or more players" if option.min_players else None
    said = [_requirement(name, value, specs) for name, value in (option.requires, *option.also_requires)]
    # "only with Heavy Weather and only with Promo Pack" said once: "only with Heavy Weather and Promo Pack"
    return said[0] + "".join(" and " + each.removeprefix("only with ") for each in said[1:])


def _requirement(name: str, value: str, specs: Sequence[Option]) -> str:
    other = next((spec for spec in specs if spec.name == name), None)
    if other is None:
        return f"only when {name} is {value}"
    if other.choices:
        return f"only with {other.choice_label(value)}"
    if isinstance(other.default, bool):
        return f"only with {other.title}" if value == "true" else f"only without {other.title}"
    return f"only when {other.title} is {value}"


def option_words(option: Option, specs: Sequence[Option]) -> dict[str, JSONValue]:
    """One option as ``dojo games`` shows it: its words for players (label, section, help, its choices'
    labels, what it needs) beside what one types (``typing``: ``target: int 1..200 (default 21)``)."""
    choices: dict[str, JSONValue] = {choice: option.choice_label(choice) for choice in option.choices}
    return {"name": option.name, "label": option.title, "group": option.section, "help": option.help,
            "typing": option.brief(), "choices": choices, "only_with": requirement_words(option, specs)}


def _game_entry(game_id: str) -> dict[str, JSONValue]:
    """One game of the listing: title, players, options, and its bots (parameters, defaults, costs)."""
    entry: dict[str, JSONValue] = {"id": game_id, "playable": False}
    try:
        cls = resolve_game(game_id)
    except (UnknownGameError, AttributeError):
        # AttributeError: the package exists but defines no STATE yet: the game is being written.
        entry["status"] = "not yet"
        return entry
    except Exception as error:
        # A game being written may fail to import; list the others anyway.
        entry["status"] = f"fails to load ({type(error).__name__})"
        return entry
    spec = cls.SPEC
    bot_info: dict[str, JSONValue] = {}
    for info in describe_bots(game_id):
        costs: dict[str, JSONValue] = {
            spec_text: [{"players": row.players, "ms_per_decision": row.ms_per_decision,
                         "seconds_per_game": row.seconds_per_game} for row in rows]
            for spec_text, rows in info.costs.items()
        }
        bot_info[info.name] = {"summary": info.summary, "parameters": dict(info.parameters), "costs": costs}
    entry.update({
        "playable": True,
        "title": spec.title,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "options": [option.describe() for option in cls.option_specs()],
        "option_words": [option_words(option, cls.option_specs()) for option in cls.option_specs()],
        "bots": list(sorted(available_bots(game_id))),
        "bot_parameters": {name: list(bot_parameters(factory))
                           for name, factory in sorted(available_bots(game_id).items())},
        "bot_info": bot_info,
        "default_bot": default_bot(game_id),
        "sim_default_bot": sim_default_bot(game_id),
        "summary": spec.summary,
    })
    return entry


def _print_game(console: Console, entry: dict[str, Any]) -> None:
    """One game of the listing as text."""
    if not entry["playable"]:
        console.print(f"[bold]{entry['id']}[/bold]: {entry['status']}")
        return
    console.print(f"[bold]{entry['id']}[/bold]: {_escape(str(entry['title']))}, "
                  f"{entry['min_players']}-{entry['max_players']} players")
    lines = [f"    {entry['summary']}"] if entry["summary"] else []
    lines += _option_lines(entry["option_words"])
    # e.g. "forgetful (forget=...)": the spec is then forgetful:forget=0.3
    named = [f"{bot} ({', '.join(f'{key}=...' for key in keys)})" if (keys := entry["bot_parameters"].get(bot))
             else bot for bot in entry["bots"]]
    lines.append(f"    bots: {', '.join(named)} (default {entry['default_bot']})")
    for name, info in entry["bot_info"].items():
        parameters = ", ".join(f"{key}={value}" for key, value in info["parameters"].items())
        lines.append(f"      {name}{f' ({parameters})' if parameters else ''}: {info['summary']}")
        costs = info["costs"]
        if not costs:
            lines.append("        cost: not measured")
        for spec_text, rows in costs.items():
            label = "cost" if spec_text == name else f"{spec_text} costs"
            lines.append(f"        {label}: {_cost_text(rows)}")
    if entry["sim_default_bot"] != entry["default_bot"]:
        lines.append(f"    dojo sim plays {entry['sim_default_bot']} unless --bots says otherwise (it is cheaper)")
    console.print("\n".join(lines), markup=False)


def _option_lines(options: list[dict[str, Any]]) -> list[str]:
    """The options of a game by section, each with its label and help for players and its typing name
    (``option target: int 1..200 (default 21)``: what ``--option target=...`` takes)."""
    if not options:
        return ["    no options"]
    lines = ["    options (at the terminal: --option NAME=VALUE; in the lobby: by their labels):"]
    # "Game" first and the house rules last, as in the lobby; the other sections in the game's order.
    sections: dict[str, list[dict[str, Any]]] = {"Game": []}
    for option in options:
        sections.setdefault(option["group"], []).append(option)
    order = sorted(sections, key=lambda section: (section != "Game", section == "House rules"))
    for section in order:
        members = sections[section]
        if not members:
            continue
        lines.append(f"      {section}:")
        for option in members:
            needs = f" ({option['only_with']})" if option["only_with"] else ""
            lines.append(f"        {option['label']}{needs} - option {option['typing']}")
            named = {choice: label for choice, label in option["choices"].items() if label != choice}
            if named:
                words = ", ".join(f"{choice} = {label}" for choice, label in named.items())
                lines.append(_wrapped(f"choices: {words}"))
            if option["help"]:
                lines.append(_wrapped(option["help"]))
    return lines


def _wrapped(text: str) -> str:
    """A line of an option's text, wrapped under it (never inside a word)."""
    return textwrap.fill(text, width=110, initial_indent=" " * 12, subsequent_indent=" " * 12,
                         break_long_words=False, break_on_hyphens=False)


@app.command()
@handle_errors
def games(
    game: Annotated[str | None, typer.Argument(help="only this game (its options by section, its bots)",
                                               show_default=False)] = None,
    as_json: JsonOpt = False,
    saved: Annotated[bool, typer.Option("--saved", help="list the saved games in the data folder instead")] = False,
) -> None:
    """List every game (or only GAME): title, player counts, options by section with their labels and help, and its bots with their parameters, defaults and costs.

    With --saved, list the games saved in the data folder instead (of GAME only, if given), newest first.
    """  # noqa: E501 - typer's help keeps line breaks inside a paragraph, so each paragraph is one line
    console = stdout_console()
    if game is not None and game not in GAME_MODULES:
        raise UnknownGameError(f"unknown game {quote(game)}; the games are {', '.join(GAME_MODULES)}")
    if saved:
        # Imported only here: the list of saves reads the data folder, which nothing else here needs.
        from ninjadojo.cli.saves import print_saved

        print_saved(console, as_json, game)
        return
    listing = [_game_entry(game_id) for game_id in GAME_MODULES if game in (None, game_id)]
    if as_json:
        console.print(_json_line(listing), markup=False)
        return
    for entry in listing:
        _print_game(console, entry)


@app.command()
@handle_errors
def play(
    game: Annotated[str | None, typer.Argument(help="game id (not needed with --load or --resume)",
                                               show_default=False)] = None,
    players: PlayersOpt = None,
    seat: Annotated[list[int] | None, typer.Option(
        "--seat", "-s", help=r"your seat; repeat it for humans sharing the keyboard \[default: 0]")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help=r"the deal's seed, to repeat a game exactly \[default: a fresh one, shown and saved]")] = None,
    bots: Annotated[list[str] | None, typer.Option(
        "--bots", "-b",
        help=r"bots for the other seats in seat order, SPEC\[,SPEC...]; one spec means all"
             r" \[default: heuristic, the game's hand-written player]",
    )] = None,
    option: OptionOpt = None,
    load: Annotated[Path | None, typer.Option("--load", help="resume a game from a save file")] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help="resume the last unfinished game (of GAME, if named) from the data folder")] = False,
    auto: Annotated[bool, typer.Option(
        "--auto/--no-auto", help="answer a prompt that has only one possible answer for you")] = True,
    hints: Annotated[bool | None, typer.Option(
        "--hints/--no-hints", help=r"allow the hint command (the expert's advice at your turn) \[default: off; a "
                                   "resumed game as it was saved]", show_default=False)] = None,
) -> None:
    """Play a game at the terminal against bots.

    At the prompt type a number or an action's text; part of an action's text (a card, a square) lists only the matching choices. Commands: help, rules, card, cards, key, log, list, more, undo, save, quit; hint with --hints.

    Every game is saved as it goes in the data folder ($NINJADOJO_HOME, or the platform's user data folder): dojo play --resume continues the last one, dojo games --saved lists them.
    """  # noqa: E501 - typer's help keeps line breaks inside a paragraph, so each paragraph is one line
    status = run_play(stdout_console(), game, players, seat, seed, bots, option, load, resume, auto, hints)
    if status:
        raise typer.Exit(status)


@app.command()
@handle_errors
def sim(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", help="number of games")] = 100,
    players: PlayersOpt = None,
    bots: Annotated[list[str] | None, typer.Option(
        "--bots", "-b", help=r"a bot per seat, SPEC\[,SPEC...]; one means all \[default: the game's sim default, "
                             "a cheap bot: see dojo games]")] = None,
    seed: SeedOpt = 0,
    as_json: JsonOpt = False,
    max_actions: Annotated[int | None, typer.Option(
        "--max-actions", help=r"stop a game after this many actions, with no winner (the same as --option "
                              r"max_length=N) \[default: the game's max_length]", show_default=False)] = None,
    option: OptionOpt = None,
    workers: WorkersOpt = None,
    rotate: Annotated[bool, typer.Option("--rotate", help="move the bots one seat on each game")] = False,
    ray: RayOpt = None,
) -> None:
    """Play many bot games; win rates per seat and per bot (95% CI), game length, points.

    Long runs say up front how long they will take; --ray plays them on a Ray cluster, with the same results.

    Ctrl-C stops the run and prints the summary of the games played so far, marked partial (exit 130).
    """
    check_flag("--games", games, 1, MAX_GAMES)
    workers, ray = check_backend(workers, ray)
    options = parse_options(game, option)
    if max_actions is not None and options.get(MAX_LENGTH_OPTION, str(max_actions)) != str(max_actions):
        raise OptionError(f"--max-actions {max_actions} and --option max_length={options[MAX_LENGTH_OPTION]} "
                          "disagree: give one of them")
    settings = SimSettings.build(game, players, options, split_bot_specs(bots), seed, games, rotate, max_actions)
    summary, interrupted = simulate(settings, workers, stderr_console(), ray)
    console = stdout_console()
    if as_json:
        console.print(_json_line(summary), markup=False)
    else:
        print_summary(console, summary)
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


# Defined in cli/arena.py (a module of its own, as the command is long); registered here, after sim.
app.command(name="arena")(arena)
# Defined in cli/report.py (balance reports: ninjadojo.report); registered here, after arena.
app.command(name="report")(report)


@app.command()
@handle_errors
def replay(
    file: Annotated[Path, typer.Argument(help="a saved game", show_default=False)],
    seat: Annotated[int | None, typer.Option("--seat", "-s", help=r"as this seat saw it \[default: spectator]")] = None,
    show_all: Annotated[bool, typer.Option("--all", help="print every step (default off a terminal)")] = False,
    omniscient: Annotated[bool, typer.Option(
        "--omniscient", help="show every hand and every action (finished games only)")] = False,
) -> None:
    """Step through a saved game, as a spectator, as one seat saw it, or seeing everything."""
    viewer = open_replay(file, seat, omniscient)
    console = stdout_console()
    if show_all or not sys.stdin.isatty():
        viewer.show_all(console)
    else:
        viewer.interactive(console)


@app.command()
@handle_errors
def bench(
    game: GameArg,
    players: PlayersOpt = None,
    seconds: Annotated[float, typer.Option("--seconds", "-t", help="how long to run (at least one game)")] = 3.0,
    as_json: JsonOpt = False,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
    bots: Annotated[list[str] | None, typer.Option(
        "--bots", "-b", help=r"time these bots (SPEC\[,SPEC...], one means all) instead of random playouts")] = None,
    bot: Annotated[str | None, typer.Option(
        "--bot", help="time this searching bot (e.g. ismcts) in every seat: its iterations per second at the "
                      "opening, then whole games as --bots does", show_default=False)] = None,
) -> None:
    """Speed on one core: random playouts (the rules alone), or games played by --bots.

    With --bots it also prints the bots' time per decision and per game: the costs `dojo games` states.

    With --bot SPEC (a searching bot, such as ismcts) it times the bot's search at the opening of game after game (iterations per second) for half of --seconds, then plays games with that bot in every seat for the other half.
    """  # noqa: E501 - typer's help keeps line breaks inside a paragraph, so each paragraph is one line
    check_flag("--seconds", seconds, 0.0, MAX_BENCH_SECONDS)
    specs = split_bot_specs(bots)
    if bot is not None:
        if specs:
            raise OptionError("give --bot (one searching bot in every seat) or --bots, not both")
        settings = SimSettings.build(game, players, parse_options(game, option), [bot], seed, MAX_GAMES)
        search = bench_search(resolve_game(game), settings.players, settings.options, bot, seconds / 2, seed)
        result = bench_bots(settings, seconds / 2)
        result.update(search)
    elif specs:
        settings = SimSettings.build(game, players, parse_options(game, option), specs, seed, MAX_GAMES)
        result = bench_bots(settings, seconds)
    else:
        cls = resolve_game(game)
        count = default_players(game, players)
        values = cls.validate_options(count, parse_options(game, option))
        result = bench_playouts(cls, count, values, seconds, seed)
    console = stdout_console()
    if as_json:
        console.print(_json_line(result), markup=False)
    else:
        print_bench(console, result)


# Defined in cli/review.py (game reviews: ninjadojo.review); registered here, after replay and bench.
app.command(name="review")(review)
# Defined in cli/serve.py (the server's shell, importing the server only when run); registered here.
app.command(name="serve")(serve)
app.command(name="bench-server")(bench_server)


def main() -> None:
    """Entry point for ``python -m ninjadojo.cli``."""
    app()
