"""Ninja Camp's cards as data: the kinds of card on the training grounds, their values and counts,
and the eight Ninja Clan cards.

A card kind is a small integer (fast to compare on the hot path) with a one-letter code used by the
notation, the action texts and the board picture. ``EMPTY`` is not a card: it is a space whose card
was claimed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

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
#: Tables here are read-only: they are shared by every game in the process.
KIND_OF_LETTER: Mapping[str, int] = MappingProxyType({letter: kind for kind, letter in enumerate(LETTERS)})


@dataclass(frozen=True, slots=True)
class CardKind:
    """One row of the card table.

    ``short`` is the card in a few words (at most 25 characters: the terminal lists two cards a line
    beside a hand); ``printed`` is the rulebook's text; ``detail`` says in players' words how the card
    plays where the printed text leaves it open (the rulings behind it are in docs/rules/ninja-camp.md,
    never in a card's text), empty when nothing is left open.
    """

    kind: int
    name: str
    points: int
    count: int
    short: str
    printed: str
    detail: str = ""
    count_inferred: bool = False

    @property
    def text(self) -> str:
        """The full text a player reads: as printed, its points, then how it plays in detail."""
        worth = "" if self.kind == WALL else f" ({self.points} point{'' if abs(self.points) == 1 else 's'}.)"
        return f"{self.printed}{worth}{' ' + self.detail if self.detail else ''}"


#: The 64 cards shuffled into the training grounds (RULINGS.md: 8 of each skill, count inferred).
CARD_TABLE: tuple[CardKind, ...] = (
    CardKind(AMBUSH, "Ambush", 5, 8, "charge a rival, push it",
             "Move in a straight line into a space with an opponent's ninja. Move the opponent's ninja 1 space "
             "in the same direction you moved. The ninja cannot be moved into an empty space or off the edge. "
             "You cannot play Ambush if there is no space to move the opponent's ninja.",
             "You go straight over free cards (Traps too); the first ninja you meet must be an opponent's, "
             "and it is pushed onto a card with no ninja on it (a Trap is allowed, a Wall is not).", True),
    CardKind(EVADE, "Evade", 4, 8, "exactly 3 steps", "Move exactly 3 spaces.",
             "Three orthogonal steps, turning freely, never onto the same space twice.", True),
    CardKind(DODGE, "Dodge", 1, 8, "1-2 steps, diagonals too", "Move 1 or 2 spaces (including diagonally).",
             "Each step may go any of 8 ways; not through a ninja, a Wall or an empty space.", True),
    CardKind(LEAP, "Leap", 3, 8, "straight over empty space",
             "Move in a straight line over any number of empty spaces. You may only move over empty spaces. "
             "You cannot move over cards that are still on the training grounds.",
             "At least one empty space must be crossed; you land on the first card after the gap, which "
             "must be free (not a Wall, no ninja).", True),
    CardKind(SHADOW, "Shadow", 3, 8, "as a rival's last play",
             "Move as if you played the last skill card that was played by an opponent. If the last card "
             "played by an opponent was another Shadow card, then move as if you played the skill card prior "
             "to that. Shadow does not allow you to move as though you played an opponent's Ninja Clan card.",
             "It copies the most recent skill card other than Shadow that any opponent played (unless the "
             "table plays the house rule on what Shadow copies); with nothing to copy, it cannot be played.",
             True),
    CardKind(SPRINT, "Sprint", 2, 8, "straight until blocked",
             "Move in a straight line until coming to the edge of the grid, an empty space, a Wall, or another "
             "ninja.", "You stop on the last card before what stops you; you cannot stop early.", True),
    CardKind(STEALTH, "Stealth", 0, 8, "2 steps, claim middle too",
             "Move exactly 2 spaces. Claim the first card you pass over in addition to the card you claim in "
             "the Claim a Card step.", "Two orthogonal steps; the card passed over is claimed even if it is "
             "a Trap.", True),
    CardKind(TRAP, "Trap", -1, 5, "never played; -1 point",
             "This card cannot be played. You may move freely over Trap cards. You may place this at the "
             "bottom of your discard pile if you claim it since you cannot play it.",
             "A claimed Trap stays in your hand and counts -1; ninjas may cross it and stop on it (not with "
             "Flying Squirrel's step or as Goat's target)."),
    CardKind(WALL, "Wall", 0, 3, "blocks; never claimed",
             "Ninjas cannot move onto, over, or through this card, and it cannot be claimed.",
             "Only Armadillo passes over it (and it cannot stop on it either)."),
)

NAMES: tuple[str, ...] = ("empty", *(row.name for row in CARD_TABLE))
POINTS: tuple[int, ...] = (0, *(row.points for row in CARD_TABLE))
DECK_COUNTS: tuple[int, ...] = (0, *(row.count for row in CARD_TABLE))
SKILLS: tuple[int, ...] = (AMBUSH, EVADE, DODGE, LEAP, SHADOW, SPRINT, STEALTH)

#: Every player starts with one Sprint and one Evade marked "S", not taken from the 64.
STARTING_HAND: tuple[int, ...] = (SPRINT, EVADE)

#: Grid (rows, columns) by player count: 7x7 for 2 players, 7x8 (7 rows of 8) for 3-4.
#: Which side of the 7x8 grid has 8 cards is not said; rows of 8 suit a terminal (inferred).
GRID_SIZE: Mapping[int, tuple[int, int]] = MappingProxyType({2: (7, 7), 3: (7, 8), 4: (7, 8)})

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
    """One Ninja Clan card: usable once per game.

    ``short`` (at most 26 characters), ``printed`` and ``detail`` as for :class:`CardKind`.
    """

    clan: int
    code: str
    name: str
    short: str
    printed: str
    detail: str = ""

    @property
    def text(self) -> str:
        """The full text a player reads: as printed, once per game, then how it plays in detail."""
        return f"{self.printed} Once per game.{' ' + self.detail if self.detail else ''}"


CLAN_TABLE: tuple[ClanCard, ...] = (
    ClanCard(ARMADILLO, "ar", "Armadillo", "straight to the edge",
             "Move in a straight line to an edge space, ignoring any ninjas, empty spaces, or Walls along the "
             "way.", "The ninja ends on the last space of the grid that way, which must be a free card (unless "
             "the table plays the house rule on where Armadillo stops)."),
    ClanCard(CAMEL, "ca", "Camel", "to a card by no ninja",
             "Move to any card that is not adjacent to another ninja anywhere on the training grounds.",
             "Adjacent means orthogonally (unless the table plays the house rule counting diagonals too); the "
             "moving ninja does not count."),
    ClanCard(CHAMELEON, "ch", "Chameleon", "to a copy of its card",
             "Move a ninja to a copy of the skill card that the ninja is currently on.",
             "A free copy anywhere; not from a Trap, which is no skill card (unless the table plays the house "
             "rule allowing Trap to Trap)."),
    ClanCard(FLYING_SQUIRREL, "fs", "Flying Squirrel", "1 step, trade with a ninja",
             "Move 1 space (not onto a trap) and then trade places with any ninja on the training grounds.",
             "The step is orthogonal, onto a free card; the trade is with any other ninja, yours too."),
    ClanCard(GOAT, "go", "Goat", "charge a rival, place it",
             "Move in a straight line into a space with an opponent's ninja. Move that opponent's ninja to any "
             "adjacent (including those on the diagonal) non-trap space.",
             "You go straight over free cards; their ninja goes to a free card that is not a Trap, a Wall or "
             "the space you started on."),
    ClanCard(HAMSTER, "ha", "Hamster", "1-2 steps, over ninjas",
             "Move 1 or 2 spaces (including diagonally). You may move through other ninjas.",
             "Not over an empty space or a Wall."),
    ClanCard(PLATYPUS, "pl", "Platypus", "1 step for 1 or 2 ninjas",
             "Move 1 or 2 of your ninjas 1 space each (including diagonally) and then claim 1 of the cards you "
             "left.", "One step after the other: the second ninja may step onto the space the first left "
             "(unless the table plays the house rule against it); then you claim one of the cards left that "
             "has no ninja on it, the turn's only claim."),
    ClanCard(SLOTH, "sl", "Sloth", "claim a card beside you",
             "Instead of moving a ninja, claim an unoccupied card that is adjacent (including those on the "
             "diagonal) to one of your ninjas.", "No ninja moves and nothing else is claimed; a Trap may be "
             "claimed, a Wall may not."),
)
CLAN_OF_CODE: Mapping[str, int] = MappingProxyType({clan.code: clan.clan for clan in CLAN_TABLE})

NINJAS_PER_PLAYER = 3
