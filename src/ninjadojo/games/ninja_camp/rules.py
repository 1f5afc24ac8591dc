"""Movement rules: every distinct outcome of every card for one ninja.

Each generator looks at the board (``cells``: the kind on each square, ``occupant``: the seat whose
ninja stands there or -1) and returns the distinct outcomes of moving the ninja on ``start`` as
``(effect, destination, extra)`` triples: no duplicates, nothing missing. The general rules, which a
card's text overrides:

- no diagonal steps; never through a ninja; never over an empty space; never onto or over a Wall;
  Traps may be crossed and landed on freely;
- never back to the start, never the same space twice;
- every ninja ends on a card with no other ninja on it.

A card whose generator finds no outcome for any ninja cannot be played. The clan cards whose ruling a
table may switch (Armadillo, Camel, Chameleon: :mod:`~ninjadojo.games.ninja_camp.table_rules`) take the
game's :class:`~ninjadojo.games.ninja_camp.table_rules.TableRules`; the default is the project's reading.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ninjadojo.games.ninja_camp.cards import (
    AMBUSH,
    ARMADILLO,
    CAMEL,
    CHAMELEON,
    DODGE,
    EMPTY,
    EVADE,
    FLYING_SQUIRREL,
    GOAT,
    HAMSTER,
    LEAP,
    PLATYPUS,
    SPRINT,
    STEALTH,
    TRAP,
    WALL,
)
from ninjadojo.games.ninja_camp.grid import ORTHOGONAL, Grid
from ninjadojo.games.ninja_camp.table_rules import DEFAULT_RULES, TableRules

# What a move does besides moving the ninja from its start to its destination (and claiming the start).
MOVE = 0  # nothing more
STEALTH_CLAIM = 1  # also claim ``extra``, the first card passed over
AMBUSH_PUSH = 2  # push the opponent's ninja on the destination to ``extra`` (forced, one space on)
GOAT_PUSH = 3  # move the opponent's ninja on the destination to ``extra`` (chosen)
SWAP = 4  # then trade places with the ninja on ``extra``
SLOTH_CLAIM = 5  # no move: claim ``extra``
PLATYPUS_STEP = 6  # first step of Platypus: more may follow, the claim comes at the end
PLATYPUS_MORE = 7  # the second ninja's step of Platypus
PLATYPUS_DONE = 8  # no second step
TAKE = 9  # Platypus: claim ``extra``, one of the cards left
PLACE = 10  # set-up: place a ninja on ``destination``
PASS = 11  # pass for the rest of the game

Outcome = tuple[int, int, int]
Cells = list[int]
Occupant = list[int]


@dataclass(slots=True)
class Board:
    """What movement looks at: the grid's tables, the cards, the ninjas and the free squares."""

    grid: Grid
    cells: Cells
    occupant: Occupant
    #: Per square, whether it is free (any sequence of truth values: a list, or 0/1 bytes).
    free: Sequence[int]

    @classmethod
    def of(cls, grid: Grid, cells: Cells, occupant: Occupant) -> Board:
        """The board of a position (``free`` computed once here)."""
        return cls(grid, cells, occupant, free_squares(cells, occupant))


def free_squares(cells: Cells, occupant: Occupant) -> list[bool]:
    """Per square, whether a ninja may cross it or end there under the general rules: a card (Trap
    included) that is not a Wall, with no ninja. Built once per position, then only indexed."""
    free = [_STANDABLE[kind] for kind in cells]
    for square, owner in enumerate(occupant):
        if owner >= 0:
            free[square] = False
    return free


#: Per card kind, whether a ninja may stand on it: any card but a Wall (an empty space is no card).
_STANDABLE = tuple(kind != EMPTY and kind != WALL for kind in range(WALL + 1))


def evade(board: Board, start: int) -> list[Outcome]:
    """Exactly 3 orthogonal spaces, turning freely, no space twice."""
    grid, free = board.grid, board.free
    found: dict[int, None] = {}
    orth = grid.orth
    for first in orth[start]:
        if not free[first]:
            continue
        for second in orth[first]:
            if second == start or not free[second]:
                continue
            for third in orth[second]:
                # Three orthogonal steps can never end on ``start`` (odd parity), but can on ``first``.
                if third != first and free[third]:
                    found[third] = None
    return [(MOVE, square, -1) for square in found]


