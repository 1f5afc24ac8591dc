"""The engine's random-playout speed per game, against a pure-Python ceiling measured in the same run.

    .venv/bin/python benchmarks/engine_speed.py                      # this build, 3 s per game, 3 rounds
    .venv/bin/python benchmarks/engine_speed.py --base /path/to/old  # and an older checkout, alternately
    .venv/bin/python benchmarks/engine_speed.py --profile ninjitsu   # where one game's action time goes

Every figure is random legal actions per second on one core, the loop every driver runs
(``to_act()[0]``, ``legal_actions``, ``apply`` of an action chosen by the engine's own generator),
game set-up included, through the public API (``ninjadojo.api.new_game``).

**The ceiling** is a minimal card game written straight in Python behind the same generic API
(``to_act``, ``legal_actions``, ``apply``, ``result``), played by the same loop with nothing of the engine:
each seat holds ten cards; in turn each plays one to the trick; the highest card takes it; the most
tricks win. It is about the fastest a pure-Python game can answer that loop on this machine and
interpreter, so a game's **ratio** (its rate over the ceiling's, both measured in the same round)
compares builds and machines fairly: load on a shared machine slows both alike. The ceiling's game,
generator and loop are all in this file (its own SplitMix64, written as fast as Python allows, and its
own copy of the playout loop), so that it is the same yardstick for every build measured: a change to
the engine's generator or loop moves the games' rates, never the ceiling's.

Each round measures the ceiling and every game in turn, in a fresh process of this build (with ``--base``,
then of the old build, alternately); the median of the rounds is printed. Before a game is timed it is
played for a quarter of its time unmeasured, so that both builds are timed warm (the games keep
tables cached on first use, as a long simulation has them), and neither gains from an earlier round.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

#: (label, game id, players, options) of every measured game.
GAMES: tuple[tuple[str, str, int, dict[str, object]], ...] = (
    ("Ninjitsu! (base), 4", "ninjitsu", 4, {}),
    ("Ninjitsu! (all five expansions), 4", "ninjitsu", 4,
     {"expansions": "promo,magic,sabotage,elements,weather"}),
    ("Ninja Trap, 4", "ninja-trap", 4, {}),
    ("Of Knights and Ninjas, 4", "knights-and-ninjas", 4, {}),
    ("Ninjato, 4", "ninjato", 4, {}),
    ("Ninja Camp, 3", "ninja-camp", 3, {}),
)

#: The ratio to the ceiling issue 27 asks of each game (label: goal).
GOALS = {"Ninjitsu! (base), 4": 0.2, "Ninja Trap, 4": 0.2, "Of Knights and Ninjas, 4": 0.15, "Ninjato, 4": 0.15,
         "Ninja Camp, 3": 0.1}


_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
#: The rejection limits of small ranges, kept (as the engine's generator keeps them).
_LIMITS = tuple(_MASK64 - (_MASK64 + 1) % n if n else 0 for n in range(512))


class CeilingRng:
    """SplitMix64, the engine's generator, as the ceiling's own copy (the same stream as ``Rng(seed)``)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        z = seed & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        self.state = z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (by rejection)."""
        limit = _LIMITS[n] if n < len(_LIMITS) else _MASK64 - (_MASK64 + 1) % n
        state = self.state
        while True:
            z = state = (state + _GAMMA) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z <= limit:
                self.state = state
                return z % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]


def ceiling_playout(state: CeilingGame, rng: CeilingRng) -> int:
    """The engine's ``random_playout`` loop, copied: random legal actions to the end; the number applied."""
    applied = 0
    while state.result is None and applied < 100_000:
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.randbelow(len(actions))])
        applied += 1
    return applied


class CeilingGame:
    """The minimal card game of the ceiling (see the module docstring), with the engine's public loop API."""

    __slots__ = ("current", "hands", "num_players", "result", "rng", "taken", "trick")

    def __init__(self, players: int, seed: int) -> None:
        self.rng = rng = CeilingRng(seed)
        deck = [f"c{number}" for number in range(10 * players)]
        rng.shuffle(deck)
        self.num_players = players
        self.hands = [deck[seat * 10:seat * 10 + 10] for seat in range(players)]
        self.trick: list[tuple[int, int]] = []
        self.taken = [0] * players
        self.current = 0
        self.result: tuple[int, ...] | None = None

    def to_act(self) -> tuple[int, ...]:
        """The seat to play (none once over)."""
        return () if self.result is not None else (self.current,)

    def legal_actions(self, seat: int) -> list[str]:
        """The cards in ``seat``'s hand."""
        return list(self.hands[seat]) if seat == self.current and self.result is None else []

    def apply(self, seat: int, action: str) -> None:
        """Play a card; the last card of a trick gives it to the highest."""
        if seat != self.current or action not in self.hands[seat]:
            raise ValueError(f"seat {seat} may not play {action}")
        self.hands[seat].remove(action)
        self.trick.append((int(action[1:]), seat))
        if len(self.trick) < self.num_players:
            self.current = (seat + 1) % self.num_players
            return
        winner = max(self.trick)[1]
        self.taken[winner] += 1
        self.trick = []
        self.current = winner
        if not self.hands[winner]:
            best = max(self.taken)
            self.result = tuple(each for each in range(self.num_players) if self.taken[each] == best)


