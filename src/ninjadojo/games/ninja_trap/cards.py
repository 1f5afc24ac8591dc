"""Ninja Trap's card data: the eight rooms of the house, as rows.

Every player has a deck of their own colour; all decks hold the same rooms. The per-room counts are
inferred (RULINGS.md: "Each deck of 23 (inferred)"): an owner of the physical game can correct them
here without touching code. The removals for 2 and 3 players are the rulebook's.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Room:
    """One room of the house: its one-letter code (used in notation and actions), its names, and the
    special ability its card has when played as a move (only the Buko has one)."""

    code: str
    name: str
    english: str
    count: int  # copies in a full (4-player) deck; inferred, see the module docstring
    #: The ability in a few words (for a hand), and in full (for ``help CARD``); empty for none.
    ability_short: str = ""
    ability: str = ""

    @property
    def short(self) -> str:
        """The card's short text (at most 40 characters): the room in English and its ability."""
        return f"{self.english}: {self.ability_short}" if self.ability_short else self.english

    @property
    def text(self) -> str:
        """The card's full text: what every room card does, then its ability."""
        text = (f"{self.name} ({self.english}), a room of the house. Lay it face down as a trap: when you "
                f"flip it, it springs on every ninja who moved to the {self.name} that turn. Or move your "
                "ninja there.")
        return f"{text} {self.ability}" if self.ability else text


#: The rooms in their fixed order; a room's index in this tuple is its number everywhere in the game.
ROOMS: tuple[Room, ...] = (
    Room("G", "Genkan", "entrance", 3),
    Room("I", "Ima", "living room", 3),
    Room("D", "Daidokoro", "kitchen", 3),
    Room("S", "Shinshitsu", "bedroom", 3),
    Room("F", "Furoba", "bath", 3),
    Room("T", "Teizen", "garden", 3),
    Room("N", "Ikujishitzu", "nursery", 3),
    Room("B", "Buko", "armoury", 2, "see your traps if not trapped",
         "Armoury: if you move to the Buko and nobody traps you there, you look at all your face-down "
         "traps, once, after the activation stage, until you hide them again. Trapped there, you "
         "see nothing. As a trap it is an ordinary room."),
)

#: Whether the per-room counts above are inferred rather than printed (they are: see RULINGS.md).
COUNTS_INFERRED = True

#: Cards removed from each deck by player count (rulebook: 2 players remove 2 nursery and 2 garden,
#: 3 players remove 2 nursery, 4 players use the whole deck).
REMOVED: dict[int, dict[str, int]] = {
    2: {"N": 2, "T": 2},
    3: {"N": 2},
    4: {},
}

#: Deck colours, one per seat in seat order.
DECK_COLOURS: tuple[str, ...] = ("purple", "green", "red", "blue")

ROOM_COUNT = len(ROOMS)
CODES: tuple[str, ...] = tuple(room.code for room in ROOMS)
ROOM_INDEX: dict[str, int] = {room.code: i for i, room in enumerate(ROOMS)}
BUKO = ROOM_INDEX["B"]

HAND_SIZE = 5  # cards drawn at the start and after each reshuffle
DRAW_PER_TURN = 2  # cards drawn in the discard/draw stage
HITS_TO_KILL = 3  # three hits and a ninja is out


def deck_counts(players: int) -> tuple[int, ...]:
    """How many cards of each room one player's deck holds for this player count."""
    removed = REMOVED[players]
    return tuple(room.count - removed.get(room.code, 0) for room in ROOMS)


def deck_size(players: int) -> int:
    """The number of cards in one player's deck for this player count (19, 21 or 23)."""
    return sum(deck_counts(players))


def room_label(room: int) -> str:
    """A room's human name, e.g. ``Genkan (entrance)``."""
    info = ROOMS[room]
    return f"{info.name} ({info.english})"
