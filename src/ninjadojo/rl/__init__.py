"""Environments for learning agents: PettingZoo (AEC and Parallel), Gymnasium and OpenSpiel, for every game.

Needs the optional extra: ``pip install 'ninjadojo[rl]'`` (numpy, gymnasium, pettingzoo, open_spiel).
``import ninjadojo`` never imports this package.

- :func:`env`: a PettingZoo AEC environment, every seat an agent (``player_0``...);
- :func:`parallel_env`: a PettingZoo Parallel environment, for a game whose decisions are simultaneous
  (Ninja Trap);
- :func:`gym_env`: a Gymnasium environment where one seat learns against bots, also made by its
  registered id (``gymnasium.make("ninjadojo/NinjaTrap-v0", players=2)``: :mod:`ninjadojo.rl.registration`);
- :mod:`ninjadojo.rl.openspiel`: each game registered with OpenSpiel (``import`` it to register).

Observations are ``{"observation": float32 tensor, "action_mask": int8 mask}`` made from the seat's view
only; the layout of each game's tensor is in docs/rl.md (``python -m ninjadojo.rl.layouts GAME``).
"""

from __future__ import annotations

_MISSING: list[str] = []
for _name in ("numpy", "gymnasium", "pettingzoo"):
    try:
        __import__(_name)
    except ImportError:
        _MISSING.append(_name)
if _MISSING:
    raise ImportError(f"ninjadojo.rl needs the optional extra 'rl' ({', '.join(_MISSING)} not installed): "
                      "pip install 'ninjadojo[rl]'")

from ninjadojo.rl.core import Table, agent_name, rewards  # noqa: E402
from ninjadojo.rl.encoders import encoder_for  # noqa: E402
from ninjadojo.rl.encoding import ViewEncoder, seat_view  # noqa: E402
from ninjadojo.rl.envs import env, gym_env, parallel_env  # noqa: E402
from ninjadojo.rl.registration import env_id, register_envs  # noqa: E402

register_envs()

__all__ = ["Table", "ViewEncoder", "agent_name", "encoder_for", "env", "env_id", "gym_env", "parallel_env",
           "register_envs", "rewards", "seat_view"]
