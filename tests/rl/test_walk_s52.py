"""Found by walking README.md, docs/rl.md, docs/review.md and docs/arena.md as a newcomer: bad input
answered with a bare ``TypeError``, ``ValueError``, ``KeyError`` or ``AssertionError`` (a registered id
given a keyword it does not take, an ``illegal_reward`` that is no number, ``last``/``step`` once every
agent has left, ``ismcts_bot``'s budget and seed); OpenSpiel's simultaneous Ninja Trap applying part of an
illegal joint action, or a single action at a joint node; observation types the observers do not give;
a batch cut by ``layout.unpack`` as rows; a Gymnasium reset refusing the numpy seed its own info gave, or
leaving a half-started game to step after it failed; and the documents' own words (what ``dojo arena``
prints, which bots ``dojo review`` falls back from, OpenSpiel's seeds, PettingZoo's ``max_cycles_test``)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pyspiel
import pytest
from typer.testing import CliRunner

import ninjadojo.rl.openspiel as spiel  # (importing it registers the OpenSpiel games)
from ninjadojo.cli.main import app
from ninjadojo.engine.errors import IllegalActionError, OptionError, SeatError
from ninjadojo.review.core import review_spec
from ninjadojo.rl import encoder_for, env, env_id, gym_env, parallel_env

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _squashed(text: str) -> str:
    """``text`` with every run of white space one space (a document's lines wrap anywhere)."""
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize("keyword", ["player", "target", "max_length"])
def test_a_registered_id_refuses_an_unknown_keyword_naming_the_keywords_there_are(keyword: str) -> None:
    with pytest.raises(OptionError) as error:
        gymnasium.make(env_id("ninja-trap"), **{keyword: 3})
    message = str(error.value)
    assert repr(keyword) in message
    for allowed in ("players", "options", "opponents", "seat", "seed", "render_mode", "illegal_action",
                    "illegal_reward"):
        assert allowed in message
    # The keywords there are still pass through.
    made = gymnasium.make(env_id("ninja-trap"), players=3, seat=2, options={"max_length": 50}, render_mode="ansi")
    assert made.unwrapped.table.players == 3


@pytest.mark.parametrize("value", ["x", None, True, float("nan")])
def test_gym_env_refuses_an_illegal_reward_that_is_no_number(value: object) -> None:
    with pytest.raises(OptionError, match="illegal_reward must be a number"):
        gym_env("ninja-trap", illegal_reward=value)  # type: ignore[arg-type]
    assert gym_env("ninja-trap", illegal_reward=-2).illegal_reward == -2.0


@pytest.mark.parametrize("value", ["x", None, True, float("nan")])
def test_parallel_env_refuses_an_illegal_reward_that_is_no_number(value: object) -> None:
    with pytest.raises(OptionError, match="illegal_reward must be a number"):
        parallel_env("ninja-trap", illegal_reward=value)  # type: ignore[arg-type]
    assert parallel_env("ninja-trap", illegal_reward=-2).illegal_reward == -2.0


def test_an_illegal_joint_action_of_the_simultaneous_ninja_trap_changes_nothing() -> None:
    illegal_seat = 1  # (seat 0's legal action used to be applied before seat 1's was refused)
    game = pyspiel.load_game("ninjadojo_ninja_trap_simultaneous", {"players": 2, "seed": 1})
    state = game.new_initial_state()
    legal = [state.legal_actions(player) for player in range(2)]
    illegal = next(action for action in range(game.num_distinct_actions()) if action not in legal[illegal_seat])
    joint = [legal[0][0], legal[1][0]]
    joint[illegal_seat] = illegal
    before = state.engine.to_notation()
    with pytest.raises(IllegalActionError, match=f"for seat {illegal_seat}"):
        state.apply_actions(joint)
    assert state.engine.to_notation() == before
    assert [state.legal_actions(player) for player in range(2)] == legal
    # A legal joint action afterwards is played as given, every seat's own.
    chosen = [legal[0][-1], legal[1][-1]]
    state.apply_actions(chosen)
    record = state.engine.record.actions
    assert [seat for seat, _ in record] == [0, 1]
    assert [text for _, text in record] == [state.action_to_string(seat, chosen[seat]) for seat in range(2)]


def test_the_arena_example_in_docs_arena_md_is_what_the_command_prints() -> None:
    text = (DOCS / "arena.md").read_text()
    block = text.split("$ dojo arena ninja-trap --bots heuristic,forgetful,random --games 100\n", 1)[1]
    expected = [line for line in block.split("```", 1)[0].splitlines() if line.strip()]
    result = CliRunner().invoke(app, ["arena", "ninja-trap", "--bots", "heuristic,forgetful,random",
                                      "--games", "100"])
    assert result.exit_code == 0, result.output
    printed = [_squashed(line) for line in result.stdout.splitlines()]
    for line in expected:
        if line.startswith("time:"):
            continue  # the one figure that varies
        assert _squashed(line) in printed, line


def test_docs_review_md_says_which_bots_fall_back_to_ismcts_and_which_are_refused() -> None:
    text = _squashed((DOCS / "review.md").read_text())
    assert ("A level or bot that estimates nothing (`easy`, `medium`, `hard`, or any spec of a bot that plays "
            "without a search, however it is written: `random`, `heuristic:depth=0`, `careless:mistakes=0.2`, "
            "Ninja Trap's `forgetful`) falls back to `ismcts` with 2,500 iterations") in text
    assert "a spec that names no bot of the game, or a bad parameter, is refused" in text
    for game_id, spec in [("ninja-trap", "easy"), ("ninja-trap", "medium"), ("ninja-trap", "hard"),
                          ("ninja-trap", "random"), ("ninja-trap", "heuristic"),
                          ("ninja-trap", "forgetful:forget=0.8"), ("ninjitsu", "careless"),
                          ("ninja-trap", "careless"), ("ninja-trap", "forgetful"), ("ninjitsu", "heuristic:depth=0")]:
        assert review_spec(game_id, spec) == "ismcts:iterations=2500", (game_id, spec)
    for spec in ("nobody", "forgetful:forget=2"):
        with pytest.raises(OptionError):
            review_spec("ninja-trap", spec)


def test_a_single_action_at_a_simultaneous_node_is_refused_saying_to_apply_a_joint_action() -> None:
    game = pyspiel.load_game("ninjadojo_ninja_trap_simultaneous", {"players": 2, "seed": 1})
    state = game.new_initial_state()
    assert state.is_simultaneous_node()
    action = state.legal_actions(0)[0]  # legal for seat 0: it used to be applied for seat 0 alone
    with pytest.raises(OptionError, match=r"simultaneous node .* state\.apply_actions"):
        state.apply_action(action)
    assert state.history() == []
    assert state.engine.record.actions == []
    state.apply_actions([action, state.legal_actions(1)[0]])
    assert len(state.engine.record.actions) == 2


def test_a_reset_that_an_opponents_policy_broke_leaves_nothing_to_step() -> None:
    broken = {"now": False}

    def policy(observation: dict[str, Any]) -> int:
        if broken["now"]:
            raise RuntimeError("the policy broke")
        return int(np.flatnonzero(observation["action_mask"])[0])

    env = gym_env("ninjato", players=2, opponents=policy, seat=1, seed=0)
    observation, _ = env.reset()
    broken["now"] = True
    with pytest.raises(RuntimeError, match="the policy broke"):
        env.reset()  # the opponent moves first in this game, so the policy is asked
    broken["now"] = False
    # Not an illegal action of the learner's (reward -1) in a game where it is not its turn: no episode.
    with pytest.raises(OptionError, match=r"reset\(\) the environment before stepping it"):
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    observation, _ = env.reset()
    assert env.step(int(np.flatnonzero(observation["action_mask"])[0]))[1] in (0.0, 1.0, 0.5)


def test_a_layout_cuts_a_batch_along_its_last_axis_and_refuses_a_tensor_of_another_size() -> None:
    layout = encoder_for("ninja-trap", 3).layout
    env = parallel_env("ninja-trap", players=3, seed=1)
    observations, _ = env.reset()
    batch = np.stack([observations[agent]["observation"] for agent in env.agents])
    parts = layout.unpack(batch)
    for row, agent in enumerate(env.agents):
        alone = layout.unpack(observations[agent]["observation"])
        for name, values in alone.items():
            assert np.array_equal(parts[name][row], values), (agent, name)
    assert parts["you"].shape == (3, 3)
    for wrong in (np.zeros(5, dtype=np.float32), batch.T, np.float32(0)):
        with pytest.raises(ValueError, match=f"has {layout.size} values"):
            layout.unpack(wrong)


def test_an_observation_type_other_than_the_players_own_view_is_refused() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("ninjadojo_ninja_trap", {"players": 2, "seed": 4})
    state = game.new_initial_state()
    for perfect_recall in (False, True):
        observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=perfect_recall))
        observation.set_from(state, 0)
        assert "hand" in observation.string_from(state, 0)
    for public_info, private_info in [(True, pyspiel.PrivateInfoType.NONE),
                                      (True, pyspiel.PrivateInfoType.ALL_PLAYERS),
                                      (False, pyspiel.PrivateInfoType.SINGLE_PLAYER)]:
        kind = pyspiel.IIGObservationType(public_info=public_info, perfect_recall=False, private_info=private_info)
        with pytest.raises(OptionError, match=f"not public_info={public_info}, private_info={private_info.name}"):
            make_observation(game, kind)


