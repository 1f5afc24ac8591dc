"""Geometry of the training grounds, precomputed once per grid size.

A square is an index ``row * cols + col``; row 0 is row ``1`` of the notation (the bottom of the
picture) and column 0 is ``a``. Every table here is a tuple so that move generation only indexes.

A grid is cached and shared by every game of its size (clones and samples included), so nothing in it
can be changed: the tables are tuples and ``index`` a read-only mapping. A pickled grid unpickles as
the cached one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

#: The four orthogonal directions first, then the four diagonals, as (row step, column step).
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
ORTHOGONAL = 4


@dataclass(frozen=True, slots=True)
class Grid:
    """Precomputed tables for a ``rows`` x ``cols`` grid."""

    rows: int
    cols: int
    names: tuple[str, ...]
    #: ``index[name]``: the square of a name such as ``"c3"`` (read-only: the grid is shared).
    index: Mapping[str, int]
    #: ``orth[sq]``: orthogonal neighbours; ``king[sq]``: all eight neighbours.
    orth: tuple[tuple[int, ...], ...]
    king: tuple[tuple[int, ...], ...]
    #: ``rays[sq][d]``: the squares from ``sq`` outwards in orthogonal direction ``d`` (not ``sq``).
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    #: ``step[sq][d]``: the neighbour in direction ``d`` (any of the eight), or -1 off the grid.
    step: tuple[tuple[int, ...], ...]
    #: ``pairs[start][end]``: the text ``"b2-b5"``, built once so that action texts are one concatenation.
    pairs: tuple[tuple[str, ...], ...]

    @property
    def size(self) -> int:
        """The number of squares."""
        return self.rows * self.cols

    def row_col(self, square: int) -> tuple[int, int]:
        """(row, column) of a square, both from 0."""
        return divmod(square, self.cols)

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        # A read-only mapping cannot be pickled; the tables are a function of the size anyway, and
        # rebuilding through the cache keeps one shared grid per size in the receiving process too.
        return grid, (self.rows, self.cols)


@cache
def grid(rows: int, cols: int) -> Grid:
    """The (shared, immutable) tables of a grid size."""
    size = rows * cols
    names = tuple(f"{chr(ord('a') + sq % cols)}{sq // cols + 1}" for sq in range(size))
    step: list[tuple[int, ...]] = []
    for sq in range(size):
        row, col = divmod(sq, cols)
        targets = []
        for d_row, d_col in DIRECTIONS:
            r, c = row + d_row, col + d_col
            targets.append(r * cols + c if 0 <= r < rows and 0 <= c < cols else -1)
        step.append(tuple(targets))
    orth = tuple(tuple(t for t in step[sq][:ORTHOGONAL] if t >= 0) for sq in range(size))
    king = tuple(tuple(t for t in step[sq] if t >= 0) for sq in range(size))
    rays = []
    for sq in range(size):
        per_direction = []
        for direction in range(ORTHOGONAL):
            ray = []
            at = step[sq][direction]
            while at >= 0:
                ray.append(at)
                at = step[at][direction]
            per_direction.append(tuple(ray))
        rays.append(tuple(per_direction))
    pairs = tuple(tuple(f"{names[start]}-{names[end]}" for end in range(size)) for start in range(size))
    index = MappingProxyType({name: sq for sq, name in enumerate(names)})
    return Grid(rows, cols, names, index, orth, king, tuple(rays), tuple(step), pairs)
