"""Undo that tells nothing: the engine decides whether a seat may take back its last action.

A seat may take back its last action while no other seat has acted since and all the action led to was
determined by what the seat knew when it chose: no card drawn, looked at or turned up that it had not
seen, no random outcome, no other seat's hidden choice resolved, no check (a win check, a trap, a window
offered in secret) whose outcome hung on a card hidden from it. Then the seat could have worked out
everything the action showed it before taking it, so taking it back teaches nothing. The engine checks
this the same way for every game:

1. the seat's action is the last one of the record (nobody has acted since), or a hidden submission to
   a decision made at once that is still open (then others may have submitted since: submissions do
   not depend on each other, and who has submitted is hidden);
2. while a decision made at once is open and the seat's last action is not a submission to it, undo is
   refused whether or not anyone has submitted (who has is hidden, so a refusal must not depend on it);
3. in a game where a hidden answer may follow an action (Ninjitsu!'s "any time" cards ask their holders
   in secret), only while the seat itself still has the decision: once the game has moved on, a
   refusal could tell that someone was asked in secret, so it is refused whether or not anyone was;
   and while it has the decision again after such an answer, the refusal is (4)'s, never (1)'s, which
   would tell that someone answered;
4. the action was vouched for when it was applied: the game said, from what the seat knew, that all it
   leads to is determined by that (:meth:`GameState._undo_safe`; a game that says nothing vouches for
   nothing), and the random stream did not move. A submission to a decision made at once is vouched
   for by the engine while others still have to submit; the last one, which resolves it with every
   seat's hidden choice, never is.

Each check uses only what the seat knows, except (1), which reads the record; (2) and (3) make sure (1)
never refuses for a reason the seat could not see, and the refusals of (1) to (4) come in that order, so
that which reason is given tells nothing either. The check is exact by construction (no sampled worlds)
and cheap: the flag of (4) is recorded by ``apply`` once a driver has asked about undo, so a check
replays nothing (the flag of an action applied before anyone asked is worked out by the first check
that needs it, replaying the record up to that action once: simulations and searches, which never
ask, do not pay for the flags at every action). Taking back replays
nothing either once the game has been asked about undo: it keeps, from then on, the position before each
seat's last vouched action (a copy per seat, made only by games whose drivers ask about undo).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ninjadojo.engine.errors import UndoError
from ninjadojo.engine.state import UNDO_UNKNOWN

if TYPE_CHECKING:
    from ninjadojo.engine.state import GameState

#: The refusal of an action nobody vouched for (one reason for all causes, so the reason tells nothing).
HIDDEN_OUTCOME = ("what your action led to could depend on something you cannot see (a card drawn, turned up or "
                  "hidden, a random outcome, another seat's hidden choice, or a check on a hidden card)")


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
    if state._undo_points is None:
        state._undo_points = {}  # a driver that asks may take back: keep positions for it from now on
    actions = state.record.actions
    index = _last_index(state, seat)
    if index < 0:
        return "you have no action to take back"
    if state.result is not None:
        return "the game is over"
    frame = state.frames[-1]
    pending = frame.simultaneous and seat in frame.submitted
    if frame.simultaneous and not pending:
        return ("everyone is choosing at once now: your choice before this stage cannot be taken back (that would "
                "tell who has chosen); your choice in this stage can, once made, while another is still "
                "choosing")
    if state._hidden_answers_possible() and seat not in state.to_act() and not pending:
        return ("the game has moved on since your action: in this game you may take back an action only while "
                "the decision is still yours")
    later = actions[index + 1:] if index < len(actions) - 1 else ()
    moved_on = bool(later) and not (pending and all(each in frame.submitted for each, _ in later))
    if moved_on and not state._hidden_answers_possible():
        return "another seat has acted since your action"
    # Where another seat may answer unseen (a concealed window), an action it answered is one whose outcome
    # depended on what the seat cannot see: said as every such action is, or the reason would tell that
    # someone was asked.
    if not _vouched_now(state, index) or moved_on:
        return HIDDEN_OUTCOME
    return None


def _vouched_now(state: GameState[Any], index: int) -> bool:
    """Whether action ``index`` of the record is vouched for (its undo flag, worked out if still unknown)."""
    undoable = state._undoable
    if index >= len(undoable):
        return False
    if undoable[index] == UNDO_UNKNOWN:
        undoable[index] = _vouched(state, index)
    return bool(undoable[index])


def _vouched(state: GameState[Any], index: int) -> int:
    """The undo flag of action ``index`` (1: vouched for, 0: not), for an action applied before any
    driver asked about undo (``apply`` leaves it unknown then, so that simulations do not pay for it):
    the record is replayed up to the action, and the action applied again as ``apply`` does once asked."""
    record = state.record.copy()
    seat, action = record.actions[index]
    del record.actions[index:]
    before = type(state).replay(record)
    before._undo_points = {}
    before.apply(seat, action)
    return before._undoable[-1]


def undo(state: GameState[Any], seat: int) -> None:
    """Take back ``seat``'s last action: the game becomes exactly what it was before it. Raises
    :class:`UndoError` with the reason when the engine refuses (see :func:`undo_check`).

    A game asked about undo keeps, from then on, the position before each seat's last vouched action;
    taking that action back starts from it (and applies again the hidden submissions others made since
    to the same decision), so it replays nothing. Otherwise it replays the record without the action.
    """
    reason = undo_check(state, seat)
    if reason is not None:
        raise UndoError(f"seat {seat} cannot take back its last action: {reason}")
    index = _last_index(state, seat)
    kept = (state._undo_points or {}).get(seat)
    if kept is not None and kept.index == index:
        before = kept.restore(state)
        for each, action in state.record.actions[index + 1:]:
            before.apply(each, action)
    else:
        before = before_last(state, seat)
    state.__setstate__(before.__getstate__())
    # The positions kept for the others were taken before this action was taken back: drop them.
    state._undo_points = {}
