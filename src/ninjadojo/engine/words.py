"""Small helpers every game's words use (issue 23): a count with the word agreeing with it, a list
joined as people write it, and how engine text names a seat (``P<n>``, which drivers replace with the
table's names: :func:`ninjadojo.table.names.with_names`).

>>> plural(1, "gem"), plural(3, "Highwayman", "Highwaymen"), plural(-1, "point")
('1 gem', '3 Highwaymen', '-1 point')
>>> listing(["a"]), listing(["a", "b"]), listing(["a", "b", "c"], "or")
('a', 'a and b', 'a, b or c')
>>> with_article("Knight"), with_article("Archer"), with_article("easy bot")
('a Knight', 'an Archer', 'an easy bot')
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["listing", "plural", "seat_name", "with_article"]


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
