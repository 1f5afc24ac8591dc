"""The Ninjitsu! deck as data: one row per card, effects built from a small typed vocabulary.

A card's id is its rank letter and its suit letter: ``K Q J X(Joker) A T(10) 9 8 7 6 5 4 3 2`` and
``a b c``; so ``Ka`` is the King of suit a, ``Ta`` the 10 (Tripwire), ``Xb`` a Joker. The three Aces
differ: ``Aa`` Darts, ``Ab`` Caltrops, ``Ac`` Blowgun.

Each row says how the card may be played (``plays``), its point value (``None``: no value), whether it
has an icon or a trap, what it is worth face-down (``FaceDown``), what its trap does (``Trap``) and its
action as a tuple of steps. The ``set`` column names the box a card comes from, so that the expansion
cards are rows of their own set: the Promo Pack (``promo``), Masters of Magic (``magic``, suit ``m``)
and Sabotage! (``sabotage``, suit ``s``); Heavy Weather (``weather``) adds Events (suit ``v``, shuffled
into the deck) and Weather cards (suit ``w``, a deck of their own). The Elements (``elements``) are not
cards of the deck: see :mod:`ninjadojo.games.ninjitsu.elements`. The deck of a game is the base cards
plus the rows of the sets its ``expansions`` option names; card numbers are the same whatever the
options.

Promo Pack ids: the 1-value "any time" cards are ``1n`` Antonio, ``1l`` Alberti, ``1d`` Andrea and
``1t`` Teleport; ``5p`` Master of Misdirection, ``3p`` Vampire Ninja, ``Bp`` Jellybean Ninja, ``Kp``
Master of Deception and ``Xp`` the fourth Master of Surprise.

The Promo Pack also holds ``Cp`` Captain Bluebeard, a card of another game of the Treasure Hunters
series: it is the one row of the ``crossover`` set, in the deck only when the ``crossover`` option
(the rulebook's Treasure Hunters crossover rules) is on with the Promo Pack. Its value is missing
from the rulebook: 1 is INFERRED (docs/rules/ninjitsu.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
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
    """The player plays a card from hand: ``any`` of the three ways, or only as a ``secret``, a
    ``treasure`` or for its ``action``."""

    way: Literal["any", "secret", "treasure", "action"]
    #: The player may decline (``pass``): Master of Deception's "may play a card".
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Steal:
    """The player steals an opponent's secret (by position); traps fire unless ``ignore_traps``."""

    ignore_traps: bool = False
    #: The player may decline (``pass``): Master of Deception's "may steal a secret".
    optional: bool = False


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
    their whole hand), ``deception`` (the robbed player may play a card, then may steal a secret: the
    card's own steps, run for that player), ``deadfall`` (the thief keeps one card of their hand and
    the rest goes to the robbed player's hand).
    """

    kind: Literal["victim-draws", "discard-from-hand", "discard-other-treasures", "discard-hand", "deception",
                  "deadfall"]
    count: int = 0


@dataclass(frozen=True, slots=True)
class FaceDown:
    """A secret's worth while face-down: ``base + per_secret * (its owner's secrets, itself included)
    + per_hand * (cards in its owner's hand)``."""

    base: int
    per_secret: int = 0
    per_hand: int = 0


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
    #: A 1-value "any time" card: the moment its text is about (``trap``: a trap about to resolve,
    #: ``treasure``: a treasure about to be discarded or moved, ``steal``: a steal declared, ``look``:
    #: none, Alessio's look). It is played for its ability only then (and Teleport and Alessio before
    #: their holder's own action), at no cost.
    anytime: Literal["trap", "treasure", "steal", "look"] | None = None
    #: While face-up, each of its owner's cards in play is worth this much more (Vampire Ninja: -3).
    owner_penalty: int = 0
    #: A face-up ability of a Sabotage! treasure (not a trap): ``sleeping-potion``, ``squeaky-floor``,
    #: ``cage``, ``mirror``, ``false-floor``.
    face_up: str = ""
    #: A card of another game of the Treasure Hunters series (Captain Bluebeard): the rulebook's
    #: crossover rules hold for it (worth its printed value face-down, no ability while face-down, and
    #: it cannot affect secrets in play).
    foreign: bool = False
    #: Heavy Weather: ``event`` (shuffled into the deck, goes into play when it reaches the top, resolves
    #: at the end of the turn) or ``weather`` (its own deck; one in play at a time, two after Solar Flare);
    #: ``card`` for every other card.
    kind: Literal["card", "event", "weather"] = "card"
    #: Another set this card also needs (the Promo Pack's Heavy Weather cards need ``weather``).
    needs: str = ""


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

_PROMO = "promo"
_ANYTIME_PLAYS: tuple[Way, ...] = ("secret", "treasure")

#: The Promo Pack (option ``expansions=promo``), as printed. Captain Bluebeard belongs to another game
#: of the series: it is :data:`CROSSOVER_CARDS`, in the deck only with the ``crossover`` option.
PROMO_CARDS: tuple[CardDef, ...] = (
    CardDef("1n", "Antonio", "p", "1", 1, _ANYTIME_PLAYS, anytime="trap", set=_PROMO,
            brief="any time, free: ignore a trap",
            text="You may play this card from your hand at any time to ignore a trap."),
    CardDef("1l", "Alberti", "p", "1", 1, _ANYTIME_PLAYS, anytime="treasure", set=_PROMO,
            brief="any time, free: save a treasure",
            text="You may play this card from your hand at any time to prevent a treasure in play from being "
                 "discarded."),
    CardDef("1d", "Andrea", "p", "1", 1, _ANYTIME_PLAYS, anytime="steal", set=_PROMO,
            brief="any time, free: stop a steal",
            text="You may play this card from your hand at any time to prevent a player from stealing a secret. "
                 "That player loses the rest of their turn."),
    # Its step is what the card does played, used when another card uses its action "as if you just
    # played it" (Chain and Sickle): it is never played for an action of its own (ruling 9).
    CardDef("1t", "Teleport", "p", "1", 1, _ANYTIME_PLAYS, steps=(TakeTreasure("any"),), anytime="treasure",
            set=_PROMO, brief="any time, free: take a treasure",
            text="You may play this card from your hand at any time to move any 1 treasure from play into your "
                 "hand."),
    CardDef("5p", "Master of Misdirection", "p", "5", 5, _SECRET_TREASURE, icon=True,
            face_down=FaceDown(5, per_hand=1), set=_PROMO,
            brief="face-down: 5 + 1 per card in hand",
            text="While face-down, worth +1 for each card in your hand."),
    CardDef("3p", "Vampire Ninja", "p", "3", 3, _SECRET_TREASURE, icon=True, owner_penalty=-3, set=_PROMO,
            brief="face-up: each of your cards in play -3",
            text="While this is face-up in front of you, your secrets and treasures are worth -3 each."),
    CardDef("Bp", "Jellybean Ninja", "p", "B", None, _ACTION_SECRET, set=_PROMO,
            steps=(Special("jellybean"), Special("jellybean-outcome")),
            brief="guess a value, steal; right: +1 action",
            text="Guess a number, then steal a secret. If you guessed that secret's number, ignore its trap and "
                 "take an extra action. Otherwise, draw a card."),
    CardDef("Kp", "Master of Deception", "p", "K", None, _SECRET_ONLY, icon=True, trap=Trap("deception"),
            steps=(Play("any", optional=True), Steal(optional=True)), set=_PROMO,
            brief="secret only; trap: robbed may play+steal",
            text="Trap: when you steal this, the player you stole it from may play a card and then may steal a "
                 "secret."),
    CardDef(
        "Xp", "Master of Surprise", "p", "X", None, _ACTION_SECRET, steps=(Special("surprise"),), set=_PROMO,
        brief="flip foe's secret: trap them, or draw 1",
        text="Turn an opponent's secret face-up. If it is trapped, that opponent resolves the trap as if they had "
             "stolen it from you; if not, draw a card."),
)

_MAGIC = "magic"


def _magic(rank: str, name: str, value: int | None, steps: tuple[Step, ...], brief: str, text: str,
           plays: tuple[Way, ...] | None = None, icon: bool = False) -> CardDef:
    """A Masters of Magic row (suit ``m``)."""
    ways = plays if plays is not None else (_ACTION_SECRET if value is None else _ALL_WAYS)
    return CardDef(rank + "m", name, "m", rank, value, ways, icon=icon, steps=steps, brief=brief, text=text,
                   set=_MAGIC)


#: Masters of Magic (option ``expansions=magic``), as printed.
MAGIC_CARDS: tuple[CardDef, ...] = (
    _magic("K", "Master of Wind", None, (Play("action"), Special("wind")),
           "play for action; then back, as treasure",
           "Play a card for its action. Then, return it to your hand and play it as a treasure."),
    _magic("Q", "Master of Fire", None, (Special("fire"),), "discard the 3 highest treasures in play",
           "Discard the 3 highest-value treasures from play."),
    _magic("J", "Master of Water", None, (Special("water"),),
           "draw 1 per foes' treasure; play one",
           "Draw a card for each treasure your opponents have in play, then play one of the drawn cards."),
    _magic("X", "Master of Magic", None, (Special("magic"), Special("magic-plays")),
           "into the deck face-up; on top: play any",
           "Move the deck in front of you and shuffle this card into it face-up. When it reaches the top of "
           "the deck again, discard it and immediately play any number of cards from your hand."),
    _magic("A", "Grimoire", None, (Draw(3), Special("grimoire")),
           "draw 3, then play the deck's top card",
           "Draw 3 cards, then play the top card of the deck."),
    _magic("T", "Alchemy", 10, (Special("alchemy"),), "discard your hand, then each foe's hand",
           "Discard your hand. Then, each opponent discards their hand."),
    _magic("9", "Healing", 9, (Special("healing"),), "discard your hand, draw as many",
           "Discard your hand. Draw as many cards as you discarded."),
    _magic("8", "Night Vision", 8, (Special("night-vision"),), "mark a random card in each foe's hand",
           "Choose a card at random from each opponent's hand. On their next turn, they must either play that "
           "card or skip their turn."),
    _magic("7", "Freeze Time", 7, (Play("any"), Draw(1), Special("freeze")),
           "play, draw 1; no win until your turn",
           "Play a card, then draw a card. No one can win until your next turn."),
    _magic("6", "Shape Shifting", 6, (Play("treasure"), Special("shape-shift")),
           "play a treasure, swap it with another",
           "Play a treasure, then swap it with any other treasure in play."),
    _magic("5", "Multiply", 5, (Play("treasure"), Special("multiply")),
           "play treasure; take same-value discards",
           "Play a treasure. Move all cards of that treasure's value from the discard pile to your hand."),
    _magic("4", "Telekinesis", 4, (Play("action"), Special("telekinesis")),
           "play for action; take a foe's same-value",
           "Play a card for its action. Steal a treasure of that value from an opponent and move it into "
           "your collection."),
    _magic("3", "Invisibility", 3, (Special("invisibility"),), "take a treasure or a foe's hand card",
           "Move any card to your hand from play or an opponent's hand (a treasure: secrets are only affected "
           "by cards that target secrets; a random card of a hand)."),
    _magic("2", "Flight", 2, (Play("treasure"), Play("treasure"), Play("treasure"), Special("discard-own-hand")),
           "play 3 treasures, then discard your hand",
           "Play 3 treasures, then discard your hand."),
    CardDef("Em", "Master of Earth", "m", "E", 0, _SECRET_TREASURE, icon=True, set=_MAGIC,
            brief="worth 2 per treasure your foes have",
            text="This card is worth twice as much as the number of treasures your opponents have in play "
                 "(as a secret or a treasure; it has no printed value)."),
)

_SABOTAGE = "sabotage"


def _sabotage(rank: str, name: str, value: int | None, steps: tuple[Step, ...], brief: str, text: str,
              plays: tuple[Way, ...] | None = None, face_up: str = "", trap: Trap | None = None,
              anytime: Literal["trap", "treasure", "steal", "look"] | None = None) -> CardDef:
    """A Sabotage! row (suit ``s``)."""
    ways = plays if plays is not None else (_ACTION_SECRET if value is None else _ALL_WAYS)
    icon = bool(face_up) or trap is not None
    return CardDef(rank + "s", name, "s", rank, value, ways, icon=icon, trap=trap, steps=steps, brief=brief,
                   text=text, set=_SABOTAGE, face_up=face_up, anytime=anytime)


#: Sabotage! (option ``expansions=sabotage``), as printed; False Floor's value is missing from the
#: rulebook: 4 is INFERRED (RULINGS.md), to be corrected by an owner of the physical card.
SABOTAGE_CARDS: tuple[CardDef, ...] = (
    _sabotage("K", "Master of Tricks", None, (Special("tricks"), Play("any")), "draw 1 per secret in play, play a card",
              "Draw a card for each secret in play, then play a card from your hand."),
    _sabotage("Q", "Master Thief", None, (TakeTreasure("any"), TakeTreasure("any")),
              "move any 2 treasures to your hand",
              "Move any 2 treasures from play into your hand."),
    _sabotage("J", "Master of Escape", None, (Special("escape"), Special("escape"), Play("any")),
              "turn 2 treasures face-down, play a card",
              "Turn any 2 treasures face-down (each becomes a secret of its owner), then play a card."),
    _sabotage("X", "Master of Disguise", None, (Special("disguise"), Steal()), "swap any 2 secrets, then steal",
              "Swap any 2 secrets, then steal a secret."),
    _sabotage("A", "Deadfall", None, (), "trap: keep 1 card, give the rest back",
              "Trap: when you steal this, choose a card from your hand. Move all the other cards from your hand "
              "to the hand of the player you stole this from.", plays=_SECRET_ONLY, trap=Trap("deadfall")),
    _sabotage("T", "Shuriken", 10, (Special("shuriken"), DiscardTreasures("any", 1)),
              "discard a secret and a treasure",
              "Discard a secret and a treasure from play."),
    _sabotage("9", "Sleeping Potion", 9, (), "face-up: foes draw 1 at turn start",
              "While this is face-up in front of you, your opponents draw a card at the start of their turn.",
              plays=_SECRET_TREASURE, face_up="sleeping-potion"),
    _sabotage("8", "Squeaky Floor", 8, (), "face-up: you can't steal as an action",
              "While this is face-up in front of you, you cannot steal secrets as an action.",
              plays=_SECRET_TREASURE, face_up="squeaky-floor"),
    _sabotage("7", "Cage", 7, (), "face-up: no secrets as an action",
              "While this is face-up in front of you, you cannot play secrets as an action.",
              plays=_SECRET_TREASURE, face_up="cage"),
    _sabotage("6", "Mirror", 6, (), "face-up: foes draw 1 when you draw",
              "While this is face-up in front of you, each opponent draws a card whenever you draw cards.",
              plays=_SECRET_TREASURE, face_up="mirror"),
    _sabotage("5", "Ancient Map", 5, (Steal(), Special("ancient-map")), "steal; untrapped: steal again",
              "Steal a secret. If it isn't trapped, steal another secret."),
    _sabotage("4", "Tessen", 4, (Play("treasure"), Steal()), "play a treasure, then steal",
              "Play a treasure, then steal a secret."),
    _sabotage("3", "Net", 3, (Special("net"),), "foes discard 1 each; take one of them",
              "Each opponent discards a card from their hand. Move 1 of the discarded cards into your hand."),
    _sabotage("2", "Peephole", 2, (Special("peephole"), Steal(optional=True)), "look at 3 secrets; may steal",
              "Look at any 3 secrets. You may steal a secret."),
    # Its step is used only when another card uses its action "as if you just played it" (ruling 9).
    _sabotage("1", "Alessio", 1, (Special("alessio-look"),), "any time, free: look at a secret",
              "You may play this card from your hand at any time to look at any secret in play.",
              plays=_ANYTIME_PLAYS, anytime="look"),
    _sabotage("F", "False Floor", 4, (), "face-up: you can't see your secrets",
              "While this is face-up in front of you, you cannot look at your secrets. (Value 4: inferred, "
              "the rulebook omits it.)", plays=_SECRET_TREASURE, face_up="false-floor"),
)

#: The set of the Promo Pack's non-Ninjitsu! card: not offered by ``expansions``, but added to a game
#: with the Promo Pack by the ``crossover`` option (see :func:`game_sets`).
CROSSOVER = "crossover"

#: The Promo Pack's Captain Bluebeard (option ``crossover``, with ``expansions=promo``). Under the
#: crossover rules "secrets in play cannot be affected by any non-Ninjitsu! card", so its one text,
#: a swap with secrets in play, swaps nothing ("any number": zero); it is still played for that
#: (empty) action, as a secret worth its printed value (it has no face-down ability) or as a treasure.
#: Its value is missing from the rulebook: 1 is INFERRED (like the Promo Pack's other named
#: characters), to be corrected by an owner of the physical card.
CROSSOVER_CARDS: tuple[CardDef, ...] = (
    CardDef("Cp", "Captain Bluebeard", "p", "C", 1, _ALL_WAYS, steps=(Special("bluebeard"),), set=CROSSOVER,
            foreign=True, brief="crossover: its swap can't touch secrets",
            text="Swap any number of cards from your hand with secrets in play. (Treasure Hunters crossover: "
                 "secrets in play cannot be affected by a non-Ninjitsu! card, so this swaps nothing. "
                 "Value 1: inferred, the rulebook omits it.)"),
)

_ELEMENTS = "elements"
_WEATHER = "weather"


def _event(rank: str, name: str, steps: tuple[Step, ...], brief: str, text: str, promo: bool = False) -> CardDef:
    """A Heavy Weather Event (suit ``v``): it is never in a hand and has no value."""
    return CardDef(rank + "v", name, "v", rank, None, (), steps=(*steps, Special("event-done")), brief=brief,
                   text=text, set=_PROMO if promo else _WEATHER, kind="event", needs=_WEATHER if promo else "")


def _weather(rank: str, name: str, brief: str, text: str, steps: tuple[Step, ...] = (),
             promo: bool = False) -> CardDef:
    """A Heavy Weather Weather card (suit ``w``): its own deck; ``steps`` is the action it offers."""
    return CardDef(rank + "w", name, "w", rank, None, (), steps=steps, brief=brief, text=text,
                   set=_PROMO if promo else _WEATHER, kind="weather", needs=_WEATHER if promo else "")


_NEW_WEATHER = Special("weather-replace")

#: Heavy Weather (option ``expansions=weather``): the Events shuffled into the deck after the starting
#: hands are dealt, and the Weather deck; the Promo Pack adds Solar Flare, Drought and Aurora Borealis.
WEATHER_CARDS: tuple[CardDef, ...] = (
    _event("H", "Hurricane", (Special("hurricane"), Special("hurricane-shuffle")),
           "all discard 1; reshuffle; new Weather",
           "Each player discards a card from their hand. Shuffle the discard pile into the deck. Shuffle all "
           "Weather cards back into the Weather deck and play a new Weather card."),
    _event("W", "Heat Wave", (Special("heat-wave"), _NEW_WEATHER), "most treasures discard hands; all draw 1",
           "All players with the most treasures in play discard their hand. Everyone draws a card. Discard all "
           "Weather from play and play a new Weather card."),
    _event("B", "Blizzard", (Special("blizzard"), _NEW_WEATHER), "hands even down to the smallest",
           "Players with the most cards in hand discard cards from their hand until all players have the same "
           "number of cards in hand. Discard all Weather from play and play a new Weather card."),
    _event("S", "Sunshower", (_NEW_WEATHER, Special("sunshower")), "new Weather; draw 1 per Weather discard",
           "Discard all Weather from play and play a new Weather card. Each player draws as many cards as there "
           "are cards in the Weather discard pile."),
    _event("F", "Flood", (Special("flood"), _NEW_WEATHER), "discard treasures of value 5 or less",
           "Discard all treasures of value 5 or less from play. Discard all Weather from play and play a new "
           "Weather card."),
    _event("E", "Eruption", (Special("eruption"), _NEW_WEATHER), "hands pooled and redrawn",
           "Each player shuffles their hand into a shared face-down pile. Each player draws from that pile as "
           "many cards as they contributed. Discard all Weather from play and play a new Weather card."),
    _event("L", "Lightning", (Special("lightning"), _NEW_WEATHER), "all cards of the top card's value go",
           "Discard the top card of the deck. All cards of that value are discarded from play and from "
           "players' hands. Discard all Weather from play and play a new Weather card."),
    _event("X", "Solar Flare", (Special("solar-flare"),), "a second Weather joins play",
           "Play a new Weather card.", promo=True),
    _weather("S", "Snow", "action: take the discard pile's top 2",
             "As an action, players may draw the top 2 cards of the discard pile.", (Special("snow"),)),
    _weather("U", "Sunshine", "draw a card at the start of your turn",
             "Players draw a card at the start of their turn."),
    _weather("R", "Rainbow", "play a treasure: draw a card",
             "Whenever anyone plays a card as a treasure, they draw a card."),
    _weather("F", "Fog", "action: draw 2, play a random card",
             "As an action, players may draw 2 cards then shuffle their hand and play a card at random. If it's "
             "a card that cannot be played, discard it.", (Draw(2), Special("fog"))),
    _weather("W", "Wind", "after a Draw action all pass 1 left",
             "Whenever a player draws as their action, all players then choose a card from their hand and pass "
             "it to the left."),
    _weather("H", "Hail", "play a treasure: discard a card",
             "Whenever anyone plays a card as a treasure, they must discard a card from their hand."),
    _weather("T", "Storms", "action: discard 1 to draw 3",
             "As an action, players may discard a card from their hand to draw 3 cards.", (Draw(3),)),
    _weather("D", "Drought", "5+ cards in hand: you cannot draw",
             "Players with 5 or more cards in hand cannot draw cards.", promo=True),
    _weather("A", "Aurora Borealis", "2 actions a turn; target doubled",
             "Players take 2 actions per turn and need twice as many points to win.", promo=True),
)

#: The expansion sets offered by the ``expansions`` option, in the option's order (only complete sets).
SETS: tuple[str, ...] = (_PROMO, _MAGIC, _SABOTAGE, _ELEMENTS, _WEATHER)

#: Every card known to the game, base first; a card's index is its number whatever the options (the
#: crossover card and then Heavy Weather come last, so that the numbers of the other sets are what
#: they were before them).
CARDS: tuple[CardDef, ...] = (BASE_CARDS + PROMO_CARDS + MAGIC_CARDS + SABOTAGE_CARDS + CROSSOVER_CARDS
                              + WEATHER_CARDS)
#: The cards of the base game (numbers 0 to 41).
DECK_SIZE = len(BASE_CARDS)
#: Every card number there is (the knowledge table is this long).
ALL_CARDS = len(CARDS)

#: Card number by id, and the reverse.
CARD_INDEX: dict[str, int] = {card.id: number for number, card in enumerate(CARDS)}
CARD_IDS: tuple[str, ...] = tuple(card.id for card in CARDS)
#: Each card's name by number (``card_name``'s table, read directly where a log line is written per action).
CARD_NAMES: tuple[str, ...] = tuple(card.name for card in CARDS)

# Flat per-card tables for the hot paths (legal moves, points), indexed by card number.
VALUE: tuple[int, ...] = tuple(card.value or 0 for card in CARDS)
HAS_VALUE: tuple[bool, ...] = tuple(card.value is not None for card in CARDS)
FACE_DOWN_BASE: tuple[int, ...] = tuple(
    card.face_down.base if card.face_down else (card.value or 0) for card in CARDS
)
FACE_DOWN_PER_SECRET: tuple[int, ...] = tuple(card.face_down.per_secret if card.face_down else 0 for card in CARDS)
FACE_DOWN_PER_HAND: tuple[int, ...] = tuple(card.face_down.per_hand if card.face_down else 0 for card in CARDS)
OWNER_PENALTY: tuple[int, ...] = tuple(card.owner_penalty for card in CARDS)
#: The moment each card answers (``None``: not an "any time" card).
ANYTIME: tuple[str | None, ...] = tuple(card.anytime for card in CARDS)
ANTONIO, ALBERTI, ANDREA, TELEPORT = (DECK_SIZE + offset for offset in range(4))
#: Masters of Magic cards the rules name.
MASTER_OF_MAGIC = CARDS.index(next(card for card in CARDS if card.id == "Xm"))
EARTH = CARDS.index(next(card for card in CARDS if card.id == "Em"))
#: Sabotage! cards the rules name.
ALESSIO, FALSE_FLOOR = (CARDS.index(next(card for card in CARDS if card.id == cid)) for cid in ("1s", "Fs"))
#: The crossover card (Captain Bluebeard).
BLUEBEARD = CARDS.index(CROSSOVER_CARDS[0])
#: The Sabotage! treasure with each face-up ability.
FACE_UP_CARD: dict[str, int] = {card.face_up: number for number, card in enumerate(CARDS) if card.face_up}
#: A card's printed value for texts that name "a value" (Multiply, Telekinesis, Jellybean): None for
#: cards without one and for Master of Earth, whose worth is computed.
PRINTED: tuple[int | None, ...] = tuple(None if card.id == "Em" else card.value for card in CARDS)
#: Cards whose face-down worth depends on more than the card (Bo Staff, Misdirection).
VARIABLE_WORTH = frozenset(number for number, card in enumerate(CARDS) if card.face_down is not None)
#: Heavy Weather: whether each card is an Event; the Weather cards' numbers.
IS_EVENT: tuple[bool, ...] = tuple(card.kind == "event" for card in CARDS)
WEATHERS: tuple[int, ...] = tuple(number for number, card in enumerate(CARDS) if card.kind == "weather")
#: The Weather cards the rules name.
SNOW, SUNSHINE, RAINBOW, FOG, WIND, HAIL, STORMS, DROUGHT, AURORA = WEATHERS
#: Rank letters of the cards whose play gives the Wind Element (side 1) an extra action: Aces and Jokers.
ACE_OR_JOKER: tuple[bool, ...] = tuple(card.kind == "card" and card.rank in ("A", "X") for card in CARDS)


def _in_sets(card: CardDef, sets: tuple[str, ...]) -> bool:
    return (card.set == "base" or card.set in sets) and (not card.needs or card.needs in sets)


@cache
def cards_of(sets: tuple[str, ...]) -> tuple[int, ...]:
    """The card numbers of a game's deck with the expansion ``sets``: the base cards, then each set's rows
    (Heavy Weather's Events among them; its Weather cards form a deck of their own: :func:`weathers_of`).
    Remembered: every game's set-up asks, and a game's sets are one of a few."""
    return tuple(number for number, card in enumerate(CARDS) if card.kind != "weather" and _in_sets(card, sets))


@cache
def weathers_of(sets: tuple[str, ...]) -> tuple[int, ...]:
    """The Weather deck of a game with the expansion ``sets`` (empty without Heavy Weather)."""
    return tuple(number for number in WEATHERS if _in_sets(CARDS[number], sets))


def sets_of(option: object) -> tuple[str, ...]:
    """The ``expansions`` option's text (``promo,magic``) as a tuple of set names."""
    return tuple(name for name in str(option or "").split(",") if name)


def game_sets(options: Mapping[str, object]) -> tuple[str, ...]:
    """The sets of a game's deck from its options: those ``expansions`` names, then ``crossover`` when
    the ``crossover`` option is on (it is refused without the Promo Pack, whose card it adds)."""
    sets = sets_of(options.get("expansions", ""))
    return (*sets, CROSSOVER) if options.get("crossover") is True else sets


def card_label(number: int) -> str:
    """``Ka Master of Cunning``: a card with its id, for messages about typing (errors, notation)."""
    card = CARDS[number]
    return f"{card.id} {card.name}"


def card_name(number: int) -> str:
    """``Master of Cunning``: a card in words, for log lines (its id is notation, never shown there)."""
    return CARDS[number].name


_WAYS_TEXT = {
    ("secret", "treasure", "anytime"): "Play it as a secret or as a treasure, or for its ability when its text says "
                                       "(free: it costs no action).",
    ("action", "secret", "treasure"): "Play it for its action, as a secret or as a treasure.",
    ("action", "secret"): "Play it for its action or as a secret.",
    ("secret", "treasure"): "Play it as a secret or as a treasure (it has an icon: never for an action).",
    ("secret",): "Play it only as a secret.",
}


def full_text(card: CardDef) -> str:
    """The whole text of ``card`` as a player reads it: value, the ways to play it, then its text."""
    if card.kind != "card":
        what = ("Event (Heavy Weather): goes into play when it reaches the top of the deck, resolves at the end "
                "of the turn." if card.kind == "event" else "Weather (Heavy Weather): stays in play, its own deck.")
        return f"{what} {card.text}"
    value = f"Value {card.value}." if card.value is not None else "No value."
    if card.id == "Em":
        value = "Value computed (see its text)."
    action = "Action: " if "action" in card.plays else ""
    ways = (*card.plays, "anytime") if card.anytime else card.plays
    return f"{value} {_WAYS_TEXT[ways]} {action}{card.text}"


def catalog() -> list[CardInfo]:
    """Every card as a player reads it (one entry per card id, as actions name them: ``6a``, ``6b`` and
    ``6c`` are three copies with the same text; the three Aces differ), then The Elements' sides."""
    from ninjadojo.games.ninjitsu.elements import element_catalog

    return [CardInfo(card.id, card.name, card.brief, full_text(card), needs=_needs(card))
            for card in CARDS] + element_catalog()


def _needs(card: CardDef) -> tuple[str, ...]:
    """The sets a card needs in play (as :func:`_in_sets` reads them): none for a base card."""
    sets = () if card.set == "base" else (card.set,)
    return (*sets, card.needs) if card.needs and card.needs not in sets else sets
