"""Ninjato's design as data: every card, tile, token and board number in one place.

The game's only text is a published review: it names the components but gives few of their
numbers. The published box gives the totals (52 Dojo cards of values 1-5, 40 Guard and 20 Elite
Guard cards, 19 Sensei tiles of which 3 are Hensojutsu, 21 Envoy and 30 Rumor cards, 90 treasures,
15 clan markers, 5 clan houses, 3 shuriken per player, 7 rounds). Each number below says where it
comes from: ``text`` (the review says it), ``ruling`` (RULINGS.md) or ``INFERRED`` (designed here,
checked by simulation; the reasoning is in docs/rules/ninjato.md, "The design"). An owner of the
physical game can correct an inferred number here without touching code.

Codes used in actions and positions:

- Dojo cards are their values ``1``-``5``.
- Treasures: ``f`` Fan (2), ``s`` Scroll (3), ``v`` Vase (4), ``j`` Jade (5), ``g`` Gold (any); on a
  house a ``*`` after a token means red side up.
- Sensei tile kinds: ``s1`` ``s2`` Snake, ``t1`` ``t6`` Tiger, ``c2`` ``c1`` Crane, ``hj`` Hensojutsu;
  a tile on offer adds its cost: ``s2@5`` (pay a 5), ``c2@?`` (pay any card).
- Clans and markers: ``t`` Taira (red), ``m`` Minamoto (blue), ``g`` Go-Shirakawa (green); a marker
  is clan and value, ``t4``.
- Envoys: clan and number, ``t1``-``t7``, ``m1``-``m7``, ``g1``-``g7``.
- Rumors: kind and number: ``w`` Greatest Warrior, ``p`` Goodwill of the People, ``f`` Powerful
  Friends, ``a`` Master of the Secret Art, ``d`` Dishonorable Opponents (``w1``-``w6``...).
- Guards: value and ``n`` (no alarm) or ``a`` (alarm): ``3n``, ``3a``. Elite guards: ``o42`` one
  person (beat it with more than 4 by Strength, less than 2 by Stealth), ``d24`` two people (beat 2,
  then 4, each with its own card).
"""

from __future__ import annotations

from typing import NamedTuple

# ---------------------------------------------------------------------------------------------- game shape

ROUNDS = 7  # text
SHURIKEN = 3  # text: each player's shuriken per round
SCORING_ROUNDS = (3, 5, 7)  # text
HOUSES = 5  # text / ruling
HAND_START = 4  # text: each player starts with four Dojo cards
FACE_UP = 3  # text: three face-up Dojo cards
DISPLAY = 4  # text: four face-up Rumors and four face-up Envoys
HOUSE_TREASURES = 3  # text: a house starts (and is replenished) with three treasures
HENSOJUTSU_ROUNDS = (5, 6, 7)  # text: one Hensojutsu tile on offer in rounds 5-7

#: Shuriken the Pavilion (Rumors) and the Palace (Envoys) take per round, by player count. INFERRED (the
#: text is silent): the Pavilion one less than its display of four with 3-4 players, two with 2; the
#: Palace two at every count, because Envoys also win clan majorities: with three a round the Envoy buyers
#: outscored every other way to play at 4 players (simulation, docs/rules/ninjato.md).
PAVILION_SPOTS = {2: 2, 3: 3, 4: 3}
PALACE_SPOTS = {2: 2, 3: 2, 4: 2}
#: The most spots the options ``pavilion_spots`` and ``palace_spots`` may give either place.
MOST_SPOTS = 4

# ---------------------------------------------------------------------------------------------- Dojo cards

#: Copies of each Dojo value (52 in all: ruling). INFERRED spread: a little more of the 1s and 5s,
#: the cards Stealth and Strength want most, and fewer 3s, which are the flexible modifiers.
DOJO_COUNTS = {1: 11, 2: 10, 3: 9, 4: 11, 5: 11}
DOJO_VALUES = (1, 2, 3, 4, 5)
#: The value that may modify another card by +1 or -1 (text).
MODIFIER = 3


def draw_count(hand_size: int) -> int:
    """Dojo cards drawn on a visit (text): 4 with an empty hand, 3 with one card, else 2."""
    return 4 if hand_size == 0 else 3 if hand_size == 1 else 2


# ---------------------------------------------------------------------------------------------- treasures

TREASURES = ("f", "s", "v", "j", "g")
TREASURE_NAMES = ("Fan", "Scroll", "Vase", "Jade", "Gold")
F, S, V, J, G = range(5)
#: Honour a spent treasure is worth (text); Gold is worth what it is spent as.
TREASURE_VALUE = (2, 3, 4, 5, 5)
#: The 90 treasures (ruling). INFERRED mix: cheap tokens common, Gold (a wild Jade) rare.
TREASURE_COUNTS = (24, 22, 18, 14, 12)
TREASURE_INDEX = {code: i for i, code in enumerate(TREASURES)}

