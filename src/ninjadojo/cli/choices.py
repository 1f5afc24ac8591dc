"""How a human sees and names actions: numbered columns, pages, and matching what was typed.

Numbers are stable: choice ``n`` is always the ``n``-th of the full list of legal actions, also when
only some choices are shown (a page, or the ones matching what was typed).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: What separates the parts of an action's text (``E:e4-e7`` has the parts ``E``, ``e4`` and ``e7``).
_SEPARATORS = re.compile(r"[^0-9A-Za-z]+")


def _cell_width(numbers: Sequence[int], actions: Sequence[str]) -> tuple[int, int]:
    """The digits of the largest number and the width of the widest ``n) action`` cell."""
    digits = len(str(max(numbers))) if numbers else 1
    return digits, max((digits + 2 + len(action) for action in actions), default=0)


def columns_for(actions: Sequence[str], width: int, gap: int = 3, numbers: Sequence[int] | None = None) -> int:
    """How many columns of choices fit ``width`` (cells as wide as the widest one)."""
    numbers = list(numbers) if numbers is not None else list(range(1, len(actions) + 1))
    _, cell = _cell_width(numbers, actions)
    return max(1, (width + gap) // (cell + gap)) if actions else 1


def choice_lines(actions: Sequence[str], width: int, gap: int = 3, numbers: Sequence[int] | None = None,
                 columns: int | None = None) -> list[str]:
    """``actions`` numbered in equal columns that fit ``width``, numbered down each column.

    ``numbers`` are the numbers to show (default 1, 2, ...): a part of the full list keeps the
    numbers the actions have in the full list. ``columns`` fixes the number of columns (so that
    every page of a long list has the same layout).

    >>> choice_lines(["d", "p1", "p2", "bid", "pass"], 30)
    ['1) d      3) p2     5) pass', '2) p1     4) bid']
    >>> choice_lines(["p2", "pass"], 30, numbers=[3, 5])
    ['3) p2     5) pass']
    """
    if not actions:
        return []
    numbers = list(numbers) if numbers is not None else list(range(1, len(actions) + 1))
    digits, cell = _cell_width(numbers, actions)
    cells = [f"{number:>{digits}}) {action}" for number, action in zip(numbers, actions, strict=True)]
    if columns is None:
        columns = columns_for(actions, width, gap, numbers)
    columns = max(1, min(len(cells), columns))
    rows = -(-len(cells) // columns)
    lines = []
    for row in range(rows):
        line = [cells[index] for index in range(row, len(cells), rows)]
        lines.append((" " * gap).join(text.ljust(cell) for text in line).rstrip())
    return lines


def parts(action: str) -> list[str]:
    """The parts of an action's text: its cards, squares, seats (split at ``:``, ``-``, ``.``, ``@``...).

    >>> parts("E:e4-e7")
    ['E', 'e4', 'e7']
    >>> parts("@d7")
    ['d7']
    """
    return [part for part in _SEPARATORS.split(action) if part]


def same_text(actions: Sequence[str], text: str) -> list[str]:
    """The actions whose text is ``text`` in another case (``D`` for ``d``, ``T:2A`` for ``t:2a``).

    >>> same_text(["d", "t:2a", "pass"], "T:2A")
    ['t:2a']
    """
    folded = text.casefold()
    return [action for action in actions if action.casefold() == folded]


def named_by_parts(actions: Sequence[str], text: str) -> list[str]:
    """The actions that have every word of ``text`` as a whole part (exact case first, else any case).

    A unique one is what the human meant (``d7`` in Ninja Camp names ``@d7``); a part that is only
    a piece of a part (``4`` of ``e4``) names nothing here: :func:`narrow` lists those instead.

    >>> named_by_parts(["@d7", "@e7", "pass"], "d7")
    ['@d7']
    >>> named_by_parts(["E:e4-e7", "R:e4-h4"], "e4")
    ['E:e4-e7', 'R:e4-h4']
    >>> named_by_parts(["E:e4-e7", "R:e4-h4"], "4")
    []
    """
    words = text.split()
    if not words:
        return []
    split = [(action, parts(action)) for action in actions]
    exact = [action for action, pieces in split if all(word in pieces for word in words)]
    if exact:
        return exact
    folded = [word.casefold() for word in words]
    return [action for action, pieces in split if all(word in [p.casefold() for p in pieces] for word in folded)]


def narrow(actions: Sequence[str], text: str) -> list[str]:
    """The actions whose text contains every word of ``text`` (exact case first, else any case).

    >>> narrow(["E:e4-e7", "E:a5-b7", "R:e4-h4", "pass"], "e4")
    ['E:e4-e7', 'R:e4-h4']
    >>> narrow(["E:e4-e7", "E:a5-b7", "R:e4-h4", "pass"], "E -e7")
    ['E:e4-e7']
    """
    words = text.split()
    if not words:
        return []
    exact = [action for action in actions if all(word in action for word in words)]
    if exact:
        return exact
    folded = [word.casefold() for word in words]
    return [action for action in actions if all(word in action.casefold() for word in folded)]


def example_part(actions: Sequence[str]) -> str | None:
    """A part of one of ``actions`` that narrows the list (for hints), or ``None`` if none does.

    >>> example_part(["@a1", "@b1", "@c1"])
    'b1'
    """
    for action in [*actions[len(actions) // 2:], *actions[:len(actions) // 2]]:
        pieces = [piece for piece in parts(action) if piece != action]
        if pieces:
            return pieces[-1]
    return None


def shorten_middle(words: str, room: int) -> str:
    """``words`` in at most ``room`` characters: whole if they fit, else their start and end, cut at word
    boundaries where one is near, around an ellipsis.

    >>> shorten_middle("Learn the Crane tile at the Sensei: discard a 3", 32)
    'Learn the Crane … discard a 3'
    """
    if len(words) <= room:
        return words
    keep = room - 3  # " … "
    head_room, tail_room = (keep + 1) // 2, keep // 2
    head = words[:head_room]
    if words[head_room:head_room + 1] != " ":
        cut = head.rfind(" ")
        if cut >= head_room - 8:
            head = head[:cut]
    tail = words[len(words) - tail_room:] if tail_room > 0 else ""
    if tail and words[len(words) - tail_room - 1] != " ":
        cut = tail.find(" ")
        if 0 <= cut < 8:
            tail = tail[cut + 1:]
    return f"{head.rstrip()} … {tail.lstrip()}".rstrip()
