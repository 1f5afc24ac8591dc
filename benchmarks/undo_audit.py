"""Audit the engine's undo policy: does an allowed undo teach the seat anything? (issue 28, item 4)

    PYTHONPATH=src .venv/bin/python benchmarks/undo_audit.py --games 40 --worlds 200
    PYTHONPATH=src .venv/bin/python benchmarks/undo_audit.py --game ninjitsu --options expansions=promo,magic,sabotage
    PYTHONPATH=src .venv/bin/python benchmarks/undo_audit.py --game ninjitsu --option target=200 --games 0 \
        --view-at 5000

Random games (every seat picks uniformly among its legal actions). After every action the acting seat's
undo is asked for; an allowed one is checked against ``--worlds`` worlds the seat could not tell from the
real one before its action (the engine's determinisations, other seeds than any check uses): in each,
the same action must leave the seat with the very view it has, and the undo must be allowed there too
(else a refusal could tell one world from another). Prints, per game, the actions, the share of undos
allowed, and how many allowed undos taught something and how many refusals told something (both must be
0). With ``--view-at N`` it also times, in a game of N actions, a seat's view and its undo check (which the server
makes for every state it sends).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from ninjadojo.engine.errors import DojoError
from ninjadojo.engine.options import parse_option_texts
from ninjadojo.engine.rng import Rng
from ninjadojo.engine.state import GameState
from ninjadojo.games import game_class, playable_games


def teaches(before: GameState[Any], seat: int, action: str, after: GameState[Any], worlds: int,
            answers: bool = True) -> str | None:
    """How the undo answer after ``action`` (``before`` -> ``after``) could teach ``seat`` something, or
    ``None``. In the worlds the seat cannot tell from ``before``: an allowed undo teaches if in one of
    them the action is illegal, shows another view or gets another answer; a refusal tells something if
    in a world where the action shows the same view the answer differs (where the view differs, the
    action itself told the seat which world it is in, undo or not). Without ``answers`` only the views
    are compared (the measure of issue 28: the sampled check of old could not answer in a sample)."""
    reason = after.undo_check(seat)
    seen = after.observe(seat)
    for seed in range(0xA0D17, 0xA0D17 + worlds):
        world = before.determinize(seat, seed)
        try:
            world.apply(seat, action)
        except DojoError:
            if reason is None:
                return f"world {seed}: the action is not legal there"
            continue
        same = world.observe(seat) == seen
        if reason is None and not same:
            return f"world {seed}: the action shows another view"
        if answers and same and world.undo_check(seat) != reason:
            return f"world {seed}: the undo answer there is {world.undo_check(seat)!r}, not {reason!r}"
    return None


def audit(game_id: str, players: int, options: dict[str, Any], games: int, worlds: int, length: int,
          seed: int = 0, refusal_worlds: int = 10, answers: bool = True) -> dict[str, Any]:
    """Play ``games`` random games; count actions, allowed undos, allowed undos that teach (checked in
    ``worlds`` worlds each) and refusals that teach (``refusal_worlds`` worlds each; 0: not checked)."""
    cls = game_class(game_id)
    actions = allowed = taught = refusals_taught = 0
    examples: list[str] = []
    for number in range(games):
        game = cls.new(players, options, seed=seed + number)
        rng = Rng(seed + number ^ 0x5EED)
        for _ in range(length):
            if game.is_terminal:
                break
            to_act = game.to_act()
            seat = to_act[rng.randbelow(len(to_act))]
            legal = game.legal_actions(seat)
            action = legal[rng.randbelow(len(legal))]
            before = game.clone()
            game.apply(seat, action)
            actions += 1
            ok = game.undo_check(seat) is None
            allowed += ok
            why = teaches(before, seat, game.record.actions[-1][1], game, worlds if ok else refusal_worlds, answers)
            if why is not None:
                taught += ok
                refusals_taught += not ok
                if len(examples) < 5:
                    examples.append(f"game {seed + number}, {action!r} by {seat}: {why}")
    return {"actions": actions, "allowed": allowed, "taught": taught, "refusals_taught": refusals_taught,
            "examples": examples}


def long_game(game_id: str, players: int, options: dict[str, Any], target: int, seed: int = 1) -> GameState[Any]:
    """A game of ``target`` actions: random play that avoids the actions that would end it."""
    game = game_class(game_id).new(players, {**options, "max_length": target * 2}, seed=seed)
    rng = Rng(seed)
    while len(game.record.actions) < target:
        to_act = game.to_act()
        seat = to_act[rng.randbelow(len(to_act))]
        legal = game.legal_actions(seat)
        for offset in range(len(legal)):
            action = legal[(rng.randbelow(len(legal)) + offset) % len(legal)]
            trial = game.clone()
            trial.apply(seat, action)
            if not trial.is_terminal:
                break
        else:
            raise RuntimeError(f"{game_id}: every action ends the game at {len(game.record.actions)} actions")
        game.apply(seat, action)
    return game


def view_cost(game: GameState[Any], repeat: int = 5) -> tuple[float, float]:
    """Seconds to build the view, and to answer the undo check, of the seat that acted last (the seat
    whose undo the server checks hardest), each averaged over ``repeat`` times."""
    viewer = game.record.actions[-1][0]
    start = time.perf_counter()
    for _ in range(repeat):
        game.observe(viewer)
    middle = time.perf_counter()
    for _ in range(repeat):
        game.undo_check(viewer)
    return (middle - start) / repeat, (time.perf_counter() - middle) / repeat


def undo_cost(game: GameState[Any]) -> tuple[float, float] | None:
    """Seconds to take back an action the game allows to be taken back, applied next in ``game``: in a
    game that kept the position before it (a game asked about undo, as a server table with undo on), and
    in one that replays its record; ``None`` if no next action may be taken back."""
    seat = game.to_act()[0]
    for action in game.legal_actions(seat):
        kept = game.clone()
        kept.undo_check(seat)  # asked: keeps positions from now on
        kept.apply(seat, action)
        if kept.undo_check(seat) is None:
            break
    else:
        return None
    replayed = game.clone()
    replayed.apply(seat, action)
    start = time.perf_counter()
    kept.undo(seat)
    middle = time.perf_counter()
    replayed.undo(seat)
    end = time.perf_counter()
    assert kept.to_notation() == replayed.to_notation() == game.to_notation()
    return middle - start, end - middle


def main() -> None:
    """Parse the flags, audit each game, print a line per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (repeatable; default: every game)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", "--options", action="append", default=[], help="NAME=VALUE (repeatable)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--length", type=int, default=400, help="actions at most per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--refusal-worlds", type=int, default=10,
                        help="worlds each refusal is checked in (0: refusals are not checked)")
    parser.add_argument("--views-only", action="store_true",
                        help="compare only the views, not the undo answers, in the worlds (for the sampled check of "
                             "old, which cannot answer in a sample)")
    parser.add_argument("--view-at", type=int, default=0, help="also time a view + undo check at this many actions")
    args = parser.parse_args()
    for game_id in args.game or playable_games():
        options = dict(parse_option_texts(game_id, args.option))
        start = time.perf_counter()
        found = audit(game_id, args.players, options, args.games, args.worlds, args.length, args.seed,
                      args.refusal_worlds, not args.views_only)
        share = found["allowed"] / max(found["actions"], 1)
        label = game_id + ("" if not options else " " + ",".join(f"{k}={v}" for k, v in options.items()))
        print(f"{label}: {found['actions']} actions, {found['allowed']} undos allowed ({share:.1%}), "
              f"{found['taught']} taught something, {found['refusals_taught']} refusals told something "
              f"[{time.perf_counter() - start:.0f} s]")
        for line in found["examples"]:
            print("   ", line)
        if args.view_at:
            game = long_game(game_id, args.players, options, args.view_at)
            view, check = view_cost(game)
            print(f"    at {len(game.record.actions)} actions: view {view * 1000:.2f} ms + undo check "
                  f"{check * 1000:.3f} ms")
            taken = undo_cost(game)
            if taken is not None:
                print(f"    an undo there: {taken[0] * 1000:.2f} ms from the kept position, "
                      f"{taken[1] * 1000:.2f} ms by replay")


if __name__ == "__main__":
    main()
