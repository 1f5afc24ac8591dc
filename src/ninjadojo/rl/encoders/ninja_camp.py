"""Ninja Camp's observation: the grid (a one-hot of the card on each square), where each seat's ninjas
stand, and each seat's hand, discards, clan, Shadow copy, pass and points.

Ninja Camp hides nothing, so every seat's tensor differs only in the header (``you``, the decision).
Squares are numbered as the game numbers them: ``row * cols + col``, row 0 being row 1 of the notation
(``a1`` is square 0); a 3- or 4-player grid is 7 rows of 8.
"""

from __future__ import annotations

import struct
from itertools import compress, count
from operator import ne
from typing import Any, ClassVar

from ninjadojo.games.ninja_camp.cards import CLAN_TABLE, DECK_COUNTS, EMPTY, GRID_SIZE, LETTERS, NAMES, POINTS, SKILLS
from ninjadojo.games.ninja_camp.grid import grid
from ninjadojo.rl.encoders import count_codes, label_offsets, put_code, put_number, seat_labels
from ninjadojo.rl.encoding import PublicPart, Tensor, View, ViewEncoder
from ninjadojo.rl.layout import LayoutBuilder, Writer

DECISIONS = ("turn", "place", "platypus", "platypus-claim")
#: The kinds of card on the grid and in hands: every letter but the empty square's.
KINDS = LETTERS[1:]
MAX_POINTS = 300
#: The points of a card by its letter (a discard pile is a string of letters).
_LETTER_POINTS = {letter: POINTS[kind] for kind, letter in enumerate(LETTERS)}
MAX_TURNS = 300
#: The kinds' numbers as a hand counts them (0, the empty square, is never held).
KIND_NUMBERS = range(len(LETTERS))


