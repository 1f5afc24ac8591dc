"""Ninjitsu!'s model of play for samples: which unseen cards are likely among another's secrets or hand.

A determinisation (:meth:`GameState.determinize`) deals the cards a seat has not seen among the places
it cannot see into. Dealt alike, every such card is as likely to lie among an opponent's secrets as in
the deck; but players lay as secrets the cards that work there (traps, which bite only from there, and
the cards worth most face down) and keep action cards in hand (a secret action card is only worth its
points), so an opponent's secrets hold far more of the first, and far fewer action cards, than the deck.
A search that samples its opponents' secrets as if drawn from the deck steals into traps it should have
feared and fears action cards that are never there.

:data:`LIFTS` says by how much, per card: the share of the card among secrets standing at the start of
a turn, and among the cards in hand, over its share of the deck, in four-player games of ``heuristic``
players (``PYTHONPATH=src python benchmarks/ninjitsu_lifts.py --games 150`` measures them again and
prints this table). :func:`likely_deal` deals by them: the secret places take their cards first, each
card weighed by its secret lift (a weighted draw without replacement), then the hand places by their
hand lift, then the deck the rest at random. Only the cards a seat cannot place are dealt so, among
the places it cannot see, so a sample still agrees with all it knows; cards of the expansions, which
the table does not cover, weigh 1 (as dealt alike).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ninjadojo.engine.rng import Rng
from ninjadojo.games.ninjitsu.cards import CARDS

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState

#: Per card name: (its share among secrets over its share of the deck, its share in hands over its
#: share of the deck), from ``benchmarks/ninjitsu_lifts.py --games 150`` (see the module docstring):
#: 9,362 secrets and 120,798 cards in hand counted at the starts of turns.
LIFTS: dict[str, tuple[float, float]] = {
    'Bo Staff': (2.17, 0.61),
    'Tripwire': (2.00, 1.60),
    'Snare': (1.98, 0.66),
    'Bow and Arrows': (1.98, 0.59),
    'Explosives': (1.05, 1.39),
    'Chain and Sickle': (1.00, 0.55),
    'Master of Cunning': (0.98, 1.85),
    'Katana': (0.93, 0.60),
    'Smoke Bomb': (0.59, 0.67),
    'Climbing Hook': (0.51, 0.59),
    'Master of Surprise': (0.37, 1.74),
    'Master of Planning': (0.16, 1.47),
    'Blowgun': (0.16, 0.81),
    'Master of Secrets': (0.15, 0.93),
    'Caltrops': (0.09, 0.62),
    'Darts': (0.08, 0.77),
}

#: The weights of each card number among secrets and in hands (1 where :data:`LIFTS` has no row).
SECRET_WEIGHT: tuple[float, ...] = tuple(LIFTS.get(card.name, (1.0, 1.0))[0] for card in CARDS)
HAND_WEIGHT: tuple[float, ...] = tuple(LIFTS.get(card.name, (1.0, 1.0))[1] for card in CARDS)
#: The least weight a card is given (a card never seen among secrets may still be there).
FLOOR = 0.05


def _weighted_draw(rng: Rng, pool: list[int], count: int, weights: Sequence[float]) -> list[int]:
    """``count`` cards of ``pool`` drawn without replacement, each in proportion to its weight
    (Efraimidis and Spirakis: the largest keys ``log(u) / weight``), in ``pool``'s order of keys."""
    keys = []
    for card in pool:
        u = rng.random() or 2.0 ** -53
        keys.append((math.log(u) / max(weights[card], FLOOR), card))
    keys.sort(reverse=True)
    return [card for _, card in keys[:count]]


def likely_deal(state: NinjitsuState, rng: Rng, places: Sequence[Any], cards: Sequence[int]) -> list[tuple[Any, int]]:
    """Deal ``cards`` (the free unseen cards, in a canonical order) among ``places`` (the unknown places
    left, each ``(zone, index, mask)``, in a canonical order) by the model: secret places first, then
    hand places, each by its lifts, then the deck's places the rest at random."""
    secret_zones = {id(zone) for zone in state.secrets}
    hand_zones = {id(zone) for zone in state.hands}
    secret_places = [place for place in places if id(place[0]) in secret_zones]
    hand_places = [place for place in places if id(place[0]) in hand_zones]
    other_places = [place for place in places if id(place[0]) not in secret_zones and id(place[0]) not in hand_zones]
    pool = list(cards)
    deal: list[tuple[Any, int]] = []
    for group, weights in ((secret_places, SECRET_WEIGHT), (hand_places, HAND_WEIGHT)):
        if not group:
            continue
        chosen = _weighted_draw(rng, pool, len(group), weights)
        rng.shuffle(chosen)
        deal += zip(group, chosen, strict=True)
        taken = set(chosen)
        pool = [card for card in pool if card not in taken]
    rng.shuffle(pool)
    deal += zip(other_places, pool, strict=True)
    return deal