# ---------------------------------------------------------------------------------------------- guards


class GuardRow(NamedTuple):
    """A normal Guard: its value and whether it raises the alarm."""

    code: str
    value: int
    alarm: bool
    copies: int


#: The 40 Guards (ruling). INFERRED: values 1-5 like the Dojo cards, symmetric around 3 so that
#: Strength and Stealth are equally hard, with many 1s and 5s (each easy from one side, hard from the
#: other: the side is a choice and tiles matter); 10 alarms on the middle values (one Banzai in four),
#: so that Elites come out in most raids that go deep.
GUARDS: tuple[GuardRow, ...] = (
    GuardRow("1n", 1, False, 7),
    GuardRow("2n", 2, False, 4),
    GuardRow("2a", 2, True, 3),
    GuardRow("3n", 3, False, 8),
    GuardRow("3a", 3, True, 4),
    GuardRow("4n", 4, False, 4),
    GuardRow("4a", 4, True, 3),
    GuardRow("5n", 5, False, 7),
)
GUARD_CODES = tuple(row.code for row in GUARDS)
GUARD_INDEX = {code: i for i, code in enumerate(GUARD_CODES)}
GUARD_VALUE = tuple(row.value for row in GUARDS)
GUARD_ALARM = tuple(row.alarm for row in GUARDS)
GUARD_COUNTS = tuple(row.copies for row in GUARDS)


class EliteRow(NamedTuple):
    """An Elite Guard. One person (``people`` 1): ``first`` is the value Strength must exceed, ``second``
    the value Stealth must be under. Two people: beat ``first``, then ``second``, each with its own single
    card (by Strength exceed both, by Stealth be under both). ``points`` at the end of the game."""

    code: str
    people: int
    first: int
    second: int
    points: int
    copies: int


#: The 20 Elite Guards (ruling). INFERRED: one-person elites demand a 5 or 6 by Strength or a 1 or 0 by
#: Stealth (a Sensei tile or a 3 usually needed); two-person elites demand two good cards. The harder
#: ones are worth 2 points, as the text says elites are worth 1 or 2.
ELITES: tuple[EliteRow, ...] = (
    EliteRow("o42", 1, 4, 2, 1, 6),
    EliteRow("o51", 1, 5, 1, 2, 4),
    EliteRow("d24", 2, 2, 4, 1, 3),
    EliteRow("d42", 2, 4, 2, 1, 3),
    EliteRow("d33", 2, 3, 3, 2, 4),
)
ELITE_CODES = tuple(row.code for row in ELITES)
#: Each Elite's name for players, by its numbers (the code stays the notation's): ``Elite 4/2`` (one person:
#: Strength over 4, Stealth under 2), ``Elite pair 2 then 4`` (two people, one after the other).
ELITE_NAMES = tuple(f"Elite {row.first}/{row.second}" if row.people == 1
                    else f"Elite pair {row.first} then {row.second}" for row in ELITES)
ELITE_INDEX = {code: i for i, code in enumerate(ELITE_CODES)}
ELITE_COUNTS = tuple(row.copies for row in ELITES)
ELITE_POINTS = tuple(row.points for row in ELITES)

# ---------------------------------------------------------------------------------------------- Sensei tiles


class TileKind(NamedTuple):
    """A kind of Sensei tile: its style and what it does.

    ``add``: added to one Dojo card (Snake, Tiger +1); ``becomes``: the card's new value (Tiger);
    ``values``: a Crane is played as a card of one of these values (the low one by Stealth, the high
    one by Strength). Hensojutsu has none of these: it doubles a masked Envoy at scoring.
    """

    code: str
    name: str
    style: str
    add: int
    becomes: int
    values: tuple[int, ...]


TILE_KINDS: tuple[TileKind, ...] = (
    TileKind("s1", "Snake -1", "snake", -1, 0, ()),
    TileKind("s2", "Snake -2", "snake", -2, 0, ()),  # text: "-2 to a single Dojo Card"
    TileKind("t1", "Tiger +1", "tiger", 1, 0, ()),
    TileKind("t6", "Tiger 6", "tiger", 0, 6, ()),  # text: "change the value of a single Dojo Card to a 6"
    TileKind("c2", "Crane 2/4", "crane", 0, 0, (2, 4)),  # text: "as if you played a 2 or 4 Dojo Card"
    TileKind("c1", "Crane 1/5", "crane", 0, 0, (1, 5)),
    TileKind("hj", "Hensojutsu", "", 0, 0, ()),
)
TILE_KIND_CODES = tuple(kind.code for kind in TILE_KINDS)
TILE_KIND_INDEX = {code: i for i, code in enumerate(TILE_KIND_CODES)}
S1, S2, T1, T6, C2, C1, HJ = range(len(TILE_KINDS))
SNAKES, TIGERS, CRANES = (S1, S2), (T1, T6), (C2, C1)
STYLE_KINDS = {"snake": SNAKES, "tiger": TIGERS, "crane": CRANES}


