"""What a Ninjato position is worth to each seat, in honour: :meth:`GameState.projected_scores` and the bots.

Honour comes late and in lumps: a seat's treasure becomes honour when it buys a Rumor or an Envoy,
its Envoys pay at the clan scorings after rounds 3, 5 and 7, its Rumors only at the very end, and its
cards and tiles only through the raids still to come. So a seat's expected final score is its honour
so far plus what it holds, each holding valued by what it will most likely be worth at the end of
round 7, given the shuriken each seat still has to place:

- **treasure** (:func:`held_worth`): a treasure spent is worth its value in honour; held, it is worth
  less (it has to find a purchase, and with few shuriken left fewer will), falling to about 1 point,
  what an unspent treasure scores;
- **Envoys** (:func:`clan_worth`): each clan scoring still to come, shared out by today's standing
  (first: the house points or a free Rumor, the better one; second: the other), surer the nearer the
  scoring; a far scoring is part fair share, since rivals buy Envoys too;
- **Rumors** (:func:`rumor_worth`): what they score now, plus what their sets will gain from the
  Elites, Rumors, Envoys and tiles a seat gathers in the rounds left;
- **Elites**: their 1 or 2 points; **cards and tiles**: the treasure they will win in raids to come,
  nothing once the last raid is past; **a raid under way**: the raider's loot, at a discount.

The figures are the heuristic bot's (src/ninjadojo/bots/ninjato.py values moves with the same
functions), so the heuristic and the search share one evaluation. A finished game projects its final
scores (:meth:`GameState.projected_scores` returns them before calling this module).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ninjadojo.games.ninjato.cards import (
    ELITE_POINTS,
    ENVOY_MASK,
    FRIENDS,
    GOODWILL,
    HJ,
    MASTER,
    ROUNDS,
    RUMOR_KIND_OF,
    SCORING_ORDER,
    SCORING_ROUNDS,
    SHURIKEN,
    STYLE_KINDS,
    TILE_KINDS,
    TREASURE_VALUE,
    UNSPENT_POINTS,
    WARRIOR,
    set_multiplier,
)
from ninjadojo.games.ninjato.effects import CLANS, PLAY, clan_points, clan_standing, rumor_points

if TYPE_CHECKING:
    from ninjadojo.games.ninjato.state import NinjatoState

#: What a Dojo card in hand is worth (by value): the extremes win raids, a 3 bends another card.
CARD_WORTH = (0.0, 1.3, 0.8, 1.1, 0.8, 1.3)
#: What one use a round of a tile kind is worth (Snake -1, Snake -2, Tiger +1, Tiger 6, Crane 2/4, 1/5).
TILE_USE = (0.4, 0.6, 0.4, 0.7, 0.6, 0.7, 0.0)
#: Treasure held is worth less than spent: it still has to find a purchase, and late in the game fewer
#: shuriken are left to make one (unspent, it is worth 1 point at the end).
HELD = 0.8
HELD_AT_THE_END = 0.3
#: A Gold stands for any treasure: worth a little more than a Jade held.
GOLD_BONUS = 0.5
#: A free Rumor from clan scoring, about.
FREE_RUMOR = 4.0
#: How much of a clan standing lasts through the scorings to come (rivals buy Envoys too).
ENVOY_HOLD = 0.5
#: What the standing of a scoring this many placements (of one seat) away is worth: :data:`ENVOY_HOLD`
#: at this distance, all of it at the scoring.
HOLD_HORIZON = 6
#: What one masked Envoy under a Hensojutsu tile adds at a scoring, about.
DISGUISE_WORTH = 2.0
#: What a seat gathers per placement left, by Rumor base: Elites, Rumors, Envoys, tiles (from heuristic
#: self-play at 4 players: about 2 Elites, 4 Rumors, 4 Envoys and 3 tiles in a game of 21 placements).
GROWTH = {WARRIOR: 0.08, GOODWILL: 0.18, FRIENDS: 0.18, MASTER: 0.12}
#: A raid's loot on the raider's shuriken is the raider's at about this chance (retreat, or a lost
#: fight keeping one treasure).
LOOT_SURE = 0.7
#: Calibration of two parts against the final scores of heuristic self-play (a least-squares fit of the
#: final score on the parts, each game's mean taken off, 100 games at 4 players): cards and tiles
#: win about twice what the move values above say (they also win the treasure that buys Envoys and
#: Rumors), and a clan standing pays about two thirds of its projection (rivals catch up).
TOOLS_SCALE = 2.0
CLANS_SCALE = 0.7
#: The placements a seat's cards need to turn into treasure: past this many left they count fully.
CARD_HORIZON = 6


def placements_left(state: NinjatoState, seat: int) -> int:
    """Shuriken ``seat`` has still to place in the game, this round's included."""
    if state.phase != PLAY:
        return (ROUNDS - state.round) * SHURIKEN
    players = state.num_players
    placed = state.placed // players + (1 if state.order.index(seat) < state.placed % players else 0)
    return (ROUNDS - state.round) * SHURIKEN + SHURIKEN - placed


