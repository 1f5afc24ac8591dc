"""Every game has a Gymnasium id: ``gymnasium.make("ninjadojo/NinjaTrap-v0", ...)`` makes its environment
(with Gymnasium's own passive checker on), passes the keywords through, and plays an episode to its end."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest

from ninjadojo import rl
from ninjadojo.engine.errors import OptionError, UnknownGameError, quote
from ninjadojo.games import game_class, playable_games


def test_every_game_has_its_id() -> None:
    ids = rl.register_envs()
    assert ids == [rl.env_id(game_id) for game_id in playable_games()]
    assert rl.env_id("ninja-trap") == "ninjadojo/NinjaTrap-v0"
    assert rl.env_id("knights-and-ninjas") == "ninjadojo/KnightsAndNinjas-v0"
    assert all(name in gymnasium.registry for name in ids)
    assert rl.register_envs() == ids  # registering again changes nothing


@pytest.mark.parametrize("game_id", playable_games())
def test_make_plays_an_episode_with_gymnasiums_checker_silent(game_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the passive checker warns of any breach of the Env API
        env = gymnasium.make(rl.env_id(game_id), players=3, opponents="random", seat=2)
        assert env.spec is not None and env.spec.id == rl.env_id(game_id)
        assert env.metadata["render_fps"] > 0
        observation, _ = env.reset(seed=4)
        rng = np.random.default_rng(4)
        for _ in range(5000):
            assert env.observation_space.contains(observation)
            observation, reward, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            if terminated or truncated:
                break
        else:
            pytest.fail("the episode did not end")
    assert env.unwrapped.seat == 2  # type: ignore[attr-defined]
    assert -1.0 <= float(reward) <= 1.0
    env.close()


def test_a_bad_keyword_through_make_is_the_environments_clear_error() -> None:
    with pytest.raises(OptionError, match="seat must be a seat"):
        gymnasium.make(rl.env_id("ninja-trap"), players=2, seat=5)


def test_an_id_makes_its_own_game_and_refuses_another_game_id() -> None:
    assert gymnasium.make("ninjadojo/NinjaTrap-v0", players=2).unwrapped.table.game_id == "ninja-trap"
    assert gymnasium.make("ninjadojo/NinjaTrap-v0", game_id="ninja-trap").unwrapped.table.game_id == "ninja-trap"
    with pytest.raises(OptionError, match="makes that game's environment, not 'ninjato'"):
        gymnasium.make("ninjadojo/Ninjitsu-v0", game_id="ninjato")


def test_every_environment_says_its_render_fps() -> None:
    assert rl.env("ninja-trap").metadata["render_fps"] == rl.parallel_env("ninja-trap").metadata["render_fps"] == 4


@pytest.mark.parametrize(("spelling", "game_id"), [
    ("ninjatrap", "ninja-trap"), ("Ninja Trap", "ninja-trap"), ("ninja_trap", "ninja-trap"),
    ("NinjaTrap", "ninja-trap"),
    ("Ninjitsu!", "ninjitsu"), ("Of Knights and Ninjas", "knights-and-ninjas"),
    ("ninjadojo/NinjaCamp-v0", "ninja-camp"),
])
def test_env_id_takes_an_obvious_spelling_of_a_game_s_id_or_title(spelling: str, game_id: str) -> None:
    """Before, ``env_id("ninjatrap")`` made ``ninjadojo/Ninjatrap-v0``, which ``gymnasium.make`` refused."""
    assert rl.env_id(spelling) == rl.env_id(game_id)
    assert gymnasium.make(rl.env_id(spelling)).spec.id == rl.env_id(game_id)  # type: ignore[union-attr]


@pytest.mark.parametrize("wrong", ["ninja", "nosuch", "", None])
def test_env_id_of_no_game_names_the_games_there_are(wrong: object) -> None:
    with pytest.raises(UnknownGameError) as caught:
        rl.env_id(wrong)  # type: ignore[arg-type]
    message = str(caught.value)
    assert message.startswith(f"unknown game {quote(wrong)}")
    assert all(game_id in message and game_class(game_id).SPEC.title in message for game_id in playable_games())
