"""Ninja Camp's cards as data: the kinds of card on the training grounds, their values and counts,
and the eight Ninja Clan cards.

A card kind is a small integer (fast to compare on the hot path) with a one-letter code used by the
notation, the action texts and the board picture. ``EMPTY`` is not a card: it is a space whose card
was claimed.
"""

from __future__ import annotations

from dataclasses import dataclass

EMPTY = 0
AMBUSH = 1
EVADE = 2
DODGE = 3
LEAP = 4
SHADOW = 5
SPRINT = 6
STEALTH = 7
TRAP = 8
WALL = 9

#: One letter per kind, indexed by kind ("." is an empty space).
LETTERS = ".AEDLHRSTW"
KIND_OF_LETTER = {letter: kind for kind, letter in enumerate(LETTERS)}


@dataclass(frozen=True, slots=True)
class CardKind:
    """One row of the card table."""

    kind: int
    name: str
    points: int
    count: int
    text: str
    count_inferred: bool = False


#: The 64 cards shuffled into the training grounds (RULINGS.md: 8 of each skill, count inferred).
CARD_TABLE: tuple[CardKind, ...] = (
    CardKind(AMBUSH, "Ambush", 5, 8, "Move straight into an opponent's ninja and push it 1 space on.", True),
    CardKind(EVADE, "Evade", 4, 8, "Move exactly 3 spaces.", True),
    CardKind(DODGE, "Dodge", 1, 8, "Move 1 or 2 spaces (diagonals allowed).", True),
    CardKind(LEAP, "Leap", 3, 8, "Move straight over empty spaces only.", True),
    CardKind(SHADOW, "Shadow", 3, 8, "Move as the last skill card an opponent played (not a Shadow).", True),
    CardKind(SPRINT, "Sprint", 2, 8, "Move straight until the edge, an empty space, a Wall or a ninja.", True),
    CardKind(STEALTH, "Stealth", 0, 8, "Move exactly 2 spaces; also claim the card passed over.", True),
    CardKind(TRAP, "Trap", -1, 5, "Cannot be played; may be moved over freely."),
    CardKind(WALL, "Wall", 0, 3, "Nothing moves onto or over it; never claimed."),
)

NAMES: tuple[str, ...] = ("empty", *(row.name for row in CARD_TABLE))
POINTS: tuple[int, ...] = (0, *(row.points for row in CARD_TABLE))
DECK_COUNTS: tuple[int, ...] = (0, *(row.count for row in CARD_TABLE))
SKILLS: tuple[int, ...] = (AMBUSH, EVADE, DODGE, LEAP, SHADOW, SPRINT, STEALTH)

#: Every player starts with one Sprint and one Evade marked "S", not taken from the 64.
STARTING_HAND: tuple[int, ...] = (SPRINT, EVADE)

#: Grid (rows, columns) by player count: 7x7 for 2 players, 7x8 (7 rows of 8) for 3-4.
#: Which side of the 7x8 grid has 8 cards is not said; rows of 8 suit a terminal (inferred).
GRID_SIZE: dict[int, tuple[int, int]] = {2: (7, 7), 3: (7, 8), 4: (7, 8)}

ARMADILLO = 0
CAMEL = 1
CHAMELEON = 2
FLYING_SQUIRREL = 3
GOAT = 4
HAMSTER = 5
PLATYPUS = 6
SLOTH = 7


@dataclass(frozen=True, slots=True)
class ClanCard:
    """One Ninja Clan card: usable once per game."""

    clan: int
    code: str
    name: str
    text: str


CLAN_TABLE: tuple[ClanCard, ...] = (
    ClanCard(ARMADILLO, "ar", "Armadillo", "Move straight to the edge space, ignoring ninjas, empty spaces and Walls."),
    ClanCard(CAMEL, "ca", "Camel", "Move to any card not adjacent to another ninja."),
    ClanCard(CHAMELEON, "ch", "Chameleon", "Move a ninja to a copy of the skill card it is on."),
    ClanCard(FLYING_SQUIRREL, "fs", "Flying Squirrel",
             "Move 1 space (not onto a Trap), then trade places with any ninja."),
    ClanCard(GOAT, "go", "Goat",
             "Move straight into an opponent's ninja; move it to any adjacent (diagonals too) non-Trap card."),
    ClanCard(HAMSTER, "ha", "Hamster", "Move 1 or 2 spaces (diagonals allowed), through ninjas if you like."),
    ClanCard(PLATYPUS, "pl", "Platypus",
             "Move 1 or 2 of your ninjas 1 space each (diagonals allowed); claim 1 of the cards left."),
    ClanCard(SLOTH, "sl", "Sloth",
             "Instead of moving, claim an unoccupied card adjacent (diagonals too) to one of your ninjas."),
)
CLAN_OF_CODE = {clan.code: clan.clan for clan in CLAN_TABLE}

NINJAS_PER_PLAYER = 3
