"""Action texts, payloads and the fixed action space.

Every action is a short text, built here and only here, so that legal-move generation and the action
space agree:

- placing a shuriken: ``dojo``; ``sen:s2@5`` (take the Snake -2 tile that costs a 5: pay a 5, or nothing
  if you already hold a Snake), ``sen:c2@?=4`` (a '?' tile paid with a 4), ``sen:hj`` (Hensojutsu);
  ``h3+`` / ``h3-`` (attack house 3 by Strength / by Stealth); ``rum:w1:jf`` (buy Rumor w1 with a Jade
  and a Fan), ``env:t1:fg`` (buy Envoy t1 with a Fan and a Gold);
- at the Dojo, one card at a time: ``d5`` (the face-up 5) or ``deck``;
- fighting a guard: a single card ``5``, ``5+`` (a 5 with a 3 as +1), ``1-`` (a 1 with a 3 as -1),
  ``4.t6`` (a 4 the Tiger makes a 6), ``1-.s2``, a card with several tiles (``4.s1.s2``, ``4.t6.t1``,
  ``5.s2.s2``; option ``stack_tiles=false``: one tile a card), or a Crane tile ``c2``; or ``lose``; the
  option ``crane_as_card`` adds a Crane with a 3 or a tile (``c2+``, ``c1.s2``);
- after a win: ``banzai`` or ``retreat``; losing with several treasures: ``keep:j`` (``keep:j*`` red);
- a cleared house's new marker: ``m:t8``; scoring: ``mask:t1`` (Hensojutsu on Envoy t1), ``pts`` or
  ``rum:w1`` (a free Rumor).

The treasures of a payment may be written in any order; the canonical text lists them in treasure
order (:func:`canonical_text`):

>>> canonical_text("rum:w1:fj"), canonical_text("env:t1:gf")
(None, 'env:t1:fg')
>>> canonical_text("rum:w1:jf")
'rum:w1:fj'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product

from ninjadojo.games.ninjato.cards import (
    CRANES,
    DOJO_VALUES,
    ENVOYS,
    HJ,
    HOUSES,
    MARKER_CODES,
    MODIFIER,
    RUMORS,
    S1,
    S2,
    T1,
    T6,
    TILE_CODES,
    TILE_COST,
    TILE_KIND_CODES,
    TILE_KIND_COPIES,
    TILE_KIND_OF,
    TILE_KINDS,
    TREASURE_INDEX,
    TREASURE_VALUE,
    TREASURES,
    Cost,
    G,
)

Payload = tuple[int, ...]

(OP_DOJO, OP_SENSEI, OP_ATTACK, OP_RUMOR, OP_ENVOY, OP_DRAW, OP_PLAY, OP_LOSE, OP_BANZAI, OP_RETREAT, OP_KEEP,
 OP_MARKER, OP_MASK, OP_POINTS, OP_FREE_RUMOR) = range(15)

STRENGTH, STEALTH = 0, 1
SIDE_MARKS = ("+", "-")

DOJO: Payload = (OP_DOJO,)
LOSE: Payload = (OP_LOSE,)
BANZAI: Payload = (OP_BANZAI,)
RETREAT: Payload = (OP_RETREAT,)
POINTS: Payload = (OP_POINTS,)

#: ``ATTACKS[house][side]``: (text, payload) of an attack.
ATTACKS: tuple[tuple[tuple[str, Payload], ...], ...] = tuple(
    tuple((f"h{house + 1}{SIDE_MARKS[side]}", (OP_ATTACK, house, side)) for side in (STRENGTH, STEALTH))
    for house in range(HOUSES))
DRAWS: tuple[tuple[str, Payload], ...] = tuple((f"d{value}", (OP_DRAW, value)) for value in range(6))
DECK_DRAW: tuple[str, Payload] = ("deck", (OP_DRAW, 0))


def tokens_text(counts: tuple[int, ...]) -> str:
    """Treasure counts as letters in treasure order: ``(1, 0, 0, 1, 0)`` -> ``fj``."""
    return "".join(TREASURES[kind] * counts[kind] for kind in range(5))


# ---------------------------------------------------------------------------------------------- payments

#: A purse that could pay anything: used to list every payment a cost can ever take.
RICH = (4, 4, 4, 4, 4)


#: No cost takes more than this many treasures, so a purse is looked up with its counts capped here.
MOST_PAID = 4


def payments(cost: Cost, purse: tuple[int, ...]) -> tuple[tuple[str, tuple[int, ...], int], ...]:
    """Every way ``purse`` (counts of f, s, v, j, g) can pay ``cost``: (tokens text, counts spent, honour).

    Gold stands for any treasure and is worth what it stands for. Paying an "of one kind" cost only
    with Gold counts it as Jade (Gold "is considered the highest value treasure").
    """
    return _payments(cost, tuple(min(count, MOST_PAID) for count in purse))


@cache
def _payments(cost: Cost, purse: tuple[int, ...]) -> tuple[tuple[str, tuple[int, ...], int], ...]:
    found: dict[str, tuple[tuple[int, ...], int]] = {}
    gold = purse[G]
    if cost.kinds:
        need = [0] * 5
        for code in cost.kinds:
            need[TREASURE_INDEX[code]] += 1
        kinds = [kind for kind in range(4) if need[kind]]
        honour = sum(TREASURE_VALUE[kind] * need[kind] for kind in range(4))
        for golds in product(*(range(need[kind] + 1) for kind in kinds)):
            spent = [0] * 5
            for kind, by_gold in zip(kinds, golds, strict=True):
                spent[kind] = need[kind] - by_gold
                spent[G] += by_gold
            if spent[G] <= gold and all(spent[kind] <= purse[kind] for kind in kinds):
                counts = tuple(spent)
                found[tokens_text(counts)] = (counts, honour)
    else:
        for kind in range(4):
            for count in range(cost.low, cost.high + 1):
                for by_gold in range(count + 1):
                    if count - by_gold > purse[kind] or by_gold > gold:
                        continue
                    spent = [0] * 5
                    spent[kind] = count - by_gold
                    spent[G] = by_gold
                    counts = tuple(spent)
                    text = tokens_text(counts)
                    honour = count * TREASURE_VALUE[kind]
                    if text not in found or found[text][1] < honour:
                        found[text] = (counts, honour)
    return tuple((text, counts, honour) for text, (counts, honour) in sorted(found.items()))


def capped(purse: Sequence[int]) -> tuple[int, ...]:
    """A purse with its counts capped at :data:`MOST_PAID`: the key :func:`rumor_buys` and
    :func:`envoy_buys` want (more of a kind than any cost takes changes nothing)."""
    return tuple([count if count < MOST_PAID else MOST_PAID for count in purse])  # a list: no generator per call


@cache
def rumor_buys(rumor: int, purse: tuple[int, ...]) -> tuple[tuple[str, Payload], ...]:
    """``(text, payload)`` of every way to buy Rumor ``rumor`` from a :func:`capped` ``purse``."""
    code = RUMORS[rumor].code
    return tuple((f"rum:{code}:{text}", (OP_RUMOR, rumor, honour, *counts))
                 for text, counts, honour in payments(RUMORS[rumor].cost, purse))


@cache
def envoy_buys(envoy: int, purse: tuple[int, ...]) -> tuple[tuple[str, Payload], ...]:
    """``(text, payload)`` of every way to buy Envoy ``envoy`` from a :func:`capped` ``purse``."""
    code = ENVOYS[envoy].code
    return tuple((f"env:{code}:{text}", (OP_ENVOY, envoy, honour, *counts))
                 for text, counts, honour in payments(ENVOYS[envoy].cost, purse))


# ---------------------------------------------------------------------------------------------- fighting

#: One play against a guard: (text, payload, value). The payload is (OP_PLAY, card, modifier, tile kind,
#: more tile kinds...): card 0 for a Crane played as a card (the Crane is then the first tile kind), -1 for
#: no tile; the tiles after the first are Snakes and Tigers stacked on the card (ruling 4; one tile a card
#: with option ``stack_tiles=false``) or on a Crane (option ``crane_as_card``). A play with at most one tile
#: has exactly four numbers.
Play = tuple[str, Payload, int]


def play_value(card: int, modifier: int, tile: int, side: int, more: tuple[int, ...] = ()) -> int:
    """The value of a single card: a Dojo card (or a Crane's value for the side) with a 3's +1/-1, then
    its tiles in order (a Tiger 6 replaces the value, so it comes first; the others add)."""
    if card == 0:
        values = TILE_KINDS[tile].values
        value = (values[-1] if side == STRENGTH else values[0]) + modifier
        helpers = more
    else:
        value = card + modifier
        helpers = (tile, *more) if tile >= 0 else more
    for helper in helpers:
        kind = TILE_KINDS[helper]
        value = kind.becomes if kind.becomes else value + kind.add
    return value


def play_text(card: int, modifier: int, tile: int, more: tuple[int, ...] = ()) -> str:
    """``5+.t1``, ``1-.s2``, ``c2``; with the options, ``4.t6.t1`` or ``c2+.t1``."""
    mark = "+" if modifier > 0 else "-" if modifier < 0 else ""
    if card == 0:
        head, helpers = TILE_KIND_CODES[tile], more
    else:
        head, helpers = str(card), ((tile, *more) if tile >= 0 else more)
    return head + mark + "".join(f".{TILE_KIND_CODES[helper]}" for helper in helpers)


def plays(hand: Sequence[int], ready: Sequence[int], side: int, stack: bool = False,
          crane_card: bool = False) -> tuple[Play, ...]:
    """Every single card ``hand`` (counts by value, index 1-5) and the face-up tiles ``ready`` (counts by
    tile kind) can make for ``side``, strongest first in its direction.

    A 3 modifies another card (not another 3) in the attack's direction (+1 by Strength, -1 by
    Stealth); a Tiger serves Strength and a Snake Stealth (a tile that only hurts is never offered),
    and a Tiger's 6 takes no modifier (it replaces the card's value). With ``stack`` (ruling 4, the
    default: "any number of tiles at a single time") a card carries any number of its owner's ready
    Snakes or Tigers at once, copies of a kind included (Snake -1 and -2; two Snakes -2; a Tiger 6 then
    Tigers +1), each one helping (a second Tiger 6 would change nothing, so it is never offered);
    without it (option ``stack_tiles=false``) one tile a card. A Crane is a single card alone, unless
    ``crane_card`` (option ``crane_as_card``) makes it a card of its value that a 3 may modify and a
    Snake or Tiger may go on.
    """
    # A play uses at most one card of a value, and tiles of a kind up to the copies one card can
    # carry: the lookup key keeps only that much, so the cache knows nearly every hand.
    caps = _STACK_CAPS if stack else _ONE_CAPS
    return _plays(tuple([count > 0 for count in hand]), tuple(map(min, ready, caps)), side, stack, crane_card)


#: How many tiles of each kind one card may carry: one without stacking; with it, every copy of a Snake or
#: a Tiger +1 the game has, and one Tiger 6 (a second would replace the 6 by a 6).
_ONE_CAPS = tuple(1 for _ in TILE_KINDS)
_STACK_CAPS = tuple(1 if kind in (T6, *CRANES, HJ) else TILE_KIND_COPIES[kind] for kind in range(len(TILE_KINDS)))


@cache
def _helper_sets(side: int, stack: bool) -> tuple[tuple[int, ...], ...]:
    """The groups of Snake or Tiger tiles one card may carry for ``side``, in play order (a Tiger 6
    first: it replaces the value; then the others by kind), fewest tiles first."""
    if not stack:
        return ((), (T1,), (T6,)) if side == STRENGTH else ((), (S1,), (S2,))
    kinds = (T6, T1) if side == STRENGTH else (S1, S2)
    groups = [sum(((kind,) * count for kind, count in zip(kinds, counts, strict=True)), ())
              for counts in product(*(range(_STACK_CAPS[kind] + 1) for kind in kinds))]
    return tuple(sorted(groups, key=lambda group: (len(group), group)))


@cache
def _plays(hand: tuple[bool, ...], ready: tuple[bool, ...], side: int, stack: bool = False,
           crane_card: bool = False) -> tuple[Play, ...]:
    step = 1 if side == STRENGTH else -1
    helper_sets = _helper_sets(side, stack)
    bases = [card for card in DOJO_VALUES if hand[card]]
    if crane_card:
        bases += [-crane for crane in CRANES if ready[crane]]  # negative: a Crane played as a card
    found: list[Play] = []
    for base in bases:
        card, crane = (base, -1) if base > 0 else (0, -base)
        modifiers = [0]
        if card != MODIFIER and hand[MODIFIER]:
            modifiers.append(step)
        for modifier in modifiers:
            for helpers in helper_sets:
                if any(helpers.count(helper) > ready[helper] for helper in set(helpers)):
                    continue
                if modifier and any(TILE_KINDS[helper].becomes for helper in helpers):
                    continue  # a Tiger 6 replaces the value: the 3 would only be spent
                if crane >= 0:
                    tile, more = crane, helpers
                else:
                    tile, more = (helpers[0], helpers[1:]) if helpers else (-1, ())
                value = play_value(card, modifier, tile, side, more)
                found.append((play_text(card, modifier, tile, more), (OP_PLAY, card, modifier, tile, *more), value))
    if not crane_card:
        for crane in CRANES:
            if ready[crane]:
                found.append((TILE_KIND_CODES[crane], (OP_PLAY, 0, 0, crane), play_value(0, 0, crane, side)))
    found.sort(key=lambda play: -play[2] * step)
    return tuple(found)


def spend(hand: list[int], ready: list[int], payload: Payload) -> None:
    """Take a play's cards out of ``hand`` and its tiles out of ``ready`` (both counts, changed in place)."""
    card, modifier = payload[1], payload[2]
    if card:
        hand[card] -= 1
    if modifier:
        hand[MODIFIER] -= 1
    for tile in payload[3:]:
        if tile >= 0:
            ready[tile] -= 1


