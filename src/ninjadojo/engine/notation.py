"""Helpers for games' position notations: fixed-width codes run together (``pepekn``, ``Ka9b2c``)."""

from __future__ import annotations

from collections.abc import Mapping

from ninjadojo.engine.errors import NotationError, quote


def parse_codes(text: str, index: Mapping[str, int], width: int = 2, what: str = "card") -> list[int]:
    """Split ``text`` into ``width``-character codes and map each through ``index``.

    Raises :class:`NotationError` naming the bad code and the codes there are.

    >>> parse_codes("kape", {"ka": 0, "pe": 1})
    [0, 1]
    """
    if len(text) % width:
        raise NotationError(f"{what} list {quote(text)} has an odd length: "
                            f"{what} ids are {width} characters run together")
    result = []
    for start in range(0, len(text), width):
        code = text[start:start + width]
        value = index.get(code)
        if value is None:
            raise NotationError(
                f"unknown {what} {quote(code)} in {quote(text)} "
                f"(unknown {what} id; the {what} ids are {', '.join(index)})"
            )
        result.append(value)
    return result
