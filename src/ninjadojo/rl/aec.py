"""The PettingZoo AEC environment: every game, every seat an agent, in the order the engine asks them.

Agents are ``player_0``, ``player_1``...; ``agent_selection`` is the first seat of the engine's
``to_act()``: the seat whose turn it is, each seat of a simultaneous stage in seat order (the engine
resolves the stage when the last has chosen, so the order changes nothing), and the seat a concealed
response window asks. The environment is the referee: it knows who is asked, as the engine does, but
an agent's observation never tells it who else was asked, or that anyone was (see docs/rl.md, "What
an agent sees"). Every agent stays in the game to the end (a Ninja Trap ninja that is out simply has
nothing to decide); then every agent is terminated (truncated, for a game stopped at its maximum
length) and receives its reward (:func:`ninjadojo.rl.core.rewards`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ninjadojo.engine.errors import IllegalActionError, OptionError, quote
from ninjadojo.engine.state import GameState
from ninjadojo.rl.core import MASK, Observation, Seeds, Table, rewards
from ninjadojo.rl.layout import FLOAT

RENDER_MODES = ("human", "ansi")

T = TypeVar("T")


#: What ``last`` and ``step`` say once every agent has left the ended game (rather than a bare ``KeyError``).
_ALL_LEFT = "the game is over and every agent has left it (agents is empty): reset() the environment for another"


def unknown_agent(agent: object, agents: list[str]) -> OptionError:
    """The error for a name that is not one of the environment's ``agents``."""
    return OptionError(f"{quote(agent)} is not an agent of this game; its agents are {', '.join(agents)}")


def of_agent(by_agent: Mapping[str, T], agent: object, agents: list[str]) -> T:
    """``by_agent[agent]`` (a space, a seat), else :func:`unknown_agent`'s error (also for a name that is no
    string)."""
    try:
        return by_agent[agent]  # type: ignore[index]
    except (KeyError, TypeError):
        raise unknown_agent(agent, agents) from None


