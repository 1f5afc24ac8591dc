"""The Gymnasium environment: one seat learns, bots play the other seats.

The learner's seat is ``seat``; every other seat is played by a bot made by
:func:`ninjadojo.bots.make_bot` from its spec (``random``, ``heuristic``, ``ismcts:iterations=200``...)
or a level (``easy`` to ``expert``). A new game's bots are made afresh, each seeded from the game's seed
and its seat as the simulator seeds them, so a seeded reset replays the same game for the same actions.

``reset`` and ``step`` return only when the learner must decide (the bots' moves in between are
played inside) or when the game is over. A game that ends before the learner's first decision is
skipped: ``reset`` plays the next game of the seed sequence instead (it never returns a finished game).
The reward is the learner's (:func:`ninjadojo.rl.core.rewards`) at the end, 0 before. An action that is
not legal ends the episode with reward ``illegal_reward`` (default -1) and ``info["illegal_action"]``,
as an environment that trains without masks needs; ``illegal_action="raise"`` raises instead.
Masked learners (sb3-contrib's ``MaskablePPO``) read :meth:`NinjaDojoGymEnv.action_masks`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ninjadojo.bots import Bot, SeatView, make_bot
from ninjadojo.engine.errors import IllegalActionError, OptionError, quote
from ninjadojo.engine.rng import derive_seed
from ninjadojo.engine.state import GameState
from ninjadojo.rl.aec import RENDER_MODES, check_render_mode, observation_space
from ninjadojo.rl.core import Observation, Seeds, Table, rewards

#: What an illegal action does: ``lose`` (end the episode with ``illegal_reward``) or ``raise``.
ILLEGAL_POLICIES = ("lose", "raise")
#: Games skipped in a row before ``reset`` gives up (each ended before the learner's first decision).
MAX_SKIPPED = 100


def _opponent_specs(opponents: str | Sequence[str] | None, players: int, seat: int) -> list[str]:
    """One spec per other seat, in seat order: a single spec is used for every other seat."""
    others = players - 1
    if opponents is None:
        return ["random"] * others
    if isinstance(opponents, str):
        return [opponents] * others
    specs = list(opponents)
    if len(specs) != others or not all(isinstance(spec, str) for spec in specs):
        raise OptionError(f"opponents must be one bot spec, or a list of {others} specs (one per other seat, in "
                          f"seat order), not {quote(opponents)}")
    return specs


class NinjaDojoGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """A game of ninjadojo as a single-agent Gymnasium environment (make one with :func:`ninjadojo.rl.gym_env`)."""

    #: ``render_fps``: the frames a second Gymnasium's human rendering and video recorders pace a text
    #: picture of the position at.
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(self, game_id: str, players: int | None = None, options: Mapping[str, object] | None = None,
                 opponents: str | Sequence[str] | None = None, seat: int = 0, seed: int | None = None,
                 render_mode: str | None = None, illegal_action: str = "lose", illegal_reward: float = -1.0) -> None:
        self.table = table = Table(game_id, players, options)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
            raise OptionError(f"seat must be a seat of the {table.players}-player game (0 to {table.players - 1}), "
                              f"not {quote(seat)}")
        if illegal_action not in ILLEGAL_POLICIES:
            raise OptionError(f"illegal_action must be 'lose' or 'raise', not {quote(illegal_action)}")
        self.seat = seat
        self.specs = _opponent_specs(opponents, table.players, seat)
        # Make each bot once now, so that a bad spec is refused here rather than at the first reset.
        for spec in self.specs:
            make_bot(spec, table.game_id, 0)
        self.render_mode = check_render_mode(render_mode)
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.observation_space = observation_space(table)
        self.action_space = spaces.Discrete(len(table.actions))
        self._seeds = Seeds(seed)
        self.game: GameState[Any] | None = None
        self.game_seed: int | None = None
        self._bots: dict[int, Bot] = {}
        self._done = True

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Start a new game (``seed``: the engine's game ``seed``) and play the bots up to the learner's turn.

        ``options`` is accepted for the API and ignored (the game's options are given when the
        environment is made: they fix its spaces).
        """
        super().reset(seed=seed)
        game_seed = self._seeds.next(seed)
        for _ in range(MAX_SKIPPED):
            self._start(game_seed)
            game = self.game
            assert game is not None
            if game.result is None:
                self._done = False
                return self.table.observation(game, self.seat), {"game_seed": game_seed}
            game_seed = self._seeds.next(None)
        raise OptionError(f"{MAX_SKIPPED} games in a row ended before seat {self.seat} had anything to decide")

    def _start(self, game_seed: int) -> None:
        table = self.table
        self.game_seed = game_seed
        self.game = table.new(game_seed)
        others = [seat for seat in range(table.players) if seat != self.seat]
        self._bots = {seat: make_bot(spec, table.game_id, derive_seed(game_seed, seat))
                      for seat, spec in zip(others, self.specs, strict=True)}
        self._play_bots()

    def _play_bots(self) -> None:
        """Let the bots act until the learner must decide or the game ends."""
        game = self.game
        assert game is not None
        seat = self.seat
        while game.result is None:
            to_act = game.to_act()
            if seat in to_act:
                return
            acting = to_act[0]
            game.apply(acting, self._bots[acting].choose(SeatView(game, acting)))

    def step(self, action: object) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the bots' up to the learner's next decision or the end."""
        game = self.game
        if game is None or self._done:
            raise OptionError("reset() the environment before stepping it (the episode is over)")
        table = self.table
        try:
            text = table.action_text(action)
            if not game.is_legal(self.seat, text):
                raise IllegalActionError(self.seat, text, "it is not legal now (see the action mask)",
                                         game.legal_actions(self.seat))
        except IllegalActionError as error:
            if self.illegal_action == "raise":
                raise
            self._done = True
            return (table.observation(game, self.seat), self.illegal_reward, True, False,
                    {"illegal_action": str(error)})
        game.apply(self.seat, text)
        self._play_bots()
        result = game.result
        observation = table.observation(game, self.seat)
        if self.render_mode == "human":
            self.render()
        if result is None:
            return observation, 0.0, False, False, {}
        self._done = True
        reward = rewards(result, table.players)[self.seat]
        return observation, reward, not result.truncated, result.truncated, {"winners": list(result.winners)}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions as booleans (what sb3-contrib's ``MaskablePPO`` asks for)."""
        game = self.game
        if game is None:
            raise OptionError("reset() the environment before asking for its action mask")
        return self.table.mask(game, self.seat).astype(bool)

    def render(self) -> str | None:
        """The position as the learner's seat sees it: printed (``human``) or returned (``ansi``)."""
        if self.render_mode is None or self.game is None:
            return None
        picture = self.game.render(self.seat)
        if self.render_mode == "ansi":
            return picture
        print(picture)
        return None
