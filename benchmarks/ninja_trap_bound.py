"""How much of Ninja Trap is hidden information: the expert's lookahead handed the true position.

    PYTHONPATH=src .venv/bin/python benchmarks/ninja_trap_bound.py --players 2 --games 100

A bound, not a bot: the lookahead (``TrapLookahead``) is given, in place of its samples, a copy of the
true game (every hand, trap and deck), which no fair player knows. It plays in one seat against the
game's ``heuristic`` in every other, the seats rotating, and the script prints its win share with a 95%
Wilson interval every 10 games. Whatever the expert's samples miss of the hidden cards is at most the
gap between this and the expert's own share (docs/bots.md).
"""

from __future__ import annotations

import argparse
from typing import Any

from ninjadojo.bots import SeatView, make_bot
from ninjadojo.bots.ninja_trap import TrapLookahead
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class
from ninjadojo.sim import wilson_interval


class Clairvoyant(TrapLookahead):
    """The lookahead with the true position as every sample (reads the game behind the view: a bound)."""

    def _sample(self, view: SeatView, seed: int) -> GameState[Any]:
        return view._game.clone()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--samples", type=int, default=64, help="play-outs a move (the true position each time)")
    args = parser.parse_args()
    wins = 0.0
    for number in range(args.games):
        mine = number % args.players
        game = game_class("ninja-trap").new(args.players, seed=5000 + number)
        bots = {seat: Clairvoyant(seed=number, samples=args.samples) if seat == mine
                else make_bot("heuristic", "ninja-trap", 100 * number + seat) for seat in range(args.players)}
        while game.result is None:
            for seat in list(game.to_act()):
                if game.result is None and seat in game.to_act():
                    game.apply(seat, bots[seat].choose(SeatView(game, seat)))
        if mine in game.result.winners:
            wins += 1 / len(game.result.winners)
        if (number + 1) % 10 == 0 or number + 1 == args.games:
            low, high = wilson_interval(wins, number + 1)
            print(f"{number + 1} games: {wins / (number + 1):.3f} ({low:.2f}-{high:.2f})", flush=True)


if __name__ == "__main__":
    main()
