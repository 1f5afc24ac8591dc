"""Legal actions: what each seat may do in each kind of frame.

There is always exactly one frame, asking one seat:

- ``place``: place a shuriken (Dojo, Sensei, a house side, the Pavilion, the Palace);
- ``draw`` (data ``left``): the Dojo visitor draws its next card, face-up or from the deck;
- ``fight`` (data ``stage``: 0, or 1 for the second person of a two-person Elite): beat the guard
  faced in the raid with a single card, or lose (option ``may_give_up=false``: lose only when no single
  card beats it); the plays grouped by card, as :func:`fight_order` says;
- ``press``: after a win, Banzai (face the next guard) or retreat with the treasures;
- ``keep``: after a loss, which treasure of the shuriken to keep;
- ``marker`` (data ``house``): the clan marker replacing a cleared house's;
- ``disguise``: scoring, a Hensojutsu tile onto a masked Envoy;
- ``favour`` (data ``clan``, ``rank``: 1 or 2): the clan's first chooses its points or a free Rumor
  (rank 1); the second takes the free Rumor the first left (rank 2).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ninjadojo.engine import Frame
from ninjadojo.games.ninjato.cards import (
    ELITES,
    GUARD_VALUE,
    HJ,
    MARKERS,
    STYLE_KINDS,
    TILE_COST,
    TILE_KIND_OF,
    TILE_KINDS,
)
from ninjadojo.games.ninjato.encode import (
    ATTACKS,
    BANZAI,
    DECK_DRAW,
    DOJO,
    DRAWS,
    FREE_RUMORS,
    KEEPS,
    LOSE,
    MARKER_MOVES,
    MASKS,
    POINTS,
    RETREAT,
    STRENGTH,
    Payload,
    Play,
    beats,
    capped,
    envoy_buys,
    play_value,
    plays,
    rumor_buys,
    sensei_moves,
    sensei_payload,
    two_person_firsts,
)

if TYPE_CHECKING:
    from ninjadojo.games.ninjato.state import NinjatoState

__all__ = ["data_int", "fight_order", "legal", "threshold"]


def data_int(frame: Frame, key: str) -> int:
    """An int from a frame's data (frames hold plain JSON values)."""
    value = frame.data[key]
    assert isinstance(value, int), f"frame {frame.kind} needs a number for {key}"
    return value


def legal(state: NinjatoState, seat: int, frame: Frame) -> dict[str, Payload]:
    """``{action text: payload}`` for ``seat`` in ``frame``, in a stable order."""
    kind = frame.kind
    if kind == "place":
        return _place(state, seat)
    if kind == "fight":
        return _fight(state, seat, data_int(frame, "stage"))
    if kind == "draw":
        moves = {DRAWS[value][0]: DRAWS[value][1] for value in sorted(set(state.up))}
        if state.deck or any(state.discard):
            moves[DECK_DRAW[0]] = DECK_DRAW[1]
        return moves
    if kind == "press":
        moves = {}
        if state.can_banzai():
            moves["banzai"] = BANZAI
        moves["retreat"] = RETREAT
        return moves
    if kind == "keep":
        return {KEEPS[token][0]: KEEPS[token][1] for token in sorted(set(state.raid_loot))}
    if kind == "marker":
        house = data_int(frame, "house")
        clan = MARKERS[state.markers[house]][0]
        taken = set(state.markers)
        return {text: payload for marker, (text, payload) in enumerate(MARKER_MOVES)
                if marker not in taken and MARKERS[marker][0] != clan}
    if kind == "disguise":
        return {MASKS[envoy][0]: MASKS[envoy][1] for envoy in state.disguise_choices(seat)}
    if kind == "favour":
        moves = {"pts": POINTS} if data_int(frame, "rank") == 1 else {}
        for rumor in sorted(state.rup):
            moves[FREE_RUMORS[rumor][0]] = FREE_RUMORS[rumor][1]
        return moves
    raise AssertionError(f"unknown frame kind {kind!r}")


#: See :func:`_sensei_offer`.
_SenseiOffer = tuple[bool, tuple[int, ...], int, tuple[str, Payload], tuple[tuple[str, int, Payload], ...]]


def _sensei_offer(tile: int) -> _SenseiOffer:
    """What taking a tile type asks, looked up once: (free whatever the seat holds: Hensojutsu, the tile
    kinds of its style, its fixed value to pay (0: a '?' tile), its move when free or at its fixed value,
    and a '?' tile's ``(text, value paid, payload)`` for each value)."""
    kind = TILE_KIND_OF[tile]
    options = sensei_moves(tile)
    text, paid = options[0]
    return (kind == HJ, tuple(STYLE_KINDS[TILE_KINDS[kind].style]) if kind != HJ else (), TILE_COST[tile],
            (text, sensei_payload(tile, paid)),
            tuple((text, paid, sensei_payload(tile, paid)) for text, paid in options[1:]))


