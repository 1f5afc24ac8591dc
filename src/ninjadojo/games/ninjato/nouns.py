"""Small pieces of English for Ninjato's texts: counts with their nouns, treasures, tiles, Envoys and Rumors
by name (the words of the log, the prompts, the labels and the final count).

>>> plural(1, "card"), plural(2, "card"), plural(0, "Elite")
('1 card', '2 cards', '0 Elites')
>>> treasure_words((1, 0, 0, 1, 0)), treasure_words((2, 0, 0, 0, 1)), treasure_words((0, 0, 0, 3, 0))
('a Fan and a Jade', '2 Fans and a Gold', '3 Jade')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ninjadojo.engine.words import listing, plural
from ninjadojo.games.ninjato.cards import (
    CLAN_NAMES,
    ELITE_NAMES,
    ELITES,
    ENVOY_AGE,
    ENVOY_CLAN,
    ENVOY_MASK,
    GUARD_ALARM,
    GUARD_VALUE,
    RUMOR_KIND_OF,
    RUMOR_KINDS,
    RUMORS,
    TILE_KINDS,
    TREASURE_NAMES,
    TREASURES,
    Cost,
)
from ninjadojo.games.ninjato.encode import STRENGTH

if TYPE_CHECKING:
    from ninjadojo.games.ninjato.state import NinjatoState

#: Treasures by the plural players say: Jade and Gold are counted as they are.
TREASURE_PLURALS = ("Fans", "Scrolls", "Vases", "Jade", "Gold")


def treasure_words(counts: Sequence[int]) -> str:
    """Treasure counts (Fan, Scroll, Vase, Jade, Gold) in words: ``a Fan and 2 Scrolls``; ``nothing``."""
    return listing(treasure_parts(counts)) or "nothing"


def tokens_words(tokens: Sequence[int]) -> str:
    """Treasure tokens (kind, plus 5 when red side up) in words: ``a Fan and a red Jade``; ``nothing``."""
    return listing(token_parts(tokens)) or "nothing"


def treasure_parts(counts: Sequence[int], article: bool = True, red: bool = False) -> list[str]:
    """Treasure counts kind by kind: ``["a Fan", "2 Scrolls"]`` (``article=False``: ``["Fan", "2 Scrolls"]``,
    for a crowded line; ``red``: ``"a red Fan"``)."""
    one, colour = ("a " if article else ""), ("red " if red else "")
    return [f"{one}{colour}{TREASURE_NAMES[kind]}" if count == 1 else f"{count} {colour}{TREASURE_PLURALS[kind]}"
            for kind, count in enumerate(counts) if count]


def token_parts(tokens: Sequence[int], article: bool = True) -> list[str]:
    """Treasure tokens (kind, plus 5 when red side up) kind by kind, the red ones last (see
    :func:`treasure_parts`)."""
    plain, red = [0] * 5, [0] * 5
    for token in tokens:
        (red if token >= 5 else plain)[token % 5] += 1
    return treasure_parts(plain, article) + treasure_parts(red, article, red=True)


#: A Sensei tile kind as players read it (the tile's code and short name, ``c2`` "Crane 2/4", say nothing to
#: someone who has not read the rules): a Snake or a Tiger by what it adds, a Tiger 6 by what it makes of a card,
#: a Crane by the two values it is played as (the low one by Stealth, the high one by Strength).
TILE_WORDS = ("Snake -1", "Snake -2", "Tiger +1", "Tiger (makes a 6)", "Crane (2 or 4)", "Crane (1 or 5)", "Hensojutsu")
assert len(TILE_WORDS) == len(TILE_KINDS)


def tile_name(kind: int) -> str:
    """A tile kind in words: ``Crane (2 or 4)``, ``Tiger (makes a 6)``, ``Snake -1`` (see :data:`TILE_WORDS`)."""
    return TILE_WORDS[kind]


def play_words(card: int, modifier: int, tile: int, more: Sequence[int], side: int) -> str:
    """A single card played in a fight, in words: ``a 5 and a 3 as +1``, ``a 4, Tiger (makes a 6) and Tiger +1``,
    ``the Crane (2 or 4) tile as a 4`` (a Crane's value depends on the side: the high one by Strength)."""
    if card == 0:
        values = TILE_KINDS[tile].values
        parts = [f"the {tile_name(tile)} tile as a {values[-1] if side == STRENGTH else values[0]}"]
        helpers = list(more)
    else:
        parts = [f"a {card}"]
        helpers = ([tile] if tile >= 0 else []) + list(more)
    if modifier:
        parts.append(f"a 3 as {modifier:+d}")
    parts += [tile_name(helper) for helper in helpers]
    return listing(parts)


def envoy_name(envoy: int) -> str:
    """``the Taira Envoy of year 4 (masked)``: its clan, its year, which breaks ties (the earlier, the
    older; no two Envoys of a clan share one, so it names the card) and its mask."""
    mask = " (masked)" if ENVOY_MASK[envoy] else ""
    return f"the {CLAN_NAMES[ENVOY_CLAN[envoy]]} Envoy of year {ENVOY_AGE[envoy]}{mask}"


def cost_words(cost: Cost) -> str:
    """A Rumor's or an Envoy's cost in words: ``a Jade and a Fan``, ``1 to 3 treasures of one kind``."""
    if cost.kinds:
        return listing([f"a {TREASURE_NAMES[TREASURES.index(kind)]}" for kind in cost.kinds])
    span = str(cost.low) if cost.low == cost.high else f"{cost.low} to {cost.high}"
    return f"{span} treasure{'s' if cost.high > 1 else ''} of one kind"


def rumor_name(rumor: int) -> str:
    """``the Rumor Greatest Warrior (cost: a Fan)``: its kind and its cost (no two Rumors of a kind share
    one, so it names the card)."""
    return f"the Rumor {RUMOR_KINDS[RUMOR_KIND_OF[rumor]].name} (cost: {cost_words(RUMORS[rumor].cost)})"


def free_rumor_words(rumor: int) -> str:
    """``the Rumor Powerful Friends free of its cost (a Scroll and a Fan)``: a Rumor taken for nothing, still
    named by its cost (it tells two Rumors of a kind apart) without reading "cost: ... for free"."""
    return f"the Rumor {RUMOR_KINDS[RUMOR_KIND_OF[rumor]].name} free of its cost ({cost_words(RUMORS[rumor].cost)})"


__all__ = ["TILE_WORDS", "cost_words", "envoy_name", "free_rumor_words", "listing", "play_words", "plural",
           "rumor_name", "tile_name", "tokens_words", "treasure_words"]


def foe_words(state: NinjatoState, stage: int = 0) -> str:
    """What the raider faces now, in words: ``the Sentry 3``, ``a Guard 4 with an alarm``, ``the Elite 4/2``,
    ``the second person of the Elite pair 2 then 4``."""
    elite = state.raid_elite
    if elite >= 0:
        if ELITES[elite].people == 2:
            person = "second" if stage == 1 else "first"
            return f"the {person} person of the {ELITE_NAMES[elite]}"
        return f"the {ELITE_NAMES[elite]}"
    if state.raid_guards:
        guard = state.raid_guards[-1]
        return f"a Guard {GUARD_VALUE[guard]}" + (" with an alarm" if GUARD_ALARM[guard] else "")
    return f"the Sentry {GUARD_VALUE[state.sentries[state.raid_house]]}"
