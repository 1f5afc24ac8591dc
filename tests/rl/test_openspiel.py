"""The OpenSpiel registration: game types, OpenSpiel's random-simulation test, information states from
the seat's view, the determinisation as ISMCTS's resampler and as ``resample_from_infostate`` (Python
ISMCTS plays whole games; C++ ISMCTS where pyspiel lets it), parameters, and serialisation (round trips
with the same future, pickle, clear errors on malformed text)."""

from __future__ import annotations

import base64
import os
import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import ninjadojo.rl.openspiel as spiel
from ninjadojo.engine.errors import DojoError, SaveError
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


#: Every sequential registration ISMCTS searches (imperfect information): all but Ninja Camp's.
ISMCTS_NAMES = [spiel.short_name(game_id) for game_id in HIDDEN]
#: Every registered name, the simultaneous form included.
NAMES = sorted({name for name, _, _ in SPIEL_CASES})


def _random_step(state: Any, rng: np.random.RandomState) -> None:
    """One random move: an action, or a joint action at a node of the simultaneous form."""
    if state.is_simultaneous_node():
        state.apply_actions([rng.choice(state.legal_actions(player) or [0]) for player in range(state.num_players())])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


class _ZeroEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Values every leaf 0 for everyone, with uniform priors."""

    def evaluate(self, state: Any) -> Any:
        return np.zeros(state.num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(action, 1 / len(actions)) for action in actions]


def _sampler(*draws: float) -> Any:
    values = iter(draws)
    return lambda: next(values)


def test_resample_from_infostate_is_the_engines_determinisation_seeded_by_one_draw() -> None:
    game = _load("ninjitsu", 3, seed=5)
    state = game.new_initial_state()
    rng = np.random.RandomState(5)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sample = state.resample_from_infostate(player, _sampler(0.25))
    assert str(sample) == str(spiel.resample(state, player, int(0.25 * spiel.SAMPLER_SEEDS)))
    assert sample.information_state_string(player) == state.information_state_string(player)
    assert sample.current_player() == player and sample.legal_actions() == state.legal_actions()
    other = state.resample_from_infostate(player, _sampler(0.75))
    assert str(other) != str(sample), "another draw, another deal of what the player cannot see"
    assert str(state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))) != str(state)


@pytest.mark.parametrize("draw", [1.0, -0.1, "0.5", None, True])
def test_a_sampler_that_does_not_give_a_probability_is_refused(draw: object) -> None:
    state = _load("ninja-trap", 2).new_initial_state()
    with pytest.raises(ValueError, match="probability sampler"):
        state.resample_from_infostate(0, lambda: draw)


@pytest.mark.parametrize("name", ISMCTS_NAMES)
def test_openspiels_python_ismcts_without_a_resampler_plays_a_whole_game(name: str) -> None:
    """With no resampler set, OpenSpiel's Python ISMCTS samples through ``state.resample_from_infostate``."""
    game = pyspiel.load_game(name, {"players": 2, "seed": 6})
    random_state = np.random.RandomState(6)
    # Leaves valued 0 rather than by random rollouts keep a whole game fast: what is tested is the sampling.
    bot = ismcts.ISMCTSBot(game, _ZeroEvaluator(), 2.0, 3, random_state=random_state)
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.returns() == rewards(state.engine.result, 2)


