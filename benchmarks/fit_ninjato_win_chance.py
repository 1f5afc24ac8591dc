"""Fit Ninjato's win chance from the projected scores (games/ninjato/evaluate.py, :func:`win_chances`).

    PYTHONPATH=src .venv/bin/python benchmarks/fit_ninjato_win_chance.py            # 600 games a count, ~3 min
    PYTHONPATH=src .venv/bin/python benchmarks/fit_ninjato_win_chance.py --games 100 --seed 7

A review and a hint tell a player their win chance. In Ninjato the search's play-outs stop after 40 actions,
long before the end, so the chance has to be read from the projection of the final scores. This script plays
``--games`` games at 2, 3 and 4 players, each seat drawn from a mix of bots (the heuristic, its strategies,
careless and random players: a review rates players of every strength), and at every third action notes each
seat's projected margin over the best rival, how much of the game is left (the share of the shuriken still to
place) and who won in the end. It fits a logistic model, win = sigmoid(offset[players] + slope[left] x
margin), with one slope for each tenth of the game left, and prints the constants that evaluate.py holds
(``WIN_OFFSET``, ``WIN_SLOPES``), with the fit's calibration (predicted against observed, by tenths) beside
that of the search's generic reward from the scores (bots/ismcts.py ``_rewards``), which the review used before.
Deterministic for a seed.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable

from ninjadojo.api import new_game
from ninjadojo.bots import SeatView, make_bot
from ninjadojo.bots.ismcts import _rewards
from ninjadojo.engine.rng import derive_seed
from ninjadojo.games.ninjato.evaluate import WIN_BUCKETS, chances_from, game_left

#: The players a seat is drawn from (the heuristic twice as often).
LINEUP = ("heuristic", "heuristic", "careless", "careless:mistakes=0.2", "random", "attacker", "envoy", "rumor",
          "sensei", "balanced")
#: A position is noted every this many actions.
EVERY = 3

Row = tuple[int, float, list[float], list[float]]


def margins_of(scores: list[float]) -> list[float]:
    """Each seat's projected margin over the best of the others."""
    return [score - max(other for each, other in enumerate(scores) if each != seat)
            for seat, score in enumerate(scores)]


def play(players: int, games: int, seed: int) -> list[Row]:
    """``(players, left, projected scores, outcome)`` at every :data:`EVERY`-th action of ``games`` games."""
    rows: list[Row] = []
    for index in range(games):
        game_seed = derive_seed(seed, players * 100_000 + index)
        pick = random.Random(game_seed)
        lineup = [pick.choice(LINEUP) for _ in range(players)]
        game = new_game("ninjato", players, seed=game_seed).quiet()
        bots = [make_bot(spec, "ninjato", derive_seed(game_seed, seat)) for seat, spec in enumerate(lineup)]
        noted: list[tuple[float, list[float]]] = []
        count = 0
        while game.result is None:
            if count % EVERY == 0:
                noted.append((game_left(game), list(game.projected_scores())))
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].choose(SeatView(game, seat)))
            count += 1
        winners = game.result.winners
        outcome = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]
        rows.extend((players, left, scores, outcome) for left, scores in noted)
    return rows


def fit(rows: list[Row], counts: tuple[int, ...], steps: int = 40) -> tuple[dict[int, float], list[float]]:
    """The logistic model's offsets (one a player count) and slopes (one a tenth of the game left), by Newton's
    method on the log-likelihood (numpy)."""
    import numpy as np

    features, outcomes = [], []
    for players, left, scores, outcome in rows:
        margins = margins_of(scores)
        bucket = min(int(left * WIN_BUCKETS), WIN_BUCKETS - 1)
        for margin, won in zip(margins, outcome, strict=True):
            row = [0.0] * (len(counts) + WIN_BUCKETS)
            row[counts.index(players)] = 1.0
            row[len(counts) + bucket] = margin
            features.append(row)
            outcomes.append(won)
    x, y = np.array(features), np.array(outcomes)
    weights = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ weights)))
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-6 * np.eye(len(weights))
        weights += np.linalg.solve(hessian, x.T @ (y - p))
    offsets = {players: float(weights[index]) for index, players in enumerate(counts)}
    # At 2 players the offset is 0 by symmetry (each seat's margin is the other's, negated).
    return offsets, [float(each) for each in weights[len(counts):]]


def calibration(pairs: list[tuple[float, float]]) -> tuple[float, list[str]]:
    """The Brier score of ``(predicted, observed)`` pairs, and predicted against observed by tenths."""
    brier = sum((p - y) ** 2 for p, y in pairs) / len(pairs)
    lines = []
    for tenth in range(10):
        group = [(p, y) for p, y in pairs if min(int(p * 10), 9) == tenth]
        if group:
            predicted = sum(p for p, _ in group) / len(group)
            observed = sum(y for _, y in group) / len(group)
            lines.append(f"  {tenth / 10:.1f}-{(tenth + 1) / 10:.1f}: predicted {predicted:.3f}, "
                         f"observed {observed:.3f} ({len(group)} seat-positions)")
    return brier, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=600, help="games a player count (default 600)")
    parser.add_argument("--seed", type=int, default=1000, help="the base seed (default 1000)")
    args = parser.parse_args()
    counts = (2, 3, 4)
    rows = [row for players in counts for row in play(players, args.games, args.seed)]
    offsets, slopes = fit(rows, counts)
    print(f"{len(rows)} positions of {args.games} games at each of {', '.join(map(str, counts))} players")
    offset_words = ", ".join(f"{players}: {round(offset, 3) + 0.0:.3f}" for players, offset in offsets.items())
    print("WIN_OFFSET = {" + offset_words + "}")
    print("WIN_SLOPES = (" + ", ".join(f"{slope:.4f}" for slope in slopes) + ")")

    def fitted_chances(players: int, left: float, scores: list[float]) -> list[float]:
        slope = slopes[min(int(left * WIN_BUCKETS), WIN_BUCKETS - 1)]
        raw = [1.0 / (1.0 + math.exp(-(offsets[players] + slope * margin))) for margin in margins_of(scores)]
        return [each / sum(raw) for each in raw]

    def report(title: str, chances: Callable[[int, float, list[float]], list[float]]) -> None:
        pairs = [(p, y) for players, left, scores, outcome in rows
                 for p, y in zip(chances(players, left, scores), outcome, strict=True)]
        brier, lines = calibration(pairs)
        print(f"{title}: Brier score {brier:.4f} (lower is better); predicted against observed:")
        print("\n".join(lines))

    report("the fit (each count's chances scaled to add up to 1)", fitted_chances)
    # evaluate.py's constants should be the fit's (printed above); the search's generic reward is what a review
    # read before.
    report("evaluate.py's constants now", chances_from)
    report("the search's generic reward from the scores (bots/ismcts.py _rewards)",
           lambda players, left, scores: _rewards(_Projected(scores)))  # type: ignore[arg-type]


class _Projected:
    """Just enough of an unfinished position for ``_rewards``: its projected scores."""

    def __init__(self, scores: list[float]) -> None:
        self.num_players = len(scores)
        self.result = None
        self._scores = scores

    def projected_scores(self) -> list[float]:
        return self._scores


if __name__ == "__main__":
    main()
