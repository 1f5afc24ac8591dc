"""Ninja Camp's features for a designers' report (:meth:`~ninjadojo.engine.GameState.features`).

``clan:`` a seat's clan; ``skill:`` each kind of skill card it claimed or played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.games.ninja_camp.cards import CLAN_TABLE, LETTERS, NAMES, SKILLS, STARTING_HAND

if TYPE_CHECKING:
    from ninjadojo.games.ninja_camp.state import NinjaCampState

#: What a feature is in this game, as a report says it: "the seats that {WORDS}".
WORDS = "chose a clan, or claimed or played a kind of skill card"


def features(state: NinjaCampState) -> list[set[str]]:
    """Each seat's features (see the module docstring)."""
    names = state.card_names()
    found: list[set[str]] = [set() for _ in range(state.num_players)]
    clans = {clan.clan: names.get(clan.code, clan.name) for clan in CLAN_TABLE}
    skills = {kind: names.get(LETTERS[kind], NAMES[kind]) for kind in SKILLS}
    for seat in range(state.num_players):
        clan = state.clans[seat]
        if clan in clans:
            found[seat].add("clan:" + clans[clan])
        # Claimed: the cards it owns beyond its starting hand, in hand or discarded.
        owned = list(state.hands[seat])
        for letter in state.discards[seat]:
            owned[LETTERS.index(letter)] += 1
        for kind in STARTING_HAND:
            owned[kind] -= 1
        for kind in SKILLS:
            if owned[kind] > 0:
                found[seat].add("skill:" + skills[kind])
    for seat, action in state.record.actions:
        # A skill card played: its letter, then ``:`` and the move (``E:a7-a6``).
        if action[1:2] == ":" and action[0] in LETTERS[1:] and LETTERS.index(action[0]) in skills:
            found[seat].add("skill:" + skills[LETTERS.index(action[0])])
    return found
