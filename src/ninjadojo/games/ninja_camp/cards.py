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
    beside a hand); ``printed`` is the rulebook's text; ``ruling`` is how we settle what it leaves open
    (see docs/rules/ninja-camp.md), empty when nothing is left open.
    """

    kind: int
    name: str
    points: int
    count: int
    short: str
    printed: str
    ruling: str = ""
    count_inferred: bool = False

    @property
    def text(self) -> str:
        """The full text a player reads: as printed, its points, then our rulings."""
        worth = "" if self.kind == WALL else f" ({self.points} point{'' if abs(self.points) == 1 else 's'}.)"
        ruled = f" Ruling: {self.ruling}" if self.ruling else ""
        return f"{self.printed}{worth}{ruled}"


#: The 64 cards shuffled into the training grounds (RULINGS.md: 8 of each skill, count inferred).
CARD_TABLE: tuple[CardKind, ...] = (
    CardKind(AMBUSH, "Ambush", 5, 8, "charge a rival, push it",
             "Move in a straight line into a space with an opponent's ninja. Move the opponent's ninja 1 space "
             "in the same direction you moved. The ninja cannot be moved into an empty space or off the edge. "
             "You cannot play Ambush if there is no space to move the opponent's ninja.",
             "you go straight over free cards (Traps too); the first ninja met must be an opponent's, and it "
             "is pushed onto a card (a Trap is allowed, a Wall is not) with no ninja on it.", True),
    CardKind(EVADE, "Evade", 4, 8, "exactly 3 steps", "Move exactly 3 spaces.",
             "3 orthogonal steps, turning freely, never the same space twice.", True),
    CardKind(DODGE, "Dodge", 1, 8, "1-2 steps, diagonals too", "Move 1 or 2 spaces (including diagonally).",
             "each step may go any of 8 ways; not through a ninja, a Wall or an empty space.", True),
    CardKind(LEAP, "Leap", 3, 8, "straight over empty space",
             "Move in a straight line over any number of empty spaces. You may only move over empty spaces. "
             "You cannot move over cards that are still on the training grounds.",
             "at least one empty space must be crossed; you land on the first card after the gap, which "
             "must be free (not a Wall, no ninja).", True),
    CardKind(SHADOW, "Shadow", 3, 8, "as a rival's last play",
             "Move as if you played the last skill card that was played by an opponent. If the last card "
             "played by an opponent was another Shadow card, then move as if you played the skill card prior "
             "to that. Shadow does not allow you to move as though you played an opponent's Ninja Clan card.",
             "it copies the most recent skill card other than Shadow played by any opponent; with nothing to "
             "copy it cannot be played (option shadow_copies=pile: the top card other than Shadow of the pile "
             "of the opponent who played last). Write the move as the copied card's move, after H:.", True),
    CardKind(SPRINT, "Sprint", 2, 8, "straight until blocked",
             "Move in a straight line until coming to the edge of the grid, an empty space, a Wall, or another "
             "ninja.", "you stop on the last card before what stops you; you cannot stop early.", True),
    CardKind(STEALTH, "Stealth", 0, 8, "2 steps, claim middle too",
             "Move exactly 2 spaces. Claim the first card you pass over in addition to the card you claim in "
             "the Claim a Card step.", "2 orthogonal steps; the card passed over is claimed even if it is a "
             "Trap. Write the path: S:b2-b3-c3.", True),
    CardKind(TRAP, "Trap", -1, 5, "never played; -1 point",
             "This card cannot be played. You may move freely over Trap cards. You may place this at the "
             "bottom of your discard pile if you claim it since you cannot play it.",
             "a claimed Trap stays in your hand and counts -1; ninjas may cross it and stop on it (not with "
             "Flying Squirrel's step or as Goat's target)."),
    CardKind(WALL, "Wall", 0, 3, "blocks; never claimed",
             "Ninjas cannot move onto, over, or through this card, and it cannot be claimed.",
             "only Armadillo ignores it on the way (it still cannot stop on it). Drawn as # on the grid, W in "
             "positions."),
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

    ``short`` (at most 26 characters) and ``printed`` as for :class:`CardKind`; ``ruling`` settles what
    the printed text leaves open.
    """

    clan: int
    code: str
    name: str
    short: str
    printed: str
    ruling: str = ""

    @property
    def text(self) -> str:
        """The full text a player reads: as printed, then our rulings."""
        return f"{self.printed} Once per game.{' Ruling: ' + self.ruling if self.ruling else ''}"


CLAN_TABLE: tuple[ClanCard, ...] = (
    ClanCard(ARMADILLO, "ar", "Armadillo", "straight to the edge",
             "Move in a straight line to an edge space, ignoring any ninjas, empty spaces, or Walls along the "
             "way.", "the last space of the grid that way, which must be a free card (option armadillo_edge=cards: the "
             "last card that way)."),
    ClanCard(CAMEL, "ca", "Camel", "to a card by no ninja",
             "Move to any card that is not adjacent to another ninja anywhere on the training grounds.",
             "adjacent means orthogonally (option camel_diagonals=true: diagonally too); the moving ninja does "
             "not count."),
    ClanCard(CHAMELEON, "ch", "Chameleon", "to a copy of its card",
             "Move a ninja to a copy of the skill card that the ninja is currently on.",
             "a free copy anywhere; not from a Trap (it is no skill card; option chameleon_traps=true allows "
             "Trap to Trap)."),
    ClanCard(FLYING_SQUIRREL, "fs", "Flying Squirrel", "1 step, trade with a ninja",
             "Move 1 space (not onto a trap) and then trade places with any ninja on the training grounds.",
             "the step is orthogonal onto a free card; the trade is with any other ninja, yours too: "
             "fs:b2-b3xd5."),
    ClanCard(GOAT, "go", "Goat", "charge a rival, place it",
             "Move in a straight line into a space with an opponent's ninja. Move that opponent's ninja to any "
             "adjacent (including those on the diagonal) non-trap space.",
             "you go straight over free cards; the ninja goes to a free card that is not a Trap, a Wall or your "
             "start: go:b2-b5>c6."),
    ClanCard(HAMSTER, "ha", "Hamster", "1-2 steps, over ninjas",
             "Move 1 or 2 spaces (including diagonally). You may move through other ninjas.",
             "not over an empty space or a Wall."),
    ClanCard(PLATYPUS, "pl", "Platypus", "1 step for 1 or 2 ninjas",
             "Move 1 or 2 of your ninjas 1 space each (including diagonally) and then claim 1 of the cards you "
             "left.", "one step after the other (pl:b2-c3, then another pl: or done, then take: if both cards "
             "left are free); the claim is the turn's only one. Option platypus_free_at_start=true: no step "
             "onto the space the first ninja left."),
    ClanCard(SLOTH, "sl", "Sloth", "claim a card beside you",
             "Instead of moving a ninja, claim an unoccupied card that is adjacent (including those on the "
             "diagonal) to one of your ninjas.", "no ninja moves and nothing else is claimed; a Trap may be "
             "claimed, a Wall not: sl:c4."),
)
CLAN_OF_CODE: Mapping[str, int] = MappingProxyType({clan.code: clan.clan for clan in CLAN_TABLE})

NINJAS_PER_PLAYER = 3
