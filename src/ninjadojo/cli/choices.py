"""How a human sees and picks from a long list of actions: numbered columns, and narrowing by text."""

from __future__ import annotations

from collections.abc import Sequence


def choice_lines(actions: Sequence[str], width: int, gap: int = 3) -> list[str]:
    """``actions`` numbered from 1 in equal columns that fit ``width``, numbered down each column.

    >>> choice_lines(["d", "p1", "p2", "bid", "pass"], 30)
    ['1) d      3) p2     5) pass', '2) p1     4) bid']
    """
    if not actions:
        return []
    digits = len(str(len(actions)))
    cells = [f"{number:>{digits}}) {action}" for number, action in enumerate(actions, 1)]
    cell = max(map(len, cells))
    columns = max(1, min(len(cells), (width + gap) // (cell + gap)))
    rows = -(-len(cells) // columns)
    lines = []
    for row in range(rows):
        line = [cells[index] for index in range(row, len(cells), rows)]
        lines.append((" " * gap).join(text.ljust(cell) for text in line).rstrip())
    return lines


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
