"""How fast the environments step, against the raw engine in the same run.

``python -m ninjadojo.rl.bench [GAME] [--players N] [--seconds S]`` (default: Ninjitsu! at 4 players,
2 seconds each) plays random games five ways, each for about ``S`` seconds of wall-clock time, in
alternating slices (so that a change in the machine's load slows all alike), and prints the steps per
second of each, a second of this process's CPU time (``time.process_time``, not the wall clock: the time
other processes take the CPU from it is not counted, so a busy machine moves the rates and their ratios
much less):

- ``engine``: the engine's own loop (``to_act``, ``legal_actions``, ``apply`` a random legal action);
- ``aec``: the AEC loop a learner runs, ``env.last()`` (the observation tensor, written from the state
  by the encoder's fast path, and the action mask) then ``env.step`` of a random action among the mask's;
- ``aec (tensor from view)``: the same loop with the tensor made by the reference path, from the seat's
  view (what every step cost before the fast path);
- ``aec (view, no tensor)``: the same loop with the seat's view built but no tensor laid out from it (a
  tensor of zeros): the difference to the previous is laying the view out;
- ``aec (masks only)``: the same without any observation (``env.last(observe=False)`` and the mask
  alone), what an agent that needs no observation (a random or scripted one) costs.

The random agent of the AEC loops finds the legal ids with ``mask.view(bool).nonzero()[0].tolist()``:
numpy finds the nonzero entries of a boolean array several times faster than those of an ``int8`` one (40
us against 3 for Ninja Camp's 29,364 actions), and a list of Python ints is picked from faster than a
numpy array (no numpy scalar made); that cost is the agent's, not the environment's.

Every loop starts a new game when one ends, so game set-up is counted in each. Random choices come
from the engine's generator in every loop, so the same seed plays the same games.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ninjadojo.engine.errors import DojoError
from ninjadojo.engine.rng import Rng
from ninjadojo.games import game_class
from ninjadojo.rl.aec import NinjaDojoAECEnv
from ninjadojo.rl.core import Observation, Table
from ninjadojo.rl.encoding import seat_view


@dataclass(frozen=True, slots=True)
class Rate:
    """Steps applied in a timed run, and steps per second (of the process's CPU time: :func:`rates`)."""

    name: str
    steps: int
    seconds: float

    @property
    def per_second(self) -> float:
        """Steps per second."""
        return self.steps / self.seconds if self.seconds > 0 else 0.0


class _EngineLoop:
    """The engine's own random loop, resumable in slices."""

    name = "engine"

    def __init__(self, game_id: str, players: int, seed: int) -> None:
        self.cls = game_class(game_id)
        self.players = players
        self.seed = seed
        self.rng = Rng(seed)
        self.games = 0
        self.game: Any = None

    def run(self, seconds: float) -> int:
        """Play random actions for ``seconds``, starting new games as they end; the number played."""
        rng, game = self.rng, self.game
        clock = time.perf_counter
        end = clock() + seconds
        done = 0
        while clock() < end:
            done += 1
            if game is None or game.result is not None:
                game = self.game = self.cls.new(self.players, None, self.seed + self.games)
                self.games += 1
            seat = game.to_act()[0]
            actions = game.legal_actions(seat)
            game.apply(seat, actions[rng.randbelow(len(actions))])
        return done


class _ViewOnlyTable(Table):
    """A table whose observations build the seat's view but lay out no tensor from it (zeros instead)."""

    def observation(self, state: Any, seat: int) -> Observation:
        seat_view(state, seat)
        return {"observation": np.zeros(self.encoder.size, dtype=np.float32), "action_mask": self.mask(state, seat)}


class _ReferenceTable(Table):
    """A table whose tensors are made by the reference path, from the seat's view."""

    def observation(self, state: Any, seat: int) -> Observation:
        return {"observation": self.encoder.encode_reference(state, seat), "action_mask": self.mask(state, seat)}


#: The AEC loops: name, whether the agent observes, and the table that makes the observations.
_TABLES: dict[str, tuple[bool, type[Table]]] = {
    "aec": (True, Table),
    "aec (tensor from view)": (True, _ReferenceTable),
    "aec (view, no tensor)": (True, _ViewOnlyTable),
    "aec (masks only)": (False, Table),
}


class _AECLoop:
    """The AEC environment's random masked loop, resumable in slices."""

    def __init__(self, game_id: str, players: int, seed: int, name: str) -> None:
        self.env = NinjaDojoAECEnv(game_id, players, seed=seed)
        observe, table = _TABLES[name]
        if table is not Table:
            self.env.table = table(game_id, players, None)
        self.seed = seed
        self.observe = observe
        self.name = name
        self.rng = Rng(seed)
        self.games = 0

    def run(self, seconds: float) -> int:
        """Apply random masked actions for ``seconds``; the number applied (the dead agents' ``step(None)``
        at the end of each game are not counted)."""
        env, rng, table = self.env, self.rng, self.env.table
        clock = time.perf_counter
        end = clock() + seconds
        done = 0
        while clock() < end:
            if not env.agents:
                env.reset(seed=self.seed + self.games)
                self.games += 1
            agent = env.agent_selection
            if self.observe:
                observation, _, terminated, truncated, _ = env.last()
                mask = observation["action_mask"]
            else:
                _, _, terminated, truncated, _ = env.last(observe=False)
                assert env.game is not None
                mask = table.mask(env.game, table.seat_of[agent])
            if terminated or truncated:
                env.step(None)
                continue
            legal = mask.view(np.bool_).nonzero()[0].tolist()
            env.step(legal[rng.randbelow(len(legal))])
            done += 1
        return done


def rates(game_id: str, players: int, seconds: float, seed: int = 0, slices: int = 10,
          reference: bool = False) -> list[Rate]:
    """The steps per CPU second of the engine's loop and of the AEC loops (see the module docstring; the loop
    with the tensor from the view only with ``reference``), each run for ``seconds`` of wall-clock time in
    ``slices`` alternating slices, so that a machine whose load changes during the run slows them all
    alike."""
    loops: list[_EngineLoop | _AECLoop] = [_EngineLoop(game_id, players, seed)]
    loops += [_AECLoop(game_id, players, seed, name) for name in _TABLES
              if reference or _TABLES[name][1] is not _ReferenceTable]
    spent = [0.0] * len(loops)
    steps = [0] * len(loops)
    # The process's CPU time: on a machine shared with other work, the wall clock also counts the time the
    # others run, which falls on one slice more than another (interleaving evens out only a slow drift).
    clock = time.process_time
    for _ in range(slices):
        for number, loop in enumerate(loops):
            start = clock()
            steps[number] += loop.run(seconds / slices)
            spent[number] += clock() - start
    return [Rate(loop.name, count, time_spent) for loop, count, time_spent in zip(loops, steps, spent, strict=True)]


def main(argv: list[str] | None = None) -> None:
    """Print the five rates (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m ninjadojo.rl.bench", description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="ninjitsu",
                        help="the game id (default: ninjitsu; dojo games lists them)")
    parser.add_argument("--players", type=int, default=4, help="players (default: 4)")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="seconds each loop runs, in alternating slices (default: 2)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the first game (default: 0)")
    args = parser.parse_args(argv)
    if not args.seconds > 0:
        parser.error(f"--seconds must be above 0 (each loop runs that long), not {args.seconds:g}")
    try:
        measured = rates(args.game, args.players, args.seconds, args.seed, reference=True)
    except DojoError as error:  # an unknown game, a player count it is not for: said in one line
        parser.error(str(error))
    engine = measured[0]
    print(f"{args.game}, {args.players} players, random legal actions, {len(measured)} loops of about "
          f"{args.seconds:g} s each, in steps a second of this process's CPU time:")
    for rate in measured:
        share = rate.per_second / engine.per_second if engine.per_second else 0.0
        print(f"  {rate.name:<22} {rate.per_second:>9,.0f} steps/s  {1e6 / rate.per_second:6.1f} us/step  "
              f"({rate.steps} steps, {share:.0%} of the engine)")
    print(LEGEND)


#: What each loop is, printed under the rates (the module's docstring says more).
LEGEND = """  engine: the engine's own loop (legal actions, apply a random one); aec: a learner's PettingZoo loop, the
  observation tensor and the action mask at each step (the rate that counts); tensor from view: the same with
  the tensor made the slow reference way; view, no tensor: the seat's view built, no tensor; masks only: no
  observation at all (what a random agent costs). docs/rl.md's "Speed" section compares builds."""


if __name__ == "__main__":
    main()
