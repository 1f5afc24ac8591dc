"""How much of a game is hidden information: a bot's search handed the true position in place of its samples.

    PYTHONPATH=src .venv/bin/python benchmarks/clairvoyant_bound.py --game ninja-trap --players 2 --games 100
    PYTHONPATH=src .venv/bin/python benchmarks/clairvoyant_bound.py --game ninjitsu --players 4 \\
        --bot ismcts:iterations=10000,depth=0,c=0.3 --games 40

A bound, not a bot: the bot (default: the game's ``expert`` level without its time limit) plays through a
view whose every sample is a copy of the true game (every hand, trap and deck: what no fair player
knows, and where a game keeps its draw pile in order, what comes next), against the game's ``heuristic``
in every other seat, the seats rotating. The script prints its win share with a 95% Wilson interval
every 10 games. What the bot's own samples miss of the hidden cards is at most the gap between this and
its share when it plays fair (docs/bots.md); a goal above this figure is out of reach of that bot.
"""

from __future__ import annotations

import argparse

from ninjadojo.bots import SeatView, TruthView, format_bot_spec, level_of, make_bot, parse_bot_spec
from ninjadojo.games import game_class
from ninjadojo.sim import wilson_interval


def without_time_limit(spec: str) -> str:
    """``spec`` without ``seconds=`` (a bound measures the budget, not the machine)."""
    name, params = parse_bot_spec(spec)
    params.pop("seconds", None)
    return format_bot_spec(name, params)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ninja-trap")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot", help="the bot given the truth (default: the game's expert, no time limit)")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (to run in parts)")
    args = parser.parse_args()
    spec = without_time_limit(args.bot or level_of(args.game, "expert") or "ismcts")
    print(f"{args.game}, {args.players} players: {spec} given the true position, against heuristic", flush=True)
    wins = 0.0
    for played, number in enumerate(range(args.first, args.first + args.games), start=1):
        mine = number % args.players
        game = game_class(args.game).new(args.players, seed=5000 + number)
        bots = {seat: make_bot(spec, args.game, number) if seat == mine
                else make_bot("heuristic", args.game, 100 * number + seat) for seat in range(args.players)}
        while game.result is None:
            for seat in list(game.to_act()):
                if game.result is None and seat in game.to_act():
                    view = TruthView(game, seat) if seat == mine else SeatView(game, seat)
                    game.apply(seat, bots[seat].choose(view))
        if mine in game.result.winners:
            wins += 1 / len(game.result.winners)
        if played % 10 == 0 or played == args.games:
            low, high = wilson_interval(wins, played)
            print(f"{played} games: {wins / played:.3f} ({low:.2f}-{high:.2f})", flush=True)


if __name__ == "__main__":
    main()
