"""Ninja Trap's observation: the stage, each ninja's public state, the seat's hand and its Buko look.

Everything a ninja sees: hits, hand and deck sizes, discard piles (counts per room), how many
face-down traps each row holds, the moves once revealed and the traps flipped, which ninjas are
blocked from flipping; its own hand (counts per room) and, during a Buko look only, the room of each
of its own traps by row position. Face-down traps are hidden from their owner too (the rules make the
player remember them): a learning agent that wants them needs a memory of its own actions.
"""

from __future__ import annotations

import struct
from itertools import compress
from typing import Any, ClassVar

from ninjadojo.games.ninja_trap.cards import CODES, HITS_TO_KILL, deck_counts, deck_size
from ninjadojo.games.ninja_trap.encode import max_traps
from ninjadojo.games.ninja_trap.rules import ACTIVATE, LOOK, blocked_seats
from ninjadojo.rl.encoders import label_offsets, put_code, put_number, seat_labels
from ninjadojo.rl.encoding import PublicPart, Tensor, View, ViewEncoder
from ninjadojo.rl.layout import LayoutBuilder, Writer

STAGES = ("trap", "move", "activate", "look")
#: The first room: a segment over the rooms starts at its offset (rooms are in CODES order).
FIRST = CODES[0]
#: A seat's first segments, side by side: hits, alive, hand_size, deck_size, discard (per room), traps.
_SEAT_BLOCK = struct.Struct(f"={4 + len(CODES) + 1}f")
#: The rooms' numbers (CODES in order).
ROOMS = range(len(CODES))
#: Turn numbers are clipped here (random games last about 15 turns).
MAX_TURN = 100


