"""The ``dojo`` command: games, play, sim, replay, bench. The same flags work for every game.

Every error caused by bad input (unknown game, bad option, bad bot spec, bad save) prints one line
on stderr and exits with status 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from ninjadojo.api import load_game
from ninjadojo.bots import available_bots, bot_parameters
from ninjadojo.cli.bench import bench as run_bench
from ninjadojo.cli.common import (
    check_bot_specs,
    default_bot,
    default_players,
    handle_errors,
    parse_options,
    resolve_game,
    split_bot_specs,
    stderr_console,
    stdout_console,
)
from ninjadojo.cli.play import LeaveGame, start_table
from ninjadojo.cli.replay import Replay
from ninjadojo.cli.sim import DEFAULT_MAX_ACTIONS, SimSettings, print_summary, simulate
from ninjadojo.engine import OptionError, UnknownGameError
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.games import GAME_MODULES

app = typer.Typer(
    name="dojo",
    help="Ninja tabletop games with exact rules: play against bots, simulate, replay, benchmark.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    add_completion=False,
)

GameArg = Annotated[str, typer.Argument(help="game id (see: dojo games)", show_default=False)]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help=r"number of players \[default: the fewest]")]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="game option name=value (repeatable)")]
SeedOpt = Annotated[int, typer.Option("--seed", help="random seed")]
JsonOpt = Annotated[bool, typer.Option("--json", help="print the result as one JSON line")]


def _escape(text: str) -> str:
    return text.replace("[", r"\[")


def _json_line(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@app.command()
@handle_errors
def games(as_json: JsonOpt = False) -> None:
    """List every game: title, player counts, whether it is playable yet, its options and bots."""
    listing: list[dict[str, JSONValue]] = []
    for game_id in GAME_MODULES:
        entry: dict[str, JSONValue] = {"id": game_id, "playable": False}
        try:
            cls = resolve_game(game_id)
        except UnknownGameError:
            entry["status"] = "not yet"
        except AttributeError:
            # The package exists but defines no STATE yet: the game is being written.
            entry["status"] = "not yet"
        except Exception as error:
            # A game being written may fail to import; list the others anyway.
            entry["status"] = f"fails to load ({type(error).__name__})"
        else:
            spec = cls.SPEC
            details: dict[str, JSONValue] = {
                "playable": True,
                "title": spec.title,
                "min_players": spec.min_players,
                "max_players": spec.max_players,
                "options": [option.describe() for option in spec.options],
                "bots": list(sorted(available_bots(game_id))),
                "bot_parameters": {name: list(bot_parameters(factory))
                                   for name, factory in sorted(available_bots(game_id).items())},
                "default_bot": default_bot(game_id),
                "summary": spec.summary,
            }
            entry.update(details)
        listing.append(entry)
    console = stdout_console()
    if as_json:
        console.print(_json_line(listing), markup=False)
        return
    for entry in listing:
        if not entry["playable"]:
            console.print(f"[bold]{entry['id']}[/bold]: {entry['status']}")
            continue
        console.print(f"[bold]{entry['id']}[/bold]: {_escape(str(entry['title']))}, "
                      f"{entry['min_players']}-{entry['max_players']} players")
        if entry["summary"]:
            console.print(f"    {entry['summary']}", markup=False)
        options = entry["options"]
        bots = entry["bots"]
        assert isinstance(options, list) and isinstance(bots, list)
        for described in options:
            console.print(f"    option {described}", markup=False)
        if not options:
            console.print("    no options", markup=False)
        parameters = entry["bot_parameters"]
        assert isinstance(parameters, dict)
        named = []
        for bot in map(str, bots):
            keys = parameters.get(bot)
            # e.g. "forgetful (forget=...)": the spec is then forgetful:forget=0.3
            named.append(f"{bot} ({', '.join(f'{key}=...' for key in keys)})" if isinstance(keys, list) and keys
                         else bot)
        console.print(f"    bots: {', '.join(named)} (default {entry['default_bot']})", markup=False)


@app.command()
@handle_errors
def play(
    game: Annotated[str | None, typer.Argument(help="game id (not needed with --load)", show_default=False)] = None,
    players: PlayersOpt = None,
    seat: Annotated[list[int] | None, typer.Option(
        "--seat", "-s", help=r"your seat; repeat it for humans sharing the keyboard \[default: 0]")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help=r"random seed \[default: 0]")] = None,
    bots: Annotated[list[str] | None, typer.Option(
        "--bots", "-b",
        help=r"bots for the other seats in seat order, SPEC\[,SPEC...]; one spec means all"
             r" \[default: heuristic or random]",
    )] = None,
    option: OptionOpt = None,
    load: Annotated[Path | None, typer.Option("--load", help="resume a saved game")] = None,
) -> None:
    """Play a game at the terminal against bots.

    At the prompt type a number or an action's text; part of an action's text (a card, a square) lists
    only the matching choices. Commands: help, log, list, save, quit.
    """
    console = stdout_console()
    table = start_table(console, game, players, seat, seed, bots, option, load)
    try:
        table.run()
    except LeaveGame:
        console.print("you left the game", markup=False)
    except KeyboardInterrupt:
        console.print("\ninterrupted; the game was not saved", markup=False)
        raise typer.Exit(130) from None


@app.command()
@handle_errors
def sim(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="number of games")] = 100,
    players: PlayersOpt = None,
    bots: Annotated[list[str] | None, typer.Option(
        "--bots", "-b", help=r"a bot per seat, SPEC\[,SPEC...]; one means all \[default: heuristic or random]")] = None,
    seed: SeedOpt = 0,
    as_json: JsonOpt = False,
    max_actions: Annotated[int, typer.Option("--max-actions", min=1, help="cut a game after this many actions")] = (
        DEFAULT_MAX_ACTIONS),
    option: OptionOpt = None,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="worker processes")] = 1,
    rotate: Annotated[bool, typer.Option("--rotate", help="move the bots one seat on each game")] = False,
) -> None:
    """Play many bot games; win rates per seat and per bot (95% CI), game length, points."""
    cls = resolve_game(game)
    count = default_players(game, players)
    values = cls.validate_options(count, parse_options(game, option))
    specs = split_bot_specs(bots) or [default_bot(game)]
    check_bot_specs(game, specs)
    if len(specs) == 1:
        specs = specs * count
    elif len(specs) != count:
        raise OptionError(f"--bots gave {len(specs)} bots for {count} players: give one for all or one per seat")
    settings = SimSettings(game, count, values, tuple(specs), seed, games, max_actions, rotate)
    summary = simulate(settings, workers, stderr_console())
    console = stdout_console()
    if as_json:
        console.print(_json_line(summary), markup=False)
    else:
        print_summary(console, summary)


@app.command()
@handle_errors
def replay(
    file: Annotated[Path, typer.Argument(help="a saved game", show_default=False)],
    seat: Annotated[int | None, typer.Option("--seat", "-s", help=r"as this seat saw it \[default: spectator]")] = None,
    show_all: Annotated[bool, typer.Option("--all", help="print every step (default off a terminal)")] = False,
) -> None:
    """Step through a saved game, as a spectator or as one seat saw it."""
    game = load_game(file)
    if seat is not None and not 0 <= seat < game.num_players:
        raise OptionError(f"--seat {seat} is not a seat of this {game.num_players}-player game")
    viewer = Replay(game, seat)
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
    seconds: Annotated[float, typer.Option("--seconds", "-t", min=0.0, help="how long to run")] = 3.0,
    as_json: JsonOpt = False,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
) -> None:
    """Random playouts on one core: games/s, actions/s, actions per game."""
    cls = resolve_game(game)
    count = default_players(game, players)
    values = cls.validate_options(count, parse_options(game, option))
    result = run_bench(cls, count, values, seconds, seed)
    console = stdout_console()
    if as_json:
        console.print(_json_line(result), markup=False)
        return
    console.print(
        f"{game}, {count} players: {result['games']} games, {result['actions']} actions in {result['seconds']} s\n"
        f"  {result['games_per_second']} games/s, {result['actions_per_second']} actions/s, "
        f"{result['actions_per_game']} actions per game"
        + (f"\n  {result['capped']} playouts cut at the action cap" if result["capped"] else ""),
        markup=False,
    )


def main() -> None:
    """Entry point for ``python -m ninjadojo.cli``."""
    app()
