"""The PettingZoo environments: PettingZoo's own API and seed tests, rewards, truncation, seeds, errors."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from ninjadojo import rl
from ninjadojo.engine.errors import DojoError, IllegalActionError, OptionError
from ninjadojo.engine.rng import Rng
from ninjadojo.games import playable_games
from rl.helpers import ALL_EXPANSIONS, CASES

#: Warnings PettingZoo's checks give every environment whose observation is a dict with an action mask
#: (its own classic environments are on an allow-list that silences them), and the mask at the end of a
#: game, when no agent has anything left to decide.
EXPECTED_WARNINGS = ("Observation is not a NumPy array", "Observation space for each agent probably should be",
                     "Action mask numpy array is all zeros")


def _check_warnings(caught: list[warnings.WarningMessage]) -> None:
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected, unexpected


def _play(env: Any, seed: int, rng: Rng) -> list[tuple[Any, ...]]:
    """A whole game with random masked actions: every agent's (agent, observation, reward, ended) in turn."""
    env.reset(seed=seed)
    trajectory = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        trajectory.append((agent, observation["observation"].tobytes(), observation["action_mask"].tobytes(),
                           reward, terminated, truncated))
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal), f"{agent} must act but its mask is empty"
        env.step(int(legal[rng.randbelow(len(legal))]))
    return trajectory


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_api_test_passes(game_id: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(rl.env(game_id, players=players, seed=11), num_cycles=400)
    _check_warnings(caught)


def test_pettingzoo_api_test_passes_for_ninjitsu_with_every_expansion() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(rl.env("ninjitsu", players=3, options=ALL_EXPANSIONS, seed=2), num_cycles=400)
    _check_warnings(caught)
    seed_test(lambda: rl.env("ninjitsu", players=3, options=ALL_EXPANSIONS), num_cycles=60)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_seed_test_passes(game_id: str, players: int) -> None:
    seed_test(lambda: rl.env(game_id, players=players), num_cycles=60)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_parallel_api_test_passes_for_ninja_trap(players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(rl.parallel_env("ninja-trap", players=players, seed=5), num_cycles=400)
    _check_warnings(caught)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_seeded_reset_replays_the_game_exactly(game_id: str, players: int) -> None:
    env = rl.env(game_id, players=players)
    first = _play(env, 21, Rng(3))
    again = _play(env, 21, Rng(3))
    assert first == again
    other = _play(env, 22, Rng(3))
    assert other != first, "another seed deals another game"


def test_unseeded_resets_follow_a_sequence_repeatable_from_the_first_seed() -> None:
    env, twin = rl.env("ninjitsu", players=3, seed=40), rl.env("ninjitsu", players=3, seed=40)
    seeds = []
    for _ in range(3):
        env.reset()
        twin.reset()
        assert env.game is not None and twin.game is not None
        assert env.game.to_notation() == twin.game.to_notation()
        seeds.append(env.game_seed)
    assert seeds[0] == 40, "the first game is the engine's game of the seed given"
    assert len(set(seeds)) == 3


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_agent_selected_is_the_seat_the_engine_asks_and_rewards_come_at_the_end(game_id: str,
                                                                                    players: int) -> None:
    env = rl.env(game_id, players=players)
    env.reset(seed=8)
    rng = Rng(8)
    ended = {}
    for agent in env.agent_iter():
        game = env.game
        assert game is not None
        observation, reward, terminated, truncated, info = env.last()
        assert info == {}
        if terminated or truncated:
            ended[agent] = (reward, terminated, truncated)
            env.step(None)
            continue
        assert reward == 0, "no reward before the end"
        assert agent == f"player_{game.to_act()[0]}"
        legal = np.flatnonzero(observation["action_mask"])
        assert sorted(legal) == sorted(game.legal_action_ids(game.to_act()[0]))
        env.step(int(legal[rng.randbelow(len(legal))]))
    result = env.game.result  # type: ignore[union-attr]
    assert result is not None
    assert set(ended) == set(env.possible_agents)
    for seat, agent in enumerate(env.possible_agents):
        reward, terminated, truncated = ended[agent]
        expected = 1 / len(result.winners) if seat in result.winners else 0.0
        assert reward == pytest.approx(expected)
        assert (terminated, truncated) == (not result.truncated, result.truncated)


@pytest.mark.parametrize("game_id", playable_games())
def test_a_game_stopped_at_its_maximum_length_truncates_every_agent_with_no_reward(game_id: str) -> None:
    env = rl.env(game_id, players=2, options={"max_length": 6})
    trajectory = _play(env, 1, Rng(1))
    finals = [step for step in trajectory if step[4] or step[5]]
    assert len(finals) == 2
    for _, _, _, reward, terminated, truncated in finals:
        assert (reward, terminated, truncated) == (0.0, False, True)
    assert env.game is not None and env.game.result is not None and env.game.result.truncated


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = rl.env("ninjitsu", players=3)
    env.reset(seed=2)
    assert env.game is not None
    before = env.game.to_notation()
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    for action in (illegal, -1, 10**9, "d", 1.5, None):
        with pytest.raises(IllegalActionError):
            env.step(action)
    assert env.game.to_notation() == before
    assert env.agent_selection == "player_0"


def test_numpy_integers_are_actions() -> None:
    env = rl.env("ninja-trap", players=2)
    env.reset(seed=3)
    observation, *_ = env.last()
    env.step(np.int64(np.flatnonzero(observation["action_mask"])[0]))
    assert env.agent_selection == "player_1"


def test_an_observation_is_the_callers_own() -> None:
    env = rl.env("ninja-trap", players=2)
    env.reset(seed=3)
    first = env.observe("player_0")
    first["observation"][:] = 99
    again = env.observe("player_0")
    assert not np.array_equal(again["observation"], first["observation"])
    assert again["observation"].max() < 99


@pytest.mark.parametrize(("make", "arguments", "message"), [
    (rl.env, {"game_id": "chess"}, "unknown game"),
    (rl.env, {"game_id": "ninjitsu", "players": 7}, "players"),
    (rl.env, {"game_id": "ninjitsu", "options": {"target": 0}}, "target"),
    (rl.env, {"game_id": "ninjitsu", "seed": -1}, "seed"),
    (rl.env, {"game_id": "ninjitsu", "render_mode": "rgb_array"}, "render_mode"),
    (rl.parallel_env, {"game_id": "ninjitsu"}, "takes turns"),
    (rl.parallel_env, {"game_id": "knights-and-ninjas", "players": 4}, "takes turns"),
])
def test_bad_arguments_are_refused_with_a_clear_error(make: Any, arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(DojoError, match=message):
        make(**arguments)


def test_a_parallel_step_needs_every_asked_agent_and_checks_all_before_applying_any() -> None:
    env = rl.parallel_env("ninja-trap", players=3, seed=4)
    observations, infos = env.reset()
    assert set(observations) == set(infos) == set(env.possible_agents)
    game = env.game
    assert game is not None
    before = game.to_notation()
    legal = {agent: int(np.flatnonzero(obs["action_mask"])[0]) for agent, obs in observations.items()}
    with pytest.raises(OptionError, match="player_2 must choose"):
        env.step({"player_0": legal["player_0"], "player_1": legal["player_1"]})
    illegal = int(np.flatnonzero(observations["player_2"]["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step({**legal, "player_2": illegal})
    assert game.to_notation() == before, "a refused step applies nobody's action"
    observations, rewards, terminations, truncations, _ = env.step(legal)
    assert game.frames[-1].kind == "move", "one step is one stage: the traps are placed"
    assert rewards == dict.fromkeys(env.possible_agents, 0.0)
    assert not any(terminations.values()) and not any(truncations.values())


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_parallel_seed_test_passes_where_illegal_actions_lose(players: int) -> None:
    # Its actions are unmasked random samples: with illegal_action="lose" an illegal one ends the episode.
    parallel_seed_test(lambda: rl.parallel_env("ninja-trap", players=players, illegal_action="lose"), num_cycles=50)


def test_an_illegal_parallel_action_that_loses_ends_the_episode_for_its_agent_alone() -> None:
    env = rl.parallel_env("ninja-trap", players=3, seed=4, illegal_action="lose", illegal_reward=-2.0)
    observations, _ = env.reset()
    game = env.game
    assert game is not None
    before = game.to_notation()
    legal = {agent: int(np.flatnonzero(obs["action_mask"])[0]) for agent, obs in observations.items()}
    illegal = int(np.flatnonzero(observations["player_2"]["action_mask"] == 0)[0])
    _, rewards, terminations, truncations, infos = env.step({**legal, "player_2": illegal})
    assert rewards == {"player_0": 0.0, "player_1": 0.0, "player_2": -2.0}
    assert all(terminations.values()) and not any(truncations.values())
    assert infos["player_2"] == {"illegal_action": True} and infos["player_0"] == infos["player_1"] == {}
    assert env.agents == [] and game.to_notation() == before, "nothing of the stage was applied"
    with pytest.raises(OptionError, match="illegal_action must be"):
        rl.parallel_env("ninja-trap", players=3, illegal_action="ignore")
    # Not even an action id (out of range, None): lost alike, where raising is not asked for.
    for wrong in (10**6, None):
        observations, _ = env.reset()
        legal = {agent: int(np.flatnonzero(obs["action_mask"])[0]) for agent, obs in observations.items()}
        _, rewards, terminations, _, _ = env.step({**legal, "player_2": wrong})
        assert rewards == {"player_0": 0.0, "player_1": 0.0, "player_2": -2.0} and all(terminations.values())
    raising = rl.parallel_env("ninja-trap", players=3, seed=4)
    observations, _ = raising.reset()
    legal = {agent: int(np.flatnonzero(obs["action_mask"])[0]) for agent, obs in observations.items()}
    with pytest.raises(IllegalActionError, match="for seat 2: an action of ninja-trap is an id from 0"):
        raising.step({**legal, "player_2": 10**6})


def test_the_parallel_game_ends_with_every_agent_done_and_the_winners_rewarded() -> None:
    env = rl.parallel_env("ninja-trap", players=2, seed=9)
    observations, _ = env.reset()
    rng = Rng(9)
    while env.agents:
        actions = {}
        for agent, observation in observations.items():
            legal = np.flatnonzero(observation["action_mask"])
            actions[agent] = int(legal[rng.randbelow(len(legal))]) if len(legal) else 0
        observations, rewards, terminations, truncations, _ = env.step(actions)
    result = env.game.result  # type: ignore[union-attr]
    assert result is not None
    assert all(terminations.values()) != result.truncated and all(truncations.values()) == result.truncated
    assert rewards == {f"player_{seat}": (1.0 / len(result.winners) if seat in result.winners else 0.0)
                       for seat in range(2)}


def test_render_shows_a_spectators_picture() -> None:
    env = rl.env("ninjitsu", players=2, render_mode="ansi")
    env.reset(seed=1)
    picture = env.render()
    assert isinstance(picture, str)
    assert env.game is not None and picture == env.game.render(None)


def test_a_concealed_window_selects_the_asked_seat_and_shows_no_other_agent_who_it_is() -> None:
    """Ninjitsu!'s "any time" windows: the asked seat is ``agent_selection``; every other agent observes
    exactly what it would if another seat were asked (a twin where the window asks someone else)."""
    env = rl.env("ninjitsu", players=4, options={"expansions": "promo"})
    table = env.table
    windows = other_asked = 0
    for seed in range(12):
        env.reset(seed=seed)
        rng = Rng(seed)
        for agent in env.agent_iter():
            game = env.game
            assert game is not None
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            top = game.frames[-1]
            if top.concealed:
                windows += 1
                assert agent == f"player_{top.seats[0]}"
                for seat in range(4):
                    if seat == top.seats[0]:
                        continue
                    for twin_seed in range(3):
                        twin = game.determinize(seat, twin_seed)
                        other_asked += twin.frames[-1].seats != top.seats
                        mine, theirs = env.observe(f"player_{seat}"), table.observation(twin, seat)
                        assert np.array_equal(mine["observation"], theirs["observation"])
                        assert not mine["action_mask"].any() and not theirs["action_mask"].any()
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randbelow(len(legal))]))
    assert windows and other_asked, "windows opened, and the twins asked other seats"