@pytest.mark.parametrize("name", ISMCTS_NAMES)
def test_openspiels_cpp_ismcts_plays_a_whole_game_where_pyspiel_lets_it(name: str) -> None:
    """OpenSpiel's C++ ISMCTS plays a whole game if pyspiel forwards ``ResampleFromInfostate`` to a Python
    state; pyspiel 2.0 does not, and then ``step_with_policy`` (which keeps the GIL, unlike ``step``)
    raises a ``SpielError`` saying so, as the documentation tells."""
    game = pyspiel.load_game(name, {"players": 2, "seed": 7})
    state = game.new_initial_state()
    while len(state.legal_actions()) == 1:
        state.apply_action(state.legal_actions()[0])
    bot = pyspiel.ISMCTSBot(7, pyspiel.RandomRolloutEvaluator(1, 7), 2.0, 3, -1,
                            pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False)
    try:
        pyspiel.State.resample_from_infostate(state, state.current_player(), pyspiel.UniformProbabilitySampler(7, 0, 1))
    except pyspiel.SpielError as error:
        assert "ResampleFromInfostate" in str(error)
        with pytest.raises(pyspiel.SpielError, match="ResampleFromInfostate"):
            bot.step_with_policy(state)
        return
    while not state.is_terminal():
        _, action = bot.step_with_policy(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_a_serialised_state_round_trips_with_the_same_future(name: str, players: int) -> None:
    game = pyspiel.load_game(name, {"players": players, "seed": players})
    game.new_initial_state().current_player()  # the game has dealt one game already
    state = game.new_initial_state()
    rng = np.random.RandomState(players)
    for _ in range(12):
        if not state.is_terminal():
            _random_step(state, rng)
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert isinstance(again, spiel.NinjaDojoState) and again.get_game() is again_game
    assert again.engine.to_notation() == state.engine.to_notation(), "the position, its random stream included"
    assert again.engine.observe(None) == state.engine.observe(None), "the log too"
    assert (again.history(), again.move_number()) == (state.history(), state.move_number())
    for player in range(players):
        assert again.information_state_string(player) == state.information_state_string(player)
    while not state.is_terminal():
        seed = rng.randint(1 << 30)
        _random_step(state, np.random.RandomState(seed))
        _random_step(again, np.random.RandomState(seed))
        assert str(again) == str(state), "the same actions lead to the same states, deals included"
    assert again.returns() == state.returns()
    assert str(again_game.new_initial_state()) == str(game.new_initial_state()), "the game deals on the same"


@pytest.mark.parametrize("game_id", playable_games())
def test_game_and_state_pickle_and_the_game_deals_on_as_before(game_id: str) -> None:
    game = _load(game_id, 2, seed=8)
    state = game.new_initial_state()
    rng = np.random.RandomState(8)
    for _ in range(5):
        _random_step(state, rng)
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.history() == state.history()
    restored = pickle.loads(pickle.dumps(game))
    assert restored.get_rng_state() == game.get_rng_state() == "1"
    assert str(restored.new_initial_state()) == str(game.new_initial_state())
    both = pickle.loads(pickle.dumps([state, state.clone()]))
    assert both[0].get_game() is both[1].get_game(), "states of one game unpickle with one game"


def test_a_state_made_but_not_looked_at_takes_its_deal_when_serialised() -> None:
    game = _load("ninja-trap", 2, seed=9)
    state = game.new_initial_state()
    again_game, again = spiel.deserialize_game_and_state(spiel.serialize_game_and_state(game, state))
    assert str(again) == str(state) == str(_load("ninja-trap", 2, seed=9).new_initial_state())
    assert again_game.get_rng_state() == game.get_rng_state() == "1"


def test_clones_and_tensor_shapes_take_no_deal() -> None:
    """OpenSpiel makes a new initial state to clone or deserialise a state (and pyspiel's own shapes to
    measure tensors): those take no game of the sequence, so the ``k``-th state played is the ``k``-th deal."""
    game = _load("ninjato", 2, seed=10)
    first = game.new_initial_state()
    for _ in range(3):
        first = first.clone()
        game.observation_tensor_shape()
        game.deserialize_state(first.serialize())
    assert game.get_rng_state() == "1"
    assert first.engine == game_class("ninjato").new(2, None, derive_seed(10, 0))
    assert game.new_initial_state().engine == game_class("ninjato").new(2, None, derive_seed(10, 1))


def test_pyspiels_own_serialisation_still_serves_its_own_games() -> None:
    game = pyspiel.load_game("kuhn_poker")
    state = game.new_initial_state()
    state.apply_action(0)
    again_game, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert (str(again_game), str(again)) == (str(game), str(state))


def _serialised() -> tuple[Any, Any, str]:
    game = _load("ninjitsu", 2, seed=11)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    return game, state, state.serialize()


def _with_fields(fields: object) -> str:
    text = _serialised()[2]
    head = text.rsplit("\n", 1)[0]
    return head + "\n__dict__=" + base64.b64encode(pickle.dumps(fields)).decode()


def _broken_engine() -> str:
    _, state, _ = _serialised()
    engine = state.engine.clone()
    engine.frames = []
    return _with_fields({"_engine": spiel._Engine(engine, state.get_game().table), "_simultaneous": False})


@pytest.mark.parametrize(("make", "says"), [
    (lambda: "not a state", "three lines"),
    (lambda: _serialised()[2].replace("history=", "history=x"), "history"),
    (lambda: _serialised()[2].replace("move_number=", "move_number=-"), "move number"),
    (lambda: _serialised()[2][:-7] + "!!!", "base64"),
    (lambda: _serialised()[2][:-12], "unpickle|base64"),
    (lambda: _with_fields(os.system), "own classes"),
    (lambda: _with_fields({"_engine": 1}), "fields are"),
    (lambda: _with_fields({"_engine": 1, "_simultaneous": False}), "not a state of"),
    (lambda: _load("ninja-trap", 2).new_initial_state().serialize(), "not a state of"),
    (_broken_engine, "impossible position|broken game"),
])
def test_a_malformed_serialised_state_is_refused_with_a_clear_error(make: Any, says: str) -> None:
    game = _load("ninjitsu", 2, seed=11)
    with pytest.raises(SaveError, match=says):
        game.deserialize_state(make())


@pytest.mark.parametrize(("edit", "says"), [
    (lambda text: text.replace("[Meta]", "[Mesa]"), "starts with"),
    (lambda text: text.replace("[State]", "[Stat]"), "sections"),
    (lambda text: text.replace("ninjadojo_ninjitsu(", "ninjadojo_ninjitsu(colour=red,"), "does not load"),
    (lambda text: text.replace("[GameRNGState]\n1", "[GameRNGState]\nmany"), "RNG state"),
    (lambda text: text.replace("history=", "history=z"), "history"),
])
def test_a_malformed_serialised_game_and_state_is_refused_with_a_clear_error(edit: Any, says: str) -> None:
    game, state, _ = _serialised()
    text = pyspiel.serialize_game_and_state(game, state)
    with pytest.raises(SaveError, match=says):
        pyspiel.deserialize_game_and_state(edit(text))


def test_openspiels_cpp_mcts_searches_ninja_camp_through_mcts_search() -> None:
    """``MCTSBot.step`` releases the GIL and crashes on a Python game; ``mcts_search`` keeps it."""
    game = _load("ninja-camp", 2, seed=12)
    state = game.new_initial_state()
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 12), 2.0, 10, 100, False, 12, False)
    assert bot.mcts_search(state).best_child().action in state.legal_actions()