class NinjaTrapEncoder(ViewEncoder):
    """Ninja Trap (see the module docstring)."""

    GAME = "ninja-trap"
    DECISIONS: ClassVar[tuple[str, ...]] = STAGES

    def declare(self, builder: LayoutBuilder) -> None:
        players = self.players
        rooms = list(CODES)
        most = max(deck_counts(players))
        cards = deck_size(players)
        self._turn = builder.scalar("turn", MAX_TURN, f"the turn number (clipped at {MAX_TURN})")
        stage = builder.one_hot("stage", STAGES, "the stage of the turn")
        self._stage = {name: stage + number for number, name in enumerate(STAGES)}
        self._seats: list[tuple[int, int, int, int, dict[str, int], int, dict[str, int], dict[str, int], int]] = []
        for seat in seat_labels(players):
            prefix = f"seat[{seat}]"
            self._seats.append((
                builder.scalar(f"{prefix}.hits", 3, "hits taken (3: out)"),
                builder.flag(f"{prefix}.alive", "the ninja is still in the game"),
                builder.scalar(f"{prefix}.hand_size", cards, "cards in hand"),
                builder.scalar(f"{prefix}.deck_size", cards, "cards in the draw pile"),
                label_offsets(builder.counts(f"{prefix}.discard", rooms, most, "the discard pile, per room"), rooms),
                builder.scalar(f"{prefix}.traps", max_traps(players), "face-down traps in the row"),
                label_offsets(builder.one_hot(f"{prefix}.move", rooms, "the room moved to this turn, once revealed"),
                              rooms),
                label_offsets(builder.one_hot(f"{prefix}.flipped", rooms, "the room of the trap flipped this turn"),
                              rooms),
                builder.flag(f"{prefix}.blocked", "shares its room: may not flip this turn"),
            ))
        self._hand = label_offsets(builder.counts("hand", rooms, most, "the seat's hand, per room"), rooms)
        positions = max_traps(players)
        labels = [f"{position + 1}:{room}" for position in range(positions) for room in rooms]
        self._look = builder.multi_hot("look", labels, "during a Buko look: the room of each of the seat's traps, "
                                       "by row position (oldest first)")
        self._positions = positions
        # The fast path's offsets of each seat, flat (a segment over the rooms holds room r at its first
        # offset + r); the packed write relies on its first segments following each other.
        self._fast_seats = [(hits, move[FIRST], flipped[FIRST], blocked)
                            for hits, _, _, _, _, _, move, flipped, blocked in self._seats]
        assert all((alive, hand_size, deck, discard[FIRST], traps) == (hits + 1, hits + 2, hits + 3, hits + 4,
                                                                      hits + 4 + len(CODES))
                   for hits, alive, hand_size, deck, discard, traps, *_ in self._seats)
        # The public part's bytes (the turn to the last seat's block), and zeros for them.
        end = self._seats[-1][-1] + 1
        self._public_bytes = slice(4 * self._turn, 4 * end)
        self._public_zeros = bytes(4 * (end - self._turn))

    def fill(self, view: View, seat: int, out: Writer) -> None:
        ones, at, values = out.ones, out.at, out.values
        put_number(out, self._turn, view["turn"])
        stage = view["stage"]
        if isinstance(stage, str):
            ones.append(self._stage[stage])
        seats = view["seats"]
        assert isinstance(seats, list)
        for offsets, entry in zip(self._seats, seats, strict=True):
            assert isinstance(entry, dict)
            hits, alive, hand_size, deck, discard, traps, move, flipped, blocked = offsets
            row, text = entry["traps"], entry["discard"]
            assert isinstance(row, list) and isinstance(text, str)
            at += (hits, hand_size, deck, traps)
            values += (entry["hits"], entry["hand_size"], entry["deck_size"], len(row))
            if entry["alive"]:
                ones.append(alive)
            if entry["blocked"]:
                ones.append(blocked)
            out.counts.extend(map(discard.__getitem__, text))
            put_code(out, move, entry["move"])
            put_code(out, flipped, entry["flipped"])
        hand = view.get("hand")
        if isinstance(hand, str):
            out.counts.extend(map(self._hand.__getitem__, hand))
        look = view.get("buko_look")
        if isinstance(look, list):
            rooms = len(CODES)
            for trap in look:
                assert isinstance(trap, dict)
                position, room = trap["position"], trap["room"]
                if isinstance(position, int) and 1 <= position <= self._positions and isinstance(room, str):
                    ones.append(self._look + (position - 1) * rooms + CODES.index(room))

    def update_public(self, state: Any, part: PublicPart) -> None:
        # What view.observe shows every seat, read from the state: every public zone (never a hand, a
        # deck's order or a trap's room). Counts need no clipping: a room's cards in one pile never
        # outnumber that room in a deck. Written whole each time (no groups: a new position changes most
        # of it); a trap or move stage collects every ninja's choice on one position, whose public part is
        # written once for all of them (ViewEncoder.encode_state).
        out = part.out
        part.raw[self._public_bytes] = self._public_zeros
        turn = state.turn
        if turn:
            out[self._turn] = turn if turn < MAX_TURN else MAX_TURN
        frames = state.frames
        stage = frames[-1].kind if frames else None
        if stage is not None:
            out[self._stage[stage]] = 1.0
        blocked_now = blocked_seats(state) if stage == ACTIVATE else None
        hits_all, hands, decks, discards, rows, moves, flips = (state.hits, state.hands, state.decks, state.discards,
                                                                 state.trap_turns, state.moves, state.flips)
        pack = _SEAT_BLOCK.pack_into
        raw = part.raw
        for each, (hits, move, flipped, blocked) in enumerate(self._fast_seats):
            # hits, alive, hand_size, deck_size, discard (a count per room) and traps lie side by side: one
            # packed write (dense, no test per room).
            taken = hits_all[each]
            pack(raw, hits * 4, taken if taken < 3 else 3, taken < HITS_TO_KILL, sum(hands[each]), len(decks[each]),
                 *discards[each], len(rows[each]))
            room = moves[each]
            if room >= 0:
                out[move + room] = 1.0
            room = flips[each]
            if room >= 0:
                out[flipped + room] = 1.0
            if blocked_now is not None and blocked_now[each]:
                out[blocked] = 1.0

    def write_own(self, state: Any, seat: int, out: Tensor) -> None:
        # The seat's own hand, and its traps only during its own Buko look.
        base = self._hand[FIRST]
        hand = state.hands[seat]
        for room in compress(ROOMS, hand):  # the rooms held (a hand holds a few)
            out[base + room] = hand[room]
        frames = state.frames
        if frames and frames[-1].kind == LOOK and seat in frames[-1].seats:
            base, rooms = self._look, len(CODES)
            for position, room in enumerate(state.traps[seat][:self._positions]):
                out[base + position * rooms + room] = 1.0


ENCODER = NinjaTrapEncoder
