"""JSON value types, and freezing (lists to tuples) so that loaded data compares equal to live data."""

from __future__ import annotations

from typing import TypeAlias

FrozenJSON: TypeAlias = "bool | int | float | str | tuple[FrozenJSON, ...] | dict[str, FrozenJSON] | None"
JSONValue: TypeAlias = "bool | int | float | str | list[JSONValue] | dict[str, JSONValue] | None"


def freeze(value: object) -> FrozenJSON:
    """Turn parsed JSON into immutable-sequence form: every list becomes a tuple."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return tuple(freeze(item) for item in value)
    if isinstance(value, dict):
        return {str(key): freeze(item) for key, item in value.items()}
    raise ValueError(f"not a JSON value: {value!r}")
