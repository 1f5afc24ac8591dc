"""Measure what ``dojo sim`` does not: the first player's edge, how often Banzai pays, and where points
come from, for Ninjato bot games. A script, not a test (pytest does not collect it):

    .venv/bin/python tests/games/ninjato/measure_ninjato.py --players 4 --games 400 --bots balanced

``--bots`` lists one bot per seat (one name for all), rotated one seat per game. Seats are not turn
order in Ninjato (the first round's order is dealt at random), so the first player's edge is the win
rate of whoever leads round 1, against the fair share 1/players. Banzai "pays" when the raider beats the
guard it turned up.
"""

from __future__ import annotations

import argparse
import math
from collections import Counter, defaultdict

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.games.ninjato import effects
from ninjadojo.games.ninjato.state import NinjatoState


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate."""
    if not games:
        return (0.0, 1.0)
    z, rate = 1.96, wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - half, centre + half)


def measure(players: int, games: int, specs: list[str], seed: int) -> None:
    """Play ``games`` games and print the figures."""
    by_order = [0.0] * players
    lengths = []
    banzai: Counter[str] = Counter()
    sources: dict[str, Counter[str]] = defaultdict(Counter)
    seat_games: Counter[str] = Counter()
    for index in range(games):
        shift = index % players
        lineup = specs[shift:] + specs[:shift]
        game = NinjatoState.new(players, seed=seed + index)
        first_order = list(game.order)
        bots = [make_bot(spec, "ninjato", seed=(seed + index) * 8 + seat) for seat, spec in enumerate(lineup)]
        called = False
        length = 0
        while not game.is_terminal:
            seat = game.to_act()[0]
            kind = game.frames[-1].kind
            action = bots[seat].choose(SeatView(game, seat))
            if kind == "fight" and called:
                banzai["paid" if action != "lose" else "failed"] += 1
                called = False
            if kind == "press" and action == "banzai":
                banzai["called"] += 1
                called = True
            if kind == "place":
                sources[lineup[seat]]["place " + (action if ":" not in action else action.split(":")[0])
                                      .rstrip("+-").rstrip("12345")] += 1
            game.apply(seat, action)
            length += 1
        lengths.append(length)
        result = game.result
        assert result is not None
        for place, seat in enumerate(first_order):
            if seat in result.winners:
                by_order[place] += 1 / len(result.winners)
        for seat in range(players):
            honour, rumors, unspent, elites = effects.final_points(game, seat)
            spec = lineup[seat]
            seat_games[spec] += 1
            share = 1 / len(result.winners) if seat in result.winners else 0.0
            sources[spec].update({"win": share, "honour": honour, "rumors": rumors, "unspent": unspent,
                                  "elites": elites, "total": result.scores[seat]})
    print(f"ninjato, {players} players, {games} games, bots {','.join(specs)} (rotated), seed {seed}")
    mean = sum(lengths) / len(lengths)
    print(f"mean length {mean:.1f} actions (min {min(lengths)}, max {max(lengths)})")
    for place, wins in enumerate(by_order):
        low, high = wilson(wins, games)
        print(f"turn-order place {place + 1} in round 1: win rate {wins / games:.3f} (95% {low:.3f}-{high:.3f}; "
              f"fair {1 / players:.3f})")
    called = banzai["called"]
    low, high = wilson(banzai["paid"], called)
    print(f"Banzai: {called / games:.1f} calls a game, {banzai['paid'] / max(called, 1):.3f} pay "
          f"(95% {low:.3f}-{high:.3f})")
    for spec, counts in sorted(sources.items()):
        count = seat_games[spec]
        print(f"{spec}: " + ", ".join(f"{key} {value / count:.2f}" for key, value in sorted(counts.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="balanced")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    specs = args.bots.split(",")
    if len(specs) == 1:
        specs *= args.players
    measure(args.players, args.games, specs, args.seed)


if __name__ == "__main__":
    main()
