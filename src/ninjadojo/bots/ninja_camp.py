"""Ninja Camp bots.

``heuristic``: one-ply lookahead. Every legal action is tried on a copy of the position (the game
hides nothing, so the seat's sample is the position itself) and scored: points already claimed, plus
part of the value of the cards under the seat's ninjas (claimed when they move on or at the end),
plus a little for keeping the clan card and for staying in the game, plus, while the seat is in, part
of its even share of the free cards' points as far as its hand can keep moving (:func:`readiness`: a
hand of Ambushes soon has to pass); less the same value of its rivals on average (a card a rival
loses counts as one the seat gains). Set-up places ninjas on rich cards in rich neighbourhoods.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ninjadojo.bots.base import Bot, SeatView
from ninjadojo.engine.state import GameState
from ninjadojo.games.ninja_camp import NinjaCampState
from ninjadojo.games.ninja_camp.cards import AMBUSH, DODGE, EVADE, LEAP, LETTERS, POINTS, SHADOW, SPRINT, STEALTH
from ninjadojo.games.ninja_camp.evaluate import free_points

#: How much a card under one of your ninjas is worth now (an opponent may still push it away).
UNDER_NINJA = 0.6
#: Staying in the game keeps future claims possible.
STAYING_IN = 1.5
#: The clan card is a one-time resource.
CLAN_KEPT = 1.0
#: How much the rivals' mean value counts against the seat's own.
RIVALS = 1.0
#: Share of a seat's even part of the free cards' points that it can hope to claim while it can move.
FUTURE = 0.5
#: How much each card in hand adds to :func:`readiness`: cards that move almost anywhere count most;
#: Leap needs an empty space in line, Shadow a rival's last play, Ambush a rival in line.
READY: tuple[float, ...] = tuple({EVADE: 0.5, DODGE: 0.5, SPRINT: 0.5, STEALTH: 0.5, LEAP: 0.3, SHADOW: 0.3,
                                  AMBUSH: 0.1}.get(kind, 0.0) for kind in range(len(LETTERS)))
#: What an unused clan card adds to :func:`readiness`.
CLAN_READY = 0.25


def _value(state: NinjaCampState, seat: int) -> float:
    """How good ``state`` is for ``seat``."""
    points = state.scores()[seat]
    if state.is_terminal:
        return points
    cells = state.cells
    value = points + UNDER_NINJA * sum(POINTS[cells[square]] for square in state.ninjas[seat])
    if state.passed_at[seat] < 0:
        clan = not state.clan_used[seat]
        value += STAYING_IN + (CLAN_KEPT if clan else 0.0)
        value += FUTURE * free_points(state) / _still_in(state) * readiness(state.hands[seat], clan)
    return value


def _still_in(state: NinjaCampState) -> int:
    return sum(1 for turn in state.passed_at if turn < 0) or 1


def readiness(hand: list[int], clan: bool) -> float:
    """From 0 to 1: how surely a hand (counts per kind) can keep moving. A seat whose cards all need a
    rival in line (Ambush) or a rival's last play (Shadow) is soon stuck and must pass for good, leaving
    the rest of the grounds to the others."""
    ready = sum(READY[kind] * count for kind, count in enumerate(hand) if count) + (CLAN_READY if clan else 0.0)
    return min(1.0, ready)


def _relative(state: NinjaCampState, seat: int) -> float:
    """``seat``'s value less the mean of its rivals': a card a rival can no longer take counts too."""
    rivals = [other for other in range(state.num_players) if other != seat]
    return _value(state, seat) - RIVALS * sum(_value(state, other) for other in rivals) / len(rivals)


class HeuristicBot(Bot):
    """Greedy one-ply player (see the module docstring)."""

    name = "heuristic"

    def choose(self, view: SeatView) -> str:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        state = _camp(view.sample(self.rng.next_u64()))
        seat = view.seat
        decision = view.decision()
        if decision is not None and decision.kind == "place":
            return self._place(state, seat, actions)
        best: list[str] = []
        best_value = float("-inf")
        for action in actions:
            after = state.clone()
            after.apply(seat, action)
            value = _relative(after, seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[self.rng.randbelow(len(best))]

    def _place(self, state: NinjaCampState, seat: int, actions: list[str]) -> str:
        """A rich card with rich neighbours."""
        cells, grid = state.cells, state.grid

        def worth(action: str) -> float:
            square = grid.index[action[1:]]
            around = sum(POINTS[cells[near]] for near in grid.king[square])
            return POINTS[cells[square]] + 0.3 * around + 0.01 * self.rng.random()

        return max(actions, key=worth)


def _camp(state: GameState[Any]) -> NinjaCampState:
    if not isinstance(state, NinjaCampState):
        raise TypeError(f"the Ninja Camp bots play ninja-camp, not {state.game_id}")
    return state


def _heuristic(seed: int = 0, **params: object) -> Bot:
    """Greedy one-ply Ninja Camp player: points claimed, cards under its ninjas, clan card kept."""
    if params:
        raise TypeError(f"the heuristic bot takes no parameters, not {', '.join(params)}")
    return HeuristicBot(seed)


BOTS: dict[str, Callable[..., Bot]] = {"heuristic": _heuristic}
