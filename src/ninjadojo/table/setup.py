"""Setting up a table: the game resolved, its options read from ``key=value`` text, bot specs split,
checked and given to seats, and the player count when none is given.

Who calls what: the game, one bot spec and the player count (:func:`resolve_game`,
:func:`check_bot_spec`, :func:`default_players`) serve the terminal (``cli/``) and the server
(``server/``) alike; the rest (:func:`parse_options`, :func:`split_bot_specs`, :func:`check_bot_specs`,
:func:`assign_bots`, :func:`assign_bot_seats`) only the terminal's commands, and their messages name
its flags (``--bots``, ``--seat``). They live here, beside the rest, because they set a table up, not
because another front end shares them.

Pure: nothing here prints, parses a command line or answers a request. The callers turn an
:class:`~ninjadojo.engine.OptionError` into their own message (an exit status 2, an HTTP 400).

>>> split_bot_specs(["forgetful:forget=0.3,depth=2,random"])
['forgetful:forget=0.3,depth=2', 'random']
>>> assign_bots("ninjitsu", ["random"], [1, 2])
{1: 'random', 2: 'random'}
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ninjadojo.bots import Bot, available_bots, make_bot, parse_bot_spec
from ninjadojo.engine.errors import OptionError
from ninjadojo.engine.options import parse_option_texts
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class
from ninjadojo.table.seats import default_bot

__all__ = [
    "assign_bot_seats",
    "assign_bots",
    "check_bot_spec",
    "check_bot_specs",
    "default_players",
    "parse_options",
    "resolve_game",
    "split_bot_specs",
]


def resolve_game(game_id: str) -> type[GameState[Any]]:
    """The state class of a playable game (``UnknownGameError`` names the playable ones)."""
    return game_class(game_id)


def parse_options(game_id: str, texts: Sequence[str] | None) -> dict[str, str]:
    """``name=value`` words as a mapping; the game validates the values when it is set up."""
    return parse_option_texts(game_id, texts or [])


#: Spaces around a spec's ``:`` and ``=``, which the bot's parser ignores.
_SPEC_SPACES = re.compile(r"\s*([:=])\s*")


def split_bot_specs(texts: Sequence[str] | None) -> list[str]:
    """Split bot-list text (``--bots random,heuristic``) into specs.

    Specs are separated by commas, but a bot's own parameters are comma-separated too
    (``forgetful:forget=0.3,depth=2``): a piece with ``=`` and no ``:`` continues the previous spec.
    Spaces around ``:`` and ``=`` are dropped (``ismcts: iterations = 100`` is ``ismcts:iterations=100``), so that
    a spec is shown and compared as the bot reads it.
    """
    specs: list[str] = []
    for text in texts or []:
        for piece in (_SPEC_SPACES.sub(r"\1", part.strip()) for part in text.split(",")):
            if not piece:
                continue
            if "=" in piece and ":" not in piece and specs:
                specs[-1] += "," + piece
            else:
                specs.append(piece)
    return specs


def check_bot_spec(game_id: str, spec: str) -> Bot:
    """The bot ``spec`` (or a level) makes for ``game_id`` (seed 0), built once so that a mistake shows
    before any game starts; :class:`OptionError` naming the game's bots, or saying which parameter is bad."""
    return make_bot(spec, game_id, 0)


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
        check_bot_spec(game_id, spec)


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


def assign_bot_seats(game_id: str, specs: Sequence[str], bot_seats: Sequence[int]) -> dict[int, str]:
    """``specs`` given to ``bot_seats`` as :func:`assign_bots` does (none: the game's default bot), after
    checking that some seat is a bot's when specs are given; ``{}`` when every seat is a human's."""
    if specs and not bot_seats:
        raise OptionError("--bots was given, but every seat is played by a human (--seat)")
    return assign_bots(game_id, specs, bot_seats) if bot_seats else {}


def default_players(game_id: str, players: int | None) -> int:
    """``players``, or the game's smallest player count when it was not given."""
    if players is not None:
        return players
    return resolve_game(game_id).SPEC.min_players