class TileRow(NamedTuple):
    """A tile as printed: its kind, the Dojo value it costs (0 for '?': any card) and copies."""

    kind: int
    cost: int
    copies: int


#: The 16 style tiles and the 3 Hensojutsu (ruling: 19, 3 of them Hensojutsu). INFERRED: 5 Snake, 5
#: Tiger, 6 Crane (the Crane serves both sides); a Snake (a Stealth tile) costs a high card, which Stealth
#: cannot use, and a Tiger a low card; Cranes cost the flexible 3 or '?'.
TILE_ROWS: tuple[TileRow, ...] = (
    TileRow(S1, 4, 1), TileRow(S1, 5, 1),
    TileRow(S2, 4, 1), TileRow(S2, 5, 1), TileRow(S2, 0, 1),
    TileRow(T1, 1, 1), TileRow(T1, 2, 1),
    TileRow(T6, 1, 1), TileRow(T6, 2, 1), TileRow(T6, 0, 1),
    TileRow(C2, 3, 2), TileRow(C2, 0, 1),
    TileRow(C1, 3, 1), TileRow(C1, 0, 1), TileRow(C1, 5, 1),
    TileRow(HJ, 0, 3),
)
TILE_CODES = tuple(f"{TILE_KIND_CODES[row.kind]}@{row.cost or '?'}" if row.kind != HJ else "hj" for row in TILE_ROWS)
TILE_INDEX = {code: i for i, code in enumerate(TILE_CODES)}
TILE_KIND_OF = tuple(row.kind for row in TILE_ROWS)
TILE_COST = tuple(row.cost for row in TILE_ROWS)
TILE_COUNTS = tuple(row.copies for row in TILE_ROWS)
#: The tiles of each kind in the game (all its types' copies): a player holds at most that many.
TILE_KIND_COPIES = tuple(sum(row.copies for row in TILE_ROWS if row.kind == kind) for kind in range(len(TILE_KINDS)))
HJ_TYPE = TILE_INDEX["hj"]
#: Tiles on offer each round in rounds 1-4: as many as players (text).
STYLE_TILE_ROUNDS = (1, 2, 3, 4)

# ---------------------------------------------------------------------------------------------- clans

CLANS = ("t", "m", "g")
CLAN_NAMES = ("Taira", "Minamoto", "Go-Shirakawa")
CLAN_COLOURS = ("red", "blue", "green")
CLAN_INDEX = {code: i for i, code in enumerate(CLANS)}
#: Each clan's five markers (15: ruling; values 2-8: text). INFERRED: the same five values per clan.
MARKER_VALUES = (2, 4, 5, 6, 8)
MARKERS: tuple[tuple[int, int], ...] = tuple((clan, value) for clan in range(3) for value in MARKER_VALUES)
MARKER_CODES = tuple(f"{CLANS[clan]}{value}" for clan, value in MARKERS)
MARKER_INDEX = {code: i for i, code in enumerate(MARKER_CODES)}
#: The markers on the five houses at the start, house 1 to 5 (text: Taira 2 and 4, Minamoto 2 and 4,
#: Go-Shirakawa 6; which house gets which is not said: INFERRED in this order).
START_MARKERS = ("t2", "m2", "g6", "t4", "m4")
#: The order clans score after each scoring round. Round 3 is the text's example; INFERRED for 5 and 7:
#: each clan scores first once.
SCORING_ORDER = {3: (2, 0, 1), 5: (0, 1, 2), 7: (1, 2, 0)}

# ---------------------------------------------------------------------------------------------- costs


class Cost(NamedTuple):
    """What a Rumor or an Envoy costs: either exactly the treasures ``kinds`` (``"jf"``: a Jade and a Fan),
    or ``low``-``high`` treasures of one kind (``kinds`` empty). Gold may stand for any of them."""

    kinds: str
    low: int
    high: int

    def text(self) -> str:
        """``j+f`` or ``1-4 same`` (the typing codes: the terminal's tables)."""
        if self.kinds:
            return "+".join(self.kinds)
        span = str(self.low) if self.low == self.high else f"{self.low}-{self.high}"
        return f"{span} same"

    def words(self) -> str:
        """The cost as a player reads it: ``a Jade and a Fan``, ``1 to 4 treasures of one kind``."""
        if self.kinds:
            names = [f"a {TREASURE_NAMES[TREASURES.index(kind)]}" for kind in self.kinds]
            return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        span = str(self.low) if self.low == self.high else f"{self.low} to {self.high}"
        return f"{span} treasure{'' if self.high == 1 else 's'} of one kind"


