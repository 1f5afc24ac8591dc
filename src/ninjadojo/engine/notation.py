"""Helpers for games' position notations: fixed-width codes run together (``pepekn``, ``Ka9b2c``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

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


def parse_fields(text: str, fields: Sequence[str], optional: Collection[str] = ()) -> dict[str, str]:
    """Split a position body written ``name=value;name=value`` into its fields.

    Raises :class:`NotationError` for an unknown or repeated name, or a missing field that is not
    ``optional``, naming the fields there are.

    >>> parse_fields("a=1;b=x", ("a", "b", "c"), optional=("c",))
    {'a': '1', 'b': 'x'}
    """
    parts: dict[str, str] = {}
    for part in text.split(";"):
        name, sep, value = part.partition("=")
        if not sep or name not in fields or name in parts:
            problem = "is repeated" if name in parts else "is not name=value with a known name"
            raise NotationError(f"position field {quote(part)} {problem}; the fields are {', '.join(fields)}")
        parts[name] = value
    missing = [name for name in fields if name not in parts and name not in optional]
    if missing:
        raise NotationError(f"the position body lacks {', '.join(missing)}; it needs {', '.join(fields)}")
    return parts
