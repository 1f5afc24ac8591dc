"""The Ninjitsu! deck as data: one row per card, effects built from a small typed vocabulary.

A card's id is its rank letter and its suit letter: ``K Q J X(Joker) A T(10) 9 8 7 6 5 4 3 2`` and
``a b c``; so ``Ka`` is the King of suit a, ``Ta`` the 10 (Tripwire), ``Xb`` a Joker. The three Aces
differ: ``Aa`` Darts, ``Ab`` Caltrops, ``Ac`` Blowgun.

Each row says how the card may be played (``plays``), its point value (``None``: no value), whether it
has an icon or a trap, what it is worth face-down (``FaceDown``), what its trap does (``Trap``) and its
action as a tuple of steps. The ``set`` column names the box a card comes from, so that the expansion
cards (Promo Pack, Masters of Magic, Sabotage!...) can later be added as rows of their own set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ninjadojo.engine.state import CardInfo

#: How a card can be played from hand.
Way = Literal["action", "secret", "treasure"]
#: Whose treasures an effect may pick.
Scope = Literal["any", "opponents"]


# ---------------------------------------------------------------------- effect vocabulary


@dataclass(frozen=True, slots=True)
class Draw:
    """The player draws ``count`` cards."""

    count: int


@dataclass(frozen=True, slots=True)
class Play:
    """The player plays a card from hand: ``any`` of the three ways, or only as a ``secret``."""

    way: Literal["any", "secret"]


@dataclass(frozen=True, slots=True)
class Steal:
    """The player steals an opponent's secret (by position); traps fire unless ``ignore_traps``."""

    ignore_traps: bool = False


@dataclass(frozen=True, slots=True)
class DiscardTreasures:
    """The player discards treasures from play, one at a time.

    ``up_to``: how many; ``optional``: the player may stop early (``done``); ``use_action``: the
    discarded card's action then happens as if it had just been played (Chain and Sickle).
    """

    scope: Scope
    up_to: int
    optional: bool = False
    use_action: bool = False


@dataclass(frozen=True, slots=True)
class DiscardExtreme:
    """The highest (or lowest) value treasure of each opponent is discarded; the player breaks ties."""

    highest: bool


@dataclass(frozen=True, slots=True)
class TakeTreasure:
    """The player moves one treasure from play (``any`` collection) into their hand."""

    scope: Scope


@dataclass(frozen=True, slots=True)
class Special:
    """An effect that does not fit the vocabulary: a named function registered in ``effects``."""

    name: str


Step = Draw | Play | Steal | DiscardTreasures | DiscardExtreme | TakeTreasure | Special


# ---------------------------------------------------------------------- traps and face-down values


@dataclass(frozen=True, slots=True)
class Trap:
    """What the player who steals a trapped card must do at once.

    ``kind``: ``victim-draws`` (the player it was stolen from draws ``count``), ``discard-from-hand``
    (the thief discards ``count`` cards of their choice from hand), ``discard-other-treasures`` (the
    thief discards every other treasure of their collection), ``discard-hand`` (the thief discards
    their whole hand).
    """

    kind: Literal["victim-draws", "discard-from-hand", "discard-other-treasures", "discard-hand"]
    count: int = 0


@dataclass(frozen=True, slots=True)
class FaceDown:
    """A secret's worth while face-down: ``base + per_secret * (its owner's secrets, itself included)``."""

    base: int
    per_secret: int = 0


