"""How a human sees and names actions: numbered columns, pages, and matching what was typed.

Numbers are stable: choice ``n`` is always the ``n``-th of the full list of legal actions, also when
only some choices are shown (a page, or the ones matching what was typed).
"""

from __future__ import annotations

import re
import textwrap
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


#: The most choices a list shows whole on two lines each rather than cut to one (:func:`whole_lines`).
WHOLE_CHOICES = 4


def whole_lines(texts: Sequence[str], numbers: Sequence[int], width: int) -> list[str] | None:
    """A short list whose choices would be cut to fit a line, numbered, each on two lines whole instead: an
    Element's two sides are sentences, and "Side 2: On your first turn, take … to look at an opponent's
    hand" said neither. None when nothing would be cut or a choice needs more than two lines (the list is
    then shortened as usual).

    >>> whole_lines(["Side 1: draw a card whenever your cards in play are stolen", "Side 2: swap"], [1, 2], 40)
    ['1) Side 1: draw a card whenever your', '   cards in play are stolen', '2) Side 2: swap']
    >>> whole_lines(["Draw", "Pass"], [1, 2], 40) is None
    True
    """
    digits = len(str(max(numbers)))
    lines: list[str] = []
    cut = False
    for number, text in zip(numbers, texts, strict=True):
        cell = f"{number:>{digits}}) {text}"
        cut = cut or len(cell) > width
        wrapped = textwrap.wrap(cell, width, subsequent_indent=" " * (digits + 2), break_on_hyphens=False)
        if len(wrapped) > 2:
            return None
        lines += wrapped
    return lines if cut else None


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
    # Best, a tail that is a whole clause (after ": ", ", " or "; ", or a parenthesis), with a head that
    # ends at a word: the cut then never falls inside a parenthesis or between a word and its object.
    clauses = {m.end() for m in re.finditer(r"[:,;] ", words)} | {m.start() + 1 for m in re.finditer(r" \(", words)}
    starts = sorted(clauses)
    for start in starts:
        tail = words[start:]
        opened = words.rfind("(", 0, start)
        if opened >= 0 and words.find(")", opened, start) < 0:
            continue  # a clause inside a parenthesis: its tail would close one it never opened
        head_room = keep - len(tail)
        if head_room < max(12, keep // 3):
            continue
        head = words[:head_room + 1]
        head = head[:head.rfind(" ")] if " " in head else head[:head_room]
        if head.count("(") > head.count(")"):
            continue  # the head would leave a parenthesis open ("(cost: 1 to 3 treasures … 2 honour")
        dropped = words[len(head):start].split()
        if words[start] == "(" and dropped and any(char.isdigit() for char in dropped[-1]):
            # A parenthesis says something of the words just before it: a square or a number there
            # ("to a7 (a Stealth)") stays with it, or the parenthesis goes ("to … (a Stealth)" says nothing).
            continue
        if len(head) >= head_room - 12:
            shortened = f"{head.rstrip(' ,;')} … {tail}"
            # Or the head whole up to the clause, and the clause's last words: better where the head would
            # lose more, or a number ("by … its Sentry is a 4" lost "Strength:", "over house … the Taira house
            # points" lost "1:"; now "by Strength: … Sentry is a 4", "over house 1: … Taira house points").
            whole = _whole_head_cut(words, start, room)
            if whole is not None and _lost(words, whole) < _lost(words, shortened):
                return whole
            return shortened
        break
    inside = _cut_in_parenthesis(words, room)
    if inside is not None:
        return inside
    head, tail_room = _middle_head(words, (keep + 1) // 2), keep // 2
    if any(char.isdigit() for char in words[len(head):len(words) - tail_room]):
        # The middle would take a square or a number ("move from d7 to c7"): the start, which names
        # them, keeps two thirds of the room (and no parenthesis it would leave open).
        head = _middle_head(words, keep * 2 // 3)
        tail_room = keep - len(head)
    if head.count("(") > head.count(")") and " (" in head:
        # Never a parenthesis left open: the head ends before it, and the tail takes the room
        # ("Buy the Rumor Greatest Warrior … the Pavilion with a Fan: 2 honour").
        head = head[:head.rfind(" (")]
        tail_room = keep - len(head)
    tail = words[len(words) - tail_room:] if tail_room > 0 else ""
    if tail and words[len(words) - tail_room - 1] != " ":
        cut = tail.find(" ")
        if 0 <= cut < 8:
            tail = tail[cut + 1:]
    if tail.count(")") > tail.count("(") and ") " in tail:
        tail = tail[tail.index(") ") + 2:]  # nor one closed that it did not open
    return f"{head.rstrip()} … {tail.lstrip()}".rstrip()


def _whole_head_cut(words: str, start: int, room: int) -> str | None:
    """``words`` whole up to the clause at ``start``, then the clause's last words (three at least) in
    ``room``; ``None`` where none fit or the clause holds a parenthesis (a cut in it would leave it open)."""
    head, clause = words[:start].rstrip(" ,;"), words[start:]
    if "(" in clause or ")" in clause:
        return None
    for at in (m.end() for m in re.finditer(" ", clause)):
        tail = clause[at:]
        if len(tail.split()) < 3:
            return None
        if len(head) + 3 + len(tail) <= room:
            return f"{head} … {tail}"
    return None


def _lost(words: str, cut: str) -> int:
    """What a cut of ``words`` loses: the letters it drops, a digit counting ten (a number or a square
    is what tells choices apart), and a head left hanging on a little word."""
    head, _, tail = cut.partition(" … ")
    dropped = words[len(head):len(words) - len(tail)]
    # A head left hanging on a little word ("by …", "for the …") reads as a cut sentence: it counts too.
    hanging = 8 if head.split()[-1:] and head.split()[-1].lower() in _LITTLE_WORDS else 0
    return len(dropped.strip()) + 9 * sum(char.isdigit() for char in dropped) + hanging


#: Words that need what follows them: a cut just after one leaves it hanging.
_LITTLE_WORDS = frozenset(("a", "an", "the", "by", "to", "of", "for", "with", "on", "in", "at", "from", "its", "is",
                           "and", "or"))


def _cut_in_parenthesis(words: str, room: int) -> str | None:
    """``words`` that end on a long parenthesis, cut in ``room`` inside it: the start up to a clause's end,
    then the parenthesis opened again with its end, ``Raid house 1 (Taira 2) by Strength (… you would be
    defeated at once)``; ``None`` if they do not end on one or no such cut fits.

    >>> _cut_in_parenthesis("Raid house 4 (Minamoto 8) by Stealth: its Sentry is a 3, play lower (all its "
    ...                     "treasure is red: beating the Sentry takes none; Elites guard it)", 71)
    'Raid house 4 (Minamoto 8) by Stealth (… Elites guard it)'
    """
    if not words.endswith(")"):
        return None
    depth, opened = 0, -1
    for index in range(len(words) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(words[index], 0)
        if depth == 0:
            opened = index
            break
    if opened <= 0:
        return None
    inner = words[opened + 1:]
    # The start: the whole of what comes before the parenthesis, else up to the end of one of its clauses.
    ends = [opened, *sorted((m.start() for m in re.finditer(r"[:,;] ", words[:opened])), reverse=True)]
    heads = [words[:end].rstrip(" ,;:") for end in ends]
    heads = [head for head in heads if len(head) >= 12 and head.count("(") == head.count(")")]
    # The end: a whole clause of the parenthesis, the longest first, else its last words (three at least).
    clauses = [inner[m.end():] for m in re.finditer(r"[:,;] ", inner)]
    spaces = [m.end() for m in re.finditer(r" ", inner)]
    tails = clauses + [inner[at:] for at in spaces if len(inner[at:].split()) >= 3]
    for head in heads:
        for tail in tails:
            text = f"{head} (… {tail}"
            if len(text) <= room:
                return text
    return None


def _middle_head(words: str, head_room: int) -> str:
    """The first ``head_room`` characters of ``words``, cut at a word's end where one is near."""
    head = words[:head_room]
    if words[head_room:head_room + 1] != " ":
        cut = head.rfind(" ")
        if cut >= head_room - 8:
            head = head[:cut]
    return head


def drop_shared_tail(words: str, others: Sequence[str], room: int) -> str:
    """``words`` without the end they share with a sibling (another choice of the same kind: the same
    first three words), when it is too long for ``room``: what tells the choices apart stays, and an
    ellipsis stands for the end they have in common. ``words`` as they are if nothing is dropped.

    >>> drop_shared_tail("Play Evade: move from g3 to f5 (a Dodge) and claim the Shadow on g3",
    ...                  ["Play Evade: move from g3 to f1 (a Stealth) and claim the Shadow on g3"], 50)
    'Play Evade: move from g3 to f5 (a Dodge) …'
    """
    if len(words) <= room:
        return words
    mine = words.split(" ")
    shared = 0  # the shortest end shared with a sibling (of two words or more): a longer one would drop
    # words that tell this choice from another sibling ("(a Sprint)" when two moves end on a Sprint)
    for other in others:
        theirs = other.split(" ")
        if other == words or theirs[:3] != mine[:3]:
            continue
        common = 0
        while common < min(len(mine), len(theirs)) - 3 and mine[-1 - common] == theirs[-1 - common]:
            common += 1
        if common >= 2:  # a word shared (an "on") is chance, and saves nothing worth the ellipsis
            shared = min(shared, common) if shared else common
    end = " ".join(mine[len(mine) - shared:]) if shared else ""
    if "(" in end or ")" in end:
        # A parenthesis is a warning or a detail of its own ("(nothing you hold beats it: you would be
        # defeated at once)" on both sides of a house), never cut by this rule nor dropped for being shared.
        return words
    if not shared:
        return words
    head = mine[:len(mine) - shared]
    if any(other != words and other.split(" ")[:len(head)] == head for other in others):
        # The end shared with one sibling is what tells this choice from another ("... for any card:
        # discard a 1" beside "... for any card: discard a 2"): it stays, for the usual cut.
        return words
    return " ".join(head).rstrip(",:;") + " …"
