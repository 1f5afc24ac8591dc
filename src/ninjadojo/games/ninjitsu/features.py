"""Ninjitsu!'s features for a designers' report (:meth:`~ninjadojo.engine.GameState.features`).

``played:`` each card a seat played as an action, a secret or a treasure; ``held:`` each card in its hand,
treasures and secrets at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.games.ninjitsu.cards import CARD_IDS

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState

#: What a feature is in this game, as a report says it: "the seats that {WORDS}".
WORDS = "played a card (as an action, a secret or a treasure) or held it at the end"


def features(state: NinjitsuState) -> list[set[str]]:
    """Each seat's features (see the module docstring)."""
    names = state.card_names()
    found: list[set[str]] = [set() for _ in range(state.num_players)]
    for seat, action in state.record.actions:
        # a: as an action, s: as a secret, t: as a treasure (c: chooses a card another effect asks for).
        if action[1:2] == ":" and action[0] in "ast":
            code = action[2:]
            found[seat].add("played:" + names.get(code, code))
    for seat in range(state.num_players):
        for zone in (state.hands[seat], state.treasures[seat], state.secrets[seat]):
            for card in zone:
                code = CARD_IDS[card]
                found[seat].add("held:" + names.get(code, code))
    return found
