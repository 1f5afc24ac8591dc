"""Fast, incremental legal-move generation for a turn.

:mod:`ninjadojo.games.ninja_camp.rules` states each movement plainly. This module gives exactly the
same actions (texts, payloads and order: ``tests/games/ninja_camp/test_ninja_camp_incremental.py``
compares the two on many positions) for less work, in two ways.

**Cheap.** Move generation reads one byte of *facts* per square (:data:`FREE`, :data:`EMPTY_SPACE`,
:data:`OCCUPIED`, :data:`OWN`, :data:`TRAP_CARD`, :data:`STANDABLE`). A game keeps them in its
``board`` bytes, updated square by square as cards are claimed and ninjas move (:func:`refresh`), so a
turn gets its seat's facts with one ``bytes.translate`` instead of a pass over the grid. Every text
and payload a card can ever offer is built once per grid size (:class:`MoveTables`), so a turn only
picks them; the walks follow trees that already leave out the squares a path may not revisit
(Evade's three steps, Stealth's two, the 1-2 king steps), so they only ask "is this square free?".

**Incremental.** The moves of one movement (a skill, or a clan card that moves one ninja) from one
square depend only on some facts of a fixed set of squares, its *zone* (:func:`_zone_facts`): Evade
on whether the squares within three orthogonal steps are free, Dodge on those within two king steps,
Goat on the free squares in line, whose ninjas stand there and the Traps beside them, and so on. Read
as one integer (the *board word*), the facts of a zone are ``word & zone``. A clan card whose ruling a
table may switch (:mod:`~ninjadojo.games.ninja_camp.table_rules`: Armadillo, Camel) has a movement of
its own for the other reading, with its own zone. The items of each (card, movement, start, seat) are
remembered with that signature and reused while it stays the same: a move
changes a few squares, so part of each turn is not worked out again (about a fifth of it in random
playouts, where three players' moves change much of a small grid between one's turns), and a
position asked again (a clone or sample of it, as a search draws them) costs one lookup per card and
ninja. The memo (:class:`MoveMemo`) belongs to a game and is shared by its clones and samples: an
entry is used only by a position whose signature matches, whichever of them made it, so sharing is
safe, even with a bot that edits its sample (see below). A memo holds at most one entry per (card,
movement, start, seat), a few thousand, and is pickled empty.

Only what costs more to walk than to look up is remembered (:data:`REMEMBERED`): Evade's and Dodge's
walks, and the clan cards'. Sprint, Leap, Ambush and Stealth read a few squares in line (or two
steps): their walk costs about what a lookup does (a signature, a key, an entry stored on a miss), and
in random playouts four lookups in five miss, so they are walked every time (a random playout of
three players runs about 5% faster so; a search asking a position again walks them again, its
rollouts gain as much).

Every remembered movement is worked out from the facts alone (never from the position's other
fields), so an entry is right for every position with its signature, however it was made. Sloth
(which depends on all three ninjas) and Chameleon (on the kind of every card) are worked out each
time (a clan card is used once a game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from itertools import chain, compress
from operator import itemgetter
from typing import TYPE_CHECKING

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
    SHADOW,
    SKILLS,
    SLOTH,
    SPRINT,
    STEALTH,
    TRAP,
    WALL,
)
from ninjadojo.games.ninja_camp.grid import Grid, grid
from ninjadojo.games.ninja_camp.notation import PASS_TEXT, action_text, clan_prefix, skill_prefix
from ninjadojo.games.ninja_camp.rules import (
    AMBUSH_PUSH,
    GOAT_PUSH,
    MOVE,
    PASS,
    PLACE,
    PLATYPUS_DONE,
    PLATYPUS_STEP,
    SLOTH_CLAIM,
    STEALTH_CLAIM,
    SWAP,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninja_camp.state import NinjaCampState

#: (card, effect, start, destination, extra): see ``rules`` for effects and ``effects`` for cards.
Payload = tuple[int, int, int, int, int]
#: An action text and its payload.
Item = tuple[str, Payload]
#: What one (card, movement, start, seat) offers, in the order of the rules' generator.
Items = tuple[Item, ...]

#: Payload card numbers from this one up are clan cards (``CLAN_CARD + clan``); a clan card's movement
#: has the same number.
CLAN_CARD = 10
#: Every payload card number (skills by kind, clan cards after them) is below this.
CARDS = CLAN_CARD + SLOTH + 1
#: The movements of the other readings of clan cards (:mod:`~ninjadojo.games.ninja_camp.table_rules`),
#: numbered after the cards: a movement is part of the memo key and has its own zone, so a move
#: remembered under one reading is never offered under another.
ARMADILLO_TO_LAST_CARD = CARDS  # armadillo_edge=cards
CAMEL_DIAGONAL = CARDS + 1  # camel_diagonals=true
#: Every movement number (cards, then the other readings) is below this.
MOVEMENTS = CARDS + 2

PASS_PAYLOAD: Payload = (0, PASS, -1, -1, -1)
#: ``pass`` as the last part of a turn's items.
_PASS_ITEMS: Items = ((PASS_TEXT, PASS_PAYLOAD),)
DONE_PAYLOAD: Payload = (0, PLATYPUS_DONE, -1, -1, -1)

#: ``hand[_HELD]``: a hand's counts of the skill kinds, in :data:`SKILLS` order (the kinds 1 to 7).
_HELD = slice(AMBUSH, STEALTH + 1)
assert tuple(range(AMBUSH, STEALTH + 1)) == SKILLS, "a turn picks the skills held by slicing a hand"

# The facts about one square, one bit each in the square's byte of the board word.
FREE = 1  # a card (Trap included, Wall not) with no ninja: a ninja may cross it or end there
EMPTY_SPACE = 2  # no card: it was claimed
OCCUPIED = 4  # a ninja stands there
OWN = 8  # a ninja of the seat asking stands there
TRAP_CARD = 16  # a Trap
STANDABLE = 32  # a card that is not a Wall, with or without a ninja on it

#: Per card kind, its square's facts before the ninjas are counted (a table for ``bytes.translate``).
_CELL_FACTS = bytes(
    EMPTY_SPACE if kind == EMPTY else 0 if kind == WALL else FREE | STANDABLE | (TRAP_CARD if kind == TRAP else 0)
    for kind in range(256)
)
#: A board byte to 1 for a square with no ninja, 0 for one with a ninja.
_NO_NINJA = bytes(0 if square & OCCUPIED else 1 for square in range(256))
#: Keeps only :data:`FREE`: a 0/1 byte per square, indexed like the rules' ``free`` list.
_FREE_ONLY = bytes(facts & FREE for facts in range(256))

#: The text prefix of each payload card number: skills by letter, clan cards by code.
_PREFIX: tuple[str, ...] = tuple(
    skill_prefix(card) if card in SKILLS else clan_prefix(card - CLAN_CARD) if card >= CLAN_CARD else ""
    for card in range(CARDS)
)

#: Stands in a row for a destination the card can never reach (a walk never picks it: the property
#: test would see its empty text).
_NEVER: Item = ("", (-1, -1, -1, -1, -1))

#: ``row[destination]``: a card's item for the move from one start to ``destination``.
Row = tuple[Item, ...]
# Walks from one start square (see MoveTables).
Steps = tuple[tuple[int, tuple[int, ...]], ...]
EvadeTree = tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]
StealthTree = tuple[tuple[int, tuple[tuple[int, Item], ...]], ...]
#: Goat from one start into the ninja on one target: (square, item) for each square beside the target
#: (diagonals too) but the start, where the charged ninja may be put.
GoatPushes = tuple[tuple[int, Item], ...]


@dataclass(frozen=True, slots=True)
class MoveTables:
    """Per grid size, built once and shared by every game of that size (tuples only: read-only)."""

    grid: Grid
    #: ``zones[movement][start]``: the mask over the board word of every fact the moves of
    #: ``movement`` from ``start`` depend on; ``()`` for a movement worked out each time.
    zones: tuple[tuple[int, ...], ...]
    #: ``evade[start]``: (first, ((second, thirds), ...)) over orthogonal steps, never back to the
    #: start nor (third step) to the first square.
    evade: tuple[EvadeTree, ...]
    #: ``near[start]``: (first, seconds) over king steps, seconds never back to the start.
    near: tuple[Steps, ...]
    #: ``moves[card][start]``: the card's plain moves (Evade, Dodge, Leap, Sprint and Shadow copying
    #: them; Armadillo, Camel, Chameleon, Hamster); ``()`` for other cards.
    moves: tuple[tuple[Row, ...], ...]
    #: ``pushes[card][start]``: Ambush (and Shadow copying it) into the ninja on a square in line.
    pushes: tuple[tuple[Row, ...], ...]
    #: ``stealth[card][start]``: (first, ((second, item), ...)): Stealth's paths (and Shadow's copying it).
    stealth: tuple[tuple[StealthTree, ...], ...]
    #: ``places[square]``: the set-up action placing a ninja on ``square``.
    places: tuple[Item, ...]
    #: ``steps[start]``: Platypus's first step from ``start``, a row over the destination (king steps only).
    steps: tuple[Row, ...]
    #: ``claims[square]``: Sloth's claim of the card on ``square``.
    claims: Row
    #: ``goat[start][target]``: Goat from ``start`` into the ninja on ``target`` (``()`` off its lines).
    goat: tuple[tuple[GoatPushes, ...], ...]
    #: Flying Squirrel's rows (see :meth:`swap_row`), made on first use: its moves depend on every ninja,
    #: so they are picked each time, but their words need not be written each time. Only ever added to,
    #: each row a function of its key, so sharing it is as safe as sharing the tuples.
    swaps: dict[int, Row]

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        # Pickled by size, unpickled as the shared tables of the receiving process (as a Grid is).
        return tables, (self.grid.rows, self.grid.cols)

    def swap_row(self, start: int, square: int) -> Row:
        """``row[other]``: Flying Squirrel moving from ``start`` to ``square``, then trading places with the
        ninja on ``other``."""
        key = start * 64 + square
        row = self.swaps.get(key)
        if row is None:
            card, names = CLAN_CARD + FLYING_SQUIRREL, self.grid.names
            row = self.swaps[key] = tuple(
                (action_text(_PREFIX[card], SWAP, start, square, other, names), (card, SWAP, start, square, other))
                for other in range(self.grid.size))
        return row


def _zone_facts(table: Grid, movement: int, start: int) -> dict[int, int]:
    """What the moves of ``movement`` from ``start`` read, as {square: facts}: a superset of what the
    generators of ``rules`` and the walks here look at.

    Manhattan and king distances bound the step-by-step cards; the straight-line ones read their four
    rays (Goat also the squares beside them, where the charged ninja may be put).
    """
    everywhere = range(table.size)
    rays = [square for ray in table.rays[start] for square in ray]
    zone: dict[int, int] = {}

    def add(squares: Iterable[int], facts: int) -> None:
        for square in squares:
            zone[square] = zone.get(square, 0) | facts

    if movement == EVADE:
        add(_within(table, start, 3, king=False), FREE)
    elif movement == DODGE:
        add(_within(table, start, 2, king=True), FREE)
    elif movement == CLAN_CARD + HAMSTER:
        add(_within(table, start, 2, king=True), FREE | STANDABLE)
    elif movement == CLAN_CARD + GOAT:
        add(rays, FREE | OCCUPIED | OWN)
        for square in rays:
            add(table.king[square], FREE | TRAP_CARD)
    elif movement == CLAN_CARD + ARMADILLO:
        add([ray[-1] for ray in table.rays[start] if ray], FREE)
    elif movement == ARMADILLO_TO_LAST_CARD:
        add(rays, FREE | EMPTY_SPACE)
    elif movement in (CLAN_CARD + CAMEL, CAMEL_DIAGONAL):
        add(everywhere, FREE | OCCUPIED)
    elif movement == CLAN_CARD + FLYING_SQUIRREL:
        add(everywhere, OCCUPIED | OWN)
        add(table.orth[start], FREE | TRAP_CARD)
    elif movement == CLAN_CARD + PLATYPUS:
        add(table.king[start], FREE)
    else:
        raise ValueError(f"movement {movement} has no zone")
    return zone


def _within(table: Grid, start: int, limit: int, king: bool) -> list[int]:
    """The squares at a Manhattan (or, with ``king``, king-step) distance from 1 to ``limit`` of ``start``."""
    manhattan, king_steps = _distances(table.rows, table.cols)[start]
    distances = king_steps if king else manhattan
    return [square for square, distance in enumerate(distances) if 0 < distance <= limit]


@cache
def _distances(rows: int, cols: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Per start square: the Manhattan and the king-step distance to every square (table building only)."""
    places = [divmod(square, cols) for square in range(rows * cols)]
    return tuple((tuple(abs(r - row) + abs(c - col) for r, c in places),
                  tuple(max(abs(r - row), abs(c - col)) for r, c in places))
                 for row, col in places)


