"""One observation encoder per game, and the helpers they share.

Each encoder (a :class:`~ninjadojo.rl.encoding.ViewEncoder`) reads only the seat's view, the JSON of
``state.observe(seat)``, and knows the game's codes (cards, rooms, tiles) to lay it out as counts and
one-hots. :func:`encoder_for` builds (and caches) the encoder of a game, player count and options.
"""

from __future__ import annotations

import importlib
from array import array
from collections.abc import Iterable, Mapping
from functools import lru_cache

from ninjadojo.engine.errors import UnknownGameError, quote
from ninjadojo.engine.jsonvalue import JSONValue
from ninjadojo.engine.options import OptionValue
from ninjadojo.games import game_class
from ninjadojo.rl.encoding import Tensor, ViewEncoder
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


#: The most piles a :class:`GrowingPile` keeps at once (games of the environments of one process).
_KEPT_PILES = 64


class GrowingPile:
    """A segment laid out from a pile of card numbers that mostly grows at its end (a discard pile), kept
    from one step to the next so that a step lays out only the cards added since.

    A card's offset in the segment is its number; the segment holds a 1 per card (``counts`` false: a
    pile of unique cards) or the number of cards of each kind (``counts`` true). The values are kept as
    float32 per pile (by the pile's ``id``) with a copy of the pile they were made from, and compared
    with the pile at every call: a pile that grew at its end gets the new cards added, one changed
    otherwise (shuffled away, taken from) is laid out again. So the segment is always the pile's, whatever
    game, clone or environment it comes from; the comparison is what a step costs when nothing was added.
    """

    __slots__ = ("_counts", "_kept", "_size", "_zeros")

    def __init__(self, size: int, counts: bool) -> None:
        self._size = size
        self._counts = counts
        self._zeros = array("f", bytes(4 * size))
        self._kept: dict[int, tuple[list[int], array[float]]] = {}

    def write(self, pile: list[int], out: Tensor, offset: int) -> None:
        """Lay ``pile`` out at ``offset`` of ``out`` (a tensor of zeros there)."""
        if not pile:
            return
        key = id(pile)
        kept = self._kept.get(key)
        if kept is None:
            if len(self._kept) >= _KEPT_PILES:
                self._kept.clear()
            seen: list[int] = []
            values = array("f", self._zeros)
            self._kept[key] = (seen, values)
        else:
            seen, values = kept
        known = len(seen)
        if len(pile) != known or pile != seen:
            if len(pile) > known and (not known or pile[:known] == seen):
                added = pile[known:]
            else:
                seen.clear()
                values[:] = self._zeros
                added = pile
            if self._counts:
                for card in added:
                    values[card] += 1.0
            else:
                for card in added:
                    values[card] = 1.0
            seen.extend(added)
        out[offset:offset + self._size] = values  # type: ignore[index,assignment]