def pair(kinds: str) -> Cost:
    """A cost of exactly these treasures."""
    return Cost(kinds, len(kinds), len(kinds))


def same(low: int, high: int) -> Cost:
    """A cost of ``low`` to ``high`` treasures of one kind."""
    return Cost("", low, high)


# ---------------------------------------------------------------------------------------------- Envoys


class EnvoyRow(NamedTuple):
    """An Envoy card: its code, clan, age (the year in its corner, said "year 4": the earlier, the older;
    it breaks ties for a clan), whether it shows a mask (Hensojutsu may double it) and its cost."""

    code: str
    clan: int
    age: int
    mask: bool
    cost: Cost


def _envoys() -> tuple[EnvoyRow, ...]:
    # INFERRED: the same seven costs in each clan (text examples: a Jade and a Fan; 1-4 of one kind),
    # three masked Envoys per clan, and ages dealt so that no clan's cheapest Envoy is also its oldest.
    costs = (pair("jf"), pair("vs"), pair("vf"), pair("jv"), same(1, 4), same(2, 3), same(2, 4))
    masks = (True, False, True, False, True, False, False)
    ages = {0: (4, 10, 1, 16, 19, 7, 13), 1: (11, 2, 17, 5, 8, 14, 20), 2: (18, 12, 6, 3, 9, 21, 15)}
    return tuple(EnvoyRow(f"{CLANS[clan]}{n + 1}", clan, ages[clan][n], masks[n], costs[n])
                 for clan in range(3) for n in range(7))


ENVOYS = _envoys()
ENVOY_CODES = tuple(row.code for row in ENVOYS)
ENVOY_INDEX = {code: i for i, code in enumerate(ENVOY_CODES)}
ENVOY_CLAN = tuple(row.clan for row in ENVOYS)
ENVOY_AGE = tuple(row.age for row in ENVOYS)
ENVOY_MASK = tuple(row.mask for row in ENVOYS)

# ---------------------------------------------------------------------------------------------- Rumors


class RumorKind(NamedTuple):
    """A kind of Rumor: its letter, name and what it counts."""

    code: str
    name: str
    counts: str


RUMOR_KINDS: tuple[RumorKind, ...] = (
    RumorKind("w", "Greatest Warrior", "defeated Elite Guards"),
    RumorKind("p", "Goodwill of the People", "Rumors (itself included)"),
    RumorKind("f", "Powerful Friends", "Envoys"),
    RumorKind("a", "Master of the Secret Art", "Sensei tiles"),
    RumorKind("d", "Dishonorable Opponents", "players holding one"),
)
WARRIOR, GOODWILL, FRIENDS, MASTER, DISHONOR = range(5)


class RumorRow(NamedTuple):
    """A Rumor card: its code, kind and cost."""

    code: str
    kind: int
    cost: Cost


def _rumors() -> tuple[RumorRow, ...]:
    # INFERRED: six of each kind (30: ruling), each kind with the same six costs: a Fan, a Scroll, a Vase
    # and a Fan, a Scroll and a Fan, a Jade and a Fan, 1-3 of one kind. Cheaper than Envoys (a Rumor
    # scores again at the end), but not all single treasures: then the Pavilion turned too little
    # treasure into honour and the Rumor collector fell far behind (simulation).
    costs = (pair("f"), pair("s"), pair("vf"), pair("sf"), pair("jf"), same(1, 3))
    return tuple(RumorRow(f"{kind.code}{n + 1}", k, costs[n]) for k, kind in enumerate(RUMOR_KINDS)
                 for n in range(6))


RUMORS = _rumors()
RUMOR_CODES = tuple(row.code for row in RUMORS)
RUMOR_INDEX = {code: i for i, code in enumerate(RUMOR_CODES)}
RUMOR_KIND_OF = tuple(row.kind for row in RUMORS)
#: Multiplier of a set of 0, 1 or 2 Rumors of a kind; a full set of three is x4 (text: 1, 2, 4; a fourth
#: starts a new set).
SET_MULTIPLIER = (0, 1, 2)
#: Points per Dishonorable Opponents card by how many players hold one: 1, 2, 3 or more (text).
DISHONOR_POINTS = (0, 6, 4, 2)


def set_multiplier(count: int) -> int:
    """The multiplier of ``count`` Rumors of one kind: sets of three (x4), then the rest (x1 or x2)."""
    return 4 * (count // 3) + SET_MULTIPLIER[count % 3]


# ---------------------------------------------------------------------------------------------- end game

#: Points per unspent treasure at the end (text).
UNSPENT_POINTS = 1