#: The movements whose moves are remembered: the skills whose walks read many squares (Evade, Dodge),
#: and the clan cards but Chameleon and Sloth, under every reading (see the module docstring).
REMEMBERED = (EVADE, DODGE,
              *(CLAN_CARD + clan for clan in (ARMADILLO, CAMEL, FLYING_SQUIRREL, GOAT, HAMSTER, PLATYPUS)),
              ARMADILLO_TO_LAST_CARD, CAMEL_DIAGONAL)


def _reach(table: Grid, start: int, card: int) -> set[int]:
    """Every square a plain move of ``card`` from ``start`` could ever end on (a superset is harmless)."""
    line = {square for ray in table.rays[start] for square in ray}
    if card in (LEAP, SPRINT, CLAN_CARD + ARMADILLO):
        return line
    if card == EVADE:
        return set(_within(table, start, 3, king=False))
    if card in (DODGE, CLAN_CARD + HAMSTER):
        return set(_within(table, start, 2, king=True))
    if card == SHADOW:
        return line | _reach(table, start, EVADE) | _reach(table, start, DODGE)
    if card in (CLAN_CARD + CAMEL, CLAN_CARD + CHAMELEON):
        return set(range(table.size)) - {start}
    return set()


@cache
def tables(rows: int, cols: int) -> MoveTables:
    """The move tables of a grid size (built once, shared)."""
    table = grid(rows, cols)
    size, names, orth, king, pairs = table.size, table.names, table.orth, table.king, table.pairs
    zones = tuple(
        tuple(sum(facts << (8 * square) for square, facts in _zone_facts(table, movement, start).items())
              for start in range(size)) if movement in REMEMBERED else ()
        for movement in range(MOVEMENTS))
    evade = tuple(
        tuple((first, tuple((second, tuple(third for third in orth[second] if third != first))
                            for second in orth[first] if second != start))
              for first in orth[start])
        for start in range(size))
    near = tuple(
        tuple((first, tuple(second for second in king[first] if second != start)) for first in king[start])
        for start in range(size))
    moves: list[tuple[Row, ...]] = []
    pushes: list[tuple[Row, ...]] = []
    stealth: list[tuple[StealthTree, ...]] = []
    for card in range(CARDS):
        prefix = _PREFIX[card]
        move_rows: list[Row] = []
        push_rows: list[Row] = []
        paths: list[StealthTree] = []
        for start in range(size):
            reach = _reach(table, start, card)
            if reach:
                move_rows.append(tuple((prefix + pairs[start][end], (card, MOVE, start, end, -1)) if end in reach
                                       else _NEVER for end in range(size)))
            if card in (AMBUSH, SHADOW):
                push = [_NEVER] * size
                for direction, ray in enumerate(table.rays[start]):
                    for target in ray:
                        beyond = table.step[target][direction]
                        if beyond >= 0:
                            push[target] = (prefix + pairs[start][target], (card, AMBUSH_PUSH, start, target, beyond))
                push_rows.append(tuple(push))
            if card in (STEALTH, SHADOW):
                paths.append(tuple(
                    (first, tuple((second, (f"{prefix}{names[start]}-{names[first]}-{names[second]}",
                                            (card, STEALTH_CLAIM, start, second, first)))
                                  for second in orth[first] if second != start))
                    for first in orth[start]))
        moves.append(tuple(move_rows))
        pushes.append(tuple(push_rows))
        stealth.append(tuple(paths))
    places = tuple((f"@{name}", (0, PLACE, -1, square, -1)) for square, name in enumerate(names))
    # The clan cards' items, written once: Platypus's first step, Sloth's claims, Goat's charges.
    platypus, sloth, goat = CLAN_CARD + PLATYPUS, CLAN_CARD + SLOTH, CLAN_CARD + GOAT
    steps = tuple(tuple((_PREFIX[platypus] + pairs[start][end], (platypus, PLATYPUS_STEP, start, end, -1))
                        if end in king[start] else _NEVER for end in range(size))
                  for start in range(size))
    claims = tuple((_PREFIX[sloth] + name, (sloth, SLOTH_CLAIM, -1, -1, square)) for square, name in enumerate(names))
    lines = [{target for ray in table.rays[start] for target in ray} for start in range(size)]
    charges = tuple(
        tuple(tuple((square, (action_text(_PREFIX[goat], GOAT_PUSH, start, target, square, names),
                              (goat, GOAT_PUSH, start, target, square)))
                    for square in king[target] if square != start) if target in lines[start] else ()
              for target in range(size))
        for start in range(size))
    return MoveTables(table, zones, evade, near, tuple(moves), tuple(pushes), tuple(stealth), places,
                      steps, claims, charges, {})


