"""What a researcher tries beyond the documented path (found by walking docs/rl.md as one): environments
copied and pickled (search over copies, workers), numpy integers where ints are asked, a learner's seat
drawn per episode, and bad input everywhere answered with an error that says what was wrong and what is
allowed, changing nothing."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest

import ninjadojo.rl.openspiel as spiel
from ninjadojo.engine.errors import IllegalActionError, OptionError
from ninjadojo.engine.rng import Rng
from ninjadojo.rl import bench, layouts
from ninjadojo.rl.envs import env, gym_env, parallel_env


def _random_step(observation: dict[str, Any], rng: Rng) -> int:
    legal = np.flatnonzero(observation["action_mask"]).tolist()
    return int(legal[rng.randbelow(len(legal))])


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
@pytest.mark.parametrize("game_id", ["ninjitsu", "ninja-trap", "ninja-camp", "knights-and-ninjas", "ninjato"])
def test_a_gymnasium_environment_copies_mid_game_and_both_go_on_alike_and_apart(game_id: str, how: str) -> None:
    """A copy taken mid-game is the same position: the same actions give both the same observations and
    rewards, and stepping the copy leaves the original where it was."""
    original = gym_env(game_id, opponents="random", seed=4)
    observation, _ = original.reset(seed=11)
    rng = Rng(2)
    for _ in range(5):
        observation, _, terminated, truncated, _ = original.step(_random_step(observation, rng))
        if terminated or truncated:
            observation, _ = original.reset(seed=12)
    twin = copy.deepcopy(original) if how == "deepcopy" else pickle.loads(pickle.dumps(original))
    assert twin.game is not original.game
    assert twin.game.to_notation() == original.game.to_notation()
    before = original.game.to_notation()
    moves = Rng(5)
    twin_rng = Rng(5)
    for _ in range(20):
        action = _random_step(observation, moves)
        assert _random_step(observation, twin_rng) == action
        mine = original.step(action)
        theirs = twin.step(action)
        assert np.array_equal(mine[0]["observation"], theirs[0]["observation"])
        assert mine[1:4] == theirs[1:4]
        observation = mine[0]
        if mine[2] or mine[3]:
            break
    assert original.game.to_notation() != before or original.game.result is not None
    # The copy moved on with the original; a third copy stepped alone leaves the original as it is.
    alone = copy.deepcopy(original)
    if original.game.result is None:
        alone.step(_random_step(observation, Rng(9)))
        assert alone.game.to_notation() != original.game.to_notation()


def test_pettingzoo_environments_copy_and_pickle() -> None:
    """The AEC and Parallel environments copy and pickle too, mid-game, into the same position."""
    aec = env("ninjitsu", 3, seed=1)
    aec.reset(seed=3)
    rng = Rng(1)
    for _ in range(6):
        observation, *_ = aec.last()
        aec.step(_random_step(observation, rng))
    for twin in (copy.deepcopy(aec), pickle.loads(pickle.dumps(aec))):
        assert twin.game.to_notation() == aec.game.to_notation()
        assert twin.agent_selection == aec.agent_selection
        assert np.array_equal(twin.last()[0]["observation"], aec.last()[0]["observation"])
    parallel = parallel_env("ninja-trap", 2, seed=1)
    parallel.reset(seed=5)
    for twin in (copy.deepcopy(parallel), pickle.loads(pickle.dumps(parallel))):
        assert twin.game.to_notation() == parallel.game.to_notation()
        assert twin.agents == parallel.agents


def test_numpy_integers_are_taken_for_players_and_seats() -> None:
    """``players=np.int64(3)`` and ``seat=np.int64(1)`` (numbers a researcher's arrays hold) are taken as the
    ints they are, in the constructor and in ``reset``'s options."""
    made = gym_env("ninjitsu", np.int64(3), seat=np.int64(1), seed=2)
    assert made.table.players == 3 and made.seat == 1 and type(made.seat) is int
    _, info = made.reset(seed=4, options={"seat": np.int32(2)})
    assert info["seat"] == 2 and made.seat == 2
    assert env("ninja-trap", np.int16(4)).table.players == 4


def test_the_learners_seat_may_be_drawn_for_one_episode() -> None:
    """``reset(options={"seat": "random"})`` draws the seat from the game's seed for that episode (as a
    ``seat="random"`` environment does for every one), the same seat for the same seed."""
    made = gym_env("ninja-trap", 4, seat=0, seed=2)
    seats = {made.reset(seed=seed, options={"seat": "random"})[1]["seat"] for seed in range(40)}
    assert seats == {0, 1, 2, 3}
    assert made.reset(seed=7, options={"seat": "random"})[1]["seat"] == \
        made.reset(seed=7, options={"seat": "random"})[1]["seat"]
    assert made.reset(seed=7)[1]["seat"] == 0, "without the option, the seat the environment was made with"


@pytest.mark.parametrize("seat", [4, -1, "north", 1.5, True])
def test_a_wrong_seat_says_which_seats_there_are(seat: object) -> None:
    made = gym_env("ninja-trap", 4, seed=2)
    with pytest.raises(OptionError, match=r"seat must be a seat of the 4-player game \(0 to 3\) or 'random'"):
        gym_env("ninja-trap", 4, seat=seat)  # type: ignore[arg-type]
    made.reset(seed=1)
    position = made.game.to_notation()
    with pytest.raises(OptionError, match=r"0 to 3"):
        made.reset(seed=2, options={"seat": seat})
    assert made.game.to_notation() == position, "a refused reset changes nothing"


def test_an_illegal_action_id_is_said_for_the_learners_seat() -> None:
    """Not an action id at all: the error (raised, or in ``info`` when it loses) names the learner's seat and
    the ids there are."""
    made = gym_env("ninja-trap", 2, seat=1, seed=2, illegal_action="raise")
    made.reset(seed=1)
    with pytest.raises(IllegalActionError) as caught:
        made.step(999)
    assert caught.value.seat == 1
    assert "seat None" not in str(caught.value) and "an id from 0 to" in str(caught.value)
    losing = gym_env("ninja-trap", 2, seat=1, seed=2)
    losing.reset(seed=1)
    *_, info = losing.step(999)
    assert "seat 1" in info["illegal_action"] and "seat None" not in info["illegal_action"]


def test_an_unknown_agent_is_named_with_the_agents_there_are() -> None:
    aec = env("ninja-trap", 2)
    with pytest.raises(OptionError, match="reset"):
        aec.last()
    aec.reset(seed=1)
    for ask in (aec.observe, aec.observation_space, aec.action_space):
        with pytest.raises(OptionError, match=r"'player_9' is not an agent of this game; its agents are "
                                              r"player_0, player_1"):
            ask("player_9")
    parallel = parallel_env("ninja-trap", 2, seed=1)
    parallel.reset(seed=2)
    position = parallel.game.to_notation()
    observations = parallel._observations()
    actions = {agent: _random_step(observations[agent], Rng(1)) for agent in parallel.agents}
    with pytest.raises(OptionError, match="'player_7' is not an agent of this game"):
        parallel.step({**actions, "player_7": 0})
    with pytest.raises(OptionError, match=r"0 is not an agent of this game; its agents are player_0, player_1"):
        parallel.step({0: actions["player_0"], 1: actions["player_1"]})
    with pytest.raises(OptionError, match=r"player_0 must choose in this stage .*the actions given are for "
                                          r"'player_1'"):
        parallel.step({"player_1": actions["player_1"]})
    assert parallel.game.to_notation() == position, "a refused step changes nothing"
    parallel.step(actions)


def test_openspiel_refuses_an_action_id_out_of_range_and_changes_nothing() -> None:
    game = pyspiel.load_game(spiel.short_name("ninja-trap"), {"players": 2, "seed": 3})
    state = game.new_initial_state()
    size = game.num_distinct_actions()
    before = str(state)
    for action in (size, 10**6, -2):
        with pytest.raises(IllegalActionError, match=rf"an id from 0 to {size - 1}"):
            state.apply_action(action)
        assert str(state) == before
    state.apply_action(state.legal_actions()[0])
    both = pyspiel.load_game(spiel.short_name("ninja-trap", True), {"players": 2, "seed": 3})
    simultaneous = both.new_initial_state()
    with pytest.raises(OptionError, match=r"one action id per player \(2\), not 1"):
        simultaneous.apply_actions([0])
    with pytest.raises(IllegalActionError, match="an id from 0 to"):
        simultaneous.apply_actions([10**6, 0])


@pytest.mark.parametrize(("name", "says"), [("ninja-camp", "perfect information"),
                                             ("ninja-trap-simultaneous", "simultaneous")])
def test_openspiels_ismcts_is_refused_for_the_games_it_cannot_search(name: str, says: str) -> None:
    game_id, simultaneous = name.removesuffix("-simultaneous"), name.endswith("-simultaneous")
    game = pyspiel.load_game(spiel.short_name(game_id, simultaneous), {"players": 2, "seed": 1})
    with pytest.raises(OptionError, match=says):
        spiel.ismcts_bot(game, simulations=10)


@pytest.mark.parametrize(("tool", "argv", "says"), [
    (bench, ["ninja-trap", "--seconds", "0"], "--seconds must be above 0"),
    (bench, ["nope"], "unknown game 'nope'; games are"),
    (bench, ["ninja-trap", "--players", "9"], "ninja-trap is for 2 to 4 players, not 9"),
    (layouts, ["nope"], "unknown game 'nope'"),
])
def test_the_command_line_tools_say_what_was_wrong_in_one_line(tool: Any, argv: list[str], says: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        tool.main(argv)
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert says in error and "Traceback" not in error


def test_an_action_id_the_mask_holds_out_is_refused_by_its_id_with_the_legal_ids() -> None:
    """An agent gives ids: the error names the id it gave (and its text), the engine's reason, and the legal
    ids with their texts, in every environment; nothing changes."""
    import re

    import numpy as np

    from ninjadojo.rl.envs import env, gym_env, parallel_env

    aec = env("ninja-trap", 2)
    aec.reset(seed=1)
    observation, *_ = aec.last()
    masked = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    legal_ids = [int(each) for each in np.flatnonzero(observation["action_mask"])]
    before = aec.game.to_notation()  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError) as caught:
        aec.step(np.int64(masked))
    said = str(caught.value)
    assert f"action id {masked} (" in said and "masked out for player_0" in said
    assert [int(each) for each in re.findall(r"(\d+) \(\w+\)", said.split("legal now: ")[1])] == legal_ids
    assert aec.game.to_notation() == before  # type: ignore[union-attr]
    parallel = parallel_env("ninja-trap", 2)
    parallel.reset(seed=1)
    with pytest.raises(IllegalActionError, match=rf"action id {masked} \(\w+\) is masked out for player_0"):
        parallel.step({agent: masked for agent in parallel.agents})
    single = gym_env("ninja-trap", 2, illegal_action="raise")
    first, _ = single.reset(seed=1)
    out = int(np.flatnonzero(first["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=rf"action id {out} \(\w+\) is masked out for player_0"):
        single.step(out)
