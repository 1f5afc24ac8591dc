"""Which Ninjitsu! actions may be taken back: those whose whole outcome the actor could foresee.

The engine allows an undo only after an action the game vouches for (:meth:`GameState._undo_safe`): all
it leads to, up to the next decision, is determined by what the actor knows. Ninjitsu! vouches for:

- a free swap of two of one's own secrets: the turn stays with the player and nothing else happens;
- in the base game (no expansion), a card played as a secret or a treasure as the turn's action, when
  nothing is resolving: the card goes where the player put it and the turn passes. What follows is
  foreseeable too when the same turn goes on (an extra action) or the next player's start-of-turn win
  check cannot succeed: their face-up treasures plus, for each of their secrets, its worth if the
  actor knows that card and the most any card of the game is worth there if not, is below the target.
  Otherwise the check could end the game on a hidden card, and a game that went on would tell the
  actor that the next player is short of the target.

Everything else (a draw, a steal, a card's action, an answer to a window, and every action with an
expansion, whose cards react to the end of a turn or to a secret in ways that may hang on hidden cards)
is not vouched for. Each answer reads only what the actor knows: face-up cards, counts, its own
knowledge of where cards lie.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ninjadojo.engine.frames import Frame
from ninjadojo.games.ninjitsu.cards import FACE_DOWN_BASE, FACE_DOWN_PER_HAND, FACE_DOWN_PER_SECRET
from ninjadojo.games.ninjitsu.notation import OP_SECRET, OP_SWAP, OP_TREASURE, Payload

if TYPE_CHECKING:
    from ninjadojo.games.ninjitsu.state import NinjitsuState


def undo_safe(state: NinjitsuState, seat: int, frame: Frame, payload: Payload) -> bool:
    """Whether ``seat``'s action ``payload`` in ``frame`` has an outcome it can foresee (module docs)."""
    op = payload[0]
    if op == OP_SWAP:
        return True
    if op != OP_SECRET and op != OP_TREASURE:
        return False
    if frame.kind != "turn" or len(state.frames) != 1 or state.effects or state.sets:
        return False
    if state.extra_actions:
        return True  # the same turn goes on: no start-of-turn check
    return _most_points(state, seat, (seat + 1) % state.num_players) < state.target


def _most_points(state: NinjitsuState, seat: int, player: int) -> int:
    """The most points ``player`` may have for all ``seat`` knows (base game: no card changes another's
    worth): its treasures, and per secret its worth if ``seat`` knows where that card lies, else the most
    any card of the game would be worth there."""
    secrets = state.secrets[player]
    count, in_hand = len(secrets), len(state.hands[player])
    bit = 1 << seat
    known = state.known
    most = _most_worth(state.cards_in_game, count, in_hand)
    total = state.treasure_points(player)
    for card in secrets:
        total += worth_of(card, count, in_hand) if known[card] & bit else most
    return total


def worth_of(card: int, count: int, in_hand: int) -> int:
    """What ``card`` is worth face-down among ``count`` secrets of an owner holding ``in_hand`` cards."""
    return FACE_DOWN_BASE[card] + FACE_DOWN_PER_SECRET[card] * count + FACE_DOWN_PER_HAND[card] * in_hand


@cache
def _most_worth(cards: tuple[int, ...], count: int, in_hand: int) -> int:
    """The most any of ``cards`` is worth face-down there (remembered: a game's deck is one of a few)."""
    return max((worth_of(card, count, in_hand) for card in cards), default=0)