class MoveMemo:
    """The remembered moves of a game and its clones: key -> (signature, items), where the key stands
    for (card, movement, start, seat)."""

    __slots__ = ("entries", "tables")

    def __init__(self, moves: MoveTables) -> None:
        self.tables = moves
        self.entries: dict[int, tuple[int, Items]] = {}

    def __reduce__(self) -> tuple[object, tuple[MoveTables]]:
        # What a memo holds is rebuilt on demand: a pickled game (a bot's view sent to another process)
        # carries only its position, and an empty memo.
        return MoveMemo, (self.tables,)


#: A square's byte in a game's :attr:`board`: its facts but :data:`OWN`, and its ninja's owner in the top
#: two bits (meaningful when :data:`OCCUPIED` is set).
OWNER_SHIFT = 6
#: ``SQUARE_FACTS[kind][owner + 1]``: the board byte of a square with that card and that ninja (-1 for none).
SQUARE_FACTS = tuple(
    tuple(_CELL_FACTS[kind] if owner < 0 else (_CELL_FACTS[kind] & ~FREE) | OCCUPIED | owner << OWNER_SHIFT
          for owner in range(-1, 4))
    for kind in range(WALL + 1)
)
#: Per seat asking: a board byte to that seat's facts (:data:`OWN` where its ninja stands, no owner bits).
_SEAT_FACTS = tuple(
    bytes((square & 63) | (OWN if square & OCCUPIED and square >> OWNER_SHIFT == seat else 0)
          for square in range(256))
    for seat in range(4)
)


