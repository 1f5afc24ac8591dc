"""Ninja Trap's features for a designers' report (:meth:`~ninjadojo.engine.GameState.features`).

``trap:`` each room whose card a seat set as a trap, ``move:`` each room it moved to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ninjadojo.games.ninja_trap.state import NinjaTrapState

#: What a feature is in this game, as a report says it: "the seats that {WORDS}".
WORDS = "set a room's card as a trap, or moved to a room"


def features(state: NinjaTrapState) -> list[set[str]]:
    """Each seat's features (see the module docstring)."""
    names = state.card_names()
    found: list[set[str]] = [set() for _ in range(state.num_players)]
    for seat, action in state.record.actions:
        # tX: set the card of room X as a trap; mX: move to room X.
        if len(action) == 2 and action[0] in "tm" and action[1] in names:
            found[seat].add(("trap:" if action[0] == "t" else "move:") + names[action[1]])
    return found
