"""Who plays which seat: humans, and bots made from their specs with seeds derived from the game's."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from ninjadojo.bots import Bot, SeatView, default_bot, make_bot
from ninjadojo.engine.errors import DojoError, OptionError, quote
from ninjadojo.engine.rng import derive_seed
from ninjadojo.engine.state import GameState

__all__ = ["FRESH_SEED_LIMIT", "QUICK_ANSWER", "check_humans", "default_bot", "derive_seed", "fresh_seed",
           "make_bots", "quick_answer"]

#: The bots that answer at once (milliseconds), the first a game has: a concealed window's answer past
#: its hold, and the move played for a bot that failed to choose (a bug in it).
QUICK_ANSWER = ("heuristic:depth=0", "random")

#: Fresh seeds are drawn below this: short enough to read aloud and type back with ``--seed``.
FRESH_SEED_LIMIT = 10**9


def fresh_seed() -> int:
    """A new game's seed when none is given: drawn from the system's randomness, so that every new game
    deals anew (``--seed N`` with the seed a game shows and saves repeats it exactly)."""
    return secrets.randbelow(FRESH_SEED_LIMIT)


def make_bots(game_id: str, specs: Mapping[int, str], seed: int) -> dict[int, Bot]:
    """One bot per seat from its spec, each with its own seed derived from the game's ``seed`` and the seat.

    Raises :class:`OptionError` for a spec naming a bot the game does not have, or bad parameters.
    """
    return {seat: make_bot(spec, game_id, derive_seed(seed, seat)) for seat, spec in sorted(specs.items())}


def check_humans(humans: Sequence[int], players: int, source: str) -> list[int]:
    """``humans`` as a list, after checking each is a seat of a ``players``-player game, once.

    ``source`` says where the seats came from (``--seat``, a save's file name), for the message.
    """
    for seat in humans:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise OptionError(f"{source} names seat {quote(seat)}, but a {players}-player game has seats "
                              f"0 to {players - 1}")
    if len(set(humans)) != len(humans):
        raise OptionError(f"{source} names a seat twice: {', '.join(map(str, humans))}")
    if not humans:
        raise OptionError(f"{source} names no seat for a human")
    return list(humans)


def quick_answer(game: GameState[Any], seat: int, seed: int, view: SeatView | None = None) -> str:
    """``seat``'s action chosen at once by the first of :data:`QUICK_ANSWER` the game has, on ``view``
    (default: ``SeatView(game, seat)``); the first legal action if none of them chooses a legal one."""
    view = SeatView(game, seat) if view is None else view
    for spec in QUICK_ANSWER:
        try:
            quick = make_bots(game.game_id, {seat: spec}, seed)[seat]
        except DojoError:
            continue  # (the game has no such bot)
        try:
            action = quick.choose(view)
        except Exception:
            continue  # a quick answer must answer: the next bot, or the first legal action
        if game.is_legal(seat, action):
            return action
    return game.legal_actions(seat)[0]
