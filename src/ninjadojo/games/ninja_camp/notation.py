"""Ninja Camp's notation: action texts and the position body.

Action texts (short, like UCI; squares are column letter + row number, ``a1`` bottom left):

- ``@c3``: place a ninja on c3 (set-up);
- ``E:b2-b5``: play a skill card (its letter) to move the ninja on b2 to b5; ``S:b2-b3-c3`` names
  Stealth's path (b3 is the card passed over and claimed); ``H:...`` is Shadow, written as the move
  of the card it copies;
- clan cards by their two-letter code: ``ar:`` ``ca:`` ``ch:`` ``ha:`` ``s-t``; ``go:b2-b5>c6`` (the
  opponent's ninja goes to c6); ``fs:b2-b3xd5`` (then trade places with the ninja on d5); ``sl:c4``
  (Sloth claims c4); ``pl:b2-c3`` (a Platypus step), then ``pl:d4-d5`` or ``done``, then ``take:b2``
  when both cards left may be claimed;
- ``pass``: pass for the rest of the game.

Position body: ``<rows>x<cols> <cells> <ninjas> <seats> <turns>`` where cells are the rows from row 1
up, joined by ``/`` (card letters, ``.`` for an empty space); ninjas are each seat's squares
(``a1,b2,c3``, ``-`` for none) joined by ``;``; each seat is
``hand,discard,clan,shadow,passed,moved`` (hand letters sorted, discard pile letters in the order
played, clan code in capitals once used, the kind Shadow would copy, the turn numbers of the pass and
of the last move or -1), joined by ``;``.
"""

from __future__ import annotations

from ninjadojo.engine.errors import quote
from ninjadojo.games.ninja_camp.cards import CLAN_OF_CODE, CLAN_TABLE, KIND_OF_LETTER, LETTERS, SHADOW, SKILLS
from ninjadojo.games.ninja_camp.rules import (
    GOAT_PUSH,
    PLACE,
    PLATYPUS_DONE,
    SLOTH_CLAIM,
    STEALTH_CLAIM,
    SWAP,
    TAKE,
)

PASS_TEXT = "pass"
DONE_TEXT = "done"


def skill_prefix(kind: int) -> str:
    """``E:`` for Evade and so on."""
    return LETTERS[kind] + ":"


def clan_prefix(clan: int) -> str:
    """``go:`` for Goat and so on."""
    return CLAN_TABLE[clan].code + ":"


def action_text(prefix: str, effect: int, start: int, destination: int, extra: int, names: tuple[str, ...]) -> str:
    """The text of one move outcome (see the module docstring)."""
    if effect == STEALTH_CLAIM:
        return f"{prefix}{names[start]}-{names[extra]}-{names[destination]}"
    if effect == GOAT_PUSH:
        return f"{prefix}{names[start]}-{names[destination]}>{names[extra]}"
    if effect == SWAP:
        return f"{prefix}{names[start]}-{names[destination]}x{names[extra]}"
    if effect == SLOTH_CLAIM:
        return f"{prefix}{names[extra]}"
    if effect == TAKE:
        return f"take:{names[extra]}"
    if effect == PLACE:
        return f"@{names[destination]}"
    if effect == PLATYPUS_DONE:
        return DONE_TEXT
    return f"{prefix}{names[start]}-{names[destination]}"


def encode_cells(cells: list[int], cols: int) -> str:
    """Rows from row 1 up, joined by ``/``."""
    letters = "".join(LETTERS[kind] for kind in cells)
    return "/".join(letters[start:start + cols] for start in range(0, len(letters), cols))


def decode_cells(text: str, rows: int, cols: int) -> list[int]:
    """Parse :func:`encode_cells` output, checking its shape and letters."""
    lines = text.split("/")
    if len(lines) != rows or any(len(line) != cols for line in lines):
        raise ValueError(f"the grid must be {rows} rows of {cols} cards joined by '/', not {quote(text)}")
    cells = []
    for letter in "".join(lines):
        if letter not in KIND_OF_LETTER:
            raise ValueError(f"unknown card letter {quote(letter)}; letters are {LETTERS}")
        cells.append(KIND_OF_LETTER[letter])
    return cells


def encode_hand(counts: list[int]) -> str:
    """Hand counts as sorted letters (``-`` when empty)."""
    return "".join(LETTERS[kind] * count for kind, count in enumerate(counts)) or "-"


def decode_hand(text: str) -> list[int]:
    """Parse :func:`encode_hand` output."""
    counts = [0] * len(LETTERS)
    if text == "-":
        return counts
    for letter in text:
        kind = KIND_OF_LETTER.get(letter, 0)
        if kind == 0 or letter == "W":
            raise ValueError(f"a hand holds skill cards and Traps, not {quote(letter)}")
        counts[kind] += 1
    return counts


def decode_discard(text: str) -> str:
    """A discard pile: played skill cards (and Traps or final claims), ``-`` when empty."""
    if text == "-":
        return ""
    for letter in text:
        if letter not in LETTERS[1:-1]:
            raise ValueError(f"a discard pile holds skill cards and Traps, not {quote(letter)}")
    return text


def decode_clan(text: str) -> tuple[int, bool]:
    """A clan code, in capitals once used."""
    clan = CLAN_OF_CODE.get(text.lower())
    if clan is None or text not in (text.lower(), text.upper()):
        raise ValueError(f"unknown clan {quote(text)}; clans are {', '.join(CLAN_OF_CODE)} (in capitals once used)")
    return clan, text.isupper()


def decode_number(text: str, what: str, least: int = 0) -> int:
    """A whole number written in ASCII digits (``-1`` allowed when ``least`` is -1), for the turn fields."""
    digits = text[1:] if text.startswith("-") else text
    if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > 9:
        raise ValueError(f"{what} must be a whole number, not {quote(text)}")
    value = int(text)
    if value < least:
        raise ValueError(f"{what} must be {least} or more, not {value}")
    return value


def decode_shadow(text: str) -> int:
    """The kind a Shadow would copy (``-`` for none)."""
    if text == "-":
        return 0
    kind = KIND_OF_LETTER.get(text, 0)
    if kind not in SKILLS or kind == SHADOW:
        raise ValueError(f"Shadow copies a skill card other than Shadow, not {quote(text)}")
    return kind