def _play(new: Any, seconds: float, base_seed: int) -> tuple[int, float]:
    """Random games from ``new(seed)`` for about ``seconds`` of process time: (actions, seconds taken).
    The engine's games are played by its loop and generator, the ceiling by its own (module docstring)."""
    from ninjadojo.engine.playout import random_playout
    from ninjadojo.engine.rng import Rng, derive_seed

    actions = games = 0
    started = time.process_time()
    while True:
        seed = derive_seed(base_seed, games)
        game = new(seed)
        if isinstance(game, CeilingGame):
            actions += ceiling_playout(game, CeilingRng(seed ^ 0xBE7C4))
        else:
            actions += random_playout(game, Rng(seed ^ 0xBE7C4))
        games += 1
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return actions, elapsed


def _rate(new: Any, seconds: float, warm: float = 0.0) -> float:
    """Random actions a second over about ``seconds`` of process time, a new game after each (after about
    ``warm`` seconds of the same play, unmeasured, on other seeds)."""
    if warm:
        _play(new, warm, 19700101)
    actions, elapsed = _play(new, seconds, 20261128)
    return actions / elapsed


def measure(seconds: float, only: str | None = None, quiet: bool = False) -> dict[str, float]:
    """One round: the ceiling, then every game (``only``: the games whose id is ``only``); ``quiet``: each
    game also with its log off (``GameState.quiet()``, what a driver that never reads the log does)."""
    from ninjadojo.api import new_game

    warm = seconds / 4
    rates = {"ceiling": _rate(lambda seed: CeilingGame(4, seed), seconds, warm)}
    for label, game_id, players, options in GAMES:
        if only is not None and game_id != only:
            continue
        rates[label] = _rate(lambda seed, g=game_id, p=players, o=options: new_game(g, p, o, seed), seconds, warm)
        if quiet:
            rates[f"{label}, no log"] = _rate(
                lambda seed, g=game_id, p=players, o=options: new_game(g, p, o, seed).quiet(), seconds, warm)
    return rates


#: This checkout (the build measured as "now").
HERE = Path(__file__).resolve().parent.parent


def _round_in(checkout: Path, seconds: float, only: str | None, quiet: bool = False) -> dict[str, float]:
    """One round in a fresh process of ``checkout`` (this file is run with its ``src`` on the path)."""
    env = dict(os.environ, PYTHONPATH=str(checkout / "src"))
    command = [sys.executable, __file__, "--round", "--seconds", str(seconds)]
    if only:
        command += ["--only", only]
    if quiet:
        command.append("--quiet")
    output = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    rates: dict[str, float] = json.loads(output)
    return rates


def _profile(game_id: str, seconds: float, sort: str = "tottime") -> None:
    import cProfile
    import pstats

    label, _, players, options = next(each for each in GAMES if each[1] == game_id)
    from ninjadojo.api import new_game

    profiler = cProfile.Profile()
    profiler.enable()
    _rate(lambda seed: new_game(game_id, players, options, seed), seconds)
    profiler.disable()
    print(f"Where an action's time goes in {label} (cProfile, {seconds:g} s; internal time first):")
    pstats.Stats(profiler).sort_stats(sort).print_stats(40)


def main() -> None:
    """Parse the arguments, measure, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of process time per game and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (the median is printed)")
    parser.add_argument("--base", type=Path, help="an older checkout to measure alternately in the same run")
    parser.add_argument("--only", help="measure only this game id (and the ceiling)")
    parser.add_argument("--profile", metavar="GAME", help="profile one game's random playouts instead")
    parser.add_argument("--quiet", action="store_true",
                        help="measure each game a second time with its log off (GameState.quiet(); this build only)")
    parser.add_argument("--round", action="store_true", help=argparse.SUPPRESS)  # one round, as JSON
    args = parser.parse_args()
    if args.profile:
        _profile(args.profile, args.seconds)
        return
    if args.round:
        print(json.dumps(measure(args.seconds, args.only, args.quiet)))
        return
    now: list[dict[str, float]] = []
    before: list[dict[str, float]] = []
    for number in range(args.rounds):
        now.append(_round_in(HERE, args.seconds, args.only, args.quiet))
        if args.base:
            before.append(_round_in(args.base, args.seconds, args.only))
        print(f"round {number + 1} of {args.rounds} done", file=sys.stderr)

    def median(rounds: list[dict[str, float]], key: str) -> float | None:
        values = [each[key] for each in rounds if key in each]
        return statistics.median(values) if values else None

    def ratio(rounds: list[dict[str, float]], key: str) -> float | None:
        values = [each[key] / each["ceiling"] for each in rounds if key in each]
        return statistics.median(values) if values else None

    labels = ["ceiling"] + [label for label in now[0] if label != "ceiling"]
    head = "| game, players | " + ("before: actions/s | ratio | " if before else "") + "now: actions/s | ratio | goal |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for label in labels:
        cells = [label]
        if before:
            rate, share = median(before, label), ratio(before, label)
            cells += [f"{rate:,.0f}" if rate else "-", f"{share:.3f}" if share else "-"]
        rate, share = median(now, label), ratio(now, label)
        cells += [f"{rate:,.0f}" if rate else "-", f"{share:.3f}" if share else "-"]
        goal = GOALS.get(label.removesuffix(", no log"))
        cells.append(f"{goal:.2f}" if goal else "")
        print("| " + " | ".join(cells) + " |")
    base_speed = median(now, GAMES[0][0])
    full_speed = median(now, GAMES[1][0])
    if base_speed and full_speed:
        print(f"\nNinjitsu! with all five expansions runs at {full_speed / base_speed:.2f} of its base speed "
              "(goal: at least 0.5).")


if __name__ == "__main__":
    main()