def board_of(cells: list[int], ninjas: list[list[int]]) -> bytearray:
    """A game's board bytes (see :data:`OWNER_SHIFT`), built from its cards and each seat's ninjas."""
    board = bytearray(bytes(cells).translate(_CELL_FACTS))
    for owner, squares in enumerate(ninjas):
        for square in squares:
            board[square] = SQUARE_FACTS[cells[square]][owner + 1]
    return board


def refresh(state: NinjaCampState, square: int) -> None:
    """Bring the board byte of ``square`` up to date after its card or ninja changed.

    Every change to ``cells`` or ``occupant`` updates the board (here, or inline with
    :data:`SQUARE_FACTS` where it is hot), so that a turn reads the board's facts with one ``translate``
    instead of a pass over squares and ninjas; ``invariants`` checks that they agree.
    """
    state.board[square] = SQUARE_FACTS[state.cells[square]][state.occupant[square] + 1]


def board_facts(board: bytearray, seat: int) -> tuple[bytearray, int]:
    """One byte of facts per square (see the module docstring) for ``seat`` asking, and the board word."""
    facts = board.translate(_SEAT_FACTS[seat])
    return facts, int.from_bytes(facts, "little")


def _key(card: int, movement: int, start: int, seat: int) -> int:
    """The memo key of (card, movement, start, seat): one small integer (a grid has under 64 squares)."""
    return ((card * MOVEMENTS + movement) * 64 + start) * 4 + seat


