"""Bot registry: ``make_bot("random", "ninjitsu", seed)``.

Generic bots work for every game. Game-specific bots live in ``ninjadojo.bots.<game module>``, whose
``BOTS`` dict maps a bot name to a factory ``(seed, **params) -> Bot``. A bot spec is ``name`` or
``name:key=value,key=value`` (e.g. ``forgetful:forget=0.3``).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable

from ninjadojo.bots.base import Bot, RandomBot, SeatView
from ninjadojo.engine.errors import OptionError

BotFactory = Callable[..., Bot]

GENERIC_BOTS: dict[str, BotFactory] = {"random": RandomBot}

#: The module holding each game's own bots.
GAME_BOT_MODULES: dict[str, str] = {
    "ninjitsu": "ninjadojo.bots.ninjitsu",
    "knights-and-ninjas": "ninjadojo.bots.knights_and_ninjas",
    "ninja-camp": "ninjadojo.bots.ninja_camp",
    "ninja-trap": "ninjadojo.bots.ninja_trap",
    "ninjato": "ninjadojo.bots.ninjato",
}

__all__ = ["Bot", "RandomBot", "SeatView", "available_bots", "bot_parameters", "make_bot", "parse_bot_spec"]


def _game_bots(game_id: str) -> dict[str, BotFactory]:
    module_name = GAME_BOT_MODULES.get(game_id)
    if module_name is None:
        return {}
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        return {}
    bots: dict[str, BotFactory] = module.BOTS
    return bots


def available_bots(game_id: str) -> dict[str, BotFactory]:
    """Every bot name usable for a game, with its factory."""
    return {**GENERIC_BOTS, **_game_bots(game_id)}


def bot_parameters(factory: BotFactory) -> list[str]:
    """The parameters a bot spec may give a factory (``name:key=value``), as far as its signature says."""
    if isinstance(factory, type) and issubclass(factory, Bot):
        return factory.parameter_names()
    return [
        parameter.name for parameter in inspect.signature(factory).parameters.values()
        if parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY) and parameter.name != "seed"
    ]


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``name:key=value,...`` into the name and its parameters (as text)."""
    name, _, rest = spec.strip().partition(":")
    if not name.strip():
        raise OptionError(f"bot spec {spec!r} names no bot; write name or name:key=value,...")
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(f"bot parameter {part!r} in {spec!r} must be written key=value")
        if key in params:
            raise OptionError(f"bot parameter {key!r} is given twice in {spec!r}")
        params[key] = value.strip()
    return name.strip(), params


def make_bot(spec: str, game_id: str, seed: int = 0) -> Bot:
    """A bot from its spec for a game. Raises :class:`OptionError` naming the bots there are."""
    name, params = parse_bot_spec(spec)
    bots = available_bots(game_id)
    factory = bots.get(name)
    if factory is None:
        raise OptionError(f"unknown bot {name!r} for {game_id}; bots: {', '.join(sorted(bots))}")
    try:
        return factory(seed=seed, **params)
    except OptionError:
        raise
    except (TypeError, ValueError) as error:
        raise OptionError(f"bad parameters for bot {name!r} in {spec!r}: {error}") from None
