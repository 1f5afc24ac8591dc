"""The deck of Of Knights and Ninjas as data: one row per card kind.

Counts are the rulebook's list as RULINGS.md settles it (100 cards). Each card kind has a two-letter
code used in the notation and in action texts (``kn`` for a Knight, ``je`` for a Jester).
"""

from __future__ import annotations

from typing import NamedTuple


class CardRow(NamedTuple):
    """One kind of card: code, name, copies, strength (0 for none) and what it can be used for."""

    code: str
    name: str
    copies: int
    strength: int
    uses: str
    #: A Jester may stand for it (the rulebook: "any card, living things, not objects").
    living: bool
    #: Left out of the 2-player variation (its "expansions"; inferred: RULINGS.md).
    expansion: bool


CARD_ROWS: tuple[CardRow, ...] = (
    CardRow("pe", "Peasant", 24, 1, "common attack, respond; stacks in a revolt", True, False),
    CardRow("so", "Soldier", 16, 2, "common attack, respond", True, False),
    CardRow("kn", "Knight", 9, 3, "common attack, respond", True, False),
    CardRow("ki", "King", 3, 4, "common attack, respond", True, False),
    CardRow("qu", "Queen", 1, 5, "common attack, respond", True, False),
    CardRow("ni", "Ninja", 5, 2, "unique attack: climbs a Castle, kills an Archer", True, False),
    CardRow("dr", "Dragon", 3, 2, "unique attack: burns a Castle; cannot approach an Archer", True, False),
    CardRow("tr", "Traitor", 2, 0, "respond: turns a common attack back", True, True),
    CardRow("hw", "Highwayman", 3, 0, "out of turn: steals the gems of a common attack", True, True),
    CardRow("pr", "Princess", 2, 0, "respond: takes an attacking Knight or Dragon", True, False),
    CardRow("ex", "Executioner", 2, 0, "respond: ends an attack with a head, and the turn", True, False),
    CardRow("he", "Herald", 2, 0, "special: rivals show cards, you take one", True, False),
    CardRow("me", "Merchant", 2, 0, "special: pay a gem, take half a rival's hand blind", True, False),
    CardRow("mo", "Monk", 2, 0, "special: tax every rival Castle", True, False),
    CardRow("mi", "Minstrel", 2, 0, "fortify until your next turn; respond: ends the attack", True, False),
    CardRow("ar", "Archer", 6, 0, "fortify; pre-attack: removes a rival's Archer", True, False),
    CardRow("ca", "Castle", 6, 0, "fortify", False, False),
    CardRow("la", "Ladder", 6, 0, "pre-attack: common attacks may pass a Castle this turn", False, False),
    CardRow("cp", "Catapult", 2, 0, "pre-attack: destroys a rival's Castle", False, False),
    CardRow("je", "Jester", 2, 0, "wildcard: any living card, in any role", False, True),
)

CODES: tuple[str, ...] = tuple(row.code for row in CARD_ROWS)
NAMES: tuple[str, ...] = tuple(row.name for row in CARD_ROWS)
COUNTS: tuple[int, ...] = tuple(row.copies for row in CARD_ROWS)
STRENGTH: tuple[int, ...] = tuple(row.strength for row in CARD_ROWS)
LIVING: tuple[bool, ...] = tuple(row.living for row in CARD_ROWS)
EXPANSION: tuple[bool, ...] = tuple(row.expansion for row in CARD_ROWS)
INDEX: dict[str, int] = {code: i for i, code in enumerate(CODES)}
KINDS = len(CARD_ROWS)

(PE, SO, KN, KI, QU, NI, DR, TR, HW, PR, EX, HE, ME, MO, MI, AR, CA, LA, CP, JE) = range(KINDS)

#: Common attack cards (a Peasant stack is a revolt).
COMMON: tuple[int, ...] = (PE, SO, KN, KI, QU)
#: Fortification slots, in the order the notation writes them.
SLOTS: tuple[int, ...] = (CA, AR, MI)

# Gems and targets (rulebook, "Setting up", "Winning", and the 2-player variation).
START_GEMS = 5
TARGET = 10
HAND_START = 4
DRAW_PER_TURN = 2
DUEL_START_GEMS = 6
DRAFT_SIZE = 15
#: In a 2-player game a player may discard only with this many cards or more; fewer calls a re-deal.
DUEL_DISCARD_MIN = 4
#: Cards a rival shows to a Herald, gems a Merchant pays, Monk tax (gems, cards), Minstrel discards.
HERALD_SHOWS = {False: 1, True: 2}
MERCHANT_PRICE = {False: 1, True: 2}
MONK_GEMS = {False: 1, True: 2}
MONK_CARDS = {False: 2, True: 3}
MINSTREL_DISCARDS = 2
#: The target never falls below one gem (inferred: the rulebook does not say how low it goes).
MIN_TARGET = 1


def deck_counts(duel: bool) -> tuple[int, ...]:
    """How many of each kind a game uses (the 2-player variation leaves the expansions out)."""
    return tuple(0 if duel and EXPANSION[k] else COUNTS[k] for k in range(KINDS))


def full_deck(duel: bool) -> list[int]:
    """Every card of a game as kind indices, in a fixed order."""
    counts = deck_counts(duel)
    return [kind for kind in range(KINDS) for _ in range(counts[kind])]