def one_or_two(board: Board, start: int, through_ninjas: bool) -> list[Outcome]:
    """Dodge and Hamster: 1 or 2 steps in any of the eight directions."""
    grid, cells, occupant, free = board.grid, board.cells, board.occupant, board.free
    found: dict[int, None] = {}
    king = grid.king
    for first in king[start]:
        kind = cells[first]
        if kind in (EMPTY, WALL):
            continue
        if occupant[first] < 0:
            found[first] = None
        elif not through_ninjas:
            continue
        for second in king[first]:
            if second != start and free[second]:
                found[second] = None
    return [(MOVE, square, -1) for square in found]


def stealth(board: Board, start: int) -> list[Outcome]:
    """Exactly 2 orthogonal spaces; the card passed over is claimed too, so each path is an outcome."""
    grid, free = board.grid, board.free
    outcomes = []
    orth = grid.orth
    for first in orth[start]:
        if not free[first]:
            continue
        for second in orth[first]:
            if second != start and free[second]:
                outcomes.append((STEALTH_CLAIM, second, first))
    return outcomes


def leap(board: Board, start: int) -> list[Outcome]:
    """Straight over one or more empty spaces, landing on the first card after them."""
    grid, cells, free = board.grid, board.cells, board.free
    outcomes = []
    for ray in grid.rays[start]:
        if not ray or cells[ray[0]] != EMPTY:
            continue
        for square in ray:
            if cells[square] != EMPTY:
                if free[square]:
                    outcomes.append((MOVE, square, -1))
                break
    return outcomes


def sprint(board: Board, start: int) -> list[Outcome]:
    """Straight until the edge, an empty space, a Wall or a ninja; stop on the last card before it."""
    grid, free = board.grid, board.free
    outcomes = []
    for ray in grid.rays[start]:
        last = -1
        for square in ray:
            if not free[square]:
                break
            last = square
        if last >= 0:
            outcomes.append((MOVE, last, -1))
    return outcomes


def _charge_targets(board: Board, seat: int, start: int) -> list[tuple[int, int]]:
    """Ambush and Goat: straight over free cards into an opponent's ninja; (direction, its square)."""
    grid, occupant, free = board.grid, board.occupant, board.free
    targets = []
    for direction, ray in enumerate(grid.rays[start]):
        for square in ray:
            if free[square]:
                continue
            owner = occupant[square]
            if owner >= 0 and owner != seat:
                targets.append((direction, square))
            break
    return targets


def ambush(board: Board, seat: int, start: int) -> list[Outcome]:
    """Into an opponent's ninja, which is pushed one space on: onto a card (not a Wall) with no ninja."""
    grid, free = board.grid, board.free
    outcomes = []
    for direction, target in _charge_targets(board, seat, start):
        beyond = grid.step[target][direction]
        if beyond >= 0 and free[beyond]:
            outcomes.append((AMBUSH_PUSH, target, beyond))
    return outcomes


def goat(board: Board, seat: int, start: int) -> list[Outcome]:
    """Into an opponent's ninja, which goes to any adjacent (diagonals too) non-Trap card.

    Not onto the mover's start: that card is claimed at the end of the turn, and every ninja must end
    on a card.
    """
    grid, cells, free = board.grid, board.cells, board.free
    outcomes = []
    for _direction, target in _charge_targets(board, seat, start):
        for square in grid.king[target]:
            if square != start and cells[square] != TRAP and free[square]:
                outcomes.append((GOAT_PUSH, target, square))
    return outcomes


def armadillo(board: Board, start: int, to_last_card: bool = False) -> list[Outcome]:
    """Straight to the edge space of the grid, ignoring everything on the way.

    With ``to_last_card`` (option ``armadillo_edge=cards``) the edge is that of the cards still on the
    grid: the last card that way, however many empty spaces lie beyond it.
    """
    grid, cells, free = board.grid, board.cells, board.free
    outcomes = []
    for ray in grid.rays[start]:
        end = ray[-1] if ray else -1
        if to_last_card:
            end = next((square for square in reversed(ray) if cells[square] != EMPTY), -1)
        if end >= 0 and free[end]:
            outcomes.append((MOVE, end, -1))
    return outcomes