# ---------------------------------------------------------------------- the skills
#
# One walk per movement, each giving the items of skill ``card`` moving as ``movement`` (itself, or the
# card a Shadow copies), in the order of the generator of ``rules`` of that name, which each walk follows
# step by step. The remembered walks (Evade, Dodge: :data:`_FROM_ONE`) go from one start, each start's
# items remembered apart; the others (:data:`_FROM_ALL`) go from each of the seat's ninjas in turn, in one
# call, their items one after another.


def _evade(card: int, start: int, moves: MoveTables, free: bytearray, facts: bytearray) -> Items:
    """Evade: exactly three orthogonal steps over free cards, never twice on one square."""
    found: dict[int, None] = {}
    for first, seconds in moves.evade[start]:
        if free[first]:
            for second, thirds in seconds:
                if free[second]:
                    for third in thirds:
                        if free[third]:
                            found[third] = None
    # _picked written out (a call less for each ninja).
    if len(found) > 1:
        items: Items = itemgetter(*found)(moves.moves[card][start])
        return items
    return tuple(map(moves.moves[card][start].__getitem__, found))


def _dodge(card: int, start: int, moves: MoveTables, free: bytearray, facts: bytearray) -> Items:
    """Dodge: one or two king steps over free cards."""
    found: dict[int, None] = {}
    for first, seconds in moves.near[start]:
        if free[first]:
            found[first] = None
            for second in seconds:
                if free[second]:
                    found[second] = None
    # _picked written out (a call less for each ninja).
    if len(found) > 1:
        items: Items = itemgetter(*found)(moves.moves[card][start])
        return items
    return tuple(map(moves.moves[card][start].__getitem__, found))


def _picked(row: Row, squares: dict[int, None]) -> Items:
    """The items of ``row`` at ``squares``, in their order: picked in C (``itemgetter`` of one index gives
    the item itself, not a tuple)."""
    if len(squares) > 1:
        items: Items = itemgetter(*squares)(row)
        return items
    return tuple(map(row.__getitem__, squares))


