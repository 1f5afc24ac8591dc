"""Our search against OpenSpiel's Python ISMCTS at equal time per decision, in 2-player games.

    PYTHONPATH=src .venv/bin/python benchmarks/vs_openspiel.py --game ninja-trap --games 40 --seconds 0.5
    PYTHONPATH=src .venv/bin/python benchmarks/vs_openspiel.py --game knights-and-ninjas --bot expert

Both bots search the same game through the engine's determinisations (OpenSpiel's resampler is the
engine's: :func:`ninjadojo.rl.openspiel.ismcts_bot`). Time is made equal by calibration: OpenSpiel's bot
is timed on the game's first decisions to find its simulations a second, and is then given the number of
simulations that fill ``--seconds`` a decision, corrected after every game by the ratio of the two bots'
mean times so far (a game's later decisions are cheaper than its first); ours is given ``seconds=`` the
same, with no iteration or sample limit, on top of ``--bot``'s spec (``ismcts`` or ``lookahead``). The
seats alternate game by game. Prints our win share with its 95% Wilson interval, and the mean time each
bot took a decision (so the equality can be checked).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ninjadojo.bots import SeatView, level_of, make_bot
from ninjadojo.rl import openspiel as spiel
from ninjadojo.sim import wilson_interval


def calibrate(game: pyspiel.Game, seconds: float, seed: int) -> int:
    """OpenSpiel simulations that take about ``seconds`` a decision on this machine."""
    probe = 100
    bot = spiel.ismcts_bot(game, simulations=probe, seed=seed)
    state = game.new_initial_state()
    spent, decisions = 0.0, 0
    rng = np.random.RandomState(seed)
    while not state.is_terminal() and decisions < 6:
        legal = state.legal_actions()
        if len(legal) > 1:
            started = time.perf_counter()
            action = bot.step(state)
            spent += time.perf_counter() - started
            decisions += 1
        else:
            action = rng.choice(legal)
        state.apply_action(action)
    rate = probe * decisions / max(spent, 1e-6)
    return max(10, int(rate * seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ninja-trap")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=0.5, help="time a decision for both bots")
    parser.add_argument("--bot", default="expert", help="our bot: a level or an ismcts spec (seconds= is set)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    spec = level_of(args.game, args.bot) or args.bot
    name, _, params = spec.partition(":")
    if name not in ("ismcts", "lookahead"):
        raise SystemExit(f"{args.bot} is {spec} in {args.game}: not a bot with a time budget, nothing to compare "
                         "at equal time")
    # Our bot gets the time alone as its budget: no iteration (or sample) limit.
    unlimited = "iterations=none" if name == "ismcts" else "samples=100000"
    kept = [part for part in params.split(",")
            if part and not part.startswith(("seconds=", "iterations=", "samples="))]
    ours_spec = f"{name}:" + ",".join([*kept, unlimited, f"seconds={args.seconds:g}"])
    game = pyspiel.load_game(spiel.short_name(args.game), {"players": 2, "seed": args.seed})
    simulations = calibrate(game, args.seconds, args.seed)
    print(f"{args.game}, 2 players: ours {ours_spec} against OpenSpiel ISMCTS with {simulations} simulations "
          f"(about {args.seconds:g} s a decision)", flush=True)
    wins = 0.0
    times: dict[str, list[float]] = {"ours": [], "openspiel": []}
    for index in range(args.games):
        game = pyspiel.load_game(spiel.short_name(args.game), {"players": 2, "seed": args.seed + index})
        ours_seat = index % 2
        ours = make_bot(ours_spec, args.game, args.seed + index)
        theirs = spiel.ismcts_bot(game, simulations=simulations, seed=args.seed + index)
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            started = time.perf_counter()
            if player == ours_seat:
                text = ours.choose(SeatView(state.engine, player))
                action = next(a for a in legal if state.action_to_string(player, a) == text)
                times["ours"].append(time.perf_counter() - started)
            else:
                action = theirs.step(state)
                times["openspiel"].append(time.perf_counter() - started)
            state.apply_action(action)
        if times["ours"] and times["openspiel"]:
            ratio = (sum(times["ours"]) / len(times["ours"])) / (sum(times["openspiel"]) / len(times["openspiel"]))
            simulations = max(10, int(simulations * min(2.0, max(0.5, ratio))))
        returns = state.returns()
        wins += returns[ours_seat] / max(1.0, sum(returns)) if sum(returns) else 0.0
        low, high = wilson_interval(wins, index + 1)
        print(f"game {index + 1}: ours {wins:g} of {index + 1} ({wins / (index + 1):.2f}, {low:.2f}-{high:.2f})",
              flush=True)
    mean = {side: sum(values) / max(1, len(values)) for side, values in times.items()}
    low, high = wilson_interval(wins, args.games)
    print(f"ours won {wins / args.games:.2f} ({low:.2f}-{high:.2f}) of {args.games} games (fair 0.50); "
          f"s a decision: ours {mean['ours']:.2f}, OpenSpiel {mean['openspiel']:.2f} "
          f"(its last budget: {simulations} simulations)")


if __name__ == "__main__":
    main()
