"""Carrying out a chosen action: moving ninjas, pushing and trading, claiming cards, ending turns.

Every function here receives a payload that the legal-move generator produced, so it never checks
legality again and never parses text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.engine.frames import Frame
from ninjadojo.games.ninja_camp import words
from ninjadojo.games.ninja_camp.cards import (
    CLAN_TABLE,
    EMPTY,
    LETTERS,
    NAMES,
    POINTS,
    SHADOW,
)
from ninjadojo.games.ninja_camp.invariants import last_non_shadow
from ninjadojo.games.ninja_camp.moves import CLAN_CARD, SQUARE_FACTS, refresh
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
    from ninjadojo.games.ninja_camp.moves import Payload
    from ninjadojo.games.ninja_camp.state import NinjaCampState


def move_ninja(state: NinjaCampState, start: int, destination: int) -> None:
    """Move the ninja on ``start`` to the free ``destination``."""
    seat = state.occupant[start]
    state.occupant[start] = -1
    state.occupant[destination] = seat
    board, cells = state.board, state.cells
    board[start] = SQUARE_FACTS[cells[start]][0]
    board[destination] = SQUARE_FACTS[cells[destination]][seat + 1]
    squares = state.ninjas[seat]
    squares[squares.index(start)] = destination
    squares.sort()


#: Per card kind, the words of its claim up to the square: ``"Evade (+4) from "``.
_CLAIMED: tuple[str, ...] = tuple(f"{NAMES[kind]} ({POINTS[kind]:+d}) from " for kind in range(len(NAMES)))


def claim(state: NinjaCampState, seat: int, square: int) -> str:
    """Put the card on ``square`` into ``seat``'s hand, leaving an empty space; returns its words."""
    kind = state.cells[square]
    state.cells[square] = EMPTY
    state.board[square] = SQUARE_FACTS[EMPTY][state.occupant[square] + 1]
    state.hands[seat][kind] += 1
    return _CLAIMED[kind] + state.grid.names[square]


#: The words of a skill card played, by kind (``plays Evade``); a Shadow's words name the card it copies.
_PLAYS: tuple[str, ...] = tuple(f"plays {name}" for name in NAMES)
#: The words of a clan card used, by clan (``uses the Goat Clan``).
_USES: tuple[str, ...] = tuple(f"uses the {clan.name} Clan" for clan in CLAN_TABLE)
#: ``_OTHERS[players][seat]``: every other seat, in seat order.
_OTHERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(other for other in range(players) if other != seat) for seat in range(players)) for players in range(5))


def spend_card(state: NinjaCampState, seat: int, card: int) -> str:
    """Play a skill card to the discard pile or flip the clan card; returns its words for the log."""
    if card >= CLAN_CARD:
        state.clan_used[seat] = True
        return _USES[card - CLAN_CARD]
    state.hands[seat][card] -= 1
    state.discards[seat] += LETTERS[card]
    words = _PLAYS[card] if card != SHADOW else f"plays Shadow as {NAMES[state.copyable[seat]]}"
    if state.table_rules.shadow_pile:
        # Option shadow_copies=pile: every opponent's Shadow now copies the top card other than Shadow
        # of this player's discard pile (nothing if it holds only Shadows).
        copy = last_non_shadow(state.discards[seat])
    elif card != SHADOW:
        # Shadow copies the last skill card played by an opponent, skipping Shadows.
        copy = card
    else:
        return words  # a Shadow is skipped: what the others copy stays as it was
    copyable = state.copyable
    for other in _OTHERS[state.num_players][seat]:
        copyable[other] = copy
    return words