def camel(board: Board, start: int, diagonals: bool = False) -> list[Outcome]:
    """To any card that is not (orthogonally; with ``diagonals``, also diagonally) adjacent to a ninja
    other than the mover."""
    grid, cells, occupant, free = board.grid, board.cells, board.occupant, board.free
    outcomes = []
    near_squares = grid.king if diagonals else grid.orth
    for square in range(len(cells)):
        if square == start or not free[square]:
            continue
        if all(occupant[near] < 0 or near == start for near in near_squares[square]):
            outcomes.append((MOVE, square, -1))
    return outcomes


def chameleon(board: Board, start: int, from_traps: bool = False) -> list[Outcome]:
    """To another copy of the skill card the ninja stands on (not from a Trap: it is no skill card,
    unless ``from_traps``, option ``chameleon_traps``, lets a ninja on a Trap go to another Trap)."""
    cells, occupant = board.cells, board.occupant
    kind = cells[start]
    if kind == TRAP and not from_traps:
        return []
    return [(MOVE, square, -1) for square in range(len(cells))
            if square != start and cells[square] == kind and occupant[square] < 0]


def flying_squirrel(board: Board, start: int) -> list[Outcome]:
    """One orthogonal space (not onto a Trap), then trade places with any other ninja.

    Trading with either of one's own other ninjas leaves the same position (a player's ninjas are alike),
    so only the first of them in square order is offered: one outcome, one text.
    """
    grid, cells, occupant, free = board.grid, board.cells, board.occupant, board.free
    outcomes: list[Outcome] = []
    me = occupant[start]
    own = [square for square in range(len(occupant)) if occupant[square] == me and square != start]
    others = [square for square in range(len(occupant))
              if occupant[square] >= 0 and square != start and (occupant[square] != me or square == own[0])]
    for square in grid.orth[start]:
        if cells[square] != TRAP and free[square]:
            outcomes.extend((SWAP, square, other) for other in others)
    return outcomes


def platypus_steps(board: Board, start: int) -> list[Outcome]:
    """One Platypus step: 1 space in any of the eight directions."""
    grid, free = board.grid, board.free
    return [(PLATYPUS_STEP, square, -1) for square in grid.king[start] if free[square]]


def sloth_claims(board: Board, squares: list[int]) -> list[Outcome]:
    """Claim an unoccupied card (not a Wall) adjacent, diagonals too, to one of the ninjas on ``squares``."""
    grid, free = board.grid, board.free
    found: dict[int, None] = {}
    for start in squares:
        for square in grid.king[start]:
            if free[square]:
                found[square] = None
    return [(SLOTH_CLAIM, -1, square) for square in sorted(found)]


def skill_outcomes(kind: int, board: Board, seat: int, start: int) -> list[Outcome]:
    """The outcomes of skill card ``kind`` (not Shadow: resolve it to the copied kind first)."""
    if kind == EVADE:
        return evade(board, start)
    if kind == SPRINT:
        return sprint(board, start)
    if kind == DODGE:
        return one_or_two(board, start, through_ninjas=False)
    if kind == STEALTH:
        return stealth(board, start)
    if kind == LEAP:
        return leap(board, start)
    if kind == AMBUSH:
        return ambush(board, seat, start)
    raise ValueError(f"no movement for card kind {kind}")


def clan_outcomes(clan: int, board: Board, seat: int, start: int,
                  rules: TableRules = DEFAULT_RULES) -> list[Outcome]:
    """The outcomes of a clan card that moves one ninja (all but Sloth) for the ninja on ``start``,
    under the table's readings ``rules``."""
    if clan == ARMADILLO:
        return armadillo(board, start, rules.armadillo_cards)
    if clan == CAMEL:
        return camel(board, start, rules.camel_diagonals)
    if clan == CHAMELEON:
        return chameleon(board, start, rules.chameleon_traps)
    if clan == FLYING_SQUIRREL:
        return flying_squirrel(board, start)
    if clan == GOAT:
        return goat(board, seat, start)
    if clan == HAMSTER:
        return one_or_two(board, start, through_ninjas=True)
    if clan == PLATYPUS:
        return platypus_steps(board, start)
    raise ValueError(f"clan {clan} does not move a single ninja")


def line_squares(grid: Grid, start: int) -> list[int]:
    """Squares in a straight orthogonal line from ``start`` (for the action space)."""
    return [square for direction in range(ORTHOGONAL) for square in grid.rays[start][direction]]

