"""Build whole, legal Ninja Trap positions from a few keyword arguments (for tests, puzzles, bug reports).

Name only what matters; the rest is filled in so that every card of every deck is somewhere:

- a seat's ``hand`` (room codes) defaults to the usual hand for the stage (5 cards at the trap stage,
  4 at the move stage, 3 later; none for a ninja that is out);
- its ``traps`` (``"G1,S3"``: room and turn placed, in row order) default to none at the trap stage
  and to one trap placed this turn later in the turn (a ninja with cards must place one);
- the cards not named go, in room order, under ``deck_top`` in the deck (or onto the discard pile,
  ``rest="discard"``);
- the stage asks the seats the rules ask (``frame_seats`` overrides it); ``submitted`` holds the hidden
  choices some seats have already made in it.

The position goes through the game's own parser, which checks every law (:mod:`invariants`), so a builder
mistake or an impossible position fails at once with a :class:`NotationError` naming the broken law.

>>> from ninjadojo.games.ninja_trap.builder import Seat, build
>>> game = build(2, "activate", [Seat(hand="GI", traps="D1,S2"), Seat(hand="F", traps="B2")], turn=2, moves="DB")
>>> game.to_act(), game.legal_actions(0)
((0, 1), ['pass', 'f1', 'f2'])
>>> game.apply(0, "f1"); game.apply(1, "pass")
>>> game.hits
[1, 0]
>>> build(2, "move").legal_actions(0)
['mG', 'mI', 'mD', 'mS']
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ninjadojo.engine.errors import NotationError, quote
from ninjadojo.engine.options import OptionValue, options_text
from ninjadojo.games.ninja_trap import rulings
from ninjadojo.games.ninja_trap.cards import BUKO, CODES, HITS_TO_KILL, ROOM_COUNT, ROOM_INDEX, deck_counts
from ninjadojo.games.ninja_trap.invariants import HAND_LIMIT
from ninjadojo.games.ninja_trap.rules import ACTIVATE, LOOK, MOVE, TRAP
from ninjadojo.games.ninja_trap.state import NinjaTrapState

#: The random stream of a built position (any fixed value: a position carries its own).
DEFAULT_RNG = 0x3039

REST_PLACES = ("deck", "discard")


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's zones as room codes; ``None`` means "the usual for the stage" (see the module doc)."""

    hand: str | None = None
    #: The face-down traps in row order as room and turn placed, ``"G1,S3"``.
    traps: str | None = None
    discard: str = ""
    hits: int = 0
    #: The first cards of the deck, top card first.
    deck_top: str = ""
    #: Where the cards not named go: ``"deck"`` (under ``deck_top``) or ``"discard"``.
    rest: str = "deck"


def build(players: int = 2, stage: str = TRAP, seats: Sequence[Seat] | None = None, *, turn: int = 1,
          moves: str = "", flips: str = "", frame_seats: Sequence[int] | None = None,
          submitted: Mapping[int, str] | None = None, rng: int = DEFAULT_RNG,
          options: Mapping[str, OptionValue] | None = None) -> NinjaTrapState:
    """A whole Ninja Trap position at ``stage`` (trap, move, activate or look) of ``turn``.

    ``moves`` and ``flips`` have one room code (or ``-``) per seat: the moves revealed this turn (at
    the activate and look stages, where every living ninja has one) or last turn, and the traps flipped
    in the last activation. ``options`` are the game's options (e.g. ``{"ghost_traps": True}``); the
    stage asks the seats they make the rules ask. Raises :class:`NotationError` saying what is wrong.
    """
    chosen_options = NinjaTrapState.validate_options(players, options)
    if stage not in HAND_LIMIT:
        raise NotationError(f"stage must be one of {', '.join(HAND_LIMIT)}, not {quote(stage)}")
    NinjaTrapState.check_players(players)
    seats = list(seats) if seats is not None else [Seat() for _ in range(players)]
    if len(seats) != players:
        raise NotationError(f"a {players}-player position needs {players} seats, not {len(seats)}")
    moves = moves or "-" * players
    flips = flips or "-" * players
    parts = [str(turn), moves, flips]
    hands: list[str] = []
    for index, seat in enumerate(seats):
        text, hand = _seat_text(players, stage, turn, index, seat, moves)
        parts.append(text)
        hands.append(hand)
    alive = [seat.hits < HITS_TO_KILL for seat in seats]
    if stage in (ACTIVATE, LOOK) and any(alive[i] and moves[i:i + 1] in ("", "-") for i in range(players)):
        raise NotationError(f"at the {stage} stage every living ninja has moved: give moves, one room code per "
                            f"seat ('-' for a ninja that is out), e.g. moves='{''.join(CODES[:players])}'")
    if frame_seats is None:
        frame_seats = _stage_seats(stage, seats, hands, alive, moves, chosen_options)
    chosen = dict(submitted or {})
    waiting = [seat for seat in frame_seats if seat not in chosen]
    frame = [stage, waiting, {}, "s", sorted([seat, action] for seat, action in chosen.items())]
    frames = json.dumps([frame], separators=(",", ":"))
    if not 0 <= rng < 1 << 64:
        raise NotationError(f"rng must be a 64-bit state, not {quote(rng)}")
    # Options are written as a position writes them: only those not at their defaults.
    written = options_text({name: value for name, value in rulings.written(chosen_options).items()
                            if name in rulings.DEFAULTS or value != NinjaTrapState.SPEC.max_length})
    return NinjaTrapState.from_notation(
        f"ninja-trap|{players}|{written}|{rng:016x}|0|{frames}|-|{';'.join(parts)}")


