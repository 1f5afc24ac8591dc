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
#: Past this many squares that differ from the grid a public part was made from, the whole grid is written
#: at once (a step changes a square or two).
_FEW_SQUARES = 8
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
        # Each seat's block, from its ninjas to its points (side by side in the layout), in two runs of
        # bytes around its discards (its ninjas and hand; its clan to its points), zeros for them, and its
        # segments' offsets as the fast path indexes them (the hand by kind number: kind 0, the empty square,
        # is never held).
        self._fast_seats = []
        for ninjas, hand, discard, clan, used, shadow, passed, points in self._seats:
            assert points == ninjas + len(squares.names) + 2 * width + len(clan) + 1 + len(shadow) + 1
            first, middle, after, last = 4 * ninjas, 4 * discard[KINDS[0]], 4 * (discard[KINDS[0]] + width), \
                4 * (points + 1)
            self._fast_seats.append((first, middle, bytes(middle - first), after, last, bytes(last - after),
                                     middle, ninjas, hand[KINDS[0]] - 1, {letter: discard[letter] for letter in KINDS},
                                     [clan[row.code] for row in CLAN_TABLE], used, passed, points))
        self._kind_zeros = bytes(4 * width)
        self._shadows = [{kind: shadow[NAMES[kind]] for kind in SKILLS} for *_, shadow, _, _ in self._seats]
        # The groups: the grid (the cards it shows), then per seat what its block but its discards was made
        # from, its discards, and the points of its hand and of its discards (see update_public).
        self.public_groups = 5

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
        # found and written again alone; and each seat's block (its ninjas to its points) but its Shadow's
        # copy, its discards apart. What changes at most steps (the skill each Shadow copies, the turn) is
        # written into each observation instead (write_own).
        out, raw, made = part.out, part.raw, part.made
        cells, seen = state.cells, made[0]
        if cells != seen:
            grid, width, cell_bytes = self._fast_grid
            if len(seen) != len(cells):
                seen = made[0] = [EMPTY] * len(cells)  # a new part: every square empty (zeros)
            for written, square in enumerate(compress(count(), map(ne, cells, seen))):
                if written == _FEW_SQUARES:
                    # Most squares differ (a new game, or another game's part): the whole grid at once.
                    raw[grid:grid + len(cells) * width] = b"".join(map(cell_bytes.__getitem__, cells))
                    break
                at = grid + square * width
                raw[at:at + width] = cell_bytes[cells[square]]
            seen[:] = cells
        # Each seat: its block but its discards (its ninjas, hand, clan, clan used, pass) is written again
        # when what it is made from differs, its discards (a string that grows at its end) are counted
        # further as cards are added, and its points, the worth of its hand and of its discards, are
        # written again when either changed. Counts need no clipping: a hand or discard pile never holds
        # more of a kind than the deck has, plus the two starting cards.
        records, piles, hand_worth, pile_worth = made[1:5]
        if not records:  # a new part: nothing written but the grid (empty piles are zeros)
            players = self.players
            records, piles, hand_worth, pile_worth = made[1:5] = [[()] * players, [""] * players, [0] * players,
                                                                  [0] * players]
        ninjas, hands, discards, clans, used, passed = (state.ninjas, state.hands, state.discards, state.clans,
                                                        state.clan_used, state.passed_at)
        each = -1
        for offsets in self._fast_seats:
            each += 1
            made_of = (ninjas[each], hands[each], clans[each], used[each], passed[each] >= 0)
            letters = discards[each]
            block = made_of != records[each]
            if not block and letters == piles[each]:
                continue
            (first, middle, before_zeros, after, last, after_zeros, discard_start, ninjas_offset, hand, discard, clan,
             clan_used, passed_offset, points) = offsets
            if block:
                raw[first:middle] = before_zeros
                raw[after:last] = after_zeros
                squares, counts, clan_number, is_used, has_passed = made_of
                for square in squares:
                    out[ninjas_offset + square] = 1.0
                value = 0
                for kind in compress(KIND_NUMBERS, counts):
                    out[hand + kind] = counts[kind]
                    value += POINTS[kind] * counts[kind]
                hand_worth[each] = value
                out[clan[clan_number]] = 1.0
                if is_used:
                    out[clan_used] = 1.0
                if has_passed:
                    out[passed_offset] = 1.0
                records[each] = (squares.copy(), counts.copy(), clan_number, is_used, has_passed)
            before = piles[each]
            if letters != before:
                if letters.startswith(before):
                    added, value = letters[len(before):], pile_worth[each]  # (cards discarded since)
                else:
                    raw[discard_start:discard_start + len(self._kind_zeros)] = self._kind_zeros
                    added, value = letters, 0
                for letter in added:
                    out[discard[letter]] += 1.0
                    value += _LETTER_POINTS[letter]
                pile_worth[each] = value
                piles[each] = letters
            # The seat's points (state.points(), in the view): each card in its hand and discards at its value.
            value = hand_worth[each] + pile_worth[each]
            out[points] = value if value < MAX_POINTS else MAX_POINTS

    def write_own(self, state: Any, seat: int, out: Tensor) -> None:
        # Nothing is the seat's own: what changes at most steps, written into each observation rather
        # than kept (the skill each Shadow copies, the turns played).
        one = 1.0
        # (By index: zip's ``strict`` keyword costs more to parse than the loop does.)
        shadows = self._shadows
        for each, copy in enumerate(state.copyable):
            if copy:
                out[shadows[each][copy]] = one
        value = state.turns
        if value:
            out[self._turn] = value if value < MAX_TURNS else MAX_TURNS


ENCODER = NinjaCampEncoder