def test_openspiels_rl_environment_serialises_our_states_through_pyspiel() -> None:
    """OpenSpiel's environment with ``include_full_state`` calls ``pyspiel.serialize_game_and_state``."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(_load("ninja-trap", 2, seed=13), include_full_state=True)
    step = env.reset()
    step = env.step([step.observations["legal_actions"][step.observations["current_player"]][0]])
    _, state = pyspiel.deserialize_game_and_state(step.observations["serialized_state"])
    assert str(state) == str(env.get_state) and state.history() == env.get_state.history()


@pytest.mark.parametrize(("game_id", "players"), [("ninja-trap", 2), ("ninja-trap", 3), ("knights-and-ninjas", 3)])
def test_a_resample_for_a_player_not_to_act_keeps_its_own_choice_and_whose_turn_it_is(game_id: str,
                                                                                       players: int) -> None:
    """Any player may be resampled (not only the one to act, as OpenSpiel's ISMCTS does): one who has
    already chosen in a stage chosen at once keeps its choice, and the sample has the game's player to act."""
    game = _load(game_id, players, seed=6)
    state = game.new_initial_state()
    rng = np.random.RandomState(6)
    seeds = Rng(6)
    checked = 0
    while not state.is_terminal() and checked < 200:
        for player in range(players):
            sample = spiel.resample(state, player, seeds.next_u64())
            assert sample.current_player() == state.current_player()
            assert sample.information_state_string(player) == state.information_state_string(player)
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked >= 100


@pytest.mark.parametrize("name", ["ninjadojo_ninja_trap", "ninjadojo_ninjitsu", "ninjadojo_knights_and_ninjas"])
def test_an_illegal_action_with_the_legality_check_is_refused_saying_why_and_changes_nothing(name: str) -> None:
    """OpenSpiel's checked apply refuses an illegal id with a ``SpielError`` naming the id, the engine's reason
    and the legal ids (pyspiel's own failed with "GetRNGState unimplemented"); a legal id is applied."""
    game = pyspiel.load_game(name, {"players": 3})
    state = game.new_initial_state()
    legal = state.legal_actions()
    illegal = next(action for action in range(game.num_distinct_actions()) if action not in legal)
    before = state.serialize()
    for bad in (illegal, game.num_distinct_actions(), -1):
        with pytest.raises(pyspiel.SpielError, match=rf"cannot apply action {bad}: .*legal ids now: {legal[0]}, "):
            state.apply_action_with_legality_check(bad)
        assert state.serialize() == before and state.history() == []
    state.apply_action_with_legality_check(legal[0])
    assert state.history() == [legal[0]]


def test_an_illegal_joint_action_with_the_legality_checks_changes_nothing() -> None:
    game = pyspiel.load_game("ninjadojo_ninja_trap_simultaneous", {"players": 2})
    state = game.new_initial_state()
    first, second = state.legal_actions(0), state.legal_actions(1)
    illegal = next(action for action in range(game.num_distinct_actions()) if action not in second)
    with pytest.raises(pyspiel.SpielError, match=rf"player 1 cannot apply action {illegal}: illegal action"):
        state.apply_actions_with_legality_checks([first[0], illegal])
    assert state.history() == [] and state.legal_actions(0) == first
    state.apply_actions_with_legality_checks([first[0], second[0]])
    assert state.history() == [first[0], second[0]]


def test_a_checked_apply_at_a_simultaneous_node_says_to_apply_a_joint_action() -> None:
    state = pyspiel.load_game("ninjadojo_ninja_trap_simultaneous", {"players": 2}).new_initial_state()
    with pytest.raises(DojoError, match=r"this is a simultaneous node .*: apply a joint action"):
        state.apply_action_with_legality_check(state.legal_actions(0)[0])
    assert state.history() == []