def test_the_simultaneous_ninja_trap_refuses_legal_actions_of_a_player_it_does_not_have() -> None:
    # (The sequential registrations never ask the Python state: pyspiel answers [] for a player not to move.)
    state = pyspiel.load_game("ninjadojo_ninja_trap_simultaneous", {"players": 2}).new_initial_state()
    assert state.legal_actions(0) and state.legal_actions(1)
    with pytest.raises(SeatError, match="no player 2 in a 2-player game; players are 0 to 1"):
        state.legal_actions(2)


def test_last_and_step_after_every_agent_has_left_say_to_reset() -> None:
    aec = env("ninja-trap", players=2, seed=3, options={"max_length": 20})
    aec.reset()
    for _agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        aec.step(None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0]))
    assert aec.agents == []
    for call in (aec.last, lambda: aec.step(None)):
        with pytest.raises(OptionError, match=r"every agent has left it .* reset\(\)"):
            call()
    aec.reset()
    assert aec.agents == ["player_0", "player_1"]


def test_docs_rl_md_says_the_largest_seed_openspiel_takes() -> None:
    assert "at most 2^31 - 1: OpenSpiel's integer parameters are 32-bit" in _squashed((DOCS / "rl.md").read_text())
    assert pyspiel.load_game("ninjadojo_ninja_trap", {"seed": 2**31 - 1}).get_parameters()["seed"] == 2**31 - 1
    with pytest.raises(RuntimeError, match="Unable to cast Python instance"):
        pyspiel.load_game("ninjadojo_ninja_trap", {"seed": 2**31})