def two_person_firsts(hand: Sequence[int], ready: Sequence[int], side: int, first: int,
                      second: int, stack: bool = False, crane_card: bool = False) -> tuple[Play, ...]:
    """The plays that beat the first person of a two-person Elite and leave a play that beats the second
    (no card is spent on one unless both can be beaten). ``stack`` and ``crane_card`` as in :func:`plays`."""
    # Two plays use at most two cards of a value, and tiles of a kind up to twice what one card carries.
    caps = _STACK_CAPS if stack else _ONE_CAPS
    return _two_person_firsts(tuple(min(count, 2) for count in hand),
                              tuple(min(count, 2 * cap) for count, cap in zip(ready, caps, strict=True)),
                              side, first, second, stack, crane_card)


@cache
def _two_person_firsts(hand: tuple[int, ...], ready: tuple[int, ...], side: int, first: int,
                       second: int, stack: bool, crane_card: bool) -> tuple[Play, ...]:
    found = []
    for play in plays(hand, ready, side, stack, crane_card):
        if not beats(play[2], first, side):
            continue
        rest_hand, rest_ready = list(hand), list(ready)
        spend(rest_hand, rest_ready, play[1])
        if any(beats(other[2], second, side)
               for other in plays(tuple(rest_hand), tuple(rest_ready), side, stack, crane_card)):
            found.append(play)
    return tuple(found)