def apply_move(state: NinjaCampState, seat: int, payload: Payload) -> None:
    """A turn's card play, movement and claim (or Platypus's first step).

    The turn is one line; what the card does besides moving (a push, a trade, the claims) is nested
    under it (``depth=1``), so a log reads each turn as one action.
    """
    card, effect, start, destination, extra = payload
    played = spend_card(state, seat, card)
    names = state.grid.names
    if effect == SLOTH_CLAIM:
        state.log(f"P{seat} {played}")
        state.log(f"claims {claim(state, seat, extra)}", depth=1)
        end_turn(state, seat)
        return
    # Words before anything moves, so that the destination's card is still there to name.
    state.log(f"P{seat} {played} and {words.movement(state, payload)}")
    if effect == PLATYPUS_STEP:
        move_ninja(state, start, destination)
        state.frames[-1] = Frame("platypus", [seat], {"first": start, "moved": destination})
        return
    if effect in (AMBUSH_PUSH, GOAT_PUSH):
        pushed = state.occupant[destination]
        # The opponent's ninja makes room first; then the mover takes its space.
        move_ninja(state, destination, extra)
        verb = "pushes" if effect == AMBUSH_PUSH else "moves"
        state.log(f"{verb} P{pushed}'s ninja from {names[destination]} to {names[extra]}", depth=1)
    move_ninja(state, start, destination)
    if effect == SWAP:
        other = state.occupant[extra]
        _swap(state, destination, extra)
        whose = "its own other ninja" if other == seat else f"P{other}'s ninja"
        state.log(f"trades places with {whose} on {names[extra]}", depth=1)
    elif effect == STEALTH_CLAIM:
        state.log(f"claims {claim(state, seat, extra)}, passed over", depth=1)
    state.log(f"claims {claim(state, seat, start)}", depth=1)
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
    refresh(state, mover_square)
    refresh(state, other_square)


def apply_platypus(state: NinjaCampState, seat: int, frame: Frame, payload: Payload) -> None:
    """Platypus's second step, ``done``, or the choice of the card to claim (nested under the turn's
    first line, which named the clan card)."""
    _card, effect, start, destination, extra = payload
    names = state.grid.names
    if effect == TAKE:
        state.log(f"claims {claim(state, seat, extra)}", depth=1)
        end_turn(state, seat)
        return
    first = frame.data["first"]
    assert isinstance(first, int)
    if effect == PLATYPUS_DONE:
        state.log("moves no second ninja", depth=1)
        state.log(f"claims {claim(state, seat, first)}", depth=1)
        end_turn(state, seat)
        return
    assert effect == PLATYPUS_MORE
    move_ninja(state, start, destination)
    state.log(f"steps a second ninja from {names[start]} to {words.square(state, destination)}", depth=1)
    if state.occupant[first] >= 0:
        state.log(f"claims {claim(state, seat, start)}", depth=1)
        end_turn(state, seat)
        return
    left = (first, start) if first < start else (start, first)
    state.frames[-1] = Frame("platypus-claim", [seat], {"left": left})


def apply_pass(state: NinjaCampState, seat: int, forced: bool = True) -> None:
    """Pass for good (``forced``: no card of ``seat``'s could be carried out; else a move was still open)."""
    state.passed_at[seat] = state.turns
    state.log(f"P{seat} can carry out none of their cards, so passes for the rest of the game" if forced
              else f"P{seat} passes for the rest of the game (by choice: a move was still open)")
    end_turn(state, seat, moved=False)


#: ``_AFTER[players][seat]``: the seats clockwise after ``seat``, ending with ``seat`` itself.
_AFTER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((seat + offset) % players for offset in range(1, players + 1)) for seat in range(players))
    for players in range(5))


def end_turn(state: NinjaCampState, seat: int, moved: bool = True) -> None:
    """Hand the turn clockwise to the next player who has not passed, or end the game."""
    if moved:
        state.last_move[seat] = state.turns
    state.turns += 1
    passed_at = state.passed_at
    for candidate in _AFTER[state.num_players][seat]:
        if passed_at[candidate] < 0:
            state.frames[-1] = Frame("turn", [candidate])
            return
    finish_game(state)


def finish_game(state: NinjaCampState) -> None:
    """Everyone has passed: each player claims the cards under their ninjas, then scores."""
    # Not "every player has passed": the result, logged after the claims, says it.
    state.log("Each player claims the cards under their ninjas")
    names = state.grid.names
    for seat, squares in enumerate(state.ninjas):
        claimed = []
        for square in squares:
            kind = state.cells[square]
            state.cells[square] = EMPTY
            refresh(state, square)
            state.discards[seat] += LETTERS[kind]
            claimed.append(_CLAIMED[kind] + names[square])
        state.log(f"P{seat} claims {', '.join(claimed)}", depth=1)
    scores = state.points()
    best = max(scores)
    tied = [seat for seat in range(state.num_players) if scores[seat] == best]
    # Of the tied players, the one who took the last turn wins. Passing is a turn's first step, and
    # a player who has passed takes no more turns, so each player's last turn is their pass.
    winner = max(tied, key=lambda seat: state.passed_at[seat])
    reason = words.end_reason(state, scores, winner, tied)
    state.finish(tuple(map(float, scores)), (winner,), reason)
