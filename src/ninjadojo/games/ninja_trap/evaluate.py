"""How a search scores a Ninja Trap position it stops short of the end (:meth:`GameState.projected_scores`).

The winner is the last ninja standing, so what a seat has is its lives; a ninja still in with traps
laid and cards to lay has more to strike with. Each living seat's projection is its lives left plus
:data:`TRAP_WORTH` per face-down trap (a trap is a threat only while it lies there); an out seat's is
0. The figures are on the lives' scale so that a hit taken always outweighs a trap laid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.games.ninja_trap.cards import HITS_TO_KILL

if TYPE_CHECKING:
    from ninjadojo.games.ninja_trap.state import NinjaTrapState

#: What one face-down trap adds to a living seat's projection (a hit costs 1).
TRAP_WORTH = 0.15


def projected_scores(state: NinjaTrapState) -> list[float]:
    """Each seat's lives left, plus :data:`TRAP_WORTH` a face-down trap while its ninja is in."""
    scores: list[float] = []
    for seat in range(state.num_players):
        lives = max(0, HITS_TO_KILL - state.hits[seat])
        scores.append(float(lives) + (TRAP_WORTH * len(state.traps[seat]) if lives else 0.0))
    return scores