def beats(value: int, guard: int, side: int) -> bool:
    """Strength must be higher than the guard, Stealth lower; a tie loses."""
    return value > guard if side == STRENGTH else value < guard


# ---------------------------------------------------------------------------------------------- other choices

KEEPS: tuple[tuple[str, Payload], ...] = tuple(
    (f"keep:{TREASURES[token % 5]}{'*' if token >= 5 else ''}", (OP_KEEP, token)) for token in range(10))
MARKER_MOVES: tuple[tuple[str, Payload], ...] = tuple(
    (f"m:{code}", (OP_MARKER, marker)) for marker, code in enumerate(MARKER_CODES))
MASKS: tuple[tuple[str, Payload], ...] = tuple((f"mask:{row.code}", (OP_MASK, envoy)) for envoy, row in
                                               enumerate(ENVOYS))
FREE_RUMORS: tuple[tuple[str, Payload], ...] = tuple((f"rum:{row.code}", (OP_FREE_RUMOR, rumor)) for rumor, row in
                                                     enumerate(RUMORS))


@cache
def sensei_moves(tile: int) -> tuple[tuple[str, int], ...]:
    """``(text, value paid)`` of each way to take a tile of type ``tile``: its text alone (pay its value,
    or nothing for a style you hold, or for Hensojutsu), and for a '?' tile one text per value paid."""
    code = TILE_CODES[tile]
    moves = [(f"sen:{code}", TILE_COST[tile])]
    if TILE_KIND_OF[tile] != HJ and TILE_COST[tile] == 0:
        moves += [(f"sen:{code}={value}", value) for value in DOJO_VALUES]
    return tuple(moves)


