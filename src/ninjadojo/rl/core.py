"""What every environment shares: a game's set-up, spaces, observations, masks, rewards and seeds.

A :class:`Table` is one (game, players, options): it checks them once, holds the fixed action space and
the observation encoder, and turns a position into what a learner sees (:meth:`Table.observation`),
its legal actions into a mask (:meth:`Table.mask`) and a result into rewards (:func:`rewards`).
"""

from __future__ import annotations

import math
import numbers
import operator
import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from ninjadojo.engine.errors import IllegalActionError, OptionError, quote
from ninjadojo.engine.options import OptionValue
from ninjadojo.engine.rng import derive_seed
from ninjadojo.engine.state import SEED_LIMIT, ActionSpace, GameState, Result, check_seed
from ninjadojo.games import game_class
from ninjadojo.rl.encoders import encoder_for
from ninjadojo.rl.encoding import ViewEncoder

Observation = dict[str, npt.NDArray[Any]]

#: The dtype of action masks (PettingZoo's classic environments use int8 too).
MASK = np.int8


def agent_name(seat: int) -> str:
    """The agent of a seat: ``player_0`` for seat 0."""
    return f"player_{seat}"


def rewards(result: Result | None, players: int) -> list[float]:
    """Each seat's reward for a result: a win is 1, shared equally by the winners; a loss 0.

    A game stopped at its maximum length (``result.truncated``) has no winner: 0 for everyone. Before
    the end (``None``), 0 for everyone.
    """
    scores = [0.0] * players
    if result is not None and result.winners:
        share = 1.0 / len(result.winners)
        for seat in result.winners:
            scores[seat] = share
    return scores


class Seeds:
    """The seed of each game an environment plays: ``reset(seed=s)`` plays the engine's game ``s`` (the
    same game as ``dojo play --seed s``); each later ``reset()`` without a seed plays the next game of a
    sequence derived from ``s`` (the ``n``-th after it has seed ``derive_seed(s, n)``), so a run is
    repeatable from its first seed. With no seed at all, the first is drawn from the operating system.
    """

    def __init__(self, seed: int | None) -> None:
        self._base = None if seed is None else check_seed(seed)
        #: Games played from ``_base`` so far, less one (-1: none yet).
        self._count = -1

    def next(self, seed: int | None) -> int:
        """The seed of the next game (``seed`` when given, restarting the sequence from it)."""
        if seed is not None:
            self._base = check_seed(whole_number(seed, "seed"))
            self._count = -1
        elif self._base is None:
            self._base = secrets.randbelow(SEED_LIMIT)
        self._count += 1
        return self._base if self._count == 0 else derive_seed(self._base, self._count)


