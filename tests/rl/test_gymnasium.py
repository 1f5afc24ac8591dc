"""The Gymnasium environment: Gymnasium's own checker, bots as opponents, rewards, illegal actions, seeds."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ninjadojo import rl
from ninjadojo.engine.errors import DojoError, IllegalActionError
from ninjadojo.engine.rng import Rng
from ninjadojo.rl.single import NinjaDojoGymEnv
from rl.helpers import ALL_EXPANSIONS, CASES


def _episode(env: NinjaDojoGymEnv, seed: int, rng: Rng) -> tuple[list[bytes], float, bool, bool, dict[str, Any]]:
    """A whole episode of random masked actions: the observations, then the last step's outcome."""
    observation, _ = env.reset(seed=seed)
    seen = [observation["observation"].tobytes()]
    while True:
        mask = env.action_masks()
        assert np.array_equal(mask, observation["action_mask"].astype(bool))
        legal = np.flatnonzero(mask)
        assert len(legal), "the learner is asked only when it has something to decide"
        observation, reward, terminated, truncated, info = env.step(int(legal[rng.randbelow(len(legal))]))
        seen.append(observation["observation"].tobytes())
        if terminated or truncated:
            return seen, float(reward), terminated, truncated, info
        assert reward == 0


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_gymnasium_check_env_passes(game_id: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(rl.gym_env(game_id, players=players, seed=3), skip_render_check=True)
    messages = {str(w.message) for w in caught}
    # Gymnasium warns that it cannot try other render modes without a registered spec; nothing else.
    assert all("render modes" in message for message in messages), messages


def test_gymnasium_check_env_passes_for_ninjitsu_with_every_expansion() -> None:
    check_env(rl.gym_env("ninjitsu", players=3, options=ALL_EXPANSIONS, seed=3), skip_render_check=True)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_an_episode_ends_with_the_learners_reward(game_id: str, players: int) -> None:
    env = rl.gym_env(game_id, players=players, seat=players - 1)
    _, reward, terminated, truncated, info = _episode(env, 5, Rng(5))
    result = env.game.result  # type: ignore[union-attr]
    assert result is not None
    seat = players - 1
    assert reward == pytest.approx(1 / len(result.winners) if seat in result.winners else 0.0)
    assert (terminated, truncated) == (not result.truncated, result.truncated)
    assert info == {"winners": list(result.winners)}


@pytest.mark.parametrize("game_id", ["ninjitsu", "ninja-trap", "knights-and-ninjas"])
def test_a_seeded_reset_replays_the_episode_with_the_same_bots(game_id: str) -> None:
    env = rl.gym_env(game_id, players=3, opponents=["random", "heuristic"], seat=1)
    first = _episode(env, 17, Rng(1))
    again = _episode(env, 17, Rng(1))
    assert first == again
    assert env.game is not None and env.game_seed == 17


def test_the_bots_play_the_other_seats_and_the_learner_acts_only_on_its_own_decisions() -> None:
    env = rl.gym_env("ninjitsu", players=4, opponents="heuristic:depth=0", seat=2)
    _, info = env.reset(seed=6)
    assert info == {"game_seed": 6, "seat": 2}
    game = env.game
    assert game is not None
    assert 2 in game.to_act()
    assert [seat for seat, _ in game.record.actions] and all(seat != 2 for seat, _ in game.record.actions)


def test_levels_are_accepted_as_opponents() -> None:
    env = rl.gym_env("ninja-trap", players=2, opponents="easy")
    env.reset(seed=1)
    assert env.specs == ["easy"]


def test_an_illegal_action_ends_the_episode_with_the_penalty_or_raises() -> None:
    env = rl.gym_env("ninjitsu", players=2, seed=2)
    observation, _ = env.reset()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "illegal action" in info["illegal_action"]
    with pytest.raises(DojoError, match="reset"):
        env.step(0)
    strict = rl.gym_env("ninjitsu", players=2, seed=2, illegal_action="raise")
    strict.reset()
    assert strict.game is not None
    before = strict.game.to_notation()
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    assert strict.game.to_notation() == before


@pytest.mark.parametrize(("arguments", "message"), [
    ({"game_id": "ninjitsu", "seat": 2}, "seat"),
    ({"game_id": "ninjitsu", "opponents": ["random", "random"]}, "opponents"),
    ({"game_id": "ninjitsu", "opponents": 5}, "opponents"),
    ({"game_id": "ninjitsu", "opponents": [3]}, "opponents"),
    ({"game_id": "ninjitsu", "opponents": "grandmaster"}, "unknown bot"),
    ({"game_id": "ninjitsu", "opponents": "ismcts:iterations=-3"}, "ismcts"),
    ({"game_id": "ninjitsu", "illegal_action": "ignore"}, "illegal_action"),
    ({"game_id": "ninjitsu", "render_mode": "rgb_array"}, "render_mode"),
])
def test_bad_arguments_are_refused_with_a_clear_error(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(DojoError, match=message):
        rl.gym_env(**arguments)


def test_render_shows_the_learners_view() -> None:
    env = rl.gym_env("ninjitsu", players=2, seat=1, render_mode="ansi")
    env.reset(seed=4)
    assert env.game is not None
    assert env.render() == env.game.render(1)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_observation_of_an_episode_lies_in_the_observation_space(game_id: str, players: int) -> None:
    options = ALL_EXPANSIONS if game_id == "ninjitsu" and players % 2 else None
    env = rl.gym_env(game_id, players=players, options=options, seat="random")
    rng = Rng(9)
    for seed in (9, 10):
        observation, _ = env.reset(seed=seed)
        steps = 0
        while True:
            assert env.observation_space.contains(observation), (game_id, players, seed, steps)
            legal = np.flatnonzero(observation["action_mask"])
            observation, _, terminated, truncated, _ = env.step(int(legal[rng.randbelow(len(legal))]))
            steps += 1
            if terminated or truncated:
                assert env.observation_space.contains(observation)
                break


def _linear_policy(size: int, actions: int, seed: int) -> Any:
    """A learner's policy: fixed random weights, the best-scoring legal action (a function of the
    observation alone, as a trained network's greedy policy is)."""
    weights = np.random.default_rng(seed).standard_normal((actions, size)).astype(np.float32)

    def policy(observation: dict[str, Any]) -> int:
        scores = weights @ observation["observation"]
        scores[observation["action_mask"] == 0] = -np.inf
        return int(np.argmax(scores))

    return policy


@pytest.mark.parametrize(("game_id", "players"), [("ninjitsu", 3), ("ninja-trap", 4), ("knights-and-ninjas", 2),
                                                  ("ninjato", 3), ("ninja-camp", 2)])
def test_self_play_the_opponents_are_the_learners_own_policy(game_id: str, players: int) -> None:
    probe = rl.gym_env(game_id, players=players)
    policy = _linear_policy(probe.observation_space["observation"].shape[0], probe.action_space.n, 1)
    calls: list[tuple[int, int]] = []

    def recorded(observation: dict[str, Any]) -> int:
        # The seat the observation belongs to (its ``you`` one-hot: the policy sees its own seat only).
        seat = int(np.argmax(observation["observation"][:players]))
        action = policy(observation)
        calls.append((seat, action))
        return action

    env = rl.gym_env(game_id, players=players, opponents=recorded, seat=1)
    for seed in (3, 4):
        calls.clear()
        observation, _ = env.reset(seed=seed)
        while True:
            observation, _, terminated, truncated, _ = env.step(policy(observation))
            if terminated or truncated:
                break
        game = env.game
        assert game is not None and game.result is not None
        theirs = [(seat, env.table.space.index[action]) for seat, action in game.record.actions if seat != 1]
        assert theirs == calls, "every opponent move is the policy's choice from that seat's observation"
        assert {seat for seat, _ in calls} == set(range(players)) - {1}


def test_a_policy_opponent_that_chooses_an_illegal_action_is_refused_clearly() -> None:
    env = rl.gym_env("ninjitsu", players=2, opponents=lambda observation: int(
        np.flatnonzero(observation["action_mask"] == 0)[0]), seat=1)
    with pytest.raises(IllegalActionError, match="policy playing seat 0"):
        env.reset(seed=1)


@pytest.mark.parametrize("given", [10**6, -1, None, "tG", 1.5])
def test_a_policy_opponent_that_gives_no_action_id_is_told_what_an_id_is(given: object) -> None:
    """A policy's answer that is no action id at all is not "masked out": the refusal says what ids are."""
    env = rl.gym_env("ninjitsu", players=2, opponents=lambda observation: given, seat=1)
    with pytest.raises(IllegalActionError, match=r"the policy playing seat 0 gave .*: an action of ninjitsu is an "
                                                 r"id from 0 to \d+") as refused:
        env.reset(seed=1)
    assert "masked out" not in str(refused.value)


def test_a_bot_object_plays_as_an_opponent_copied_and_seeded_for_each_game() -> None:
    from ninjadojo.bots import make_bot

    bot = make_bot("random", "ninja-trap", 0)
    by_object = rl.gym_env("ninja-trap", players=3, opponents=bot)
    by_spec = rl.gym_env("ninja-trap", players=3, opponents="random")
    assert _episode(by_object, 8, Rng(2)) == _episode(by_spec, 8, Rng(2))
    assert _episode(by_object, 8, Rng(2)) == _episode(by_object, 8, Rng(2))
    mixed = rl.gym_env("ninja-trap", players=3, opponents=[bot, "heuristic"])
    _episode(mixed, 8, Rng(2))
    assert mixed.specs == [None, "heuristic"]


def test_the_learners_seat_is_chosen_per_reset() -> None:
    env = rl.gym_env("ninja-trap", players=4, seat=0, seed=5)
    for seat in (2, 3, 0):
        observation, info = env.reset(options={"seat": seat})
        assert info["seat"] == env.seat == seat
        assert int(np.argmax(observation["observation"][:4])) == seat
        assert seat in env.game.to_act()  # type: ignore[union-attr]
    _, info = env.reset()
    assert info["seat"] == 0, "a chosen seat lasts one episode"
    with pytest.raises(DojoError, match="seat"):
        env.reset(options={"seat": 4})
    with pytest.raises(DojoError, match="only the option 'seat'"):
        env.reset(options={"players": 3})


def test_a_random_seat_is_drawn_per_game_from_its_seed() -> None:
    env = rl.gym_env("ninja-trap", players=4, seat="random", seed=7)
    seats = [env.reset()[1]["seat"] for _ in range(40)]
    assert set(seats) == {0, 1, 2, 3}
    again = rl.gym_env("ninja-trap", players=4, seat="random", seed=7)
    assert [again.reset()[1]["seat"] for _ in range(40)] == seats, "seeded: the same seats again"
    _, info = env.reset(seed=123)
    _, repeat = env.reset(seed=123)
    assert info == repeat
    with pytest.raises(DojoError, match="seat"):
        rl.gym_env("ninja-trap", players=4, seat="any")


def test_vector_environments_batch_every_seed_through_their_resets() -> None:
    # Seeds reach 2**64: an int info is batched as int64, which half of them overflowed at the first
    # automatic reset.
    vector = gymnasium.make_vec("ninjadojo/NinjaTrap-v0", num_envs=2, vectorization_mode="sync", players=2)
    observations, infos = vector.reset(seed=[1, 2])
    rng = np.random.default_rng(0)
    seeds = set()
    for _ in range(1500):
        actions = [int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0 for mask in observations["action_mask"]]
        observations, _, _, _, infos = vector.step(np.array(actions))
        if "game_seed" in infos:
            seeds.update(int(seed) for seed, given in zip(infos["game_seed"], infos["_game_seed"], strict=True)
                         if given)
    assert any(seed >= 2**63 for seed in seeds), "the case was met"
    assert {env.unwrapped.game_seed for env in vector.envs} <= seeds
    vector.close()
