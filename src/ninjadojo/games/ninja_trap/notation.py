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

from ninjadojo.games.ninja_trap.cards import CODES, HITS_TO_KILL, ROOM_COUNT, ROOM_INDEX, ROOMS, deck_counts
from ninjadojo.games.ninja_trap.rules import moves_on_table

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
        raise ValueError(f"{where}: {code!r} is not a room code ({allowed})")
    return room


def _parse_rooms(text: str, where: str) -> list[int]:
    return [] if text == "-" else [_room(code, where) for code in text]


def _parse_counts(text: str, where: str) -> list[int]:
    counts = [0] * ROOM_COUNT
    for room in _parse_rooms(text, where):
        counts[room] += 1
    return counts


def _per_seat(text: str, players: int, where: str) -> list[int]:
    if len(text) != players:
        raise ValueError(f"{where} needs one character per seat ({players}), not {text!r}")
    return [-1 if code == "-" else _room(code, where) for code in text]


def parse_body(state: NinjaTrapState, body: str) -> None:
    """Fill ``state`` from :func:`body_text` output; raises ``ValueError`` saying what is wrong."""
    players = state.num_players
    parts = body.split(";")
    if len(parts) != 3 + players:
        raise ValueError(f"the body is turn;moves;flips and one part per seat ({3 + players} parts), "
                         f"not {len(parts)}")
    turn_text, moves_text, flips_text = parts[:3]
    if not turn_text.isdigit() or int(turn_text) < 1:
        raise ValueError(f"the turn must be a number from 1, not {turn_text!r}")
    state.turn = int(turn_text)
    state.moves = _per_seat(moves_text, players, "moves")
    state.flips = _per_seat(flips_text, players, "flips")
    counts = deck_counts(players)
    for seat in range(players):
        fields = parts[3 + seat].split(":")
        if len(fields) != 5:
            raise ValueError(f"seat {seat} is hits:hand:deck:traps:discard, not {parts[3 + seat]!r}")
        hits_text, hand_text, deck_text, traps_text, discard_text = fields
        if not hits_text.isdigit() or int(hits_text) > HITS_TO_KILL:
            raise ValueError(f"seat {seat}'s hits must be 0 to {HITS_TO_KILL}, not {hits_text!r}")
        state.hits[seat] = int(hits_text)
        state.hands[seat] = _parse_counts(hand_text, f"seat {seat}'s hand")
        state.decks[seat] = _parse_rooms(deck_text, f"seat {seat}'s deck")[::-1]
        state.discards[seat] = _parse_counts(discard_text, f"seat {seat}'s discard pile")
        row: list[int] = []
        turns: list[int] = []
        for item in [] if traps_text == "-" else traps_text.split(","):
            if len(item) < 2 or not item[1:].isdigit():
                raise ValueError(f"seat {seat}'s trap {item!r} must be a room code and a turn, e.g. G3")
            row.append(_room(item[0], f"seat {seat}'s traps"))
            turns.append(int(item[1:]))
        state.traps[seat], state.trap_turns[seat] = row, turns
        held = [state.hands[seat][r] + state.discards[seat][r] for r in range(ROOM_COUNT)]
        if moves_on_table(state) and state.moves[seat] >= 0:
            held[state.moves[seat]] += 1
        for room in state.decks[seat] + row:
            held[room] += 1
        if tuple(held) != counts:
            expected = _counts_text(list(counts))
            raise ValueError(f"seat {seat}'s cards {_counts_text(held)} are not a "
                             f"{players}-player deck ({expected})")
    try:
        state.check_invariants()
    except AssertionError as error:
        # Each part parsed, but the whole breaks a law of the game (a frame no rule pushes, a sixth
        # card in hand...): refuse it now rather than fail later in a confusing way.
        raise ValueError(f"impossible position: {error}") from None