def scorings_left(state: NinjatoState) -> int:
    """Clan scorings still to come (this round's included)."""
    return sum(1 for round_number in SCORING_ROUNDS if round_number >= state.round)


def rounds_left(state: NinjatoState) -> int:
    """Rounds still to play, this one included."""
    return ROUNDS + 1 - state.round


def held_worth(state: NinjatoState, seat: int) -> float:
    """What a treasure held is worth against the same treasure spent, now (a share of its value)."""
    left = placements_left(state, seat)
    return HELD_AT_THE_END + (HELD - HELD_AT_THE_END) * min(1.0, left / 6)


def treasure_worth(state: NinjatoState, seat: int, counts: list[int]) -> float:
    """What treasure held by ``seat`` (``counts`` by kind: Fan, Scroll, Vase, Jade, Gold) is worth by the end."""
    share = held_worth(state, seat)
    worth = 0.0
    for kind, count in enumerate(counts):
        if count:
            value = TREASURE_VALUE[kind] + (GOLD_BONUS if kind == 4 else 0.0)
            worth += count * max(float(UNSPENT_POINTS), share * value)
    return worth


def loot_counts(tokens: list[int]) -> list[int]:
    """Treasure counts by kind of a raid's loot (tokens: kind, plus 5 when red)."""
    counts = [0] * 5
    for token in tokens:
        counts[token % 5] += 1
    return counts


def clan_worth(state: NinjatoState) -> list[float]:
    """Each seat's expected honour (house points or free Rumors) from the clan scorings still to come."""
    players = state.num_players
    worth = [0.0] * players
    to_come: list[tuple[int, int, int]] = []  # (scoring round, clan, ranks still to be paid: 1 both, 2 second)
    for scoring in SCORING_ROUNDS:
        if scoring < state.round:
            continue
        order = SCORING_ORDER[scoring]
        if scoring > state.round or state.phase < CLANS:
            to_come += [(scoring, clan, 1) for clan in order]
            continue
        if state.phase != CLANS:
            continue
        to_come += [(scoring, clan, 1) for clan in order[state.step:]]
        frame = state.frames[-1] if state.frames else None
        if frame is not None and frame.kind == "favour" and state.step:
            rank = frame.data.get("rank")
            to_come.append((scoring, order[state.step - 1], rank if isinstance(rank, int) else 1))
    if not to_come:
        return worth
    # How sure today's standing is of each scoring: by the placements (of the seat to act) before it.
    now = placements_left(state, state.order[0]) if state.phase == PLAY else (ROUNDS - state.round) * SHURIKEN
    for scoring, clan, rank in to_come:
        away = max(0, now - (ROUNDS - scoring) * SHURIKEN)
        hold = 1.0 if away == 0 else ENVOY_HOLD ** (away / HOLD_HORIZON)
        standing = clan_standing(state, clan)
        points = float(clan_points(state, clan))
        best, other = max(points, FREE_RUMOR), min(points, FREE_RUMOR)
        shares = [(1, FREE_RUMOR)] if rank == 2 else [(0, best), (1, other)]
        for place, value in shares:
            if place < len(standing):
                worth[standing[place][0]] += hold * value
            # What the standing does not hold goes to anyone: a fair share each.
            for seat in range(players):
                worth[seat] += (1.0 - hold) * value / players
    return [CLANS_SCALE * value for value in worth]


def rumor_worth(state: NinjatoState, seat: int) -> float:
    """What ``seat``'s Rumors score now, plus what their sets gain from what it gathers in the time left."""
    now = float(sum(rumor_points(state, seat)))
    counts = [0] * 5
    for rumor in state.rumors[seat]:
        counts[RUMOR_KIND_OF[rumor]] += 1
    left = placements_left(state, seat)
    # Dishonorable Opponents depends on who else holds one, not on what a seat gathers: no growth.
    growth = sum(set_multiplier(counts[kind]) * rate * left for kind, rate in GROWTH.items() if counts[kind])
    return now + growth