def spectator_render(game: GameState[Any] | None, render_mode: str | None) -> str | None:
    """An environment's ``render()``: the position as a spectator sees it (no hidden card), printed for
    ``human``, returned for ``ansi``; nothing without a mode or a game."""
    if render_mode is None or game is None:
        return None
    picture = game.render(None)
    if render_mode == "ansi":
        return picture
    print(picture)
    return None


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` if it is ``None`` or one of :data:`RENDER_MODES`, else an :class:`OptionError`."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise OptionError(f"render_mode must be None, 'human' or 'ansi', not {quote(render_mode)}")
    return render_mode


def observation_space(table: Table) -> spaces.Dict:
    """The observation space of a game: the tensor (bounds from its layout) and the action mask."""
    layout = table.encoder.layout
    return spaces.Dict({
        "observation": spaces.Box(low=layout.low, high=layout.high, shape=(layout.size,), dtype=FLOAT),
        "action_mask": spaces.Box(low=0, high=1, shape=(len(table.actions),), dtype=MASK),
    })


class NinjaDojoAECEnv(AECEnv):  # type: ignore[misc]
    """A game of ninjadojo as a PettingZoo AEC environment (make one with :func:`ninjadojo.rl.env`).

    ``step(action)`` takes an action id of the game's fixed action space (``state.action_space()``);
    an illegal one raises :class:`~ninjadojo.engine.errors.IllegalActionError` and changes nothing.
    ``reset(seed=s)`` plays the engine's game ``s``; ``reset()`` the next game of the sequence (see
    :class:`~ninjadojo.rl.core.Seeds`); ``reset``'s ``options`` are accepted for the API and ignored
    (a game's options fix its spaces, so they are given when the environment is made).
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4,  # noqa: RUF012
                                "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, options: Mapping[str, object] | None = None,
                 seed: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.table = table = Table(game_id, players, options)
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {**self.metadata, "name": f"ninjadojo_{table.game_id.replace('-', '_')}_v0"}
        self.possible_agents = list(table.agents)
        self.agents: list[str] = []
        self.observation_spaces = {agent: observation_space(table) for agent in table.agents}
        self.action_spaces = {agent: spaces.Discrete(len(table.actions)) for agent in table.agents}
        self._seeds = Seeds(seed)
        self.game: GameState[Any] | None = None
        #: The seed of the game being played (``dojo play --seed`` plays the same game).
        self.game_seed: int | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return of_agent(self.observation_spaces, agent, self.possible_agents)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(n)``, ``n`` the size of the game's action space."""
        return of_agent(self.action_spaces, agent, self.possible_agents)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (``seed``: that game; none: the next of the sequence)."""
        self.game_seed = self._seeds.next(seed)
        self.game = self.table.new(self.game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._select()

    def _select(self) -> None:
        """Point ``agent_selection`` at the seat that must act (the first agent once the game is over)."""
        game = self.game
        assert game is not None
        to_act = game.to_act()
        self.agent_selection = self.table.agents[to_act[0]] if to_act else self.agents[0]

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: its tensor and action mask, new arrays at each call (a caller that
        changes them in place changes nothing another call returns)."""
        # Made afresh rather than cached and copied: the fast tensor costs about what a cache lookup
        # and two copies did, and a loop observes each position once (``last()``).
        game = self.game
        if game is None:
            raise OptionError("reset() the environment before observing it")
        return self.table.observation(game, of_agent(self.table.seat_of, agent, self.possible_agents))

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (none if not ``observe``), cumulative reward, termination,
        truncation and info: PettingZoo's ``last``, with :meth:`observe` written out (a learner's loop
        calls it at every step)."""
        game = self.game
        if game is None:
            raise OptionError("reset() the environment before observing it")
        if not self.agents:
            raise OptionError(_ALL_LEFT)
        agent = self.agent_selection
        if observe:
            table = self.table
            observation: Observation | None = table.observation(game, table.seat_of[agent])
        else:
            observation = None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def step(self, action: object) -> None:
        """Apply the selected agent's action (an action id), or remove a finished agent (``None``)."""
        game = self.game
        if game is None:
            raise OptionError("reset() the environment before stepping it")
        agent = self.agent_selection
        if game.result is not None:
            # Every agent ended with the game (terminated, or truncated at the maximum length).
            if not self.agents:
                raise OptionError(_ALL_LEFT)
            self._was_dead_step(action)
            return
        table = self.table
        actions = table.actions
        if type(action) is int and 0 <= action < len(actions):
            text = actions[action]  # the usual case (Table.action_text's first test, written out)
        else:
            text = table.action_text(action, table.seat_of[agent])
        try:
            game.apply(table.seat_of[agent], text)
        except IllegalActionError as error:  # an id the mask holds 0 for: said by the id the agent gave
            raise table.masked_out(game, table.seat_of[agent], action, text, error.reason) from None
        self._cumulative_rewards[agent] = 0.0
        # Before the end the rewards dict holds zeros (reset makes it so; only the end changes it, and
        # after the end every step is a dead agent's): nothing to clear at a live step.
        result = game.result
        if result is None:
            # ``_select``, written out (this runs at every step): the first seat of ``to_act()``, which is
            # the top frame's seats while the game goes on.
            frames = game.frames
            seats = frames[-1].seats if frames else None
            self.agent_selection = table.agents[seats[0]] if seats else self.agents[0]
        else:
            scores = rewards(result, table.players)
            self.rewards = {name: scores[number] for number, name in enumerate(table.agents)}
            ended = self.truncations if result.truncated else self.terminations
            for name in self.agents:
                ended[name] = True
            self._accumulate_rewards()
            self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The position as a spectator sees it (no hidden card): printed (``human``) or returned (``ansi``)."""
        return spectator_render(self.game, self.render_mode)

    def close(self) -> None:
        """Nothing to release (the game is plain data)."""