def _sprint(card: int, squares: list[int], moves: MoveTables, free: bytearray, facts: bytearray) -> list[Item]:
    """Sprint: straight to the last free card before the first square that is not one, in each line."""
    rows, rays = moves.moves[card], moves.grid.rays
    items = []
    for start in squares:
        row = rows[start]
        for ray in rays[start]:
            # A line shut at its first square (a ninja, a gap, the edge) is common: asked before the walk.
            if ray and free[ray[0]]:
                last = ray[0]
                for square in ray:
                    if not free[square]:
                        break
                    last = square
                items.append(row[last])
    return items


def _stealth(card: int, squares: list[int], moves: MoveTables, free: bytearray, facts: bytearray) -> list[Item]:
    """Stealth: two orthogonal steps over free cards (the first one is claimed too)."""
    paths = moves.stealth[card]
    return [item for start in squares for first, seconds in paths[start] if free[first]
            for second, item in seconds if free[second]]


def _leap(card: int, squares: list[int], moves: MoveTables, free: bytearray, facts: bytearray) -> list[Item]:
    """Leap: straight over one or more empty spaces to the first card after them, if it is free."""
    rows, rays = moves.moves[card], moves.grid.rays
    items = []
    for start in squares:
        row = rows[start]
        for ray in rays[start]:
            if ray and facts[ray[0]] & EMPTY_SPACE:
                for square in ray:
                    if not facts[square] & EMPTY_SPACE:
                        if free[square]:
                            items.append(row[square])
                        break
    return items


def _ambush(card: int, squares: list[int], moves: MoveTables, free: bytearray, facts: bytearray) -> list[Item]:
    """Ambush: straight over free cards into an opponent's ninja, pushed one square on onto a free card."""
    rows, rays, step = moves.pushes[card], moves.grid.rays, moves.grid.step
    items = []
    for start in squares:
        row = rows[start]
        for direction, ray in enumerate(rays[start]):
            for square in ray:
                if free[square]:
                    continue
                if facts[square] & (OCCUPIED | OWN) == OCCUPIED:  # an opponent's ninja: pushed one on
                    beyond = step[square][direction]
                    if beyond >= 0 and free[beyond]:
                        items.append(row[square])
                break
    return items


#: A remembered skill's walk: (card, start, tables, free, facts) to its items from that start.
WalkFromOne = Callable[[int, int, MoveTables, bytearray, bytearray], Items]
#: Another skill's walk: (card, the seat's ninjas, tables, free, facts) to its items from each in turn.
WalkFromAll = Callable[[int, list[int], MoveTables, bytearray, bytearray], list[Item]]
#: ``_FROM_ONE[movement]``: the walk of each remembered skill (see :data:`REMEMBERED`), else None.
_FROM_ONE: tuple[WalkFromOne | None, ...] = tuple(
    {EVADE: _evade, DODGE: _dodge}.get(kind) for kind in range(STEALTH + 1))
#: ``_FROM_ALL[movement]``: the walk of each skill not remembered (Shadow has none: it moves as another).
_FROM_ALL: tuple[WalkFromAll | None, ...] = tuple(
    {AMBUSH: _ambush, LEAP: _leap, SPRINT: _sprint, STEALTH: _stealth}.get(kind) for kind in range(STEALTH + 1))


# ---------------------------------------------------------------------- a turn


def turn_actions(state: NinjaCampState, seat: int, memo: MoveMemo) -> dict[str, Payload]:
    """Every distinct outcome of every playable card and the clan card, then ``pass``: exactly what the
    rules' generators give, in their order (see the module docstring)."""
    moves = memo.tables
    zones = moves.zones
    entries = memo.entries
    lookup = entries.get
    # board_facts written out (once a turn, as everything below).
    facts = state.board.translate(_SEAT_FACTS[seat])
    word = int.from_bytes(facts, "little")
    free = facts.translate(_FREE_ONLY)
    squares = state.ninjas[seat]
    hand = state.hands[seat]
    parts: list[Iterable[Item]] = []
    add = parts.append
    # The skills held, in SKILLS order, picked in C (SKILLS are the kinds 1 to 7: _HELD slices them).
    for card in compress(SKILLS, hand[_HELD]):
        movement = card
        if card == SHADOW:
            movement = state.copyable[seat]
            if not movement:
                continue
        walk_all = _FROM_ALL[movement]
        if walk_all is not None:
            # A walk of a few squares from each ninja, not remembered (see the module docstring).
            add(walk_all(card, squares, moves, free, facts))
            continue
        walk = _FROM_ONE[movement]
        zone = zones[movement]
        base = (card * MOVEMENTS + movement) * 256 + seat  # _key(card, movement, 0, seat), written out
        for start in squares:
            key = base + 4 * start
            signature = word & zone[start]
            entry = lookup(key)
            if entry is None or entry[0] != signature:
                entry = entries[key] = (signature, walk(card, start, moves, free, facts))  # type: ignore[misc]
            add(entry[1])
    # One dict built in C from every card's items (a later duplicate keeps its first place, as updates do).
    if state.clan_used[seat]:
        add(_PASS_ITEMS)
        return dict(chain.from_iterable(parts))
    legal: dict[str, Payload] = dict(chain.from_iterable(parts))
    _add_clan_actions(state, seat, memo, legal, facts, free, word)
    legal[PASS_TEXT] = PASS_PAYLOAD
    return legal


