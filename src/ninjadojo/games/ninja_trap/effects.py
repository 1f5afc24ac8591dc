"""The one card with a special ability: the Buko (armoury).

Moved to and not trapped there in the activation stage, its owner may look at each of their own
face-down traps, once. The look is a short decision of its own (stage ``look``, one action, ``ok``):
while the seat has not said ``ok`` its view holds its traps (``buko_look``, and the picture); after
that they are hidden again. The same look is also a one-time log event to that seat only, which
lasts exactly as long (until that seat's own ``ok``).
Modelling it as a decision lets every looker see it at its own moment, whatever order the seats
act in (a bot is only consulted when it must decide).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.games.ninja_trap import rulings
from ninjadojo.games.ninja_trap.cards import BUKO, ROOMS

if TYPE_CHECKING:
    from ninjadojo.games.ninja_trap.state import NinjaTrapState


def look_text(state: NinjaTrapState, seat: int) -> str:
    """The private event text of a Buko look: every face-down trap of ``seat`` with its room (a seat with
    none is told so by the public line alone: see :func:`buko_lookers`)."""
    row = state.traps[seat]
    # (each trap named by the turn it was laid, as every other line names it: its place in the row changes)
    shown = ", ".join(f"the trap of turn {turn} in the {ROOMS[room].name}"
                      for room, turn in zip(row, state.trap_turns[seat], strict=True))
    return f"Buko look (only now, only you): {shown}."


def may_look(state: NinjaTrapState, seat: int) -> bool:
    """Whether ``seat`` earns a look, if unharmed: it moved to the Buko (alone there, with the option
    ``shared_buko_look=false``: ruling 7)."""
    if state.moves[seat] != BUKO:
        return False
    return rulings.shared_buko_look(state.options) or state.moves.count(BUKO) == 1


def buko_lookers(state: NinjaTrapState, hit_this_turn: list[bool]) -> list[int]:
    """Every living ninja that moved to the Buko and was not trapped this turn; logs their looks."""
    lookers = []
    if not rulings.shared_buko_look(state.options) and state.moves.count(BUKO) > 1 and not any(
            hit_this_turn[seat] for seat in range(state.num_players) if state.moves[seat] == BUKO):
        state.log("The ninjas who shared the Buko watched each other: none of them looks at their traps.")
    for seat in range(state.num_players):
        if may_look(state, seat) and not hit_this_turn[seat] and state.alive(seat):
            lookers.append(seat)
            if not state.traps[seat]:
                # (how many face-down traps a seat has is public: saying so tells nothing hidden; the public
                # line says all there is, to the looker too, so no private line repeats it)
                state.log(f"P{seat} was not trapped in the Buko, but has no face-down trap to look at.")
                continue
            state.log(f"P{seat} was not trapped in the Buko and looks at their traps.")
            # Nested under the public line; a one-time look, to the looker only. It stays in the looker's
            # view until the looker acts (its ok): other lookers' hidden ok must not end it, or its
            # vanishing would tell that a rival has answered (the engine's expiry rule sees to that).
            state.log(look_text(state, seat), 1 << seat, transient=True, depth=1)
    return lookers
