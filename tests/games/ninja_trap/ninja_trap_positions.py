"""A small builder of Ninja Trap positions for scenario tests.

A test names only what matters (hands, traps, discards, hits, moves); the rest of each player's deck is
filled in so that every card is accounted for, and the position goes through the game's own notation
parser, so a builder mistake fails loudly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ninjadojo.games.ninja_trap import NinjaTrapState
from ninjadojo.games.ninja_trap.cards import CODES, deck_counts


@dataclass
class Seat:
    """One player's zones, as room codes: ``traps`` as ``"G1,I2"`` (room + turn placed)."""

    hand: str = ""
    traps: str = ""
    discard: str = ""
    hits: int = 0
    deck_top: str = ""  # the first cards of the deck, top first
    rest: str = "deck"  # where the cards not named go: under the deck, or on the discard pile


def build(players: int, stage: str, seats: list[Seat], *, turn: int = 1, moves: str = "", flips: str = "",
          frame_seats: list[int] | None = None, rng: int = 12345, ply: int = 0) -> NinjaTrapState:
    """A position at ``stage`` (trap, move or activate) of ``turn``."""
    assert len(seats) == players
    moves = moves or "-" * players
    flips = flips or "-" * players
    parts = [str(turn), moves, flips]
    full = deck_counts(players)
    for index, seat in enumerate(seats):
        used = [0] * len(CODES)
        trap_codes = [item[0] for item in seat.traps.split(",")] if seat.traps else []
        on_table = moves[index] if stage == "activate" and moves[index] != "-" else ""
        for code in seat.hand + seat.discard + seat.deck_top + "".join(trap_codes) + on_table:
            used[CODES.index(code)] += 1
        assert all(used[r] <= full[r] for r in range(len(CODES))), f"seat {index} uses more cards than its deck"
        rest = "".join(CODES[r] * (full[r] - used[r]) for r in range(len(CODES)))
        deck, discard = seat.deck_top, seat.discard
        if seat.rest == "deck":
            deck += rest
        else:
            discard = "".join(sorted(discard + rest, key=CODES.index))
        parts.append(":".join((str(seat.hits), seat.hand or "-", deck or "-", seat.traps or "-", discard or "-")))
    if frame_seats is None:
        living = [i for i, seat in enumerate(seats) if seat.hits < 3]
        if stage == "trap":
            frame_seats = [i for i in living if len(seats[i].hand) >= 2]
        elif stage == "move":
            frame_seats = living
        else:
            frame_seats = [i for i in living if seats[i].traps and moves.count(moves[i]) == 1]
    frames = json.dumps([[stage, frame_seats, {}, "s", []]], separators=(",", ":"))
    text = f"ninja-trap|{players}|-|{rng:016x}|{ply}|{frames}|-|{';'.join(parts)}"
    state = NinjaTrapState.from_notation(text)
    state.check_invariants()
    return state


def play(state: NinjaTrapState, choices: dict[int, str]) -> None:
    """Apply each seat's action, in the order given."""
    for seat, action in choices.items():
        state.apply(seat, action)


def public_log(state: NinjaTrapState) -> list[str]:
    """The log as a spectator sees it."""
    return [event.text for event in state.events if event.mask == -1]
