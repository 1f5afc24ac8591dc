"""Bot registry: ``make_bot("random", "ninjitsu", seed)``, and what each bot is, takes and costs.

Generic bots work for every game. Game-specific bots live in ``ninjadojo.bots.<game module>``, whose
``BOTS`` dict maps a bot name to a factory ``(seed, **params) -> Bot``. A bot spec is ``name`` or
``name:key=value,key=value`` (e.g. ``forgetful:forget=0.3``). ``ismcts`` (:mod:`ninjadojo.bots.ismcts`)
searches every game, present and future, through the engine API alone. A difficulty level (``easy``,
``medium``, ``hard``, ``expert``: :mod:`ninjadojo.bots.levels`) is a bot spec too: it names, per game,
the spec it stands for, and is accepted wherever a spec is.

:func:`describe_bots` tells a driver what it needs to pick bots: each bot's one-line summary, its
parameters with their defaults, and its cost (milliseconds per decision and seconds per game, as
measured with ``dojo bench GAME --players N --bots SPEC``: see :data:`BOT_COSTS`). Drivers that play
many games use :func:`sim_default_bot`, which is cheap for every game; a person playing at the table
gets :func:`default_bot`, the game's strongest ordinary bot.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import cast

from ninjadojo.bots.base import Bot, RandomBot, SeatView, TruthView
from ninjadojo.bots.careless import CarelessBot
from ninjadojo.bots.ismcts import DEFAULT_ITERATIONS, IsmctsBot
from ninjadojo.bots.levels import LEVELS, LevelFactory, level_spec
from ninjadojo.engine.errors import OptionError, quote

BotFactory = Callable[..., Bot]

GENERIC_BOTS: dict[str, BotFactory] = {"random": RandomBot, "ismcts": IsmctsBot}

#: The module holding each game's own bots.
GAME_BOT_MODULES: dict[str, str] = {
    "ninjitsu": "ninjadojo.bots.ninjitsu",
    "knights-and-ninjas": "ninjadojo.bots.knights_and_ninjas",
    "ninja-camp": "ninjadojo.bots.ninja_camp",
    "ninja-trap": "ninjadojo.bots.ninja_trap",
    "ninjato": "ninjadojo.bots.ninjato",
}

#: The bot spec ``dojo sim`` (and any driver of many games) uses when none is given, where the game's
#: ordinary default is too slow for thousands of games. Ninjitsu!'s ``heuristic`` looks one round
#: ahead (depth 1) and takes about 4 s a game at 4 players; at depth 0 about 0.15 s (see BOT_COSTS).
SIM_DEFAULT_BOTS: dict[str, str] = {"ninjitsu": "heuristic:depth=0"}

__all__ = [
    "BOT_COSTS",
    "LEVELS",
    "Bot",
    "BotCost",
    "BotInfo",
    "RandomBot",
    "SeatView",
    "TruthView",
    "available_bots",
    "bot_cost",
    "bot_defaults",
    "bot_identity",
    "bot_parameters",
    "bot_summary",
    "canonical_spec",
    "default_bot",
    "describe_bots",
    "format_bot_spec",
    "level_of",
    "make_bot",
    "parse_bot_spec",
    "sim_default_bot",
]


@dataclass(frozen=True, slots=True)
class BotCost:
    """What a bot costs at one player count, with that bot in every seat, on one core.

    Measured with ``dojo bench GAME --players N --bots SPEC --seconds S``, in processor time (the same
    as wall-clock time on an idle core): ``ms_per_decision`` inside the bots' ``choose``,
    ``seconds_per_game`` for everything, the rules included.
    """

    players: int
    ms_per_decision: float
    seconds_per_game: float


def _costs(*rows: tuple[int, float, float]) -> tuple[BotCost, ...]:
    return tuple(BotCost(players, ms, seconds) for players, ms, seconds in rows)


#: Measured costs by game and bot spec (a spec means that bot with its defaults but for what the spec
#: says; :func:`canonical_spec` tells which specs are the same bot), each as (players, ms a decision,
#: s a game). Measured with ``dojo bench GAME --players N --bots SPEC --seconds 5`` (60 to 240 s for
#: Ninjitsu!'s ``heuristic``; ``--seconds 20``, one or two games, for ``ismcts``) in processor time, Python
#: 3.11, on a busy shared 2-core machine: rough figures, good to a factor of about 1.5 (a game's length
#: varies a lot; ``ismcts`` more, from one game). ``ismcts`` at another iteration budget costs these
#: figures scaled by the budget (see :func:`bot_cost`). A bot missing here has no stated cost; measure
#: it the same way to add it.
BOT_COSTS: dict[str, dict[str, tuple[BotCost, ...]]] = {
    "ninjitsu": {
        "random": _costs((2, 0.004, 0.00038), (3, 0.005, 0.00059), (4, 0.007, 0.001), (5, 0.005, 0.00084)),
        "heuristic:depth=0": _costs((2, 1.2, 0.049), (3, 1.3, 0.084), (4, 1.4, 0.14), (5, 1.5, 0.29)),
        # Measured again 2026-11-30 (--seconds 40, the engine 17% faster than at first): 84, 28, 13, 7 games.
        "heuristic": _costs((2, 7.4, 0.28), (3, 19, 1.1), (4, 29, 3.0), (5, 52, 4.9)),
        "careless": _costs((2, 0.51, 0.013), (3, 0.58, 0.023), (4, 0.64, 0.035), (5, 0.73, 0.056)),
        "ismcts": _costs((2, 230, 6.6), (3, 230, 13), (4, 290, 11), (5, 330, 19)),
        "ismcts:iterations=1000,depth=0,c=0.3": _costs((2, 96, 1.7), (3, 89, 4.6), (4, 94, 2.7), (5, 105, 8.0)),
    },
    "knights-and-ninjas": {
        "random": _costs((2, 0.007, 0.0026), (3, 0.012, 0.002), (4, 0.011, 0.0019), (5, 0.011, 0.0021),
                         (6, 0.01, 0.0021)),
        "heuristic": _costs((2, 0.078, 0.0092), (3, 0.065, 0.0059), (4, 0.062, 0.0071), (5, 0.058, 0.0082),
                            (6, 0.054, 0.0085)),
        "careless": _costs((2, 0.052, 0.0076), (3, 0.05, 0.0034), (4, 0.045, 0.0034), (5, 0.042, 0.0037),
                           (6, 0.042, 0.0043)),
        "ismcts": _costs((2, 240, 18), (3, 220, 25), (4, 190, 19), (5, 140, 28), (6, 160, 38)),
        "lookahead": _costs((2, 77, 12), (3, 74, 6.7), (4, 78, 2.7), (5, 107, 9.6), (6, 81, 9.8)),
        "lookahead:samples=32,seconds=2": _costs((2, 110, 9.5), (3, 210, 27), (4, 160, 3.4), (5, 200, 15),
                                                 (6, 220, 35)),
        "lookahead:samples=128,confidence=0.5,seconds=2": _costs((2, 540, 49), (3, 810, 166), (4, 500, 25),
                                                                  (5, 580, 65), (6, 590, 86)),
    },
    "ninja-camp": {
        "random": _costs((2, 0.038, 0.0016), (3, 0.04, 0.0022), (4, 0.037, 0.0024)),
        "heuristic": _costs((2, 1.4, 0.05), (3, 1.5, 0.073), (4, 1.1, 0.062)),
        "careless": _costs((2, 0.33, 0.01), (3, 0.39, 0.017), (4, 0.42, 0.021)),
        "ismcts": _costs((2, 400, 16), (3, 440, 24), (4, 560, 29)),
    },
    "ninja-trap": {
        "random": _costs((2, 0.004, 0.0016), (3, 0.004, 0.002), (4, 0.004, 0.0022)),
        "heuristic": _costs((2, 0.062, 0.0036), (3, 0.064, 0.0054), (4, 0.084, 0.0096)),
        "careless": _costs((2, 0.045, 0.003), (3, 0.048, 0.0044), (4, 0.053, 0.0062)),
        "forgetful": _costs((2, 0.059, 0.005), (3, 0.08, 0.0099), (4, 0.094, 0.016)),
        "forgetful:forget=0.4": _costs((2, 0.051, 0.005), (3, 0.058, 0.0081), (4, 0.085, 0.015)),
        "forgetful:forget=0.8": _costs((2, 0.054, 0.0074), (3, 0.063, 0.013), (4, 0.091, 0.023)),
        "lookahead": _costs((2, 17, 0.79), (3, 59, 4.3), (4, 62, 5.3)),
        "lookahead:samples=64,seconds=2": _costs((2, 64, 2.7), (3, 230, 20), (4, 300, 48)),
        "lookahead:samples=128,seconds=2": _costs((2, 117, 7.4), (3, 456, 62), (4, 433, 70)),
        "ismcts": _costs((2, 250, 45), (3, 250, 40), (4, 220, 19)),
    },
    "ninjato": {
        "random": _costs((2, 0.01, 0.0024), (3, 0.014, 0.0046), (4, 0.013, 0.0055)),
        "heuristic": _costs((2, 0.32, 0.047), (3, 0.41, 0.087), (4, 0.41, 0.12)),
        "careless": _costs((2, 0.17, 0.023), (3, 0.18, 0.035), (4, 0.18, 0.049)),
        "balanced": _costs((2, 0.3, 0.044), (3, 0.41, 0.087), (4, 0.45, 0.13)),
        "attacker": _costs((2, 0.36, 0.058), (3, 0.42, 0.099), (4, 0.37, 0.11)),
        "envoy": _costs((2, 0.34, 0.051), (3, 0.41, 0.089), (4, 0.41, 0.12)),
        "rumor": _costs((2, 0.37, 0.052), (3, 0.39, 0.083), (4, 0.38, 0.11)),
        "sensei": _costs((2, 0.36, 0.051), (3, 0.35, 0.075), (4, 0.37, 0.1)),
        "lookahead": _costs((2, 130, 16), (3, 110, 24), (4, 115, 33)),
        "lookahead:confidence=1": _costs((2, 92, 13), (3, 117, 26), (4, 108, 32)),
        "ismcts": _costs((2, 430, 62), (3, 470, 94), (4, 460, 120)),
    },
}


@dataclass(frozen=True, slots=True)
class BotInfo:
    """What a driver shows about one bot of a game."""

    name: str
    #: The first line of the bot's docstring.
    summary: str
    #: Each parameter a spec may give (``name:key=value``) with its default, as text.
    parameters: dict[str, str]
    #: Measured costs by spec (the bot with its defaults, and any other settings measured), each by
    #: player count; empty when not measured.
    costs: dict[str, tuple[BotCost, ...]]


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
    """Every bot name usable for a game, with its factory: generic bots, the game's own, then the levels. An
    unknown game raises :class:`~ninjadojo.engine.errors.UnknownGameError` naming the games.

    A game offers the generic :class:`~ninjadojo.bots.lookahead.LookaheadBot` by listing it among its own
    bots (it plays on with the game's heuristic, so only a game whose heuristic is cheap enough does);
    every game with a ``heuristic`` bot offers :class:`~ninjadojo.bots.careless.CarelessBot` (``careless``).
    """
    from ninjadojo.games import game_class  # (late: a game's package may import its bots' module)

    game_class(game_id)  # an unknown game is said as such, not as a game with only the generic bots
    bots = {**GENERIC_BOTS, **_game_bots(game_id)}
    if "heuristic" in bots:
        # The heuristic with mistakes (a medium level) is offered wherever there is a heuristic to err from.
        bots.setdefault("careless", CarelessBot)
    for level in LEVELS:
        bots[level] = LevelFactory(level, level_spec(game_id, level, bots), _level_builder(game_id))
    return bots


def _level_builder(game_id: str) -> Callable[[str, int], Bot]:
    def build(spec: str, seed: int) -> Bot:
        return make_bot(spec, game_id, seed)

    return build


def level_of(game_id: str, spec: str) -> str | None:
    """The bot spec a level stands for in ``game_id`` if ``spec`` names a level (``hard``), else ``None``.

    A level takes no parameters: ``hard:iterations=9`` raises :class:`OptionError` (write the spec
    the level stands for, with the parameters wanted).
    """
    name, params = parse_bot_spec(spec)
    if name not in LEVELS:
        return None
    mapped = level_spec(game_id, name, _game_bots(game_id))
    if params:
        raise OptionError(f"the level {quote(name)} takes no parameters, not {quote(spec)}; for {game_id} it is "
                          f"the bot {mapped}: write that spec with the parameters you want instead")
    return mapped


def default_bot(game_id: str) -> str:
    """The bot a person plays against by default: the game's heuristic bot if it has one, else random."""
    return "heuristic" if "heuristic" in available_bots(game_id) else "random"


def sim_default_bot(game_id: str) -> str:
    """The bot spec for a driver of many games (``dojo sim``) when none is given: cheap for every game."""
    spec = SIM_DEFAULT_BOTS.get(game_id)
    if spec is not None and parse_bot_spec(spec)[0] in available_bots(game_id):
        return spec
    return default_bot(game_id)


def _signature_defaults(function: Callable[..., object], skip: tuple[str, ...]) -> tuple[dict[str, str], bool]:
    """The named parameters of ``function`` with their defaults as text, and whether it takes ``**params``."""
    defaults: dict[str, str] = {}
    open_ended = False
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind is parameter.VAR_KEYWORD:
            open_ended = True
        elif (parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)
              and parameter.name not in skip):
            defaults[parameter.name] = "" if parameter.default is parameter.empty else str(parameter.default)
    return defaults, open_ended


