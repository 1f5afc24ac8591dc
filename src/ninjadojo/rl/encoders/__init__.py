"""One observation encoder per game, and the helpers they share.

Each encoder (a :class:`~ninjadojo.rl.encoding.ViewEncoder`) reads only the seat's view, the JSON of
``state.observe(seat)``, and knows the game's codes (cards, rooms, tiles) to lay it out as counts and
one-hots. :func:`encoder_for` builds (and caches) the encoder of a game, player count and options.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from functools import lru_cache

from ninjadojo.engine.errors import UnknownGameError, quote
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue
from ninjadojo.games import game_class
from ninjadojo.rl.encoding import ViewEncoder
from ninjadojo.rl.layout import Writer

#: The module of each game's encoder (its class is ``ENCODER``).
ENCODER_MODULES: dict[str, str] = {
    "ninjitsu": "ninjadojo.rl.encoders.ninjitsu",
    "knights-and-ninjas": "ninjadojo.rl.encoders.knights_and_ninjas",
    "ninja-camp": "ninjadojo.rl.encoders.ninja_camp",
    "ninja-trap": "ninjadojo.rl.encoders.ninja_trap",
    "ninjato": "ninjadojo.rl.encoders.ninjato",
}


def encoder_for(game_id: str, players: int, options: Mapping[str, OptionValue] | None = None) -> ViewEncoder:
    """The encoder of ``game_id`` for ``players`` and ``options`` (checked as the game checks them)."""
    values = game_class(game_id).validate_options(players, options)
    return _cached(game_id, players, tuple(sorted(values.items())))


@lru_cache(maxsize=64)
def _cached(game_id: str, players: int, options: tuple[tuple[str, OptionValue], ...]) -> ViewEncoder:
    module_name = ENCODER_MODULES.get(game_id)
    if module_name is None:
        raise UnknownGameError(f"no observation encoder for {quote(game_id)}; encoders: {', '.join(ENCODER_MODULES)}")
    cls: type[ViewEncoder] = importlib.import_module(module_name).ENCODER
    assert game_id == cls.GAME, f"{module_name} encodes {cls.GAME}, not {game_id}"
    return cls(players, dict(options))


def seat_labels(players: int) -> list[str]:
    """``0``, ``1``, ...: the labels of a per-seat segment."""
    return [str(seat) for seat in range(players)]


def label_offsets(offset: int, labels: Iterable[str]) -> dict[str, int]:
    """The tensor offset of each label of a segment that starts at ``offset``."""
    return {label: offset + number for number, label in enumerate(labels)}


def put_codes(out: Writer, index: Mapping[str, int], codes: Iterable[str]) -> None:
    """A 1 at the offset of each code (a multi-hot: a list of card codes).

    Every code must be one of the game's (a ``KeyError`` names a code the encoder does not know).
    """
    out.ones.extend(map(index.__getitem__, codes))


def count_codes(out: Writer, index: Mapping[str, int], codes: Iterable[str]) -> None:
    """One more at the offset of each code (counts: a list of codes, or the letters of a string)."""
    out.counts.extend(map(index.__getitem__, codes))


def put_code(out: Writer, index: Mapping[str, int], code: JSONValue) -> None:
    """A 1 at the offset of ``code`` (nothing for ``None``)."""
    if code is not None:
        out.ones.append(index[str(code)])


def put_seat(out: Writer, offset: int, seat: JSONValue) -> None:
    """A 1 at ``offset + seat`` for a seat number (nothing for ``None`` or -1)."""
    if isinstance(seat, int) and seat >= 0:
        out.ones.append(offset + seat)


def put_number(out: Writer, offset: int, value: JSONValue) -> None:
    """A scalar (nothing for ``None`` or 0; the encoder clips it to its range)."""
    if value:
        assert isinstance(value, int | float)
        out.at.append(offset)
        out.values.append(value)
