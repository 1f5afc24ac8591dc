"""The OpenSpiel registration: game types, OpenSpiel's random-simulation test, information states from
the seat's view, the determinisation as ISMCTS's resampler, and parameters."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import ninjadojo.rl.openspiel as spiel
from ninjadojo.engine.errors import DojoError
from ninjadojo.engine.rng import Rng, derive_seed
from ninjadojo.games import game_class, playable_games
from ninjadojo.rl.core import Table, rewards

#: Every registered OpenSpiel name at every player count of its game.
SPIEL_CASES = [
    (name, game_id, players)
    for game_id in playable_games()
    for name in ([spiel.short_name(game_id), spiel.short_name(game_id, True)] if game_id in spiel.SIMULTANEOUS_GAMES
                 else [spiel.short_name(game_id)])
    for players in range(game_class(game_id).SPEC.min_players, game_class(game_id).SPEC.max_players + 1)
]
#: The slowest random simulations (long games whose every step builds every player's information state).
SLOW = {("ninjato", 4), ("knights-and-ninjas", 4), ("knights-and-ninjas", 6)}
HIDDEN = [game_id for game_id in playable_games() if game_id not in spiel.PERFECT_INFORMATION_GAMES]


def _load(game_id: str, players: int, seed: int = 0, simultaneous: bool = False) -> Any:
    return pyspiel.load_game(spiel.short_name(game_id, simultaneous), {"players": players, "seed": seed})


def test_every_game_is_registered() -> None:
    registered = set(pyspiel.registered_names())
    assert {name for name, _, _ in SPIEL_CASES} <= registered
    assert spiel.register() == spiel.GAMES, "registering again changes nothing"


@pytest.mark.parametrize("game_id", playable_games())
def test_the_game_type_says_how_the_game_is_played(game_id: str) -> None:
    game = _load(game_id, 2)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    expected = (pyspiel.GameType.Information.PERFECT_INFORMATION if game_id == "ninja-camp"
                else pyspiel.GameType.Information.IMPERFECT_INFORMATION)
    assert kind.information == expected
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    spec = game_class(game_id).SPEC
    assert (kind.min_num_players, kind.max_num_players) == (spec.min_players, spec.max_players)
    table = Table(game_id, 2, None)
    assert game.num_distinct_actions() == len(table.actions)
    assert game.observation_tensor_size() == game.information_state_tensor_size() == table.encoder.size
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)


def test_ninja_trap_is_also_registered_with_simultaneous_moves() -> None:
    game = _load("ninja-trap", 3, simultaneous=True)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    assert all(state.legal_actions(player) for player in range(3)), "every ninja places a trap in turn 1"


@pytest.mark.parametrize(("name", "game_id", "players"), [
    pytest.param(*case, marks=pytest.mark.slow) if case[1:] in SLOW else case for case in SPIEL_CASES])
def test_openspiel_random_simulation_test_passes(name: str, game_id: str, players: int) -> None:
    game = pyspiel.load_game(name, {"players": players, "seed": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", playable_games())
def test_returns_are_the_environments_rewards_and_tensors_its_observations(game_id: str) -> None:
    game = _load(game_id, 3, seed=2)
    state = game.new_initial_state()
    table = Table(game_id, 3, None)
    rng = np.random.RandomState(2)
    while not state.is_terminal():
        player = state.current_player()
        assert list(state.observation_tensor(player)) == list(table.encoder.encode(state.engine, player))
        assert state.legal_actions() == sorted(state.engine.legal_action_ids(player))
        assert state.returns() == [0.0, 0.0, 0.0]
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == rewards(state.engine.result, 3)


def test_the_kth_initial_state_is_the_engines_game_of_the_kth_derived_seed() -> None:
    game = _load("ninjitsu", 3, seed=9)
    first, second = game.new_initial_state(), game.new_initial_state()
    cls = game_class("ninjitsu")
    assert first.engine == cls.new(3, None, derive_seed(9, 0))
    assert second.engine == cls.new(3, None, derive_seed(9, 1))
    again = _load("ninjitsu", 3, seed=9).new_initial_state()
    assert str(again) == str(first)


def test_options_and_players_are_parameters_and_round_trip_through_the_game_string() -> None:
    game = pyspiel.load_game("ninjadojo_ninjitsu", {"players": 4, "options": "target=30,expansions=promo,magic"})
    options = game.new_initial_state().engine.options
    assert (options["target"], options["expansions"], game.num_players()) == (30, "promo,magic", 4)
    again = pyspiel.load_game(str(game))
    assert again.new_initial_state().engine.options == options
    assert pyspiel.load_game("ninjadojo_ninjitsu(options=target:25)").new_initial_state().engine.options["target"] == 25


@pytest.mark.parametrize("parameters", [{"players": 9}, {"options": "target=0"}, {"seed": -1},
                                        {"options": "colour=red"}])
def test_bad_parameters_are_refused_with_a_clear_error(parameters: dict[str, Any]) -> None:
    with pytest.raises(DojoError):
        pyspiel.load_game("ninjadojo_ninjitsu", parameters)


@pytest.mark.parametrize("game_id", HIDDEN)
@pytest.mark.parametrize("players", [2, 3])
def test_a_resample_is_a_state_the_player_cannot_tell_from_the_real_one(game_id: str, players: int) -> None:
    """The resampler ISMCTS is given: the same information state (and the player still to act), a different
    deal of what the player cannot see."""
    game = _load(game_id, players, seed=4)
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    seeds = Rng(4)
    differs = 0
    while not state.is_terminal():
        player = state.current_player()
        sample = spiel.resample(state, player, seeds.next_u64())
        assert sample.current_player() == player
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        differs += str(sample).split("|", 7)[7] != str(state).split("|", 7)[7]
        state.apply_action(rng.choice(state.legal_actions()))
    assert differs, "the samples redealt what the player cannot see"


@pytest.mark.parametrize("game_id", HIDDEN)
def test_openspiels_ismcts_plays_with_the_engines_determinisation(game_id: str) -> None:
    game = _load(game_id, 2, seed=1)
    bot = spiel.ismcts_bot(game, simulations=6, seed=1)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    searched = 0
    while not state.is_terminal() and searched < 3:
        if len(state.legal_actions()) > 1:
            action = bot.step(state)
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched == 3 or state.is_terminal()


def test_ismcts_searches_ninja_traps_serialised_stages() -> None:
    """In a stage serialised in seat order, the second seat's sample re-deals the first seat's hidden choice."""
    game = _load("ninja-trap", 2, seed=2)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1
    bot = spiel.ismcts_bot(game, simulations=5, seed=2)
    assert bot.step(state) in state.legal_actions()


def test_openspiels_mcts_plays_ninja_camp() -> None:
    """Ninja Camp has no hidden information: OpenSpiel's ordinary MCTS searches it."""
    game = _load("ninja-camp", 2, seed=3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(3))
    bot = mcts.MCTSBot(game, 1.4, 8, evaluator, random_state=np.random.RandomState(3))
    state = game.new_initial_state()
    action = bot.step(state)
    assert action in state.legal_actions()