# ---------------------------------------------------------------------- the rows


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card of the deck."""

    id: str
    name: str
    suit: str
    rank: str
    value: int | None
    plays: tuple[Way, ...]
    icon: bool = False
    trap: Trap | None = None
    face_down: FaceDown | None = None
    steps: tuple[Step, ...] = ()
    text: str = ""
    #: The text in at most 40 characters, for the terminal's hand listing (``CardInfo.short``).
    brief: str = ""
    set: str = "base"


SUITS = ("a", "b", "c")
#: Rank letters in deck order; ``X`` is the Joker and ``T`` the 10.
RANKS = ("K", "Q", "J", "X", "A", "T", "9", "8", "7", "6", "5", "4", "3", "2")

_ACTION_SECRET: tuple[Way, ...] = ("action", "secret")
_ALL_WAYS: tuple[Way, ...] = ("action", "secret", "treasure")
_SECRET_TREASURE: tuple[Way, ...] = ("secret", "treasure")
_SECRET_ONLY: tuple[Way, ...] = ("secret",)


def _rank_row(rank: str, suit: str) -> CardDef:
    """The base-game card of ``rank`` in ``suit`` (only the Aces differ between suits)."""
    cid = rank + suit
    if rank == "K":
        return CardDef(cid, "Master of Cunning", suit, rank, None, _SECRET_ONLY, icon=True,
                       trap=Trap("victim-draws", 4),
                       brief="secret only; trap: robbed player draws 4",
                       text="Trap: when you steal this, the player you stole it from draws 4 cards.")
    if rank == "Q":
        return CardDef(cid, "Master of Secrets", suit, rank, None, _ACTION_SECRET,
                       steps=(TakeTreasure("any"), Play("secret")),
                       brief="take a treasure into hand, play a secret",
                       text="Move any 1 treasure from play into your hand, then play a secret.")
    if rank == "J":
        return CardDef(cid, "Master of Planning", suit, rank, None, _ACTION_SECRET,
                       steps=(Steal(ignore_traps=True),), brief="steal a secret, ignoring its trap",
                       text="Steal a secret, ignoring any traps.")
    if rank == "X":
        return CardDef(cid, "Master of Surprise", suit, rank, None, _ACTION_SECRET,
                       steps=(Special("surprise"),),
                       brief="flip foe's secret: trap them, or draw 1",
                       text="Turn an opponent's secret face-up. If it is trapped, that opponent resolves "
                            "the trap as if they had stolen it from you; if not, draw a card.")
    if rank == "A":
        return _ACES[suit]
    if rank == "T":
        return CardDef(cid, "Tripwire", suit, rank, 10, _SECRET_ONLY, icon=True,
                       trap=Trap("discard-from-hand", 1),
                       brief="secret only; trap: thief discards a card",
                       text="Trap: when you steal this, discard a card from your hand.")
    if rank == "9":
        return CardDef(cid, "Smoke Bomb", suit, rank, 9, _ALL_WAYS, steps=(Play("secret"), Play("secret")),
                       brief="play 2 cards as secrets",
                       text="Play 2 cards as secrets.")
    if rank == "8":
        return CardDef(cid, "Climbing Hook", suit, rank, 8, _ALL_WAYS, steps=(Steal(), Draw(1)),
                       brief="steal a secret, then draw a card",
                       text="Steal a secret, then draw a card.")
    if rank == "7":
        return CardDef(cid, "Chain and Sickle", suit, rank, 7, _ALL_WAYS,
                       steps=(DiscardTreasures("any", 1, use_action=True),),
                       brief="discard any treasure and use its action",
                       text="Discard any 1 treasure from play; use its action as if you had just played it.")
    if rank == "6":
        return CardDef(cid, "Katana", suit, rank, 6, _ALL_WAYS,
                       steps=(DiscardTreasures("any", 1), Play("any")),
                       brief="discard any treasure, then play a card",
                       text="Discard any 1 treasure from play, then play a card.")
    if rank == "5":
        return CardDef(cid, "Bow and Arrows", suit, rank, 5, _SECRET_TREASURE, icon=True, face_down=FaceDown(10),
                       brief="worth 10 while face-down",
                       text="While face-down, worth 10 instead of 5.")
    if rank == "4":
        return CardDef(cid, "Bo Staff", suit, rank, 4, _SECRET_TREASURE, icon=True, face_down=FaceDown(4, 2),
                       brief="face-down: 4 + 2 per own secret",
                       text="While face-down, worth +2 for each of your secrets, itself included.")
    if rank == "3":
        return CardDef(cid, "Snare", suit, rank, 3, _SECRET_TREASURE, icon=True,
                       trap=Trap("discard-other-treasures"),
                       brief="trap: thief discards other treasures",
                       text="Trap: when you steal this, discard all other treasures from your collection.")
    if rank == "2":
        return CardDef(cid, "Explosives", suit, rank, 2, _SECRET_TREASURE, icon=True, trap=Trap("discard-hand"),
                       brief="trap: thief discards their hand",
                       text="Trap: when you steal this, discard your hand.")
    raise ValueError(f"no base card of rank {rank!r}")


_ACES = {
    "a": CardDef("Aa", "Darts", "a", "A", None, _ACTION_SECRET,
                 steps=(DiscardTreasures("opponents", 2, optional=True), Play("any")),
                 brief="discard 0-2 foes' treasures, play a card",
                 text="Discard up to 2 treasures from opponents' collections, then play a card."),
    "b": CardDef("Ab", "Caltrops", "b", "A", None, _ACTION_SECRET,
                 steps=(DiscardExtreme(highest=True), Draw(1)),
                 brief="discard each foe's highest; draw a card",
                 text="Discard the highest-value treasure from each opponent's collection, then draw a card."),
    "c": CardDef("Ac", "Blowgun", "c", "A", None, _ACTION_SECRET,
                 steps=(DiscardExtreme(highest=False), Play("any")),
                 brief="discard each foe's lowest; play a card",
                 text="Discard the lowest-value treasure from each opponent's collection, then play a card."),
}

#: The 42 cards of the base game, in a fixed order; a card's index in this tuple is its number.
BASE_CARDS: tuple[CardDef, ...] = tuple(_rank_row(rank, suit) for suit in SUITS for rank in RANKS)

#: Every card known to the game (expansion rows will be appended here with their own ``set``).
CARDS: tuple[CardDef, ...] = BASE_CARDS
DECK_SIZE = len(BASE_CARDS)

#: Card number by id, and the reverse.
CARD_INDEX: dict[str, int] = {card.id: number for number, card in enumerate(CARDS)}
CARD_IDS: tuple[str, ...] = tuple(card.id for card in CARDS)

# Flat per-card tables for the hot paths (legal moves, points), indexed by card number.
VALUE: tuple[int, ...] = tuple(card.value or 0 for card in CARDS)
HAS_VALUE: tuple[bool, ...] = tuple(card.value is not None for card in CARDS)
FACE_DOWN_BASE: tuple[int, ...] = tuple(
    card.face_down.base if card.face_down else (card.value or 0) for card in CARDS
)
FACE_DOWN_PER_SECRET: tuple[int, ...] = tuple(card.face_down.per_secret if card.face_down else 0 for card in CARDS)


def card_label(number: int) -> str:
    """``Ka Master of Cunning`` style label for messages."""
    card = CARDS[number]
    return f"{card.id} {card.name}"


_WAYS_TEXT = {
    ("action", "secret", "treasure"): "Play it for its action, as a secret or as a treasure.",
    ("action", "secret"): "Play it for its action or as a secret.",
    ("secret", "treasure"): "Play it as a secret or as a treasure (it has an icon: never for an action).",
    ("secret",): "Play it only as a secret.",
}


def full_text(card: CardDef) -> str:
    """The whole text of ``card`` as a player reads it: value, the ways to play it, then its text."""
    value = f"Value {card.value}." if card.value is not None else "No value."
    action = "Action: " if "action" in card.plays else ""
    return f"{value} {_WAYS_TEXT[card.plays]} {action}{card.text}"


def catalog() -> list[CardInfo]:
    """Every card of the deck as a player reads it (one entry per card id, as actions name them:
    ``6a``, ``6b`` and ``6c`` are three copies with the same text; the three Aces differ)."""
    return [CardInfo(card.id, card.name, card.brief, full_text(card)) for card in CARDS]
