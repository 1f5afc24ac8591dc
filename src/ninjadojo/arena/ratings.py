"""Ratings of an arena's bots with openskill's Plackett-Luce model, and the interval said with each.

Each game is one rating update, in index order (deal by deal, so the pairings come interleaved): every
seat is a one-player team, ranked from the game's result, winners first (rank 0, a shared win a tie
between its winners) and everyone else tied behind (rank 1). A game with no winner (stopped at the
maximum length) says nothing about who is stronger and is left out. The model's ``tau`` (the drift of
a skill from game to game, for people who improve) is 0: a bot's strength does not change.

A spec that sits in several seats of one game (a gauntlet's field) is rated from each seat as if
they were different players with its rating, and takes the mean of their new ``mu`` and ``sigma``:
it then moves as each of several different players of equal rating would on average (checked on
made-up results: a challenger against three copies of one spec gets the same gap as against three
distinct specs of that strength).

Each rating is reported as ``mu`` with the interval ``mu ± 1.96 sigma``: the model's own belief
(about 95% under its normal prior), not a confidence interval from resampling. The updates are
online (each game moves the ratings once, in index order), so the result is an approximation that
depends a little on the order, and the size of a gap between two ratings depends on the player
count (more seats, a larger performance spread). The order is the figure to read; for how much
stronger, read the win shares, whose Wilson intervals are statistical confidence intervals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ninjadojo.arena.play import ArenaOutcome
from ninjadojo.sim.stats import Z95

#: openskill's default scale: a new player's ``mu`` and ``sigma``, and the performance spread ``beta``.
MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
#: The model's name as reports state it.
MODEL = "openskill PlackettLuce"
#: How a rating's interval is made, as reports state it.
INTERVAL = "mu ± 1.96 sigma"


@dataclass(frozen=True, slots=True)
class Rating:
    """One spec's rating: ``mu`` (the model's estimate of its skill) and ``sigma`` (its uncertainty)."""

    spec: str
    mu: float
    sigma: float
    #: The games that moved this rating (those with a winner).
    games: int

    @property
    def interval(self) -> tuple[float, float]:
        """``mu ± 1.96 sigma``."""
        return (self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma)


def game_ranks(seats: int, winners: Sequence[int]) -> list[int]:
    """Each seat's rank in a game: 0 for a winner, 1 for everyone else (lower is better).

    >>> game_ranks(4, [2])
    [1, 1, 0, 1]
    """
    return [0 if seat in winners else 1 for seat in range(seats)]


def rate(specs: Sequence[str], outcomes: Iterable[ArenaOutcome]) -> list[Rating]:
    """The rating of every spec after the games ``outcomes`` (in the order given), in the order of ``specs``."""
    # Imported here: only a run's end needs it, not every start of the command line.
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=0.0)
    state = {spec: (MU, SIGMA) for spec in specs}
    games = dict.fromkeys(specs, 0)
    for outcome in outcomes:
        if not outcome.winners:
            continue
        teams = [[model.rating(mu=state[spec][0], sigma=state[spec][1])] for spec in outcome.lineup]
        updated = model.rate(teams, ranks=[float(rank) for rank in game_ranks(len(outcome.lineup), outcome.winners)])
        changes: dict[str, list[tuple[float, float]]] = {}
        for spec, (after,) in zip(outcome.lineup, updated, strict=True):
            changes.setdefault(spec, []).append((after.mu, after.sigma))
        for spec, seats in changes.items():
            mu, _ = state[spec]
            state[spec] = (mu + sum(after_mu - mu for after_mu, _ in seats) / len(seats),
                           sum(sigma for _, sigma in seats) / len(seats))
            games[spec] += 1
    return [Rating(spec, state[spec][0], state[spec][1], games[spec]) for spec in specs]
