"""Small helpers every game's words use (issue 23): a count with the word agreeing with it, a list
joined as people write it, and how engine text names a seat (``P<n>``, which drivers replace with the
table's names: :func:`ninjadojo.table.names.with_names`).

>>> plural(1, "gem"), plural(3, "Highwayman", "Highwaymen"), plural(-1, "point")
('1 gem', '3 Highwaymen', '-1 point')
>>> listing(["a"]), listing(["a", "b"]), listing(["a", "b", "c"], "or")
('a', 'a and b', 'a, b or c')
>>> with_article("Knight"), with_article("Archer"), with_article("easy bot")
('a Knight', 'an Archer', 'an easy bot')
>>> as_told("Give up: you are defeated"), as_told("Flip your trap laid on turn 3 and call TRAP!")
('Give up', 'Flip their trap laid on turn 3 and call TRAP!')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["as_told", "listing", "plural", "seat_name", "with_article"]


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` in digits and ``word``, or its plural ``words`` (default: ``word`` and an s) unless the
    count is 1 or -1."""
    return f"{count} {word if abs(count) == 1 else words or word + 's'}"


def listing(items: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``last``: the word before the last item)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def with_article(words: str) -> str:
    """``a Knight``, ``an Archer``, ``an easy bot``: ``words`` after the article its first letter takes (a
    vowel: "an")."""
    return ("an " if words[:1].lower() in ("a", "e", "i", "o", "u") else "a ") + words


def seat_name(seat: int) -> str:
    """``P2``: how engine text names a seat."""
    return f"P{seat}"


#: A bracketed aside that speaks to the chooser: "(nothing you hold beats it: you would be defeated at once)".
_ASIDE_TO_YOU = re.compile(r"\s*\([^()]*\byou\b[^()]*\)", re.IGNORECASE)
#: Where a choice's words go on to say what it does to the chooser: ": you lose 2 gems", "; nothing you hold".
_CLAUSE = re.compile(r"\s*[:;]\s+")
_YOUR = re.compile(r"\b([Yy])our\b")
_YOU = re.compile(r"\byou\b", re.IGNORECASE)


def as_told(label: str) -> str:
    """A choice's words as offered to its player (in the second person), told of that player to others: the
    asides and clauses that speak to the chooser left out ("you would be defeated at once", "you lose 2
    gems"), and "your" made "their" ("Flip their trap 2"). For a replay's caption, "P2 chose ...": what
    the choice did to them, the log tells in its own words."""
    words = _ASIDE_TO_YOU.sub("", label)
    end = len(words)
    for separator in _CLAUSE.finditer(words):  # the first clause after a separator that speaks to "you"
        if _YOU.search(words, separator.end(), _next_separator(words, separator.end())):
            end = separator.start()
            break
    return _YOUR.sub(lambda match: "Their" if match.group(1) == "Y" else "their", words[:end])


def _next_separator(words: str, start: int) -> int:
    found = _CLAUSE.search(words, start)
    return found.start() if found else len(words)