def whole_number(value: object, what: str) -> int:
    """``value`` as an int if it is a whole number (numpy integers too), else an :class:`OptionError`."""
    if isinstance(value, bool):
        raise OptionError(f"the {what} must be a whole number, not {quote(value)}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise OptionError(f"the {what} must be a whole number, not {quote(value)}") from None


def real_number(value: object, what: str) -> float:
    """``value`` as a float if it is a real number (numpy numbers too, not a bool or NaN), else an
    :class:`OptionError` naming ``what`` (``float("x")``'s own error does not say which argument it was)."""
    if not isinstance(value, bool) and isinstance(value, numbers.Real):
        number = float(value)
        if not math.isnan(number):
            return number
    raise OptionError(f"{what} must be a number, not {quote(value)}")


#: At most this many shared legal maps' masks are kept (a game has a few dozen).
_KEPT_MASKS = 1024


class Table:
    """One game id, player count and options, checked once, with what every environment needs of them."""

    def __init__(self, game_id: str, players: int | None, options: Mapping[str, object] | None) -> None:
        self.cls = game_class(game_id)
        spec = self.cls.SPEC
        self.game_id = spec.id
        # (numpy integers too: the engine itself takes a Python int)
        self.players = spec.min_players if players is None else whole_number(players, "number of players")
        self.options: dict[str, OptionValue] = self.cls.validate_options(self.players, options)
        self.space: ActionSpace = self.cls.action_space_for(self.players, self.options)
        self.actions = self.space.actions
        self.encoder: ViewEncoder = encoder_for(game_id, self.players, self.options)
        self.agents = [agent_name(seat) for seat in range(self.players)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.agents)}
        #: The masks of a game's shared legal maps, by the map's id: (map, mask).
        self._masks: dict[int, tuple[dict[str, object], npt.NDArray[np.int8]]] = {}
        #: The options :meth:`new` gives the game: none when they are the game's defaults, which the game
        #: then need not check again (a game checks the options it is given, at every new game).
        defaults = self.cls.validate_options(self.players, None)
        self._new_options = None if list(self.options.items()) == list(defaults.items()) else self.options
        self._mask_dtype = np.dtype(MASK)
        self._index = dict(self.space.index)  # (a dict of its own: the space's read-only view does not pickle)
        self._size = len(self.actions)

    def new(self, seed: int) -> GameState[Any]:
        """A new game from ``seed``."""
        return self.cls.new(self.players, self._new_options, seed)

    def mask(self, state: GameState[Any], seat: int) -> npt.NDArray[np.int8]:
        """1 for each legal action of ``seat`` (all zeros when it has nothing to decide)."""
        # Through a bytearray: a zeroed buffer and a byte set per legal action cost less than numpy's
        # zeros and fancy indexing from a list (the mask is made at every step). The table's own index:
        # ``state.legal_action_ids`` looks the space up on every call.
        legal = state._legal_map(seat)
        shared = state.LEGAL_SHARED
        if shared:
            # A game's shared legal maps (LEGAL_SHARED) are few and each always gives the same mask.
            kept = self._masks.get(id(legal))
            if kept is not None and kept[0] is legal:
                return kept[1].copy()
        index = self._index
        buffer = bytearray(self._size)
        for action in legal:
            buffer[index[action]] = 1
        mask = np.frombuffer(buffer, self._mask_dtype)  # (a dtype object: numpy makes none from MASK)
        if shared and legal:
            if len(self._masks) >= _KEPT_MASKS:
                self._masks.clear()
            # The entry holds its map, so that its id is not reused while it is kept.
            self._masks[id(legal)] = (legal, mask.copy())
        return mask

    def observation(self, state: GameState[Any], seat: int) -> Observation:
        """What ``seat`` sees: ``{"observation": tensor, "action_mask": mask}``."""
        return {"observation": self.encoder.encode_state(state, seat), "action_mask": self.mask(state, seat)}

    def action_text(self, action: object, seat: int | None = None) -> str:
        """The action text of an action id (an int or numpy integer from 0 to the space's size - 1); else an
        :class:`IllegalActionError` said for ``seat`` (the seat that gave it), with the ids there are."""
        if type(action) is int and 0 <= action < len(self.actions):
            return self.actions[action]  # the usual case, at every step
        try:
            number = whole_number(action, "action")
        except OptionError:
            number = -1
        if not 0 <= number < len(self.actions):
            raise IllegalActionError(seat, str(action), f"an action of {self.game_id} is an id from 0 to "
                                                          f"{len(self.actions) - 1} (see the action mask)")
        return self.actions[number]

    def masked_out(self, state: GameState[Any], seat: int, action_id: object, text: str,
                   reason: str = "") -> IllegalActionError:
        """The error for an action id the seat's mask holds 0 for: said by its id, the number the agent gave
        (the engine's own error names only the action's text), with the engine's reason when it has one,
        and the legal ids now, each with its text."""
        legal = [f"{self._index[each]} ({each})" for each in state.legal_actions(seat)]
        why = f": {reason}" if reason else ""
        return IllegalActionError(seat, text, f"action id {action_id} ({text}) is masked out for "
                                              f"{self.agents[seat]} now{why}", legal)