def sensei_payload(tile: int, paid: int) -> Payload:
    """Take tile type ``tile``, discarding a card of value ``paid`` (0: nothing)."""
    return (OP_SENSEI, tile, paid)


# ---------------------------------------------------------------------------------------------- text forms

_PURCHASE_PREFIXES = ("rum:", "env:")
#: Tiles that go on a card (Snakes and Tigers), by code.
_HELPER_CODES = {TILE_KIND_CODES[kind]: kind for kind in (S1, S2, T1, T6)}


def _helper_order(code: str) -> tuple[bool, int]:
    """Tiles on one card apply in this order: a value-replacing Tiger 6 first, then the rest by kind."""
    kind = _HELPER_CODES[code]
    return (not TILE_KINDS[kind].becomes, kind)


def canonical_text(action: str) -> str | None:
    """The canonical text of ``action`` written another way, or ``None``: the treasures of a payment in
    treasure order (``rum:w1:jf`` -> ``rum:w1:fj``), the tiles stacked on a card in play order (a Tiger 6
    first: ``4.t1.t6`` -> ``4.t6.t1``)."""
    if action.count(".") >= 2:
        head, *codes = action.split(".")
        if not all(code in _HELPER_CODES for code in codes):
            return None
        ordered = sorted(codes, key=_helper_order)
        return ".".join((head, *ordered)) if ordered != codes else None
    if not action.startswith(_PURCHASE_PREFIXES) or action.count(":") != 2:
        return None
    head, _, tokens = action.rpartition(":")
    if not tokens or any(token not in TREASURE_INDEX for token in tokens):
        return None
    text = head + ":" + "".join(sorted(tokens, key=TREASURE_INDEX.__getitem__))
    return text if text != action else None


