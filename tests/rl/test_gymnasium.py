"""The Gymnasium environment: Gymnasium's own checker, bots as opponents, rewards, illegal actions, seeds."""

from __future__ import annotations

import warnings
from typing import Any

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
    assert info == {"game_seed": 6}
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