class NinjaCampEncoder(ViewEncoder):
    """Ninja Camp (see the module docstring)."""

    GAME = "ninja-camp"
    DECISIONS: ClassVar[tuple[str, ...]] = DECISIONS

    def declare(self, builder: LayoutBuilder) -> None:
        rows, cols = GRID_SIZE[self.players]
        squares = grid(rows, cols)
        self._squares = squares.index
        self._cols = cols
        kinds = list(KINDS)
        most = max(DECK_COUNTS) + 2  # the two starting cards (a Sprint and an Evade) are not from the deck
        cells = [f"{name}:{kind}" for name in squares.names for kind in kinds]
        self._grid = builder.multi_hot("grid", cells, "the card on each square (none: an empty square), "
                                       f"{len(kinds)} values a square, squares in order")
        self._kind_offset = {kind: number for number, kind in enumerate(kinds)}
        clans = [clan.code for clan in CLAN_TABLE]
        skills = [NAMES[skill] for skill in SKILLS]
        self._seats: list[tuple[int, dict[str, int], dict[str, int], dict[str, int], int, dict[str, int], int,
                                int]] = []
        for seat in seat_labels(self.players):
            prefix = f"seat[{seat}]"
            self._seats.append((
                builder.multi_hot(f"{prefix}.ninjas", squares.names, "the squares of its ninjas"),
                label_offsets(builder.counts(f"{prefix}.hand", kinds, most, "its hand, per kind"), kinds),
                label_offsets(builder.counts(f"{prefix}.discard", kinds, most, "its discards, per kind"), kinds),
                label_offsets(builder.one_hot(f"{prefix}.clan", clans, "its Ninja Clan card"), clans),
                builder.flag(f"{prefix}.clan_used", "its clan card is used"),
                label_offsets(builder.one_hot(f"{prefix}.shadow_copies", skills, "the skill its Shadow copies"),
                              skills),
                builder.flag(f"{prefix}.passed", "it has passed"),
                builder.scalar(f"{prefix}.points", MAX_POINTS, "its points"),
            ))
        self._turn = builder.scalar("turn", MAX_TURNS, "turns played")
        # The fast path writes a square of the grid as bytes: per kind on the grid (0: an empty square),
        # its square's segment of the tensor (a 1.0 at the kind's place among the kinds, or all zeros).
        width = len(kinds)
        cell_bytes = [bytes(4 * width)] + [
            struct.pack(f"={width}f", *(1.0 if place == kind - 1 else 0.0 for place in range(width)))
            for kind in range(1, width + 1)]
        self._fast_grid = (4 * self._grid, 4 * width, cell_bytes)
        # Each seat's block: its bytes (from its ninjas to its points, side by side in the layout), zeros
        # for it, and its segments' offsets as the fast path indexes them (the hand by kind number: kind 0,
        # the empty square, is never held).
        self._fast_seats = []
        for ninjas, hand, discard, clan, used, shadow, passed, points in self._seats:
            first, last = 4 * ninjas, 4 * (points + 1)
            assert points == ninjas + len(squares.names) + 2 * width + len(clan) + 1 + len(shadow) + 1
            self._fast_seats.append((first, last, bytes(last - first), ninjas, hand[KINDS[0]] - 1,
                                     {letter: discard[letter] for letter in KINDS},
                                     [clan[row.code] for row in CLAN_TABLE], used, passed, points))
        self._shadows = [{kind: shadow[NAMES[kind]] for kind in SKILLS} for *_, shadow, _, _ in self._seats]
        # The groups: the grid (the cards it shows), then each seat's block (with 3 or 4 players: with 2,
        # the blocks are written into each observation, write_own).
        self.public_groups = 1 + self.players
        self._kept_seats = self.players > 2

    def fill(self, view: View, seat: int, out: Writer) -> None:
        ones = out.ones
        kinds = self._kind_offset
        width = len(kinds)
        offset = self._grid
        rows = view["grid"]
        assert isinstance(rows, list)
        for row in rows:
            assert isinstance(row, str)
            for letter in row:
                if letter != ".":
                    ones.append(offset + kinds[letter])
                offset += width
        squares = self._squares
        seats = view["seats"]
        assert isinstance(seats, list)
        for offsets, entry in zip(self._seats, seats, strict=True):
            assert isinstance(entry, dict)
            ninjas, hand, discard, clans, used, shadow, passed, points = offsets
            names = entry["ninjas"]
            assert isinstance(names, list)
            ones.extend(ninjas + squares[name] for name in names)  # type: ignore[index]
            for text, index in ((entry["hand"], hand), (entry["discard"], discard)):
                assert isinstance(text, str)
                count_codes(out, index, text)
            clan = entry["clan"]
            assert isinstance(clan, dict)
            put_code(out, clans, clan["code"])
            if clan["used"]:
                ones.append(used)
            put_code(out, shadow, entry["shadow_copies"])
            if entry["passed"]:
                ones.append(passed)
            put_number(out, points, entry["points"])
        put_number(out, self._turn, view["turn"])

    def update_public(self, state: Any, part: PublicPart) -> None:
        # Nothing is hidden in Ninja Camp: view.observe shows every seat the whole position, as here.
        # Kinds are the grid's numbers (1 to 9; 0 is an empty square), laid out from 0 in LETTERS[1:]
        # order; squares are the game's numbers.
        #
        # A step changes a seat's things or two and a square or two of the grid. The groups (see
        # ViewEncoder.update_public): the grid, kept as the cards it shows, whose squares that differ are
        # found in C and written again alone; and each seat's block (its ninjas to its points) but its
        # Shadow's copy. What changes at most steps (the skill each Shadow copies, the turn) is written
        # into each observation instead (write_own).
        out, raw, made = part.out, part.raw, part.made
        cells, seen = state.cells, made[0]
        if cells != seen:
            grid, width, cell_bytes = self._fast_grid
            if len(seen) != len(cells):
                seen = made[0] = [EMPTY] * len(cells)  # a new part: every square empty (zeros)
            for square in compress(count(), map(ne, cells, seen)):
                at = grid + square * width
                raw[at:at + width] = cell_bytes[cells[square]]
            seen[:] = cells
        if not self._kept_seats:
            return
        ninjas, hands, discards, clans, used, passed = (state.ninjas, state.hands, state.discards, state.clans,
                                                        state.clan_used, state.passed_at)
        for each, offsets in enumerate(self._fast_seats):
            made_of = (ninjas[each], hands[each], discards[each], clans[each], used[each], passed[each] >= 0)
            if made_of != made[each + 1]:
                raw[offsets[0]:offsets[1]] = offsets[2]
                self._write_seat(offsets, made_of, out)
                made[each + 1] = (made_of[0].copy(), made_of[1].copy(), *made_of[2:])

    def _write_seat(self, offsets: tuple[Any, ...], made_of: tuple[Any, ...], out: Tensor) -> None:
        """A seat's block but its Shadow's copy (zeros before): its ninjas, hand, discards, points, clan and
        pass. Counts need no clipping: a hand or discard pile never holds more of a kind than the deck has,
        plus the two starting cards."""
        _, _, _, ninjas, hand, discard, clan, clan_used, passed, score = offsets
        squares, counts, letters, clan_number, is_used, has_passed = made_of
        for square in squares:
            out[ninjas + square] = 1.0
        # The seat's points (state.points(), in the view), counted on the way: each card in its hand and
        # discard pile at its value.
        value = 0
        for kind in compress(KIND_NUMBERS, counts):
            out[hand + kind] = counts[kind]
            value += POINTS[kind] * counts[kind]
        for letter in letters:
            out[discard[letter]] += 1.0
            value += _LETTER_POINTS[letter]
        if value:
            out[score] = value if value < MAX_POINTS else MAX_POINTS
        out[clan[clan_number]] = 1.0
        if is_used:
            out[clan_used] = 1.0
        if has_passed:
            out[passed] = 1.0

    def write_own(self, state: Any, seat: int, out: Tensor) -> None:
        # Nothing is the seat's own: what changes at most steps, written into each observation rather
        # than kept (the skill each Shadow copies, the turns played; with 2 players, each seat's block:
        # one of the two changes at most steps, and comparing both costs more than writing them).
        one = 1.0
        if not self._kept_seats:
            ninjas, hands, discards, clans, used, passed = (state.ninjas, state.hands, state.discards, state.clans,
                                                            state.clan_used, state.passed_at)
            for each, offsets in enumerate(self._fast_seats):
                self._write_seat(offsets, (ninjas[each], hands[each], discards[each], clans[each], used[each],
                                           passed[each] >= 0), out)
        for shadow, copy in zip(self._shadows, state.copyable, strict=True):
            if copy:
                out[shadow[copy]] = one
        value = state.turns
        if value:
            out[self._turn] = value if value < MAX_TURNS else MAX_TURNS


ENCODER = NinjaCampEncoder
