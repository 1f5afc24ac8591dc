"""How a bot scores a Ninjitsu! position short of the end (:meth:`GameState.projected_scores`, and the
``heuristic`` bot's evaluation, which is built on the same worth).

A seat's **worth** is what it has towards the target: its points (treasures and secrets, with every
face-down ability: Bow and Arrows 10, Bo Staff 4 + 2 a secret, Master of Misdirection, Vampire Ninja's
penalty, Master of Earth), plus its hand (cards are future plays: :data:`HAND_WEIGHT` each, an "any time"
card of the Promo Pack :data:`ANYTIME_WEIGHT`, kept as a free answer to a trap, a discard or a steal),
less what a Sabotage! treasure's face-up drawback costs its owner (:data:`DRAWBACKS`). A seat holding
the target is near a win: :func:`holding_bonus` adds :data:`TARGET_BONUS`.

The projection (:func:`projected_scores`) adds to the bonus the turn order, which the win check makes
decisive: a seat at the target wins when its next turn starts, unless the players who act before then
take the points away, so the fewer turns stand between it and its start, the surer the win
(:data:`NEXT_BONUS` for the seat next to start, nothing for one that must sit through every other
turn). The figures are on the points' scale (21 to win), so a point gained always counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.games.ninjitsu.cards import ANYTIME, FACE_UP_CARD
from ninjadojo.games.ninjitsu.view import secret_worth

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState

#: Worth of a card in hand, in points (cards are future plays).
HAND_WEIGHT = 0.8
#: Worth of an "any time" card in hand: a free answer to a trap, a discard or a steal, kept for its moment.
ANYTIME_WEIGHT = 2.5
#: What a Sabotage! treasure's face-up drawback costs its owner, in points (a bot does not see a turn it
#: cannot take, nor an opponent's draws beyond its horizon).
DRAWBACKS = {FACE_UP_CARD["squeaky-floor"]: 2.0, FACE_UP_CARD["cage"]: 2.0, FACE_UP_CARD["false-floor"]: 1.5,
             FACE_UP_CARD["mirror"]: 1.5}
#: Bonus for holding the target (a win at one's next start unless robbed).
TARGET_BONUS = 15.0
#: Further bonus, in a projection, for holding the target with no other player's turn before one's start
#: (shrinking in proportion to the turns still to come before it).
NEXT_BONUS = 10.0


def worth(state: NinjitsuState, seat: int) -> float:
    """What ``seat`` has towards the target: points, hand and drawbacks (see the module), no bonus."""
    hand = state.hands[seat]
    value = state.points(seat) + HAND_WEIGHT * len(hand)
    if state.any_time:
        value += (ANYTIME_WEIGHT - HAND_WEIGHT) * sum(1 for card in hand if ANYTIME[card])
    if state.has_sabotage:
        value -= sum(DRAWBACKS.get(card, 0.0) for card in state.treasures[seat])
    return value


def exposure(state: NinjitsuState, seat: int) -> float:
    """What a blind steal takes from ``seat`` on average: the mean face-down worth of its secrets (0 with none).

    A thief picks a position, not a card, so one valuable secret alone is a gift, and valueless cards
    (a trapped King, an Ace) among it lower what a steal is worth. A bot that does not look at the
    opponents' replies (the heuristic's ``depth=0``) counts it against itself.
    """
    secrets = state.secrets[seat]
    if not secrets:
        return 0.0
    count = len(secrets)
    hand = len(state.hands[seat])
    return sum(secret_worth(card, count, hand) for card in secrets) / count


def holding_bonus(state: NinjitsuState, seat: int) -> float:
    """:data:`TARGET_BONUS` if ``seat`` has the target's points now, else 0."""
    return TARGET_BONUS if state.points(seat) >= state.target else 0.0


def turns_before_start(state: NinjitsuState, seat: int) -> int:
    """How many turns (the current one's rest included) other players take before ``seat``'s next start."""
    players = state.num_players
    ahead = (seat - state.turn) % players
    return players - 1 if ahead == 0 else ahead


def projected_scores(state: NinjitsuState) -> list[float]:
    """Each seat's :func:`worth`, plus the target bonus by turn order (see the module)."""
    players = state.num_players
    scores: list[float] = []
    for seat in range(players):
        value = worth(state, seat)
        bonus = holding_bonus(state, seat)
        if bonus:
            # The seat next to start is robbed only by the rest of this turn; one that just acted must
            # sit through every other player's turn.
            value += bonus + NEXT_BONUS * (players - 1 - turns_before_start(state, seat)) / max(1, players - 2)
        scores.append(value)
    return scores
