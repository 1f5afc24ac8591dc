"""Ninja Camp's observation: the grid (a one-hot of the card on each square), where each seat's ninjas
stand, and each seat's hand, discards, clan, Shadow copy, pass and points.

Ninja Camp hides nothing, so every seat's tensor differs only in the header (``you``, the decision).
Squares are numbered as the game numbers them: ``row * cols + col``, row 0 being row 1 of the notation
(``a1`` is square 0); a 3- or 4-player grid is 7 rows of 8.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ninjadojo.games.ninja_camp.cards import CLAN_TABLE, DECK_COUNTS, GRID_SIZE, LETTERS, NAMES, POINTS, SKILLS
from ninjadojo.games.ninja_camp.grid import grid
from ninjadojo.rl.encoders import count_codes, label_offsets, put_code, put_number, seat_labels
from ninjadojo.rl.encoding import Tensor, View, ViewEncoder
from ninjadojo.rl.layout import LayoutBuilder, Writer

DECISIONS = ("turn", "place", "platypus", "platypus-claim")
#: The kinds of card on the grid and in hands: every letter but the empty square's.
KINDS = LETTERS[1:]
MAX_POINTS = 300
MAX_TURNS = 300


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
        # The fast path's offset of each square: kind k of square i lies at grid + i * width + k - 1.
        self._square_offsets = [self._grid - 1 + square * len(kinds) for square in range(len(self._squares))]

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

    def write_state(self, state: Any, seat: int, out: Tensor) -> None:
        # Nothing is hidden in Ninja Camp: view.observe shows every seat the whole position, as here.
        # Kinds are the grid's numbers (1 to 9; 0 is an empty square), laid out from 0 in LETTERS[1:]
        # order; squares are the game's numbers. Counts need no clipping: a hand or discard pile never
        # holds more of a kind than the deck has, plus the two starting cards.
        one = 1.0
        squares = self._square_offsets
        for offset, kind in zip(squares, state.cells, strict=True):
            if kind:
                out[offset + kind] = one
        kinds = self._kind_offset
        for each, (ninjas, hand, discard, clans, used, shadow, passed, score) in enumerate(self._seats):
            for square in state.ninjas[each]:
                out[ninjas + square] = one
            # The seat's points (state.points(), in the view), counted on the way: each card in its hand
            # and discard pile at its value.
            value = 0
            base = hand[KINDS[0]] - 1
            for kind, count in enumerate(state.hands[each]):
                if count:
                    out[base + kind] = count
                    value += POINTS[kind] * count
            base = discard[KINDS[0]]
            for letter in state.discards[each]:
                kind = kinds[letter]
                out[base + kind] += one
                value += POINTS[kind + 1]
            if value:
                out[score] = value if value < MAX_POINTS else MAX_POINTS
            out[clans[CLAN_TABLE[state.clans[each]].code]] = one
            if state.clan_used[each]:
                out[used] = one
            copy = state.copyable[each]
            if copy:
                out[shadow[NAMES[copy]]] = one
            if state.passed_at[each] >= 0:
                out[passed] = one
        value = state.turns
        if value:
            out[self._turn] = value if value < MAX_TURNS else MAX_TURNS


ENCODER = NinjaCampEncoder
