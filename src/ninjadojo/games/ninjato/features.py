"""Ninjato's features for a designers' report (:meth:`~ninjadojo.engine.GameState.features`).

``held:`` each Sensei tile kind, Rumor kind, clan of Envoy and treasure a seat holds at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.games.ninjato.cards import CLANS, ENVOY_CLAN, RUMOR_KIND_OF, RUMOR_KINDS, TILE_KINDS, TREASURE_NAMES

if TYPE_CHECKING:
    from ninjadojo.games.ninjato.state import NinjatoState

#: What a feature is in this game, as a report says it: "the seats that {WORDS}".
WORDS = "held a kind of Sensei tile, Rumor, clan of Envoy or treasure at the end"


def features(state: NinjatoState) -> list[set[str]]:
    """Each seat's features (see the module docstring)."""
    names = state.card_names()
    found: list[set[str]] = [set() for _ in range(state.num_players)]
    for seat in range(state.num_players):
        held = found[seat]
        for kind, count in enumerate(state.kinds[seat]):
            if count:
                code = TILE_KINDS[kind].code
                held.add("held:" + names.get(code, TILE_KINDS[kind].name))
        for rumor in state.rumors[seat]:
            code = "rum:" + RUMOR_KINDS[RUMOR_KIND_OF[rumor]].code
            held.add("held:" + names.get(code, code))
        for envoy in state.envoys[seat]:
            code = "env:" + CLANS[ENVOY_CLAN[envoy]]
            held.add("held:" + names.get(code, code))
        for treasure, count in enumerate(state.purse[seat]):
            if count:
                held.add("held:" + TREASURE_NAMES[treasure])
    return found
