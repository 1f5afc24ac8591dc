"""The fixed action space: every action text that can ever be legal, in a stable order.

An action's index in :func:`all_actions` is its integer id (for RL and search). Seats and secret
positions are absolute: ``x2.5`` means seat 2's sixth secret whoever steals it.
"""

from __future__ import annotations

from ninjadojo.games.ninjitsu.cards import DECK_SIZE
from ninjadojo.games.ninjitsu.notation import (
    ACTION_TEXT,
    CHOOSE_TEXT,
    DONE_TEXT,
    DRAW_TEXT,
    FLIP_TEXT,
    MAX_POSITIONS,
    SECRET_TEXT,
    STEAL_TEXT,
    SWAP_TEXT,
    TREASURE_TEXT,
)


def all_actions(players: int) -> list[str]:
    """Every action text of a ``players``-player game: draw, done, plays, choices, steals, flips, swaps."""
    actions = [DRAW_TEXT, DONE_TEXT]
    for card in range(DECK_SIZE):
        actions += [ACTION_TEXT[card], SECRET_TEXT[card], TREASURE_TEXT[card]]
    actions += CHOOSE_TEXT
    for seat in range(players):
        actions += STEAL_TEXT[seat]
    for seat in range(players):
        actions += FLIP_TEXT[seat]
    for first in range(MAX_POSITIONS):
        actions += SWAP_TEXT[first][first + 1:]
    return actions
