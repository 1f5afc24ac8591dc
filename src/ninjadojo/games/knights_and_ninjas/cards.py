"""The deck of Of Knights and Ninjas as data: one row per card kind.

Counts are the rulebook's list as RULINGS.md settles it (100 cards). Each card kind has a two-letter
code used in the notation and in action texts (``kn`` for a Knight, ``je`` for a Jester).
"""

from __future__ import annotations

from typing import NamedTuple


class CardRow(NamedTuple):
    """One kind of card: code, name, copies, strength (0 for none), what it can be used for, and the
    words a player reads: ``short`` (at most 40 characters, shown beside the card in a hand) and
    ``text`` (the card's full text, in our words: what the card does)."""

    code: str
    name: str
    copies: int
    strength: int
    uses: str
    #: A Jester may stand for it (the rulebook: "any card, living things, not objects").
    living: bool
    #: Left out of the 2-player variation (its "expansions"; inferred: RULINGS.md).
    expansion: bool
    short: str
    text: str
    #: ``short`` in the 2-player variation, where the card works differently there ("" where it does not).
    duel_short: str = ""


_COMMON_TEXT = ("Common attack, strength {n}: attack one rival for up to {n} gems, or respond to a common attack "
                "to protect {n}; the difference moves. Only one common card at a time (Peasants excepted).")

CARD_ROWS: tuple[CardRow, ...] = (
    CardRow("pe", "Peasant", 24, 1, "common attack, respond; stacks in a revolt", True, False,
            "strength 1 each: attack/respond, revolt",
            "Common attack, strength 1: attack for 1 gem or respond to a common attack to protect 1. Several "
            "Peasants played together are a revolt, attacking or protecting one gem each."),
    CardRow("so", "Soldier", 16, 2, "common attack, respond", True, False,
            "strength 2: common attack or respond", _COMMON_TEXT.format(n=2)),
    CardRow("kn", "Knight", 9, 3, "common attack, respond", True, False,
            "strength 3: common attack or respond", _COMMON_TEXT.format(n=3) + " A Princess can take it."),
    CardRow("ki", "King", 3, 4, "common attack, respond", True, False,
            "strength 4: common attack or respond", _COMMON_TEXT.format(n=4)),
    CardRow("qu", "Queen", 1, 5, "common attack, respond", True, False,
            "strength 5: common attack or respond", _COMMON_TEXT.format(n=5)),
    CardRow("ni", "Ninja", 5, 2, "unique attack: climbs a Castle, kills an Archer", True, False,
            "steals 2 gems; passes Castle and Archer",
            "Unique attack: steals 2 gems. Climbs a fortifying Castle and kills (discards) a fortifying "
            "Archer. Only a Minstrel or an Executioner stops it; no Highwayman can steal its gems. It "
            "cannot respond."),
    CardRow("dr", "Dragon", 3, 2, "unique attack: burns a Castle; cannot approach an Archer", True, False,
            "steals 2 gems; burns a Castle",
            "Unique attack: steals 2 gems and burns (discards) a fortifying Castle. It cannot approach a "
            "kingdom fortified by an Archer. Only a Minstrel, Princess or Executioner stops it. It cannot "
            "respond."),
    CardRow("tr", "Traitor", 2, 0, "respond: turns a common attack back", True, True,
            "respond: turns a common attack back",
            "Respond: the common attack (or revolt) turns back against its own kingdom, past every "
            "fortification; that player may respond in turn, and another Traitor turns it again. No "
            "effect on a unique attack. Not in the 2-player game."),
    CardRow("hw", "Highwayman", 3, 0, "out of turn: steals the gems of a common attack", True, True,
            "out of turn: steals an attack's gems",
            "Out of turn: right after a player takes gems with a common attack or a Highwayman, steal them "
            "all, even gems just taken from you. The first clockwise from the taker gets them, and a "
            "new chance opens against him. Not after a unique attack. Not in the 2-player game."),
    CardRow("pr", "Princess", 2, 0, "respond: takes an attacking Knight or Dragon", True, False,
            "respond: takes a Knight or Dragon",
            "Respond: an attacking Knight or Dragon goes into your hand before the attack happens; the "
            "Princess is discarded and, as no gems moved, the attacker may go on."),
    CardRow("ex", "Executioner", 2, 0, "respond: ends an attack with a head, and the turn", True, False,
            "respond: ends the attack and the turn",
            "Respond: ends any attack against you and the attacker's turn; nothing the attack would have "
            "done happens. Only against an attacker with a head: not a Ladder or a Catapult."),
    CardRow("he", "Herald", 2, 0, "special: rivals show cards, you take one", True, False,
            "special: rivals show a card, take one",
            "Special action (unstoppable): each rival with a card shows one card of its choice (two "
            "cards in the 2-player game); take one of them into your hand, the others go back.",
            "special: rival shows two, take one"),
    CardRow("me", "Merchant", 2, 0, "special: pay a gem, take half a rival's hand blind", True, False,
            "special: pay a gem, take half a hand",
            "Special action (unstoppable): pay one rival a gem (two in the 2-player game) and take half its "
            "hand, rounded down, blind. Only you and that rival see the cards taken.",
            "special: pay 2 gems, take half a hand"),
    CardRow("mo", "Monk", 2, 0, "special: tax every rival Castle", True, False,
            "special: taxes every rival with a Castle",
            "Special action (unstoppable): every rival fortified by a Castle pays you a gem or two cards "
            "of its choice; 2-player game: two gems or three cards. A rival who can pay "
            "neither in full pays all its gems or all its cards.",
            "special: Castle pays 2 gems or 3 cards"),
    CardRow("mi", "Minstrel", 2, 0, "fortify until your next turn; respond: ends the attack", True, False,
            "fortify: safe; respond: ends the attack",
            "Fortify: your kingdom cannot be attacked until the start of your next turn, when it is "
            "discarded. Respond: ends the attacker's turn, its card goes back to its hand, and the Minstrel "
            "fortifies you. 2-player game: your rival discards two cards at once; the Minstrel is discarded.",
            "rival discards 2; respond: ends attack"),
    CardRow("ar", "Archer", 6, 0, "fortify; pre-attack: removes a rival's Archer", True, False,
            "fortify: only a Ninja or Archer passes",
            "Fortify: only a Ninja or an Archer can attack your kingdom. Pre-attack: play one from your hand "
            "or your fortifying Archer to remove a rival's fortifying Archer; you may go "
            "on attacking."),
    CardRow("ca", "Castle", 6, 0, "fortify", False, False,
            "fortify: stops common attacks",
            "Fortify: common attacks cannot pass it without a Ladder; a Catapult, Dragon or Ninja gets past "
            "it. It stands until destroyed."),
    CardRow("la", "Ladder", 6, 0, "pre-attack: common attacks may pass a Castle this turn", False, False,
            "pre-attack: commons pass a Castle",
            "Pre-attack: set against a rival's fortifying Castle; your common attack cards pass it "
            "until the end of your turn, when the Ladder is discarded."),
    CardRow("cp", "Catapult", 2, 0, "pre-attack: destroys a rival's Castle", False, False,
            "pre-attack: destroys a rival's Castle",
            "Pre-attack: destroys (discards) a rival's fortifying Castle; you may go on attacking."),
    CardRow("je", "Jester", 2, 0, "wildcard: any living card, in any role", False, True,
            "wild: any living card, in any role",
            "Wildcard: stands for any living card (not a Castle, Ladder or Catapult) in any of its roles, in "
            "turn or out of turn, alone or in a Peasant revolt. Not in the 2-player game."),
)

