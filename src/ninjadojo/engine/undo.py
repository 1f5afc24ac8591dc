"""Undo that tells nothing: the engine decides whether a seat may take back its last action.

A seat may take back its last action while no other seat has acted since and the action taught that
seat nothing it did not know: no card drawn, looked at or turned up that it had not seen, no random
outcome, no other seat's hidden choice resolved. The engine checks this the same way for every game,
from the rules alone:

1. the seat's action is the last one of the record (nobody has acted since), or a hidden submission to
   a decision made at once that is still open (then others may have submitted since: submissions do
   not depend on each other, and who has submitted is hidden);
2. the random stream did not move during the action (no shuffle, no random card, no dice);
3. the action taught the seat nothing: in every one of :data:`SAMPLES` determinisations of the position
   before the action (worlds the seat cannot tell from the real one), the same action leaves the seat
   with exactly the view it has now. A card drawn or looked at, an opponent's hidden choice resolved,
   a trap sprung from a hidden card: each shows in some world as a different view;
4. in a game where a hidden answer may follow an action (Ninjitsu!'s "any time" cards ask their holders
   in secret), only while the seat itself still has the decision: once the game has moved on, a
   refusal could tell that someone was asked in secret, so it is refused whether or not anyone was.

Each check uses only what the seat knows, except (1), which reads the record; (4) makes sure (1) never
refuses for a reason the seat could not see. Checking costs a replay of the game (the position before
the last action is rebuilt from the record) and the samples: a few milliseconds for a short game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninjadojo.engine.errors import DojoError, UndoError

if TYPE_CHECKING:
    from ninjadojo.engine.state import GameState

#: Worlds sampled to check that an action taught the seat nothing.
SAMPLES = 16
#: The seeds of those samples (fixed, so that a check is repeatable).
_SEEDS = tuple(0x5EED_0000 + index for index in range(SAMPLES))


def before_last(state: GameState[Any], seat: int) -> GameState[Any]:
    """The game as it was before ``seat``'s last action (rebuilt from the record without it)."""
    record = state.record.copy()
    del record.actions[_last_index(state, seat)]
    return type(state).replay(record)


def _last_index(state: GameState[Any], seat: int) -> int:
    """The index in the record of ``seat``'s last action (-1: none)."""
    actions = state.record.actions
    return next((index for index in range(len(actions) - 1, -1, -1) if actions[index][0] == seat), -1)


def undo_check(state: GameState[Any], seat: int) -> str | None:
    """Why ``seat`` may not take back its last action now, or ``None`` when it may (module docs).

    A hidden submission to a decision made at once may be taken back even after other seats have
    submitted theirs to the same decision (submissions do not depend on each other, and which seats
    have submitted is hidden): the record is replayed without it.
    """
    state._check_seat(seat)
    actions = state.record.actions
    index = _last_index(state, seat)
    if index < 0:
        return "you have no action to take back"
    if state.result is not None:
        return "the game is over"
    frame = state.frames[-1]
    pending = frame.simultaneous and seat in frame.submitted
    if state._hidden_answers_possible() and seat not in state.to_act() and not pending:
        return ("the game has moved on since your action: in this game you may take back an action only while "
                "the decision is still yours")
    later = actions[index + 1:]
    if later and not (pending and all(each in frame.submitted for each, _ in later)):
        return "another seat has acted since your action"
    before = before_last(state, seat)
    if before.rng.state != state.rng.state:
        return "your action had a random outcome (a shuffle or a random card)"
    action = actions[index][1]
    seen = state.observe(seat)
    for seed in _SEEDS:
        world = before.determinize(seat, seed)
        try:
            world.apply(seat, action)
        except DojoError:
            return "your action cannot be checked in every world you consider possible"
        if world.observe(seat) != seen:
            return "your action showed you something you did not know (a card, or another seat's choice)"
    return None


def undo(state: GameState[Any], seat: int) -> None:
    """Take back ``seat``'s last action: the game becomes exactly what it was before it. Raises
    :class:`UndoError` with the reason when the engine refuses (see :func:`undo_check`)."""
    reason = undo_check(state, seat)
    if reason is not None:
        raise UndoError(f"seat {seat} cannot take back its last action: {reason}")
    before = before_last(state, seat)
    state.__setstate__(before.__getstate__())
