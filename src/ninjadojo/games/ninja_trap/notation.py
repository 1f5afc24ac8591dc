"""Ninja Trap's position body: the whole position, hidden cards included, on one line.

``turn;moves;flips;seat0;seat1;...`` where

- ``moves``: one character per seat, the room code it moved to this turn (or last turn), ``-`` for none;
- ``flips``: one character per seat, the room of the trap it flipped in the last activation, or ``-``;
- (during the activation stage this turn's move cards lie on the table, in no other zone);
- each seat: ``hits:hand:deck:traps:discard``: the hand and discard pile as room codes in room order,
  the deck as room codes from the top card down, the traps as ``room+turn placed`` in row order
  (``G1,I3``), ``-`` for an empty zone.

Example (2 players, the start of turn 1)::

    1;--;--;0:IIFNB:IGDFGSTDDFGBSS:-:-;0:IDDSS:SGNFTBGIGFIFBD:-:-

Room codes: G Genkan, I Ima, D Daidokoro, S Shinshitsu, F Furoba, T Teizen, N Ikujishitzu, B Buko.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine.errors import NotationError, quote
from ninjadojo.games.ninja_trap.cards import CODES, HITS_TO_KILL, ROOM_COUNT, ROOM_INDEX, ROOMS

if TYPE_CHECKING:
    from ninjadojo.games.ninja_trap.state import NinjaTrapState


def _counts_text(counts: list[int]) -> str:
    return "".join(CODES[room] * count for room, count in enumerate(counts)) or "-"


def _rooms_text(rooms: list[int]) -> str:
    return "".join(CODES[room] for room in rooms) or "-"


def body_text(state: NinjaTrapState) -> str:
    """The body of :meth:`NinjaTrapState.to_notation`."""
    moves = "".join(CODES[room] if room >= 0 else "-" for room in state.moves)
    flips = "".join(CODES[room] if room >= 0 else "-" for room in state.flips)
    parts = [str(state.turn), moves, flips]
    for seat in range(state.num_players):
        traps = ",".join(
            f"{CODES[room]}{turn}" for room, turn in zip(state.traps[seat], state.trap_turns[seat], strict=True)
        ) or "-"
        parts.append(":".join((
            str(state.hits[seat]),
            _counts_text(state.hands[seat]),
            _rooms_text(state.decks[seat][::-1]),
            traps,
            _counts_text(state.discards[seat]),
        )))
    return ";".join(parts)


def _room(code: str, where: str) -> int:
    room = ROOM_INDEX.get(code)
    if room is None:
        allowed = ", ".join(f"{r.code} {r.name}" for r in ROOMS)
        raise ValueError(f"{where}: {quote(code)} is not a room code ({allowed})")
    return room


def _parse_rooms(text: str, where: str) -> list[int]:
    return [] if text == "-" else [_room(code, where) for code in text]


def _parse_counts(text: str, where: str) -> list[int]:
    counts = [0] * ROOM_COUNT
    for room in _parse_rooms(text, where):
        counts[room] += 1
    return counts


def _number(text: str) -> int | None:
    """A count written in ASCII digits (at most nine: no game lasts a billion turns), else ``None``."""
    if not 0 < len(text) <= 9 or not all("0" <= char <= "9" for char in text):
        return None
    return int(text)


def _per_seat(text: str, players: int, where: str) -> list[int]:
    if len(text) != players:
        raise ValueError(f"{where} needs one character per seat ({players}), not {quote(text)}")
    return [-1 if code == "-" else _room(code, where) for code in text]


def parse_body(state: NinjaTrapState, body: str) -> None:
    """Fill ``state`` from :func:`body_text` output; raises ``ValueError`` saying what is wrong."""
    players = state.num_players
    parts = body.split(";")
    if len(parts) != 3 + players:
        raise ValueError(f"the body is turn;moves;flips and one part per seat ({3 + players} parts), "
                         f"not {len(parts)}")
    turn_text, moves_text, flips_text = parts[:3]
    turn = _number(turn_text)
    if turn is None or turn < 1:
        raise ValueError(f"the turn must be a number from 1, not {quote(turn_text)}")
    state.turn = turn
    state.moves = _per_seat(moves_text, players, "moves")
    state.flips = _per_seat(flips_text, players, "flips")
    for seat in range(players):
        fields = parts[3 + seat].split(":")
        if len(fields) != 5:
            raise ValueError(f"seat {seat} is hits:hand:deck:traps:discard, not {quote(parts[3 + seat])}")
        hits_text, hand_text, deck_text, traps_text, discard_text = fields
        hits = _number(hits_text)
        if hits is None or hits > HITS_TO_KILL:
            raise ValueError(f"seat {seat}'s hits must be 0 to {HITS_TO_KILL}, not {quote(hits_text)}")
        state.hits[seat] = hits
        state.hands[seat] = _parse_counts(hand_text, f"seat {seat}'s hand")
        state.decks[seat] = _parse_rooms(deck_text, f"seat {seat}'s deck")[::-1]
        state.discards[seat] = _parse_counts(discard_text, f"seat {seat}'s discard pile")
        row: list[int] = []
        turns: list[int] = []
        for item in [] if traps_text == "-" else traps_text.split(","):
            turn_placed = _number(item[1:])
            if len(item) < 2 or turn_placed is None:
                raise ValueError(f"seat {seat}'s trap {quote(item)} must be a room code and a turn, e.g. G3")
            row.append(_room(item[0], f"seat {seat}'s traps"))
            turns.append(turn_placed)
        state.traps[seat], state.trap_turns[seat] = row, turns
    try:
        state.check_invariants()
    except AssertionError as error:
        # Each part parsed, but the whole breaks a law of the game (cards not conserved, a frame no
        # rule pushes, a sixth card in hand...): refuse it now, before the engine lists legal actions
        # of a position they could crash on, and name the law (the engine's wording for the same).
        raise NotationError(f"impossible {state.SPEC.id} position: {error}") from None
