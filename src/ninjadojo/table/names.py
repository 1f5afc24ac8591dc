"""One name per player everywhere: the engine names seats ``P<n>`` in every text it writes (prompts,
labels, log lines, end reasons, score lines); a driver that knows the table's names (a person's name,
"P2 (medium bot)") puts them in with :func:`with_names`, the same way for every game and front end.

>>> with_names("P1 steals secret 2 of P0.", {0: "Ana", 1: "P1 (medium bot)"})
'P1 (medium bot) steals secret 2 of Ana.'
>>> with_names("P1 draws 2.", {0: "Ana"})
'P1 draws 2.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ninjadojo.engine.words import seat_name

__all__ = ["SEAT_NAME", "seat_name", "with_names"]

#: How the engine writes a seat in text: ``P`` and the seat number, as a word of its own.
SEAT_NAME = re.compile(r"\bP(\d{1,2})\b")


def with_names(text: str, names: Mapping[int, str]) -> str:
    """``text`` with each ``P<n>`` replaced by the table's name for seat n (left as it is when the table
    has no name for it). Replacing in one pass means a name that itself reads ``P1 ...`` is never
    replaced again."""
    if not names or "P" not in text:
        return text
    return SEAT_NAME.sub(lambda match: names.get(int(match.group(1)), match.group(0)), text)