def _add_clan_actions(state: NinjaCampState, seat: int, memo: MoveMemo, legal: dict[str, Payload],
                      facts: bytearray, free: bytearray, word: int) -> None:
    """Add the clan card's items to ``legal``, one ninja's after another as the rules list them."""
    moves = memo.tables
    table = moves.grid
    clan = state.clans[seat]
    card = CLAN_CARD + clan
    squares = state.ninjas[seat]
    if clan == SLOTH:
        # No ninja moves: the claims are the whole action, written without a start: the free cards beside
        # any of the seat's ninjas (diagonals too), in square order, as the rules' sloth_claims lists them.
        king = table.king
        legal.update(map(moves.claims.__getitem__,
                         sorted({square for start in squares for square in king[start] if free[square]})))
        return
    rules = state.table_rules
    if clan == CHAMELEON:
        cells = bytes(state.cells)
        for start in squares:
            kind = cells[start]
            if kind == TRAP and not rules.chameleon_traps:  # a Trap is no skill card (Ruling 10)
                continue
            row = moves.moves[card][start]
            copies = []
            at = cells.find(kind)
            while at >= 0:
                if at != start and not facts[at] & OCCUPIED:
                    copies.append(row[at])
                at = cells.find(kind, at + 1)
            legal.update(copies)
        return
    # The movement names the reading too (Rulings 8 and 9), so the memo keys on it.
    movement = card
    if clan == ARMADILLO and rules.armadillo_cards:
        movement = ARMADILLO_TO_LAST_CARD
    elif clan == CAMEL and rules.camel_diagonals:
        movement = CAMEL_DIAGONAL
    zone = moves.zones[movement]
    entries = memo.entries
    base = (card * MOVEMENTS + movement) * 256 + seat  # _key(card, movement, 0, seat), written out
    camel: tuple[bytes, bytearray] | None = None  # Camel: the free squares nobody is beside; those one is
    occupied: list[int] | None = None  # Flying Squirrel: every ninja's square, in order
    for start in squares:
        key = base + 4 * start
        signature = word & zone[start]
        entry = entries.get(key)
        if entry is not None and entry[0] == signature:
            legal.update(entry[1])
            continue
        items: Items
        if clan == CAMEL:
            near = table.king if movement == CAMEL_DIAGONAL else table.orth
            if camel is None:
                camel = _camel_ends(state.ninjas, free, near)
            items = _camel(moves.moves[card][start], start, camel[0], camel[1], free, near)
        elif clan == HAMSTER:
            items = _hamster(moves.moves[card][start], moves.near[start], free, facts)
        elif clan == ARMADILLO:
            row = moves.moves[card][start]
            if movement == ARMADILLO_TO_LAST_CARD:
                items = tuple(_to_last_card(row, table.rays[start], free, facts))
            else:
                items = tuple([row[ray[-1]] for ray in table.rays[start] if ray and free[ray[-1]]])
        elif clan == FLYING_SQUIRREL:
            if occupied is None:
                occupied = sorted(chain.from_iterable(state.ninjas))
            # One trade with the seat's own ninjas, the first in square order: trading with either of them
            # leaves the same position (rules.flying_squirrel).
            own = sorted(square for square in squares if square != start)[:1]
            others = [square for square in occupied if square != start and (square in own or square not in squares)]
            found: list[Item] = []
            for square in table.orth[start]:
                if free[square] and not facts[square] & TRAP_CARD:
                    found.extend(map(moves.swap_row(start, square).__getitem__, others))
            items = tuple(found)
        elif clan == GOAT:
            items = _goat(moves.goat[start], table.rays[start], free, facts)
        else:  # Platypus's first step: one king step onto a free card
            row = moves.steps[start]
            items = tuple([row[square] for square in table.king[start] if free[square]])
        entries[key] = (signature, items)
        legal.update(items)