def _class_defaults(cls: type[Bot]) -> dict[str, str]:
    """The parameters of a bot class's constructors (its own and its bases'), with their defaults."""
    defaults: dict[str, str] = {}
    for klass in cls.__mro__:
        init = klass.__dict__.get("__init__")
        if init is None or klass is Bot or klass is object:
            continue
        own, _ = _signature_defaults(init, ("self", "seed"))
        for name, value in own.items():
            defaults.setdefault(name, value)
    return defaults


def _built_class(factory: BotFactory) -> type[Bot]:
    """The class of the bots a factory builds (bots are cheap to build: they think only in ``choose``)."""
    return type(factory(seed=0))


def bot_defaults(factory: BotFactory) -> dict[str, str]:
    """Each parameter a spec may give ``factory``, with its default as text (``""``: no default).

    A factory function that passes ``**params`` on to a bot class also takes that class's parameters,
    so the class is found by building one bot.
    """
    if isinstance(factory, type) and issubclass(factory, Bot):
        return _class_defaults(factory)
    defaults, open_ended = _signature_defaults(factory, ("seed",))
    if open_ended:
        # (cast: mypy narrows a callable that is not a Bot class to ``type[object]``)
        for name, value in _class_defaults(_built_class(cast(BotFactory, factory))).items():
            defaults.setdefault(name, value)
    return defaults