def all_actions(players: int, stack: bool = False, crane_card: bool = False) -> list[str]:
    """Every action text a game of ``players`` can ever offer, each once (the same for every count).

    Stacked tiles (``stack``: option ``stack_tiles``, on by default) and ``crane_as_card`` (``crane_card``)
    add plays; they come after every other action, so the other actions keep their ids under every
    option (the one-tile space of ``stack_tiles=false`` is a prefix of the default's).
    """
    actions = ["dojo", "deck", *(DRAWS[value][0] for value in DOJO_VALUES), "lose", "banzai", "retreat", "pts"]
    for tile in range(len(TILE_CODES)):
        actions += [text for text, _ in sensei_moves(tile)]
    actions += [text for house in ATTACKS for text, _ in house]
    for rumor in range(len(RUMORS)):
        actions += [text for text, _ in rumor_buys(rumor, RICH)]
    for envoy in range(len(ENVOYS)):
        actions += [text for text, _ in envoy_buys(envoy, RICH)]
    every_card = (0, 1, 1, 1, 1, 1)
    every_tile = tuple(1 for _ in TILE_KINDS)
    seen: set[str] = set()
    for side in (STRENGTH, STEALTH):
        for text, _, _ in plays(every_card, every_tile, side):
            if text not in seen:
                seen.add(text)
                actions.append(text)
    actions += [text for text, _ in KEEPS]
    actions += [text for text, _ in MARKER_MOVES]
    actions += [text for text, _ in MASKS]
    actions += [text for text, _ in FREE_RUMORS]
    if stack or crane_card:
        for side in (STRENGTH, STEALTH):
            for text, _, _ in plays(every_card, TILE_KIND_COPIES, side, stack, crane_card):
                if text not in seen:
                    seen.add(text)
                    actions.append(text)
    return actions
