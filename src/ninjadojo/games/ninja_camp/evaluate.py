"""How a search scores a Ninja Camp position it stops short of the end (:meth:`GameState.projected_scores`).

The score is the points of the cards a seat has claimed. Three things a seat holds are worth more
points by the end:

- the cards under its ninjas, claimed when a ninja moves on or when everyone has passed (an Ambush,
  a Goat or a Flying Squirrel may still move a ninja off its card, so not quite all of it);
- while it has not passed, a share of the cards still free on the grounds (those with points, under
  no ninja): the seats still in split them, one claim a move;
- while it has not passed, its unused clan card: one more move, and often an odd one.

Each seat's projection is its points plus :data:`UNDER_NINJA` times the points under its ninjas, plus,
while it is still in, :data:`FREE_SHARE` times the free cards' points divided among the seats still
in, and :data:`CLAN_UNUSED` for a clan card not yet used. The weights are on the points' scale,
fitted by least squares on games of the heuristic bot against itself (the points a seat went on to
claim, against these three; 300 games each of 2 and 3 players, 5,500 and 11,000 positions) and
rounded to one set for every player count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninjadojo.games.ninja_camp.cards import POINTS

if TYPE_CHECKING:
    from ninjadojo.games.ninja_camp.state import NinjaCampState

#: Share of the points under a seat's ninjas it claims by the end.
UNDER_NINJA = 0.85
#: Share of a seat's even part of the free cards' points it claims by the end, while it is in.
FREE_SHARE = 0.8
#: Points an unused clan card brings, while its seat is in.
CLAN_UNUSED = 3.0


def free_points(state: NinjaCampState) -> int:
    """Points of the cards on the grounds that no ninja stands on and that score (Traps, Walls and
    Stealths, worth nothing or less, are left out)."""
    occupant = state.occupant
    return sum(POINTS[card] for square, card in enumerate(state.cells) if occupant[square] < 0 and POINTS[card] > 0)


def projected_scores(state: NinjaCampState) -> list[float]:
    """Each seat's points, plus what its ninjas stand on, its part of the free cards and its clan card
    while it has not passed (see the module docs)."""
    cells = state.cells
    points = state.points()
    still_in = [seat for seat in range(state.num_players) if state.passed_at[seat] < 0]
    share = FREE_SHARE * free_points(state) / len(still_in) if still_in else 0.0
    projected: list[float] = []
    for seat in range(state.num_players):
        value = points[seat] + UNDER_NINJA * sum(POINTS[cells[square]] for square in state.ninjas[seat])
        if state.passed_at[seat] < 0:
            value += share + (0.0 if state.clan_used[seat] else CLAN_UNUSED)
        projected.append(float(value))
    return projected
