"""The environments' constructors, in PettingZoo's naming: ``env``, ``parallel_env`` and ``gym_env``.

Each takes the game id, the number of players (default: the game's least), the game's options (as the
engine takes them: ``{"target": 30}``), a seed (the first game's; see :class:`ninjadojo.rl.core.Seeds`)
and a render mode (``None``, ``"human"`` or ``"ansi"``). Bad arguments raise a
:class:`~ninjadojo.engine.errors.DojoError` saying what is allowed.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from typing import Any

from ninjadojo.engine.errors import OptionError, quote
from ninjadojo.rl.aec import NinjaDojoAECEnv
from ninjadojo.rl.parallel import NinjaDojoParallelEnv
from ninjadojo.rl.registration import env_id
from ninjadojo.rl.single import NinjaDojoGymEnv, Opponent


def env(game_id: str, players: int | None = None, options: Mapping[str, object] | None = None,
        seed: int | None = None, render_mode: str | None = None) -> NinjaDojoAECEnv:
    """A PettingZoo AEC environment of ``game_id``: every seat is an agent (``player_0``...).

    >>> from ninjadojo.rl import env
    >>> game = env("ninjitsu", players=3, seed=7)
    >>> game.reset()
    >>> game.agent_selection
    'player_0'
    """
    return NinjaDojoAECEnv(game_id, players, options, seed, render_mode)


def parallel_env(game_id: str, players: int | None = None, options: Mapping[str, object] | None = None,
                 seed: int | None = None, render_mode: str | None = None, illegal_action: str = "raise",
                 illegal_reward: float = -1.0) -> NinjaDojoParallelEnv:
    """A PettingZoo Parallel environment of a game whose decisions are simultaneous (Ninja Trap).

    A game that takes turns is refused with an :class:`~ninjadojo.engine.errors.OptionError`: its AEC
    environment (:func:`env`) is the one to use. ``illegal_action``: ``raise`` (the default: nothing is
    applied) or ``lose``, what PettingZoo's classic environments do: the episode ends, each agent that
    chose an illegal action gets ``illegal_reward`` and ``info["illegal_action"]``, the others 0.
    """
    return NinjaDojoParallelEnv(game_id, players, options, seed, render_mode, illegal_action, illegal_reward)


def gym_env(game_id: str, players: int | None = None, options: Mapping[str, object] | None = None,
            opponents: Opponent | Sequence[Opponent] | None = None, seat: int | str = 0, seed: int | None = None,
            render_mode: str | None = None, illegal_action: str = "lose",
            illegal_reward: float = -1.0) -> NinjaDojoGymEnv:
    """A Gymnasium environment of ``game_id``: seat ``seat`` learns, opponents play the others.

    ``seat``: the learner's seat, or ``"random"`` for a seat drawn per game from its seed (a reset's
    ``options={"seat": k}`` sets it for that episode). ``opponents``: one opponent for every other seat
    (default ``random``), or a list of one per other seat in seat order (``["random", "hard"]``); an
    opponent is a bot spec or level (anything :func:`ninjadojo.bots.make_bot` accepts), a
    :class:`~ninjadojo.bots.Bot` (copied afresh for each game), or a policy ``policy(observation) ->
    action id`` given the same ``{"observation", "action_mask"}`` dict as the learner, for its own seat
    (self-play: pass the learner's own policy). See :class:`ninjadojo.rl.single.NinjaDojoGymEnv`.
    """
    return NinjaDojoGymEnv(game_id, players, options, opponents, seat, seed, render_mode, illegal_action,
                           illegal_reward)


def registered_env(registered: str, **kwargs: Any) -> NinjaDojoGymEnv:
    """The entry point of a registered id (``gymnasium.make("ninjadojo/NinjaTrap-v0", ...)``): :func:`gym_env`
    of the id's game (``registered``). A ``game_id`` given as well must be that game: an id names its game."""
    given = kwargs.pop("game_id", registered)
    if given != registered:
        raise OptionError(f"the id of {quote(registered)} makes that game's environment, not {quote(given)}: "
                          f"use the id of {quote(given)} (ninjadojo.rl.env_id), without game_id")
    unknown = [name for name in kwargs if name not in GYM_KEYWORDS]
    if unknown:
        # (Else a TypeError that names the keyword but not the ones there are.)
        raise OptionError(f"unknown keyword {quote(unknown[0])} for {env_id(registered)}; its keywords are "
                          f"{', '.join(GYM_KEYWORDS)} (the game's own options go in options={{...}})")
    return gym_env(registered, **kwargs)


#: The keywords a registered id passes on to :func:`gym_env`: all of them but the game.
GYM_KEYWORDS = tuple(name for name in inspect.signature(gym_env).parameters if name != "game_id")