#: Short texts that differ in the 2-player variation (the rulebook's "Two player (cont.)").
DUEL_SHORT: dict[str, str] = {
    "he": "special: rival shows 2 cards, take one",
    "me": "special: pay 2 gems, take half a hand",
    "mo": "special: Castle pays 2 gems or 3 cards",
    "mi": "fortify/respond: rival discards two",
}

#: A few words per card for a crowded hand: strength and role.
BRIEF: dict[str, str] = {
    "pe": "1 atk/resp", "so": "2 atk/resp", "kn": "3 atk/resp", "ki": "4 atk/resp", "qu": "5 atk/resp",
    "ni": "2 unique", "dr": "2 unique", "tr": "resp", "hw": "out of turn", "pr": "resp", "ex": "resp",
    "he": "special", "me": "special", "mo": "special", "mi": "fort/resp", "ar": "fort/pre-atk", "ca": "fort",
    "la": "pre-atk", "cp": "pre-atk", "je": "wild",
}

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
#: Gems that win a game of 3-6 (before any reshuffle lowers it).
TARGET = 10
HAND_START = 4
DRAW_PER_TURN = 2
DUEL_START_GEMS = 6
#: With 2 players only all the gems win (reshuffles do not lower it).
DUEL_TARGET = 2 * DUEL_START_GEMS
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


def target_for(duel: bool, shuffles: int) -> int:
    """The gems that win: 10 less one per reshuffle, never below 1; all 12 with 2 players."""
    return DUEL_TARGET if duel else max(MIN_TARGET, TARGET - shuffles)


def deck_counts(duel: bool) -> tuple[int, ...]:
    """How many of each kind a game uses (the 2-player variation leaves the expansions out)."""
    return tuple(0 if duel and EXPANSION[k] else COUNTS[k] for k in range(KINDS))


def full_deck(duel: bool) -> list[int]:
    """Every card of a game as kind indices, in a fixed order."""
    counts = deck_counts(duel)
    return [kind for kind in range(KINDS) for _ in range(counts[kind])]
