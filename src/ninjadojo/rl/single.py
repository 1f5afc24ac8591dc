"""The Gymnasium environment: one seat learns, opponents play the other seats.

The learner's seat is ``seat``: a seat number, or ``"random"`` for a seat drawn for each game from the
game's seed (so a seeded reset replays the same seat); ``reset(options={"seat": k})`` puts the learner
at seat ``k`` for that episode. Every other seat is played by an opponent (:data:`Opponent`):

- a bot spec (``random``, ``heuristic``, ``ismcts:iterations=200``...) or level (``easy`` to
  ``expert``), made afresh for each game by :func:`ninjadojo.bots.make_bot`, seeded from the game's seed
  and its seat as the simulator seeds them;
- a :class:`~ninjadojo.bots.Bot` object (it chooses from the engine's :class:`~ninjadojo.bots.SeatView`),
  copied afresh for each game with its copy's random generator seeded the same way;
- a policy: any other callable, given the seat's own observation (the dict ``reset`` and ``step``
  return, ``{"observation": tensor, "action_mask": mask}``, for its seat) and returning an action id.
  The learner's own policy function fits as it is, so this is self-play.

A seeded reset replays the same game for the same actions (and opponents that are functions of what
they are given).

``reset`` and ``step`` return only when the learner must decide (the bots' moves in between are
played inside) or when the game is over. A game that ends before the learner's first decision is
skipped: ``reset`` plays the next game of the seed sequence instead (it never returns a finished game).
The reward is the learner's (:func:`ninjadojo.rl.core.rewards`) at the end, 0 before. An action that is
not legal ends the episode with reward ``illegal_reward`` (default -1) and ``info["illegal_action"]``,
as an environment that trains without masks needs; ``illegal_action="raise"`` raises instead.
Masked learners (sb3-contrib's ``MaskablePPO``) read :meth:`NinjaDojoGymEnv.action_masks`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any, SupportsFloat, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ninjadojo.bots import Bot, SeatView, make_bot
from ninjadojo.engine.errors import IllegalActionError, OptionError, quote
from ninjadojo.engine.rng import Rng, derive_seed
from ninjadojo.engine.state import GameState
from ninjadojo.rl.aec import RENDER_MODES, check_render_mode, observation_space
from ninjadojo.rl.core import Observation, Seeds, Table, real_number, rewards, whole_number

#: What an illegal action does: ``lose`` (end the episode with ``illegal_reward``) or ``raise``.
ILLEGAL_POLICIES = ("lose", "raise")


def check_illegal_policy(illegal_action: object) -> None:
    """Raise :class:`OptionError` unless ``illegal_action`` is one of :data:`ILLEGAL_POLICIES`."""
    if illegal_action not in ILLEGAL_POLICIES:
        raise OptionError(f"illegal_action must be 'lose' or 'raise', not {quote(illegal_action)}")
#: Games skipped in a row before ``reset`` gives up (each ended before the learner's first decision).
MAX_SKIPPED = 100


#: A policy: the seat's observation (``{"observation": tensor, "action_mask": mask}``) to an action id.
Policy: TypeAlias = Callable[[Observation], Any]
#: What plays a seat that does not learn: a bot spec or level, a :class:`Bot`, or a :data:`Policy`.
Opponent: TypeAlias = str | Bot | Policy
#: The key, after the game's seed, of the seed that draws the learner's seat when ``seat="random"``
#: (the bots' seeds use the seat numbers).
SEAT_DRAW_KEY = 0x5EA7


def _opponents(opponents: Opponent | Sequence[Opponent] | None, players: int) -> list[Opponent]:
    """One opponent per other seat, in seat order: a single one is used for every other seat."""
    others = players - 1
    if opponents is None:
        return ["random"] * others
    if isinstance(opponents, str | Bot) or callable(opponents):
        return [opponents] * others
    if isinstance(opponents, Sequence):
        listed = list(opponents)
        if len(listed) == others and all(isinstance(one, str | Bot) or callable(one) for one in listed):
            return listed
    raise OptionError(f"opponents must be one opponent (a bot spec, a Bot or a policy function), or a list of "
                      f"{others} (one per other seat, in seat order), not {quote(opponents)}")


class NinjaDojoGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """A game of ninjadojo as a single-agent Gymnasium environment (make one with :func:`ninjadojo.rl.gym_env`)."""

    #: ``render_fps``: the frames a second Gymnasium's human rendering and video recorders pace a text
    #: picture of the position at.
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(self, game_id: str, players: int | None = None, options: Mapping[str, object] | None = None,
                 opponents: Opponent | Sequence[Opponent] | None = None, seat: int | str = 0,
                 seed: int | None = None, render_mode: str | None = None, illegal_action: str = "lose",
                 illegal_reward: float = -1.0) -> None:
        self.table = table = Table(game_id, players, options)
        #: ``"random"`` (a seat drawn per game) or the learner's seat in every game.
        self.seat_choice: int | str = self._check_seat(seat)
        check_illegal_policy(illegal_action)
        #: The learner's seat in the game being played (with ``seat="random"``, seat 0 until the first reset).
        self.seat: int = self.seat_choice if isinstance(self.seat_choice, int) else 0
        self.opponents = _opponents(opponents, table.players)
        #: The bot specs among the opponents (one per other seat, ``None`` for a Bot or a policy).
        self.specs = [one if isinstance(one, str) else None for one in self.opponents]
        # Make each spec's bot once now, so that a bad spec is refused here rather than at the first reset.
        for spec in self.specs:
            if spec is not None:
                make_bot(spec, table.game_id, 0)
        self.render_mode = check_render_mode(render_mode)
        self.illegal_action = illegal_action
        self.illegal_reward = real_number(illegal_reward, "illegal_reward")
        self.observation_space = observation_space(table)
        self.action_space = spaces.Discrete(len(table.actions))
        self._seeds = Seeds(seed)
        self.game: GameState[Any] | None = None
        self.game_seed: int | None = None
        self._bots: dict[int, Bot] = {}
        self._policies: dict[int, Policy] = {}
        self._done = True

    def _check_seat(self, seat: object) -> int | str:
        """``seat`` as a seat number (numpy integers too) or ``"random"``, else an :class:`OptionError`."""
        if isinstance(seat, str) and seat == "random":
            return "random"
        players = self.table.players
        try:
            number: int | None = whole_number(seat, "seat")
        except OptionError:
            number = None
        if number is None or not 0 <= number < players:
            raise OptionError(f"seat must be a seat of the {players}-player game (0 to {players - 1}) or 'random', "
                              f"not {quote(seat)}")
        return number

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Start a new game (``seed``: the engine's game ``seed``) and play the opponents up to the learner's turn.

        ``options={"seat": k}`` puts the learner at seat ``k`` for this episode (``"random"``: a seat drawn
        from the game's seed; else the seat given when the environment was made); no other option
        is taken (the game's options are given when the environment is made: they fix its spaces). The
        info holds the game's seed (a ``numpy.uint64``) and the learner's seat.
        """
        if seed is not None:
            # (Gymnasium's own seeding takes only a Python int: a numpy integer, such as the ``game_seed`` of
            # a reset's info, would be refused there.)
            seed = whole_number(seed, "seed")
        super().reset(seed=seed)
        options = dict(options or {})
        chosen = self._check_seat(options.pop("seat")) if "seat" in options else None
        if options:
            raise OptionError(f"reset takes only the option 'seat', not {', '.join(map(quote, options))}")
        game_seed = self._seeds.next(seed)
        # Over until the new game reaches the learner: a reset that fails on the way (an opponent's policy
        # that raises) leaves nothing to step, rather than a game where it is not the learner's turn.
        self._done = True
        for _ in range(MAX_SKIPPED):
            self.seat = self._seat_for(game_seed, self.seat_choice if chosen is None else chosen)
            self._start(game_seed)
            game = self.game
            assert game is not None
            if game.result is None:
                self._done = False
                # The seed as a numpy uint64: Gymnasium's vector environments batch an int info as int64,
                # which half of all seeds (up to 2**64) overflow.
                return self.table.observation(game, self.seat), {"game_seed": np.uint64(game_seed), "seat": self.seat}
            game_seed = self._seeds.next(None)
        reason = ""
        if self.game is not None and self.game.result is not None and self.game.result.truncated:
            reason = (f"; the last stopped at its maximum length, the option max_length="
                      f"{self.table.options.get('max_length')}: give a larger one")
        raise OptionError(f"{MAX_SKIPPED} games in a row ended before the learner (seat {self.seat}) had anything "
                          f"to decide{reason}")

    def _seat_for(self, game_seed: int, choice: int | str) -> int:
        """The learner's seat in the game of ``game_seed``: the seat ``choice``, or one drawn from the seed
        for ``"random"``."""
        if choice == "random":
            return Rng(derive_seed(game_seed, SEAT_DRAW_KEY)).randbelow(self.table.players)
        assert isinstance(choice, int)
        return choice

    def _start(self, game_seed: int) -> None:
        table = self.table
        self.game_seed = game_seed
        self.game = table.new(game_seed)
        others = [seat for seat in range(table.players) if seat != self.seat]
        self._bots = {}
        self._policies = {}
        for seat, opponent in zip(others, self.opponents, strict=True):
            seat_seed = derive_seed(game_seed, seat)
            if isinstance(opponent, str):
                self._bots[seat] = make_bot(opponent, table.game_id, seat_seed)
            elif isinstance(opponent, Bot):
                # A copy per game: a bot's memory of one game must not carry into the next, and a seeded
                # reset must replay the same choices.
                bot = copy.deepcopy(opponent)
                bot.rng = Rng(seat_seed)
                self._bots[seat] = bot
            else:
                self._policies[seat] = opponent
        self._play_bots()

    def _play_bots(self) -> None:
        """Let the opponents act until the learner must decide or the game ends."""
        game = self.game
        assert game is not None
        seat = self.seat
        table = self.table
        while game.result is None:
            to_act = game.to_act()
            if seat in to_act:
                return
            acting = to_act[0]
            policy = self._policies.get(acting)
            if policy is None:
                game.apply(acting, self._bots[acting].choose(SeatView(game, acting)))
                continue
            # A policy sees only its own seat's observation, as the learner does.
            action = policy(table.observation(game, acting))
            try:
                text = table.action_text(action, acting)
            except IllegalActionError as error:
                # Not an action id at all: said as such, not as an id the mask holds 0 for.
                raise IllegalActionError(acting, str(action), f"the policy playing seat {acting} gave "
                                                              f"{quote(action, 40)}: {error.reason}") from None
            if not game.is_legal(acting, text):
                raise table.masked_out(game, acting, action, text, f"the policy playing seat {acting} chose it "
                                                                   "(see its action mask)")
            game.apply(acting, text)

    def step(self, action: object) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the bots' up to the learner's next decision or the end."""
        game = self.game
        if game is None or self._done:
            raise OptionError("reset() the environment before stepping it (the episode is over, or its reset failed)")
        table = self.table
        try:
            text = table.action_text(action, self.seat)
            if not game.is_legal(self.seat, text):
                raise table.masked_out(game, self.seat, action, text, "see the action mask")
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
