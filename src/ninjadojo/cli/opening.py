"""A ``dojo play`` table set up from its flags (a new game, a saved one loaded or resumed) and the opening
line that tells everyone at it what is being played: the game, its seed and options, who sits where, how to
choose, and whether hints are on. :mod:`ninjadojo.cli.play` drives the table once it is set up.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ninjadojo.api import new_game
from ninjadojo.engine import GameState, OptionError, SaveError
from ninjadojo.engine.options import format_value
from ninjadojo.table import (
    SavedTable,
    Table,
    assign_bot_seats,
    default_players,
    find_save,
    fresh_seed,
    last_unfinished,
    list_saves,
    parse_options,
    saves_dir,
    split_bot_specs,
)

#: The intro's last words: how to choose (the codes in brackets after each choice are explained nowhere else on
#: the screen) and where the commands are.
CHOOSING = "Choose by a choice's number or its code in brackets; type help for commands."

#: Told to everyone at a table that allows hints, with the opening line.
HINTS_ON = "Hints are on at this table: type hint at your turn for the expert's advice."


def shell_word(path: Path | str) -> str:
    """A path as a shell word (quoted only when it must be), so that printed commands work as typed."""
    return shlex.quote(str(path))


def open_table(game_id: str | None, players: int | None, seats: Sequence[int] | None, seed: int | None,
               bots: Sequence[str] | None, options: Sequence[str] | None, load: Path | None,
               resume: bool = False, hints: bool | None = None) -> tuple[Table, str]:
    """Set up a table from the ``play`` flags, and the opening line to show.

    A new game; or a saved one (``--load FILE``, or ``--resume``: the newest unfinished autosave),
    with the seats it remembers unless ``--seat``/``--bots`` say otherwise. ``hints``: whether the table
    allows hints (``None``: as the save says; off for a new game).
    """
    if resume and load is not None:
        raise OptionError("--resume continues the last unfinished game and --load a given file: use one of them")
    if resume:
        newest = last_unfinished()
        if game_id is not None:
            newest = next((saved for saved in list_saves() if saved.resumable and saved.game == game_id), None)
        if newest is None:
            which = f"{game_id} game" if game_id else "game"
            raise SaveError(f"no unfinished {which} is saved in {saves_dir()}; start one with: "
                            f"dojo play {game_id or 'GAME'}")
        load = newest.path
        game_id = None
    if load is None:
        if game_id is None:
            raise OptionError("name a game (dojo play GAME), or resume one: dojo play --resume, or --load FILE")
        # Without --seed a new game is a new deal; the seed is shown, saved, and repeats it with --seed.
        seed = fresh_seed() if seed is None else seed
        game = new_game(game_id, default_players(game_id, players), parse_options(game_id, options), seed)
        humans = checked_seats(seats, game.num_players)
        bot_seats = [seat for seat in range(game.num_players) if seat not in humans]
        specs = assign_bot_seats(game.game_id, split_bot_specs(bots), bot_seats)
        table = Table(game, humans, specs, seed, hints=bool(hints))
        return table, ""
    flag = "--resume" if resume else "--load"
    if options:
        raise OptionError(f"--option cannot change a saved game ({flag}): its options are in the save")
    if seed is not None:
        raise OptionError(f"--seed cannot change a saved game ({flag}): the deal is the save's")
    load = find_save(load)
    saved = SavedTable.read(load)
    game = saved.game
    if game_id is not None and game_id != game.game_id:
        raise SaveError(f"{load} is a {game.game_id} game, not {game_id}")
    if players is not None and players != game.num_players:
        raise OptionError(f"{load} is a {game.num_players}-player game; --players {players} does not fit")
    if game.is_terminal:
        raise SaveError(f"{load} is a finished game; replay it with: dojo replay {shell_word(load)}")
    humans = checked_seats(seats, game.num_players) if seats else saved.humans
    bot_seats = [seat for seat in range(game.num_players) if seat not in humans]
    given = split_bot_specs(bots)
    # No --bots: each bot seat keeps the bot the save remembers.
    table = Table.resume(saved, humans, assign_bot_seats(game.game_id, given, bot_seats) if given else None,
                         hints=hints)
    intro = (f"{game.SPEC.title}, {game.num_players} players, resumed from {load} after "
             f"{len(game.record.actions)} actions (deal and options as saved{rules_in_play(game)}): "
             f"{_seats_text(table)}. {_closing(table)}")
    return table, intro


def rules_in_play(game: GameState[Any]) -> str:
    """The options that differ from the game's defaults, for the opening line (``, options target=15, house
    rules pre_attacks=first``; empty when all are defaults), so that nobody plays unaware of a house rule."""
    plain: list[str] = []
    house: list[str] = []
    for spec in game.option_specs():
        value = game.options.get(spec.name, spec.default)
        if value != spec.default:
            (plain if spec.ruling is None else house).append(f"{spec.name}={format_value(value)}")
    return (f", options {' '.join(plain)}" if plain else "") + (f", house rules {' '.join(house)}" if house else "")


def checked_seats(seats: Sequence[int] | None, players: int) -> list[int]:
    """The ``--seat`` flags checked against the game (default: seat 0)."""
    humans = list(seats) if seats else [0]
    for seat in humans:
        if not 0 <= seat < players:
            raise OptionError(f"--seat {seat} is not a seat of a {players}-player game (seats are 0 to {players - 1})")
    if len(set(humans)) != len(humans):
        raise OptionError("--seat names a seat twice")
    return humans


def opening_line(table: Table) -> str:
    """A new game's opening line: game, players, seed, the options that differ from the defaults and who
    plays which seat; how to choose; and that hints are on, where they are."""
    game = table.game
    return (f"{game.SPEC.title}, {game.num_players} players, seed {table.seed}{rules_in_play(game)}: "
            f"{_seats_text(table)}. {_closing(table)}")


def _seats_text(table: Table) -> str:
    """Who plays which seat: ``seat 0 you; seat 1 heuristic``."""
    return "; ".join(f"seat {seat} {'you' if seat in table.humans else table.bot_specs[seat]}"
                     for seat in range(table.game.num_players))


def _closing(table: Table) -> str:
    """The opening line's last words: how to choose, and that hints are on where they are."""
    return CHOOSING + (f" {HINTS_ON}" if table.hints else "")