def tools_worth(state: NinjatoState, seat: int) -> float:
    """What ``seat``'s Dojo cards and Sensei tiles will win in the raids still to come."""
    left = placements_left(state, seat)
    hand = state.hands[seat]
    # A raid a round at most uses a card or two: cards beyond what the rounds left can spend are worth less.
    cards = sorted((CARD_WORTH[value] for value in range(1, 6) for _ in range(hand[value])), reverse=True)
    usable = max(0, (left * 2 + 2) // 3)
    card_part = sum(cards[:usable]) * min(1.0, left / CARD_HORIZON)
    tiles = 0.0
    kinds = state.kinds[seat]
    uses = left / SHURIKEN  # rounds' worth of uses left (a tile turns up again each round)
    for kind, tile in enumerate(TILE_KINDS):
        if kind == HJ or not kinds[kind]:
            continue
        same_style = sum(kinds[other] for other in STYLE_KINDS[tile.style])
        tiles += kinds[kind] * TILE_USE[kind] * uses / (1 + 0.5 * (same_style - 1))
    if kinds[HJ]:
        masked = sum(1 for envoy in state.envoys[seat] if ENVOY_MASK[envoy])
        tiles += min(masked, kinds[HJ]) * DISGUISE_WORTH * (scorings_left(state) if state.phase == PLAY else 1)
    return TOOLS_SCALE * (card_part + tiles)


def projected_scores(state: NinjatoState) -> list[float]:
    """Each seat's expected final score: honour so far plus the worth of its holdings (module docstring)."""
    clans = clan_worth(state)
    scores: list[float] = []
    for seat in range(state.num_players):
        elites = float(sum(count * ELITE_POINTS[elite] for elite, count in enumerate(state.elites[seat])))
        score = (state.honour[seat] + elites + treasure_worth(state, seat, state.purse[seat]) + clans[seat]
                 + rumor_worth(state, seat) + tools_worth(state, seat))
        if state.raider == seat and state.raid_loot:
            score += LOOT_SURE * treasure_worth(state, seat, loot_counts(state.raid_loot))
        scores.append(score)
    return scores


#: A seat's win chance from its projected margin over the best rival: ``sigmoid(WIN_OFFSET[players] + slope x
#: margin)``, one slope for each tenth of the game left (``WIN_BUCKETS``; the first is the game's last tenth),
#: each count's chances then scaled to add up to 1. Fitted by ``benchmarks/fit_ninjato_win_chance.py`` (its
#: defaults: 600 games at each count by a mix of bots, the heuristic to random) and calibrated there: predicted
#: chances within about 4 points of the observed share in every tenth (Brier score 0.128; the search's generic
#: reward from the scores, which a review read before: 0.150).
WIN_BUCKETS = 10
WIN_OFFSET = {2: 0.0, 3: -0.339, 4: -0.558}
WIN_SLOPES = (0.1546, 0.1209, 0.1137, 0.0926, 0.0906, 0.0882, 0.0916, 0.0924, 0.0992, 0.0884)


def game_left(state: NinjatoState) -> float:
    """The share of the game still to play: the shuriken still to place, of all the game's (1 before the first
    placement, 0 once the last raid is done)."""
    players = state.num_players
    return sum(placements_left(state, seat) for seat in range(players)) / (players * ROUNDS * SHURIKEN)


def chances_from(players: int, left: float, scores: Sequence[float]) -> list[float]:
    """Each seat's win chance from projected ``scores`` with ``left`` of the game to play (see ``WIN_SLOPES``)."""
    slope = WIN_SLOPES[min(max(int(left * WIN_BUCKETS), 0), WIN_BUCKETS - 1)]
    offset = WIN_OFFSET.get(players, WIN_OFFSET[max(WIN_OFFSET)])
    raw = []
    for seat, score in enumerate(scores):
        margin = score - max(other for each, other in enumerate(scores) if each != seat)
        raw.append(1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, offset + slope * margin)))))
    total = sum(raw)
    return [each / total for each in raw]


def win_chances(state: NinjatoState) -> list[float]:
    """Each seat's chance to win from here, as a review and a hint tell it: its share of the win once the game
    is over, else read from the projected scores by the fitted model (``WIN_SLOPES``). The search's play-outs
    stop long before the end, and the generic reward from the scores (bots/ismcts.py) keeps a cut-off position
    near a fair share, so a hopeless position read as a fifth of a chance."""
    result = state.result
    if result is not None:
        winners = result.winners
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.num_players)]
    return chances_from(state.num_players, game_left(state), state.projected_scores())


__all__ = ["CARD_WORTH", "FREE_RUMOR", "TILE_USE", "WIN_OFFSET", "WIN_SLOPES", "chances_from", "clan_worth",
           "game_left", "held_worth", "loot_counts", "placements_left", "projected_scores", "rounds_left",
           "rumor_worth", "scorings_left", "tools_worth", "treasure_worth", "win_chances"]