def bot_parameters(factory: BotFactory) -> list[str]:
    """The parameters a bot spec may give a factory (``name:key=value``), as far as its signature says."""
    if isinstance(factory, type) and issubclass(factory, Bot):
        return factory.parameter_names()
    return [
        parameter.name for parameter in inspect.signature(factory).parameters.values()
        if parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY) and parameter.name != "seed"
    ]


def bot_summary(factory: BotFactory) -> str:
    """The first line of the factory's docstring, or of the class of the bot it builds (as plain text)."""
    doc = inspect.getdoc(factory) or inspect.getdoc(_built_class(factory)) or ""
    return doc.strip().splitlines()[0].replace("``", "") if doc.strip() else ""


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``name:key=value,...`` into the name and its parameters (as text)."""
    name, _, rest = spec.strip().partition(":")
    if not name.strip():
        raise OptionError(f"bot spec {quote(spec)} names no bot; write name or name:key=value,...")
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(f"bot parameter {quote(part)} in {quote(spec)} must be written key=value")
        if key in params:
            raise OptionError(f"bot parameter {quote(key)} is given twice in {quote(spec)}")
        params[key] = value.strip()
    return name.strip(), params


def format_bot_spec(name: str, params: Mapping[str, str]) -> str:
    """``name:key=value,...`` from a name and its parameters, in their order (the inverse of
    :func:`parse_bot_spec`); the name alone when there are none."""
    return name + (":" + ",".join(f"{key}={value}" for key, value in params.items()) if params else "")


def _same_text(value: str) -> str:
    """A parameter value written one way for comparison: ``1``, ``1.0`` and ``1.00`` are the same number."""
    try:
        return repr(float(value))
    except ValueError:
        return value.strip()


def canonical_spec(game_id: str, spec: str) -> str:
    """``spec`` with its defaults filled in, parameters sorted: the key of :data:`BOT_COSTS`.

    Two specs that build the same bot have the same canonical spec (``heuristic`` and
    ``heuristic:depth=1`` for Ninjitsu!; a level and the spec it stands for; ``ismcts`` and
    ``ismcts:iterations=1000``, through the bot class's ``normalise_params``). An unknown bot name
    raises :class:`OptionError`.
    """
    mapped = level_of(game_id, spec)
    if mapped is not None:
        return canonical_spec(game_id, mapped)
    name, params = parse_bot_spec(spec)
    factory = available_bots(game_id).get(name)
    if factory is None:
        raise OptionError(f"unknown bot {quote(name)} for {game_id}; {_known_bots(game_id)}")
    given = {**bot_defaults(factory), **params}
    normalise = getattr(factory, "normalise_params", None)
    if callable(normalise):
        # A bot whose defaults depend on each other says which settings are the same bot.
        given = normalise(given)
    values = {key: _same_text(value) for key, value in given.items()}
    return format_bot_spec(name, {key: values[key] for key in sorted(values)})


def bot_identity(game_id: str, spec: str) -> str:
    """What ``spec`` builds, as a text two specs share exactly when they build the same bot: the canonical
    spec (:func:`canonical_spec`), under the name of the bot it is another spelling of where its factory says
    so (``same_bot_as``: Ninja Trap's ``forgetful`` is its ``heuristic`` with another default for
    ``forget``, so ``forgetful:forget=0`` is ``heuristic`` and ``heuristic:forget=0.3`` is ``forgetful``)."""
    form = canonical_spec(game_id, spec)
    name, params = parse_bot_spec(form)
    alias = getattr(available_bots(game_id)[name], "same_bot_as", None)
    return format_bot_spec(alias, params) if isinstance(alias, str) else form


def _cost_rows(game_id: str, spec: str) -> tuple[BotCost, ...]:
    """The measured costs of ``spec`` (a level: of the spec it stands for) by player count; empty if unknown.

    ``ismcts`` at an iteration budget not measured costs the measured ``ismcts`` with the same other
    parameters scaled by the budget: its time is the search's, and the search's time grows as its
    iterations do (a ``seconds`` cap only cuts a slow search short, so it is left out).
    """
    table = BOT_COSTS.get(game_id, {})
    wanted = canonical_spec(game_id, spec)
    for key, costs in table.items():
        if canonical_spec(game_id, key) == wanted and costs:
            return costs
    name, params = parse_bot_spec(level_of(game_id, spec) or spec)
    budget = params.pop("iterations", None)
    params.pop("seconds", None)
    if name != IsmctsBot.name or budget is None or not budget.strip().isdigit():
        return ()
    params["iterations"] = str(DEFAULT_ITERATIONS)
    measured_at = canonical_spec(game_id, format_bot_spec(name, params))
    for key, costs in table.items():
        if costs and canonical_spec(game_id, key) == measured_at:
            ratio = int(budget) / DEFAULT_ITERATIONS
            return tuple(BotCost(cost.players, round(cost.ms_per_decision * ratio, 3),
                                 round(cost.seconds_per_game * ratio, 4)) for cost in costs)
    return ()


def bot_cost(game_id: str, spec: str, players: int) -> BotCost | None:
    """The measured cost of ``spec`` at ``players`` players (the nearest player count measured), or None."""
    costs = _cost_rows(game_id, spec)
    if not costs:
        return None
    return min(costs, key=lambda cost: (abs(cost.players - players), -cost.players))


def describe_bots(game_id: str) -> list[BotInfo]:
    """Every bot of a game, by name: summary, parameters with defaults, and the measured costs.

    The costs of the bot with its defaults come first, under its bare name.
    """
    infos: list[BotInfo] = []
    table = BOT_COSTS.get(game_id, {})
    # Bots by name, then the levels from the weakest up.
    order = {level: number for number, level in enumerate(LEVELS, start=1)}
    for name, factory in sorted(available_bots(game_id).items(), key=lambda item: (order.get(item[0], 0), item[0])):
        if isinstance(factory, LevelFactory):
            rows = _cost_rows(game_id, factory.spec)
            infos.append(BotInfo(name, bot_summary(factory), {}, {name: rows} if rows else {}))
            continue
        plain = canonical_spec(game_id, name)
        costs: dict[str, tuple[BotCost, ...]] = {}
        for spec, rows in sorted(table.items(), key=lambda item: canonical_spec(game_id, item[0]) != plain):
            if parse_bot_spec(spec)[0] == name:
                costs[name if canonical_spec(game_id, spec) == plain else spec] = rows
        infos.append(BotInfo(name, bot_summary(factory), bot_defaults(factory), costs))
    return infos


def _known_bots(game_id: str) -> str:
    """The bots and levels of a game, as an error message lists them."""
    bots = [name for name in sorted(available_bots(game_id)) if name not in LEVELS]
    return f"bots: {', '.join(bots)}; levels: {', '.join(LEVELS)}"


def make_bot(spec: str, game_id: str, seed: int = 0) -> Bot:
    """A bot from its spec (or a level) for a game. Raises :class:`OptionError` naming the bots there are, or
    :class:`~ninjadojo.engine.errors.UnknownGameError` naming the games."""
    bots = available_bots(game_id)  # (first: "random" or "easy" for an unknown game is refused too)
    mapped = level_of(game_id, spec)
    if mapped is not None:
        return make_bot(mapped, game_id, seed)
    name, params = parse_bot_spec(spec)
    factory = bots.get(name)
    if factory is None:
        raise OptionError(f"unknown bot {quote(name)} for {game_id}; {_known_bots(game_id)}")
    if "seed" in params:
        # (Else Python's "got multiple values for keyword argument 'seed'".)
        raise OptionError(f"bad parameters for bot {quote(name)} in {quote(spec)}: seed is not a bot's parameter; "
                          "every bot is seeded from the game's seed (give the run's --seed)")
    if params:
        # Checked here, by name, for every bot alike: a factory that does not pass ``**params`` on would
        # otherwise answer with Python's "make() got an unexpected keyword argument 'x'".
        known = bot_defaults(factory)
        unknown = [key for key in params if key not in known]
        if unknown:
            takes = f"its parameters: {', '.join(known)}" if known else "it takes none"
            raise OptionError(f"bad parameters for bot {quote(name)} in {quote(spec)}: unknown parameter"
                              f"{'s' if len(unknown) > 1 else ''} {', '.join(map(quote, unknown))} ({takes})")
    try:
        return factory(seed=seed, **params)
    except OptionError as error:
        if name in str(error):
            raise
        raise OptionError(f"bad parameters for bot {quote(name)} in {quote(spec)}: {error}") from None
    except (TypeError, ValueError) as error:
        raise OptionError(f"bad parameters for bot {quote(name)} in {quote(spec)}: {error}") from None