def test_docs_rl_md_says_pettingzoos_max_cycles_test_does_not_apply() -> None:
    text = _squashed((DOCS / "rl.md").read_text())
    assert "PettingZoo's `max_cycles_test` does not apply to any game here" in text
    with pytest.raises(TypeError, match="max_cycles"):
        parallel_env("ninja-trap", max_cycles=4)  # type: ignore[call-arg]


def test_a_gym_reset_takes_the_numpy_seed_its_info_gave_and_replays_that_game() -> None:
    env = gym_env("ninja-trap", players=2, seat="random", seed=5)
    env.reset()
    observation, info = env.reset()
    again, info_again = env.reset(seed=info["game_seed"])  # a numpy.uint64
    assert info_again == info
    assert np.array_equal(again["observation"], observation["observation"])
    env.reset(seed=np.int64(3))
    with pytest.raises(OptionError, match="the seed must be a whole number"):
        env.reset(seed=True)


@pytest.mark.parametrize(("arguments", "says"), [
    ({"simulations": 0}, "the number of simulations must be at least 1, not 0"),
    ({"simulations": -3}, "the number of simulations must be at least 1, not -3"),
    ({"simulations": "10"}, "the number of simulations must be a whole number, not '10'"),
    ({"simulations": 5, "seed": -1}, "the seed of an ismcts_bot must be a whole number from 0 to 4294967295, not -1"),
    ({"simulations": 5, "seed": 2**32}, "from 0 to 4294967295, not 4294967296"),
])
def test_ismcts_bot_says_what_budget_and_seed_it_takes(arguments: dict[str, Any], says: str) -> None:
    game = pyspiel.load_game("ninjadojo_ninja_trap", {"players": 2})
    with pytest.raises(OptionError, match=re.escape(says)):
        spiel.ismcts_bot(game, **arguments)


