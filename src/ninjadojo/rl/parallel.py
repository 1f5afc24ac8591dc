"""The PettingZoo Parallel environment, for a game whose decisions are simultaneous (Ninja Trap).

One ``step(actions)`` is one stage: every seat the stage asks chooses at once (the engine resolves the
stage when the last choice is in). ``actions`` must hold an action for each agent the stage asks; an
action given for an agent with nothing to decide is ignored (its mask is all zeros: a Ninja Trap ninja
alone in its room flips, the others wait). Every action is checked before any is applied, so an
illegal one raises and changes nothing; or, with ``illegal_action="lose"`` (what PettingZoo's classic
environments do, and what its ``parallel_seed_test``'s unmasked random actions need), it ends the
episode: each agent that chose an illegal action gets ``illegal_reward``, the others 0.
Observations, rewards, terminations, truncations and infos
come for every agent still in the game; at the end every agent is terminated (truncated, for a game
stopped at its maximum length) and leaves ``agents``.

A game that takes turns (one seat decides at a time) has no Parallel form here: :func:`ninjadojo.rl.
parallel_env` refuses it (use :func:`ninjadojo.rl.env`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from ninjadojo.engine.errors import IllegalActionError, OptionError, quote
from ninjadojo.engine.state import GameState
from ninjadojo.rl.aec import (
    RENDER_MODES,
    check_render_mode,
    observation_space,
    of_agent,
    spectator_render,
    unknown_agent,
)
from ninjadojo.rl.core import Observation, Seeds, Table, real_number, rewards
from ninjadojo.rl.single import check_illegal_policy

#: The games whose every decision is simultaneous, which :func:`ninjadojo.rl.parallel_env` accepts.
SIMULTANEOUS_GAMES = ("ninja-trap",)


class NinjaDojoParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A simultaneous game as a PettingZoo Parallel environment (make one with :func:`ninjadojo.rl.parallel_env`)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(self, game_id: str, players: int | None = None, options: Mapping[str, object] | None = None,
                 seed: int | None = None, render_mode: str | None = None, illegal_action: str = "raise",
                 illegal_reward: float = -1.0) -> None:
        check_illegal_policy(illegal_action)
        self.illegal_action = illegal_action
        self.illegal_reward = real_number(illegal_reward, "illegal_reward")
        self.table = table = Table(game_id, players, options)
        if table.game_id not in SIMULTANEOUS_GAMES:
            raise OptionError(f"{table.game_id} takes turns, so it has no Parallel environment: use "
                              f"ninjadojo.rl.env({table.game_id!r}); parallel_env is for "
                              f"{', '.join(SIMULTANEOUS_GAMES)}")
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {**self.metadata, "name": f"ninjadojo_{table.game_id.replace('-', '_')}_parallel_v0"}
        self.possible_agents = list(table.agents)
        self.agents: list[str] = []
        self.observation_spaces = {agent: observation_space(table) for agent in table.agents}
        self.action_spaces = {agent: spaces.Discrete(len(table.actions)) for agent in table.agents}
        self._seeds = Seeds(seed)
        self.game: GameState[Any] | None = None
        self.game_seed: int | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return of_agent(self.observation_spaces, agent, self.possible_agents)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(n)``, ``n`` the size of the game's action space."""
        return of_agent(self.action_spaces, agent, self.possible_agents)

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new game (as :meth:`ninjadojo.rl.aec.NinjaDojoAECEnv.reset`); the first observations."""
        self.game_seed = self._seeds.next(seed)
        self.game = self.table.new(self.game_seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def _observations(self) -> dict[str, Observation]:
        game = self.game
        assert game is not None
        return {agent: self.table.observation(game, self.table.seat_of[agent]) for agent in self.agents}

    def step(self, actions: Mapping[str, object]) -> tuple[dict[str, Observation], dict[str, float], dict[str, bool],
                                                            dict[str, bool], dict[str, dict[str, Any]]]:
        """Play one stage: the action of each agent the stage asks (others' actions are ignored)."""
        game = self.game
        if game is None or not self.agents:
            raise OptionError("reset() the environment before stepping it (the game is over)")
        if not isinstance(actions, Mapping):
            raise OptionError(f"actions must be a dict of agent to action id, not {quote(actions)}")
        # Actions of agents not asked in this stage are ignored (PettingZoo's loops give every live agent's),
        # but a key that names no agent is a mistake said at once.
        unknown = [key for key in actions if key not in self.table.seat_of]
        if unknown:
            raise unknown_agent(unknown[0], self.possible_agents)
        chosen: list[tuple[int, str]] = []
        offenders: list[str] = []
        for seat in game.to_act():
            agent = self.table.agents[seat]
            if agent not in actions:
                raise OptionError(f"{agent} must choose in this stage ({game.frames[-1].kind}): give its action "
                                  f"(the actions given are for {', '.join(map(quote, actions)) or 'no agent'})")
            try:
                text = self.table.action_text(actions[agent], seat)
            except IllegalActionError:
                if self.illegal_action != "lose":
                    raise
                offenders.append(agent)  # not even an action id: lost as any illegal action
                continue
            if not game.is_legal(seat, text):
                if self.illegal_action == "lose":
                    offenders.append(agent)
                    continue
                raise self.table.masked_out(game, seat, actions[agent], text, "see its action mask")
            chosen.append((seat, text))
        if offenders:
            return self._lost(offenders)
        for seat, text in chosen:
            game.apply(seat, text)
        live = list(self.agents)
        observations = self._observations()
        result = game.result
        scores = rewards(result, self.table.players)
        reward = {agent: scores[self.table.seat_of[agent]] for agent in live}
        truncated = result is not None and result.truncated
        terminations = dict.fromkeys(live, result is not None and not truncated)
        truncations = dict.fromkeys(live, truncated)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in live}
        if result is not None:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, reward, terminations, truncations, infos

    def _lost(self, offenders: list[str]) -> tuple[dict[str, Observation], dict[str, float], dict[str, bool],
                                                    dict[str, bool], dict[str, dict[str, Any]]]:
        """The episode ends on illegal actions (``illegal_action="lose"``): nothing of the stage is applied."""
        live = list(self.agents)
        observations = self._observations()
        reward = {agent: self.illegal_reward if agent in offenders else 0.0 for agent in live}
        infos: dict[str, dict[str, Any]] = {agent: {"illegal_action": True} if agent in offenders else {}
                                            for agent in live}
        self.agents = []
        return observations, reward, dict.fromkeys(live, True), dict.fromkeys(live, False), infos

    def render(self) -> str | None:
        """The position as a spectator sees it (no hidden card): printed (``human``) or returned (``ansi``)."""
        return spectator_render(self.game, self.render_mode)

    def close(self) -> None:
        """Nothing to release (the game is plain data)."""
