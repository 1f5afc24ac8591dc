"""Free actions: what the rules let a seat do "at any time" at no cost, outside the decisions.

Ninjitsu!'s "You may look at or rearrange your secrets at any time" (between actions, on anyone's
turn) is one. A game offers them through three hooks of :class:`~ninjadojo.engine.state.GameState`
(``_free``: the seat's free actions now as ``{notation: payload}``; ``_apply_free``; ``_free_label``,
and ``_explain_free`` for a wrong one), and drivers reach them through its public methods
(``free_actions``, ``free_labels``, ``is_free``), which call the functions here.

A free action is never among ``legal_actions`` nor named by ``to_act``: bots, searches, simulations and
environments play the decisions only, so a game stays finite whatever they do. An action that is both a
decision of the seat and free (a swap within a Ninjitsu! turn's listed allowance) counts as a decision.
``apply`` takes a free action from any seat while the game offers it (:func:`take_free`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ninjadojo.engine.state import GameState


def free_map(state: GameState[Any], seat: int) -> dict[str, Any]:
    """``seat``'s free actions now that are not also its decisions, with their payloads (none once over)."""
    state._check_seat(seat)
    if state.result is not None:
        return {}
    legal = state._legal_map(seat)
    return {action: payload for action, payload in state._free(seat).items() if action not in legal}


def free_labels(state: GameState[Any], seat: int) -> dict[str, str]:
    """Every free action of ``seat`` with its words (the game's ``_free_label``, else the notation)."""
    return {action: state._free_label(seat, action, payload) or action
            for action, payload in free_map(state, seat).items()}


def free_form(state: GameState[Any], seat: int, action: str) -> str | None:
    """The free action ``action`` names for ``seat`` now (in its canonical form: Ninjitsu!'s ``w2.0`` is
    recorded as ``w0.2``), or ``None``."""
    return state._named_in(seat, action, state._free(seat))


def is_free(state: GameState[Any], seat: int, action: object) -> bool:
    """Whether ``apply`` would take ``action`` of ``seat`` now as a free action, not as a decision."""
    state._check_seat(seat)
    if state.result is not None or not isinstance(action, str) or state._lookup(seat, action) is not None:
        return False
    return free_form(state, seat, action) is not None


def take_free(state: GameState[Any], seat: int, action: str) -> bool:
    """Apply ``action`` as ``seat``'s free action if it is one now (whether it was).

    It goes into the record like any action (a replay applies it again at its place), but it is no
    decision: it does not count toward ``max_length`` (``ply`` counts decisions, so free actions cannot
    end a game with no winner), moves no random stream and shows its seat nothing new, so the seat may
    take it back like a vouched action (while nobody has acted since; the undo replays the record
    without it). It drops the positions kept for other seats' undo (an action has come after theirs) and
    leaves the one-time looks showing (nobody made a decision).
    """
    if state.result is not None or type(seat) is not int or not 0 <= seat < state.num_players:
        return False
    free = state._free(seat)
    found = state._named_in(seat, action, free)
    if found is None:
        return False
    payload = free[found]
    state._legal_cache = {}
    state.record.actions.append((seat, found))
    state._undoable.append(1)
    if state._undo_points:
        state._undo_points.clear()
    state._apply_free(seat, payload)
    return True
