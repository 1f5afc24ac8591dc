"""How a search scores an Of Knights and Ninjas position it stops short of the end
(:meth:`GameState.projected_scores`).

The score is gems, and gems only change hands: what a seat holds (its cards and fortifications) is
worth the gems it will take from, or keep from, the others. Each seat's projection is its gems plus
the worth of its holdings less the table's mean worth, so the projections add up to the gems in play,
as the final scores do.

The worths are on the gems' scale, fitted by least squares on games of the heuristic bot against
itself (the gems a seat ended with less those it had, against its holdings less the table's mean;
about 20,000 positions of 1,000 4-player games and 17,500 of 1,000 2-player ones) and rounded. They
differ by variation: in the 2-player duel nobody draws, so a card is a gem-taker or a gem-saver for the
rest of the game, worth about its strength (a Knight near 3 gems); with 3-6 players two cards come
every turn and a card is worth a gem at most: most of all what keeps attacks out (an Archer or a
Castle, standing or to stand), a Jester, an Executioner, a Queen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.games.knights_and_ninjas.cards import CODES

if TYPE_CHECKING:
    from ninjadojo.games.knights_and_ninjas.state import KnightsAndNinjasState

#: Gems a card in hand is worth in a game of 3-6 (by code; a card missing is worth nothing).
HAND_WORTH: dict[str, float] = {
    "pe": 0.1, "so": 0.05, "kn": 0.3, "ki": 0.5, "qu": 0.9, "ni": 0.6, "dr": 0.8, "tr": 0.6, "hw": 0.3, "pr": 0.5,
    "ex": 0.85, "he": 0.15, "mo": 0.15, "mi": 0.65, "ar": 1.1, "ca": 0.75, "je": 1.1,
}
#: Gems a card in hand is worth in the 2-player duel (no drawing: each card is used once, for good).
DUEL_HAND_WORTH: dict[str, float] = {
    "pe": 1.1, "so": 2.0, "kn": 2.6, "ki": 4.1, "qu": 4.5, "ni": 2.5, "dr": 1.4, "pr": 2.2, "ex": 2.8,
    "he": 0.6, "mo": 1.5, "mi": 2.4, "ar": 0.4, "la": 0.2,
}
#: Gems a standing fortification is worth (castle, archer, minstrel slots), 3-6 players and duel.
FORT_WORTH: tuple[float, float, float] = (1.5, 1.7, 0.8)
DUEL_FORT_WORTH: tuple[float, float, float] = (0.0, 0.8, 0.0)

_HAND = tuple(HAND_WORTH.get(code, 0.0) for code in CODES)
_DUEL_HAND = tuple(DUEL_HAND_WORTH.get(code, 0.0) for code in CODES)


def holdings_worth(state: KnightsAndNinjasState, seat: int) -> float:
    """The gems ``seat``'s hand and standing fortifications are worth (before the table's mean is taken off)."""
    per_card = _DUEL_HAND if state.duel else _HAND
    per_slot = DUEL_FORT_WORTH if state.duel else FORT_WORTH
    worth = sum(per_card[kind] * count for kind, count in enumerate(state.hands[seat]) if count)
    return worth + sum(value for card, value in zip(state.forts[seat], per_slot, strict=True) if card >= 0)


def projected_scores(state: KnightsAndNinjasState) -> list[float]:
    """Each seat's gems plus its holdings' worth less the mean worth at the table (the sum is the gems in
    play). The search calls it on a sample, whose hidden hands are the sample's."""
    worths = [holdings_worth(state, seat) for seat in range(state.num_players)]
    mean = sum(worths) / len(worths)
    return [gems + worth - mean for gems, worth in zip(state.gems, worths, strict=True)]