#: :func:`_sensei_offer` of every tile type (placements are generated at every action of a round).
_SENSEI_OFFERS = tuple(_sensei_offer(tile) for tile in range(len(TILE_KIND_OF)))


def _place(state: NinjatoState, seat: int) -> dict[str, Payload]:
    moves: dict[str, Payload] = {"dojo": DOJO}
    hand = state.hands[seat]
    if state.offer:
        kinds = state.kinds[seat]
        for tile in sorted(set(state.offer)):
            free, style, cost, (text, payload), unfixed = _SENSEI_OFFERS[tile]
            if free or any([kinds[other] for other in style]):
                moves[text] = sensei_payload(tile, 0)
            elif cost:
                if hand[cost]:
                    moves[text] = payload
            else:
                for text, paid, payload in unfixed:
                    if hand[paid]:
                        moves[text] = payload
    spots = state.spots
    sentries = state.sentries
    for house, (left, right) in enumerate(ATTACKS):
        if sentries[house] >= 0:
            if spots[2 * house] < 0:
                moves[left[0]] = left[1]
            if spots[2 * house + 1] < 0:
                moves[right[0]] = right[1]
    purse = state.purse[seat]
    if any(purse):
        key = capped(purse)
        rumors = tuple(state.rup) if len(state.pavilion_seats) < state.pavilion_spots else ()
        envoys = tuple(state.vup) if len(state.palace_seats) < state.palace_spots else ()
        if rumors or envoys:
            moves.update(_purchases(rumors, envoys, key))
    return moves


@lru_cache(maxsize=1 << 14)  # bounded: the displays and purses of a long simulation are many
def _purchases(rumors: tuple[int, ...], envoys: tuple[int, ...], purse: tuple[int, ...]) -> dict[str, Payload]:
    """Every way to buy one of ``rumors`` or ``envoys`` from a capped ``purse``, in that order (the
    displays change a few times a round, the purses seldom: one lookup for all the purchases)."""
    moves: dict[str, Payload] = {}
    for rumor in rumors:
        moves.update(rumor_buys(rumor, purse))
    for envoy in envoys:
        moves.update(envoy_buys(envoy, purse))
    return moves


def threshold(state: NinjatoState, stage: int) -> int:
    """The value the raider's single card must beat now (higher by Strength, lower by Stealth)."""
    elite = state.raid_elite
    if elite >= 0:
        row = ELITES[elite]
        if row.people == 1:
            return row.first if state.raid_side == STRENGTH else row.second
        return row.first if stage == 0 else row.second
    guard = state.raid_guards[-1] if state.raid_guards else state.sentries[state.raid_house]
    return GUARD_VALUE[guard]


@lru_cache(maxsize=1 << 12)  # bounded; a fight's plays come from a few hands, tiles and guards, looked up often
def fight_order(found: tuple[Play, ...], side: int) -> tuple[Play, ...]:
    """Fight plays in the order a player looks for them: by the card fought with, the strongest first in the
    attack's direction (by Strength a 5, then a 4...; by Stealth a 1, then a 2...; a Crane played as a card
    after the Dojo card of its value), and within a card its plain play first, then the plays the 3 and the
    tiles make of it, climbing in value (the fewest pieces first at one value).

    :func:`~ninjadojo.games.ninjato.encode.plays` lists them by value alone, whatever the card: with a few
    tiles a player met the plain "Fight with a 4" 14th of 15, after every tile stacked on a 5 and on the 4.
    Only the order changes: the same plays, and always the same order for the same plays.
    """
    step = 1 if side == STRENGTH else -1

    def key(play: Play) -> tuple[int, int, int, int]:
        payload = play[1]
        card, modifier = payload[1], payload[2]
        base = card if card else play_value(0, 0, payload[3], side)  # a Crane by its value for the side
        pieces = (modifier != 0) + sum(1 for tile in payload[3:] if tile >= 0)
        return (-base * step, card == 0, play[2] * step, pieces)

    return tuple(sorted(found, key=key))


def _fight(state: NinjatoState, seat: int, stage: int) -> dict[str, Payload]:
    side = state.raid_side
    hand = state.hands[seat]
    ready = state.ready(seat)
    moves: dict[str, Payload] = {}
    elite = state.raid_elite
    stack, crane_card = state.stack_tiles, state.crane_as_card
    if elite >= 0 and ELITES[elite].people == 2 and stage == 0:
        row = ELITES[elite]
        winning = two_person_firsts(hand, ready, side, row.first, row.second, stack, crane_card)
    else:
        target = threshold(state, stage)
        winning = tuple(play for play in plays(hand, ready, side, stack, crane_card) if beats(play[2], target, side))
    for text, payload, _ in fight_order(winning, side):
        moves[text] = payload
    # Ruling 2: giving up is always offered; with may_give_up=false only when nothing beats the guard.
    if state.may_give_up or not moves:
        moves["lose"] = LOSE
    return moves
