"""Who plays which seat: humans, and bots made from their specs with seeds derived from the game's."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from ninjadojo.bots import Bot, default_bot, make_bot
from ninjadojo.engine.errors import OptionError, quote
from ninjadojo.engine.rng import derive_seed

__all__ = ["FRESH_SEED_LIMIT", "check_humans", "default_bot", "derive_seed", "fresh_seed", "make_bots"]

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