def _rooms(codes: str, what: str) -> list[int]:
    bad = [code for code in codes if code not in ROOM_INDEX]
    if bad:
        raise NotationError(f"{what}: {quote(bad[0])} is not a room code (rooms are {''.join(CODES)})")
    return [ROOM_INDEX[code] for code in codes]


def _take(available: list[int], count: int) -> str:
    """``count`` cards from ``available`` (changed), one room after another in room order."""
    taken = ""
    while len(taken) < count and any(available):
        for room in range(ROOM_COUNT):
            if available[room] and len(taken) < count:
                available[room] -= 1
                taken += CODES[room]
    return taken


def _seat_text(players: int, stage: str, turn: int, index: int, seat: Seat, moves: str) -> tuple[str, str]:
    """The seat's part of the position body, and its hand."""
    if seat.rest not in REST_PLACES:
        raise NotationError(f"seat {index}'s rest goes to the deck or the discard pile, not {quote(seat.rest)}")
    full = deck_counts(players)
    available = list(full)
    traps = seat.traps or ""
    trap_codes = "".join(item[:1] for item in traps.split(",")) if traps else ""
    on_table = moves[index] if stage == ACTIVATE and index < len(moves) and moves[index] != "-" else ""
    named = (seat.hand or "") + seat.discard + seat.deck_top + trap_codes + on_table
    for room in _rooms(named, f"seat {index}'s cards"):
        available[room] -= 1
    if min(available) < 0:
        over = "".join(CODES[room] for room in range(ROOM_COUNT) if available[room] < 0)
        raise NotationError(f"seat {index} names more {over} cards than a {players}-player deck holds "
                            f"({''.join(CODES[r] * full[r] for r in range(ROOM_COUNT))})")
    living = seat.hits < HITS_TO_KILL
    hand = seat.hand if seat.hand is not None else _take(available, HAND_LIMIT[stage] if living else 0)
    if seat.traps is None and living and stage != TRAP:
        # Later in the turn a ninja with cards has placed this turn's trap.
        placed = _take(available, 1)
        traps = f"{placed}{turn}" if placed else ""
    rest = "".join(CODES[room] * available[room] for room in range(ROOM_COUNT))
    deck, discard = seat.deck_top, seat.discard
    if seat.rest == "deck":
        deck += rest
    else:
        discard = "".join(sorted(discard + rest, key=CODES.index))
    return ":".join((str(seat.hits), hand or "-", deck or "-", traps or "-", discard or "-")), hand


def _stage_seats(stage: str, seats: list[Seat], hands: list[str], alive: list[bool], moves: str,
                 options: Mapping[str, OptionValue]) -> list[int]:
    """The seats the rules ask at ``stage`` (under ``options``)."""
    living = [index for index in range(len(seats)) if alive[index]]
    if stage == TRAP:
        return [index for index in living if len(hands[index]) >= 2]
    if stage == MOVE:
        return living
    if stage == LOOK:
        alone = rulings.shared_buko_look(options) or moves.count(CODES[BUKO]) == 1
        return [index for index in living if moves[index:index + 1] == CODES[BUKO] and alone]
    has_traps = [bool(seat.traps) if seat.traps is not None else alive[index] for index, seat in enumerate(seats)]
    # An out player's ninja moved nowhere ('-'); with ghost_traps it may flip all the same (ruling 6).
    ghosts = rulings.ghost_traps(options)
    return [index for index in range(len(seats))
            if has_traps[index] and ((alive[index] and moves[index] != "-" and moves.count(moves[index]) == 1)
                                     or (ghosts and not alive[index]))]


def play(state: NinjaTrapState, choices: Mapping[int, str]) -> None:
    """Apply each seat's action in the order given (one stage's choices, say ``{0: "mG", 1: "mB"}``)."""
    for seat, action in choices.items():
        state.apply(seat, action)


def log_texts(state: NinjaTrapState, seat: int | None = None) -> list[str]:
    """The texts of the log events ``seat`` (``None``: a spectator) is shown now, without indentation."""
    return [event.text for event in state.events if event.shown_to(seat)]