def _hamster(row: Row, steps: Steps, free: bytearray, facts: bytearray) -> Items:
    """Hamster: 1 or 2 king steps over cards, through ninjas, to a free card."""
    found: dict[int, None] = {}
    for first, seconds in steps:
        if free[first]:
            found[first] = None
        elif not facts[first] & STANDABLE:
            continue
        for second in seconds:
            if free[second]:
                found[second] = None
    return _picked(row, found)


def _goat(pushes: tuple[GoatPushes, ...], rays: tuple[tuple[int, ...], ...], free: bytearray,
          facts: bytearray) -> Items:
    """Goat: straight over free cards into an opponent's ninja, which goes to any free card beside it
    (diagonals too) that is not a Trap or the mover's start (``pushes``: the Goat's table of its start)."""
    items: list[Item] = []
    for ray in rays:
        for target in ray:
            if free[target]:
                continue
            if facts[target] & (OCCUPIED | OWN) == OCCUPIED:
                items.extend([item for square, item in pushes[target]
                              if free[square] and not facts[square] & TRAP_CARD])
            break
    return tuple(items)


def _to_last_card(row: Row, rays: tuple[tuple[int, ...], ...], free: bytearray, facts: bytearray) -> list[Item]:
    """Armadillo under ``armadillo_edge=cards``: to the last card (not an empty space) in each line, if free."""
    items = []
    for ray in rays:
        for square in reversed(ray):
            if not facts[square] & EMPTY_SPACE:
                if free[square]:
                    items.append(row[square])
                break
    return items


#: ``bytes.translate`` tables of a count of ninjas beside a square: 1 where it is none, 1 where it is one.
_NOBODY_BESIDE = bytes([1] + [0] * 255)
_ONE_BESIDE = bytes([0, 1] + [0] * 254)


def _camel_ends(ninjas: list[list[int]], free: bytearray,
                near: tuple[tuple[int, ...], ...]) -> tuple[bytes, bytearray]:
    """For Camel (``near``: orthogonal, or king neighbours): a byte per square, 1 for a free square with no
    ninja beside it, and a byte per square, 1 where exactly one ninja stands beside it."""
    crowds = bytearray(len(free))
    for squares in ninjas:
        for square in squares:
            for beside in near[square]:
                crowds[beside] += 1
    # Both facts ANDed as integers: one step for the whole grid.
    lonely = int.from_bytes(free, "little") & int.from_bytes(crowds.translate(_NOBODY_BESIDE), "little")
    return lonely.to_bytes(len(free), "little"), crowds.translate(_ONE_BESIDE)


def _camel(row: Row, start: int, lonely: bytes, alone: bytearray, free: bytearray,
           near: tuple[tuple[int, ...], ...]) -> Items:
    """Camel from ``start``: any free card with no ninja beside it (``near``: orthogonally, or with
    diagonals too) but the mover itself, in square order: one nobody stands beside (``lonely``), or one
    beside the mover that only the mover stands beside (``alone``: one ninja beside it). Picked from the
    row in C, by a byte per square."""
    beside_mover = [square for square in near[start] if free[square] and alone[square]]
    if not beside_mover:
        return tuple(compress(row, lonely))
    ends = bytearray(lonely)
    for square in beside_mover:
        ends[square] = 1
    return tuple(compress(row, ends))


@cache
def _placeable_kinds(taken: int) -> bytes:
    """A ``bytes.translate`` table of card kinds: 1 for a skill kind not in the bit set ``taken``."""
    return bytes(1 if kind in SKILLS and not taken >> kind & 1 else 0 for kind in range(256))


def place_actions(state: NinjaCampState, seat: int, memo: MoveMemo) -> dict[str, Payload]:
    """Set-up: the free skill cards of a kind this seat has no ninja on yet (picked in C, as for a turn)."""
    cells = state.cells
    taken = 0
    for square in state.ninjas[seat]:
        taken |= 1 << cells[square]
    # A square holds a card of an allowed kind, and no ninja: the two 0/1 bytes of each square ANDed as
    # integers, in one step for the whole grid.
    placeable = (int.from_bytes(bytes(cells).translate(_placeable_kinds(taken)), "little")
                 & int.from_bytes(state.board.translate(_NO_NINJA), "little"))
    return dict(compress(memo.tables.places, placeable.to_bytes(len(cells), "little")))