def test_importing_the_openspiel_registration_without_openspiel_says_to_install_the_extra() -> None:
    code = "import sys; sys.modules['pyspiel'] = None; import ninjadojo.rl.openspiel"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: ninjadojo.rl.openspiel needs OpenSpiel"), last
    assert "pip install 'ninjadojo[rl]'" in last


def test_a_gym_env_whose_games_all_end_before_the_learner_says_max_length_is_why() -> None:
    env = gym_env("knights-and-ninjas", players=2, seat=1, options={"max_length": 1}, seed=1)
    with pytest.raises(OptionError, match=r"before the learner \(seat 1\) had anything to decide; the last stopped "
                                          r"at its maximum length, the option max_length=1: give a larger one"):
        env.reset()


def test_docs_arena_md_says_what_option_and_max_actions_do_and_how_the_first_line_shows_them() -> None:
    text = _squashed((DOCS / "arena.md").read_text())
    assert ("`--max-actions N` stops a game with no winner at the first action everyone sees from `N` actions on"
            in text)
    assert "(`options ghost_traps=true,max_length=60`), or `default options`" in text
    result = CliRunner().invoke(app, ["arena", "ninja-trap", "-p", "3", "--bots", "heuristic,random,forgetful",
                                      "--games", "6", "--option", "ghost_traps=true", "--max-actions", "60",
                                      "--json"])
    assert result.exit_code == 0, result.output
    assert '"max_length":60' in result.stdout.replace(" ", "")
    plain = CliRunner().invoke(app, ["arena", "ninja-trap", "-p", "3", "--bots", "heuristic,random,forgetful",
                                     "--games", "6", "--option", "ghost_traps=true", "--max-actions", "60"])
    assert plain.stdout.splitlines()[0].startswith("ninja-trap, 3 players, options ghost_traps=true,max_length=60: ")


def test_docs_rl_md_says_which_expert_levels_stop_by_the_clock() -> None:
    from ninjadojo.bots import level_of

    text = _squashed((DOCS / "rl.md").read_text())
    assert ("The `expert` level of Ninjitsu!, Of Knights and Ninjas, Ninja Trap and Ninja Camp has one "
            "(`seconds=2`, beside its iterations or samples)") in text
    timed = {game_id for game_id in ("ninjitsu", "knights-and-ninjas", "ninja-trap", "ninja-camp", "ninjato")
             if "seconds=" in (level_of(game_id, "expert") or "")}
    assert timed == {"ninjitsu", "knights-and-ninjas", "ninja-trap", "ninja-camp"}
    assert all("seconds=2" in (level_of(game_id, "expert") or "") for game_id in timed)
    # The spec the document suggests for exact replays is a spec the Gymnasium environment takes.
    gym_env("ninja-trap", opponents="lookahead:samples=128")


@pytest.mark.parametrize(("arguments", "says"), [
    (["--seat", "5"], "seat must be a seat of the 2-player game (0 to 1)"),
    (["--opponent", "nobot"], "unknown bot 'nobot' for ninja-trap"),
])
def test_the_learning_example_refuses_bad_arguments_in_one_line(arguments: list[str], says: str) -> None:
    """``examples/reinforce_vs_random.py --seat 5`` printed a traceback: it is an argument error now."""
    example = Path(__file__).resolve().parents[2] / "examples" / "reinforce_vs_random.py"
    result = subprocess.run([sys.executable, str(example), *arguments], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("reinforce_vs_random.py: error: ")
    assert says in result.stderr
