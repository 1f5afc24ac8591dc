"""Carrying out a chosen action: moving ninjas, pushing and trading, claiming cards, ending turns.

Every function here receives a payload that the legal-move generator produced, so it never checks
legality again and never parses text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine.frames import Frame
from ninjadojo.games.ninja_camp.cards import (
    CLAN_TABLE,
    EMPTY,
    LETTERS,
    NAMES,
    POINTS,
    SHADOW,
)
from ninjadojo.games.ninja_camp.rules import (
    AMBUSH_PUSH,
    GOAT_PUSH,
    PLATYPUS_DONE,
    PLATYPUS_MORE,
    PLATYPUS_STEP,
    SLOTH_CLAIM,
    STEALTH_CLAIM,
    SWAP,
    TAKE,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninja_camp.state import NinjaCampState, Payload

#: Payload card numbers from this one up are clan cards (``CLAN_CARD + clan``).
CLAN_CARD = 10


def move_ninja(state: NinjaCampState, start: int, destination: int) -> None:
    """Move the ninja on ``start`` to the free ``destination``."""
    seat = state.occupant[start]
    state.occupant[start] = -1
    state.occupant[destination] = seat
    squares = state.ninjas[seat]
    squares[squares.index(start)] = destination
    squares.sort()


def claim(state: NinjaCampState, seat: int, square: int) -> str:
    """Put the card on ``square`` into ``seat``'s hand, leaving an empty space; returns its words."""
    kind = state.cells[square]
    state.cells[square] = EMPTY
    state.hands[seat][kind] += 1
    return f"{NAMES[kind]} ({POINTS[kind]:+d}) from {state.grid.names[square]}"


def spend_card(state: NinjaCampState, seat: int, card: int) -> str:
    """Play a skill card to the discard pile or flip the clan card; returns its name for the log."""
    if card >= CLAN_CARD:
        state.clan_used[seat] = True
        return CLAN_TABLE[card - CLAN_CARD].name + " Clan"
    state.hands[seat][card] -= 1
    state.discards[seat] += LETTERS[card]
    if card != SHADOW:
        # Shadow copies the last skill card played by an opponent, skipping Shadows.
        for other in range(state.num_players):
            if other != seat:
                state.copyable[other] = card
        return NAMES[card]
    return f"Shadow (as {NAMES[state.copyable[seat]]})"


def apply_move(state: NinjaCampState, seat: int, payload: Payload, text: str) -> None:
    """A turn's card play, movement and claim (or Platypus's first step)."""
    card, effect, start, destination, extra = payload
    played = spend_card(state, seat, card)
    names = state.grid.names
    if effect == SLOTH_CLAIM:
        got = claim(state, seat, extra)
        state.log(f"seat {seat}: {played} claims {got} ({text})")
        end_turn(state, seat)
        return
    if effect == PLATYPUS_STEP:
        move_ninja(state, start, destination)
        state.log(f"seat {seat}: {played} moves {names[start]}-{names[destination]} ({text})")
        state.frames[-1] = Frame("platypus", [seat], {"first": start, "moved": destination})
        return
    extra_words = ""
    if effect in (AMBUSH_PUSH, GOAT_PUSH):
        pushed = state.occupant[destination]
        # The opponent's ninja makes room first; then the mover takes its space.
        move_ninja(state, destination, extra)
        extra_words = f", moving seat {pushed}'s ninja to {names[extra]}"
    move_ninja(state, start, destination)
    if effect == SWAP:
        other = state.occupant[extra]
        _swap(state, destination, extra)
        extra_words = f", trading places with seat {other}'s ninja on {names[extra]}"
    elif effect == STEALTH_CLAIM:
        extra_words = f", claiming {claim(state, seat, extra)}"
    got = claim(state, seat, start)
    state.log(f"seat {seat}: {played} {text}{extra_words}; claims {got}")
    end_turn(state, seat)


def _swap(state: NinjaCampState, mover_square: int, other_square: int) -> None:
    """Trade the places of the ninjas on two squares (possibly both of one seat)."""
    mover, other = state.occupant[mover_square], state.occupant[other_square]
    mine, theirs = state.ninjas[mover], state.ninjas[other]
    i, j = mine.index(mover_square), theirs.index(other_square)
    mine[i] = other_square
    theirs[j] = mover_square
    mine.sort()
    theirs.sort()
    state.occupant[mover_square], state.occupant[other_square] = other, mover


def apply_platypus(state: NinjaCampState, seat: int, frame: Frame, payload: Payload) -> None:
    """Platypus's second step, ``done``, or the choice of the card to claim."""
    _card, effect, start, destination, extra = payload
    names = state.grid.names
    if effect == TAKE:
        got = claim(state, seat, extra)
        state.log(f"seat {seat}: Platypus claims {got}")
        end_turn(state, seat)
        return
    first = frame.data["first"]
    assert isinstance(first, int)
    if effect == PLATYPUS_DONE:
        got = claim(state, seat, first)
        state.log(f"seat {seat}: Platypus moves no second ninja; claims {got}")
        end_turn(state, seat)
        return
    assert effect == PLATYPUS_MORE
    move_ninja(state, start, destination)
    state.log(f"seat {seat}: Platypus moves {names[start]}-{names[destination]}")
    if state.occupant[first] >= 0:
        got = claim(state, seat, start)
        state.log(f"seat {seat}: Platypus claims {got}")
        end_turn(state, seat)
        return
    left = (first, start) if first < start else (start, first)
    state.frames[-1] = Frame("platypus-claim", [seat], {"left": left})


def apply_pass(state: NinjaCampState, seat: int) -> None:
    """Pass for good."""
    state.passed_at[seat] = state.turns
    state.log(f"seat {seat} passes for the rest of the game")
    end_turn(state, seat, moved=False)


def end_turn(state: NinjaCampState, seat: int, moved: bool = True) -> None:
    """Hand the turn clockwise to the next player who has not passed, or end the game."""
    if moved:
        state.last_move[seat] = state.turns
    state.turns += 1
    players = state.num_players
    for offset in range(1, players + 1):
        candidate = (seat + offset) % players
        if state.passed_at[candidate] < 0:
            state.frames[-1] = Frame("turn", [candidate])
            return
    finish_game(state)


def finish_game(state: NinjaCampState) -> None:
    """Everyone has passed: each player claims the cards under their ninjas, then scores."""
    for seat, squares in enumerate(state.ninjas):
        for square in squares:
            kind = state.cells[square]
            state.cells[square] = EMPTY
            state.discards[seat] += LETTERS[kind]
    scores = state.points()
    best = max(scores)
    tied = [seat for seat in range(state.num_players) if scores[seat] == best]
    # Of the tied players, the one who took the last turn wins. Passing is a turn's first step, and
    # a player who has passed takes no more turns, so each player's last turn is their pass.
    winner = max(tied, key=lambda seat: state.passed_at[seat])
    reason = "all players have passed; " + ", ".join(
        f"seat {seat} {scores[seat]:g}" for seat in range(state.num_players)
    )
    if len(tied) > 1:
        reason += f"; tie broken for seat {winner}, who took the last turn"
    state.finish(tuple(float(score) for score in scores), (winner,), reason)
