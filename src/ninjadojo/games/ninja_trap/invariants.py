"""The laws of a Ninja Trap position: what every reachable position obeys.

:func:`check_invariants` runs after every action in the property tests and on every parsed position
(the engine refuses a position that breaks one, naming the law). Each law follows from the rules:

- every card of a seat's deck is in exactly one zone (hand, deck, trap row, discard pile, or the
  table: this turn's move card during the activation stage);
- hands hold at most five cards, and fewer later in a turn: four once the trap is placed, three once
  the move is made; a ninja that is out holds at most three (it was knocked out after moving);
- a trap row holds at most one trap per turn, in the order placed, none from a later turn (none from
  this turn before the trap stage is over), and never every card of the deck;
- a ninja with two or more cards at the trap stage places a trap, so a ninja that placed none this
  turn holds at most one card at the move stage and none at the activation stage;
- the stage asks exactly the seats the rules ask (trap: living ninjas with two cards or more; move:
  every living ninja; activate: those alone in their room with a face-down trap, and out players
  with one under ``ghost_traps``; look: the living ninjas in the Buko, which no sprung trap reached,
  only one alone there under ``shared_buko_look=false``);
- at the activation stage every living ninja has a move on the table and no trap is flipped yet;
  at turn 1, before any reveal, nobody has moved, flipped, been hit or discarded, and every ninja
  holds the five cards it drew at set-up (at the move stage, four of them and the trap it laid), the
  rest of its deck in its draw pile;
- a ninja takes one hit a turn at most, so it has no more hits than turns whose traps have sprung
  (the turns before this one, and this one too once its activation stage is over);
- a finished game names as winners the last ninja standing, the ninjas forced into one room (those
  of them with the fewest hits under ``stalemate=fewest_hits``), or those knocked out together in the
  last turn (none when it was stopped at its maximum length).
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from ninjadojo.engine.errors import quote
from ninjadojo.games.ninja_trap.cards import BUKO, CODES, HAND_SIZE, HITS_TO_KILL, ROOM_COUNT, deck_counts
from ninjadojo.games.ninja_trap.effects import may_look
from ninjadojo.games.ninja_trap.rules import (
    ACTIVATE,
    LOOK,
    MOVE,
    TRAP,
    flipper_seats,
    moves_on_table,
    stalemate_winners,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninja_trap.state import NinjaTrapState

#: The most cards a living ninja can hold at each stage (five drawn; a trap placed; a move made).
HAND_LIMIT = {TRAP: HAND_SIZE, MOVE: HAND_SIZE - 1, ACTIVATE: HAND_SIZE - 2, LOOK: HAND_SIZE - 2}


def _codes(counts: list[int]) -> str:
    return "".join(CODES[room] * count for room, count in enumerate(counts)) or "-"


def check_invariants(state: NinjaTrapState) -> None:
    """Raise ``AssertionError`` naming the broken law if the position is not one the rules can reach."""
    assert state.turn >= 1, f"the turn is counted from 1, not {state.turn}"
    for seat in range(state.num_players):
        _check_cards(state, seat)
        _check_trap_row(state, seat)
        _check_hits(state, seat)
    if state.result is not None:
        _check_result(state)
    else:
        _check_stage(state)


def _check_cards(state: NinjaTrapState, seat: int) -> None:
    """Cards conserved, zone sizes in range, hits and the move/flip fields in range."""
    players = state.num_players
    counts = deck_counts(players)
    hand, pile = state.hands[seat], state.discards[seat]
    assert 0 <= state.hits[seat] <= HITS_TO_KILL, f"seat {seat} has {state.hits[seat]} hits (0 to {HITS_TO_KILL})"
    assert -1 <= state.moves[seat] < ROOM_COUNT, f"seat {seat}'s move {state.moves[seat]} is not a room"
    assert -1 <= state.flips[seat] < ROOM_COUNT, f"seat {seat}'s flip {state.flips[seat]} is not a room"
    assert min(hand) >= 0 and min(pile) >= 0, f"seat {seat} has a negative number of cards in a zone"
    held = [hand[room] + pile[room] for room in range(ROOM_COUNT)]
    if moves_on_table(state) and state.moves[seat] >= 0:
        held[state.moves[seat]] += 1
    for room in (*state.decks[seat], *state.traps[seat]):
        assert 0 <= room < ROOM_COUNT, f"seat {seat} has a card that is not a room: {room}"
        held[room] += 1
    assert tuple(held) == counts, (
        f"seat {seat}'s cards {_codes(held)} are not a {players}-player deck ({_codes(list(counts))}): "
        "every card must be in exactly one zone")
    assert sum(hand) <= HAND_SIZE, f"seat {seat} holds {sum(hand)} cards, more than {HAND_SIZE}"
    if not state.alive(seat):
        assert sum(hand) <= HAND_LIMIT[ACTIVATE], (
            f"seat {seat} is out but holds {sum(hand)} cards: a ninja is knocked out after placing a trap and "
            f"moving, so with at most {HAND_LIMIT[ACTIVATE]}")


def _check_hits(state: NinjaTrapState, seat: int) -> None:
    """One hit a turn at most: no more hits than the turns whose activation stage is over."""
    # Traps spring at the end of the activation stage; before it (trap, move, activate) this turn's
    # hits are still to come. At the look stage and at the end they have been given.
    sprung = state.turn - 1 if state.stage() in (TRAP, MOVE, ACTIVATE) else state.turn
    assert state.hits[seat] <= sprung, (
        f"seat {seat} has {state.hits[seat]} hits after {sprung} turn(s) of traps sprung: a ninja takes one hit "
        "a turn at most")


def _check_trap_row(state: NinjaTrapState, seat: int) -> None:
    row, turns = state.traps[seat], state.trap_turns[seat]
    assert len(row) == len(turns), f"seat {seat}'s trap row has {len(row)} traps but {len(turns)} turns placed"
    assert all(a < b for a, b in pairwise(turns)), (
        f"seat {seat}'s traps were placed on turns {turns}: one trap a turn at most, in the order placed")
    # Before the trap stage is over no trap of this turn lies on the table yet.
    latest = state.turn - 1 if state.stage() == TRAP else state.turn
    assert all(0 < turn <= latest for turn in turns), (
        f"seat {seat} has a trap placed on turn {max(turns, default=0)} at the {state.stage() or 'end'} stage of "
        f"turn {state.turn}: traps come from turns 1 to {latest}")
    assert len(row) < sum(deck_counts(state.num_players)), (
        f"seat {seat}'s trap row holds its whole deck: a ninja always keeps a card to move with")


def _check_stage(state: NinjaTrapState) -> None:
    """The one pending stage asks the right seats, and the hands and table fit that stage."""
    living = state.living_seats()
    assert len(living) >= 2, f"the game goes on with {len(living)} ninja(s) standing: it ends when one is left"
    assert len(state.frames) == 1, f"a turn has one pending stage, not {len(state.frames)} frames"
    frame = state.frames[-1]
    kind = frame.kind
    assert kind in HAND_LIMIT, f"unknown stage {quote(kind)} (stages: {', '.join(HAND_LIMIT)})"
    assert frame.simultaneous and not frame.concealed, f"the {kind} stage is simultaneous and asks openly"
    assert not frame.data, f"the {kind} stage carries no data, not {quote(dict(frame.data))}"
    this_turn = [bool(state.trap_turns[seat]) and state.trap_turns[seat][-1] == state.turn
                 for seat in range(state.num_players)]
    for seat in living:
        held = sum(state.hands[seat])
        assert held <= HAND_LIMIT[kind], (
            f"living seat {seat} holds {held} cards at the {kind} stage: at most {HAND_LIMIT[kind]} by then")
        if kind in (TRAP, MOVE):
            assert held >= 1, f"living seat {seat} has no card to move with at the {kind} stage"
        # With two cards or more a ninja must place a trap; so placing none leaves it one card at most.
        if kind == MOVE and not this_turn[seat]:
            assert held <= 1, (f"seat {seat} holds {held} cards at the move stage but placed no trap this turn: "
                               "a ninja with two cards or more places one")
        if kind == ACTIVATE and not this_turn[seat]:
            assert held == 0, (f"seat {seat} holds {held} cards after moving but placed no trap this turn: "
                               "a ninja with two cards or more places one")
        if kind in (ACTIVATE, LOOK):
            assert state.moves[seat] >= 0, f"living seat {seat} has no move at the {kind} stage: every ninja moves"
    if kind in (TRAP, MOVE) and state.turn == 1:
        for seat in range(state.num_players):
            assert (state.moves[seat], state.flips[seat], state.hits[seat], sum(state.discards[seat])) == \
                (-1, -1, 0, 0), f"seat {seat} has moved, flipped, been hit or discarded before the first reveal"
            _check_first_hand(state, seat, kind)
    expected = _stage_seats(state, kind, living)
    seats = list(frame.participants())
    assert seats == expected, f"the {kind} stage asks seats {seats}; the rules ask {expected}"


def _check_first_hand(state: NinjaTrapState, seat: int, kind: str) -> None:
    """Before the first reveal a ninja holds the five it drew at set-up (less the trap it laid since)."""
    placed = len(state.traps[seat])
    held = sum(state.hands[seat])
    if kind == TRAP:
        assert held == HAND_SIZE and not placed, (
            f"seat {seat} holds {held} cards and has {placed} trap(s) at the trap stage of turn 1: every ninja "
            f"starts with the {HAND_SIZE} it drew and no trap, the rest of its deck in its draw pile")
    else:
        assert held + placed == HAND_SIZE, (
            f"seat {seat} holds {held} cards and has {placed} trap(s) at the move stage of turn 1: the {HAND_SIZE} "
            "it drew at set-up are in its hand or its trap row, the rest of its deck in its draw pile")


def _stage_seats(state: NinjaTrapState, kind: str, living: list[int]) -> list[int]:
    if kind == TRAP:
        return [seat for seat in living if sum(state.hands[seat]) >= 2]
    if kind == MOVE:
        return living
    if kind == ACTIVATE:
        for seat in range(state.num_players):
            assert state.flips[seat] == -1, f"seat {seat} has flipped a trap before the activation stage is over"
            if not state.alive(seat):
                assert state.moves[seat] == -1, f"seat {seat} is out but has a move on the table"
        return flipper_seats(state)
    # A trap sprung in the Buko hits every ninja there, so nobody would be looking.
    assert BUKO not in state.flips, "a trap sprang in the Buko, yet a ninja there looks at their traps"
    return [seat for seat in living if may_look(state, seat)]


def _check_result(state: NinjaTrapState) -> None:
    result = state.result
    assert result is not None
    assert not state.frames, "a finished game has no pending decision"
    winners = list(result.winners)
    if result.truncated:
        assert not winners, "a game stopped at its maximum length has no winner"
        return
    living = state.living_seats()
    if len(living) == 1:
        assert winners == living, f"the winners {winners} must be the ninjas still standing {living}"
    elif living:
        # The ninjas forced into one room for good: all of them, or those with the fewest hits (ruling 3).
        expected = stalemate_winners(state)
        assert winners == expected, f"the winners {winners} of a stalemate must be {expected}"
    else:
        assert winners, "the ninjas knocked out together in the last turn share the win"
    scores = tuple(1.0 if seat in winners else 0.0 for seat in range(state.num_players))
    assert tuple(result.scores) == scores, f"the scores {list(result.scores)} must be 1 per winner, 0 otherwise"
