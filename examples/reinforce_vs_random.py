"""Train a learning agent against a bot (random by default) and watch its win rate rise (run by hand, not in CI).

    pip install 'ninjadojo[rl]'
    python examples/reinforce_vs_random.py                      # Ninja Trap, 2 players, a few minutes
    python examples/reinforce_vs_random.py --game ninjitsu --episodes 6000
    # is a heuristic trivially beaten? train against random, then play greedily against the heuristic
    python examples/reinforce_vs_random.py --game knights-and-ninjas --seat 1 --against heuristic

The agent is REINFORCE (Williams 1992) with a linear softmax policy over the observation tensor, written
in plain numpy (nothing to install beyond the extra): the logits of the legal actions are ``x @ W``, with
``x`` the tensor scaled into [0, 1] by the observation space's bounds; illegal actions are masked out. It
plays one seat of ``ninjadojo.rl.gym_env`` while the random bot plays the others; after each episode the
weights move along ``(return - baseline) * grad log pi`` for every decision taken. Every ``--report``
episodes it prints the win rate of its greedy policy over ``--evaluate`` fresh games, next to the
random policy's (what a seat of random bots wins), so the rise is plain to see. ``--seat`` is the seat it
learns in, ``--opponent`` the bot it trains against (``random`` by default, any bot spec), and
``--against`` the bot its greedy policy is measured against (the training opponent by default): issue
25's check that a game's heuristic is not trivially beaten is ``--against heuristic``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from gymnasium import spaces

from ninjadojo import rl
from ninjadojo.engine.errors import DojoError
from ninjadojo.rl.single import NinjaDojoGymEnv

#: One decision, as the update needs it: the features, the legal actions, their probabilities, the choice.
Step = tuple[np.ndarray, np.ndarray, np.ndarray, int]


class LinearPolicy:
    """A softmax over the legal actions with logits ``x @ W`` (``x``: the scaled observation plus a bias)."""

    def __init__(self, size: int, actions: int, low: np.ndarray, high: np.ndarray, rng: np.random.Generator) -> None:
        self.weights = np.zeros((size + 1, actions))
        self.low = low.astype(np.float64)
        self.span = np.maximum(high.astype(np.float64) - self.low, 1.0)
        self.rng = rng

    def features(self, observation: np.ndarray) -> np.ndarray:
        return np.append((observation - self.low) / self.span, 1.0)

    def probabilities(self, features: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        legal = np.flatnonzero(mask)
        logits = features @ self.weights[:, legal]
        logits -= logits.max()
        weights = np.exp(logits)
        return legal, weights / weights.sum()

    def act(self, observation: dict[str, np.ndarray], greedy: bool = False) -> tuple[int, Step]:
        features = self.features(observation["observation"])
        legal, probabilities = self.probabilities(features, observation["action_mask"])
        choice = int(np.argmax(probabilities)) if greedy else int(self.rng.choice(len(legal), p=probabilities))
        return int(legal[choice]), (features, legal, probabilities, choice)

    def update(self, steps: list[Step], advantage: float, rate: float) -> None:
        for features, legal, probabilities, choice in steps:
            gradient = -probabilities
            gradient[choice] += 1.0
            self.weights[:, legal] += rate * advantage * np.outer(features, gradient)


def play(env: NinjaDojoGymEnv, policy: LinearPolicy | None, seed: int, greedy: bool = False,
         rng: np.random.Generator | None = None) -> tuple[float, list[Step]]:
    """One episode: the learner's return and its decisions (a random learner when ``policy`` is None)."""
    observation, _ = env.reset(seed=seed)
    steps = []
    while True:
        if policy is None:
            assert rng is not None
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        else:
            action, step = policy.act(observation, greedy)
            steps.append(step)
        observation, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward), steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ninja-trap")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    parser.add_argument("--report", type=int, default=500, help="episodes between win-rate reports")
    parser.add_argument("--evaluate", type=int, default=300, help="games per win-rate report")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seat", type=int, default=0, help="the seat the learner plays")
    parser.add_argument("--opponent", default="random", help="the bot (spec or level) it trains against")
    parser.add_argument("--against", default=None, help="the bot its win rate is measured against "
                                                        "(default: --opponent)")
    args = parser.parse_args()

    try:
        env = rl.gym_env(args.game, players=args.players, opponents=args.opponent, seat=args.seat)
        judge = env if args.against in (None, args.opponent) else \
            rl.gym_env(args.game, players=args.players, opponents=args.against, seat=args.seat)
    except DojoError as error:
        parser.error(str(error))  # a bad game, player count, seat or bot: one line, status 2
    observations, actions = env.observation_space, env.action_space
    assert isinstance(observations, spaces.Dict) and isinstance(actions, spaces.Discrete)
    space = observations["observation"]
    assert isinstance(space, spaces.Box)
    rng = np.random.default_rng(args.seed)
    policy = LinearPolicy(space.shape[0], int(actions.n), space.low, space.high, rng)
    # Evaluation games have seeds of their own, the same at every report, so the figures compare.
    evaluation_seeds = [10**9 + number for number in range(args.evaluate)]

    def win_rate(learner: LinearPolicy | None) -> float:
        results = [play(judge, learner, seed, greedy=True, rng=rng)[0] for seed in evaluation_seeds]
        return float(np.mean(results))

    print(f"{args.game}, {args.players} players, the learner at seat {args.seat}, trained against "
          f"{args.opponent}, measured against {args.against or args.opponent}")
    print(f"a random player's win rate here: {win_rate(None):.1%}")
    print(f"episode {0:>6}: greedy win rate {win_rate(policy):.1%}")
    baseline = 0.0
    started = time.perf_counter()
    for episode in range(1, args.episodes + 1):
        reward, steps = play(env, policy, seed=args.seed * 10**6 + episode)
        policy.update(steps, reward - baseline, args.rate / max(1, len(steps)))
        baseline += 0.01 * (reward - baseline)
        if episode % args.report == 0:
            print(f"episode {episode:>6}: greedy win rate {win_rate(policy):.1%} "
                  f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
